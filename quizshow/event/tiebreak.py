"""Ranking with tie-breakers: every close place records the criterion that decided it and the numbers.

A criterion maps the teams still tied to a comparable value (higher ranks higher). Criteria are tried in
order; when one splits a tied block, each part still tied is broken again: from the first criterion
(`restart`, the head-to-head of seed 004 is recomputed among the fewer teams) or from the next one.
What no criterion splits is settled by a play-off or replay result if there is one, else left shared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

# What a criterion ranks by (higher ranks higher): a flag, a number, or a tuple of them compared in order.
Value = int | float | tuple[int, ...]
Values = Callable[[tuple[int, ...]], Mapping[int, Value]]
Show = Callable[[Value], str]


@dataclass(frozen=True)
class Criterion:
    name: str  # points, h2h, diff, two_wins, rating, played, final_wins, finals, table_wins, ...
    values: Values
    show: Show = str


@dataclass(frozen=True)
class Split:
    """Tied teams put in order by `criterion`; `values` are each team's numbers, in that order."""

    criterion: str
    teams: tuple[int, ...]
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ranked:
    order: tuple[int, ...]
    splits: tuple[Split, ...] = ()
    shared: tuple[tuple[int, ...], ...] = ()  # blocks nothing could split (a replay or a play-off is due)
    places: dict[int, tuple[int, int]] = field(default_factory=dict)  # team -> (first, last) place, 1-based

    def place(self, team: int) -> tuple[int, int]:
        return self.places[team]

    def split_of(self, team: int) -> Split | None:
        """The last (finest) split that placed this team, if its place was close."""
        found = None
        for s in self.splits:
            if team in s.teams:
                found = s
        return found


Settle = Callable[[tuple[int, ...]], "tuple[tuple[int, ...], str] | None"]


def rank(teams: Sequence[int], primary: Criterion, criteria: Sequence[Criterion], restart: bool = False,
         settle: Settle | None = None) -> Ranked:
    """Order `teams` (given in their fallback order, e.g. by start number) by `primary`, then break ties."""
    splits: list[Split] = []
    shared: list[tuple[int, ...]] = []
    order: list[int] = []
    for block in _partition(tuple(teams), primary.values(tuple(teams))):
        order += block if len(block) == 1 else _break(block, tuple(criteria), restart, settle, splits, shared)
    places: dict[int, tuple[int, int]] = {}
    for i, team in enumerate(order):
        places[team] = (i + 1, i + 1)
    for block in shared:
        spots = sorted(order.index(t) + 1 for t in block)
        for team in block:
            places[team] = (spots[0], spots[-1])
    return Ranked(tuple(order), tuple(splits), tuple(shared), places)


def _partition(block: tuple[int, ...], values: Mapping[int, Value]) -> list[tuple[int, ...]]:
    """Blocks of equal value, best first; the input order is kept inside a block."""
    levels = sorted({values[t] for t in block}, reverse=True)
    return [tuple(t for t in block if values[t] == level) for level in levels]


def _break(block: tuple[int, ...], criteria: tuple[Criterion, ...], restart: bool, settle: Settle | None,
           splits: list[Split], shared: list[tuple[int, ...]], first: tuple[Criterion, ...] | None = None
           ) -> list[int]:
    first = first if first is not None else criteria
    for i, crit in enumerate(criteria):
        values = crit.values(block)
        parts = _partition(block, values)
        if len(parts) == 1:
            continue
        ordered = tuple(t for part in parts for t in part)
        splits.append(Split(crit.name, ordered, tuple(crit.show(values[t]) for t in ordered)))
        rest = first if restart else criteria[i + 1:]
        out: list[int] = []
        for part in parts:
            out += part if len(part) == 1 else _break(part, rest, restart, settle, splits, shared, first)
        return out
    settled = settle(block) if settle is not None else None
    if settled is not None:
        order, how = settled
        splits.append(Split(how, order))
        return list(order)
    shared.append(block)
    return list(block)


def signed(value: int) -> str:
    """A difference as the screen writes it: a real minus sign, a plus for gains."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"
