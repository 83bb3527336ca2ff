"""«Брейн-ринг» state: the question in play, players at the tables, the match so far, discipline."""

from __future__ import annotations

from dataclasses import dataclass, replace

from quizshow.core import phases
from quizshow.core.timers import Window

TABLES = (0, 1)  # the match is played by the show's first two teams
LIVE = phases.PhaseFlags(buzzers_live=True, lamps_live=True)


class Phase(phases.Phase):
    """Where a match stands: title → ready → attention («Внимание! Вопрос!») → clock («Время!») ⇄ answering →
    reveal → ready … → result. The flags say what the outputs do in it."""

    TITLE = "title"
    READY = "ready"
    ATTENTION = "attention", LIVE  # a press now is a false start
    CLOCK = "clock", LIVE
    ANSWERING = "answering", LIVE
    REVEAL = "reveal", phases.PhaseFlags(clock_over=True, answer_shown=True)
    RESULT = "result", phases.PhaseFlags(game_over=True)


@dataclass(frozen=True)
class Record:
    """Discipline and dispute counters of one team for the game."""

    captain_questions: int = 0
    repeats: int = 0
    appeals: int = 0
    appeals_lost: bool = False  # a rejected appeal, or the first penalty
    extra_appeals: int = 0
    hints: int = 0
    penalties: int = 0
    removed: bool = False
    removed_for: int = 0  # the penalty points it was removed for (in a tournament: over the day)


@dataclass(frozen=True)
class Asked:
    """One question of the match, for the timeline."""

    value: int
    taken_by: int | None = None  # the team that answered it correctly
    false_start: int | None = None
    points: int = 0


@dataclass(frozen=True)
class Ring:
    source: tuple[str, int] = ("main", 0)  # ("main" | "reserve", index) of the question in play
    next_main: int = 0  # the next question of the pack's list
    next_reserve: int = 0
    value: int = 1  # what the question in play is worth before multipliers
    clean_start: float | None = None  # the moment of «Время!»: false starts are judged against it
    false_start: int | None = None  # the team that pressed early on this question (only the first)
    false_start_at: float | None = None  # that press's own time: an earlier early press takes it over
    first_press: tuple[int, float] | None = None  # (team, seconds into clean time) of the answer being judged
    answerer: tuple[int, int] | None = None  # (team, player) answering now
    call: Window | None = None  # the time the called team has to start its answer (None: the host judges)
    hinted: frozenset[int] = frozenset()  # teams fined for an audience hint on this question
    waiting: int | None = None  # a team that pressed and waits while a lone player answers first
    single: tuple[tuple[int, int], ...] = ()  # (team, player) left alone at the table for this question
    passed: frozenset[int] = frozenset()  # lone players who passed the right
    provisional: int | None = None  # marked wrong provisionally on this question
    correct_by: int | None = None
    points_given: tuple[tuple[int, int], ...] = ()  # (team, points) scored on this question
    benched: tuple[tuple[int, int, int], ...] = ()  # (team, player, question number) away from the table
    asked: tuple[Asked, ...] = ()  # the questions of this battle, resolved
    unanswered_run: int = 0
    extra: bool = False  # sudden death after a tie
    battle: int = 0
    battles_won: tuple[int, int] = (0, 0)
    records: tuple[Record, Record] = (Record(), Record())
    hall_hints: tuple[tuple[int, int], ...] = ()  # (team, hints) of teams in the hall (not at a table)
    tally: frozenset[tuple[int, int]] = frozenset()  # (question number, team) correct written answers
    result: str | None = None  # win | draw | disqualified | removed
    winner: int | None = None
    match_points: tuple[int, int] = (0, 0)

    @property
    def number(self) -> int:
        """The question's number in the match, from 0 (the timeline's length over every battle)."""
        return len(self.asked)

    def single_of(self, team: int | None) -> int | None:
        """The lone player a team left at its table (None: the whole team, or no team)."""
        return None if team is None else dict(self.single).get(team)

    def at_table(self, team: int, players: int) -> list[int]:
        away = {p for t, p, _ in self.benched if t == team}
        return [p for p in range(players) if p not in away]

    def record(self, team: int) -> Record:
        return self.records[team]

    def with_record(self, team: int, record: Record) -> Ring:
        records = list(self.records)
        records[team] = record
        return replace(self, records=(records[0], records[1]))
