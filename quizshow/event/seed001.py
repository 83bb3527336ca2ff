"""Seed 001: «Куча мала» and the draw, two qualifying games per team, semi-finals with their replacement
paths, the final, tournament points and the «Команда за столом» prize.

§3C: four teams go to the semi-finals: those who won both games, the rest by points; equal points by
the team's rating; all equal, a play-off of three questions (one point each). §4C–E: a semi-final that
ends with both teams disqualified is replayed by the 5th team and the winner of a new «Куча мала» (all
but the finalists and the 5th may enter); both semi-finals void: the two best outside go to the final.
§7: taking part 1, a win at the tables 2, reaching the final 2, winning it 3; ties broken by games
played, then wins, then finals, then wins at the tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from quizshow.event.common import Plan, Slot, effective
from quizshow.event.model import Day, Fixture, Result
from quizshow.event.tiebreak import Criterion, Ranked, rank

TABLE_STAGES = ("qualifying", "semifinal", "final")


def qualifying_fixtures(day: Day) -> list[Fixture]:
    """Each team plays two games: start numbers meet their neighbours on a circle (1–2, 3–4, …, then
    2–3, 4–5, …, N–1). Game 1 is 1–2: the melee winner and the opponent it picked."""
    order = day.order
    n = len(order)
    if n < 2:
        return []
    pairs = [(order[i], order[(i + 1) % n]) for i in range(n)]
    ordered = pairs[0::2] + pairs[1::2]
    return [Fixture(f"Q{i + 1}", "qualifying", pair) for i, pair in enumerate(ordered)]


@dataclass(frozen=True)
class QualRow:
    team: int
    played: int = 0
    wins: int = 0
    points: int = 0
    rating: float = 0.0


def qualifying_rows(day: Day) -> dict[int, QualRow]:
    rows = {t: QualRow(t, rating=day.teams[t].rating) for t in range(len(day.teams))}
    for f in qualifying_fixtures(day):
        res = effective(day, f)
        if res is None:
            continue
        for t in f.teams:
            r = rows[t]
            rows[t] = QualRow(t, r.played + 1, r.wins + (res.winner == t), r.points + res.score_of(t), r.rating)
    return rows


def _playoff_order(day: Day, block: tuple[int, ...]) -> tuple[tuple[int, ...], str] | None:
    """The latest play-off among exactly these teams: its order, or its scores if they all differ."""
    for res in reversed(day.results):
        if res.fixture.startswith("PO") and set(res.teams) == set(block):
            if res.order:
                return tuple(res.order), "playoff"
            if len(set(res.scores)) == len(res.scores):
                return tuple(sorted(res.teams, key=lambda t: -res.score_of(t))), "playoff"
    return None


def qualifying_ranking(day: Day) -> Ranked:
    rows = qualifying_rows(day)
    out = day.unranked
    teams = sorted(range(len(day.teams)), key=day.number)
    return rank(
        teams,
        Criterion("present", lambda b: {t: t not in out for t in b}),
        [Criterion("two_wins", lambda b: {t: rows[t].wins >= 2 for t in b}, lambda v: "2" if v else "<2"),
         Criterion("points", lambda b: {t: rows[t].points for t in b}),
         Criterion("rating", lambda b: {t: rows[t].rating for t in b}, lambda v: f"{v:g}")],
        settle=lambda b: _playoff_order(day, b))


def _playoffs_due(day: Day, ranking: Ranked, cut: int) -> list[Fixture]:
    due = []
    for block in ranking.shared:
        spots = [ranking.order.index(t) for t in block]
        if min(spots) < cut <= max(spots):
            tries = sum(1 for r in day.results if r.fixture.startswith("PO") and set(r.teams) == set(block))
            due.append(Fixture(f"PO{tries + 1}", "playoff", block))
    return due


def plan(day: Day) -> Plan:
    reg = day.regulation
    n = len(day.teams)
    fixtures: list[Fixture] = []
    if reg.melee:
        fixtures.append(Fixture("M0", "melee", tuple(range(n))))
    if len(day.order) < n:
        return Plan(tuple(fixtures), tuple(_pending_knockout()), "draw")
    quals = qualifying_fixtures(day)
    fixtures += quals
    if any(effective(day, f) is None for f in quals):
        return Plan(tuple(fixtures), tuple(_pending_knockout()))
    ranking = qualifying_ranking(day)
    k = reg.semifinalists
    # Earlier play-offs stay in the schedule (their results are history).
    fixtures += [Fixture(r.fixture, "playoff", r.teams) for r in day.results if r.fixture.startswith("PO")]
    due = _playoffs_due(day, ranking, k)
    if due:
        return Plan(tuple(fixtures + due), tuple(_pending_knockout()), "playoff")
    top = list(ranking.order[:k])
    semis = [Fixture("SF1", "semifinal", (top[0], top[3])), Fixture("SF2", "semifinal", (top[1], top[2]))]
    fixtures += semis
    results = [effective(day, f) for f in semis]
    if any(r is None for r in results):
        return Plan(tuple(fixtures), (Slot(Fixture("F", "final", ()), ("W:SF1", "W:SF2")),))
    void = [r is not None and r.winner is None for r in results]
    outside = [t for t in ranking.order[k:]]  # the best outside the semi-finals, in qualifying order
    if all(void):
        final = Fixture("F", "final", (outside[0], outside[1]))
        fixtures.append(final)
        return Plan(tuple(fixtures))
    if any(void):
        fifth = outside[0]
        kept = next(r for r in results if r is not None and r.winner is not None)
        finalist = kept.winner
        assert finalist is not None
        entrants = tuple(t for t in range(n) if t not in (finalist, fifth) and t not in day.unranked)
        melee = Fixture("MR", "melee", entrants)
        fixtures.append(melee)
        mres = day.result("MR")
        if mres is None or not mres.order:
            return Plan(tuple(fixtures), (Slot(Fixture("SFR", "semifinal", ()), (f"T:{fifth}", "W:MR")),
                                          Slot(Fixture("F", "final", ()), ("W:SF", "W:SFR"))))
        replacement = Fixture("SFR", "semifinal", (fifth, mres.order[0]))
        fixtures.append(replacement)
        rres = effective(day, replacement)
        if rres is None:
            return Plan(tuple(fixtures), (Slot(Fixture("F", "final", ()), ("W:SF", "W:SFR")),))
        if rres.winner is not None:
            other = rres.winner
        else:  # the replacement semi-final void too: the best team outside every semi-final (docs)
            played = {t for f in (*semis, replacement) for t in f.teams}
            unplayed = [t for t in ranking.order if t not in played]
            # Every such team removed: the best of them is still named, and loses the final by walkover.
            if not unplayed:  # nobody is left to meet the finalist: the day has no final to play
                return Plan(tuple(fixtures))
            other = next((t for t in unplayed if t not in day.removed_teams), unplayed[0])
        first_void = void[0]
        pair = (other, finalist) if first_void else (finalist, other)
        fixtures.append(Fixture("F", "final", pair))
        return Plan(tuple(fixtures))
    winners = tuple(r.winner for r in results if r is not None and r.winner is not None)
    fixtures.append(Fixture("F", "final", winners))
    return Plan(tuple(fixtures))


def _pending_knockout() -> list[Slot]:
    return [Slot(Fixture("SF1", "semifinal", ()), ("Q:1", "Q:4")),
            Slot(Fixture("SF2", "semifinal", ()), ("Q:2", "Q:3")),
            Slot(Fixture("F", "final", ()), ("W:SF1", "W:SF2"))]


@dataclass(frozen=True)
class PointsRow:
    team: int
    played: int = 0  # games at the tables
    table_wins: int = 0
    finals: int = 0
    final_wins: int = 0
    points: int = 0
    tally: int = 0  # «Команда за столом»: correct written answers over the day


def points_rows(day: Day) -> dict[int, PointsRow]:
    reg = day.regulation
    rows = {t: PointsRow(t) for t in range(len(day.teams))}
    p = plan(day)
    results: list[tuple[Fixture, Result]] = [(f, r) for f in p.fixtures if (r := effective(day, f)) is not None]
    tallies: dict[int, int] = dict.fromkeys(rows, 0)
    for _, r in results:
        for t, n in r.tally:
            tallies[t] = tallies.get(t, 0) + n
    for t in rows:
        played = [(f, r) for f, r in results if f.stage in TABLE_STAGES and t in f.teams]
        wins = sum(1 for _, r in played if r.winner == t)
        finals = sum(1 for f, _ in played if f.stage == "final")
        final_wins = sum(1 for f, r in played if f.stage == "final" and r.winner == t)
        points = reg.points_participation + reg.points_table_win * wins + reg.points_final * finals \
            + reg.points_final_win * final_wins
        rows[t] = PointsRow(t, len(played), wins, finals, final_wins, points, tallies.get(t, 0))
    return rows


def points_ranking(day: Day, rows: dict[int, PointsRow] | None = None) -> Ranked:
    """§7C: tournament points; ties by games played, then wins (of the final), then finals reached, then
    wins at the tables (docs/tournament.md: how «побед» and «победа за столами» are read). `rows`: the
    day's own unless given (a season adds several days' rows)."""
    rows = rows if rows is not None else points_rows(day)
    return rank(
        sorted(rows, key=day.number),
        Criterion("points", lambda b: {t: rows[t].points for t in b}),
        [Criterion("played", lambda b: {t: rows[t].played for t in b}),
         Criterion("final_wins", lambda b: {t: rows[t].final_wins for t in b}),
         Criterion("finals", lambda b: {t: rows[t].finals for t in b}),
         Criterion("table_wins", lambda b: {t: rows[t].table_wins for t in b})])


def table_prize(day: Day) -> tuple[int, ...]:
    """«Команда за столом» (§6B): the team(s) with the most correct written answers, if any."""
    rows = points_rows(day)
    best = max((r.tally for r in rows.values()), default=0)
    return tuple(t for t, r in rows.items() if best > 0 and r.tally == best)
