"""Seed 004: groups played round robin (win 2, draw 1, loss 0), then quarter-finals, semi-finals, final.

§6.4: equal points are broken by the results of the matches between the tied teams, then by the
difference of correct answers, then by a replay. §6.15: a team removed from the championship keeps the
results it played; the matches it has not played are lost by walkover (no answers counted), and it
ranks last in its group.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from quizshow.event.common import Plan, Slot, bracket_pairs, effective, knockout
from quizshow.event.model import GROUP_IDS, Day, Fixture, Result
from quizshow.event.tiebreak import Criterion, Ranked, rank, signed


@dataclass(frozen=True)
class Row:
    team: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    answers_for: int = 0
    answers_against: int = 0
    points: int = 0
    removed: bool = False

    @property
    def diff(self) -> int:
        return self.answers_for - self.answers_against


@dataclass(frozen=True)
class GroupTable:
    group: str  # its id, A, B, …
    rows: tuple[Row, ...]  # in final order
    ranked: Ranked
    complete: bool  # every match of the group has a result

    def row(self, team: int) -> Row:
        return next(r for r in self.rows if r.team == team)


def groups(day: Day) -> dict[str, tuple[int, ...]]:
    """Teams by group: start number n goes to group n mod G (1 → А, 2 → Б, 3 → В, 4 → А, …)."""
    count = max(1, min(day.regulation.groups, len(GROUP_IDS)))
    found: dict[str, list[int]] = {GROUP_IDS[g]: [] for g in range(count)}
    for i, team in enumerate(day.order):
        found[GROUP_IDS[i % count]].append(team)
    return {g: tuple(t) for g, t in found.items()}


def round_robin(teams: tuple[int, ...]) -> list[list[tuple[int, int]]]:
    """The circle method: rounds of pairs, every team meets every other once; an odd group has a bye."""
    seats: list[int | None] = list(teams) + ([None] if len(teams) % 2 else [])
    n = len(seats)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def group_fixtures(day: Day) -> list[Fixture]:
    """Every group's matches, the groups' rounds interleaved (round 1 of А, Б, В, then round 2 …)."""
    per_group = {g: round_robin(t) for g, t in groups(day).items()}
    out: list[Fixture] = []
    counters = dict.fromkeys(per_group, 0)
    for r in range(max((len(x) for x in per_group.values()), default=0)):
        for g, rounds in per_group.items():
            for pair in rounds[r] if r < len(rounds) else []:
                counters[g] += 1
                out.append(Fixture(f"{g}{counters[g]}", "group", pair, group=g))
    return out


def _results(day: Day, fixtures: list[Fixture]) -> list[Result]:
    return [r for r in (effective(day, f) for f in fixtures) if r is not None]


def _rows(day: Day, teams: tuple[int, ...], results: list[Result]) -> dict[int, Row]:
    reg = day.regulation
    rows = {t: Row(t, removed=t in day.unranked) for t in teams}
    for res in results:
        counted = res.outcome != "walkover"
        for i, team in enumerate(res.teams):
            other = res.teams[1 - i]
            r = rows[team]
            won, drawn = res.winner == team, res.winner is None and res.outcome == "draw"
            lost = not won and not drawn
            pts = reg.points_win if won else reg.points_draw if drawn else reg.points_loss
            rows[team] = Row(team, r.played + 1, r.won + won, r.drawn + drawn, r.lost + lost,
                             r.answers_for + (res.score_of(team) if counted else 0),
                             r.answers_against + (res.score_of(other) if counted else 0),
                             r.points + pts, r.removed)
    return rows


@lru_cache(maxsize=64)  # pure and asked for often (each row's place, the next match's places)
def group_table(day: Day, group: str) -> GroupTable:
    teams = groups(day)[group]
    fixtures = [f for f in group_fixtures(day) if f.group == group]
    results = _results(day, fixtures)
    rows = _rows(day, teams, results)
    reg = day.regulation

    def head_to_head(block: tuple[int, ...]) -> dict[int, int]:
        inside = [r for r in results if set(r.teams) <= set(block)]
        pts = dict.fromkeys(block, 0)
        for r in inside:
            for t in r.teams:
                pts[t] += reg.points_win if r.winner == t else reg.points_draw if r.winner is None and \
                    r.outcome == "draw" else reg.points_loss
        return pts

    def settle(block: tuple[int, ...]) -> tuple[tuple[int, ...], str] | None:
        for res in reversed(day.results):  # the latest replay among exactly these teams
            if res.fixture.startswith(f"R{group}") and set(res.teams) == set(block):
                order = res.order or ((res.winner, res.loser()) if res.winner is not None else ())
                if order:
                    return tuple(t for t in order if t is not None), "replay"
        return None

    ranked = rank(
        sorted(teams, key=day.number),
        Criterion("points", lambda b: {t: (not rows[t].removed, rows[t].points) for t in b},
                  lambda v: str(v[1]) if isinstance(v, tuple) else str(v)),  # (still in, points): the points
        [Criterion("h2h", head_to_head), Criterion("diff", lambda b: {t: rows[t].diff for t in b},
                                                        lambda v: signed(v) if isinstance(v, int) else str(v))],
        restart=True, settle=settle)
    complete = all(effective(day, f) is not None for f in fixtures)
    return GroupTable(group, tuple(rows[t] for t in ranked.order), ranked, complete)


def replays_due(day: Day, table: GroupTable) -> list[Fixture]:
    """A replay for each block still tied across the line of those who go on (only once the group is
    complete: until then the tie may still break)."""
    if not table.complete:
        return []
    cut = day.regulation.advance_per_group
    due: list[Fixture] = []
    played = [r for r in day.results if r.fixture.startswith(f"R{table.group}")]
    for block in table.ranked.shared:
        spots = [table.ranked.order.index(t) for t in block]
        if min(spots) < cut <= max(spots):  # a drawn replay is played again: RA1, RA2, …
            due.append(Fixture(f"R{table.group}{len(played) + len(due) + 1}", "replay", block, group=table.group))
    return due


def qualifiers(day: Day, tables: list[GroupTable]) -> list[int]:
    """Seeds for the knockout, best first: the first `advance_per_group` of every group by position,
    then the best of the next positions across groups (points, difference, answers, start number) until
    `playoff_teams` are found. Removed teams never go on."""
    reg = day.regulation
    out: list[int] = []
    for position in range(max((len(t.rows) for t in tables), default=0)):
        rows = [t.rows[position] for t in tables if position < len(t.rows) and t.rows[position].team not in
                day.unranked]
        rows.sort(key=lambda r: (-r.points, -r.diff, -r.answers_for, day.number(r.team)))
        if position < reg.advance_per_group:
            out += [r.team for r in rows]
        else:
            out += [r.team for r in rows][: max(0, reg.playoff_teams - len(out))]
        if len(out) >= reg.playoff_teams:
            break
    return out[: reg.playoff_teams]


T = TypeVar("T")  # a seed: a team, or where it will come from («G:A1»)
PREFIX = {8: "QF", 4: "SF", 2: "F"}
STAGE = {8: "quarterfinal", 4: "semifinal", 2: "final"}


def plan(day: Day) -> Plan:
    fixtures = group_fixtures(day)
    if len(day.order) < len(day.teams):
        return Plan((), (), "draw")
    tables = [group_table(day, g) for g in groups(day)]
    size = day.regulation.playoff_teams
    placeholders = [f"G:{t.group}{p + 1}" for p in range(day.regulation.advance_per_group) for t in tables]
    placeholders += [f"X:{n}" for n in range(size - len(placeholders))]
    if not all(t.complete for t in tables):
        return Plan(tuple(fixtures), tuple(_pending_bracket(apart(placeholders[:size], _group_of_source))))
    # Replays played stay in the schedule (their results are history); those due come after them.
    fixtures += [Fixture(r.fixture, "replay", r.teams, group=r.fixture[1]) for r in day.results
                 if r.fixture.startswith("R") and len(r.fixture) > 1 and r.fixture[1] in GROUP_IDS]
    replays = [f for t in tables for f in replays_due(day, t)]
    fixtures += replays
    if any(effective(day, f) is None and day.result(f.id) is None for f in replays):
        return Plan(tuple(fixtures), tuple(_pending_bracket(apart(placeholders[:size], _group_of_source))), "replay")
    group_of = {row.team: t.group for t in tables for row in t.rows}
    ko, pending = knockout(day, apart(qualifiers(day, tables), group_of.get), PREFIX, STAGE)
    return Plan(tuple(fixtures + ko), tuple(pending))


def apart(seeds: list[T], group: Callable[[T], str | None]) -> list[T]:
    """The seeds (best first) reordered so that two teams of one group never meet in the knockout's first
    round (the pairing 1–8, 4–5, 2–7, 3–6 alone would set a group's winner against its own runner-up): the
    lower seed of such a pair swaps with the next lower seed, of another pair, that keeps both pairs apart.
    A seed of no known group (the best of the next places, not yet known) meets anyone."""
    out = list(seeds)
    pairs = bracket_pairs(len(out))

    def clash(a: int, b: int) -> bool:
        ga, gb = group(out[a]), group(out[b])
        return ga is not None and ga == gb

    for a, b in pairs:
        if b >= len(out) or not clash(a, b):
            continue
        for c, d in sorted(pairs, key=lambda p: abs(p[1] - b)):
            if (c, d) == (a, b) or d >= len(out):
                continue
            out[b], out[d] = out[d], out[b]
            if not clash(a, b) and not clash(c, d):
                break
            out[b], out[d] = out[d], out[b]
    return out


def _group_of_source(source: str) -> str | None:
    """«G:C1» (the first of group C) → C; the best of the next places (X:n) is of no group yet."""
    return source[2] if source.startswith("G:") and len(source) > 2 else None


def _pending_bracket(sources: list[str]) -> list[Slot]:
    """The knockout before its teams are known: every slot says where its team will come from."""
    size = len(sources)
    out: list[Slot] = []
    current = [(sources[a], sources[b]) for a, b in bracket_pairs(size)] if size >= 2 else []
    while current:
        names = []
        for i, (a, b) in enumerate(current):
            fid = PREFIX[size] if size == 2 else f"{PREFIX[size]}{i + 1}"
            out.append(Slot(Fixture(fid, STAGE[size], ()), (a, b)))
            names.append(f"W:{fid}")
        size //= 2
        current = [(names[i], names[i + 1]) for i in range(0, len(names) - 1, 2)]
    return out


def places(day: Day) -> list[tuple[int, tuple[int, int]]]:
    """The day's final places once known: the final's winner and loser, semi-final losers share 3–4,
    quarter-final losers 5–8, the rest by group position (shared across groups)."""
    p = plan(day)
    out: list[tuple[int, tuple[int, int]]] = []
    taken: set[int] = set()
    fin = p.get("F")
    res = effective(day, fin) if fin else None
    if res is not None and res.winner is not None:
        loser = res.loser()
        out += [(res.winner, (1, 1))] + ([(loser, (2, 2))] if loser is not None else [])
        taken |= set(res.teams)
    for stage in ("semifinal", "quarterfinal"):
        losers = [r.loser() for f in p.fixtures if f.stage == stage and (r := effective(day, f)) is not None]
        found = [t for t in losers if t is not None and t not in taken]
        first = len(taken) + 1
        out += [(t, (first, first + len(found) - 1)) for t in found]
        taken |= set(found)
    tables = [group_table(day, g) for g in groups(day)]
    for position in range(max((len(t.rows) for t in tables), default=0)):
        rows = [t.rows[position].team for t in tables if position < len(t.rows)]
        found = [t for t in rows if t not in taken]
        first = len(taken) + 1
        out += [(t, (first, first + len(found) - 1)) for t in found]
        taken |= set(found)
    return out
