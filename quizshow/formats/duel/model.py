"""Duel state (rules.md §4, seed 002): the sheet, the players still in the game, the press queue's
verdicts, the choice of who leaves, the bout's result. Typed, frozen; the show state's `fmt`."""

from __future__ import annotations

from dataclasses import dataclass, field

from quizshow.core import spec

TABLES = (0, 1)  # the bout is played by the show's first two teams
COLOURS = ("green", "yellow", "red", "blue")  # a player's index in the roster is their table's colour
CAPTAIN = 3  # the blue table is the captain's
HINT_MAX = 300  # characters of a host's hint (every size has a limit)

Seat = tuple[int, int]  # (team, player): one table


LIVE = spec.PhaseFlags(buzzers_live=True, lamps_live=True)


class Phase(spec.Phase):
    """Where a question stands. The flags say what the outputs do in it (each player's lamp follows
    `DuelFormat.player_lamps`)."""

    TITLE = "title"
    READING = "reading", LIVE  # the host reads; buzzers are live from the first word
    THINKING = "thinking", LIVE  # the first reading is over: the 15-second minimum runs
    ANSWERING = "answering", LIVE  # the host asks the queue in order
    CHOOSING = "choosing"  # the answerer picks the opponent who leaves
    REVEAL = "reveal", spec.PhaseFlags(answer_shown=True)  # the answer is shown; Next goes on
    RESULT = "result", spec.PhaseFlags(game_over=True)  # the bout is over

    @property
    def question_on(self) -> bool:
        return self in (Phase.READING, Phase.THINKING, Phase.ANSWERING, Phase.CHOOSING, Phase.REVEAL)


@dataclass(frozen=True)
class Bout:
    """One bout: a sheet, the seats still in the game, the run of silent questions, the result."""

    number: int = 0  # 0-based bout of the show
    sheet: int = 0  # the pack's sheet (a non-reserve round) this bout reads from
    out: tuple[Seat, ...] = ()  # players who left, in the order they left
    disqualified: tuple[Seat, ...] = ()  # of them, those the host disqualified for the bout (seed 002, 7.8)
    streak: Seat | None = None  # who answered the previous question correctly (two in a row: a choice)
    silent_run: int = 0  # questions in a row nobody pressed on
    asked: int = 0  # questions read in this bout
    result: str | None = None  # win | disqualified
    winner: int | None = None

    def in_game(self, seat: Seat) -> bool:
        return seat not in self.out

    def left(self, team: int) -> list[int]:
        """The team's players still in the game, by colour."""
        return [p for p in range(len(COLOURS)) if (team, p) not in self.out]


@dataclass(frozen=True)
class Sheet:
    """Where the reading stands on the sheet: the next slot, skipped and replaced slots, the reserve."""

    next_slot: int = 0  # index into the sheet's reading order (theme by theme, row by row)
    skipped: tuple[int, ...] = ()
    replaced: tuple[tuple[int, int], ...] = ()  # (slot, reserve question) read in that slot's place
    next_reserve: int = 0


@dataclass(frozen=True)
class Asking:
    """The question in play: its source, the reading, the verdicts of the queue, a pending choice."""

    source: tuple[str, int] = ("sheet", 0)  # ("sheet", slot) | ("reserve", index) | ("host", n)
    slot: int | None = None  # the sheet slot it fills (a replacement fills one too)
    read_end: float | None = None  # the end of the first reading: the thinking minimum counts from here
    rereads: int = 0
    wrong: tuple[Seat, ...] = ()  # asked and wrong, in order
    correct_by: Seat | None = None
    removed: Seat | None = None  # the opponent who left on the correct answer
    chooser: Seat | None = None  # a correct answerer whose choice of who leaves is awaited
    closed: bool = False  # over without a correct answer: the answer is shown, the question unplayed
    forced: bool = False  # the host ended the question before the minimum (confirmed)
    hint: str = ""
    hint_shown: bool = False


@dataclass(frozen=True)
class DuelState:
    bout: Bout = field(default_factory=Bout)
    sheet: Sheet = field(default_factory=Sheet)
    asking: Asking | None = None
