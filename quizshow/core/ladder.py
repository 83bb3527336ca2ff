"""What Next (Go) does: a format's phase ladder, one rung for where the show is.

A rung holds the step Next would take (`NextStep`: its kind as data, a phrase key for its words only) and what
Next does there (`go`, which may refuse). The console's «ДАЛЕЕ» words (`Format.next_action`) and Next itself
(`Format.on_go`) both read the one rung (`Format.ladder`), so they cannot disagree. Pure data and callables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from quizshow.core.effects import Event
from quizshow.core.state import ShowState


class NextKind(StrEnum):
    """What kind of step Next is now."""

    GO = "go"  # Next takes the step
    WAIT = "wait"  # Next is refused now: the host acts otherwise (a cell, a verdict, a bid) or the clock or a press
    END = "end"  # nothing follows: the show is over (the console offers to start again)


@dataclass(frozen=True)
class NextStep:
    """The step Next would take now: `kind` is its meaning, `key` the locale's phrase naming it (words only)."""

    key: str
    kind: NextKind = NextKind.GO

    @property
    def finished(self) -> bool:
        """The show is over: Next has nothing left to do."""
        return self.kind is NextKind.END


FINISHED = NextStep("next.none", NextKind.END)

# Next at show time `at`: the new state and its events (raises Refused where it is not possible).
Go = Callable[[float], tuple[ShowState, list[Event]]]


@dataclass(frozen=True)
class Rung:
    """One rung of a format's ladder: the step and what Next does on it."""

    step: NextStep
    go: Go
