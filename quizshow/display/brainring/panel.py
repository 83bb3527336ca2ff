"""The console's «Брейн-ринг» panel: each table's roster (who answers; the one-player rule), its
discipline counters, the dispute buttons, and the «Команда за столом» tally of the other teams.

Buttons are calls of the format's actions (formats/brainring/spec.py): answerer(T, P), single(T, P|None),
disc(T, WHAT), passright(T), ruling(bool), provisional, withdraw, tally(T); disc(T, "stall") is
«Затяжка». Drawn with the console's widgets only (display/console/ui.py).
"""

from __future__ import annotations

import pygame

from quizshow.core.actions import Value
from quizshow.display.console import rules as console_rules
from quizshow.display.console.style import GOLD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.formats.brainring.model import TABLES, Phase, Ring
from quizshow.formats.brainring.spec import SPEC

DISCIPLINE = ("captain_question", "repeat", "appeal_accepted", "appeal_rejected", "audience_hint", "penalty")


def _ring(ui: PanelUI) -> Ring:
    return SPEC.state_of(ui.state)


def draw(ui: PanelUI, box: pygame.Rect) -> bool:
    unit, phase = ui.unit, SPEC.phase_of(ui.state)
    if phase is Phase.TITLE:
        return console_rules.draw_size_problems(ui, box)
    if phase is Phase.RESULT:
        return False
    inner = ui.titled_panel(box, "console.brainring")
    column_w = (inner.width - unit) // 2
    for team in TABLES:
        column = pygame.Rect(inner.x + team * (column_w + unit), inner.y, column_w, inner.height - unit * 5)
        _team_column(ui, column, team)
    _disputes(ui, pygame.Rect(inner.x, inner.bottom - unit * 5, inner.width, unit * 2))
    _tally(ui, pygame.Rect(inner.x, inner.bottom - unit * 2 - 4, inner.width, unit * 2))
    return True


def _team_column(ui: PanelUI, box: pygame.Rect, team: int) -> None:
    state, unit, ring, phase = ui.state, ui.unit, _ring(ui), SPEC.phase_of(ui.state)
    fmt = SPEC.format_of(ui.format)
    ui.dot((box.x + unit // 2, box.y + unit // 2), ui.team_color(team))
    title = state.teams[team].name
    if state.answering == team:
        title += " — " + ui.say("scene.answering").lower()
    appeals = fmt.discipline_limit(state, team, "appeal_accepted")
    if appeals is not None:  # the appeals' one budget, said once for both of its buttons
        title += " · " + ui.say("console.disc_appeals_used", n=ring.record(team).appeals, of=appeals)
    ui.label(title, (box.x + unit, box.y), (box.width - unit, unit), GOLD if state.answering == team else TEXT,
             role="heading")
    players = state.teams[team].players
    at_table = set(ring.at_table(team, fmt.players(state, team)))
    alone = ring.single_of(team)
    answering = phase is Phase.ANSWERING and state.answering == team
    choosing_single = phase in (Phase.READY, Phase.ATTENTION) and fmt.rules["single_player_rule"]
    hint = "console.who_answers" if answering else "console.leave_one" if choosing_single else "console.roster"
    if _may_take_over(ui, team):  # the one-player rule (seed 004 §6.13): the host may be asked for it
        ui.label(ui.say("console.lone_may_take_over", team=state.teams[team].name),
                 (box.x, box.y + int(unit * 1.2)), (box.width, unit), GOLD, int(unit * 0.75))
    else:
        ui.label(ui.say(hint), (box.x, box.y + int(unit * 1.2)), (box.width, unit), MUTED, int(unit * 0.75))
    y = box.y + int(unit * 2.3)
    # The roster in one column while each name gets a readable row, else in two (never a smaller font).
    room = box.height - int(unit * 2.3) - int(unit * 4.6)
    columns = 1 if room // max(1, len(players)) >= int(unit * 1.4) else 2
    rows = -(-len(players) // columns)
    row_h = min(int(unit * 1.8), max(int(unit * 1.3), room // max(1, rows)))
    col_w = (box.width - 4 * (columns - 1)) // columns
    for p, name in enumerate(players):
        rect = pygame.Rect(box.x + (p % columns) * (col_w + 4), y + (p // columns) * row_h, col_w, row_h - 3)
        away = p not in at_table
        label = name + (f"  ({ui.say('console.away')})" if away else "")
        call: tuple[str, tuple[Value, ...]]
        if answering:
            call = ("answerer", (team, p))
        elif choosing_single:
            call = ("single", (team, None if alone == p else p))  # a second click makes the team whole again
        else:
            call = ("noop", ())
        lit = (ring.answerer == (team, p)) if answering else alone == p
        ui.button(rect, label, call[0], *call[1], dim=away, lit=lit)
    y += rows * row_h + unit // 3
    record = ring.record(team)
    cells = ui.grid(pygame.Rect(box.x, y, box.width, unit * 2), len(DISCIPLINE), columns=3, gap=4,
                    row_h=unit * 2)
    for i, (what, rect) in enumerate(zip(DISCIPLINE, cells, strict=True)):
        used = {"captain_question": record.captain_questions, "repeat": record.repeats,
                "appeal_accepted": record.appeals, "appeal_rejected": record.appeals,
                "audience_hint": record.hints, "penalty": record.penalties}[what]
        total = fmt.discipline_limit(state, team, what)  # the format's own limits, not worked out again
        if what.startswith("appeal") and total is not None:  # one budget for both kinds: counted once, on the
            label = ui.say(f"console.disc_{what}")            # team's line («Альфа · апелляций 1 из 2»)
        else:
            label = ui.say(f"console.disc_{what}") + (f" {used}/{total}" if total is not None else f" {used}")
        rect.y = y + (i // 3) * int(unit * 2.1)
        ui.button(rect, label, "disc", team, what, dim=what.startswith("appeal") and record.appeals_lost)


def _may_take_over(ui: PanelUI, team: int) -> bool:
    """A lone player who has not pressed while the rival (a full team) answers: a press of theirs now
    takes the answer over."""
    state, ring = ui.state, _ring(ui)
    rival = state.answering
    return SPEC.phase_of(state) is Phase.ANSWERING and rival is not None and rival != team \
        and ring.single_of(team) is not None and ring.single_of(rival) is None and team not in ring.passed \
        and team not in state.locked and not state.presses.pressed(team)


def _disputes(ui: PanelUI, box: pygame.Rect) -> None:
    state, ring, phase = ui.state, _ring(ui), SPEC.phase_of(ui.state)
    buttons: list[tuple[str, str, tuple[Value, ...]]] = []
    if phase in (Phase.ATTENTION, Phase.CLOCK, Phase.ANSWERING):  # a question live: not once its answer is shown
        buttons.append((ui.say("console.provisional"), "provisional", ()))
    if ring.provisional is not None:
        name = state.teams[ring.provisional].name
        buttons += [(ui.say("console.ruling_correct", name=name), "ruling", (True,)),
                    (ui.say("console.ruling_wrong", name=name), "ruling", (False,))]
    if phase is Phase.ANSWERING and state.answering is not None and ring.single_of(state.answering) is not None:
        buttons.append((ui.say("console.pass_right"), "passright", (state.answering,)))
    buttons.append((ui.say("console.withdraw"), "withdraw", ()))
    answering = state.answering if phase is Phase.ANSWERING else None
    labels = [label for label, _, _ in buttons]
    if answering is not None:  # «Затяжка» with its countdown, by its longest text: it never moves as it counts
        labels.append(f"{ui.say('console.disc_stall')} · {ui.say('console.call_over')}")
    cells = _shares(ui, box, labels, gap=6)
    for rect, (label, action, args) in zip(cells, buttons, strict=False):
        ui.button(rect, label, action, *args)
    if answering is not None:
        console_rules.draw_call(ui, cells[-1], answering, ring.call)


def _shares(ui: PanelUI, box: pygame.Rect, labels: list[str], gap: int) -> list[pygame.Rect]:
    """One row of buttons, each as wide as its label wants on two lines at the smallest size (in proportion,
    filling the row): «Неверно (предварительно)» and both rulings read whole beside «Снять вопрос»."""
    wants = [ui.text.layout(label, "body", (10**5, 10**3), ui.min_px, ui.min_px, wrap=False).width // 2 + ui.unit
             for label in labels]
    free = box.width - gap * (len(labels) - 1)
    x, cells = box.x, []
    for i, want in enumerate(wants):
        width = box.right - x if i == len(wants) - 1 else free * want // sum(wants)
        cells.append(pygame.Rect(x, box.y, width, box.height))
        x += width + gap
    return cells


def _tally(ui: PanelUI, box: pygame.Rect) -> None:
    """«Команда за столом»: a button per team away from the tables, with its total so far."""
    state, unit = ui.state, ui.unit
    others = [i for i in range(len(state.teams)) if i not in TABLES]
    if not others:  # no hall teams: no heading over nothing
        return
    ui.label(ui.say("console.tally"), (box.x, box.y + unit // 2), (unit * 9, box.height), MUTED, int(unit * 0.75),
             role="heading")
    totals = {team: sum(1 for _, t in _ring(ui).tally if t == team) for team in others}
    gap = 6
    width = min(unit * 10, (box.width - unit * 9 - gap * (len(others) - 1)) // len(others))  # the gaps inside too
    for i, team in enumerate(others):
        rect = pygame.Rect(box.x + unit * 9 + i * (width + gap), box.y, width, box.height)
        ui.button(rect, f"{state.teams[team].name}: {totals[team]}", "tally", team)
