"""Every number has a bound (issue 12, items 4, 5 and 17): at the OSC edge (real UDP on 127.0.0.1), in
the console's amount typing, and in the core's score and clock handlers (core/limits.py)."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.app import Action
from quizshow.core import commands as c
from quizshow.core.format import Format, Refused, Setup
from quizshow.core.limits import MAX_CLOCK_S, MAX_POINTS
from quizshow.core.state import Team
from quizshow.core.timers import Timer
from quizshow.inputs.keymap import edit_amount
from tests.conftest import notices
from tests.osc_desk import Desk
from tests.osc_kit import go, rig, settled  # noqa: F401 - the fixture: a whole show listening on port 0

BASE = Format(Setup(title="t", teams=(Team("A", "red"), Team("B", "blue")), rules={}))


def reply_to(desk: Desk, address: str) -> tuple:
    return desk.wait_for("/quiz/reply", where=lambda args: args[0] == address)


# --- scores ----------------------------------------------------------------------------------------------------

def test_a_score_past_the_bound_is_refused_at_the_edge_and_state_still_answers(rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    desk.send(to, "/quiz/reply/all", 1)
    desk.send(to, "/quiz/team/1/score/set", 2147483647)
    code, text = reply_to(desk, "/quiz/team/1/score/set")[2:]
    assert code == 400 and "999999999" in text
    desk.got.clear()
    desk.send(to, "/quiz/team/1/score/set", MAX_POINTS)
    assert reply_to(desk, "/quiz/team/1/score/set")[2] == 200
    desk.send(to, "/quiz/team/1/score/add", 1)
    code, text = reply_to(desk, "/quiz/team/1/score/add")[2:]
    assert code == 409 and text == "a score must stay within ±999999999"
    assert app.engine.state.teams[0].score == MAX_POINTS
    desk.got.clear()
    desk.send(to, "/quiz/state")
    assert desk.wait_for("/quiz/out/state/team/1/score") == (MAX_POINTS,)
    assert desk.wait_for("/quiz/out/state/timer/remaining")  # the last state message: all of them came
    assert any(n.text == "Счёт должен оставаться в пределах ±999999999" for n in notices(app))


@settings(max_examples=300, deadline=None)
@given(st.integers(-4 * MAX_POINTS, 4 * MAX_POINTS), st.lists(st.integers(-3 * MAX_POINTS, 3 * MAX_POINTS), max_size=6))
def test_no_sequence_of_score_commands_leaves_the_bound(start, adds):
    state = BASE.initial_state(1)
    for cmd in [c.ScoreSet(at=0, team=1, points=start)] + [c.ScoreAdd(at=0, team=1, points=p) for p in adds]:
        try:
            state, events = BASE.handle(state, cmd)
        except Refused as why:
            assert why.template == "a score must stay within ±{max}"
        assert abs(state.teams[1].score) <= MAX_POINTS


# --- the console's typing -----------------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["0", "7", "9", "back", "clear", "+10", "+100", "+1000", "+999999999", "x", "+"]),
                max_size=40))
def test_a_typed_amount_never_passes_the_bound(edits):
    amount = ""
    for edit in edits:
        try:
            amount = edit_amount(amount, edit)
        except Refused:
            pass  # the amount stays what it was
        assert amount == "" or 0 <= int(amount) <= MAX_POINTS


def test_typing_past_the_bound_is_refused_on_the_console(rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    app.action(Action("amount", 1.0, "console", ("+999999999",)))
    app.action(Action("amount", 1.0, "console", ("+10",)))
    assert app.status.amount == str(MAX_POINTS)
    assert notices(app)[-1].text == "Сумма — не больше 999999999" and notices(app)[-1].level == "refused"


# --- the clock ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seconds", [math.inf, -math.inf, math.nan, 1e300, MAX_CLOCK_S + 1])
def test_a_non_finite_or_absurd_time_is_refused_over_osc_and_the_picture_still_draws(rig, seconds):  # noqa: F811
    app, desk, to = rig("svoyak")
    go(desk, to)
    go(desk, to)
    desk.send(to, "/quiz/board/select", 1, 1)
    settled(desk, to)
    assert app.engine.state.timer.armed
    desk.send(to, "/quiz/timer/add", seconds)
    code, text = reply_to(desk, "/quiz/timer/add")[2:]
    assert code == 400 and "finite" in text
    assert math.isfinite(app.engine.state.timer.remaining(app.clock.now()))
    surface = pygame.Surface((640, 360))
    app.projector.render(surface, app.engine.state, app.clock.now())  # raises if a widget cannot draw it


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True), st.floats(0, 100))
def test_the_core_clock_takes_only_finite_bounded_time(seconds, at):
    state = replace(BASE.initial_state(1), phase="question", timer=Timer.ready(30.0))
    try:
        new, _ = BASE.handle(state, c.TimerAdd(at=at, seconds=seconds))
    except Refused as why:
        assert why.template == "a clock holds at most {max} s"
        with pytest.raises(ValueError):
            state.timer.add(seconds, at)
        return
    left = new.timer.remaining(at)
    assert math.isfinite(left) and 0 <= left <= MAX_CLOCK_S


def test_time_cannot_be_added_after_the_verdict(rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    desk.send(to, "/quiz/reply/all", 1)
    go(desk, to)
    go(desk, to)
    desk.send(to, "/quiz/board/select", 1, 1)
    desk.send(to, "/quiz/go")  # read: the answer window
    desk.send(to, "/quiz/team/2/buzz")
    desk.send(to, "/quiz/judge/correct")
    desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/judge/correct")
    assert app.engine.state.phase == "reveal"
    desk.send(to, "/quiz/timer/add", 10.0)
    assert reply_to(desk, "/quiz/timer/add")[2:] == (409, "the clock is over for this question")


def test_the_clock_cannot_be_restarted_after_the_verdict(rig):  # noqa: F811
    """The reveal holds a paused clock: «Время!» there would run a question that is over (the answer shows)."""
    app, desk, to = rig("svoyak")
    desk.send(to, "/quiz/reply/all", 1)
    go(desk, to)
    go(desk, to)
    desk.send(to, "/quiz/board/select", 1, 1)
    desk.send(to, "/quiz/go")  # read: the answer window
    desk.send(to, "/quiz/team/2/buzz")
    desk.send(to, "/quiz/judge/wrong")
    desk.send(to, "/quiz/team/1/buzz")
    desk.send(to, "/quiz/judge/correct")
    desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/judge/correct")
    assert app.engine.state.phase == "reveal" and app.engine.state.timer.armed
    desk.send(to, "/quiz/timer/start")
    assert reply_to(desk, "/quiz/timer/start")[2:] == (409, "the clock is over for this question")
    assert not app.engine.state.timer.running


# --- what desks of another make send --------------------------------------------------------------------------------

def test_whole_floats_count_as_ints_and_other_floats_are_refused(rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    desk.send(to, "/quiz/reply/all", 1)
    desk.send(to, "/quiz/team/1/score/add", 10.0)  # TouchOSC sends every number as `f`
    assert reply_to(desk, "/quiz/team/1/score/add")[2] == 200
    assert app.engine.state.teams[0].score == 10
    desk.got.clear()
    desk.send(to, "/quiz/team/1/score/add", 10.5)
    assert reply_to(desk, "/quiz/team/1/score/add")[2] == 400
    go(desk, to)
    go(desk, to)
    desk.send(to, "/quiz/board/select", 1.0, 2.0)
    assert reply_to(desk, "/quiz/board/select")[2] == 200
    assert app.engine.state.phase == "question"


@pytest.mark.parametrize("team", [0, 4, 9, 123456])
def test_a_team_that_is_not_in_the_show_is_an_unknown_address(rig, team):  # noqa: F811
    app, desk, to = rig("svoyak")  # three teams
    for what, args in (("buzz", ()), ("score/add", (10,)), ("score/set", (10,))):
        address = f"/quiz/team/{team}/{what}"
        desk.send(to, address, *args)
        code, text = reply_to(desk, address)[2:]
        assert code == 404 and f"there is no team {team}" in text
