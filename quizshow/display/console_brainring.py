"""The console's «Брейн-ринг» panel: each table's roster (who answers; the one-player rule), its
discipline counters, the dispute buttons, and the «Команда за столом» tally of the other teams.

Buttons return action names the app turns into commands (`answerer:T:P`, `single:T:P`, `disc:T:WHAT`,
`passright:T`, `ruling:0|1`, `provisional`, `withdraw`, `tally:T`; `disc:T:stall` is «Затяжка»).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from quizshow.display import console_rules
from quizshow.display.console_style import GOLD, MUTED, TEXT
from quizshow.formats.brainring.model import TABLES

if TYPE_CHECKING:
    from quizshow.display.console import Console, ConsoleStatus

DISCIPLINE = (("captain_question", "captain_questions"), ("repeat", "repeats"), ("appeal_accepted", None),
              ("appeal_rejected", None), ("audience_hint", None), ("penalty", "penalties_to_remove"))


def draw(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int, status: ConsoleStatus) -> bool:
    state = con.engine.state
    if state.phase == "title":
        return console_rules.draw_size_problems(con, surface, box, unit)
    if state.phase == "result":
        return False
    inner = con._titled_panel(surface, box, "console.brainring", unit)
    column_w = (inner.width - unit) // 2
    for team in TABLES:
        column = pygame.Rect(inner.x + team * (column_w + unit), inner.y, column_w, inner.height - unit * 5)
        _team_column(con, surface, column, team, unit)
    _disputes(con, surface, pygame.Rect(inner.x, inner.bottom - unit * 5, inner.width, unit * 2), unit)
    _tally(con, surface, pygame.Rect(inner.x, inner.bottom - unit * 2 - 4, inner.width, unit * 2), unit)
    return True


def _team_column(con: Console, surface: pygame.Surface, box: pygame.Rect, team: int, unit: int) -> None:
    state, fmt = con.engine.state, con.engine.format
    ring = state.fmt
    color = con.theme.team_color(team, state.teams[team].color)
    pygame.draw.circle(surface, color, (box.x + unit // 2, box.y + unit // 2), unit // 3)
    title = state.teams[team].name
    if state.answering == team:
        title += "  « " + con.say("scene.answering").lower()
    surface.blit(con._fit(title, "heading", (box.width - unit, unit), GOLD if state.answering == team else TEXT,
                          unit), (box.x + unit, box.y))
    players = state.teams[team].players
    at_table = set(ring.at_table(team, fmt.players(state, team)))
    alone = ring.single_of(team)
    answering = state.phase == "answering" and state.answering == team
    choosing_single = state.phase in ("ready", "attention") and fmt.rules["single_player_rule"]
    hint = "console.who_answers" if answering else "console.leave_one" if choosing_single else "console.roster"
    surface.blit(con._fit(con.say(hint), "body", (box.width, unit), MUTED, int(unit * 0.75)),
                 (box.x, box.y + int(unit * 1.2)))
    y = box.y + int(unit * 2.3)
    row_h = min(int(unit * 1.8), max(unit, (box.height - unit * 8) // max(1, len(players))))
    for p, name in enumerate(players):
        rect = pygame.Rect(box.x, y + p * row_h, box.width, row_h - 3)
        away = p not in at_table
        label = name + (f"  ({con.say('console.away')})" if away else "")
        if answering:
            action = f"answerer:{team}:{p}"
        elif choosing_single:
            action = f"single:{team}:{-1 if alone == p else p}"
        else:
            action = "noop"
        lit = (ring.answerer == (team, p)) if answering else alone == p
        con._button(surface, rect, label, action, unit, dim=away, lit=lit)
    y += len(players) * row_h + unit // 3
    record = ring.record(team)
    rules = fmt.rules
    cell_w = (box.width - 8) // 3
    for i, (what, limit) in enumerate(DISCIPLINE):
        used = {"captain_question": record.captain_questions, "repeat": record.repeats,
                "appeal_accepted": record.appeals, "appeal_rejected": record.appeals,
                "audience_hint": record.hints, "penalty": record.penalties}[what]
        total = int(rules[limit]) if limit else int(rules["appeals"]) + record.extra_appeals \
            if what.startswith("appeal") else None
        label = con.say(f"console.disc_{what}") + (f" {used}/{total}" if total is not None else f" {used}")
        rect = pygame.Rect(box.x + (i % 3) * (cell_w + 4), y + (i // 3) * int(unit * 2.1), cell_w, unit * 2)
        con._button(surface, rect, label, f"disc:{team}:{what}", unit, dim=what.startswith("appeal")
                    and record.appeals_lost)


def _disputes(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
    state = con.engine.state
    ring = state.fmt
    buttons = [(con.say("console.provisional"), "provisional")]
    if ring.provisional is not None:
        name = state.teams[ring.provisional].name
        buttons += [(con.say("console.ruling_correct", name=name), "ruling:1"),
                    (con.say("console.ruling_wrong", name=name), "ruling:0")]
    if state.phase == "answering" and ring.single_of(state.answering) is not None:
        buttons.append((con.say("console.pass_right"), f"passright:{state.answering}"))
    buttons.append((con.say("console.withdraw"), "withdraw"))
    answering = state.phase == "answering" and state.answering is not None
    count = len(buttons) + (2 if answering else 0)  # «Затяжка» with its countdown takes two places
    width = (box.width - (count - 1) * 6) // count
    for i, (label, action) in enumerate(buttons):
        con._button(surface, pygame.Rect(box.x + i * (width + 6), box.y, width, box.height), label, action, unit)
    if answering:
        x = box.x + len(buttons) * (width + 6)
        console_rules.draw_call(con, surface, pygame.Rect(x, box.y, box.right - x, box.height), unit,
                                state.answering, ring.call)


def _tally(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
    """«Команда за столом»: a button per team away from the tables, with its total so far."""
    state = con.engine.state
    others = [i for i in range(len(state.teams)) if i not in TABLES]
    label = con._fit(con.say("console.tally"), "heading", (unit * 9, box.height), MUTED, int(unit * 0.75))
    surface.blit(label, (box.x, box.y + unit // 2))
    if not others:
        return
    totals = {team: sum(1 for _, t in state.fmt.tally if t == team) for team in others}
    width = min(unit * 10, (box.width - unit * 9) // len(others))
    for i, team in enumerate(others):
        rect = pygame.Rect(box.x + unit * 9 + i * (width + 6), box.y, width, box.height)
        con._button(surface, rect, f"{state.teams[team].name}: {totals[team]}", f"tally:{team}", unit)
