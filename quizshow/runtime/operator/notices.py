"""What the operator is told on the console: notices (a problem, information, a refused action) and
prompts (a question for some seconds). Any thread may tell; the console's status changes only on the
window thread (runtime/show/sinks.py `on_window`)."""

from __future__ import annotations

import logging
import time

from quizshow.display.console.status import ConsoleStatus, Notice
from quizshow.runtime.show.sinks import Sinks

log = logging.getLogger(__name__)

KEPT = 20  # notices the console keeps
REFUSED_S = 2.5  # a refused action's words stay this long over the console (not over a longer question)


class Notices:
    def __init__(self, status: ConsoleStatus, sinks: Sinks) -> None:
        self.status = status
        self.sinks = sinks

    def notice(self, text: str, level: str = "problem") -> None:
        """Tell the operator (see console.Notice): a problem, information, or a refused action."""
        log.info("%s", text)
        wall, mono = time.time(), time.monotonic()
        self.sinks.on_window(lambda: self.now(text, level, wall, mono))

    def now(self, text: str, level: str, wall: float | None = None, mono: float | None = None) -> None:
        """On the window thread."""
        mono = time.monotonic() if mono is None else mono
        self.status.notices.append(Notice(time.time() if wall is None else wall, text, level))
        del self.status.notices[:-KEPT]
        if level == "refused" and (self.status.prompt is None or self.status.prompt[1] - mono < 3):
            self.status.prompt = (text, mono + REFUSED_S)  # not over a longer question (assigning)

    def prompt(self, text: str | None, seconds: float = 0.0) -> None:
        """Ask the operator something on the console for `seconds` (None: take the question away)."""
        until = time.monotonic() + seconds
        self.sinks.on_window(lambda: setattr(self.status, "prompt", None if text is None else (text, until)))
