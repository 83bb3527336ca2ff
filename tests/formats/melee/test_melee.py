"""«Куча мала» (rules.md §3, seed 001 §2) and the replay/undo properties of the melee and the tournament."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.event import day as D
from quizshow.formats.melee.format import GREEN, RED, Decide
from quizshow.formats.tournament import model as m
from tests.conftest import ok, refused
from tests.melee_kit import melee
from tests.replay_formats_kit import _play
from tests.tournament_kit import SEED001, SEED004, tournament


def test_melee_one_player_from_each_team_split_between_red_and_green():
    """3 По одному представителю от каждай команды принимают в неё участие и распределяются между красным и
    зеленым игровым столом."""
    e = melee(7)
    ok(e, c.Go(at=1))
    f = e.state.fmt
    assert sorted(f.red + f.green) == list(range(7)) and {len(f.red), len(f.green)} == {3, 4}
    assert melee(7).dispatch(c.Go(at=1)).state.fmt == f  # by lot, from the journal's seed: the same again


def test_melee_the_table_that_did_not_answer_leaves():
    """3 Ведущий задает вопрос. Представители стола, не ответившие на вопрос, уходят."""
    e = melee(7)
    ok(e, c.Go(at=1))
    green = e.state.fmt.green
    ok(e, c.Go(at=2))
    ok(e, c.Buzz(at=3, team=RED))
    ok(e, c.Judge(at=4, correct=True))
    assert {t for t, _ in e.state.fmt.out} == set(green)


def test_melee_the_winning_table_splits_again_until_one_remains():
    """3 …победивший стол делится на два стола. Вопросы задаются до тех пор, пока не выявляется победитель."""
    e = melee(8)
    ok(e, c.Go(at=1))
    at, sizes = 2.0, []
    while e.state.phase != "melee_result":
        f = e.state.fmt
        sizes.append(len(f.red) + len(f.green))
        ok(e, c.Go(at=at))
        ok(e, Decide(at=at + 0.1, side=GREEN))
        at += 1
    assert sizes == [8, 4, 2] and e.state.fmt.winner is not None and len(e.state.fmt.order()) == 8


def test_melee_wrong_answer_the_other_table_may_answer_nobody_right_nobody_leaves():
    """3 (the seed is silent on a wrong answer: the other table may still answer; neither right, nobody leaves)."""
    e = melee(6)
    ok(e, c.Go(at=1))
    ok(e, c.Go(at=2))
    ok(e, c.Buzz(at=3, team=RED))
    ok(e, c.Judge(at=4, correct=False))
    assert e.state.phase == "melee_question" and refused(e, c.Buzz(at=5, team=RED))
    ok(e, c.Buzz(at=6, team=GREEN))
    ok(e, c.Judge(at=7, correct=False))
    assert e.state.phase == "melee_tables" and not e.state.fmt.out and len(e.state.fmt.rounds) == 1


def test_melee_winner_gets_start_number_one_and_picks_its_opponent_the_rest_by_lot():
    """3A Команда, выигравшая Кучу Малу, получает первый стартовый номер. Эта команда выбирает себе противника,
    который получает второй стартовый номер. Остальные команды получают номера в результате жеребьевки."""
    e = tournament(SEED001)
    ok(e, c.Go(at=1))  # the melee is played at the tables
    at = 2.0
    while e.state.phase != "melee_result":
        ok(e, c.Go(at=at))
        if e.state.phase == "melee_question":
            ok(e, Decide(at=at + 0.1, side=RED))
        at += 1
    ok(e, c.Go(at=at))  # the result is in: back to the draw
    winner = D.melee_winner(e.state.fmt.day)
    assert e.state.phase == "ev_draw" and refused(e, c.Go(at=at + 1))  # the winner picks first
    picked = (winner + 3) % 8
    assert refused(e, m.Pick(at=at + 2, team=winner))
    ok(e, m.Pick(at=at + 3, team=picked))
    for k in range(6):
        ok(e, c.Go(at=at + 4 + k))
    order = e.state.fmt.day.order
    assert order[:2] == (winner, picked) and sorted(order) == list(range(8))
    assert D.next_fixture(e.state.fmt.day).teams == (winner, picked)  # game 1: number 1 and its choice


# --- replay and undo properties ---------------------------------------------------------------------------


SIDE = st.integers(0, 2)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(
    st.just(lambda at: c.Go(at=at)), st.just(lambda at: c.Go(at=at)), st.just(lambda at: c.Undo(at=at)),
    st.builds(lambda t: lambda at: c.Buzz(at=at, team=t, source_time=at), SIDE),
    st.builds(lambda ok_: lambda at: c.Judge(at=at, correct=ok_), st.booleans()),
    st.builds(lambda s: lambda at: Decide(at=at, side=s), SIDE)), max_size=40))
def test_melee_replay_equals_live_and_undo_restores_the_exact_state(steps):
    _play(lambda: melee(6), steps)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.one_of(
    st.just(lambda at: c.Go(at=at)), st.just(lambda at: c.Go(at=at)), st.just(lambda at: c.Go(at=at)),
    st.just(lambda at: c.Undo(at=at)), st.just(lambda at: c.Undo(at=at, confirmed=True)),
    st.builds(lambda t: lambda at: c.Buzz(at=at, team=t, source_time=at), SIDE),
    st.builds(lambda ok_: lambda at: c.Judge(at=at, correct=ok_), st.booleans()),
    st.builds(lambda f, a, b: lambda at: m.Enter(at=at, fixture=f, scores=m.score_text(a, b)),
              st.sampled_from(["A1", "A2", "B1", "QF1"]), st.integers(0, 5), st.integers(0, 5)),
    st.builds(lambda f, a: lambda at: m.Correct(at=at, fixture=f, scores=m.score_text(a, 0), reason="протокол"),
              st.sampled_from(["A1", "B1"]), st.integers(0, 5)),
    st.builds(lambda t: lambda at: m.Remove(at=at, team=t, reason="§6.15"), st.integers(0, 12)),
    st.builds(lambda s: lambda at: m.Show(at=at, screen=s), st.sampled_from(["ev_bracket", "ev_next", "x"]))),
    max_size=60))
def test_tournament_replay_equals_live_and_undo_restores_the_exact_state(steps):
    _play(lambda: tournament(SEED004), steps)
