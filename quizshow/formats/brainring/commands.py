"""«Брейн-ринг»'s own commands: who answers, the one-player rule, the final ruling on a disputed answer,
the withdrawal of a question and the «Команда за столом» tally.

Their journal names stay the bare class names (`Ruling`, `Tally`, …): every journal written while they lived
in core/commands.py names them so, and a resume must read them (docs/architecture.md, "Wrapping a
`Format` written before the contract"). The shared ones stay in core: Announce, Judge (its `provisional`
flag) and Discipline (svoyak's «Затяжка» uses it too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from quizshow.core.commands import Command


@dataclass(frozen=True)
class SetAnswerer(Command):
    """The captain names the player who answers (the console's roster; default: the captain)."""

    team: int = 0
    player: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class SinglePlayer(Command):
    """Before a question a team leaves one player at the table (the one-player rule); None cancels."""

    team: int = 0
    player: int | None = None
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class PassRight(Command):
    """The lone player passes the right to answer to the other team."""

    team: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Ruling(Command):
    """The final ruling on a provisional wrong answer, after the other team has answered."""

    correct: bool = True
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Withdraw(Command):
    """The host withdraws the question; a reserve question replaces it. `extra_appeal` names the team
    that gets an extra appeal (after an audience hint)."""

    extra_appeal: int | None = None
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Tally(Command):
    """«Команда за столом»: a team not at the tables handed in a correct written answer."""

    team: int = 0
    undoable: ClassVar[bool] = True


COMMANDS: tuple[type[Command], ...] = (SetAnswerer, SinglePlayer, PassRight, Ruling, Withdraw, Tally)
