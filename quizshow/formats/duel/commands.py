"""The duel's own commands, namespaced in the journal (`duel.Choose`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from quizshow.core.commands import Command


@dataclass(frozen=True)
class Choose(Command, namespace="duel"):
    """The correct answerer picks the opponent who leaves (0-based colour of the other team)."""

    player: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Reread(Command, namespace="duel"):
    """The host reads the question again: noted; the thinking minimum still counts from the first reading."""


@dataclass(frozen=True)
class Skip(Command, namespace="duel"):
    """The next question of the sheet is not played (the console shows which one it is)."""

    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Replace(Command, namespace="duel"):
    """The next question of the sheet is replaced by the next reserve question."""

    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class EndEarly(Command, namespace="duel"):
    """The host ends the question before the thinking minimum is over (the console asks to confirm)."""

    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Hint(Command, namespace="duel"):
    """A hint typed by the host; `show` puts it on the projector. Empty text takes it away."""

    text: str = ""
    show: bool = True
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class Disqualify(Command, namespace="duel"):
    """Seed 002, 7.8: a player who took a hint is disqualified for this bout (team, 0-based colour)."""

    team: int = 0
    player: int = 0
    undoable: ClassVar[bool] = True
