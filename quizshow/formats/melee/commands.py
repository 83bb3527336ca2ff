"""«Куча мала»'s own command, namespaced in the journal (`melee.Decide`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from quizshow.core.commands import Command


@dataclass(frozen=True)
class Decide(Command, namespace="melee"):
    """The host names the table that answered correctly (without the buttons)."""

    side: int = 0
    undoable: ClassVar[bool] = True
