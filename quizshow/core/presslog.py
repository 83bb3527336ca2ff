"""The press log of one question: every press, in the order of the presses' own timestamps.

Two presses at the same moment are ordered by team number — never by which line arrived first, so the
decision is the same whatever the wiring (the boxes time presses to the millisecond)."""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Press:
    source_time: float  # first field: the sort key
    arrival: float
    team: int
    player: int | None = None
    device: str = ""

    @property
    def rank(self) -> tuple[float, int]:
        """The order of presses: by the press's own time, then by team number."""
        return self.source_time, self.team


@dataclass(frozen=True)
class PressLog:
    presses: tuple[Press, ...] = ()

    def add(self, press: Press) -> PressLog:
        ordered = list(self.presses)
        insort(ordered, press, key=lambda p: p.rank)
        return PressLog(tuple(ordered))

    @property
    def first(self) -> Press | None:
        return self.presses[0] if self.presses else None

    def margin(self, press: Press) -> float:
        """Seconds behind the first press of the question (0 for the first)."""
        first = self.first
        return 0.0 if first is None else press.source_time - first.source_time

    def team_order(self) -> list[int]:
        """Teams in the order of their first press (the duel asks them in this order)."""
        seen: list[int] = []
        for press in self.presses:
            if press.team not in seen:
                seen.append(press.team)
        return seen

    def pressed(self, team: int) -> bool:
        return any(p.team == team for p in self.presses)


def pressed_before(log: PressLog, press: Press, team: int | None) -> bool:
    """True when `press` was made before `team`'s own press although it reached us later (another box's
    line took longer): the earlier press has the right to answer."""
    if team is None:
        return False
    theirs = next((p for p in log.presses if p.team == team), None)
    return theirs is not None and press.rank < theirs.rank
