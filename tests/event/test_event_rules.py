"""Tournament rules (rules.md §6, seeds 001 and 004), on the pure layer: tie-breakers, replacement paths,
whole days simulated to the end against standings computed by hand."""

from __future__ import annotations

from dataclasses import replace

from quizshow.event import day as D
from quizshow.event import seed001, seed004
from quizshow.event.common import effective
from quizshow.event.model import Day, Result
from tests.event_kit import make_day, order_of, play, record
from tests.event_rules_kit import GROUP_RESULTS

# --- seed 004 §6.4: the group table ---------------------------------------------------------------------


def one_group(results: list[tuple[int, int, int, int]], n: int = 4) -> tuple[Day, D.Table]:
    day = make_day(n, groups=1, advance_per_group=2, playoff_teams=2)
    for a, b, sa, sb in results:
        day = play(day, a, b, sa, sb)
    return day, D.tables(day)[0]


def test_group_points_win_two_draw_one_loss_zero():
    """6.3 Команде, победившей в матче, присуждается 2 очка, проигравшей – 0 очков, в случае ничьей – по 1 очку."""
    _, table = one_group([(0, 1, 3, 1), (2, 3, 2, 2)])
    points = {r.team: dict(r.cells)["points"] for r in table.rows}
    assert points == {0: "2", 1: "0", 2: "1", 3: "1"}


def test_tie_two_way_broken_head_to_head():
    """6.4 В случае если две команды (и более) наберут одинаковой количество очков, то берётся в расчёт итог
    личных встреч."""
    # 0 and 1 both 4 points; 0 beat 1 (by less than 1's margins elsewhere: the difference would say 1).
    _, table = one_group([(0, 1, 2, 1), (0, 2, 0, 3), (0, 3, 2, 1), (1, 2, 5, 0), (1, 3, 5, 0), (2, 3, 1, 2)])
    assert order_of(table)[:2] == [0, 1]
    split = table.rows[0].split
    assert split is not None and split.criterion == "h2h" and split.teams[:2] == (0, 1)


def test_tie_two_way_broken_by_difference_of_correct_answers():
    """6.4 В случае если этого будет недостаточно, подсчитывается разница правильных ответов команд и их
    соперников."""
    _, table = one_group([(0, 1, 2, 2), (0, 2, 4, 0), (0, 3, 0, 1), (1, 2, 2, 1), (1, 3, 1, 2), (2, 3, 3, 0)])
    # 0: 1+2+0 = 3 points, diff 6-3 = +3; 1: 1+2+0 = 3 points, diff 5-5 = 0; head-to-head a draw.
    rows = {r.team: r for r in table.rows}
    assert order_of(table).index(0) < order_of(table).index(1)
    split = rows[1].split
    assert split is not None and split.criterion == "diff" and split.values[:2] == ("+3", "0")


def test_tie_three_way_head_to_head_cycle_goes_to_difference():
    """6.4 (head-to-head cycle) личных встреч … разница правильных ответов."""
    _, table = one_group([(0, 1, 2, 1), (1, 2, 3, 2), (2, 0, 4, 0), (0, 3, 3, 0), (1, 3, 2, 1), (2, 3, 1, 0)])
    # Each of 0, 1, 2 has 4 points and 2 head-to-head points. Differences: 0: 5-5 = 0; 1: 6-5 = +1;
    # 2: 7-3 = +4.
    assert order_of(table) == [2, 1, 0, 3]
    assert table.rows[0].split is not None and table.rows[0].split.criterion == "diff"
    assert table.rows[0].split.values == ("+4", "+1", "0")


def test_tie_three_way_split_then_head_to_head_again_among_the_two():
    """6.4 итог личных встреч (recomputed among the teams still tied, then the difference)."""
    # Group B of the whole day: 1 > 4, 4 > 7, 7 > 1, each beat 10; difference 1: +2, 4: +1, 7: +2;
    # 1 and 7 are still tied after the difference: their own match (7 won) decides.
    _, table = one_group([(0, 1, 2, 1), (1, 2, 3, 2), (2, 0, 2, 0), (0, 3, 3, 0), (1, 3, 2, 1), (2, 3, 4, 3)])
    assert order_of(table) == [2, 0, 1, 3]
    assert table.rows[0].split is not None and table.rows[0].split.criterion == "h2h"
    assert table.rows[2].split is not None and table.rows[2].split.criterion == "diff"


def test_tie_all_equal_flags_a_replay_and_the_replay_settles_it():
    """6.4 В случае если у этих команд все показатели будут равными, то между ними объявляется переигровка."""
    day, table = one_group([(0, 1, 3, 1), (0, 2, 3, 1), (0, 3, 4, 1), (1, 2, 2, 2), (1, 3, 3, 1), (2, 3, 3, 1)])
    assert table.shared == ((1, 2),)
    assert table.rows[1].place == (2, 3) and table.rows[2].place == (2, 3)
    plan = D.plan(day)
    assert plan.due == "replay" and plan.fixtures[-1].id == "RA1" and set(plan.fixtures[-1].teams) == {1, 2}
    assert D.next_fixture(day).id == "RA1"
    day = record(day, Result("RA1", (1, 2), (1, 1), "draw"))  # a drawn replay is played again
    assert D.plan(day).due == "replay" and D.next_fixture(day).id == "RA2"
    day = record(day, Result("RA2", (1, 2), (1, 2), "win", winner=2))
    table = D.tables(day)[0]
    assert order_of(table) == [0, 2, 1, 3] and table.rows[1].split.criterion == "replay"
    assert D.plan(day).due is None and D.next_fixture(day).id == "F"


def test_tie_outside_the_line_needs_no_replay():
    """6.4 переигровка — only where it decides who goes on (docs/tournament.md)."""
    day, table = one_group([(0, 1, 3, 1), (0, 2, 3, 1), (0, 3, 3, 1), (1, 2, 3, 1), (1, 3, 3, 1), (2, 3, 2, 2)])
    assert table.shared == ((2, 3),) and D.plan(day).due is None


def test_removed_team_ranks_last_and_loses_unplayed_matches():
    """6.15 Три штрафных очка, заработанных командой, дают право Жюри снять команду с Чемпионата."""
    day = make_day(4, groups=1, advance_per_group=2, playoff_teams=2)
    day = play(day, 0, 1, 4, 0)
    day = replace(day, removed=((0, "три штрафных очка", "first"),))
    table = D.tables(day)[0]
    assert order_of(table)[-1] == 0 and table.rows[-1].removed
    rows = {r.team: dict(r.cells) for r in table.rows}
    assert rows[0]["points"] == "2" and rows[0]["lost"] == "2"  # the played win stands, the rest walkovers
    assert rows[2]["points"] == "2" and rows[2]["for"] == "0"  # a walkover counts no answers
    walkovers = [effective(day, f) for f in D.plan(day).fixtures if 0 in f.teams and day.result(f.id) is None]
    assert len(walkovers) == 2 and all(w is not None and w.outcome == "walkover" for w in walkovers)
    assert D.next_fixture(day).teams != () and 0 not in D.next_fixture(day).teams


def test_removed_team_in_the_knockout_gives_a_walkover():
    """6.15 снять команду с Чемпионата (in the knockout its opponent goes on)."""
    day = make_day(4, groups=1, advance_per_group=4, playoff_teams=4)
    for a, b, sa, sb in [(0, 1, 3, 0), (0, 2, 3, 0), (0, 3, 3, 0), (1, 2, 3, 0), (1, 3, 3, 0), (2, 3, 3, 0)]:
        day = play(day, a, b, sa, sb)
    assert [(f.id, f.teams) for f in D.plan(day).fixtures[-2:]] == [("SF1", (0, 3)), ("SF2", (1, 2))]
    day = replace(day, removed=((3, "дисциплина", "later"),))
    assert D.next_fixture(day).id == "SF2"


# --- seed 004: a whole day of 12 teams in 3 groups ---------------------------------------------------------


def test_whole_seed004_day_of_twelve_teams_in_three_groups():
    """6.1 Чемпионат включает в себя отборочные игры, четвертьфиналы, полуфиналы и Финальный турнир."""
    day = make_day(12, groups=3, advance_per_group=2, playoff_teams=8)
    assert seed004.groups(day) == {"A": (0, 3, 6, 9), "B": (1, 4, 7, 10), "C": (2, 5, 8, 11)}
    assert len([f for f in D.plan(day).fixtures if f.stage == "group"]) == 18
    for a, b, sa, sb in GROUP_RESULTS:
        day = play(day, a, b, sa, sb)
    a, b, c = D.tables(day)
    assert order_of(a) == [0, 3, 9, 6] and [dict(r.cells)["points"] for r in a.rows] == ["5", "3", "3", "1"]
    assert a.rows[1].split.criterion == "diff" and a.rows[1].split.values == ("−1", "−3")
    assert order_of(b) == [7, 1, 4, 10] and b.rows[0].split.criterion == "h2h"
    assert b.rows[2].split.criterion == "diff"
    assert c.shared == ((5, 8),) and D.plan(day).due == "replay"
    day = record(day, Result("RC1", (5, 8), (1, 2), "win", winner=8))
    c = D.tables(day)[2]
    assert order_of(c) == [2, 8, 5, 11] and c.rows[1].split.criterion == "replay"
    assert [r.goes_on for r in c.rows] == [True, True, True, False]  # 5: one of the best thirds (QF3)
    # Seeds: winners 2 (6), 0 (5), 7 (4); runners-up 1 (4), 8 (3, 0), 3 (3, −1); the best thirds 4, 5.
    assert seed004.qualifiers(day, [seed004.group_table(day, g) for g in "ABC"]) == [2, 0, 7, 1, 8, 3, 4, 5]
    plan = D.plan(day)
    # 1–8 would be 2–5, both of group В: two of one group never meet in a quarter-final (issue 22), so 5
    # and 4 (the best thirds) change places.
    assert [(f.id, f.teams) for f in plan.fixtures if f.stage == "quarterfinal"] == [
        ("QF1", (2, 4)), ("QF2", (1, 8)), ("QF3", (0, 5)), ("QF4", (7, 3))]
    for x, y, sx, sy in [(2, 4, 3, 1), (1, 8, 2, 3), (0, 5, 4, 2), (7, 3, 1, 2)]:
        day = play(day, x, y, sx, sy)
    assert [(f.id, f.teams) for f in D.plan(day).fixtures if f.stage == "semifinal"] == [
        ("SF1", (2, 8)), ("SF2", (0, 3))]
    day = play(day, 2, 8, 3, 2)
    day = play(day, 0, 3, 1, 3)
    assert D.next_fixture(day).id == "F" and D.next_fixture(day).teams == (2, 3)
    day = play(day, 2, 3, 2, 3)
    assert D.finished(day)
    assert seed004.places(day) == [
        (3, (1, 1)), (2, (2, 2)), (8, (3, 4)), (0, (3, 4)), (4, (5, 8)), (1, (5, 8)), (5, (5, 8)), (7, (5, 8)),
        (9, (9, 9)), (6, (10, 12)), (10, (10, 12)), (11, (10, 12))]
    final = D.tables(day)[-1]  # the standings screen's «Итог дня»
    assert final.title == "final" and [(r.team, r.place) for r in final.rows] == seed004.places(day)
    assert dict(final.rows[0].cells) == {"played": "6", "won": "4"}  # 3 group matches (1 lost), QF, SF, F


def test_knockout_bracket_keeps_the_two_best_seeds_apart():
    """6.1 четвертьфиналы, полуфиналы и Финальный турнир (seeds 1 and 2 can meet only in the final)."""
    from quizshow.event.common import bracket_pairs

    assert bracket_pairs(8) == [(0, 7), (3, 4), (1, 6), (2, 5)]
    assert bracket_pairs(4) == [(0, 3), (1, 2)]


# --- seed 001 -------------------------------------------------------------------------------------------------

RATINGS = [10, 20, 5, 5, 0, 0, 7, 3]
ORDER = (3, 5, 0, 1, 2, 4, 6, 7)  # T3 won the melee and picked T5; the rest by lot


def qualified_day() -> Day:
    day = replace(make_day(8, "seed-001", ratings=RATINGS), order=ORDER, picked=5)
    day = record(day, Result("M0", tuple(range(8)), order=(3,)))
    for a, b, sa, sb in [(3, 5, 4, 2), (0, 1, 4, 3), (2, 4, 1, 5), (6, 7, 2, 4),
                         (5, 0, 5, 1), (1, 2, 2, 3), (4, 6, 3, 2), (7, 3, 2, 3)]:
        day = play(day, a, b, sa, sb)
    return day


def test_qualifying_two_games_per_team_neighbours_on_the_circle():
    """3B Каждая команда играет две отборочные игры, по 6 вопросов в каждой."""
    day = replace(make_day(8, "seed-001"), order=ORDER)
    quals = seed001.qualifying_fixtures(day)
    assert [f.teams for f in quals] == [(3, 5), (0, 1), (2, 4), (6, 7), (5, 0), (1, 2), (4, 6), (7, 3)]
    assert all(sum(t in f.teams for f in quals) == 2 for t in range(8))


def test_semifinal_selection_two_wins_then_points_then_rating():
    """3C Команды выигравшие оба боя автоматически попадают в полуфинал, остальные участники полуфиналов
    определяются по количеству набранных очков. При равестве и этого показателя команды выходят в полуфинал на
    основании рейтинга команды."""
    ranking = seed001.qualifying_ranking(qualified_day())
    # Two wins: T4 (8 points), T3 (7); then points T5 7, T7 6; T0 and T1 both 5: T1's rating 20 > 10.
    assert ranking.order == (4, 3, 5, 7, 1, 0, 6, 2)
    assert ranking.split_of(1).criterion == "rating"
    assert ranking.split_of(4).criterion == "points"


def test_semifinal_selection_all_equal_goes_to_a_three_question_playoff():
    """3C В случае равенства всех показателей - дополнительный бой из 3-х вопросов, каждый 1 очко."""
    day = replace(make_day(6, "seed-001", melee=False), order=tuple(range(6)))
    # Circle: (0,1) (2,3) (4,5) (1,2) (3,4) (5,0): 0, 2, 4 win once with 3 points; 1, 3, 5 once with 3.
    for a, b, sa, sb in [(0, 1, 3, 2), (2, 3, 3, 2), (4, 5, 3, 2), (1, 2, 1, 0), (3, 4, 1, 0), (5, 0, 1, 0)]:
        day = play(day, a, b, sa, sb)
    plan = D.plan(day)
    assert plan.due == "playoff" and plan.fixtures[-1].id == "PO1"
    assert set(plan.fixtures[-1].teams) == {0, 1, 2, 3, 4, 5}
    day = record(day, Result("PO1", plan.fixtures[-1].teams, (3, 2, 1, 0, 0, 0)))  # still tied at the bottom
    assert D.plan(day).due == "playoff" and D.plan(day).fixtures[-1].id == "PO2"
    day = record(day, Result("PO2", tuple(range(6)), order=(5, 4, 3, 2, 1, 0)))
    assert [f.teams for f in D.plan(day).fixtures if f.stage == "semifinal"] == [(5, 2), (4, 3)]


def test_semifinal_both_disqualified_fifth_meets_the_winner_of_a_new_melee():
    """4C В случаи дисквалификации, в полуфинале выступит команда, занявшая 5 место и еще одна команда, которая
    выиграет новую Кучу Малу. Д) Все команды, кроме команды, вышедших в финал и команды, занявшей 5 место,
    могут принять участие в Куче Мале."""
    day = qualified_day()
    day = play(day, 4, 7, 1, 1, outcome="disqualified")
    day = play(day, 3, 5, 2, 5)
    melee = D.next_fixture(day)
    assert melee.id == "MR" and melee.stage == "melee"
    assert set(melee.teams) == set(range(8)) - {5, 1}  # the finalist T5 and the 5th, T1, stay out
    day = record(day, Result("MR", melee.teams, order=(6,)))
    assert D.next_fixture(day).id == "SFR" and D.next_fixture(day).teams == (1, 6)
    day = play(day, 1, 6, 5, 3)
    assert D.next_fixture(day).id == "F" and D.next_fixture(day).teams == (1, 5)


def test_both_semifinals_void_the_two_best_outside_go_to_the_final():
    """4E В случае если оба полуфинала закончатся дисквалификацией, в финал выходят лучшие две команды не
    попавшие в полуфиналы."""
    day = qualified_day()
    day = play(day, 4, 7, 0, 0, outcome="disqualified")
    day = play(day, 3, 5, 1, 1, outcome="disqualified")
    assert D.next_fixture(day).id == "F" and D.next_fixture(day).teams == (1, 0)


def test_replacement_semifinal_void_too_the_best_outside_goes_on():
    """4C (the seed is silent on a void replacement: docs/tournament.md)."""
    day = qualified_day()
    day = play(day, 4, 7, 0, 0, outcome="disqualified")
    day = play(day, 3, 5, 2, 5)
    day = record(day, Result("MR", D.next_fixture(day).teams, order=(6,)))
    day = play(day, 1, 6, 0, 0, outcome="disqualified")
    assert D.next_fixture(day).teams == (0, 5)  # T0, 6th, is the best who played no semi-final


def test_whole_seed001_day_of_eight_teams_tournament_points():
    """7B За участие в игре – 1 очко, за победу за столами – 2 очка, за выход в финал – 2 очка, за победу в
    финале – 3 очка. 7C … сначала количество сыгранных игр, потом побед, далее количество финалов, далее победа
    за столами."""
    day = qualified_day()
    assert [(f.id, f.teams) for f in D.plan(day).fixtures if f.stage == "semifinal"] == [
        ("SF1", (4, 7)), ("SF2", (3, 5))]
    day = play(day, 4, 7, 5, 2, tally=((0, 1), (2, 4)))
    day = play(day, 3, 5, 3, 5, tally=((0, 2), (1, 1)))
    assert D.next_fixture(day).teams == (4, 5)
    day = play(day, 4, 5, 1, 2, battles=(0, 2))
    assert D.finished(day)
    points = D.tables(day)[1]
    assert [(r.team, r.place, dict(r.cells)["points"]) for r in points.rows] == [
        (5, (1, 1), "12"), (4, (2, 2), "9"), (3, (3, 3), "5"), (7, (4, 4), "3"),
        (0, (5, 6), "3"), (2, (5, 6), "3"), (1, (7, 8), "1"), (6, (7, 8), "1")]
    assert points.rows[3].split.criterion == "played"  # T7 played 3 games, T0 and T2 two
    assert points.shared == ((0, 2), (1, 6))
    assert seed001.table_prize(day) == (2,)  # «Команда за столом»: 4 written answers


def test_describe_changes_after_a_correction():
    """A corrected result recomputes the standings downstream, and says what changed."""
    day = qualified_day()
    fixed = replace(day, results=tuple(
        Result(r.fixture, r.teams, (2, 5), "win", winner=6) if r.fixture == "Q4" else r for r in day.results))
    changes = D.describe_changes(day, fixed)
    keys = {k for k, _ in changes}
    assert "event.changed.fixture" in keys and "event.changed.place" in keys
    sf1 = next(v for k, v in changes if k == "event.changed.fixture" and v["fixture"] == "SF1")
    assert sf1["before"] == "T4 — T7" and sf1["after"] != sf1["before"]


def _points_tie(**rows: tuple[int, int, int, int, int]) -> list[tuple[int, str | None]]:
    """Two teams with the same points and the given (played, table_wins, finals, final_wins, points)."""
    from quizshow.event.seed001 import PointsRow

    day = make_day(2, "seed-001")
    table = {int(k[1:]): PointsRow(int(k[1:]), *v) for k, v in rows.items()}
    ranked = seed001.points_ranking(day, table)
    return [(t, ranked.split_of(t).criterion if ranked.split_of(t) else None) for t in ranked.order]


def test_points_tie_broken_by_games_played_then_wins_then_finals_then_wins_at_the_tables():
    """7C В случает равенства очков команда занимает более высокое место в таблице в зависимости от
    тай-брейкеров: сначала количество сыгранных игр, потом побед, далее количество финалов, далее победа
    за столами."""
    assert _points_tie(t0=(3, 1, 0, 0, 5), t1=(4, 1, 0, 0, 5)) == [(1, "played"), (0, "played")]
    assert _points_tie(t0=(4, 1, 1, 0, 7), t1=(4, 1, 1, 1, 7)) == [(1, "final_wins"), (0, "final_wins")]
    assert _points_tie(t0=(4, 2, 0, 0, 7), t1=(4, 1, 1, 0, 7)) == [(1, "finals"), (0, "finals")]
    assert _points_tie(t0=(4, 1, 1, 0, 7), t1=(4, 2, 1, 0, 7)) == [(1, "table_wins"), (0, "table_wins")]
    assert _points_tie(t0=(4, 2, 1, 0, 7), t1=(4, 2, 1, 0, 7)) == [(0, None), (1, None)]  # shared


def test_semifinal_selection_two_wins_before_more_points():
    """3C Команды выигравшие оба боя автоматически попадают в полуфинал (even with fewer points)."""
    day = replace(make_day(6, "seed-001", melee=False), order=tuple(range(6)))
    # (0,1) (2,3) (4,5) (1,2) (3,4) (5,0): team 0 loses both with 9 points; 2 and 4 win both narrowly.
    for a, b, sa, sb in [(0, 1, 5, 6), (2, 3, 2, 1), (4, 5, 2, 1), (1, 2, 1, 2), (3, 4, 0, 1), (5, 0, 5, 4)]:
        day = play(day, a, b, sa, sb)
    ranking = seed001.qualifying_ranking(day)
    assert ranking.order[:2] == (2, 4) and ranking.splits[0].criterion == "two_wins"
    assert ranking.order.index(0) < ranking.order.index(3)  # 9 points, no win, still above 1 point
