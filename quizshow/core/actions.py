"""One action registry: a key, a presenter click, a console button and an OSC address all name an
action; the action builds the command it means now.

An `ActionDef` has a name, typed arguments and a function building the command from the moment's
context (the state, the time, the amount typed on the console). A `Call` is an action with its
argument values, as bound by the key map or drawn on a console button. Core actions are below;
a format adds its own through its `FormatSpec.actions`. `local` actions (quit, help, the line check, …)
are the app's own and build no command. Pure: no pygame, sockets, threads, files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from quizshow.core import commands as c
from quizshow.core.loose import Args, RulesView
from quizshow.core.state import ShowState

Value = int | float | bool | str | None


@dataclass(frozen=True)
class Call:
    """An action with its argument values: `Call("cell", (0, 2))`."""

    name: str
    args: tuple[Value, ...] = ()


@dataclass(frozen=True)
class Arg:
    name: str
    kind: type  # int, float, bool or str
    optional: bool = False  # may be left out (then None)


@dataclass(frozen=True)
class ActionContext:
    """What a builder may read: the state now, the action's time, the amount typed on the console."""

    state: ShowState
    at: float
    rules: RulesView = field(default_factory=dict)
    amount: int = 0
    typed: str = ""  # the amount as typed ("" : nothing typed yet; "0" was typed)


Build = Callable[[ActionContext, Args], c.Command | None]


@dataclass(frozen=True)
class ActionDef:
    name: str
    build: Build | None = None  # None: a local action of the app (quit, help, …)
    args: tuple[Arg, ...] = ()
    confirm: bool = False  # destructive: a second press within two seconds (the console asks)
    uses_amount: bool = False  # takes the typed amount; it is cleared once the command is accepted
    # > 0: its last argument is a text typed on the console (at most this many characters). Called
    # without it (a console button), the console starts typing; Enter calls it with the text.
    text_max: int = 0

    @property
    def local(self) -> bool:
        return self.build is None


class BadCall(ValueError):
    """A call that does not fit its action (an unknown name, a wrong argument)."""


class ActionRegistry:
    def __init__(self, actions: Iterable[ActionDef] = ()) -> None:
        self._actions: dict[str, ActionDef] = {}
        for action in actions:
            self.add(action)

    def add(self, action: ActionDef) -> None:
        if action.name in self._actions:
            raise ValueError(f"action '{action.name}' is defined twice")
        self._actions[action.name] = action

    def __contains__(self, name: object) -> bool:
        return name in self._actions

    def get(self, name: str) -> ActionDef | None:
        return self._actions.get(name)

    def names(self) -> list[str]:
        return list(self._actions)

    def arguments(self, call: Call) -> dict[str, Value]:
        """The call's arguments by name, checked against the action's types."""
        action = self._actions.get(call.name)
        if action is None:
            raise BadCall(f"unknown action '{call.name}'")
        if len(call.args) > len(action.args) or len(call.args) < sum(not a.optional for a in action.args):
            raise BadCall(f"action '{call.name}' takes {len(action.args)} argument(s), got {len(call.args)}")
        values: dict[str, Value] = {}
        for arg, value in zip(action.args, call.args + (None,) * (len(action.args) - len(call.args)), strict=True):
            if value is None:
                if not arg.optional:
                    raise BadCall(f"action '{call.name}' needs {arg.name}")
            elif arg.kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
                value = float(value)
            elif not isinstance(value, arg.kind) or (arg.kind is int and isinstance(value, bool)):
                raise BadCall(f"action '{call.name}': {arg.name} must be {arg.kind.__name__}")
            values[arg.name] = value
        return values

    def build(self, call: Call, context: ActionContext) -> c.Command | None:
        """The command a (non-local) call means now; None: nothing to do (e.g. Next held after a press)."""
        action = self._actions.get(call.name)
        if action is None or action.build is None:
            raise BadCall(f"'{call.name}' is not an action that builds a command")
        return action.build(context, self.arguments(call))


def _go(x: ActionContext, a: Args) -> c.Command | None:
    guard = float(x.rules.get("next_guard_s", 0.5))
    if x.state.last_buzz_at is not None and 0 <= x.at - x.state.last_buzz_at < guard:
        return None  # the host was already clicking when the buzzer went
    return c.Go(at=x.at)


def _toggle(value: object, current: bool) -> bool:
    return (not current) if value is None else bool(value)


TEAM = Arg("team", int)

# A discipline step of the host's on a team («Затяжка»: `stall`; brainring's appeals and fines): not a core
# action, but one shared definition for every format that rules on discipline (the console's «Затяжка»
# button, display/console/rules.draw_call, calls it by this name).
DISCIPLINE = ActionDef("disc", lambda x, a: c.Discipline(at=x.at, team=a["team"], what=a["what"]),
                       (TEAM, Arg("what", str)))

CORE_ACTIONS: tuple[ActionDef, ...] = (
    ActionDef("go", _go),
    ActionDef("back", lambda x, a: c.Back(at=x.at)),
    ActionDef("timer", lambda x, a: c.TimerStop(at=x.at) if x.state.timer.running else c.TimerStart(at=x.at)),
    ActionDef("timer_start", lambda x, a: c.TimerStart(at=x.at)),
    ActionDef("timer_stop", lambda x, a: c.TimerStop(at=x.at)),
    ActionDef("timer_add", lambda x, a: c.TimerAdd(at=x.at, seconds=a["seconds"]), (Arg("seconds", float),)),
    ActionDef("blank", lambda x, a: c.ViewBlank(at=x.at, on=_toggle(a["on"], x.state.view.blank)),
              (Arg("on", bool, optional=True),)),
    ActionDef("scores", lambda x, a: c.ViewScores(at=x.at, on=_toggle(a["on"], x.state.view.scores)),
              (Arg("on", bool, optional=True),)),
    # The buzz replay (display/replay/): on the latest question with presses, or `back` before it; and one earlier.
    ActionDef("replay", lambda x, a: c.ViewReplay(at=x.at, on=_toggle(a["on"], x.state.view.replay is not None),
                                                  back=a["back"] or 0),
              (Arg("on", bool, optional=True), Arg("back", int, optional=True))),
    ActionDef("replay_earlier", lambda x, a: c.ViewReplay(
        at=x.at, back=0 if x.state.view.replay is None else x.state.view.replay + 1)),
    ActionDef("correct", lambda x, a: c.Judge(at=x.at, correct=True)),
    ActionDef("wrong", lambda x, a: c.Judge(at=x.at, correct=False)),
    ActionDef("undo", lambda x, a: c.Undo(at=x.at)),
    ActionDef("announce", lambda x, a: c.Announce(at=x.at)),
    ActionDef("score_add", lambda x, a: c.ScoreAdd(at=x.at, team=a["team"], points=a["points"]),
              (TEAM, Arg("points", int))),
    ActionDef("score_set", lambda x, a: c.ScoreSet(at=x.at, team=a["team"], points=a["points"]),
              (TEAM, Arg("points", int))),
    # The app's own: a team's buzzer (the line check may take it), the operator's switches.
    ActionDef("buzz", args=(TEAM, Arg("player", int, optional=True))),
    ActionDef("quit"),
    ActionDef("help"),
    ActionDef("escape"),  # closes what covers the console (help, a prompt); never starts anything
    ActionDef("start_over"),  # «Начать заново»: twice within 2 s
    ActionDef("linecheck"),
    ActionDef("assign"),
    ActionDef("osc_admit"),  # «Впустить»: the OSC desk refused at /quiz/connect most recently is let in
    ActionDef("follow_admit"),  # «Впустить экран»: the follower screen kept out by others' guessing is let in
    # Phones (runtime/web/phones.py): the projector's «Подключение игроков» on and off, the console's panel of
    # codes, and letting a seat's waiting second phone take it (the seat's key, «3» or «3.2»).
    ActionDef("join"),
    ActionDef("phone_codes"),
    ActionDef("phone_accept", args=(Arg("seat", str),)),
    ActionDef("phone_stake", args=(TEAM, Arg("value", int))),  # a phone's stake: the format's bid/stake/catvalue
    ActionDef("amount", args=(Arg("edit", str),)),  # a digit, back, clear or +N
    ActionDef("noop"),
)


def registry_for(extra: Iterable[ActionDef]) -> ActionRegistry:
    """The core actions plus a format's own (a name defined twice is an error)."""
    return ActionRegistry([*CORE_ACTIONS, *extra])
