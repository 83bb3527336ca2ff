"""QA round 3, «Своя игра»'s final with phones (item 6): a finalist on a key has no «с телефона» line."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.core import commands as c
from tests.console_kit import console_texts
from tests.written_phones_kit import make_app, phones_final_show, to_final_question

OUT = Path(os.environ.get("QUIZSHOW_SHOTS", "/nonexistent"))  # frames kept to LOOK at, when asked for


@pytest.fixture
def final_app(tmp_path):
    """shows/phones.yaml (Ёжики and Борис on phones, Вера on key 3) at the final's question."""
    app = make_app(tmp_path, path=phones_final_show(tmp_path))
    try:
        to_final_question(app)
        yield app
    finally:
        app.running = False
        app.close()


def row_texts(app: ShowApp, name: str) -> list[str]:
    said, surface = console_texts(app)
    if OUT.is_dir():
        pygame.image.save(surface, str(OUT / f"{name}.png"))
    return said


def test_a_finalist_without_a_phone_has_no_typed_answer_line(final_app):
    """ph2-09c: Вера plays on key 3, yet her row read «с телефона: ответа нет»; the phone seats keep theirs."""
    app = final_app
    theme = app.format.final_theme(app.engine.state.fmt.final)
    assert app.submit(c.TypedAnswer(at=app.now(), team=0, question=theme, text="Малевич", sent=app.now())).accepted
    app.phones.tick()  # the window's tick: the console learns the phone seats (the join board)
    said = row_texts(app, "final-no-phone")
    assert "с телефона: «Малевич»" in said or "≈ с телефона: «Малевич»" in said, said
    assert said.count("с телефона: ответа нет") == 1, said  # Борис (a phone, no answer yet); not Вера
    app.submit(c.Go(at=app.now()))  # the clock
    app.submit(c.Go(at=app.now()))  # the reveal
    assert app.engine.state.phase == "final_reveal"
    app.phones.tick()
    said = row_texts(app, "final-no-phone-reveal")
    assert said.count("с телефона: ответа нет") == 1, said
