"""Console pieces both format panels share: the rule book's team-size problems (before the show starts) and
the countdown of the time a called team has to start its answer, with the host's one-click «Затяжка».

Buttons return `disc:T:stall` (the app turns it into a Discipline command).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from quizshow.core.timers import Window
from quizshow.display.console_style import BAD, GOLD, TEXT
from quizshow.formats.teamsize import size_problems

if TYPE_CHECKING:
    from quizshow.display.console import Console


def size_lines(con: Console) -> list[tuple[str, bool]]:
    """Each team-size problem as a console line (text, an error rather than a warning)."""
    state = con.engine.state
    lines = []
    for problem in size_problems(con.engine.format.rules, [len(t.players) for t in state.teams]):
        if problem.team is None:
            lines.append((con.say("console.teams_count", n=problem.found, need=problem.need), False))
        else:
            name = state.teams[problem.team].name
            lines.append((con.say("console.team_size", name=name, n=problem.found, need=problem.need),
                          problem.strict))
    return lines


def draw_size_problems(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int) -> bool:
    """Before the show: the team-size problems, one line each; False when there are none."""
    lines = size_lines(con)
    if not lines:
        return False
    inner = con._titled_panel(surface, box, "console.rule_problems", unit)
    for i, (text, error) in enumerate(lines[: max(1, inner.height // int(unit * 1.3))]):
        surface.blit(con._fit(text, "body", (inner.width, unit), BAD if error else GOLD, unit),
                     (inner.x, inner.y + i * int(unit * 1.3)))
    return True


def call_text(con: Console, call: Window | None) -> str:
    """«Начать ответ: 3.2 с» while the called team is in time; then that the time is over."""
    if call is None:
        return con.say("console.disc_stall")
    if call.closed_by(con.now):
        return con.say("console.call_over")
    return con.say("console.call_left", s=f"{call.left(con.now):.1f}")


def draw_call(con: Console, surface: pygame.Surface, rect: pygame.Rect, unit: int, team: int,
              call: Window | None) -> None:
    """The countdown (when the preset sets a time) and the «Затяжка» button of the answering team."""
    late = call is not None and call.closed_by(con.now)
    label = call_text(con, call)
    if call is not None:
        label = f"{con.say('console.disc_stall')} · {label}"
    con._button(surface, rect, label, f"disc:{team}:stall", unit, lit=late,
                mark=BAD if late else GOLD if call is not None else TEXT)
