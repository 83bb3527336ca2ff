"""Time, read through one port.

`Clock` is every read of time the program makes: the machine's monotonic seconds (rates, deadlines,
guards, frame pacing) and the wall clock (the journal's and the report's dates). The composition root
gives the system's (`SYSTEM`); a test gives a `ManualClock` and moves it, instead of sleeping or patching
the `time` module.

`ShowClock` is show time: monotonic seconds that continue across restarts. A resumed show starts its
clock just after the last journalled command, so replayed and new commands stay in order and timers
computed from `at` never run backwards.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    """The machine's time as a part reads it."""

    def monotonic(self) -> float: ...
    def wall(self) -> float: ...


class SystemClock:
    """The machine's own clocks."""

    def monotonic(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()


SYSTEM = SystemClock()


class ManualClock:
    """A clock a test drives: it stands still until told to move."""

    def __init__(self, monotonic: float = 1000.0, wall: float = 1_800_000_000.0) -> None:
        self._monotonic = monotonic
        self._wall = wall

    def monotonic(self) -> float:
        return self._monotonic

    def wall(self) -> float:
        return self._wall

    def advance(self, seconds: float) -> None:
        """Both clocks move on by `seconds` (never back: a monotonic clock does not)."""
        if seconds < 0:
            raise ValueError("a clock does not run backwards")
        self._monotonic += seconds
        self._wall += seconds


class ShowClock:
    """`source` is the machine's monotonic clock; a test gives its own (every rate, deadline and guard of the
    show, the OSC door's included, then runs on the test's story rather than on how loaded the machine is)."""

    def __init__(self, start_at: float = 0.0, source: Callable[[], float] = time.monotonic) -> None:
        self._source = source
        self._origin = source() - start_at

    def now(self) -> float:
        return self._source() - self._origin
