"""Issue 14: a correct TV picture and a console safe under pressure — each item tested on rendered pixels
or on the console's text."""

from __future__ import annotations

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.display.projector import Projector
from quizshow.display.text import TextCache, typeset
from quizshow.display.theme import load_theme
from quizshow.i18n import MINUS, THIN, number, phrase, plural_form
from tests.conftest import svoyak_config, svoyak_engine, views_of
from tests.test_svoyak_display import play_walk, walk

HD = (1920, 1080)


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config().theme)


def _projector(engine, theme, text=None):
    return Projector(engine.format, theme, "Своя игра", "ru", text, views=views_of(engine.format))


def _at(engine) -> float:
    return engine.entries[-1].command.at if engine.entries else 0.0


# --- 3. plurals -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "word"), [(1, "секунда"), (2, "секунды"), (3, "секунды"), (5, "секунд"),
                                         (11, "секунд"), (12, "секунд"), (21, "секунда"), (22, "секунды"),
                                         (107, "секунд"), (0, "секунд")])
def test_the_clock_says_seconds_in_the_right_plural(n, word):
    assert phrase("scene.seconds", "ru", n=n) == word


def test_points_and_players_use_the_one_plural_helper():
    assert phrase("scene.points", "ru", n=1) == "1 очко"
    assert phrase("scene.points", "ru", n=40) == "40 очков"
    assert phrase("scene.points", "ru", n=2) == "2 очка"
    assert phrase("scene.players_at_table", "ru", n=1) == "за столом 1 игрок"
    assert phrase("scene.players_at_table", "ru", n=3) == "за столом 3 игрока"
    assert phrase("scene.players_at_table", "ru", n=6) == "за столом 6 игроков"
    assert plural_form(1, ("point", "points"), "en") == "point"
    assert plural_form(7, ("point", "points"), "en") == "points"
    assert "очк." not in " ".join(phrase(k, "ru", n=5) for k in ("scene.points", "scene.worth"))


# --- 4. typography ----------------------------------------------------------------------------------------


def test_numbers_on_air_have_a_real_minus_and_thin_space_thousands():
    assert number(-10) == f"{MINUS}10"
    assert number(12500) == f"12{THIN}500"
    assert number(1200) == "1200"  # four digits stay together, as Russian typesetting does
    assert number(30, signed=True) == "+30"


def test_no_line_ends_on_a_one_letter_word_a_number_sign_or_a_preposition(theme):
    text = TextCache(theme.fonts)
    sentences = ["Какая планета изображена на рисунке?", "Кто написал роман «Война и мир» в 1869 году?",
                 "Вопрос № 5 о реках и озёрах с притоками"]
    for sentence in sentences:
        for width in range(440, 1200, 23):
            layout = text.layout(sentence, "heading", (width, 2000), 60, min_px=60)
            for line in layout.lines[:-1]:
                last = line.replace("\u00a0", " ").split(" ")[-1].lower()
                assert len(last) > 1 and last not in ("№", "на", "в", "и", "с", "о"), (width, layout.lines)
    assert "на\u00a0рисунке" in typeset("изображена на рисунке")


def test_a_long_theme_name_keeps_one_line_by_shrinking_a_little_at_1080p(theme):
    from quizshow.display.svoyak.scenes import board_grid

    engine = svoyak_engine()
    for _ in play_walk(engine, until="board"):
        pass
    projector = _projector(engine, theme)
    frame = projector.frame(engine.state, _at(engine), HD)
    plates, _ = board_grid(frame, *engine.format.game.rounds[0].size)
    box = plates[0].inflate(-frame.u(36), -frame.u(14)).size
    layout = projector.text.layout("РУССКАЯ ЛИТЕРАТУРА XIX ВЕКА", "heading", box, frame.u(52), min_px=frame.u(16))
    assert len(layout.lines) == 1 and layout.px >= frame.u(52) * 0.6


# --- 8. Escape ----------------------------------------------------------------------------------------------


def test_escape_never_starts_anything_in_any_phase(tmp_path):
    """Escape closes the help and a prompt; in every step of a game it changes nothing on air."""
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=3,
                  devices=False)
    try:
        engine = app.engine
        for name, commands in walk():
            for cmd in commands:
                app.submit(cmd)
            before, entries = engine.state, len(engine.entries)
            app.status.help = True
            app.key(pygame.K_ESCAPE, 0, _at(engine) + 1)
            assert engine.state is before and len(engine.entries) == entries, name
            assert not app.status.help, name
    finally:
        app.close()
