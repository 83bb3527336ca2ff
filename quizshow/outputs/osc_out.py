"""OSC out (spec/osc.md): events twice (generic, and with the team or round in the path), state on
change and on request, a heartbeat and the remaining time once a second, and the show file's cue
templates in each desk's own language. Sending is a non-blocking UDP send: it never holds a frame.
"""

from __future__ import annotations

import logging
import socket
from dataclasses import dataclass, field

from pythonosc.osc_message_builder import OscMessageBuilder

from quizshow.config import OscConfig
from quizshow.core.effects import Event, EventKind
from quizshow.core.state import ShowState

log = logging.getLogger(__name__)

Address = tuple[str, int]


INT32 = (-2**31, 2**31 - 1)
FLOAT32_MAX = 3.4028234663852886e38


def message(address: str, *args: object) -> bytes:
    """An OSC message with ints as `i`, floats as `f` and text as `s` (flags are ints, never T/F).
    A number too large for its 32-bit type goes as `h` or `d` (64-bit) rather than not at all: a reply
    or a state message is never lost to a number (the core bounds them; this is the last guard)."""
    builder = OscMessageBuilder(address=address)
    for arg in args:
        if isinstance(arg, bool):
            builder.add_arg(int(arg), "i")
        elif isinstance(arg, int):
            if INT32[0] <= arg <= INT32[1]:
                builder.add_arg(arg, "i")
            elif -2**63 <= arg < 2**63:
                builder.add_arg(arg, "h")
            else:
                builder.add_arg(str(arg), "s")
        elif isinstance(arg, float):
            builder.add_arg(arg, "d" if abs(arg) > FLOAT32_MAX else "f")  # NaN stays `f`
        else:
            builder.add_arg(str(arg), "s")
    return builder.build().dgram


def event_messages(event: Event) -> list[tuple[str, tuple]]:
    """The OSC messages of one effect; teams, rounds and players numbered from 1."""
    kind = event.kind
    team = (event.team + 1) if event.team is not None else 0
    name = event.name or ""
    out: list[tuple[str, tuple]] = []
    if kind == EventKind.BUZZ:
        args: tuple[object, ...] = (team, name, float(event.margin_s or 0.0))
        out += [("/quiz/out/event/buzz", args), (f"/quiz/out/event/team/{team}/buzz", args)]
        if event.number is not None and event.player is not None:  # a press with its place in a press queue
            out.append(("/quiz/out/event/queue",
                        (event.number + 1, team, event.player + 1, float(event.margin_s or 0.0))))
    elif kind == EventKind.FALSE_START:
        args = (team, name)
        out += [("/quiz/out/event/false_start", args), (f"/quiz/out/event/team/{team}/false_start", args)]
    elif kind in (EventKind.CORRECT, EventKind.WRONG):
        args = (team, int(event.points or 0), int(event.score or 0))
        out += [(f"/quiz/out/event/{kind.value}", args), (f"/quiz/out/event/team/{team}/{kind.value}", args)]
    elif kind == EventKind.ANNOUNCE:
        out.append(("/quiz/out/event/announce", ()))
    elif kind == EventKind.TIMER_START:
        out.append(("/quiz/out/event/timer/start", (float(event.seconds or 0.0),)))
    elif kind == EventKind.TIMER_WARNING:
        out.append(("/quiz/out/event/timer/warning", (int(round(event.seconds or 0)),)))
    elif kind == EventKind.TIMER_EXPIRED:
        out.append(("/quiz/out/event/timer/expired", ()))
    elif kind == EventKind.QUESTION:
        out.append(("/quiz/out/event/question", ((event.round or 0) + 1, (event.number or 0) + 1,
                                                  event.question_kind or "regular")))
    elif kind == EventKind.REVEAL:
        out.append(("/quiz/out/event/reveal", ()))
    elif kind == EventKind.ROUND_START:
        number = (event.round or 0) + 1
        out += [(f"/quiz/out/event/round/{number}/start", (number, name)),
                ("/quiz/out/event/round/start", (number, name))]
    elif kind == EventKind.FINAL_START:
        out.append(("/quiz/out/event/final/start", ()))
    elif kind == EventKind.WINNER:
        out.append(("/quiz/out/event/winner", (team, name)))
    elif kind == EventKind.ASKED:  # the host asks this press of the queue now
        out.append(("/quiz/out/event/asked", ((event.number or 0) + 1, team, (event.player or 0) + 1, name,
                                              float(event.margin_s or 0.0))))
    elif kind == EventKind.CHOICE:  # an answerer chooses who leaves
        out.append(("/quiz/out/event/choice", (team, (event.player or 0) + 1, name)))
    elif kind == EventKind.PLAYER_OUT:  # a player leaves; score = players the team has left
        args = (team, (event.player or 0) + 1, name, int(event.score or 0))
        out += [("/quiz/out/event/player/out", args), (f"/quiz/out/event/team/{team}/player/out", args)]
    elif kind == EventKind.MATCH_RESULT and event.round is not None:  # a bout (a numbered match) is over (0: both out)
        out.append(("/quiz/out/event/bout/result", (event.round + 1, team, name)))
    return out


def companion_variable(address: str) -> str:
    """A state address as a Bitfocus Companion custom variable's name (docs/osc.md, the Companion recipe):
    /quiz/out/state/team/2/score → quiz_score2, /quiz/out/state/timer/remaining → quiz_remaining."""
    parts = address.removeprefix("/quiz/out/state/").split("/")
    if parts[0] == "team":  # team/N/score
        return f"quiz_{parts[2]}{parts[1]}"
    return f"quiz_{parts[-1]}"


def state_messages(state: ShowState, now: float) -> dict[str, tuple]:
    """Every state message, by address: what the hall is shown (a press being settled is not told yet)."""
    state = state.hall
    found: dict[str, tuple] = {"/quiz/out/state/phase": (state.phase,)}
    for i, team in enumerate(state.teams, start=1):
        found[f"/quiz/out/state/team/{i}/score"] = (int(team.score),)
        found[f"/quiz/out/state/team/{i}/name"] = (team.name,)
    found["/quiz/out/state/buzzed"] = ((state.answering + 1) if state.answering is not None else 0,)
    found["/quiz/out/state/timer/running"] = (int(state.timer.running),)
    found["/quiz/out/state/timer/remaining"] = (round(float(state.timer.remaining(now)), 3),)
    return found


@dataclass
class OscOut:
    config: OscConfig
    subscribers: set[Address] = field(default_factory=set)
    sent: int = 0
    failed: int = 0
    heartbeats: int = 0

    def __post_init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setblocking(False)
        self._last_state: dict[str, tuple] = {}
        self._next_second: float | None = None

    @property
    def targets(self) -> set[Address]:
        return set(self.config.feedback) | self.subscribers

    def send(self, to: Address, address: str, args: tuple = (), data: bytes | None = None) -> None:
        try:
            self.sock.sendto(data or message(address, *args), to)
            self.sent += 1
        except (BlockingIOError, OSError) as why:  # a full buffer or a gone desk: never the show's problem
            self.failed += 1
            log.debug("osc: send to %s failed: %s", to, why)

    def broadcast(self, address: str, args: tuple = ()) -> None:
        targets = self.targets
        if targets:
            data = message(address, *args)  # built once for every desk
            for target in targets:
                self.send(target, address, args, data)
        if self.config.companion and address.startswith("/quiz/out/state/"):
            self._to_companion(address, args, self.config.companion)

    def _to_companion(self, address: str, args: tuple, targets: tuple[Address, ...]) -> None:
        """A state message in Companion's own words: its OSC API sets custom variable NAME by
        `/custom-variable/NAME/value` (companion/lib/Service/OscApi.ts)."""
        translated = f"/custom-variable/{companion_variable(address)}/value"
        data = message(translated, *args)
        for target in targets:
            self.send(target, translated, args, data)

    def companion_state(self, state: ShowState, now: float, to: Address) -> None:
        """The whole state as Companion's custom variables, to one Companion (its machine came up late)."""
        for address, args in state_messages(state, now).items():
            self._to_companion(address, args, (to,))

    def events(self, events: list[Event]) -> None:
        for event in events:
            for address, args in event_messages(event):
                self.broadcast(address, args)
            self._cues(event)

    def _cues(self, event: Event) -> None:
        cues = self.config.cues.get(event.kind.value, ())
        if not cues:
            return
        values = {"team": (event.team + 1) if event.team is not None else 0, "score": event.score or 0,
                  "points": event.points or 0, "round": (event.round or 0) + 1, "name": event.name or "",
                  "player": (event.player or 0) + 1}
        for cue in cues:
            try:
                address = cue.address.format(**values)
            except (KeyError, IndexError, ValueError):
                address = cue.address
            self.send(cue.to, address)

    def state(self, state: ShowState, now: float, to: Address | None = None) -> None:
        """Changed state messages to everyone, or all of them to one (on request, a new subscriber)."""
        current = state_messages(state, now)
        if to is not None:
            for address, args in current.items():
                self.send(to, address, args)
            return
        for address, args in current.items():
            if address == "/quiz/out/state/timer/remaining" and state.timer.running:
                continue  # a running clock is sent once a second (tick), not every frame
            if self._last_state.get(address) != args:
                self.broadcast(address, args)
        self._last_state = current

    def tick(self, state: ShowState, now: float, wall: float) -> None:
        """Once a second: the heartbeat, and the remaining time while the clock runs."""
        if self._next_second is None:
            self._next_second = wall
        if wall < self._next_second:
            return
        self._next_second = wall + 1.0
        self.heartbeats += 1
        self.broadcast("/quiz/out/heartbeat", (self.heartbeats,))
        if state.timer.running:
            self.broadcast("/quiz/out/state/timer/remaining", (round(float(state.timer.remaining(now)), 3),))

    def close(self) -> None:
        self.sock.close()
