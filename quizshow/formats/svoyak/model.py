"""«Своя игра» state: the board, the special in play, the auction, the final and the shoot-out.

All frozen data, stored in `ShowState.fmt`; the format's handlers replace it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from quizshow.core.phases import Phase, PhaseFlags
from quizshow.core.timers import Window
from quizshow.core.typed import Typed

Cell = tuple[int, int]  # (theme, question), 0-based

LIVE = PhaseFlags(buzzers_live=True, lamps_live=True)
FINAL = PhaseFlags(beyond_rounds=True)  # the final is played after the rounds: no round to name


class SvoyakPhase(Phase):
    TITLE = "title"
    ROUND = "round"
    BOARD = "board"
    CAT = "cat"
    CAT_VALUE = "cat_value"
    AUCTION = "auction", PhaseFlags(amount_entry=True)
    SPONSOR = "sponsor"
    QUESTION = "question", LIVE
    ANSWERING = "answering", LIVE
    REVEAL = "reveal", PhaseFlags(clock_over=True, answer_shown=True)
    FINAL_THEMES = "final_themes", FINAL
    FINAL_STAKES = "final_stakes", PhaseFlags(amount_entry=True, beyond_rounds=True)
    FINAL_QUESTION = "final_question", FINAL
    FINAL_REVEAL = "final_reveal", PhaseFlags(clock_over=True, answer_shown=True, beyond_rounds=True)
    FINAL_ANSWER = "final_answer", PhaseFlags(answer_shown=True, beyond_rounds=True)
    SHOOTOUT = "shootout", FINAL  # after the final: no round to name either
    END = "end", PhaseFlags(game_over=True)


@dataclass(frozen=True)
class Auction:
    """Bidding: the opener first, then the others in ascending order of score."""

    opener: int
    order: tuple[int, ...]
    turn: int = 0  # index into `order` of the one to bid now
    bid: int = 0
    leader: int | None = None
    all_in: bool = False
    out: frozenset[int] = frozenset()  # passed or excluded automatically

    @property
    def current(self) -> int:
        return self.order[self.turn]

    @property
    def done(self) -> bool:
        return self.leader is not None and all(t in self.out or t == self.leader for t in self.order)


@dataclass(frozen=True)
class Final:
    order: tuple[int, ...]  # the contestants in the final, ascending score (turns and the reveal)
    removed: tuple[int, ...] = ()  # theme indexes in removal order
    stakes: tuple[tuple[int, int], ...] = ()  # (team, stake), secret until the reveal
    judged: tuple[tuple[int, bool], ...] = ()  # (team, correct) in reveal order
    showing: int = 0  # index into `order` of the contestant on screen during the reveal
    # Answers typed on the finalists' phones (core/typed.py): the last in time and the last late of each.
    typed: tuple[Typed, ...] = ()
    closed: float | None = None  # when the time to answer ended (the clock ran out, or the reveal began)

    def remover(self, theme_count: int) -> int | None:
        """Whose turn it is to remove a theme; None when one theme is left."""
        if not self.order or len(self.removed) >= theme_count - 1:
            return None
        return self.order[len(self.removed) % len(self.order)]

    def stake(self, team: int) -> int | None:
        return dict(self.stakes).get(team)

    def verdict(self, team: int) -> bool | None:
        return dict(self.judged).get(team)


@dataclass(frozen=True)
class Shootout:
    tied: tuple[int, ...]
    asked: int = 0  # questions taken from the pool so far
    round_from: int = 0  # `asked` when this shoot-out began (a tie after all its questions starts a new one)


@dataclass(frozen=True)
class Play:
    """Where the game is. `cell` and `kind` describe the question in play."""

    round: int = 0  # index into the board rounds
    played: frozenset[Cell] = frozenset()
    chooser: int | None = None
    cell: Cell | None = None
    kind: str = "regular"  # regular | cat | auction | sponsor | final | shootout
    value: int = 0  # what the question in play is worth now (a cat's choice, the winning bid)
    solo: int | None = None  # the only contestant who may answer (cat, auction, sponsor)
    giver: int | None = None  # who handed over the cat
    read: bool = False  # the host has signalled the end of reading: the answer window runs
    auction: Auction | None = None
    final: Final | None = None
    shootout: Shootout | None = None
    call: Window | None = None  # the time the answering contestant has to start (None: the host judges)
    winner: int | None = None  # decided at the end (the final, or the shoot-out among its candidates)

    def with_played(self, cell: Cell) -> Play:
        return replace(self, played=self.played | {cell})


def swap_tied(order: tuple[int, ...], position: int, team: int, scores: list[int]) -> tuple[int, ...] | None:
    """The host settles a tie: `team` takes `position` if it is later in the order with the same score
    as the one there. None when that is not a tie."""
    if team not in order:
        return None
    where = order.index(team)
    if where <= position or scores[team] != scores[order[position]]:
        return None
    new = list(order)
    new[position], new[where] = new[where], new[position]
    return tuple(new)
