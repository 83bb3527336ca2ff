"""The duel on the projector and the console: every phase at 720p, 1080p and 4K with its text in its
boxes; the tiles in their table colours, the asked table gold, a player who left dimmed; the console's
buttons are the engine's commands."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.duel.grid import queue_rect, tile_rect
from quizshow.house_words import show_words
from tests.conftest import words_of
from tests.display_kit import SIZES, RecordingText
from tests.duel_display_kit import (
    _buttons,
    duel_app,
    render_walk,
    theme,  # noqa: F401 - fixtures
)
from tests.duel_kit import ALPHA, BETA, GREEN, RED, YELLOW


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_duel_phase_renders_with_text_inside_its_boxes(theme, size):  # noqa: F811
    text = RecordingText(theme.fonts)
    for name, _e, _surface in render_walk(theme, size, text):
        assert text.fitted, name
        for what, box, got in text.fitted:
            assert got[0] <= box[0] and got[1] <= box[1], f"{name}: {what!r} {got} overflows {box}"


def _near(a, b, tolerance=60):
    return sum(abs(x - y) for x, y in zip(a[:3], b[:3], strict=True)) < tolerance


def test_tables_wear_their_colours_the_asked_one_is_gold_and_a_player_who_left_is_dimmed(theme):  # noqa: F811
    from quizshow.display.scenes.base import Frame

    for name, e, surface in render_walk(theme, (1920, 1080)):
        if name != "queue":
            continue
        frame = Frame(e.state, e.format, theme, None, 0, (1920, 1080), show_words("ru"), "", None)
        green = tile_rect(frame, ALPHA, GREEN)
        assert _near(surface.get_at((green.x + 40, green.centery + 60)), theme.color("duel_green"), 90)
        gone = tile_rect(frame, BETA, RED)  # left on the first question: a dark tile
        assert sum(surface.get_at((gone.x + 40, gone.centery + 60))[:3]) < 150
        asked = tile_rect(frame, BETA, 3)  # Бета's captain pressed first: gold edge
        edge = [surface.get_at((asked.x + 2, y)) for y in range(asked.y + 60, asked.bottom - 60, 20)]
        assert all(_near(px, theme.color("accent"), 120) for px in edge)
        first = queue_rect(frame)  # the queue's first row is the asked one, gold-edged too
        assert any(_near(surface.get_at((first.x + 24 + dx, first.y + 200)), theme.color("accent"), 90)
                   for dx in range(0, 8))
        return
    raise AssertionError("no queue step")


def test_the_english_locale_renders_too(theme):  # noqa: F811
    text = RecordingText(theme.fonts)
    for name, _e, _surface in render_walk(theme, (1280, 720), text, language="en"):
        assert not [t for t, _b, _g in text.fitted if t.startswith("scene.")], name


# --- the console -------------------------------------------------------------------------------------------


def test_console_shows_what_comes_next_and_its_skip_replace_choose_and_end_early_buttons_work(tmp_path):
    from quizshow.app import Action

    app = duel_app(tmp_path)
    try:
        buttons, _ = _buttons(app)
        assert "duel_skip" in buttons and "duel_replace" in buttons
        app.action(Action("duel_skip", 0.5, "console"))
        assert app.engine.format.upcoming(app.engine.state) == ("sheet", 1)
        app.action(Action("go", 1.0))
        app.submit(c.Buzz(at=2.0, team=ALPHA, player=RED, source_time=2.0))
        app.action(Action("correct", 3.0))
        app.action(Action("go", 4.0))
        app.submit(c.Buzz(at=5.0, team=ALPHA, player=RED, source_time=5.0))
        app.action(Action("correct", 6.0))
        assert app.engine.state.phase == "choosing"
        buttons, _ = _buttons(app)
        assert {"duel_choose:0", "duel_choose:1"} <= set(buttons) and "duel_choose:3" not in buttons
        app.action(Action("duel_choose", 7.0, "console", (1,)))
        assert (BETA, YELLOW) in app.engine.state.fmt.bout.out
        app.action(Action("go", 8.0))
        app.action(Action("go", 9.0))  # the first reading ends
        assert app.action(Action("go", 10.0)).refused  # 14 s to think left
        assert app.action(Action("duel_end_early", 10.5, "console")) is None  # asks to confirm
        assert app.action(Action("duel_end_early", 10.6, "console")).accepted
        assert app.engine.state.phase == "reveal"
    finally:
        app.close()


def test_a_hint_typed_on_the_console_reaches_the_projector(tmp_path):
    from quizshow.app import Action

    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        app.action(Action("duel_hint", 2.0, "console"))
        for ch in "Река":
            app.text_input(ch)
        app.key(pygame.K_BACKSPACE, 0, 2.2)
        app.text_input("и")
        assert app.key(pygame.K_y, 0, 2.35) is None  # a key while typing is text, not «Верно»
        app.key(pygame.K_RETURN, 0, 2.4)
        asking = app.engine.state.fmt.asking
        assert asking.hint == "Реки" and asking.hint_shown and app.status.typing is None
        buttons, _ = _buttons(app)
        assert "duel_hint_off" in buttons
    finally:
        app.close()


def test_console_lists_the_queue_in_order_with_margins(tmp_path):
    app = duel_app(tmp_path)
    try:
        drawn: list[str] = []
        fit = app.console.text.fit
        app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
        app.submit(c.Go(at=1.0))
        app.submit(c.Buzz(at=2.2, team=ALPHA, player=GREEN, source_time=2.041))
        app.submit(c.Buzz(at=2.3, team=BETA, player=RED, source_time=2.0))
        _buttons(app)
        lines = [t for t in drawn if t.startswith(("1. ", "2. "))]
        assert lines[0].startswith("1.  Красный (Бета)") and "0,0 мс" in lines[0]  # two spaces: a visible gap
        assert lines[1].startswith("2.  Зелёный (Альфа)") and "+41,0 мс" in lines[1]
    finally:
        app.close()


def _drawn(app) -> list[str]:
    """Every text the console draws in one frame."""
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    try:
        _buttons(app)
    finally:
        app.console.text.fit = fit
    return drawn


def test_next_just_after_a_press_still_ends_the_first_reading(tmp_path):
    """Buttons are live from the first word, so a press often comes as the host ends the reading: the
    Next guard of the other formats (Next ignored 0.5 s after a press) dropped that Next without a word
    and the 15 s never started."""
    from quizshow.app import Action

    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        app.submit(c.Buzz(at=2.0, team=ALPHA, player=GREEN, source_time=2.0))
        outcome = app.action(Action("go", 2.2))
        assert outcome is not None and outcome.accepted
        assert app.engine.state.fmt.asking.read_end == 2.2
    finally:
        app.close()


def test_the_console_says_next_waits_for_the_time_to_think_and_names_no_fixed_15_s(tmp_path):
    """«ДАЛЕЕ» said «Показать ответ» while Next was refused for the 15 s, and «15 с» stood in the words
    whatever `think_s` the show set."""
    from quizshow.app import Action

    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        assert any("Первое чтение закончено: пошло время на размышление" in t for t in _drawn(app))
        app.action(Action("go", 2.0))
        drawn = _drawn(app)
        assert any("Ждём конца времени на размышление" in t for t in drawn)
        assert not any("Показать ответ" in t for t in drawn)
        app.engine.dispatch(c.Tick(at=17.1))
        assert any("Показать ответ (вопрос не разыгран)" in t for t in _drawn(app))
        for key in ("next.duel_read_done", "next.duel_think_wait", "console.duel_end_early_confirm"):
            for language in ("ru", "en"):
                assert "15" not in words_of(app.format, language).say(key)
    finally:
        app.close()


def test_after_a_bout_the_console_names_the_next_bouts_first_question_and_skip_says_why_not(tmp_path):
    """In the result the panel still showed the finished sheet's next slot («тема 1 …, вопрос 2») and
    «Пропустить» was refused with «На листе не осталось вопросов» while it named one."""
    from quizshow.app import Action

    app = duel_app(tmp_path)
    try:
        for at in (1.0, 2.0, 17.5, 18.0, 19.0, 34.5):  # two questions without a press: 0:0
            assert app.action(Action("go", at)).accepted
        assert app.engine.state.phase == "result"
        sheet = app.engine.format.sheets[1]
        drawn = _drawn(app)
        assert f"Следующий: бой 2, тема 1 «{sheet.themes[0].name}», вопрос 1" in drawn
        refused = app.action(Action("duel_skip", 35.0, "console"))
        assert refused.refused == "the bout is over: Next starts the next one"
        assert words_of(app.format).refusal(refused.refused, {}) == "Бой окончен: Далее начнёт следующий"
        assert app.action(Action("go", 36.0)).accepted
        asking = app.engine.state.fmt.asking
        assert app.engine.format.theme_of(app.engine.state, asking.source)[2] == sheet.themes[0].name
    finally:
        app.close()
