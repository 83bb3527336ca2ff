"""The buzz replay on the projector (the `replay` layer of display/projector/stack.py): its scene and where its races
come from. The races are worked out from the steps in effect (quizshow/history/presses.py), once for each
change of them while the replay is up."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from quizshow.core.engine import Entry
from quizshow.core.format import Format
from quizshow.core.phases import PhaseFlags
from quizshow.core.state import ShowState
from quizshow.history.presses import Race, pick, races

# What the replay reads: the state before the oldest step kept and the steps in effect since (Engine.history);
# None: nothing to read yet (a follower still waiting for the show).
History = Callable[[], tuple[ShowState, Sequence[Entry]] | None]


class ReplayBook:
    """The races of the steps in effect, worked out again only when the steps changed (an undo, a new step)."""

    def __init__(self, fmt: Format, flags: Callable[[str], PhaseFlags] | None = None) -> None:
        self.fmt = fmt
        self.flags = flags
        self._key: tuple[int, int, int] | None = None
        self._races: list[Race] = []
        self._held: tuple[object, object] | None = None

    def races(self, history: History | None) -> list[Race]:
        found = history() if history is not None else None
        if found is None:
            return []
        start, entries = found
        key = (id(start), len(entries), id(entries[-1]) if entries else 0)
        if key != self._key:
            self._races = races(self.fmt, start, entries, self.flags)
            self._key = key
            self._held = (start, entries[-1] if entries else None)  # the ids in the key stay theirs
        return self._races

    def race(self, history: History | None, back: int) -> Race | None:
        return pick(self.races(history), back)
