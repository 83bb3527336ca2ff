"""Issue 22 (QA on the tournament days): the traps a host and an operator tripped on between matches —
typing a score, the confirm prompts, the undo button, the journal, the projector's words."""

from __future__ import annotations

from pathlib import Path

import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.event import day as D
from quizshow.formats.tournament import model as m
from tests.conftest import click, notices
from tests.tournament_kit import SEED001, SEED004, config

DIGITS = {"0": pygame.K_0, "1": pygame.K_1, "2": pygame.K_2, "3": pygame.K_3, "4": pygame.K_4}


def day_app(tmp_path: Path, path: Path = SEED004) -> ShowApp:
    return ShowApp(config(path), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def submit(app: ShowApp, cmd: c.Command) -> None:
    out = app.submit(cmd)
    assert out.accepted, (cmd, out.refused)


def drawn(app: ShowApp) -> list[str]:
    """Every text the console draws in one frame."""
    texts: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (texts.append(text), fit(text, *a, **k))[1]
    try:
        app.pump_views()
        app.console.render(pygame.Surface((1280, 800)), 50.0, app.status)
    finally:
        app.console.text.fit = fit
    return texts


def after_the_draw(tmp_path: Path) -> ShowApp:
    """Seed 004 with its twelve numbers drawn: the group stage's schedule on the console."""
    app = day_app(tmp_path)
    for k in range(12):
        submit(app, c.Go(at=1 + k * 0.1))
    return app


def type_keys(app: ShowApp, digits: str, at: float = 5.0) -> list[object]:
    return [app.key(DIGITS[d], 0, at) for d in digits]


# --- 1. a score typed between matches -----------------------------------------------------------------


def test_digits_between_matches_type_the_score_and_enter_records_it(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        type_keys(app, "21")
        assert str(app.status.amount) == "21"
        assert not any("Buzz" in n.text for n in notices(app))  # no raw «Команда Buzz …» refusal
        assert "Набран счёт: 2:1" in drawn(app)
        click(app, "enter", 6.0, "A2")
        result = app.runtime.state.fmt.day.result("A2")
        assert result is not None and result.scores == (2, 1)
        assert not app.status.amount  # the next result starts from nothing
    finally:
        app.close()


def test_enter_without_a_typed_score_is_refused_with_a_clear_word(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        click(app, "enter", 6.0, "A2")
        assert app.runtime.state.fmt.day.result("A2") is None  # never 0:0 by itself
        assert any("Сначала наберите счёт" in n.text for n in notices(app))
    finally:
        app.close()


def seed001_after_the_draw(tmp_path: Path) -> ShowApp:
    """Seed 001 with the melee entered by hand, the opponent picked and every number drawn."""
    app = day_app(tmp_path, SEED001)
    submit(app, m.Enter(at=1, fixture="M0", order="3,1,2"))
    submit(app, m.Pick(at=2, team=5))
    at = 3.0
    while D.draw_stage(app.runtime.state.fmt.day) == "lot":
        submit(app, c.Go(at=at))
        at += 0.1
    return app


def test_a_seed001_qualifying_result_is_typed_and_recorded(tmp_path):
    app = seed001_after_the_draw(tmp_path)
    try:
        assert app.runtime.state.fmt.day.result("Q1") is None
        type_keys(app, "31", 6.0)
        click(app, "enter", 6.5, "Q1")
        result = app.runtime.state.fmt.day.result("Q1")
        assert result is not None and result.scores == (3, 1) and result.winner == result.teams[0]
    finally:
        app.close()


def test_a_correction_takes_its_typed_score_and_refuses_none_before_asking_the_reason(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        submit(app, m.Enter(at=3, fixture="A1", scores="3:1"))
        click(app, "fix_result", 4.0, "A1")
        assert app.status.typing is None  # no reason asked: no score typed
        assert any("Сначала наберите счёт" in n.text for n in notices(app))
        type_keys(app, "13", 4.2)
        click(app, "fix_result", 4.5, "A1")
        assert app.status.typing == ""
        app.text_input("протокол")
        assert app.key(pygame.K_RETURN, 0, 4.8).accepted
        assert app.runtime.state.fmt.day.result("A1").scores == (1, 3)
    finally:
        app.close()
