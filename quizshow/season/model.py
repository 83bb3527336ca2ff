"""A season's data: its file (the evenings and the rule) and what the evenings gave (each team's score and place)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from quizshow.i18n import Words

COUNTS = ("score", "places")  # what an evening gives a team: its score, or the points of its place
SHARED = ("average", "higher")  # a place shared by a tie: the points of the places it covers averaged, or the higher
TIES = ("wins", "places", "best_evening", "last_evening", "evenings")  # how equal totals are told apart


@dataclass(frozen=True)
class Rule:
    count: str = "score"
    points: tuple[float, ...] = ()  # with count: places — the points of 1st, 2nd, …; places past the table get 0
    shared: str = "average"
    best: int | None = None  # only each team's best N evenings count; None: all
    ties: tuple[str, ...] = ("wins", "best_evening")


@dataclass(frozen=True)
class EveningSource:
    """One evening as the season file names it: a show file (its journal replayed) or exported results (CSV)."""

    label: str
    line: int  # where the season file names it
    show: Path | None = None
    journal: Path | None = None  # the show's journal, when not where the show keeps it
    results: Path | None = None


@dataclass(frozen=True)
class Season:
    path: Path
    title: str
    words: Words  # the season's words, in its language
    theme: Path  # the projector's theme folder
    evenings: tuple[EveningSource, ...]
    rule: Rule
    aliases: tuple[tuple[str, str], ...] = ()  # (a name an evening uses, the team's season name)

    @property
    def language(self) -> str:
        return self.words.language


@dataclass(frozen=True)
class EveningRow:
    team: str
    score: float
    place: int  # 1 for the best; a tie shares the better place


@dataclass(frozen=True)
class EveningResult:
    label: str
    rows: tuple[EveningRow, ...]  # empty: not played yet (a show whose journal does not exist)
    played: bool = True


@dataclass(frozen=True)
class Standing:
    place: int
    shared: int  # how many teams share the place (1: none)
    team: str
    total: float
    values: tuple[float | None, ...]  # each evening's value for the team (None: not played)
    dropped: tuple[bool, ...]  # the evenings that do not count (best N of M)
    decided_by: str | None = None  # the tie criterion that put it above the next team with the same total
    against: tuple[object, object] | None = None  # that criterion's values: its own and the next team's
