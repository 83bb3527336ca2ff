"""Issue 22 (7): Undo at the climax. One press of Undo never moves the picture back more than one step:
when taking back the last undoable step would drop later steps (a shoot-out's questions, the winner), the
first press only says where the picture would land; a second press within a few seconds does it."""

from __future__ import annotations

import pygame

from quizshow.app import Action, ShowApp
from tests.conftest import demo_config
from tests.undo_kit import prompt, svoyak_shootout_won


def test_undo_past_the_shootout_asks_where_the_picture_goes_then_a_second_press_does_it(tmp_path):
    app = svoyak_shootout_won(tmp_path)
    e = app.engine
    before = e.state
    first = app.action(Action("undo", 10_000.0))
    assert first is not None and first.refused  # OSC desks hear: send it again to confirm
    assert e.state is before and app.format.winner(e.state) == [0]  # the picture stays on the winner
    asked = prompt(app)
    assert "перестрелка, вопрос 1" in asked and "ещё раз" in asked
    app.action(Action("undo", 10_001.0))
    assert e.state.phase == "answering" and e.state.fmt.shootout.asked == 1  # back at the first question
    assert app.format.winner(e.state) == []
    assert prompt(app) == ""
    app.close()


def test_undo_past_the_shootout_names_its_destination_on_the_undo_button(tmp_path):
    app = svoyak_shootout_won(tmp_path)
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    app.console.render(pygame.Surface((1280, 800)), 1.0, app.status, None)
    undo = next(text for text in drawn if text.startswith("Отменить") and "Ctrl+Z" in text)
    assert "(2×)" in undo and "Анна: верно" in undo and "перестрелка, вопрос 1" in undo
    app.close()


def test_a_far_undo_is_not_done_by_a_late_second_press(tmp_path):
    from quizshow.runtime.operator.controls import UNDO_CONFIRM_S

    app = svoyak_shootout_won(tmp_path)
    app.action(Action("undo", 10_000.0))
    app.action(Action("undo", 10_000.0 + UNDO_CONFIRM_S + 1))  # too late by the show's clock: it asks again
    assert app.engine.state.phase == "end"
    app.action(Action("undo", 10_000.0 + UNDO_CONFIRM_S + 2))
    assert app.engine.state.phase == "answering"
    app.close()


def test_undo_of_the_last_step_is_still_one_press(tmp_path):
    """A verdict taken back at once moves the picture one step: no question asked."""
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    app.action(Action("go", 1.0))
    app.action(Action("buzz", 2.0, args=(1,)))
    app.action(Action("correct", 3.0))
    app.action(Action("undo", 4.0))
    assert app.engine.state.phase == "answering" and app.engine.state.teams[1].score == 0
    assert prompt(app) == ""
    app.close()


def test_undo_past_the_next_question_asks_to_confirm_in_the_demo_quiz(tmp_path):
    """The same rule in another format: a verdict on question 1 taken back from question 2 would take the
    picture back a whole question; it asks first and names question 1."""
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    app.action(Action("go", 1.0))
    app.action(Action("buzz", 2.0, args=(1,)))
    app.action(Action("correct", 3.0))
    app.action(Action("go", 4.0))
    app.action(Action("go", 5.0))
    on_screen = app.engine.state
    app.action(Action("undo", 6.0))
    assert app.engine.state is on_screen
    assert "вопрос 1" in prompt(app)
    app.action(Action("undo", 6.5))
    assert app.engine.state.teams[1].score == 0 and app.engine.state.phase == "answering"
    app.close()


def test_escape_dismisses_a_far_undo_so_the_next_press_asks_again(tmp_path):
    app = svoyak_shootout_won(tmp_path)
    app.action(Action("undo", 10_000.0))
    app.action(Action("escape", 10_000.5))
    assert prompt(app) == ""
    app.action(Action("undo", 10_001.0))
    assert app.engine.state.phase == "end" and "перестрелка, вопрос 1" in prompt(app)
    app.close()
