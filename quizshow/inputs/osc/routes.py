"""Routing: an OSC address → the action call it means (spec/osc.md, docs/osc.md).

The one table of the OSC contract. Each address names an action of the action registry (core/actions.py),
the same a key, the presenter, a console button or a box calls; the only rename is the wire's own word
for one of them (`/quiz/board/select` calls `cell`). Numbers on the wire count from 1, the registry's
from 0: a team and a cell are turned here, once. Only kinds and sizes are checked here; whether the
show has the team is the feed's one check (runtime/inputs/presses.py, 404); whether the show's format has
the action, and the arguments of a format's own action, are the registry's to check (runtime/osc/link.py).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass

from quizshow.core.actions import Call, Value
from quizshow.core.limits import MAX_POINTS
from quizshow.inputs.osc.args import MAX_CELL, MAX_PLAYER, Rejected, fires, flag, ints, plain, seconds
from quizshow.inputs.osc.tournament import TOURNAMENT_RESULT, tournament_result

log = logging.getLogger(__name__)

Args = tuple[object, ...]
# a message's values (and its address, for the 400's words) → the call's arguments
Parse = Callable[[Args, str], tuple[Value, ...] | None]  # None: a button's release, ignored


@dataclass(frozen=True)
class Route:
    action: str  # the action registry's name
    parse: Parse = lambda args, address: ()
    button: bool = False  # no argument or 1 fires it; 0 (its release) is ignored


def _flag(args: Args, address: str) -> tuple[Value, ...]:
    return (flag(args, address),)


def _cell(args: Args, address: str) -> tuple[Value, ...]:
    theme, question = ints(args, 2, 2, address, (1, MAX_CELL), "theme, question")
    return (theme - 1, question - 1)


def _player(args: Args, address: str) -> tuple[Value, ...] | None:
    """A press's player, from 1 on the wire (the registry's from 0). 0 (or F) is a button's release:
    None, ignored. T is a press without a player (a button that sends booleans)."""
    if len(args) == 1 and isinstance(args[0], bool):
        return (None,) if args[0] else None
    player = ints(args, 0, 1, address, (0, MAX_PLAYER), "player")
    if player == (0,):
        return None
    return (player[0] - 1 if player else None,)


def _replay(args: Args, address: str) -> tuple[Value, ...]:
    """`i 0/1 [i back]`: the buzz replay on (the latest question with presses, or `back` before it) or off."""
    if len(args) == 2:
        return (flag(args[:1], address), *ints(args[1:], 1, 1, address, (0, MAX_CELL), "back"))
    return (flag(args, address),)


def _points(args: Args, address: str) -> tuple[Value, ...]:
    return ints(args, 1, 1, address, (-MAX_POINTS, MAX_POINTS), "points")


ROUTES: dict[str, Route] = {
    "/quiz/go": Route("go", button=True),
    "/quiz/back": Route("back", button=True),
    "/quiz/undo": Route("undo", button=True),
    "/quiz/timer/start": Route("timer_start", button=True),
    "/quiz/timer/stop": Route("timer_stop", button=True),
    "/quiz/announce": Route("announce", button=True),
    "/quiz/judge/correct": Route("correct", button=True),
    "/quiz/judge/wrong": Route("wrong", button=True),
    "/quiz/timer/add": Route("timer_add", lambda args, address: (seconds(args, address),)),
    "/quiz/board/select": Route("cell", _cell),
    "/quiz/view/scores": Route("scores", _flag),
    "/quiz/view/blank": Route("blank", _flag),
    "/quiz/view/replay": Route("replay", _replay),
    # An event: a result reported by another table (an event format's `report` action).
    TOURNAMENT_RESULT: Route("report", lambda args, address: tournament_result(args)),
}
def _ruling(args: Args, address: str) -> tuple[Value, ...]:
    """A jury's ruling on a team's answer to a question: i question (from 1, as the rating's table numbers its
    columns), i 0/1 (or T/F)."""
    if len(args) != 2:
        raise Rejected(400, f"{address} expects i question, i 0/1")
    (question,) = ints(args[:1], 1, 1, address, (1, MAX_CELL), "question")
    return (question - 1, flag(args[1:], address))


def _disputed(args: Args, address: str) -> tuple[Value, ...]:
    """A disputed answer: i question (from 1), s the team's answer."""
    if len(args) != 2 or not isinstance(args[1], str):
        raise Rejected(400, f"{address} expects i question, s answer")
    (question,) = ints(args[:1], 1, 1, address, (1, MAX_CELL), "question")
    (text,) = plain(args[1:], address)
    return (question - 1, text)


# /quiz/team/N/<what>: the team (from 1 on the wire) comes first in the call, from 0
TEAM = re.compile(r"^/quiz/team/(\d{1,6})/(buzz|score/add|score/set|dispute|verdict|appeal/verdict)$")
TEAM_ROUTES: dict[str, Route] = {
    "buzz": Route("buzz", _player),
    "score/add": Route("score_add", _points),
    "score/set": Route("score_set", _points),
    # The written quiz's jury (docs/written.md «Disputes and appeals», docs/osc.md): from the jury's table.
    "dispute": Route("dispute", _disputed),
    "verdict": Route("dispute_verdict", _ruling),
    "appeal/verdict": Route("appeal_verdict", _ruling),
}
# A format's own action by name (docs/osc.md, "A format's own actions"): its arguments are typed against
# the action registry by the app (runtime/osc/link.py); here only their kinds and sizes.
ACTION = re.compile(r"^/quiz/action/([a-z][a-z0-9_]{0,39})$")


@dataclass(frozen=True)
class Routed:
    """An input address's call; None: a button's release, nothing to do. `format_action`: a format's own
    action by name, its arguments still raw."""

    call: Call | None
    format_action: bool = False


def route(address: str, args: Args) -> Routed | None:
    """The call an input address means (Rejected: 400 for values that do not fit); None: not an input (a
    query, or an unknown address)."""
    fixed = ROUTES.get(address)
    if fixed is not None:
        if fixed.button and not fires(args):
            return Routed(None)
        values = fixed.parse(args, address)
        return Routed(None if values is None else Call(fixed.action, values))
    if found := TEAM.match(address):
        team, what = int(found[1]), TEAM_ROUTES[found[2]]
        values = what.parse(args, address)
        if values is None:
            log.debug("osc: %s %s is a button's release: ignored", address, args)
            return Routed(None)
        return Routed(Call(what.action, (team - 1, *values)))
    if found := ACTION.match(address):
        return Routed(Call(found[1], plain(args, address)), format_action=True)
    return None
