"""Issue 25: what the operator and the hall see of typed answers. The console's marking grid shows each
team's typed answer beside its cell (a suggestion where it matches; never a mark); a paper show's grid is as
it was; the projector never shows a typed answer."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.console.ui import PanelUI
from quizshow.display.theme import load_theme
from quizshow.display.written import grid
from tests.display_kit import RecordingText
from tests.written_display_kit import SHOW_12, _app, _to_answer, config, render


def drawn_on_console(app, monkeypatch) -> list[str]:
    texts: list[str] = []
    label = PanelUI.label

    def recording(self, text, *args, **kwargs):
        texts.append(text)
        return label(self, text, *args, **kwargs)

    monkeypatch.setattr(PanelUI, "label", recording)
    app.console.render(pygame.Surface((1280, 800)), 100.0, app.status)
    monkeypatch.setattr(PanelUI, "label", label)
    return texts


def typed_show(tmp_path):
    """Question 1.1 with three typed answers (the pack's «Окно» as «ОКНО!», a wrong one, a late one)."""
    app = _app(tmp_path, SHOW_12)
    for _ in range(2):
        app.key(pygame.K_PAGEDOWN, 0, 1.0)
    app.submit(c.TypedAnswer(at=5, team=0, question=0, text="ОКНО!", sent=5))
    app.submit(c.TypedAnswer(at=6, team=1, question=0, text="Форточка", sent=6))
    app.engine.dispatch(c.Tick(at=62))
    app.submit(c.Tick(at=72.5))
    app.submit(c.TypedAnswer(at=73, team=2, question=0, text="Дверь", sent=73, late=True))
    assert app.engine.state.phase == "answer"
    return app


def test_the_marking_grid_shows_each_typed_answer_beside_its_cell_with_a_suggestion(tmp_path, monkeypatch):
    app = typed_show(tmp_path)
    texts = drawn_on_console(app, monkeypatch)
    assert "≈ ОКНО!" in texts  # it reads as the pack's «Окно»: suggested
    assert "Форточка" in texts and "поздно: «Дверь»" in texts
    assert any(t.startswith("С телефона · 1.1") for t in texts)
    assert any("с телефона: «ОКНО!» — совпадает с ответом (решаете вы)" in t for t in texts)  # the cursor: team 1
    assert grid.typed_of(app.format, app.engine.state, 0, 0)[2]
    # The suggestion marks nothing: the operator's Space does.
    assert app.engine.state.fmt.grid.correct == frozenset()
    app.key(pygame.K_SPACE, 0, 80)
    assert app.engine.state.fmt.grid.correct == {(0, 0)}


def test_a_show_without_phones_draws_the_grid_as_before(tmp_path, monkeypatch):
    app = _app(tmp_path, SHOW_12)
    t = _to_answer(app)
    app.key(pygame.K_SPACE, 0, t)
    texts = drawn_on_console(app, monkeypatch)
    assert not any("С телефона" in t or "с телефона" in t for t in texts)
    assert "—" not in texts  # no empty typed-answer cells either


@pytest.mark.parametrize("phase_ticks", [(), (62, 72.5)])
def test_typed_answers_never_reach_the_projector(tmp_path, phase_ticks):
    """Neither while the teams write nor with the answer on screen: the hall sees the pack's answer only."""
    app = typed_show(tmp_path) if phase_ticks else _app(tmp_path, SHOW_12)
    if not phase_ticks:
        for _ in range(2):
            app.key(pygame.K_PAGEDOWN, 0, 1.0)
        app.submit(c.TypedAnswer(at=5, team=0, question=0, text="ОКНО!", sent=5))
    theme = load_theme(config(SHOW_12).theme)
    text = RecordingText(theme.fonts)
    e = app.engine
    render(theme, e, 80.0, text=text)
    drawn = " ".join(t for t, _, _ in text.fitted)
    assert drawn and "ОКНО!" not in drawn and "Форточка" not in drawn and "Дверь" not in drawn
