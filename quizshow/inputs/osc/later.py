"""A bundle's time tag, honoured (issue 27, item 8): a message time-tagged for later is handled when the
show clock reaches that time, not at once. Bounded: at most MAX_AHEAD_S ahead (further is refused by the
server, with a clear log line) and at most MAX_WAITING messages waiting at once."""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
from collections.abc import Callable

from quizshow.inputs.osc.args import Rejected

log = logging.getLogger("quizshow.inputs.osc.server")  # the door's log: one place to read an OSC refusal

MAX_AHEAD_S = 5.0  # a time tag further ahead is refused: a desk's clock that is off, or a mistake
MAX_WAITING = 256  # messages held for their time, from all desks together
EARLY_S = 0.002  # a tag closer than this is now (the tag's 1/2^32 s steps, the two clocks' reading)


class Later:
    """Runs each job when `now()` (the show clock) reaches its time, on its own thread, in time order
    (jobs for the same time in the order they came)."""

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self._jobs: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()
        self._wake = threading.Condition(threading.Lock())
        self._stopping = False
        self._thread: threading.Thread | None = None

    @property
    def waiting(self) -> int:
        with self._wake:
            return len(self._jobs)

    def hold(self, ahead: float, what: str, run: Callable[[float], None]) -> None:
        """Run `run(due)` when the show clock is `ahead` seconds on. Further than MAX_AHEAD_S: refused (400)
        with a log line that says so; MAX_WAITING held already: 429."""
        if ahead > MAX_AHEAD_S:
            log.warning("osc: %s is time-tagged %.1f s ahead (at most %g s): refused; is that desk's clock right?",
                        what, ahead, MAX_AHEAD_S)
            raise Rejected(400, f"time tag {ahead:.1f} s ahead of the show's clock: at most {MAX_AHEAD_S:g} s "
                                "(is the desk's clock right?)")
        due = self.now() + ahead
        if not self.at(due, lambda: run(due)):
            raise Rejected(429, "too many time-tagged messages waiting")
        log.debug("osc: %s held %.3f s for its time tag", what, ahead)

    def at(self, when: float, job: Callable[[], None]) -> bool:
        """Hold `job` until the show clock reaches `when`; False (not held) when MAX_WAITING are waiting."""
        with self._wake:
            if self._stopping or len(self._jobs) >= MAX_WAITING:
                return False
            heapq.heappush(self._jobs, (when, next(self._order), job))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="osc-later", daemon=True)
                self._thread.start()
            self._wake.notify()
        return True

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._stopping and (not self._jobs or self._jobs[0][0] > self.now()):
                    self._wake.wait(None if not self._jobs else max(0.0, self._jobs[0][0] - self.now()))
                if self._stopping:
                    return
                _, _, job = heapq.heappop(self._jobs)
            job()

    def stop(self) -> None:
        with self._wake:
            self._stopping = True
            self._jobs.clear()
            self._wake.notify()
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(1.0)
