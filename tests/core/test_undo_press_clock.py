"""Ctrl+Z on a press gives the clock back (QA: s13p1, m04strip, b07strip): undoing a press before
any verdict leaves the clock showing the time it showed at the press, running on from the undo, in every
format whose clock a press stops (the written quiz has no presses). The undo carries its own time, so a
replay lands on the same clock. And a Back names the step it took back (m06cv)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.core.effects import EventKind
from quizshow.core.engine import Engine
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.tournament import model as tm
from tests import brainring_kit, duel_kit, svoyak_kit, tournament_kit
from tests.conftest import demo_config, demo_engine, kinds, notices, ok


def _running(e: Engine, at: float = 1.0) -> float:
    """Next (or the first cell) until the question clock runs; returns the show time it started."""
    for _ in range(10):
        if e.state.timer.started_at is not None:
            return e.state.timer.started_at
        pick = e.format.next_action(e.state).key == "next.pick_cell"
        ok(e, sc.SelectCell(at=at, theme=0, question=0) if pick else c.Go(at=at))
        at += 1.0
    raise AssertionError("the clock never ran")


def _press_then_undo(e: Engine, press: float, undo: float, team: int = 0,
                     player: int | None = None) -> tuple[float, float]:
    """(seconds the clock showed at the press, seconds it shows at the undo)."""
    ok(e, c.Buzz(at=press, team=team, player=player, source_time=press))
    assert not e.state.timer.running  # the press stopped it
    at_press = e.state.timer.remaining(press)
    out = ok(e, c.Undo(at=undo))
    assert isinstance(out.undone.command, c.Buzz)
    assert e.state.answering is None and e.state.timer.running
    return at_press, e.state.timer.remaining(undo)


def test_undoing_a_press_gives_the_clock_back_the_time_the_answer_took_in_the_demo():
    e = demo_engine()
    ok(e, c.Go(at=1.0))  # a 20 s clock
    at_press, after = _press_then_undo(e, press=14.0, undo=30.0)  # 7 s left; the team answered 16 s
    assert at_press == pytest.approx(7.0) and after == pytest.approx(7.0)
    out = ok(e, c.Tick(at=31.0))  # was: «Время вышло!» and the answer shown at once
    assert EventKind.TIMER_EXPIRED not in kinds(out) and e.state.phase == "question"
    assert e.state.timer.remaining(35.0) == pytest.approx(2.0)  # and it runs on from there
    assert e.undo_target() is None or not isinstance(e.undo_target().command, c.Buzz)


def test_undoing_a_press_gives_the_clock_back_the_time_the_answer_took_in_svoyak():
    e = svoyak_kit.engine(svoyak_kit.specials_pack())
    at = _running(e)  # the 3 s answer window opens at 4.0
    at_press, after = _press_then_undo(e, press=at + 2.6, undo=at + 20.0)  # 0.4 s left
    assert at_press == pytest.approx(0.4) and after == pytest.approx(0.4)
    out = e.dispatch(c.Tick(at=at + 20.1))  # was: «Время вышло!» and the answer up 0.4 s after the undo
    assert EventKind.TIMER_EXPIRED not in kinds(out) and e.state.phase == "question"


def test_undoing_a_press_gives_the_clock_back_the_time_the_answer_took_in_brainring():
    e = brainring_kit.engine()
    at = _running(e)  # 60 s
    at_press, after = _press_then_undo(e, press=at + 9.0, undo=at + 39.0)  # 51 s; was 21 s after the undo
    assert at_press == pytest.approx(51.0) and after == pytest.approx(51.0)
    assert e.state.phase == "clock"


def test_undoing_a_press_in_the_duel_leaves_its_clock_as_it_ran():
    """The duel's thinking minimum runs on through a press (seed 002): nothing to give back; the undo
    leaves the clock where it has run to."""
    e = duel_kit.started()
    at = _running(e, 2.0)
    left = e.state.timer.remaining(at)
    ok(e, c.Buzz(at=at + 2.0, team=0, player=1, source_time=at + 2.0))
    assert e.state.timer.running
    ok(e, c.Undo(at=at + 5.0))
    assert e.state.timer.running and e.state.timer.remaining(at + 5.0) == pytest.approx(left - 5.0)


def test_undoing_a_press_gives_the_clock_back_the_time_the_answer_took_in_a_tournament_match():
    e = tournament_kit.tournament()
    rng, at = random.Random(1), 1.0
    while not (e.state.phase == "clock" and e.state.timer.running):  # the day's first match with a clock
        at += 0.5
        cmd = tournament_kit.next_command(e.state, e.format, rng, at)
        assert cmd is not None
        ok(e, cmd)
    at_press, after = _press_then_undo(e, press=at + 5.0, undo=at + 35.0)
    assert after == pytest.approx(at_press) and at_press > 0
    ev: tm.EventState = e.state.fmt
    assert ev.match is not None and ev.match.timer.remaining(at + 35.0) == pytest.approx(at_press)


def test_undoing_a_press_after_a_wrong_answer_gives_back_the_clock_of_that_press():
    """Brain-ring: a wrong answer runs the clock on; a second press stops it again; undoing that press
    gives back what the clock showed at it (undoing a verdict already did: b06)."""
    e = brainring_kit.engine()
    at = _running(e)
    ok(e, c.Buzz(at=at + 9.0, team=0, source_time=at + 9.0))
    ok(e, c.Judge(at=at + 20.0, correct=False))  # 51 s, running on from 20
    at_press, after = _press_then_undo(e, press=at + 30.0, undo=at + 50.0, team=1)
    assert at_press == pytest.approx(41.0) and after == pytest.approx(41.0)


def test_undoing_a_press_gives_the_same_clock_on_replay():
    live = demo_engine()
    for cmd in (c.Go(at=1.0), c.Buzz(at=14.0, team=1), c.Undo(at=30.0), c.Tick(at=33.0)):
        live.dispatch(cmd)
    replayed = demo_engine()
    replayed.replay([c.from_json(c.to_json(entry)) for entry in
                     (c.Go(at=1.0), c.Buzz(at=14.0, team=1), c.Undo(at=30.0), c.Tick(at=33.0))])
    assert replayed.state == live.state and live.state.timer.remaining(33.0) == pytest.approx(4.0)


@settings(max_examples=80, deadline=None)
@given(st.floats(0.0, 19.9), st.floats(0.0, 500.0), st.floats(0.0, 0.5), st.integers(0, 2))
def test_for_any_press_then_undo_the_clock_after_the_undo_shows_the_time_at_the_press(press, wait, late, team):
    """Any press in the 20 s clock (its line arriving `late`), undone any time later: the remaining time
    right after the undo is the remaining time at the press, and a replay of the journal agrees."""
    e = demo_engine()
    journal: list[c.Command] = [c.Go(at=1.0), c.Buzz(at=1.0 + press + late, team=team, source_time=1.0 + press)]
    for cmd in journal:
        ok(e, cmd)
    shown = e.state.timer.remaining(1.0 + press + late)
    undo = c.Undo(at=1.0 + press + late + wait)
    ok(e, undo)
    assert e.state.timer.running and e.state.timer.remaining(undo.at) == pytest.approx(shown)
    replayed = demo_engine()
    replayed.replay([*journal, undo])
    assert replayed.state == e.state


@settings(max_examples=40, deadline=None)
@given(st.floats(0.0, 59.0), st.floats(0.0, 500.0))
def test_for_any_brainring_press_then_undo_the_clock_shows_the_time_at_the_press(press, wait):
    e = brainring_kit.engine()
    at = _running(e)
    at_press, after = _press_then_undo(e, press=at + press, undo=at + press + wait)
    assert after == pytest.approx(at_press) and at_press == pytest.approx(60.0 - press)


def test_back_on_question_2s_answer_names_the_step_it_took_back(tmp_path):
    """Demo: question 2's answer shown when its clock ran out; Back takes back the Next that opened
    question 2 and says so («Отменено: Далее: раунд 1, вопрос 2»), not «Далее: время пошло»."""
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        app.action(Action("go", 1.0))  # question 1
        app.action(Action("go", 2.0))  # its answer
        app.action(Action("go", 3.0))  # question 2, the clock runs
        app.submit(c.Tick(at=40.0))  # it runs out: the answer is shown
        assert app.engine.state.phase == "reveal" and app.engine.state.question == 1
        app.action(Action("back", 41.0))
        assert app.engine.state.phase == "reveal" and app.engine.state.question == 0
        said = [str(n) for n in notices(app)]
        assert any("Отменено: Далее:" in s and "вопрос 2" in s for s in said), said
        assert not any("время пошло" in s for s in said), said
    finally:
        app.close()


def test_back_over_an_answer_shown_while_the_clock_ran_gives_the_clock_back():
    """«Своя игра»: Next shows the answer with 2 s left; Back returns to the question with those 2 s, not
    a clock that ran on meanwhile and runs out at the next tick."""
    e = svoyak_kit.engine(svoyak_kit.specials_pack())
    at = _running(e)  # 3 s
    ok(e, c.Go(at=at + 1.0))
    assert e.state.phase == "reveal"
    ok(e, c.Back(at=at + 30.0))
    assert e.state.phase == "question" and e.state.timer.remaining(at + 30.0) == pytest.approx(2.0)
    out = e.dispatch(c.Tick(at=at + 30.5))
    assert EventKind.TIMER_EXPIRED not in kinds(out) and e.state.phase == "question"


def test_back_over_the_demos_answer_shown_early_gives_the_clock_back():
    """The demo: Next shows the answer with 16 s left; Back returns to the question with those 16 s (the
    clock had kept its start, ran on, and «Время вышло!» showed the answer again at the next tick)."""
    e = demo_engine()
    ok(e, c.Go(at=1.0))
    ok(e, c.Go(at=5.0))
    assert e.state.phase == "reveal"
    ok(e, c.Back(at=40.0))
    assert e.state.phase == "question" and e.state.timer.remaining(40.0) == pytest.approx(16.0)
    out = e.dispatch(c.Tick(at=41.0))
    assert EventKind.TIMER_EXPIRED not in kinds(out) and e.state.phase == "question"


def test_a_resumed_show_after_an_undone_press_shows_the_clock_the_undo_gave_back(tmp_path):
    """The journal's Undo carries its own time: a restart replays it to the same clock (7 s of the demo's
    20), held until the host says «Время!», never the time the answer took."""
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    app.action(Action("go", 1.0))
    app.action(Action("buzz", 14.0, args=(1,)))
    app.action(Action("undo", 30.0))
    live = app.engine.state.timer.remaining(30.0)
    app.close()
    again = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", sound=False, seed=9)
    try:
        timer = again.engine.state.timer
        assert live == pytest.approx(7.0) and not timer.running  # held by the resume
        assert timer.remaining(1e6) == pytest.approx(7.0, abs=0.1)  # what the Undo gave back
        assert again.engine.state.phase == "question"
    finally:
        again.close()


def test_going_back_past_a_question_whose_press_was_undone_takes_back_one_step_not_more():
    """A press undone (the clock given back: the engine's own hold and release steps), then Back past the
    question: one step back, nothing «lost» — the clock steps an undo added are not the operator's steps, so
    the console does not ask to confirm a far undo."""
    from quizshow.core import commands as cc
    from tests.conftest import demo_engine as make_demo

    engine = make_demo()
    assert engine.dispatch(cc.Go(at=1.0)).accepted  # question 1, its clock running
    assert engine.dispatch(cc.Buzz(at=3.0, team=0)).accepted
    assert engine.dispatch(cc.Undo(at=5.0)).accepted  # the clock given back
    preview = engine.undo_preview()
    outcome = engine.dispatch(cc.Back(at=6.0))
    assert outcome.accepted and outcome.lost == ()
    assert preview is None or not preview.lost
