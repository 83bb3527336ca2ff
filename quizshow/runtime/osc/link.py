"""An OSC request (inputs/osc, spec/osc.md) carries its action call (inputs/osc/routes.py, the one table
from an address to an action): applied like a key's or a console button's, and replied to its sender:
200, or 409 with why not. A format's own action (`/quiz/action/<name>`) is typed here against the
action registry."""

from __future__ import annotations

import errno
import math
from collections.abc import Callable, Collection, Sequence
from typing import Protocol

from quizshow.config import ShowConfig
from quizshow.core.actions import ActionRegistry, Call, Value
from quizshow.core.clock import ShowClock
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Format
from quizshow.core.limits import MAX_POINTS
from quizshow.core.loose import Args
from quizshow.core.spec import FormatSpec, Phase
from quizshow.inputs.messages import Action, Address, OscRequest
from quizshow.inputs.osc import OscServer
from quizshow.outputs.osc_out import OscOut

Apply = Callable[[Call, float, str], Outcome | None]
Reply = Callable[[Address, str, int, str], None]


class NotACall(Exception):
    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code


def format_call(name: str, values: Sequence[object], actions: ActionRegistry, own: Collection[str], teams: int) -> Call:
    """`/quiz/action/<name> args…` → the call of one of the format's own actions, its arguments typed as the
    registry declares them: a team and a player from 1 (as in every address), any other number as the action
    counts it, a flag 0/1 (or T/F), a text. Not an action of the format: 404; arguments that do not fit: 400."""
    definition = actions.get(name)
    if definition is None or name not in own:
        raise NotACall(404, f"the format has no action '{name}'")
    if definition.uses_amount:
        raise NotACall(409, f"'{name}' takes the amount typed on the console; over OSC use score/add or score/set")
    needed = sum(not arg.optional for arg in definition.args) + (1 if definition.text_max else 0)
    if not min(needed, len(definition.args)) <= len(values) <= len(definition.args):
        wanted = ", ".join(f"{arg.kind.__name__} {arg.name}" + ("?" if arg.optional else "") for arg in definition.args)
        raise NotACall(400, f"'{name}' takes ({wanted}), got {len(values)} argument(s)")
    args: list[Value] = []
    for arg, value in zip(definition.args, values, strict=False):
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) \
            and math.isfinite(value) and abs(value) <= MAX_POINTS else None  # (the edge checked it too)
        if arg.kind is int and number is not None and float(number).is_integer():
            value = int(number)
            if arg.name == "team":
                if not 1 <= value <= teams:
                    raise NotACall(404, f"there is no team {value} (teams are 1 to {teams})")
                value -= 1
            elif arg.name == "player":  # players count from 1 on the wire too (the console's from 0)
                if value < 1:
                    raise NotACall(400, f"'{name}': players count from 1 (1 is the first)")
                value -= 1
        elif arg.kind is bool and (isinstance(value, bool) or number in (0, 1)):
            value = bool(value)
        elif arg.kind is float and number is not None:
            value = float(number)
        elif arg.kind is str and isinstance(value, str):
            if definition.text_max and len(value) > definition.text_max:
                raise NotACall(400, f"'{name}': {arg.name} has at most {definition.text_max} characters")
        else:
            raise NotACall(400, f"'{name}': {arg.name} must be {arg.kind.__name__}")
        args.append(value)
    return Call(name, tuple(args))


def answer(req: OscRequest, actions: ActionRegistry, teams: int, format_name: str, apply: Apply,
           reply: Reply, own: Collection[str] = ()) -> None:
    """Apply one OSC request as its action call and reply to its sender. `own`: the format's own
    actions, which `/quiz/action/<name>` may call."""
    call = req.call
    if req.format_action:
        try:
            call = format_call(call.name, list(call.args), actions, own, teams)
        except NotACall as wrong:
            reply(req.sender, req.address, wrong.code, str(wrong))
            return
    why: str | None = None
    outcome: Outcome | None = None
    team = call.args[0] if call.name == "buzz" and call.args else None
    if isinstance(team, int) and not 0 <= team < teams:
        reply(req.sender, req.address, 409, f"there is no team {team + 1}")
        return
    if call.name not in actions:
        why = f"{req.address} is not used by format {format_name}"
    else:
        outcome = apply(call, req.at, "osc")
        if outcome is None and call.name == "go":
            why = "Next is held for a moment after a press"
        elif outcome is None and req.format_action and getattr(actions.get(call.name), "confirm", False):
            why = "send it again within 2 s to confirm"  # a destructive action: the second call does it
    if outcome is not None and outcome.refused:
        why = outcome.refused
    reply(req.sender, req.address, 409 if why else 200, why or "ok")


class OscHost(Protocol):
    """What the OSC link needs from the show (the composition root provides it)."""

    config: ShowConfig
    actions: ActionRegistry
    spec: FormatSpec[Format, object, Phase]
    clock: ShowClock

    @property
    def engine(self) -> Engine: ...

    def deliver(self, item: object) -> None: ...
    def call(self, call: Call, at: float, source: str) -> Outcome | None: ...
    def notice(self, text: str, level: str = "problem") -> None: ...
    def say(self, key: str, **values: object) -> str: ...


class OscLink:
    """The show's OSC: the server at the door (inputs/osc), the feedback to the desks (outputs/osc_out),
    a request's reply, the desks' subscriptions, «Впустить» and the console's OSC lines. A port that is
    taken costs OSC only: the show goes on and says so."""

    def __init__(self, host: OscHost, port: int | None) -> None:
        self.host = host
        config = host.config.devices.osc
        self.out = OscOut(config)
        self.server: OscServer | None = None
        self.own_actions = frozenset(action.name for action in host.spec.actions)  # /quiz/action/<name>
        try:
            self.server = OscServer(config, host.deliver, host.clock.now,
                                    lambda key, **values: host.notice(host.say(key, **values)),
                                    lambda to: self.out.state(host.engine.state, host.clock.now(), to),
                                    self._subscribe, port=port, teams=len(host.config.teams),
                                    appeared=self._appeared).start()
        except OSError as why:  # the port is taken: the show goes on without OSC, and says so in words
            wanted = config.listen[1] if port is None else port
            if why.errno == errno.EADDRINUSE:
                host.notice(host.say("console.osc_port_busy", port=wanted))
            else:
                host.notice(host.say("console.osc_cannot_listen", host=config.listen[0], port=wanted,
                                     why=why.strerror or why))
        except (OverflowError, ValueError) as why:  # a port out of range from a caller (the command line checks)
            wanted = config.listen[1] if port is None else port
            host.notice(host.say("console.osc_cannot_listen", host=config.listen[0], port=wanted, why=why))
        # The feedback targets get the whole state once at start, not only the changes to come.
        self.out.state(host.engine.state, host.clock.now())

    def _appeared(self, sender: Address) -> None:
        """The first datagram from a host: a feedback target on that machine (a desk started after the show)
        gets the whole state (the server's thread)."""
        state, now = self.host.engine.state, self.host.clock.now()
        for target in self.out.config.feedback:
            if target[0] == sender[0]:
                self.out.state(state, now, target)
        for target in self.out.config.companion:
            if target[0] == sender[0]:
                self.out.companion_state(state, now, target)

    def _subscribe(self, sender: Address, on: bool) -> None:
        if on:
            self.out.subscribers.add(sender)
            self.out.state(self.host.engine.state, self.host.clock.now(), sender)
        else:
            self.out.subscribers.discard(sender)

    def request(self, req: OscRequest) -> None:
        """An OSC input: the same action as the presenter's or the console's; replied."""
        if self.server is None:
            return
        host = self.host
        answer(req, host.actions, len(host.engine.state.teams), host.spec.name, host.call, self.server.reply,
               self.own_actions)

    def admit(self, args: Args, action: Action) -> None:
        """«Впустить» (the console's local action): the desk refused at /quiz/connect most recently is let
        in, whatever the back-off (inputs/osc/access.py `admit`)."""
        admitted = self.server.admit() if self.server is not None else None
        if admitted is not None:
            self.host.notice(self.host.say("console.osc_admitted", host=admitted[0], port=admitted[1]), "info")

    def knocking(self) -> str | None:
        """The console's «Впустить …» while a desk is refused its passcode (only where there is one)."""
        if self.server is None or not self.host.config.devices.osc.passcode:
            return None
        knocking = self.server.latest_knocking()
        return None if knocking is None else self.host.say("console.osc_admit", host=knocking[0], port=knocking[1])

    def device_lines(self) -> list[tuple[str, bool]]:
        """The console's OSC lines: where it listens and to how many, then any source's lost messages."""
        if self.server is None:
            return []
        say, (host, port) = self.host.say, self.server.address
        lines = [(say("console.osc", host=host, port=port, peers=len(self.server.peers)), True)]
        lines += [(say("console.osc_malformed", count=count, host=source), False)
                  for source, count in self.server.malformed_by_source()]
        lines += [(say("console.osc_dropped", count=count, host=source), False)
                  for source, count in self.server.flood_counts()]
        return lines

    def close(self) -> None:
        if self.server is not None:
            self.server.stop()
        self.out.close()
