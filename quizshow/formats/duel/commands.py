"""The duel's own commands (registered by class name for the journal, so each name is unique)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from quizshow.core.commands import Command


@dataclass(frozen=True)
class DuelChoose(Command):
    """The correct answerer picks the opponent who leaves (0-based colour of the other team)."""

    player: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class DuelReread(Command):
    """The host reads the question again: noted; the thinking minimum still counts from the first reading."""


@dataclass(frozen=True)
class DuelSkip(Command):
    """The next question of the sheet is not played (the console shows which one it is)."""

    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class DuelReplace(Command):
    """The next question of the sheet is replaced by the next reserve question."""

    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class DuelEndEarly(Command):
    """The host ends the question before the thinking minimum is over (the console asks to confirm)."""

    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class DuelHint(Command):
    """A hint typed by the host; `show` puts it on the projector. Empty text takes it away."""

    text: str = ""
    show: bool = True
    undoable: ClassVar[bool] = True
