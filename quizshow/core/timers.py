"""Count-down timers as data. Remaining time is computed from show time, never from frames,
so pause/resume cycles cannot drift."""

from __future__ import annotations

from dataclasses import dataclass, replace

from quizshow.core.effects import Event, EventKind
from quizshow.core.limits import MAX_CLOCK_S, seconds_ok

# Two show times this close are the same moment (float sums of pauses and resumes are not exact).
SAME_MOMENT_S = 1e-6


@dataclass(frozen=True)
class Window:
    """A span of show time in which an input counts, kept as data so a replay judges it the same.

    The one rule for every window (the answer window, clean time, the first second, the time to start
    an answer): an input is judged by its own time, and both ends belong to the window — a press at
    exactly the limit is in time; one millisecond later it is not."""

    opens: float
    closes: float

    def open_at(self, t: float) -> bool:
        return self.opens - SAME_MOMENT_S <= t <= self.closes + SAME_MOMENT_S

    def closed_by(self, t: float) -> bool:
        """`t` is after the window's end (too late)."""
        return t > self.closes + SAME_MOMENT_S

    def left(self, t: float) -> float:
        return max(0.0, self.closes - t)


@dataclass(frozen=True)
class Timer:
    duration: float = 0.0
    # While running: the show time it (re)started and what was left at that moment.
    started_at: float | None = None
    left_at_start: float = 0.0
    warned: bool = False
    expired: bool = False
    paused_at: float | None = None  # the show time of the last pause (a press may move it earlier)

    @classmethod
    def ready(cls, duration: float) -> Timer:
        return cls(duration=duration, left_at_start=duration)

    @property
    def running(self) -> bool:
        return self.started_at is not None

    @property
    def armed(self) -> bool:
        """Set for a question (duration > 0), whether running or not."""
        return self.duration > 0

    @property
    def window(self) -> Window | None:
        """While running: from its (re)start to the moment it reaches zero."""
        if self.started_at is None:
            return None
        return Window(self.started_at, self.started_at + self.left_at_start)

    def stop_at(self, t: float) -> Timer:
        """Stop the clock at the moment of a press, not when its line arrives: running, it pauses at `t`;
        already paused by a later press, the pause moves back to `t` (never before the clock's start)."""
        if self.started_at is not None:
            return self.pause(max(t, self.started_at))
        if self.paused_at is not None and t < self.paused_at and not self.expired:
            left = min(self.duration, self.left_at_start + (self.paused_at - t))
            return replace(self, left_at_start=left, paused_at=self.paused_at - (left - self.left_at_start))
        return self

    def remaining(self, at: float) -> float:
        if self.started_at is None:
            return self.left_at_start
        return max(0.0, self.left_at_start - (at - self.started_at))

    def start(self, at: float) -> Timer:
        if self.running or self.expired or not self.armed:
            return self
        return replace(self, started_at=at)

    def pause(self, at: float) -> Timer:
        if not self.running:
            return self
        return replace(self, started_at=None, left_at_start=self.remaining(at), paused_at=at)

    def add(self, seconds: float, at: float) -> Timer:
        """`seconds` more (or fewer); a non-finite or absurd amount is a ValueError (formats refuse it
        first): an infinite clock only breaks the picture."""
        if not seconds_ok(seconds) or self.remaining(at) + seconds > MAX_CLOCK_S:
            raise ValueError(f"a clock holds at most {MAX_CLOCK_S:g} s, not {seconds!r} more")
        left = max(0.0, self.remaining(at) + seconds)
        started = at if self.running else None
        return replace(self, left_at_start=left, started_at=started, duration=max(self.duration, left),
                       expired=self.expired and left <= 0, warned=self.warned and seconds <= 0)

    def restart(self, duration: float, at: float | None = None) -> Timer:
        """A fresh count-down (running at `at` when given)."""
        return Timer(duration=duration, left_at_start=duration, started_at=at)

    def tick(self, at: float, warning_s: float) -> tuple[Timer, list[Event]]:
        """Warn once at `warning_s` left and expire at zero; no change returns the same object."""
        if not self.running:
            return self, []
        left = self.remaining(at)
        if left <= 0:
            done = replace(self, started_at=None, left_at_start=0.0, expired=True, warned=True)
            return done, [Event(EventKind.TIMER_EXPIRED)]
        if not self.warned and warning_s > 0 and left <= warning_s < self.duration:
            return replace(self, warned=True), [Event(EventKind.TIMER_WARNING, seconds=round(left))]
        return self, []
