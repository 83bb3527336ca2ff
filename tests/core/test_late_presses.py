"""A press the format refuses while a question's buttons are live (another team answers) is a fact of the race:
journalled and kept for the buzz replay and the report, once per seat, changing nothing and never undone."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from tests.conftest import svoyak_engine
from tests.replay_kit import svoyak_question


def answering_engine() -> Engine:
    engine = svoyak_engine()
    engine.dispatch(c.Go(at=1.0))
    engine.dispatch(c.Go(at=2.0))
    svoyak_question(engine, 3.0, (0, 0))
    assert engine.dispatch(c.Buzz(at=4.0, team=1, source_time=3.9, device="box1")).accepted
    return engine


def test_a_later_press_is_refused_but_kept_once_and_changes_nothing():
    engine = answering_engine()
    before = engine.state
    outcomes = [engine.dispatch(c.Buzz(at=4.1 + i / 100, team=0, device="keyboard")) for i in range(20)]
    assert not any(o.accepted for o in outcomes)  # the hall still sees team 1 answering
    assert [o.changed for o in outcomes] == [True] + [False] * 19  # a flood is journalled once
    assert engine.state == before and engine.state.answering == 1
    assert [e.late for e in engine.entries[-2:]] == [False, True]


def test_undo_skips_a_late_press_and_takes_back_the_press_that_answered():
    engine = answering_engine()
    engine.dispatch(c.Buzz(at=4.2, team=2, device="keyboard"))
    undone = engine.dispatch(c.Undo(at=4.5)).undone
    assert undone is not None and isinstance(undone.command, c.Buzz) and undone.command.team == 1
    assert engine.state.answering is None and [e.command.team for e in engine.entries if e.late] == [2]


def test_a_replayed_journal_keeps_the_same_late_presses():
    engine = answering_engine()
    engine.dispatch(c.Buzz(at=4.2, team=2, device="keyboard"))
    engine.dispatch(c.Judge(at=5.0, correct=True))
    again = Engine(engine.format, 7)
    again.replay([e.command for e in engine.entries])
    assert [(e.command, e.late) for e in again.entries] == [(e.command, e.late) for e in engine.entries]
    assert again.state == engine.state


def test_a_press_between_questions_is_not_kept():
    engine = svoyak_engine()
    engine.dispatch(c.Go(at=1.0))
    outcome = engine.dispatch(c.Buzz(at=1.5, team=0, device="keyboard"))
    assert not outcome.accepted and not outcome.changed
