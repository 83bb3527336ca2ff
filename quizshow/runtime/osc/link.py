"""An OSC request (inputs/osc, spec/osc.md) carries its action call (inputs/osc/routes.py, the one table
from an address to an action). A team's buzzer (`/quiz/team/N/buzz`) is delivered to the feed as a `Press`
like every source's; any other request is applied like a key's or a console button's. Each is replied to
its sender: 200, 404 for a team the show does not have (the feed's one check), or 409 with why not. A
format's own action (`/quiz/action/<name>`) is typed here against the action registry."""

from __future__ import annotations

import errno
import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from quizshow.config import OscConfig
from quizshow.core.actions import ActionRegistry, Call, Value
from quizshow.core.clock import Clock
from quizshow.core.engine import Outcome
from quizshow.core.limits import MAX_POINTS
from quizshow.core.loose import Args
from quizshow.core.state import ShowState
from quizshow.i18n import Say
from quizshow.inputs.messages import Action, Address, OscRequest, Press, Seat
from quizshow.inputs.osc import OscServer
from quizshow.outputs.osc_out import OscOut
from quizshow.runtime.inputs.presses import reply_code

Apply = Callable[[Action], Outcome | None]
Reply = Callable[[Address, str, int, str], None]


class NotACall(Exception):
    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code


def format_call(name: str, values: Sequence[object], actions: ActionRegistry, own: Collection[str]) -> Call:
    """`/quiz/action/<name> args…` → the call of one of the format's own actions, its arguments typed as the
    registry declares them: a team and a player from 1 (as in every address), any other number as the action
    counts it, a flag 0/1 (or T/F), a text. Not an action of the format: 404; arguments that do not fit: 400.
    Whether the show has the team is the feed's one check (runtime/inputs/presses.py), when it is applied."""
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


def answer(req: OscRequest, actions: ActionRegistry, format_name: str, apply: Apply, reply: Reply,
           own: Collection[str] = ()) -> None:
    """Apply one OSC request as its action call and reply to its sender. `own`: the format's own
    actions, which `/quiz/action/<name>` may call."""
    call = req.call
    if req.format_action:
        try:
            call = format_call(call.name, list(call.args), actions, own)
        except NotACall as wrong:
            reply(req.sender, req.address, wrong.code, str(wrong))
            return
    why: str | None = None
    outcome: Outcome | None = None
    if call.name not in actions:
        why = f"{req.address} is not used by format {format_name}"
    else:
        outcome = apply(Action(call.name, req.at, "osc", call.args))
        if outcome is None and call.name == "go":
            why = "Next is held for a moment after a press"
        elif outcome is None and req.format_action and getattr(actions.get(call.name), "confirm", False):
            why = "send it again within 2 s to confirm"  # a destructive action: the second call does it
    if outcome is not None and outcome.refused:
        why = outcome.refused
    reply(req.sender, req.address, reply_code(outcome) if outcome is not None and outcome.refused else
          409 if why else 200, why or "ok")


def replied(req: OscRequest, reply: Reply) -> Callable[[Outcome | None], None]:
    """The `done` of a press from an OSC desk: its reply (200 when the line check took it)."""
    def done(outcome: Outcome | None) -> None:
        reply(req.sender, req.address, reply_code(outcome), outcome.refused if outcome and outcome.refused else "ok")
    return done


@dataclass(frozen=True)
class OscPorts:
    """What the OSC link is given of the show (the composition root wires them)."""

    config: OscConfig
    actions: ActionRegistry
    own_actions: frozenset[str]  # the format's own: what /quiz/action/<name> may call
    format_name: str
    now: Callable[[], float]  # show time
    clock: Clock  # the machine's (the desks' feedback ticks)
    state: Callable[[], ShowState]
    deliver: Callable[[object], None]  # a request, a desk's press: to the feed
    apply: Apply  # an action call through the controls
    notice: Callable[[str, str], None]
    say: Say


class OscLink:
    """The show's OSC: the server at the door (inputs/osc), the feedback to the desks (outputs/osc_out),
    a request's reply, the desks' subscriptions, «Впустить» and the console's OSC lines. A port that is
    taken costs OSC only: the show goes on and says so."""

    def __init__(self, ports: OscPorts, port: int | None) -> None:
        self.ports = ports
        config = ports.config
        self.out = OscOut(config)
        self.server: OscServer | None = None
        try:
            self.server = OscServer(config, self._arrived, ports.now,
                                    lambda key, **values: ports.notice(ports.say(key, **values), "problem"),
                                    lambda to: self.out.state(ports.state(), ports.now(), to),
                                    self._subscribe, port=port, appeared=self._appeared).start()
        except OSError as why:  # the port is taken: the show goes on without OSC, and says so in words
            wanted = config.listen[1] if port is None else port
            if why.errno == errno.EADDRINUSE:
                ports.notice(ports.say("console.osc_port_busy", port=wanted), "problem")
            else:
                ports.notice(ports.say("console.osc_cannot_listen", host=config.listen[0], port=wanted,
                                       why=why.strerror or why), "problem")
        except (OverflowError, ValueError) as why:  # a port out of range from a caller (the command line checks)
            wanted = config.listen[1] if port is None else port
            ports.notice(ports.say("console.osc_cannot_listen", host=config.listen[0], port=wanted, why=why),
                         "problem")
        # The feedback targets get the whole state once at start, not only the changes to come.
        self.out.state(ports.state(), ports.now())

    def _arrived(self, req: OscRequest) -> None:
        """A request past the door (the server's thread) to the feed: a team's buzzer as a `Press` timed by
        its arrival, replied when applied; any other request as it is (`request`)."""
        call = req.call
        if call.name == "buzz" and not req.format_action and self.server is not None:
            team, player = (*call.args, None)[:2]
            if isinstance(team, int) and isinstance(player, (int, type(None))):
                self.ports.deliver(Press(Seat(team, player), req.at, "osc", req.at,
                                         done=replied(req, self.server.reply)))
                return
        self.ports.deliver(req)

    def _appeared(self, sender: Address) -> None:
        """The first datagram from a host: a feedback target on that machine (a desk started after the show)
        gets the whole state (the server's thread)."""
        state, now = self.ports.state(), self.ports.now()
        for target in self.out.config.feedback:
            if target[0] == sender[0]:
                self.out.state(state, now, target)
        for target in self.out.config.companion:
            if target[0] == sender[0]:
                self.out.companion_state(state, now, target)

    def _subscribe(self, sender: Address, on: bool) -> None:
        if on:
            self.out.subscribers.add(sender)
            self.out.state(self.ports.state(), self.ports.now(), sender)
        else:
            self.out.subscribers.discard(sender)

    def request(self, req: OscRequest) -> None:
        """An OSC input (the feed's handler): the same action as the presenter's or the console's; replied."""
        if self.server is None:
            return
        ports = self.ports
        answer(req, ports.actions, ports.format_name, ports.apply, self.server.reply, ports.own_actions)

    def out_changed(self, outcome: Outcome, now: float) -> None:
        """A direct sink: the desks' feedback and cues for a change of the show, at once."""
        if outcome.changed:
            self.out.events(outcome.events)
            self.out.state(outcome.state, now)

    def tick(self, state: ShowState) -> None:
        """Once a frame: the desks' running clock and their companions' feedback."""
        self.out.tick(state, self.ports.now(), self.ports.clock.monotonic())

    def admit(self, args: Args, action: Action) -> None:
        """«Впустить» (the console's local action): the desk refused at /quiz/connect most recently is let
        in, whatever the back-off (inputs/osc/access.py `admit`)."""
        admitted = self.server.admit() if self.server is not None else None
        if admitted is not None:
            self.ports.notice(self.ports.say("console.osc_admitted", host=admitted[0], port=admitted[1]), "info")

    def knocking(self) -> str | None:
        """The console's «Впустить …» while a desk is refused its passcode (only where there is one)."""
        if self.server is None or not self.ports.config.passcode:
            return None
        knocking = self.server.latest_knocking()
        return None if knocking is None else self.ports.say("console.osc_admit", host=knocking[0], port=knocking[1])

    def device_lines(self) -> list[tuple[str, bool]]:
        """The console's OSC lines: where it listens and to how many, then any source's lost messages."""
        if self.server is None:
            return []
        say, (host, port) = self.ports.say, self.server.address
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
