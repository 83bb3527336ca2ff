"""The written quiz's own state: the question in play, the grid of marks, each team's once-a-game rights.

Question numbers are global over the game (tour 1's first question is 0); extra questions after a tie
for first come after the last tour's questions. Marks are sets of (team, number), so a correction is
one replaced set and Undo restores the exact grid.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from quizshow.core.spec import Phase as BasePhase
from quizshow.core.spec import PhaseFlags
from quizshow.core.timers import Timer
from quizshow.core.typed import Typed


class Phase(BasePhase):
    """No phase opens buzzers or lamps: the teams write their answers (no buzzer or lamp flag is on)."""

    TITLE = "title"
    QUESTION = "question"  # on screen, being read; the minute has not started
    MINUTE = "minute"  # the minute of discussion
    HAND_IN = "hand_in"  # «Сдаём ответы!»: 10 s to hand in (longer for a team with its extra minute)
    ANSWER = "answer", PhaseFlags(answer_shown=True)  # the answer and comment shown; the sheets are marked
    RESULTS = "results"  # the results table after a tour (or after the game)
    PODIUM = "podium", PhaseFlags(game_over=True)


# Phases in which the question of `number` is still being played: its sheets are not in yet.
PLAYING = (Phase.QUESTION, Phase.MINUTE)


@dataclass(frozen=True)
class ExtraMinute:
    """A team's extra minute on one question: its own clock (minute + hand-in), started when the
    common minute ends (or at once, when taken during the hand-in)."""

    team: int
    number: int
    timer: Timer
    closed: float | None = None  # when its clock ran out (or the host went on): a typed answer after is late


@dataclass(frozen=True)
class Grid:
    """The operator's marks. `late` wins over `correct`: a late sheet scores 0 whatever it says."""

    correct: frozenset[tuple[int, int]] = frozenset()
    late: frozenset[tuple[int, int]] = frozenset()

    def is_correct(self, team: int, number: int) -> bool:
        return (team, number) in self.correct

    def scores(self, team: int, number: int) -> bool:
        """Right and in time (a removed question is the standings' to leave out: Written.removed)."""
        return (team, number) in self.correct and (team, number) not in self.late

    def set(self, team: int, number: int, correct: bool) -> Grid:
        cells = self.correct | {(team, number)} if correct else self.correct - {(team, number)}
        return replace(self, correct=cells)

    def set_late(self, team: int, number: int, late: bool) -> Grid:
        cells = self.late | {(team, number)} if late else self.late - {(team, number)}
        return replace(self, late=cells)


@dataclass(frozen=True)
class Dispute:
    """A team's answer put to the game jury as disputed («спорный», MAII rules 1.5): its text; `accepted` is
    None until the jury decides, then the cell is what the jury said."""

    team: int
    number: int
    text: str
    accepted: bool | None = None


# An appeal to the appeal jury (MAII rules 1.6): on the acceptance of a team's answer, or on the question itself
# (incorrect, or misread): upheld, the first counts the answer, the second removes the question for every team.
APPEAL_KINDS = ("answer", "question")


@dataclass(frozen=True)
class Appeal:
    team: int
    number: int
    kind: str  # one of APPEAL_KINDS
    text: str
    upheld: bool | None = None  # None: the jury has not ruled yet


@dataclass(frozen=True)
class Written:
    number: int = -1  # the question in play (global), -1 before the first
    extra_count: int = 0  # extra questions asked so far (tie for first)
    results_after: int | None = None  # the tour whose results are on screen (RESULTS), -1: after the extras
    grid: Grid = Grid()
    extra_minutes: tuple[ExtraMinute, ...] = ()  # every extra minute taken this game
    club_help: tuple[tuple[int, int], ...] = ()  # (team, number) of each «помощь клуба» taken
    extra_players: tuple[tuple[int, int], ...] = ()  # (team, count) of players added (−1 point each)
    tiebreak: tuple[tuple[int, ...], ...] = ()  # per extra question: the teams tied for first that play it
    # Typed answers from the phones (core/typed.py): the last in time and the last late per team and question.
    typed: tuple[Typed, ...] = ()
    closed: float | None = None  # when the hand-in of the question in play closed (its typed answers' window)
    disputes: tuple[Dispute, ...] = ()  # every disputed answer, in the order they were put to the jury
    appeals: tuple[Appeal, ...] = ()  # every appeal, in the order they were filed
    removed: frozenset[int] = frozenset()  # questions removed by an upheld appeal: no team scores them («X»)
    # The pack's scored questions' numbers in play order and how many questions it holds (set at the start, never
    # changed): an action given a question's place in the rating's table (`number_at`) finds its number.
    scored: tuple[int, ...] = ()
    main_count: int = 0

    def extra_minute_of(self, team: int) -> ExtraMinute | None:
        return next((m for m in self.extra_minutes if m.team == team), None)

    def club_help_of(self, team: int) -> int | None:
        return next((n for t, n in self.club_help if t == team), None)

    def players_added(self, team: int) -> int:
        return dict(self.extra_players).get(team, 0)

    def number_at(self, place: int) -> int:
        """The question at `place` (from 0) of the scored questions in play order, the extra questions after
        the pack's: its column in the rating's table, its number on the wire less one. -1: no such place."""
        if place < 0:
            return -1
        return self.scored[place] if place < len(self.scored) else self.main_count + place - len(self.scored)

    def place_of(self, number: int) -> int:
        """`number_at` the other way (-1 for a warm-up)."""
        if number >= self.main_count:
            return len(self.scored) + number - self.main_count
        return self.scored.index(number) if number in self.scored else -1

    def dispute_of(self, team: int, number: int) -> Dispute | None:
        return next((d for d in self.disputes if d.team == team and d.number == number), None)

    def pending_appeal(self, team: int, number: int) -> Appeal | None:
        """The team's appeal on `number` the jury has not ruled on (the one on the question first: MAII 1.6.5)."""
        waiting = [a for a in self.appeals if a.team == team and a.number == number and a.upheld is None]
        return min(waiting, key=lambda a: a.kind != "question", default=None)

    def awaiting(self, team: int | None = None) -> bool:
        """A dispute or an appeal (of `team`, or of anyone) still waits for its jury: places may change."""
        return any(d.accepted is None and team in (None, d.team) for d in self.disputes) or \
            any(a.upheld is None and team in (None, a.team) for a in self.appeals)

    def running_extras(self) -> tuple[ExtraMinute, ...]:
        """The extra minutes of the question in play that still run or wait to start."""
        return tuple(m for m in self.extra_minutes if m.number == self.number and not m.timer.expired)
