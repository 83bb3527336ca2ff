"""The engine: applies commands to the state through the format, keeps what is in effect, undoes.

Two steps, so the app can journal a command before it takes effect:
`outcome = engine.propose(cmd)` computes without changing anything; `engine.commit(outcome)` makes it
so. `dispatch` does both (tests, replay). Undo and Back are replays of the commands in effect, less
the one taken back, so they restore the exact earlier state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from quizshow.core import commands as c
from quizshow.core.effects import Event
from quizshow.core.format import Format, Refused
from quizshow.core.state import ShowState


@dataclass(frozen=True)
class Entry:
    """A command in effect and the events it produced (the console names undo by them)."""

    command: c.Command
    events: tuple[Event, ...]


@dataclass
class Outcome:
    command: c.Command
    state: ShowState
    events: list[Event] = field(default_factory=list)
    refused: str | None = None  # why not, in English (OSC replies, logs)
    refusal: Refused | None = None  # the same, for a translated console line
    entries: list[Entry] | None = None  # the new list in effect (after undo, back or append)
    undone: Entry | None = None

    @property
    def accepted(self) -> bool:
        return self.refused is None

    @property
    def changed(self) -> bool:
        return self.accepted and self.entries is not None


class Engine:
    def __init__(self, fmt: Format, seed: int) -> None:
        self.format = fmt
        self.initial = fmt.initial_state(seed)
        self.state = self.initial
        self.entries: list[Entry] = []

    # --- the two steps -----------------------------------------------------------------------------

    def propose(self, cmd: c.Command) -> Outcome:
        if isinstance(cmd, c.Undo):
            index = self._last_undoable()
            if index is not None and self._rule(self.entries[index])[1] and not cmd.confirmed:
                why = Refused("taking back a recorded result needs a confirmation")
                return Outcome(cmd, self.state, refused=str(why), refusal=why)
            return self._take_back(cmd, index, "nothing to undo")
        if isinstance(cmd, c.Back):
            return self._take_back(cmd, self._last_go(), "nothing to go back to")
        try:
            state, events = self.format.handle(self.state, cmd)
        except Refused as why:
            return Outcome(cmd, self.state, refused=str(why), refusal=why)
        if state is self.state or state == self.state:
            # Nothing changed (an idle tick): not journalled, nothing happens.
            return Outcome(cmd, self.state, events)
        return Outcome(cmd, state, events, entries=[*self.entries, Entry(cmd, tuple(events))])

    def commit(self, outcome: Outcome) -> list[Event]:
        if outcome.changed:
            self.state = outcome.state
            self.entries = outcome.entries or []
        return outcome.events

    def dispatch(self, cmd: c.Command) -> Outcome:
        outcome = self.propose(cmd)
        self.commit(outcome)
        return outcome

    def replay(self, commands: list[c.Command]) -> None:
        for cmd in commands:
            self.dispatch(cmd)

    # --- undo and back --------------------------------------------------------------------------

    def undo_target(self) -> Entry | None:
        index = self._last_undoable()
        return None if index is None else self.entries[index]

    def _rule(self, entry: Entry) -> tuple[bool, bool]:
        """(undoable, needs a confirmed Undo): the format says, from the command and what it did."""
        return self.format.undo_rule(entry.command, entry.events)

    def _last_undoable(self) -> int | None:
        for i in range(len(self.entries) - 1, -1, -1):
            if self._rule(self.entries[i])[0]:
                return i
        return None

    def _last_go(self) -> int | None:
        """Back takes back the last Go, unless a score or a judgement came after it (or it needs a
        confirmed Undo)."""
        for i in range(len(self.entries) - 1, -1, -1):
            cmd = self.entries[i].command
            undoable, confirm = self._rule(self.entries[i])
            if isinstance(cmd, c.Go):
                return None if confirm else i
            if undoable:
                return None
        return None

    def _take_back(self, cmd: c.Command, index: int | None, nothing: str) -> Outcome:
        if index is None:
            return Outcome(cmd, self.state, refused=nothing, refusal=Refused(nothing))
        kept = self.entries[:index] + self.entries[index + 1:]
        state, entries = self._rebuild([e.command for e in kept])
        return Outcome(cmd, state, [], entries=entries, undone=self.entries[index])

    def _rebuild(self, commands: list[c.Command]) -> tuple[ShowState, list[Entry]]:
        state = self.initial
        entries: list[Entry] = []
        for command in commands:
            try:
                new, events = self.format.handle(state, command)
            except Refused:
                continue  # it no longer applies once the earlier step is gone
            if new is state or new == state:
                continue
            state = new
            entries.append(Entry(command, tuple(events)))
        return state, entries
