"""The show's running core: the journal, the engine and the lock (one writer at a time).

`submit(command) -> outcome` journals the command (fsync) before it takes effect and returns what it
did; a refusal is an outcome, never an exception. Any thread may submit: a box reader applies its
press at once (latency), under the lock. What the outcome means for lamps, desks, sound and the
views is the sinks' business (runtime/show/sinks.py), never the runtime's.
"""

from __future__ import annotations

import threading
from pathlib import Path

from quizshow.core import commands as c
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.runtime.journal.file import Journal, Loaded, dispatch_journalled


class Runtime:
    def __init__(self, fmt: Format, journal_path: Path, show_path: str, fresh: bool = False,
                 seed: int | None = None, resume_to_damage: bool = False) -> None:
        teams = len(fmt.initial_state(0).teams)  # the team indices a journal line may name
        self.journal, self.loaded = Journal.open(journal_path, show_path, fresh, seed, resume_to_damage, teams)
        self._where = (journal_path, show_path)
        self.engine = Engine(fmt, self.loaded.seed)
        self.loaded.restore(self.engine)  # a snapshot, then the lines after it
        if self.journal.snapshot_due():  # a day replayed (no snapshot, or a stale one): not again next time
            self.journal.write_snapshot(self.engine)
        self.lock = threading.RLock()  # the engine and the journal: one writer at a time
        self._window_thread = threading.get_ident()  # the thread that built the show (it draws)

    @property
    def state(self) -> ShowState:
        return self.engine.state

    def state_now(self) -> ShowState:
        """The state now (a port for the parts that read it: a new engine after «Начать заново»)."""
        return self.engine.state

    def engine_now(self) -> Engine:
        return self.engine

    def submit(self, cmd: c.Command) -> Outcome:
        """Propose, journal (fsync), commit. A due snapshot is saved only on the window thread (its
        tick submits once a frame): pickling the engine on a box reader delayed that press."""
        with self.lock:
            outcome = dispatch_journalled(self.engine, self.journal, cmd, snapshot=False)
            if self.journal.snapshot_due() and threading.get_ident() == self._window_thread:
                self.journal.write_snapshot(self.engine)
            return outcome

    def start_over(self, at: float) -> None:
        """«Начать заново»: the old journal ends with StartOver and is kept under a new name; a fresh
        journal and engine (a new seed) take over. The same lock: threads waiting on it carry on."""
        with self.lock:
            self.journal.append(c.StartOver(at=at))  # the last line: nothing changes in this game any more
            self.journal.close()
            path, show = self._where
            listeners = self.journal.listeners
            self.journal, self.loaded = Journal.open(path, show, fresh=True)
            self.journal.listeners = listeners  # follower screens follow the new journal,
            self.engine = Engine(self.engine.format, self.loaded.seed)
            if self.journal.last_line is not None:  # told by its header at once (not at its first command)
                for listener in listeners:
                    listener(*self.journal.last_line)

    def close(self) -> None:
        self.journal.close()


__all__ = ["Loaded", "Runtime"]
