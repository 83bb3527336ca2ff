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


@dataclass(frozen=True)
class Dispute(Command, namespace="written"):
    """`team`'s answer `text` to question `number` is put to the game jury as disputed («спорный»); the cell keeps
    its mark until the jury's `Verdict`."""

    team: int = 0
    number: int = 0
    text: str = ""
    undoable: ClassVar[bool] = True
    dispute: ClassVar[bool] = True


@dataclass(frozen=True)
class Verdict(Command, namespace="written"):
    """The game jury's decision on `team`'s disputed answer to `number`: accepted (1) or not (0)."""

    team: int = 0
    number: int = 0
    accepted: bool = False
    undoable: ClassVar[bool] = True
    dispute: ClassVar[bool] = True


@dataclass(frozen=True)
class Appeal(Command, namespace="written"):
    """`team` appeals on question `number`: on its answer's acceptance (`kind` "answer") or on the question
    itself ("question": incorrect or misread), with its `text` (the answer, the argument)."""

    team: int = 0
    number: int = 0
    kind: str = "answer"
    text: str = ""
    undoable: ClassVar[bool] = True
    dispute: ClassVar[bool] = True


@dataclass(frozen=True)
class AppealVerdict(Command, namespace="written"):
    """The appeal jury's ruling on `team`'s appeal on `number`: upheld (an answer counts; a question is removed
    for every team) or rejected."""

    team: int = 0
    number: int = 0
    upheld: bool = False
    undoable: ClassVar[bool] = True
    dispute: ClassVar[bool] = True
