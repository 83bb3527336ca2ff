"""The written quiz's commands, namespaced in the journal (`written.Mark`, …).

Each one says the value it sets rather than "toggle", so a replay after an undo lands on the same grid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from quizshow.core.commands import Command


@dataclass(frozen=True)
class Mark(Command, namespace="written"):
    """The operator's grid: `team`'s sheet for question `number` (global, 0-based) is correct or not."""

    team: int = 0
    number: int = 0
    correct: bool = True
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Late(Command, namespace="written"):
    """`team` handed in its sheet for `number` late (it scores 0), or not."""

    team: int = 0
    number: int = 0
    late: bool = True
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class ExtraMinute(Command, namespace="written"):
    """`team` takes its one extra minute of the game on the question in play."""

    team: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class ClubHelp(Command, namespace="written"):
    """`team` takes its one «помощь клуба» of the game: the pack's hint for the question in play."""

    team: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class ExtraPlayers(Command, namespace="written"):
    """`team` has added `count` players to its roster (−1 point each, at most 2)."""

    team: int = 0
    count: int = 0
    undoable: ClassVar[bool] = True
