"""Issue 22 — what a QA engineer tripped on playing «Брейн-ринг» under Xvfb: the climax of a question, the
console's words and numbers, the journal's lines."""

from __future__ import annotations

import os

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.scenes.widgets import banner_rect
from quizshow.display.theme import load_theme
from tests.brainring_display_kit import BRAINRING_SHOW, engine
from tests.conftest import ok, svoyak_config, views_of, words_of
from tests.display_kit import RecordingText
from tests.ring_console_kit import _ring_app

SHOTS = os.environ.get("QUIZSHOW_SHOTS")  # a folder: the pictures the tests look at are saved there


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config(BRAINRING_SHOW).theme)


def _shot(surface: pygame.Surface, name: str) -> None:
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, f"{name}.png"))


def _accent_share(surface: pygame.Surface, rect: pygame.Rect, accent: pygame.Color) -> float:
    hits = total = 0
    for x in range(rect.x + 10, rect.right - 10, 12):
        for y in range(rect.y + 6, rect.bottom - 6, 12):
            total += 1
            got = surface.get_at((x, y))
            hits += all(abs(a - b) <= 60 for a, b in zip(got[:3], accent[:3], strict=True))
    return hits / max(1, total)


# --- item 1: «Время вышло!» on the projector before the answer ------------------------------------------------


def test_time_over_banner_shows_on_the_projector_before_the_answer_card(theme):
    """The clock runs out: for the banner's time the lower third says «Время вышло!» and the answer is not
    yet shown; after it, the answer card."""
    size = (1920, 1080)
    e = engine()
    for cmd in (c.Go(at=1), c.Go(at=2), c.Go(at=3)):
        ok(e, cmd)
    expiry = 3 + e.state.timer.duration
    ok(e, c.Tick(at=expiry + 0.01))
    assert e.state.phase == "reveal"
    answer = e.format.current(e.state).a
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface(size)
    frame = projector.frame(e.state, expiry + 1.0, size)
    projector.render(surface, e.state, expiry + 0.5)
    projector.render(surface, e.state, expiry + 1.0)
    _shot(surface, "ring-time-over")
    said = [what for what, _, _ in text.fitted]
    assert "Время вышло!" in said
    assert answer not in said
    assert _accent_share(surface, banner_rect(frame), theme.color("accent")) > 0.3
    text.fitted.clear()
    later = expiry + 0.01 + e.format.BANNER_S + 0.3
    projector.render(surface, e.state, later)
    projector.render(surface, e.state, later + 0.6)
    _shot(surface, "ring-time-over-answer")
    said = [what for what, _, _ in text.fitted]
    assert answer in said and "Время вышло!" not in said


# --- item 4: Next held just after a press says it in the locale's numbers, by what Next would do --------------


def _prompt(app) -> str | None:
    app.pump_views()
    return None if app.status.prompt is None else app.status.prompt[0]


def test_next_held_after_a_press_reads_a_decimal_comma_and_asks_for_the_verdict(tmp_path):
    """Next 50 ms after a press, while Next would only ask for a verdict: no «нажмите ещё раз» and no pause
    «0.5 с» — the refusal says what moves the show on."""
    from quizshow.runtime.operator.controls import Action

    app = _ring_app(tmp_path)
    try:
        for at in (1.0, 2.0, 3.0):
            assert app.action(Action("go", at)).accepted
        assert app.submit(c.Buzz(at=5.0, team=0, source_time=5.0)).accepted
        assert app.action(Action("go", 5.05)) is None
        said = _prompt(app)
        assert said is not None and "0.5" not in said and "ещё раз" not in said, said
        assert "сначала оцените ответ (Y / N)" in said, said
    finally:
        app.close()


def test_next_that_works_clears_its_own_stale_refusal(tmp_path):
    """Y, then Next at once: held, «пауза 0,5 с» in the locale's decimal comma, «Ещё раз — «Следующий
    вопрос»»; then Next again that works: the held Next's refusal leaves the console at once."""
    from quizshow.runtime.operator.controls import Action

    app = _ring_app(tmp_path)
    try:
        for at in (1.0, 2.0, 3.0):
            assert app.action(Action("go", at)).accepted
        assert app.submit(c.Buzz(at=5.0, team=0, source_time=5.0)).accepted
        assert app.action(Action("correct", 5.1)).accepted
        assert app.action(Action("go", 5.2)) is None
        held = _prompt(app)
        assert held is not None and "0,5 с" in held and "«Следующий вопрос»" in held, held
        assert app.action(Action("go", 5.6)).accepted
        assert _prompt(app) is None
    finally:
        app.close()


# --- item 5: extra questions are named so; Next at the last one says it shows the result ------------------------


def _header(app) -> str:
    """The console's header line as drawn."""
    said: list[str] = []
    fit = app.console._fit

    def spy(text, *args, **kwargs):
        said.append(text)
        return fit(text, *args, **kwargs)

    app.console._fit = spy
    app.console.render(pygame.Surface((1280, 800)), app.clock.now(), app.status)
    app.console._fit = fit
    return said[0]


def _question(app, at: float, team: int | None) -> float:
    """One question: announce, clock, (a press and a right answer), the answer shown."""
    assert app.submit(c.Go(at=at)).accepted and app.submit(c.Go(at=at + 1)).accepted
    if team is None:
        assert app.submit(c.Tick(at=at + 200)).accepted
    else:
        assert app.submit(c.Buzz(at=at + 2, team=team, source_time=at + 2)).accepted
        assert app.submit(c.Judge(at=at + 3, correct=True)).accepted
    return at + 300


def test_extra_questions_are_named_so_and_next_at_the_deciding_one_says_the_result(tmp_path):
    """brainring-40, a qualifying match of 6 tied 3:3: the header reads «дополнительный вопрос 1», never
    «вопрос 7 из 6»; when the extra question is taken, ДАЛЕЕ says «Итог матча» (what Next does), and at the
    match's end the header names the last extra question, not «вопрос 8 из 6»."""
    app = _ring_app(tmp_path, "brainring-40.yaml")
    try:
        assert app.submit(c.Go(at=1)).accepted
        at = 10.0
        for k in range(6):
            at = _question(app, at, k % 2)
            assert app.engine.format.next_action(app.engine.state).key == (
                "next.extra_question" if k == 5 else "next.next_question")
            assert app.submit(c.Go(at=at)).accepted
            at += 1
        assert "дополнительный вопрос 1" in _header(app) and "из 6" not in _header(app)
        at = _question(app, at, None)  # nobody takes the first extra question
        assert app.engine.format.next_action(app.engine.state).key == "next.extra_question"
        assert app.submit(c.Go(at=at)).accepted
        at = _question(app, at + 1, 0)
        header = _header(app)
        assert "дополнительный вопрос 2" in header and "из 6" not in header, header
        assert app.engine.format.next_action(app.engine.state).key == "next.match_result"
        assert app.say(app.engine.format.next_action(app.engine.state).key) == "Итог матча"
        assert app.submit(c.Go(at=at)).accepted
        assert app.engine.state.phase == "result"
        header = _header(app)
        assert "дополнительный вопрос 2" in header and "из 6" not in header, header
    finally:
        app.close()


# --- item 7: the one-player rule — the console says the projector's value, and reminds of the take-over -------


def _console_texts(app) -> list[str]:
    said: list[str] = []
    text = app.console.text
    fit = text.fit

    def spy(words, *args, **kwargs):
        said.append(words)
        return fit(words, *args, **kwargs)

    text.fit = spy
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, app.clock.now(), app.status)
    del text.fit
    _shot(surface, "ring-lone-console")
    return said


def test_lone_player_question_value_on_the_console_is_the_projectors(tmp_path):
    """Alpha leaves one player at its table: the projector says «Альфа: вопрос за 2 очка», and so does the
    console's header («Альфа: 2 очка», not «1 очко»); while Beta answers and the lone player has not pressed, the
    console reminds the host that Alpha may take the answer over."""
    from quizshow.formats.brainring import commands as bc

    app = _ring_app(tmp_path)
    try:
        for cmd in (c.Go(at=1), bc.SinglePlayer(at=2, team=0, player=2), c.Go(at=3), c.Go(at=4)):
            assert app.submit(cmd).accepted, cmd
        header = _header(app)
        assert "Альфа: 2 очка" in header and "1 очко" not in header, header
        assert app.submit(c.Buzz(at=5, team=1, source_time=5)).accepted
        said = _console_texts(app)
        assert "Альфа (один за столом) может перехватить ответ" in said, said
        assert app.submit(c.Buzz(at=6, team=0, source_time=6)).accepted  # the lone player takes it over
        assert app.engine.state.answering == 0
        assert not any("может перехватить" in t for t in _console_texts(app))
    finally:
        app.close()


# --- item 6: a dispute's decision and the penalty points say what happened ------------------------------------


def _lines(app) -> list[str]:
    app.pump_views()
    return [text for _, text in app.console.journal]


def _undo_label(app) -> str:
    from quizshow.display.console.words import describe

    teams = [t.name for t in app.engine.state.teams]
    return describe(app.engine.undo_target(), teams, words_of(app.format), app.spec.journal_words, app.format)


def test_dispute_decision_and_penalty_points_are_journalled_as_what_they_did(tmp_path):
    """«Решение: Альфа — верно» after Beta's later right answer: the line names the decision and that Beta loses
    its point; the 1st penalty point «Бета: штрафное очко 1 (апелляций больше нет)», the 2nd «Бета: штрафное
    очко 2 (снято 1 очко)», never «отмечено нарушение» or «Счёт исправлен: Бета −1»; the undo button says
    the same."""
    from quizshow.formats.brainring import commands as bc

    app = _ring_app(tmp_path)
    try:
        for cmd in (c.Go(at=1), c.Go(at=2), c.Go(at=3), c.Buzz(at=4, team=0, source_time=4),
                    c.Judge(at=5, correct=False, provisional=True), c.Buzz(at=6, team=1, source_time=6),
                    c.Judge(at=7, correct=True), bc.Ruling(at=8, correct=True)):
            assert app.submit(cmd).accepted, cmd
        ruling = "Решение по спору: Альфа — ответ верный, +1; Бета теряет 1 очко"
        assert _lines(app)[-1] == ruling
        assert _undo_label(app) == ruling
        assert app.submit(c.Discipline(at=9, team=1, what="penalty")).accepted
        assert _lines(app)[-1] == "Бета: штрафное очко 1 (апелляций больше нет)"
        assert app.submit(c.Discipline(at=10, team=1, what="penalty")).accepted
        second = "Бета: штрафное очко 2 (снято 1 очко)"
        assert _lines(app)[-1] == second and _undo_label(app) == second
        assert app.submit(c.Discipline(at=11, team=0, what="repeat")).accepted
        assert _lines(app)[-1] == "Альфа: повтор вопроса"
        assert app.submit(c.Discipline(at=12, team=1, what="penalty")).accepted
        assert _lines(app)[-1] == "Бета: штрафное очко 3 (команда снята)"
        assert not any("отмечено нарушение" in line or "Счёт исправлен" in line for line in _lines(app))
    finally:
        app.close()
