"""OSC requests (inputs/osc.py, spec/osc.md) → the same action calls as a key or a console button, and
the reply to the sender: 200, or 409 with why not."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import Any

from quizshow.core.actions import ActionRegistry, Call
from quizshow.core.engine import Outcome
from quizshow.core.limits import MAX_POINTS
from quizshow.inputs.osc import OscRequest

# Request kind -> the action call it means, from the message's values (teams and cells 1-based on the wire).
OSC_CALLS: dict[str, Callable[[list[Any]], Call]] = {
    "go": lambda v: Call("go"), "back": lambda v: Call("back"), "undo": lambda v: Call("undo"),
    "timer_start": lambda v: Call("timer_start"), "timer_stop": lambda v: Call("timer_stop"),
    "announce": lambda v: Call("announce"), "correct": lambda v: Call("correct"), "wrong": lambda v: Call("wrong"),
    "score_add": lambda v: Call("score_add", (v[0] - 1, v[1])),
    "score_set": lambda v: Call("score_set", (v[0] - 1, v[1])),
    "timer_add": lambda v: Call("timer_add", (float(v[0]),)),
    "select": lambda v: Call("cell", (v[0] - 1, v[1] - 1)),
    "scores": lambda v: Call("scores", (bool(v[0]),)), "blank": lambda v: Call("blank", (bool(v[0]),)),
    "buzz": lambda v: Call("buzz", (v[0] - 1, v[1] if len(v) > 1 else None)),
}

Apply = Callable[[Call, float, str], Outcome | None]
Reply = Callable[[Any, str, int, str], None]


class NotACall(Exception):
    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code


def format_call(name: str, values: list[Any], actions: ActionRegistry, own: Collection[str], teams: int) -> Call:
    """`/quiz/action/<name> args…` → the call of one of the format's own actions, its arguments typed as the
    registry declares them: a team from 1 (as in every address), any other number as the action counts it,
    a flag 0/1, a text. Not an action of the format: 404; arguments that do not fit: 400."""
    definition = actions.get(name)
    if definition is None or name not in own:
        raise NotACall(404, f"the format has no action '{name}'")
    if definition.uses_amount:
        raise NotACall(409, f"'{name}' takes the amount typed on the console; over OSC use score/add or score/set")
    needed = sum(not arg.optional for arg in definition.args) + (1 if definition.text_max else 0)
    if not min(needed, len(definition.args)) <= len(values) <= len(definition.args):
        wanted = ", ".join(f"{arg.kind.__name__} {arg.name}" + ("?" if arg.optional else "") for arg in definition.args)
        raise NotACall(400, f"'{name}' takes ({wanted}), got {len(values)} argument(s)")
    args: list[Any] = []
    for arg, value in zip(definition.args, values, strict=False):
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) \
            and math.isfinite(value) and abs(value) <= MAX_POINTS else None  # (the edge checked it too)
        if arg.kind is int and number is not None and float(number).is_integer():
            value = int(number)
            if arg.name == "team":
                if not 1 <= value <= teams:
                    raise NotACall(404, f"there is no team {value} (teams are 1 to {teams})")
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
    if req.kind == "action":
        try:
            call = format_call(req.values[0], list(req.values[1:]), actions, own, teams)
        except NotACall as why:
            reply(req.sender, req.address, why.code, str(why))
            return
    else:
        call = OSC_CALLS[req.kind](list(req.values))
    why: str | None = None
    outcome: Outcome | None = None
    if call.name == "buzz" and not 0 <= int(call.args[0] or 0) < teams:
        reply(req.sender, req.address, 409, f"there is no team {req.values[0]}")
        return
    if call.name not in actions:
        why = f"/{req.kind} is not used by format {format_name}"
    else:
        outcome = apply(call, req.at, "osc")
        if outcome is None and call.name == "go":
            why = "Next is held for a moment after a press"
        elif outcome is None and req.kind == "action" and getattr(actions.get(call.name), "confirm", False):
            why = "send it again within 2 s to confirm"  # a destructive action: the second call does it
    if outcome is not None and outcome.refused:
        why = outcome.refused
    reply(req.sender, req.address, 409 if why else 200, why or "ok")
