"""«Своя игра»'s own commands: the board, the host's choices, the cat, the auction and the final.

Their journal names are the bare class names (`SelectCell`, `Bid`, …): every journal written so far
says so, so they keep them (no namespace) and old journals still resume.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from quizshow.core.commands import Command


@dataclass(frozen=True)
class SelectCell(Command):
    """Open a board cell: 0-based theme and question."""

    theme: int = 0
    question: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class PickTeam(Command):
    """The host decides who goes: overrides the chooser, or settles a tie in a turn order
    (the auction's bidding order, the final's removal order)."""

    team: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class GiveCat(Command):
    """«Кот в мешке»: the chooser hands the question to this opponent."""

    team: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class CatValue(Command):
    """«Кот в мешке»: the receiver's choice of value (the round's minimum or maximum)."""

    value: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Bid(Command):
    """«Вопрос-аукцион»: a bid; `all_in` stakes the bidder's whole score («Ва-банк»)."""

    team: int = 0
    amount: int = 0
    all_in: bool = False
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Pass(Command):
    """«Вопрос-аукцион»: the bidder whose turn it is passes."""

    team: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class FinalRemove(Command):
    """Final: the contestant whose turn it is removes this theme (0-based)."""

    theme: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class FinalStake(Command):
    """Final: a contestant's secret stake, entered on the console."""

    team: int = 0
    amount: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class EndRound(Command):
    """The host ends the round early (the console asks to confirm)."""

    undoable: ClassVar[bool] = True
