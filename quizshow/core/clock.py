"""Show time: monotonic seconds that continue across restarts.

A resumed show starts its clock just after the last journalled command, so replayed and new
commands stay in order and timers computed from `at` never run backwards.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class ShowClock:
    """`source` is the machine's monotonic clock; a test gives its own (every rate, deadline and guard of the
    show, the OSC door's included, then runs on the test's story rather than on how loaded the machine is)."""

    def __init__(self, start_at: float = 0.0, source: Callable[[], float] = time.monotonic) -> None:
        self._source = source
        self._origin = source() - start_at

    def now(self) -> float:
        return self._source() - self._origin

