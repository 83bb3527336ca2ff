"""The data of a tournament day: teams, the regulation's parameters, fixtures and results."""

from __future__ import annotations

from dataclasses import dataclass, field

# Group names on screen (Cyrillic, as the seed and the mock-up) and in ids (Latin, for files and OSC).
GROUP_IDS = "ABCDEFGH"
GROUP_NAMES = "АБВГДЕЖЗ"


@dataclass(frozen=True)
class EventTeam:
    name: str
    captain: str = ""
    players: tuple[str, ...] = ()
    rating: float = 0.0
    colour: str = "#808080"


@dataclass(frozen=True)
class Regulation:
    """The regulation and its parameters (docs/tournament.md lists each)."""

    name: str = "seed-001"  # seed-001 | seed-004
    semifinalists: int = 4  # seed-001
    points_participation: int = 1
    points_table_win: int = 2
    points_final: int = 2
    points_final_win: int = 3
    groups: int = 3  # seed-004
    advance_per_group: int = 2
    playoff_teams: int = 8  # 8: quarter-finals; 4: semi-finals; 2: the final
    points_win: int = 2
    points_draw: int = 1
    points_loss: int = 0
    penalties_to_remove: int = 3  # seed 004 §6.15: the console offers the removal at this many
    melee: bool = True  # the start order begins with «Куча мала» (seed 001); else all numbers by lot


@dataclass(frozen=True)
class Fixture:
    """One thing to be played: a match of two teams, a «Куча мала» or a play-off of several."""

    id: str  # Q1, SF1, SFR, F (seed 001); A1, QF2, SF1, F (seed 004); M0, MR (melee); PO, RA (play-off, replay)
    stage: str  # melee | qualifying | playoff | semifinal | final | group | replay | quarterfinal
    teams: tuple[int, ...]  # event team indices; a match: (red table, green table)
    group: str | None = None


@dataclass(frozen=True)
class Result:
    """What happened in a fixture. Scores are aligned with `teams`; `order` ranks a melee or a play-off."""

    fixture: str
    teams: tuple[int, ...]
    scores: tuple[int, ...] = ()
    outcome: str = "win"  # win | draw | disqualified (both teams) | walkover
    winner: int | None = None  # an event team index
    order: tuple[int, ...] = ()  # melee (the winner first) and play-off / replay places
    tally: tuple[tuple[int, int], ...] = ()  # (team, correct written answers) «Команда за столом»
    battles: tuple[int, ...] = ()  # the final: battles won per team
    penalties: tuple[int, ...] = ()  # discipline penalty points per team in this match
    source: str = "played"  # played | hand | osc

    def score_of(self, team: int) -> int:
        return self.scores[self.teams.index(team)] if team in self.teams and self.scores else 0

    def loser(self) -> int | None:
        if self.winner is None or len(self.teams) != 2:
            return None
        return self.teams[1] if self.winner == self.teams[0] else self.teams[0]


@dataclass(frozen=True)
class Correction:
    """A result changed after it was recorded: what it was, what it is, and why (journalled)."""

    fixture: str
    before: Result | None
    after: Result | None
    reason: str


@dataclass(frozen=True)
class Day:
    """Everything the schedule and the standings are computed from."""

    teams: tuple[EventTeam, ...]
    regulation: Regulation = field(default_factory=Regulation)
    order: tuple[int, ...] = ()  # team indices by start number (number 1 first); grows during the draw
    picked: int | None = None  # seed 001: the opponent the melee winner picked (start number 2)
    results: tuple[Result, ...] = ()
    # (team, reason, stage): removed from the championship. Removed during the first stage (qualifying,
    # groups) a team ranks last and goes no further; removed later it loses its next matches by walkover.
    removed: tuple[tuple[int, str, str], ...] = ()

    def result(self, fixture: str) -> Result | None:
        for r in self.results:
            if r.fixture == fixture:
                return r
        return None

    @property
    def removed_teams(self) -> frozenset[int]:
        return frozenset(t for t, _, _ in self.removed)

    @property
    def unranked(self) -> frozenset[int]:
        """Teams removed during the first stage: last in their table, never in the knockout."""
        return frozenset(t for t, _, stage in self.removed if stage == "first")

    def number(self, team: int) -> int:
        """The team's start number (1-based); teams not yet drawn come after."""
        return self.order.index(team) + 1 if team in self.order else len(self.teams) + 1 + team
