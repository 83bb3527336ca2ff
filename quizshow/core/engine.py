"""The engine: applies commands to the state through the format, keeps what is in effect, undoes.

Two steps, so the app can journal a command before it takes effect:
`outcome = engine.propose(cmd)` computes without changing anything; `engine.commit(outcome)` makes it
so. `dispatch` does both (tests, replay).

Undo and Back take back one entry at the cost of what they take back, never by replaying the show:
states are immutable, so the engine keeps the state before each recent entry (and, further back, one
in every CHECKPOINT_EVERY as a checkpoint). Taking back entry i starts from the state before it and
re-applies only the entries after it (the last undoable step is usually the last or nearly so); an
entry that no longer applies once the step is gone is dropped, as a replay from the start would, and so is
a Next that would now do something else (it meant «on from where we were»).

Taking back a step that stopped the running clock (a press, a Next that showed the answer) gives the
clock back: in its place the engine's own step `ClockHold` holds the clock at the time it showed when that
step stopped it, and `ClockRelease` runs it on from the Undo's own time (`cmd.at`, journalled). Both are
steps in effect like any other (never journalled, never undone on their own), so a replay, a resumed show
and a state re-made from a checkpoint land on the same clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from quizshow.core import commands as c
from quizshow.core.effects import Event
from quizshow.core.format import Format, Refused
from quizshow.core.state import ShowState
from quizshow.core.timers import SAME_MOMENT_S

# The state before each of the last KEEP_STATES entries is kept; older ones only every
# CHECKPOINT_EVERY entries, so memory grows by one state per CHECKPOINT_EVERY commands and an undo far
# back re-applies at most CHECKPOINT_EVERY - 1 entries to reach its state.
KEEP_STATES = 512
CHECKPOINT_EVERY = 32
# Undo reaches back this many entries in effect (a whole day of a show is a few thousand); older
# entries are forgotten in memory, in chunks of FORGET_CHUNK (the journal keeps them all), so memory
# stays flat over a long day and a resume snapshot stays small.
UNDO_DEPTH = 5000
FORGET_CHUNK = 500


@dataclass(frozen=True)
class Entry:
    """A command in effect and the events it produced (the console names undo by them)."""

    command: c.Command
    events: tuple[Event, ...]
    # A press the format refused while a question's buttons were live (another answers, the seat is out): kept
    # as a fact for the buzz replay and the report, journalled; it changes nothing and is never undone.
    late: bool = False


@dataclass
class Outcome:
    command: c.Command
    state: ShowState
    events: list[Event] = field(default_factory=list)
    refused: str | None = None  # why not, in English (OSC replies, logs)
    refusal: Refused | None = None  # the same, for a translated console line
    undone: Entry | None = None
    undone_after: ShowState | None = None  # where the undone step had led (its words: «Далее: вопрос 2»)
    # An undo's later steps that no longer happen as they did (dropped, or doing something else once the
    # step is gone; the clock's ticks aside): when there are any, the picture moves back more than one step.
    lost: tuple[Entry, ...] = ()
    dropped: tuple[Entry, ...] = ()  # an undo's later entries that no longer apply (ticks too): gone with it
    changed: bool = False  # it changes the show: journal it, then commit
    count: int = 0  # entries in effect once committed
    # What commit does to the entries: drop those from `cut` on, then add `tail` (with the states before).
    cut: int = 0
    tail: tuple[tuple[Entry, ShowState], ...] = ()

    @property
    def accepted(self) -> bool:
        return self.refused is None


class Engine:
    def __init__(self, fmt: Format, seed: int) -> None:
        self.format = fmt
        self.initial = fmt.initial_state(seed)
        self.state = self.initial
        self.entries: list[Entry] = []
        self._before: list[ShowState | None] = []  # the state before each entry (None: thinned out)
        self._preview: tuple[ShowState, int, Outcome | None] | None = None  # (state, entries, it): undo_preview
        self._go: tuple[ShowState, int, bool] | None = None  # (state, second, Next would do something): can_go

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
            n = len(self.entries)
            if self._late_press(cmd):
                return Outcome(cmd, self.state, refused=str(why), refusal=why, changed=True, count=n + 1, cut=n,
                               tail=((Entry(cmd, (), late=True), self.state),))
            return Outcome(cmd, self.state, refused=str(why), refusal=why, count=n)
        if state is self.state or state == self.state:
            # Nothing changed (an idle tick): not journalled, nothing happens.
            return Outcome(cmd, self.state, events, count=len(self.entries))
        n = len(self.entries)
        return Outcome(cmd, state, events, changed=True, count=n + 1, cut=n,
                       tail=((Entry(cmd, tuple(events)), self.state),))

    def commit(self, outcome: Outcome) -> list[Event]:
        if outcome.changed:
            del self.entries[outcome.cut:]  # in place: appending copies nothing
            del self._before[outcome.cut:]
            for entry, before in outcome.tail:
                self.entries.append(entry)
                self._before.append(before)
            self._thin(outcome.cut)
            if len(self.entries) > UNDO_DEPTH + FORGET_CHUNK:
                self._forget(len(self.entries) - UNDO_DEPTH)
            self.state = outcome.state
        return outcome.events

    def dispatch(self, cmd: c.Command) -> Outcome:
        outcome = self.propose(cmd)
        self.commit(outcome)
        return outcome

    def _late_press(self, cmd: c.Command) -> bool:
        """Whether a refused command is a late press to keep: a Buzz while the buttons are live, the first
        from its seat since the last step that was not a press or the clock (a flood is kept once)."""
        if not isinstance(cmd, c.Buzz) or not self._live_press(self.state, cmd):
            return False
        for entry in reversed(self.entries):
            was = entry.command
            if isinstance(was, c.Buzz):
                if (was.team, was.player) == (cmd.team, cmd.player):
                    return False
            elif not isinstance(was, (c.Tick, c.ClockHold, c.ClockRelease)):
                return True
        return True

    def _live_press(self, state: ShowState, cmd: c.Command) -> bool:
        """A press from a seat of the show while the buttons are live."""
        return isinstance(cmd, c.Buzz) and 0 <= cmd.team < len(state.teams) and \
            self.format.setup.flags(state.phase).buzzers_live

    def replay(self, commands: list[c.Command]) -> None:
        for cmd in commands:
            self.dispatch(cmd)

    def _thin(self, start: int) -> None:
        """Forget the states before entries that fell out of the recent window, but for checkpoints."""
        end = len(self._before) - KEEP_STATES
        for i in range(max(start - KEEP_STATES, 0), max(end, 0)):
            if i % CHECKPOINT_EVERY and self._before[i] is not None:
                self._before[i] = None

    def _forget(self, count: int) -> None:
        """Drop the oldest entries, starting the kept ones at a state that is kept (a checkpoint)."""
        while count > 0 and self._before[count] is None:
            count -= 1
        del self.entries[:count]
        del self._before[:count]

    # --- a snapshot for a fast resume (the journal stores it beside itself) ------------------------

    def snapshot(self) -> dict[str, object]:
        return {"state": self.state, "entries": list(self.entries), "before": list(self._before)}

    def restore(self, snapshot: dict[str, object]) -> None:
        state, entries, before = snapshot["state"], snapshot["entries"], snapshot["before"]
        if not (isinstance(state, ShowState) and isinstance(entries, list) and isinstance(before, list)
                and len(entries) == len(before) and (not before or before[0] is not None)):
            raise ValueError("not an engine snapshot")
        self.state, self.entries, self._before = state, entries, before

    # --- what is in effect, for the pictures that look back (the buzz replay) ---------------------------

    def history(self) -> tuple[ShowState, tuple[Entry, ...]]:
        """The state before the oldest entry kept and every entry in effect since (the last UNDO_DEPTH at
        least): each step re-applies to it, as an undo re-applies them. A copy: the engine goes on."""
        start = self._before[0] if self._before else self.state
        assert start is not None  # the first is always kept (see _forget)
        return start, tuple(self.entries)

    # --- undo and back --------------------------------------------------------------------------

    def undo_target(self) -> Entry | None:
        index = self._last_undoable()
        return None if index is None else self.entries[index]

    def can_go(self, at: float) -> bool:
        """Whether Next (Go) would change the show now (the console names Next's keys only then).
        Worked out once per state and second (a step may wait for the clock)."""
        kept = self._go
        if kept is None or kept[0] is not self.state or kept[1] != int(at):
            outcome = self.propose(c.Go(at=at))
            kept = self._go = (self.state, int(at), outcome.accepted and outcome.changed)
        return kept[2]

    def undo_preview(self) -> Outcome | None:
        """What a plain Undo would do now, without doing it (None: it would be refused): where the show
        lands (`state`) and which later steps go with it (`lost`). Worked out once per state."""
        kept = self._preview
        if kept is None or kept[0] is not self.state or kept[1] != len(self.entries):
            outcome = self.propose(c.Undo(at=0.0))
            kept = self._preview = (self.state, len(self.entries), outcome if outcome.accepted else None)
        return kept[2]

    def _rule(self, entry: Entry) -> tuple[bool, bool]:
        """(undoable, needs a confirmed Undo): the format says, from the command and what it did."""
        return self.format.undo_rule(entry.command, entry.events)

    def _last_undoable(self) -> int | None:
        for i in range(len(self.entries) - 1, -1, -1):
            if not self.entries[i].late and self._rule(self.entries[i])[0]:
                return i
        return None

    def _last_go(self) -> int | None:
        """Back takes back the last Go, unless a score or a judgement came after it (or it needs a
        confirmed Undo)."""
        for i in range(len(self.entries) - 1, -1, -1):
            cmd = self.entries[i].command
            if self.entries[i].late:
                continue
            undoable, confirm = self._rule(self.entries[i])
            if isinstance(cmd, c.Go):
                return None if confirm else i
            if undoable:
                return None
        return None

    def _state_before(self, index: int) -> ShowState:
        """The state before entry `index`: kept, or re-made from the nearest checkpoint before it."""
        start = index
        while start > 0 and self._before[start] is None:
            start -= 1
        state = self._before[start]  # the first is always kept (see _forget)
        assert state is not None
        for entry in self.entries[start:index]:
            if not entry.late:
                state, _ = self.format.handle(state, entry.command)  # it applied then, so it applies now
        return state

    def _take_back(self, cmd: c.Command, index: int | None, nothing: str) -> Outcome:
        if index is None:
            return Outcome(cmd, self.state, refused=nothing, refusal=Refused(nothing), count=len(self.entries))
        undone = self.entries[index]
        state = self._state_before(index)
        after, _ = self.format.handle(state, undone.command)  # it applied then, so it applies now
        held = self._held_at(state, after)
        tail: list[tuple[Entry, ShowState]] = []
        lost: list[Entry] = []
        dropped: list[Entry] = []
        if held is not None:  # it stopped the running clock: in its place, the clock held where it stopped it
            state = self._step(c.ClockHold(at=held), state, tail)
        holding = state
        for entry in self.entries[index + 1:]:
            if entry.late:  # a fact of the race, kept while its buttons are live (never turned into a taken press)
                if self._live_press(state, entry.command):
                    tail.append((entry, state))
                else:
                    dropped.append(entry)
                continue
            # The clock's ticks and the clock an undo gave back are no steps of the operator's.
            step = not isinstance(entry.command, (c.Tick, c.ClockHold, c.ClockRelease))
            try:
                new, events = self.format.handle(state, entry.command)
            except Refused:
                new, events = state, []  # it no longer applies once the earlier step is gone
            changed = step and [e.kind for e in events] != [e.kind for e in entry.events]
            # A Next means «from where we were»: one that would now do something else (the Next after a
            # taken-back match start would start that match again) went with the step, as its journal line says.
            if new is state or new == state or (changed and isinstance(entry.command, c.Go)):
                lost += [entry] if step else []
                dropped.append(entry)
                continue
            if changed:
                lost.append(entry)  # it applies, but does something else now
            tail.append((Entry(entry.command, tuple(events)), state))
            state = new
        # The clock runs on from the undo with the time it showed at the press, unless a later step kept
        # holds it (another team's press now answers, the operator stopped it, a resume held it).
        if held is not None and state.timer == holding.timer and state.answering == holding.answering and \
                not any(isinstance(entry.command, c.Resumed) for entry in self.entries[index + 1:]):
            state = self._step(c.ClockRelease(at=max(cmd.at, held)), state, tail)
        return Outcome(cmd, state, [], undone=undone, undone_after=after, changed=True, count=index + len(tail),
                       cut=index, tail=tuple(tail), lost=tuple(lost), dropped=tuple(dropped))

    def _step(self, command: c.Command, state: ShowState, tail: list[tuple[Entry, ShowState]]) -> ShowState:
        """The engine's own step (the clock an undo gives back) among the steps in effect: a state re-made
        from them later (a checkpoint's, a replay's) has the same clock."""
        new, events = self.format.handle(state, command)
        tail.append((Entry(command, tuple(events)), state))
        return new

    @staticmethod
    def _held_at(before: ShowState, after: ShowState) -> float | None:
        """When a step stopped the running question clock (a press; the show time it stopped at), else None."""
        was, now, at = before.timer, after.timer, after.timer.paused_at
        if was.started_at is None or now.running or now.expired or at is None or at < was.started_at:
            return None  # not running before, or still running, run out, or a pause from before this run
        # Paused by this step (not a stale mark left when a step cleared the clock otherwise).
        return at if abs(now.left_at_start - was.remaining(at)) <= SAME_MOMENT_S else None
