"""A step that asks to be confirmed (a far undo, a destructive action, «Начать заново») takes the second press
by the presses' own show times: a machine busy between them (a slow frame, a synced journal write, a loaded
CI) never makes a second press that came in time too late, nor a late one in time."""

from __future__ import annotations

import time

import pytest

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from quizshow.runtime.operator.controls import UNDO_CONFIRM_S
from tests.conftest import svoyak_config
from tests.undo_kit import prompt, svoyak_shootout_won


@pytest.fixture
def busy(monkeypatch):
    """`busy(seconds)`: the machine's monotonic clock jumps on, as if the show had been that long handling
    the first press."""
    real = time.monotonic
    lost = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: real() + lost[0])

    def stall(seconds: float) -> None:
        lost[0] += seconds

    return stall


def on_the_board(tmp_path) -> ShowApp:
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    at = 1.0
    while app.format.next_action(app.engine.state).key != "next.pick_cell":
        assert app.submit(c.Go(at=at)).accepted
        at += 1
    return app


def test_a_far_undo_confirmed_in_time_is_done_however_long_the_machine_took(tmp_path, busy):
    app = svoyak_shootout_won(tmp_path)
    try:
        app.action(Action("undo", 10_000.0))
        assert app.engine.state.phase == "end" and "перестрелка, вопрос 1" in prompt(app)
        busy(60.0)
        app.action(Action("undo", 10_000.0 + UNDO_CONFIRM_S - 0.5))
        assert app.engine.state.phase == "answering"
    finally:
        app.close()


def test_a_destructive_action_confirmed_in_time_is_done_however_long_the_machine_took(tmp_path, busy):
    app = on_the_board(tmp_path)
    try:
        board = app.engine.state
        app.action(Action("end_round", 100.0))
        assert app.engine.state is board, "one press only asks"
        busy(60.0)
        app.action(Action("end_round", 101.5))
        assert app.engine.state is not board and isinstance(app.engine.entries[-1].command, sc.EndRound)
    finally:
        app.close()


def test_a_destructive_actions_second_press_late_by_the_show_clock_asks_again(tmp_path):
    app = on_the_board(tmp_path)
    try:
        board = app.engine.state
        app.action(Action("end_round", 100.0))
        app.action(Action("end_round", 102.5))  # 2.5 s later by the show's clock: no machine was that quick
        assert app.engine.state is board
        app.action(Action("end_round", 103.0))
        assert app.engine.state is not board
    finally:
        app.close()


def test_start_over_confirmed_in_time_starts_over_however_long_the_machine_took(tmp_path, busy):
    app = on_the_board(tmp_path)
    try:
        app.action(Action("start_over", 100.0))
        assert app.engine.entries, "one press only asks"
        busy(60.0)
        app.action(Action("start_over", 101.0))
        assert app.engine.entries == [] and app.engine.state.phase == "title"
    finally:
        app.close()
