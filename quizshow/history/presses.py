"""The buzz replay's facts: each question's presses on a time axis from the moment the buttons went live
(docs/broadcast.md, «The buzz replay»).

Worked out from the steps in effect (the engine's `history()`: what the journal holds, less what was undone),
each re-applied to the state before it as an undo re-applies them, so a resumed show and a follower screen
replay the same presses. A *race* is one question's pressing: it opens when the buttons go live (a phase with
the `buzzers_live` flag) and ends when they go dead or the question in play changes. Its axis starts where
fair presses start: the format's false-start line (`Format.false_start_line`, the brain-ring's «Время!»)
where it has one, else the moment the buttons went live; before it lies the false-start zone.

Each press keeps where its time came from (`Timing`): a box's own clock, a phone's touch mapped through its
clock sync (± its bound, `Buzz.clock_error`), or the moment it arrived (a key, a pad, OSC, the console: the
frame that read it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from quizshow.core import commands as c
from quizshow.core.effects import EventKind
from quizshow.core.engine import Entry
from quizshow.core.format import Format, Refused
from quizshow.core.phases import PhaseFlags
from quizshow.core.state import ShowState

# Sources whose presses are timed on arrival (the key map, the console's buttons, OSC, a gamepad's event);
# a phone says its own; any other device is a buzzer box with its own clock.
ARRIVAL_SOURCES = ("keyboard", "console", "osc", "")


class Timing(StrEnum):
    BOX = "box"  # the box's own clock (microseconds), converted to show time by its driver
    PHONE = "phone"  # the phone's touch, mapped through its clock sync: ± `clock_error`
    ARRIVAL = "arrival"  # when it reached the show: a key's frame, a pad's event, an OSC datagram, a phone not synced


def timing_of(device: str, on_arrival: bool = False) -> Timing:
    """`on_arrival`: the press's own time is when it reached the show — a box without a clock (a SImulator box,
    a «simple» one sends a bare byte or line) is no «box's clock» however it is named."""
    if device == "phone":
        return Timing.PHONE
    # A Buzz! handset's (the frame's) and a keyboard device's (the kernel's stamp as its USB report came).
    if on_arrival or device in ARRIVAL_SOURCES or device.startswith(("pad", "phone", "buzz", "evdev")):
        return Timing.ARRIVAL
    return Timing.BOX


def timed_on_arrival(cmd: c.Buzz) -> bool:
    """A press whose own time is its arrival (its driver had no clock of the device's to convert)."""
    return cmd.source_time is None or cmd.source_time == cmd.at


@dataclass(frozen=True)
class ReplayPress:
    team: int
    player: int | None
    time: float  # the press's own time on the show clock
    device: str
    timing: Timing
    error: float | None  # seconds either side the time may be off (a phone's clock-sync bound)
    false_start: bool
    place: int | None = None  # 1 for the first fair press, 2 for the next …; None: a false start
    margin: float | None = None  # seconds behind the first fair press (0 for it); None: a false start


@dataclass(frozen=True)
class Verdict:
    """Who was first and by how much, and whether that margin is larger than the two presses' uncertainty."""

    first: ReplayPress
    second: ReplayPress | None
    margin: float | None  # seconds between them
    error: float  # their uncertainties added (0: both exact)
    certain: bool  # the margin is larger than the uncertainty (or nobody else pressed)


@dataclass(frozen=True)
class Race:
    number: int  # 1 for the first question with presses among the steps in effect
    opened: float  # 0 on the axis: fair presses from here («КНОПКИ ОТКРЫТЫ»)
    armed: float | None  # the false-start zone's start (the buttons live, the signal not yet given); None: none
    closes: float | None  # the window's end as it stood at the first fair press; None: no clock ran
    presses: tuple[ReplayPress, ...]  # fair ones in press order, then false starts by time
    state: ShowState  # as it stood at the first press: the question, the round, the teams' names and colours

    @property
    def fair(self) -> tuple[ReplayPress, ...]:
        return tuple(p for p in self.presses if not p.false_start)

    @property
    def false_starts(self) -> tuple[ReplayPress, ...]:
        return tuple(p for p in self.presses if p.false_start)

    def verdict(self) -> Verdict | None:
        fair = self.fair
        if not fair:
            return None
        first = fair[0]
        second = next((p for p in fair[1:] if p.team != first.team), None)
        if second is None:
            return Verdict(first, None, None, first.error or 0.0, True)
        error = (first.error or 0.0) + (second.error or 0.0)
        margin = second.time - first.time
        return Verdict(first, second, margin, error, margin > error)


@dataclass
class _Open:
    """A race being collected."""

    live_at: float
    line: float | None = None
    closes: float | None = None
    first_fair_seen: bool = False
    state: ShowState | None = None
    presses: list[tuple[c.Buzz, bool]] = field(default_factory=list)  # (its command, a false start by its events)


def races(fmt: Format, start: ShowState, entries: Sequence[Entry],
          flags: Callable[[str], PhaseFlags] | None = None) -> list[Race]:
    """Every question's race among `entries` (in effect, oldest first, from the state `start` before the first),
    oldest first; a question without presses has none."""
    flags = flags or (lambda phase: _own_flags(fmt, phase))
    found: list[Race] = []
    state = start
    race: _Open | None = None
    for entry in entries:
        if entry.late:  # refused while the buttons were live (another answered): still a press of the race
            if race is not None and isinstance(entry.command, c.Buzz):
                race.presses.append((entry.command, False))
                race.state = race.state or state
            continue
        before = state
        try:
            state, _ = fmt.handle(before, entry.command)
        except Refused:
            continue  # it applied once; a step that no longer does changes nothing here either
        live = flags(state.phase).buzzers_live
        turned = race is not None and live and fmt.current(state) != fmt.current(before)
        if race is not None and (not live or turned):
            _close(race, found)
            race = None
        if live and race is None:
            race = _Open(live_at=entry.command.at)
        if race is None:
            continue
        line = fmt.false_start_line(state)
        race.line = line if line is not None else race.line
        cmd = entry.command
        kinds = {e.kind for e in entry.events}
        pressed = isinstance(cmd, c.Buzz) and (EventKind.BUZZ in kinds or EventKind.FALSE_START in kinds)
        early = EventKind.FALSE_START in kinds
        if pressed and not early and not race.first_fair_seen:
            race.first_fair_seen = True
            window = before.timer.window  # the clock ran until this press stopped it
            race.closes = window.closes if window is not None else race.closes
        elif not race.first_fair_seen and state.timer.window is not None:
            race.closes = state.timer.window.closes
        if pressed:
            assert isinstance(cmd, c.Buzz)
            race.presses.append((cmd, early))
            race.state = race.state or state
    if race is not None:
        _close(race, found)
    return found


def _own_flags(fmt: Format, phase: str) -> PhaseFlags:
    """A phase's flags: its enum member's own (a format made without its spec's flags, a test's), else the setup's."""
    own = getattr(phase, "flags", None)
    return own if isinstance(own, PhaseFlags) else fmt.setup.flags(phase)


def _close(race: _Open, found: list[Race]) -> None:
    if not race.presses or race.state is None:
        return
    line = race.line
    marks: list[ReplayPress] = []
    for cmd, early in race.presses:
        time = cmd.press_time
        false_start = time < line if line is not None else early
        error = abs(cmd.clock_error) if cmd.clock_error is not None else None
        marks.append(ReplayPress(cmd.team, cmd.player, time, cmd.device, timing_of(cmd.device, timed_on_arrival(cmd)),
                                  error, false_start))
    fair = sorted((m for m in marks if not m.false_start), key=lambda m: (m.time, m.team))
    first = fair[0].time if fair else None
    ranked = [ReplayPress(m.team, m.player, m.time, m.device, m.timing, m.error, False, place=i + 1,
                          margin=m.time - first if first is not None else None) for i, m in enumerate(fair)]
    early_ones = sorted((m for m in marks if m.false_start), key=lambda m: (m.time, m.team))
    opened = line if line is not None else race.live_at
    armed = race.live_at if line is not None and race.live_at < line else None
    found.append(Race(len(found) + 1, opened, armed, race.closes, (*ranked, *early_ones), race.state))


def pick(found: Sequence[Race], back: int) -> Race | None:
    """The race `back` questions before the latest (0: the latest); past the first, the first."""
    if not found:
        return None
    return found[max(0, len(found) - 1 - back)]
