"""The demo judges a press at its own time, as every format does: the clock stops when the button went down,
and a press made earlier that reached us later answers first."""

from __future__ import annotations

import pytest

from quizshow.core import commands as c
from tests.conftest import demo_engine


def _question():
    engine = demo_engine()
    assert engine.dispatch(c.Go(at=1.0)).accepted  # question 1, its 20-s clock from 1.0
    assert engine.state.timer.running
    return engine


def test_the_demo_stops_its_clock_when_the_button_went_down_not_when_its_line_came():
    engine = _question()
    assert engine.dispatch(c.Buzz(at=6.0, team=1, source_time=5.0)).accepted
    assert engine.state.answering == 1
    assert engine.state.timer.remaining(9.0) == pytest.approx(16.0)  # stopped at 5.0, not 6.0


def test_the_demo_gives_the_answer_to_the_press_made_first_though_it_came_second():
    engine = _question()
    engine.dispatch(c.Buzz(at=6.0, team=1, source_time=5.5))
    engine.dispatch(c.Buzz(at=6.1, team=2, source_time=5.2))  # its box's line took longer
    assert engine.state.answering == 2
    assert engine.state.timer.remaining(9.0) == pytest.approx(15.8)
