"""What the operator is told on the console: notices (a problem, information, a refused action) and
prompts (a question for some seconds). Any thread may tell; the operator's state changes only on the
window thread (runtime/show/sinks.py `on_window`)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from quizshow.core.clock import Clock
from quizshow.display.console.status import Notice
from quizshow.runtime.operator.state import OperatorState

log = logging.getLogger(__name__)

KEPT = 20  # notices the console keeps
REFUSED_S = 2.5  # a refused action's words stay this long over the console (not over a longer question)


class Notices:
    def __init__(self, operator: OperatorState, on_window: Callable[[Callable[[], None]], None],
                 clock: Clock) -> None:
        self.operator = operator
        self.on_window = on_window
        self.clock = clock

    def notice(self, text: str, level: str = "problem") -> None:
        """Tell the operator (see console.Notice): a problem, information, or a refused action."""
        log.info("%s", text)
        wall, mono = self.clock.wall(), self.clock.monotonic()
        self.on_window(lambda: self.now(text, level, wall, mono))

    def now(self, text: str, level: str, wall: float | None = None, mono: float | None = None) -> None:
        """On the window thread."""
        operator = self.operator
        mono = self.clock.monotonic() if mono is None else mono
        operator.notices.append(Notice(self.clock.wall() if wall is None else wall, text, level))
        del operator.notices[:-KEPT]
        if level == "refused" and (operator.prompt is None or operator.prompt[1] - mono < 3):
            operator.prompt = (text, mono + REFUSED_S)  # not over a longer question (assigning)

    def prompt(self, text: str | None, seconds: float = 0.0) -> None:
        """Ask the operator something on the console for `seconds` (None: take the question away)."""
        until = self.clock.monotonic() + seconds

        def ask() -> None:
            self.operator.prompt = None if text is None else (text, until)
        self.on_window(ask)
