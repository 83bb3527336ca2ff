"""QA round 3, item 7: the projector's join codes (F7) say what the phone does in the show's format and whose
code it is — a written quiz's phones type answers (no button), «Своя игра»'s contestants play alone."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from quizshow.core.actions import Call
from tests.join_kit import svoyak_app
from tests.written_phones_kit import make_app

OUT = Path(os.environ.get("QUIZSHOW_SHOTS", "/nonexistent"))  # frames kept to LOOK at, when asked for


@pytest.fixture
def apps():
    made: list = []
    yield made
    for app in made:
        app.running = False
        app.close()


def join_texts(app, name: str) -> list[str]:
    """The projector's texts with the join codes over the scene (F7), at 1920×1080."""
    app.call(Call("join"), app.now(), "keyboard")
    app.tick()  # the window loop's: the board reaches the projector
    said: list[str] = []
    original = app.projector.text.fit

    def spy(text, *args, **kwargs):
        said.append(text)
        return original(text, *args, **kwargs)

    app.projector.text.fit = spy
    surface = pygame.Surface((1920, 1080))
    try:
        app.projector.render(surface, app.engine.state, app.now())
        app.projector.render(surface, app.engine.state, app.now() + 5)
    finally:
        app.projector.text.fit = original
    assert app.projector.scene(app.engine.state).name == "join"
    if OUT.is_dir():
        pygame.image.save(surface, str(OUT / f"{name}.png"))
    return said


def test_the_written_quizs_join_codes_say_the_phone_types_answers_not_a_button(tmp_path, apps):
    """rw-03p: the written quiz's codes said «кнопка откроется в браузере»; its phones have no button."""
    app = make_app(tmp_path, "ru")
    apps.append(app)
    said = join_texts(app, "join-written")
    assert "приложение не нужно: ответы пишут в браузере телефона" in said, said
    assert not [t for t in said if "кнопка" in t], said
    assert "подключитесь к Wi-Fi и наведите камеру телефона на код своей команды" in said


def test_svoyak_join_codes_speak_to_each_contestant_not_a_team(tmp_path, apps):
    app = svoyak_app(tmp_path, apps)
    said = join_texts(app, "join-svoyak")
    assert "подключитесь к Wi-Fi и наведите камеру телефона на код со своим именем" in said, said
    assert "приложение не нужно: кнопка откроется в браузере" in said  # its phones are buttons
    assert not [t for t in said if "команд" in t], said
