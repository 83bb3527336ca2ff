"""OSC requests (inputs/osc.py, spec/osc.md) → the same action calls as a key or a console button, and
the reply to the sender: 200, or 409 with why not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from quizshow.core.actions import ActionRegistry, Call
from quizshow.core.engine import Outcome
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


def answer(req: OscRequest, actions: ActionRegistry, teams: int, format_name: str, apply: Apply,
           reply: Reply) -> None:
    """Apply one OSC request as its action call and reply to its sender."""
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
    if outcome is not None and outcome.refused:
        why = outcome.refused
    reply(req.sender, req.address, 409 if why else 200, why or "ok")
