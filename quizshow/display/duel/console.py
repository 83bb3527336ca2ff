"""The console's duel panel: the question that comes next (skip it, or replace it from the reserve),
the press queue in order with margins («1. Красный (Бета)  2. Зелёный (Альфа) +0,041 с»), the eight
tables (in a choice, the opponents who may leave are the buttons), re-reading, ending early, the hint.

Buttons return action names; `command_for` turns them into the duel's commands (`duel_choose:P`,
`duel_skip`, `duel_replace`, `duel_reread`, `duel_end_early` (confirmed by a second press),
`duel_hint_off`; `duel_hint` starts typing a hint on the console).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from quizshow.core import commands as c
from quizshow.display.console_style import BAD, GOLD, GOOD, MUTED, TEXT
from quizshow.display.duel.scene import margin_words, table_colour
from quizshow.formats.duel import commands as dc
from quizshow.formats.duel.format import DuelFormat
from quizshow.formats.duel.model import COLOURS, HINT_MAX, TABLES, Phase

if TYPE_CHECKING:
    from quizshow.display.console import Console, ConsoleStatus

CONFIRM = {"duel_end_early"}  # destructive: the app asks for a second press
TYPING = {"duel_hint": "duel_hint_text"}  # these start typing a text on the console; Enter gives it here
TYPED_MAX = HINT_MAX


def command_for(name: str, at: float, typed: str = "") -> c.Command | None:
    """A duel console action → its command (None: not a duel action)."""
    kind, _, arg = name.partition(":")
    simple = {"duel_skip": dc.DuelSkip, "duel_replace": dc.DuelReplace, "duel_reread": dc.DuelReread,
              "duel_end_early": dc.DuelEndEarly}
    if kind in simple:
        return simple[kind](at=at)
    if kind == "duel_choose":
        return dc.DuelChoose(at=at, player=int(arg))
    if kind == "duel_hint_off":
        return dc.DuelHint(at=at, text="", show=False)
    if kind == "duel_hint_text":
        return dc.DuelHint(at=at, text=typed, show=True)
    return None


def duel_format(con: Console) -> DuelFormat:
    return cast(DuelFormat, con.engine.format)  # the panel is the duel's only


def _say_colour(con: Console, player: int) -> str:
    return con.say(f"scene.duel_colour_{COLOURS[player]}")


def upcoming_words(con: Console) -> str:
    state, fmt = con.engine.state, duel_format(con)
    kind, index = fmt.upcoming(state)
    where = fmt.theme_of(state, (kind, index))
    if where is not None:
        theme, row, name = where
        return con.say("console.duel_slot", theme=theme + 1, name=name, row=row + 1)
    if kind == "reserve":
        return con.say("console.duel_reserve_slot", n=index + 1)
    return con.say("console.duel_host_slot")


def draw(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int, status: ConsoleStatus) -> bool:
    state, fmt = con.engine.state, duel_format(con)
    inner = con._titled_panel(surface, box, "console.duel", unit)
    row_h = int(unit * 1.9)
    # The next question, and skip / replace.
    half = inner.width // 2
    text = con.say("console.duel_next", what=upcoming_words(con))
    surface.blit(con._fit(text, "body", (half + unit * 3, row_h), TEXT, unit), (inner.x, inner.y + unit // 4))
    buttons_w = inner.width - half - unit * 4
    for i, (key, action) in enumerate((("console.duel_skip", "duel_skip"), ("console.duel_replace", "duel_replace"))):
        w = buttons_w // 2 - 4
        rect = pygame.Rect(inner.x + half + unit * 4 + i * (w + 8), inner.y, w, row_h - 4)
        con._button(surface, rect, con.say(key), action, unit)
    y = inner.y + row_h + unit // 3
    # The tables: two rows of four; in a choice the opponent's candidates are the buttons.
    asking = state.fmt.asking
    chooser = asking.chooser if asking is not None and state.phase == Phase.CHOOSING.value else None
    pool = fmt.choice_pool(state, 1 - chooser[0]) if chooser else []
    cell_w = (inner.width - unit * 5) // 4
    for team in TABLES:
        name = con._fit(state.teams[team].name, "heading", (unit * 5 - 8, row_h), TEXT, unit)
        surface.blit(name, (inner.x, y + (row_h - name.get_height()) // 2))
        for p in range(len(COLOURS)):
            seat = (team, p)
            rect = pygame.Rect(inner.x + unit * 5 + p * cell_w, y, cell_w - 6, row_h - 4)
            out = not state.fmt.bout.in_game(seat)
            candidate = chooser is not None and team != chooser[0] and p in pool
            label = fmt.player_name(state, seat) or _say_colour(con, p)
            action = f"duel_choose:{p}" if candidate else "noop"
            asked = fmt.asked_now(state)
            lit = candidate or (asked is not None and (asked.team, asked.player) == seat) or seat == chooser
            con._button(surface, rect, label, action, unit, dim=out, lit=lit, mark=table_colour(p))
        y += row_h
    if chooser is not None:
        who = fmt.player_name(state, chooser)
        line = f"{con.say('console.duel_choose')}  {con.say('scene.duel_choice', name=who)}"
        surface.blit(con._fit(line, "heading", (inner.width, unit), GOLD, unit), (inner.x, y + 2))
        y += int(unit * 1.3)
    # The queue, in the order of the presses' own times.
    y += unit // 3
    entries = fmt.queue(state)
    actions_h = row_h
    room = inner.bottom - actions_h - unit // 2 - y
    line_h = int(unit * 1.45)
    if not entries:
        surface.blit(con._fit(con.say("console.no_presses"), "body", (inner.width, unit), MUTED, unit), (inner.x, y))
    for i, entry in enumerate(entries[: max(1, room // line_h)]):
        team, player = entry.seat
        pygame.draw.circle(surface, table_colour(player), (inner.x + unit // 2, y + unit // 2), unit // 3)
        standing = con.say(f"scene.duel_{entry.status}")
        color = GOLD if entry.status == "answering" else BAD if entry.status == "wrong" else \
            GOOD if entry.status == "correct" else MUTED if entry.status in ("out", "unasked") else TEXT
        margin = margin_words(entry.margin, con.language)
        line = f"{i + 1}. {_say_colour(con, player)} ({state.teams[team].name})  " \
               f"{fmt.player_name(state, entry.seat)}   {margin}   — {standing}"
        surface.blit(con._fit(line, "body", (inner.width - unit * 2, int(unit * 1.4)), color, unit),
                     (inner.x + unit, y - unit // 5))
        y += line_h
    # The host's steps on the question.
    left = fmt.thinking_left(state, con.clock_now() if con.clock_now else 0.0)
    steps = [("console.duel_reread", "duel_reread"), ("console.duel_end_early", "duel_end_early")]
    steps.append(("console.duel_hint_off", "duel_hint_off") if asking is not None and asking.hint_shown
                 else ("console.duel_hint", "duel_hint"))
    think = con.say("console.duel_think", s=f"{left:.0f}") if left is not None else ""
    clock = con._fit(think, "numbers", (unit * 7, actions_h), GOLD if left else MUTED, unit)
    surface.blit(clock, (inner.x, inner.bottom - actions_h + (actions_h - clock.get_height()) // 2))
    w = (inner.width - unit * 7) // len(steps) - 6
    for i, (key, action) in enumerate(steps):
        rect = pygame.Rect(inner.x + unit * 7 + i * (w + 6), inner.bottom - actions_h, w, actions_h - 4)
        con._button(surface, rect, con.say(key), action, unit)
    if status.typing is not None:
        typed = f"{con.say('scene.duel_hint')}: {status.typing}▏"
        surface.blit(con._fit(typed, "body", (inner.width, unit), GOLD, unit),
                     (inner.x, inner.bottom - actions_h - int(unit * 1.2)))
    return True
