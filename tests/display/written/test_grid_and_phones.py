"""QA round 3, the written quiz's grid and the phones (items 1-7): what the operator and the players see
matches what the show does. Real console frames (SDL dummy) and the phone's own words."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.event_file import load_any
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.console_kit import console_texts
from tests.duel_display_kit import duel_app

OUT = Path(os.environ.get("QUIZSHOW_SHOTS", "/nonexistent"))  # frames kept to LOOK at, when asked for


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


def app_of(path: Path, tmp_path: Path) -> ShowApp:
    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems.errors, problems.items
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def labels_of(app: ShowApp, at: float, name: str | None = None, size: tuple[int, int] = (1280, 800)) -> list[str]:
    """The texts of one real console frame (every label it fitted)."""
    said, surface = console_texts(app, size, at)
    if name and OUT.is_dir():
        pygame.image.save(surface, str(OUT / f"{name}.png"))
    return said


def written_at_answer(tmp_path: Path, show: str = "written.yaml") -> ShowApp:
    """A written show with question 1's sheets in and its answer on screen: the clock is stopped."""
    app = app_of(ROOT / "shows" / show, tmp_path)
    for at in (1.0, 2.0, 3.0):  # the question, the minute
        app.submit(c.Go(at=at))
    app.submit(c.Tick(at=3.0 + 60.01))  # hand-in
    app.submit(c.Tick(at=3.0 + 80.0))  # the answer
    assert app.engine.state.phase == "answer", app.engine.state.phase
    assert not app.engine.state.timer.running
    return app


# --- 1: every cursor move redraws at once -----------------------------------------------------------------

def test_arrow_keys_on_the_grid_redraw_the_console_at_once_so_space_marks_the_team_shown(tmp_path):
    """Two ↓ with the clock stopped left the cursor drawn on the first team; Space then marked the third."""
    app = written_at_answer(tmp_path)
    try:
        assert app.console.needs_frame(app.status)
        labels_of(app, 100.0)
        assert not app.console.needs_frame(app.status)  # at rest: nothing to draw
        teams = [t.name for t in app.engine.state.teams]
        for n, at in ((1, 100.1), (2, 100.2)):
            app.key(pygame.K_DOWN, 0, at)
            assert app.console.needs_frame(app.status), f"↓ #{n} left the old frame on screen"
            said = labels_of(app, at + 0.01, f"q1-down-{n}")
            assert any(t.startswith(f"{n + 1}. {teams[n]} · вопрос") for t in said), said
            assert not app.console.needs_frame(app.status)
        app.key(pygame.K_SPACE, 0, 101.0)
        assert app.engine.state.teams[2].score == 1 and app.engine.state.teams[0].score == 0
        assert app.console.needs_frame(app.status)
    finally:
        app.close()


def test_every_grid_key_that_moves_the_cursor_redraws(tmp_path):
    """←/→ and a typed team number move the cursor without a journalled step: each is a new frame."""
    app = written_at_answer(tmp_path)
    try:
        labels_of(app, 100.0)
        for at, key in ((100.1, pygame.K_3), (100.2, pygame.K_UP), (100.3, pygame.K_LEFT), (100.4, pygame.K_RIGHT)):
            app.key(key, 0, at)
            assert app.console.needs_frame(app.status), pygame.key.name(key)
            labels_of(app, at + 0.01)
    finally:
        app.close()


def test_the_duel_panel_key_d_shows_its_armed_tables_at_once(tmp_path):
    """The duel's D (pick a player to disqualify) changes only the panel's memory: it redraws too."""
    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        app.console.needs_frame(app.status)
        labels_of(app, 1.2)
        assert not app.console.needs_frame(app.status) or app.engine.state.timer.running
        app.key(pygame.K_d, 0, 1.5)
        assert app.console.needs_frame(app.status)
    finally:
        app.close()


# --- 2: a .4s pack's own question numbers on the console ----------------------------------------------------

CLUB_SHOW = """title: "Клуб"
format: written
preset: written
pack: {pack}
language: ru
teams:
  - {{name: "Совы"}}
  - {{name: "Кактус"}}
  - {{name: "Тёмные лошадки"}}
"""


def club_app(tmp_path: Path) -> ShowApp:
    path = tmp_path / "club.yaml"
    path.write_text(CLUB_SHOW.format(pack=ROOT / "tests" / "fixtures" / "chgksuite" / "club.4s"), encoding="utf-8")
    return app_of(path, tmp_path)


def test_the_console_names_a_4s_question_by_the_pack_number_the_projector_shows(tmp_path):
    """fs-05c: the projector said «ВОПРОС 10», the console «вопрос 4 из 5» and the grid «1.4»."""
    app = club_app(tmp_path)
    try:
        at = 1.0
        while app.format.position(app.engine.state).get("question") != 3 or app.engine.state.phase != "question":
            app.submit(c.Go(at=at))
            if app.engine.state.timer.running:
                app.submit(c.Tick(at=at + 200.0))
                at += 200.0
            at += 1.0
            assert at < 5000, app.engine.state.phase
        said = labels_of(app, at, "club-q10")
        header = next(t for t in said if t.startswith("ВОПРОС ·"))
        assert "вопрос 10 (4/5)" in header and "4 из 5" not in header, header
        assert any(t.startswith("1. Совы · вопрос 10:") for t in said), said  # the cursor's line
        assert {"7", "8", "9", "10"} <= set(said) and "1.4" not in said  # the grid's columns
        app.key(pygame.K_LEFT, 0, at + 1)
        app.key(pygame.K_SPACE, 0, at + 2)  # question 9 (1.3) is marked: the journal says the pack's number
        assert app.console.journal[-1][1] == "Совы: вопрос 9 засчитан"
    finally:
        app.close()


# --- 4: a late correction shows beside the answer that counts ---------------------------------------------

def test_a_late_correction_shows_beside_the_in_time_answer_on_the_cursor_line_and_in_the_grid(tmp_path):
    """wp-18c: «Уран (планета)» sent in time counts; the later «Уран поздно» was in neither the grid nor the
    cursor line, so the operator never knew the team had tried to change it."""
    from tests.written_display_kit import SHOW_12, _app

    app = _app(tmp_path, SHOW_12)
    try:
        for _ in range(2):
            app.key(pygame.K_PAGEDOWN, 0, 1.0)
        app.submit(c.TypedAnswer(at=6, team=0, question=0, text="Форточка", sent=6))
        app.engine.dispatch(c.Tick(at=62))
        app.submit(c.Tick(at=72.5))
        app.submit(c.TypedAnswer(at=73, team=0, question=0, text="Окно поздно", sent=73, late=True))
        assert app.engine.state.phase == "answer"
        app.console.needs_frame(app.status)
        said = labels_of(app, 100.0, "late-correction")
        cursor = next(t for t in said if t.startswith("1. "))
        assert "с телефона: «Форточка»" in cursor and "поздно (не в счёт): «Окно поздно»" in cursor, cursor
        assert "Форточка" in said and "поздно: «Окно поздно»" in said, said  # the grid's column: both
    finally:
        app.close()


# --- 5: the journal says what the Next after F5 did -------------------------------------------------------

@pytest.mark.parametrize("language, said", [("ru", "Далее: минута закончена, сдаём ответы"),
                                            ("en", "Next: the minute is over, sheets in")])
def test_next_after_stopping_the_minute_is_journalled_as_the_minute_ended(tmp_path, language, said):
    """wp-19c: F5 stopped the minute, Next began the hand-in; the journal said «Далее: время пошло»."""
    from dataclasses import replace

    problems = Problems()
    config = load_any(ROOT / "shows" / "written.yaml", problems)
    assert config is not None
    app = ShowApp(replace(config, language=language), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False)
    try:
        for at in (1.0, 2.0):  # the question, its minute
            assert app.submit(c.Go(at=at)).accepted
        assert app.console.journal[-1][1].endswith(("время пошло", "clock started")), app.console.journal[-1]
        assert app.submit(c.TimerStop(at=20.0)).accepted  # F5
        assert app.submit(c.Go(at=21.0)).accepted  # Next: «Сдаём ответы!»
        assert app.engine.state.phase == "hand_in"
        assert app.console.journal[-1][1] == said
        assert any(t.endswith(said) for t in labels_of(app, 22.0, f"minute-ended-{language}"))  # on the console
    finally:
        app.close()
