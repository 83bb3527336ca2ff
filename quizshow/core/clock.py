"""Show time: monotonic seconds that continue across restarts.

A resumed show starts its clock just after the last journalled command, so replayed and new
commands stay in order and timers computed from `at` never run backwards.
"""

from __future__ import annotations

import time


class ShowClock:
    def __init__(self, start_at: float = 0.0) -> None:
        self._origin = time.monotonic() - start_at

    def now(self) -> float:
        return time.monotonic() - self._origin

