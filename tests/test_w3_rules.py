"""Issue 22: rule gaps against the seeds (001, 004) and what a host tripped on in a tournament day."""

from __future__ import annotations

from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.event.model import Fixture
from tests import tournament_kit as tk
from tests.conftest import ok


def _to_clock(e: Engine, at: float) -> None:
    if e.state.phase == "title":
        ok(e, c.Go(at=at - 1))
    ok(e, c.Announce(at=at))
    ok(e, c.TimerStart(at=at + 5))


def _nobody_answers(e: Engine, at: float) -> None:
    while e.state.phase == "clock":
        ok(e, c.Tick(at=at))
        at += 100
    ok(e, c.Go(at=at))


# --- item 1: seed 001 3C, the play-off ------------------------------------------------------------------


def test_seed001_playoff_every_question_is_worth_one_point_no_carry_over():
    """3C «дополнительный бой из 3-х вопросов, каждый 1 очко»: a question nobody answered does not make the
    next one worth 2 (the qualifying games keep the 1-2-1 carry-over)."""
    fmt = make_format(tk.config(tk.SEED001))
    playoff = Engine(fmt._format_for(Fixture("PO1", "playoff", (0, 1)), (0, 1)), 1)  # type: ignore[attr-defined]
    _to_clock(playoff, 10)
    _nobody_answers(playoff, 100)
    _to_clock(playoff, 1000)
    assert playoff.state.fmt.value == 1
    ok(playoff, c.Buzz(at=1006, team=1))
    ok(playoff, c.Judge(at=1007, correct=True))
    assert [t.score for t in playoff.state.teams[:2]] == [0, 1]
    qualifying = Engine(fmt._format_for(Fixture("Q1", "qualifying", (0, 1)), (0, 1)), 1)  # type: ignore[attr-defined]
    _to_clock(qualifying, 10)
    _nobody_answers(qualifying, 100)
    _to_clock(qualifying, 1000)
    assert qualifying.state.fmt.value == 2
