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
        return (team, number) in self.correct and (team, number) not in self.late

    def set(self, team: int, number: int, correct: bool) -> Grid:
        cells = self.correct | {(team, number)} if correct else self.correct - {(team, number)}
        return replace(self, correct=cells)

    def set_late(self, team: int, number: int, late: bool) -> Grid:
        cells = self.late | {(team, number)} if late else self.late - {(team, number)}
        return replace(self, late=cells)


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

    def extra_minute_of(self, team: int) -> ExtraMinute | None:
        return next((m for m in self.extra_minutes if m.team == team), None)

    def club_help_of(self, team: int) -> int | None:
        return next((n for t, n in self.club_help if t == team), None)

    def players_added(self, team: int) -> int:
        return dict(self.extra_players).get(team, 0)

    def running_extras(self) -> tuple[ExtraMinute, ...]:
        """The extra minutes of the question in play that still run or wait to start."""
        return tuple(m for m in self.extra_minutes if m.number == self.number and not m.timer.expired)
