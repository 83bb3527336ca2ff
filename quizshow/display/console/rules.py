"""Console pieces both format panels share: the rule book's team-size problems (before the show starts) and
the countdown of the time a called team has to start its answer, with the host's one-click «Затяжка».

Drawn with the console's widgets (console/ui.PanelUI); the button is the call disc(T, "stall").
"""

from __future__ import annotations

import pygame

from quizshow.core.timers import Window
from quizshow.display.console.style import BAD, GOLD, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.formats.teamsize import size_problems


def size_lines(ui: PanelUI) -> list[tuple[str, bool]]:
    """Each team-size problem as a console line (text, an error rather than a warning)."""
    state = ui.state
    lines = []
    for problem in size_problems(ui.format.rules, [len(t.players) for t in state.teams]):
        if problem.team is None:
            lines.append((ui.say("console.teams_count", n=problem.found, need=problem.need), False))
        else:
            name = state.teams[problem.team].name
            lines.append((ui.say("console.team_size", name=name, n=problem.found, need=problem.need),
                          problem.strict))
    return lines


def draw_size_problems(ui: PanelUI, box: pygame.Rect) -> bool:
    """Before the show: the team-size problems, one line each; False when there are none."""
    lines = size_lines(ui)
    if not lines:
        return False
    unit = ui.unit
    inner = ui.titled_panel(box, "console.rule_problems")
    for i, (text, error) in enumerate(lines[: max(1, inner.height // int(unit * 1.3))]):
        ui.label(text, (inner.x, inner.y + i * int(unit * 1.3)), (inner.width, unit), BAD if error else GOLD)
    return True


def call_text(ui: PanelUI, call: Window | None) -> str:
    """«Начать ответ: 3,2 с» while the called team is in time; then that the time is over."""
    if call is None:
        return ui.say("console.disc_stall")
    if call.closed_by(ui.now):
        return ui.say("console.call_over")
    return ui.say("console.call_left", s=ui.words.decimal(call.left(ui.now), 1))


def draw_call(ui: PanelUI, rect: pygame.Rect, team: int, call: Window | None) -> None:
    """The countdown (when the preset sets a time) and the «Затяжка» button of the answering team."""
    late = call is not None and call.closed_by(ui.now)
    label = call_text(ui, call)
    if call is not None:
        label = f"{ui.say('console.disc_stall')} · {label}"
    ui.button(rect, label, "disc", team, "stall", lit=late, mark=BAD if late else GOLD if call is not None else TEXT)
