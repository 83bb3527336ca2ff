"""A season's standings from its evenings' results under its rule (docs/season.md). Pure.

Each evening gives each team that played it a value: its score, or the points of its place from the rule's
table (a place shared by a tie gets the average of the places it covers, or the higher, as the rule says).
A team's total is the sum of its values, or of its best N. Equal totals are told apart by the rule's
criteria in order; teams equal on all of them share the place."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from quizshow.season.model import EveningResult, Rule, Standing

Key = object  # a criterion's value for a team: larger is better (tuples compare in order)


def place_points(place: int, shared: int, rule: Rule) -> float:
    """The points of `place`, shared by `shared` teams: the table's points for the places they cover, averaged
    (or the higher one); places past the table get 0."""
    table = rule.points
    covered = [table[p - 1] if p - 1 < len(table) else 0.0 for p in range(place, place + shared)]
    if rule.shared == "higher":
        return covered[0]
    return sum(covered) / len(covered)


def evening_values(evening: EveningResult, rule: Rule) -> dict[str, float]:
    """What the evening gives each team that played it."""
    if rule.count == "score":
        return {row.team: row.score for row in evening.rows}
    sharing: dict[int, int] = {}
    for row in evening.rows:
        sharing[row.place] = sharing.get(row.place, 0) + 1
    return {row.team: place_points(row.place, sharing[row.place], rule) for row in evening.rows}


def counted(values: Sequence[float | None], best: int | None) -> tuple[bool, ...]:
    """Which evenings are dropped for a team: with `best`, all but its best N played (the earlier evening counts
    when two are equal); nothing without it."""
    if best is None:
        return tuple(False for _ in values)
    played = [(v, i) for i, v in enumerate(values) if v is not None]
    kept = {i for _, i in sorted(played, key=lambda vi: (-vi[0], vi[1]))[:best]}
    return tuple(v is not None and i not in kept for i, v in enumerate(values))


def standings(evenings: Sequence[EveningResult], rule: Rule) -> list[Standing]:
    """Every team that played an evening, best first, with its place, total, each evening's value, what was
    dropped, and the criterion that put it above an equal total."""
    per_evening = [evening_values(e, rule) for e in evenings]
    places = [{row.team: row.place for row in e.rows} for e in evenings]
    teams = list(dict.fromkeys(row.team for e in evenings for row in e.rows))
    values = {t: tuple(v.get(t) for v in per_evening) for t in teams}
    dropped = {t: counted(values[t], rule.best) for t in teams}
    total = {t: sum(v for v, gone in zip(values[t], dropped[t], strict=True) if v is not None and not gone)
             for t in teams}
    criteria = [(name, _criterion(name, values, places)) for name in rule.ties]

    def key(team: str) -> tuple[Key, ...]:
        return (total[team], *(fn(team) for _, fn in criteria))

    ordered = sorted(teams, key=lambda t: key(t), reverse=True)  # stable: equal teams keep the order they came in
    found: list[Standing] = []
    for i, team in enumerate(ordered):
        same = [t for t in ordered if key(t) == key(team)]
        place = 1 + sum(1 for t in ordered if key(t) > key(team))
        decided, against = None, None
        below = ordered[i + 1] if i + 1 < len(ordered) else None
        if below is not None and total[below] == total[team] and key(below) != key(team):
            for name, fn in criteria:
                if fn(team) != fn(below):
                    decided, against = name, (fn(team), fn(below))
                    break
        found.append(Standing(place, len(same), team, total[team], values[team], dropped[team], decided, against))
    return found


def _criterion(name: str, values: dict[str, tuple[float | None, ...]],
               places: list[dict[str, int]]) -> Callable[[str], Key]:
    """A tie criterion: larger is better."""
    if name == "wins":
        return lambda team: sum(1 for p in places if p.get(team) == 1)
    if name == "places":  # countback: more first places, then more second places, …
        deepest = max((max(p.values(), default=0) for p in places), default=0)
        return lambda team: tuple(sum(1 for p in places if p.get(team) == k) for k in range(1, deepest + 1))
    if name == "best_evening":
        return lambda team: max((v for v in values[team] if v is not None), default=float("-inf"))
    if name == "last_evening":  # the latest evening of the season; not played there: below every result
        return lambda team: values[team][-1] if values[team] and values[team][-1] is not None else float("-inf")
    if name == "evenings":
        return lambda team: sum(1 for v in values[team] if v is not None)
    raise ValueError(f"unknown tie criterion {name!r}")
