"""Helpers for the tournament tests: a day of named teams and results entered by the pair that played."""

from __future__ import annotations

from dataclasses import replace

from quizshow.event import day as D
from quizshow.event.model import Day, EventTeam, Regulation, Result


def make_day(n: int, regulation: str = "seed-004", ratings: list[float] | None = None, **params: object) -> Day:
    teams = tuple(EventTeam(f"T{i}", rating=(ratings[i] if ratings else 0.0)) for i in range(n))
    return Day(teams, Regulation(name=regulation, **params), order=tuple(range(n)))  # type: ignore[arg-type]


def fixture_of(day: Day, a: int, b: int) -> str:
    for f in D.plan(day).fixtures:
        if set(f.teams) == {a, b} and day.result(f.id) is None:
            return f.id
    raise AssertionError(f"no fixture {a}–{b} to play in {[(f.id, f.teams) for f in D.plan(day).fixtures]}")


def play(day: Day, a: int, b: int, sa: int, sb: int, **extra: object) -> Day:
    """The result of the match between a and b (in either order on the schedule), sa:sb for a:b."""
    fid = fixture_of(day, a, b)
    f = D.plan(day).get(fid)
    assert f is not None
    scores = (sa, sb) if f.teams == (a, b) else (sb, sa)
    winner = a if sa > sb else b if sb > sa else None
    outcome = str(extra.pop("outcome", "win" if winner is not None else "draw"))
    res = Result(fid, f.teams, scores, outcome, winner, **extra)  # type: ignore[arg-type]
    return replace(day, results=(*day.results, res))


def record(day: Day, res: Result) -> Day:
    return replace(day, results=(*day.results, res))


def order_of(table: D.Table) -> list[int]:
    return [r.team for r in table.rows]
