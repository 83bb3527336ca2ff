"""The event's state and commands (journal names `tournament.<Name>`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from quizshow.core import commands as c
from quizshow.core.loose import Rules
from quizshow.core.phases import Phase, PhaseFlags
from quizshow.core.state import ShowState
from quizshow.event.model import Correction, Day, EventTeam, Regulation
from quizshow.packs.model import Pack

TYPED = PhaseFlags(amount_entry=True)  # a result is typed between matches


class Screen(Phase):
    """The day's own pictures between matches (its phases while no match is played). On each the digit
    keys type a score on the console («31» = 3:1) for «Ввести результат» / «Исправить»: no buzzer is
    live between matches."""

    DRAW = "ev_draw", TYPED
    STANDINGS = "ev_standings", TYPED
    BRACKET = "ev_bracket", TYPED
    NEXT = "ev_next", TYPED


@dataclass(frozen=True)
class StagePlan:
    """How a stage's matches are played here: the match format (any with a MatchRole), its rules (preset
    and overrides resolved), the pack."""

    format: str
    rules: Rules = field(default_factory=dict)
    pack: Pack | None = None


@dataclass(frozen=True)
class EventPlan:
    """The static day (from tournament.yaml): the teams, the regulation, each stage's plan."""

    teams: tuple[EventTeam, ...]
    regulation: Regulation
    stages: dict[str, StagePlan] = field(default_factory=dict)
    tables: tuple[str, ...] = ()  # what the help calls the tables' buzzers (buzz1, buzz2): «красный стол», …


@dataclass(frozen=True)
class EventState:
    """ShowState.fmt of a tournament day. `match` is the match being played here: the nested state of
    its own format (its reducer applies every command of the match); while it is played the show
    state's shared fields (phase, teams, clock, presses, …) are its projection, for the lamps, desks and
    views that read one state. Standings and the schedule are computed from `day`, never stored."""

    day: Day
    playing: str | None = None  # the fixture being played here
    match: ShowState | None = None
    roster: tuple[int, ...] = ()  # the event team of each of the match's teams
    screen: Screen = Screen.STANDINGS  # the projector's picture between matches
    corrections: tuple[Correction, ...] = ()
    changes: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()  # what the last correction changed
    notice: tuple[str, tuple[tuple[str, str], ...]] | None = None  # a flag for the console (removal due)


# --- commands -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(c.Command, namespace="tournament"):
    """Play a fixture at this table: the next one (no id) or the one named."""

    fixture: str | None = None
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Close(c.Command, namespace="tournament"):
    """Leave the finished match for the standings (its result is already in)."""

    undoable: ClassVar[bool] = True
    confirm_undo: ClassVar[bool] = True


@dataclass(frozen=True)
class Draw(c.Command, namespace="tournament"):
    """The next start number by lot (seeded: a replay draws the same)."""

    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Pick(c.Command, namespace="tournament"):
    """Seed 001: the melee winner picks its first opponent (start number 2)."""

    team: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Enter(c.Command, namespace="tournament"):
    """A result entered for a match played elsewhere (by hand, or reported over OSC by another table).
    `scores` follow the fixture's teams; `order` ranks a melee or a play-off; `winner` (an event team)
    decides a tie settled by extra questions."""

    fixture: str = ""
    scores: str = ""  # "3:1" (a play-off of several teams: "3:2:1:0"), as the journal keeps it
    winner: int | None = None
    outcome: str | None = None  # win | draw | disqualified (default: from the scores)
    order: str = ""  # "5,4,3": event teams from first to last (0-based)
    source: str = "hand"
    undoable: ClassVar[bool] = True
    confirm_undo: ClassVar[bool] = True


@dataclass(frozen=True)
class Correct(c.Command, namespace="tournament"):
    """A recorded result changed, with the reason; outcome `void` takes it out."""

    fixture: str = ""
    scores: str = ""
    winner: int | None = None
    outcome: str | None = None
    order: str = ""
    reason: str = ""
    undoable: ClassVar[bool] = True
    confirm_undo: ClassVar[bool] = True


@dataclass(frozen=True)
class Remove(c.Command, namespace="tournament"):
    """Seed 004 §6.15: the jury removes a team from the championship."""

    team: int = 0
    reason: str = ""
    undoable: ClassVar[bool] = True
    confirm_undo: ClassVar[bool] = True


@dataclass(frozen=True)
class Show(c.Command, namespace="tournament"):
    """The projector's picture between matches: ev_standings | ev_bracket | ev_next | ev_draw."""

    screen: str = Screen.STANDINGS.value


MAX_NUMBERS = 32  # a play-off of every team, at most


def numbers(text: str, separator: str) -> tuple[int, ...]:
    """ "3:1" → (3, 1); ValueError unless every part is a whole number from 0 to 1000."""
    if not text:
        return ()
    parts = text.split(separator)
    if len(parts) > MAX_NUMBERS or not all(p.strip().isdigit() and int(p) <= 1000 for p in parts):
        raise ValueError(text)
    return tuple(int(p) for p in parts)


def score_text(*scores: int) -> str:
    return ":".join(str(s) for s in scores)


COMMANDS: tuple[type[c.Command], ...] = (Play, Close, Draw, Pick, Enter, Correct, Remove, Show)
