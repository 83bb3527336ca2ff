"""The console's duel panel: the question that comes next (skip it, or replace it from the reserve),
the press queue in order with margins («1. Красный (Бета)  2. Зелёный (Альфа) +0,041 с»; two columns and
«… ещё N» when long), the eight tables (in a choice, the opponents who may leave are the buttons; after
«Дисквалификация…», every player in the game), re-reading, ending early, the hint, disqualifying.

Buttons are calls of the duel's actions (formats/duel/spec.py): duel_choose(P), duel_skip, duel_replace,
duel_reread, duel_end_early (confirmed by a second press), duel_hint (the console takes the hint's text;
Enter gives it), duel_hint_off, duel_disqualify(team, player). Drawn with the console's widgets only
(display/console/ui.py).
"""

from __future__ import annotations

import math

import pygame

from quizshow.core.actions import Call
from quizshow.display.console.style import BAD, GOLD, GOOD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.display.duel.common import table_colour
from quizshow.display.views import PanelKeys
from quizshow.formats.duel.format import DuelFormat
from quizshow.formats.duel.model import COLOURS, TABLES, DuelState, Phase
from quizshow.formats.duel.spec import SPEC
from quizshow.inputs.keymap import digit_key


def duel_format(ui: PanelUI) -> DuelFormat:
    return SPEC.format_of(ui.format)


def _duel(ui: PanelUI) -> DuelState:
    return SPEC.state_of(ui.state)


def _say_colour(ui: PanelUI, player: int) -> str:
    return ui.say(f"scene.duel_colour_{COLOURS[player]}")


def upcoming_words(ui: PanelUI) -> str:
    state, fmt = ui.state, duel_format(ui)
    if state.phase == Phase.RESULT:  # the bout is over: Next starts the next sheet, not this one's slot
        first = fmt.next_bout_first(state)
        if first is None:
            return ui.say("console.duel_no_sheet")
        theme, name = first
        nxt = _duel(ui).bout.number + 2  # bouts are counted from 0; this names the next one
        return ui.say("console.duel_bout_slot", n=nxt, theme=theme + 1, name=name)
    kind, index = fmt.upcoming(state)
    where = fmt.theme_of(state, (kind, index))
    if where is not None:
        theme, row, name = where
        return ui.say("console.duel_slot", theme=theme + 1, name=name, row=row + 1)
    if kind == "reserve":
        return ui.say("console.duel_reserve_slot", n=index + 1)
    return ui.say("console.duel_host_slot")


DISQUALIFY = "panel.duel_disqualify"  # the console's own switch (Console.click keeps it in the panel's memory)


def _token(duel: DuelState) -> int:
    """Which moment picking was armed for: a disqualification (or any player leaving, a new bout) ends it."""
    return 1 + duel.bout.number * 100 + len(duel.bout.out)


def disqualify_armed(ui: PanelUI) -> bool:
    """«Дисквалификация…» pressed and nobody has left since: the tables are the disqualify buttons."""
    armed = ui.memory.get(DISQUALIFY, 0) == _token(_duel(ui)) and ui.state.phase not in (
        Phase.RESULT, Phase.CHOOSING)
    if not armed:
        ui.memory.pop(DISQUALIFY, None)
    return armed


DISQUALIFY_KEY = pygame.K_d


def key(view: PanelKeys, key: int, mod: int, at: float) -> bool:
    """The panel's keys: D arms disqualifying (again, or Esc: drops it); while armed, 1–4 disqualify the
    first team's green … blue, 5–8 the second team's. False: the key map takes the key."""
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return False
    duel = SPEC.state_or_none(view.state)
    if duel is None:  # another format's show: its keys are not the panel's
        return False
    if SPEC.phase_of(view.state) in (Phase.RESULT, Phase.CHOOSING):
        if key != DISQUALIFY_KEY:
            return False
        view.call(Call("duel_disqualify", (0, 0)))  # refused with the real reason: the bout is over, a choice
        return True
    armed = view.memory.get(DISQUALIFY, 0) == _token(duel)
    if key == DISQUALIFY_KEY:
        view.memory[DISQUALIFY] = 0 if armed else _token(duel)
        return True
    if not armed:
        return False
    if key == pygame.K_ESCAPE:
        view.memory[DISQUALIFY] = 0
        return True
    digit = digit_key(key)
    if digit is not None and 1 <= int(digit) <= len(TABLES) * len(COLOURS):
        team, player = divmod(int(digit) - 1, len(COLOURS))
        view.call(Call("duel_disqualify", (team, player)))  # a refusal is said on the console
        return True
    return False


def draw(ui: PanelUI, box: pygame.Rect) -> bool:
    state, fmt, unit = ui.state, duel_format(ui), ui.unit
    inner = ui.titled_panel(box, "console.duel")
    row_h = int(unit * 1.9)
    # The next question, and skip / replace.
    half = inner.width // 2
    ui.label(ui.say("console.duel_next", what=upcoming_words(ui)), (inner.x, inner.y + unit // 4),
             (half + unit * 3, row_h))
    buttons_w = inner.width - half - unit * 4
    for i, (key, action) in enumerate((("console.duel_skip", "duel_skip"), ("console.duel_replace", "duel_replace"))):
        w = buttons_w // 2 - 4
        rect = pygame.Rect(inner.x + half + unit * 4 + i * (w + 8), inner.y, w, row_h - 4)
        ui.button(rect, ui.say(key), action)
    y = inner.y + row_h + unit // 3
    # The tables: two rows of four; in a choice the opponent's candidates are the buttons; while
    # «Дисквалификация…» is armed, every player still in the game is one (seed 002, 7.8).
    duel = _duel(ui)
    asking = duel.asking
    chooser = asking.chooser if asking is not None and state.phase == Phase.CHOOSING else None
    pool = fmt.choice_pool(state, 1 - chooser[0]) if chooser else []
    asked = fmt.asked_now(state)
    picking = disqualify_armed(ui)
    cell_w = (inner.width - unit * 5) // 4
    for team in TABLES:
        name = ui.fitted(state.teams[team].name, "heading", (unit * 5 - 8, row_h), TEXT, unit)
        ui.surface.blit(name, (inner.x, y + (row_h - name.get_height()) // 2))
        for p in range(len(COLOURS)):
            seat = (team, p)
            rect = pygame.Rect(inner.x + unit * 5 + p * cell_w, y, cell_w - 6, row_h - 4)
            out = not duel.bout.in_game(seat)
            candidate = chooser is not None and team != chooser[0] and p in pool
            label = fmt.player_name(state, seat) or _say_colour(ui, p)
            lit = candidate or (asked is not None and (asked.team, asked.player) == seat) or seat == chooser
            if picking and not out:
                ui.button(rect, label, "duel_disqualify", team, p, mark=BAD)
                pygame.draw.rect(ui.surface, BAD, rect, width=2, border_radius=6)
            elif candidate:
                ui.button(rect, label, "duel_choose", p, dim=out, lit=lit, mark=table_colour(ui.theme, p))
            else:  # a disqualified player's bar is red (the queue says «дисквалифицирован»)
                mark = BAD if seat in duel.bout.disqualified else table_colour(ui.theme, p)
                ui.button(rect, label, "noop", dim=out, lit=lit, mark=mark)
        y += row_h
    if picking:
        ui.label(ui.say("console.duel_disqualify_pick", a=state.teams[TABLES[0]].name, b=state.teams[TABLES[1]].name),
                 (inner.x, y + 2), (inner.width, unit), BAD, role="heading")
        y += int(unit * 1.3)
    if chooser is not None:
        who = fmt.player_name(state, chooser)
        line = f"{ui.say('console.duel_choose')}  {ui.say('scene.duel_choice', name=who)}"
        ui.label(line, (inner.x, y + 2), (inner.width, unit), GOLD, role="heading")
        y += int(unit * 1.3)
    # The queue, in the order of the presses' own times: in two columns when one is too short, and
    # «… ещё N» for what does not fit even so (never a press left out without a word).
    y += unit // 3
    entries = fmt.queue(state)
    actions_h = row_h
    room = inner.bottom - actions_h - unit // 2 - y
    line_h = int(unit * 1.45)
    rows = max(1, room // line_h)
    columns = 2 if len(entries) > rows else 1
    shown = entries if len(entries) <= rows * columns else entries[: rows * columns - 1]
    col_w = inner.width // columns
    if not entries:
        ui.label(ui.say("console.no_presses"), (inner.x, y), (inner.width, unit), MUTED)
    for i, entry in enumerate(shown):
        x, top = inner.x + (i // rows) * col_w, y + (i % rows) * line_h
        team, player = entry.seat
        ui.dot((x + unit // 2, top + unit // 2), table_colour(ui.theme, player))
        standing = ui.say(f"scene.duel_{entry.status}").lower()
        color = GOLD if entry.status == "answering" else BAD if entry.status in ("wrong", "dq") else \
            GOOD if entry.status == "correct" else MUTED if entry.status in ("out", "unasked") else TEXT
        margin = ui.words.duration(entry.margin, signed=True)  # as the scene writes it («+41,0 мс»)
        # Two spaces after the number: the font's space after a full stop is a hair («1.Зелёный»).
        line = f"{i + 1}.  {_say_colour(ui, player)} ({state.teams[team].name})  " \
               f"{fmt.player_name(state, entry.seat)}   {margin}   — {standing}"
        ui.label(line, (x + unit, top - unit // 5), (col_w - unit * 2, int(unit * 1.4)), color)
    if len(shown) < len(entries):
        i = len(shown)
        ui.label(ui.say("console.duel_more", n=len(entries) - len(shown)),
                 (inner.x + (i // rows) * col_w + unit, y + (i % rows) * line_h - unit // 5),
                 (col_w - unit * 2, int(unit * 1.4)), GOLD)
    # The host's steps on the question.
    left = fmt.thinking_left(state, ui.now)
    steps = [("console.duel_reread", "duel_reread"), ("console.duel_end_early", "duel_end_early")]
    steps.append(("console.duel_hint_off", "duel_hint_off") if asking is not None and asking.hint_shown
                 else ("console.duel_hint", "duel_hint"))
    steps.append(("console.duel_disqualify_cancel", DISQUALIFY) if picking else
                 ("console.duel_disqualify", DISQUALIFY))
    if state.phase == Phase.RESULT:  # the bout is over: none of the question's steps applies (Next goes on)
        steps = []
    open_question = state.phase in (Phase.READING, Phase.THINKING, Phase.ANSWERING)
    # Whole seconds rounded up, as the header's clock and the projector's bar count them.
    think = ui.say("console.duel_think", s=math.ceil(left)) if left is not None and open_question else ""
    clock = ui.fitted(think, "numbers", (unit * 7, actions_h), GOLD if left else MUTED, unit)
    ui.surface.blit(clock, (inner.x, inner.bottom - actions_h + (actions_h - clock.get_height()) // 2))
    w = (inner.width - unit * 7) // max(1, len(steps)) - 6
    for i, (key, action) in enumerate(steps):
        rect = pygame.Rect(inner.x + unit * 7 + i * (w + 6), inner.bottom - actions_h, w, actions_h - 4)
        if action == DISQUALIFY:  # the panel's own switch: arms (or drops) picking the player
            ui.button(rect, ui.say(key), action, 0 if picking else _token(duel), mark=BAD, lit=picking)
        else:
            ui.button(rect, ui.say(key), action)
    return True
