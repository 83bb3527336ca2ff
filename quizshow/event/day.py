"""The day as a whole, for either regulation: the plan, the next fixture, the standings as rows the
screens and the export read, and what a change of results changed downstream."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from quizshow.event import seed001, seed004
from quizshow.event.common import Plan, effective
from quizshow.event.model import GROUP_IDS, GROUP_NAMES, Day, Fixture
from quizshow.event.tiebreak import Split

REGULATIONS = ("seed-001", "seed-004")


@lru_cache(maxsize=16)  # a Day is immutable: the screens and the console ask for the same day many times
def plan(day: Day) -> Plan:
    return seed004.plan(day) if day.regulation.name == "seed-004" else seed001.plan(day)


def next_fixture(day: Day, plan_: Plan | None = None) -> Fixture | None:
    """The first fixture in playing order that has no result yet."""
    for f in (plan_ or plan(day)).fixtures:
        if effective(day, f) is None:
            return f
    return None


def finished(day: Day) -> bool:
    p = plan(day)
    return len(day.order) == len(day.teams) and not p.pending and p.due is None and next_fixture(day, p) is None


# --- the draw -----------------------------------------------------------------------------------------


def melee_winner(day: Day) -> int | None:
    res = day.result("M0")
    return res.order[0] if res is not None and res.order else None


def draw_stage(day: Day) -> str:
    """What the start order waits for: melee | pick | lot | done."""
    if len(day.order) == len(day.teams):
        return "done"
    if day.regulation.name == "seed-001" and day.regulation.melee:
        if melee_winner(day) is None:
            return "melee"
        if day.picked is None:
            return "pick"
    return "lot"


def start_order(day: Day) -> tuple[int, ...]:
    """The numbers given before any lot is drawn: the melee winner (1) and the opponent it picked (2)."""
    first = melee_winner(day)
    return tuple(t for t in (first, day.picked) if t is not None)


def draw_one(day: Day, seed: int) -> int:
    """The next start number by lot among the teams not yet numbered: seeded by the journal's seed and the
    number being drawn, so a replay (or a second machine) draws the same."""
    left = [t for t in range(len(day.teams)) if t not in day.order]
    rng = random.Random(f"{seed}:draw:{len(day.order)}")
    return left[rng.randrange(len(left))]


# --- standings as rows --------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingRow:
    team: int
    place: tuple[int, int]  # (first, last): a shared place is 3–4
    cells: tuple[tuple[str, str], ...]  # (column, value) in the screen's order
    split: Split | None = None  # the tie-breaker that decided this close place
    goes_on: bool = False
    removed: bool = False


@dataclass(frozen=True)
class Table:
    title: str  # a group id, or "points" / "qualifying"
    rows: tuple[StandingRow, ...]
    splits: tuple[Split, ...] = ()
    shared: tuple[tuple[int, ...], ...] = ()


def tables(day: Day) -> list[Table]:
    """What the standings screens show: the group tables (seed 004; the day's places once the final is
    played), or the qualifying table and the tournament points (seed 001). Computed once per day."""
    return list(_tables(day))


@lru_cache(maxsize=16)
def _tables(day: Day) -> tuple[Table, ...]:
    return tuple(_compute_tables(day))


def _compute_tables(day: Day) -> list[Table]:
    if day.regulation.name == "seed-004":
        out = []
        if len(day.order) < len(day.teams):
            return []
        group_tables = [seed004.group_table(day, g) for g in seed004.groups(day)]
        cut = day.regulation.advance_per_group
        # Once every group is complete, those who go on are the knockout's own seeds (the first places and
        # the best of the next ones); before, every team whose place (shared or not) begins within the cut.
        settled = all(t.complete for t in group_tables) and not any(seed004.replays_due(day, t) for t in group_tables)
        going = set(seed004.qualifiers(day, group_tables)) if settled else None
        for t in group_tables:
            g = t.group
            group_rows = tuple(StandingRow(
                r.team, t.ranked.place(r.team),
                (("played", str(r.played)), ("won", str(r.won)), ("drawn", str(r.drawn)), ("lost", str(r.lost)),
                 ("for", str(r.answers_for)), ("against", str(r.answers_against)), ("diff", _signed(r.diff)),
                 ("points", str(r.points))),
                t.ranked.split_of(r.team) if len(t.ranked.splits) else None,
                goes_on=not r.removed and (r.team in going if going is not None else t.ranked.place(r.team)[0] <= cut),
                removed=r.removed) for r in t.rows)
            out.append(Table(g, group_rows, t.ranked.splits, t.ranked.shared))
        final = final_table(day)
        return out + ([final] if final is not None else [])
    quals = seed001.qualifying_rows(day)
    qr = seed001.qualifying_ranking(day)
    k = day.regulation.semifinalists
    qual = Table("qualifying", tuple(StandingRow(
        t, qr.place(t), (("played", str(quals[t].played)), ("won", str(quals[t].wins)),
                         ("points", str(quals[t].points)), ("rating", f"{quals[t].rating:g}")),
        qr.split_of(t), goes_on=qr.place(t)[0] <= k and t not in day.removed_teams,  # a shared place: all
        removed=t in day.removed_teams) for t in qr.order),
        qr.splits, qr.shared)
    points = seed001.points_rows(day)
    pr = seed001.points_ranking(day)
    pts = Table("points", tuple(StandingRow(
        t, pr.place(t), (("played", str(points[t].played)), ("won", str(points[t].table_wins)),
                         ("finals", str(points[t].finals)), ("final_wins", str(points[t].final_wins)),
                         ("tally", str(points[t].tally)), ("points", str(points[t].points))),
        pr.split_of(t), removed=t in day.removed_teams) for t in pr.order), pr.splits, pr.shared)
    return [qual, pts]


def final_table(day: Day) -> Table | None:
    """Seed 004 once the final is played: every team's place of the day (the final's winner and loser,
    semi-final losers 3–4, quarter-final losers 5–8, the rest by group position), with its matches."""
    p = plan(day)
    fin = p.get("F")
    if fin is None or effective(day, fin) is None:
        return None
    results = [r for f in p.fixtures if (r := effective(day, f)) is not None]
    rows = []
    for team, place in seed004.places(day):
        mine = [r for r in results if team in r.teams and len(r.teams) == 2]
        won = sum(1 for r in mine if r.winner == team)
        cells = (("played", str(len(mine))), ("won", str(won)))
        rows.append(StandingRow(team, place, cells, removed=team in day.removed_teams))
    return Table("final", tuple(rows))


def _signed(v: int) -> str:
    from quizshow.event.tiebreak import signed

    return signed(v)


# --- what changed ---------------------------------------------------------------------------------------


def snapshot(day: Day) -> dict[str, object]:
    """The parts of the day a correction may change: every table's order and places, the fixtures' teams."""
    p = plan(day)
    snap: dict[str, object] = {f"fixture {f.id}": f.teams for f in p.fixtures}
    for table in tables(day):
        for r in table.rows:
            snap[f"{table.title} {r.team}"] = (r.place, r.cells)
    return snap


def describe_changes(day_before: Day, day_after: Day) -> list[tuple[str, dict[str, object]]]:
    """(phrase key, values) for each thing that changed downstream: a place, a fixture's teams, a fixture
    that appeared or went. The console lists them after a correction."""
    before, after = snapshot(day_before), snapshot(day_after)
    names = [t.name for t in day_after.teams]
    out: list[tuple[str, dict[str, object]]] = []
    for key in sorted(set(before) | set(after), key=lambda k: (k.split()[0], k)):
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        what, ident = key.split(" ", 1)
        if what == "fixture":
            out.append(("event.changed.fixture",
                        {"fixture": ident, "before": _vs(old, names), "after": _vs(new, names)}))
        else:
            table, team = what, int(ident)
            if table in GROUP_IDS:
                table = GROUP_NAMES[GROUP_IDS.index(table)]
            out.append(("event.changed.place", {"table": table, "team": names[team],
                                                "before": _place(old), "after": _place(new)}))
    return out


def _vs(teams: object, names: list[str]) -> str:
    if not isinstance(teams, tuple) or not teams:
        return "—"
    return " — ".join(names[t] for t in teams)


def _place(value: object) -> str:
    if not isinstance(value, tuple):
        return "—"
    (a, b), cells = value
    where = str(a) if a == b else f"{a}–{b}"
    points = dict(cells).get("points", "")
    return f"{where} ({points})" if points else where
