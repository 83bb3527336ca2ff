"""Effects: what the outside world should do after a command (sound, OSC, lamps, animations).

The engine only describes them; the app executes them after the command is journalled.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class EventKind(StrEnum):
    BUZZ = "buzz"
    FALSE_START = "false_start"
    CORRECT = "correct"
    WRONG = "wrong"
    ANNOUNCE = "announce"
    TIMER_START = "timer/start"
    TIMER_STOP = "timer/stop"
    TIMER_WARNING = "timer/warning"
    TIMER_EXPIRED = "timer/expired"
    QUESTION = "question"
    REVEAL = "reveal"
    ROUND_START = "round/start"
    ROUND_END = "round/end"  # the host ended a round early (round: its number, name: its name)
    FINAL_START = "final/start"
    WINNER = "winner"
    TEAM_REMOVED = "team/removed"  # discipline: a team is out of the match
    MATCH_RESULT = "match/result"  # team: the winner (None: a draw or both disqualified)
    SCORE = "score"  # a manual score change by the host
    LOT = "lot"  # a draw by lot
    STAGE = "stage"  # a tournament day's step: name is play | close | draw | pick (a match starts or ends)
    ASKED = "asked"  # the host asks this player of the press queue now (number: the place in the queue)
    CHOICE = "choice"  # an answerer chooses an opponent (who leaves the game)
    PLAYER_OUT = "player/out"  # a player leaves the game (score: players the team has left)


@dataclass(frozen=True)
class Event:
    """One thing that happened; optional fields are filled where the kind needs them."""

    kind: EventKind
    team: int | None = None  # 0-based
    player: int | None = None  # 0-based in the team's roster, when known
    points: int | None = None
    score: int | None = None
    margin_s: float | None = None  # behind the first press of the question
    seconds: float | None = None
    round: int | None = None  # 0-based
    number: int | None = None  # 0-based question number within the round
    question_kind: str | None = None  # regular, cat, auction, sponsor, final
    name: str | None = None
    by: str | None = None  # who made it happen, when not the one it names (a duel's chooser, for the journal)
