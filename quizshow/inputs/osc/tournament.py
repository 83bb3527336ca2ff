"""A tournament day (issue 16): another table reports the result of the match it played.

/quiz/tournament/result s FIXTURE i SCORE_A i SCORE_B [s OUTCOME]: the scores follow the fixture's teams
(red table first); OUTCOME is win | draw | disqualified (default: from the scores). Needs the passcode.
"""

from __future__ import annotations

import re

from quizshow.inputs.osc.args import Rejected, whole

TOURNAMENT_RESULT = "/quiz/tournament/result"
FIXTURE_ID = re.compile(r"[A-Z]{1,3}[0-9]{0,3}")  # the whole text (fullmatch: "A3\n" is not a fixture)
OUTCOMES = ("win", "draw", "disqualified")
MAX_SCORE = 1000


def tournament_result(args: tuple[object, ...]) -> tuple[str | int, ...]:
    """The values of a reported result, checked at the door (400 with what was expected)."""
    expected = "expected s fixture, i score, i score [, s win|draw|disqualified]"
    fixture = args[0] if args else None
    if not 3 <= len(args) <= 4 or not isinstance(fixture, str) or not FIXTURE_ID.fullmatch(fixture):
        raise Rejected(400, expected)
    scores = [whole(v) for v in args[1:3]]  # a whole float is an i, as everywhere (TouchOSC sends f)
    checked = [v for v in scores if v is not None and 0 <= v <= MAX_SCORE]
    if len(checked) != 2:
        raise Rejected(400, expected)
    outcome = args[3] if len(args) == 4 else None
    if outcome is not None and outcome not in OUTCOMES:
        raise Rejected(400, expected)
    return (fixture, *checked) if outcome is None else (fixture, *checked, str(outcome))
