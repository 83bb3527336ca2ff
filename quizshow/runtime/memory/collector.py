"""The cycle collector runs in the window's idle time, not wherever an allocation happens to make it due.

CPython collects its youngest generation once 700 more container objects are alive than at its last
collection, on whichever thread made the 700th, holding the interpreter throughout: a box's reader in the
middle of applying a press (the bench's slowest presses waited 1.0–1.2 ms inside the engine or the journal's
encoding), or the window thread mid-frame while a press waits for the interpreter. Once the show is live,
`IdleCollector.take_over` raises the automatic threshold to a backstop that only a long burst with no idle
time between reaches, and the window loop calls `collect_due` between frames: the same generations, due by
CPython's own default thresholds, collected where nothing waits for them. `give_back` restores what was
there (a test run makes many shows in one process)."""

from __future__ import annotations

import gc

YOUNG = 700  # CPython's default: more container objects alive than this make the youngest generation due
OLDER = 10  # and more collections of a generation than this make the next older one due
BACKSTOP = 100_000  # the automatic collector's threshold while live (a pack's load, a day's replay)


class IdleCollector:
    def __init__(self) -> None:
        self._saved: tuple[int, int, int] | None = None

    def take_over(self) -> None:
        """From now on the automatic collector waits for the backstop; `collect_due` does the usual work."""
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.set_threshold(BACKSTOP, OLDER, OLDER)

    def give_back(self) -> None:
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None

    def collect_due(self) -> int | None:
        """Collect the oldest generation that is due, as CPython would have (None: none is). Its counts
        move as an automatic collection's do: a collection of one generation counts towards the next."""
        if self._saved is None:
            return None
        young, middle, old = gc.get_count()
        if young <= YOUNG:
            return None
        generation = 2 if old > OLDER else 1 if middle > OLDER else 0
        gc.collect(generation)
        return generation
