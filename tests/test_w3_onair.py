"""Issue 22, the projector «on air» («Своя игра»): what the hall sees for a sound or web question, the
time-up state, the special cards' headers, the round's end, the auction, the final's reveal, the answerer."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.console import sound_rows
from quizshow.display.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.i18n import phrase
from quizshow.packs.siq import load_siq
from quizshow.tools.proof import question_notes, question_problems
from quizshow.yamlfile import Problems
from tests import siq_kit as k
from tests import svoyak_kit as kit
from tests.conftest import svoyak_config, views_of
from tests.test_display import RecordingText

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config().theme)


def say(key: str, **values) -> str:
    return phrase(key, "ru", **values)


def sound_file(tmp_path: Path) -> Path:
    path = tmp_path / "clip.mp3"
    path.write_bytes(b"ID3" + bytes(99))
    return path


def one_theme(*questions) -> Engine:
    rnd = kit.Round(name="Раунд", themes=(kit.Theme(name="Звуки", questions=tuple(questions)),),
                    values=(10, 20, 30, 40)[:len(questions)])
    return kit.engine(kit.pack(rnd, kit.final_round()))


def open_cell(engine: Engine, cell: int) -> None:
    for cmd in (c.Go(at=1), c.Go(at=2), c.PickTeam(at=3, team=0), c.SelectCell(at=4, theme=0, question=cell)):
        out = engine.dispatch(cmd)
        assert out.refused is None or isinstance(cmd, c.PickTeam), (cmd, out.refused)


def render(engine: Engine, theme, now: float | None = None) -> tuple[RecordingText, pygame.Surface]:
    """The projector's picture of the engine's state, settled; the texts it fitted (its first frame's too: the
    still layer is composed once)."""
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Своя игра", "ru", text, views=views_of(engine.format), sound=False)
    surface = pygame.Surface(SIZE)
    at = engine.entries[-1].command.at if engine.entries else 0.0
    projector.on_events(list(engine.entries[-1].events) if engine.entries else [], at)
    projector.render(surface, engine.state, at + 0.1)
    projector.render(surface, engine.state, at + 10 if now is None else now)
    return text, surface


def shown(text: RecordingText) -> list[str]:
    return [what for what, _box, _got in text.fitted]


# --- 17: a sound, a web picture, web html ------------------------------------------------------------------


def test_a_sound_only_question_shows_a_sound_card_not_the_host_question(theme, tmp_path):
    engine = one_theme(kit.question("", audio=sound_file(tmp_path)), kit.question("Обычный"))
    open_cell(engine, 0)
    text, _ = render(engine, theme)
    assert say("scene.sound") in shown(text)
    assert say("scene.host_question") not in shown(text)


def test_a_sound_question_with_text_keeps_its_text_beside_the_sound_card(theme, tmp_path):
    engine = one_theme(kit.question("Назовите композитора", audio=sound_file(tmp_path)), kit.question("Обычный"))
    open_cell(engine, 0)
    text, _ = render(engine, theme)
    assert "Назовите композитора" in shown(text) and say("scene.sound") in shown(text)


def web_pack(tmp_path: Path) -> Path:
    image = '<item type="image">https://example.org/pic.png</item>'
    page = '<item type="html">https://example.org/page.html</item>'
    questions = (k.v5_q(100, items=image) + k.v5_q(200, items=page)
                 + k.v5_q(300, items='<item>Что это?</item>' + image))
    return k.write_siq(tmp_path / "web.siq", k.v5(k.v5_round(k.v5_theme(questions))))


def test_a_web_picture_or_web_page_question_names_what_it_is_instead_of_the_host_question(theme, tmp_path,
                                                                                         monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))
    pack = load_siq(web_pack(tmp_path), Problems())
    assert pack is not None
    picture, page, with_text = pack.rounds[0].themes[0].questions
    assert picture.web == ("image",) and page.web == ("html",) and with_text.web == ("image",)
    engine = kit.engine(kit.pack(pack.rounds[0], kit.final_round()))
    open_cell(engine, 0)
    text, _ = render(engine, theme)
    assert say("scene.web_image") in shown(text) and say("scene.host_question") not in shown(text)
    engine = kit.engine(kit.pack(pack.rounds[0], kit.final_round()))
    open_cell(engine, 1)
    text, _ = render(engine, theme)
    assert say("scene.web_html") in shown(text) and say("scene.host_question") not in shown(text)


def test_the_console_has_a_sound_row_playing_paused_or_file_missing(tmp_path):
    clip = sound_file(tmp_path)
    question = kit.question("Мелодия", audio=clip)
    assert sound_rows(question, "question", say)[0][1] == say("console.sound_playing", file="clip.mp3")
    assert sound_rows(question, "answering", say)[0][1] == say("console.sound_paused", file="clip.mp3")
    gone = kit.question("Мелодия", audio=tmp_path / "gone.mp3")
    assert sound_rows(gone, "question", say)[0][1] == say("console.sound_missing", file="gone.mp3")
    assert sound_rows(kit.question("Без звука"), "question", say) == []
    web = replace(kit.question(""), web=("image",))
    assert [label for label, _text, _color in sound_rows(web, "question", say)] == ["console.web"]


def test_the_console_question_panel_shows_the_sound_row(theme, tmp_path):
    from quizshow.display.console import Console, ConsoleStatus
    from quizshow.inputs.keymap import KeyMap

    engine = one_theme(kit.question("Мелодия", audio=sound_file(tmp_path)), kit.question("Обычный"))
    open_cell(engine, 0)
    text = RecordingText(theme.fonts)
    console = Console(engine, theme, KeyMap.build(), "ru", text)
    console.render(pygame.Surface((1920, 1080)), 5.0, ConsoleStatus())
    assert any(say("console.sound_playing", file="clip.mp3") in what for what in shown(text))


def test_proof_marks_sound_and_web_questions(theme, tmp_path):
    from quizshow.display.text import TextCache

    clip = sound_file(tmp_path)
    assert question_notes(kit.question("", audio=clip)) == ["sound: clip.mp3"]
    problems = question_problems(replace(kit.question(""), web=("image",)), TextCache(theme.fonts))
    assert any("from the web" in p for p in problems)


# --- 18: «Время вышло!», and the team variant's time-up stays on screen ---------------------------------------


def to_question(preset: str) -> Engine:
    engine = kit.engine(kit.specials_pack(), preset=preset)
    for cmd in (c.Go(at=1), c.Go(at=2), c.PickTeam(at=3, team=0), c.SelectCell(at=10, theme=0, question=0)):
        engine.dispatch(cmd)
    return engine


def test_the_time_up_banner_says_time_is_over_not_the_start_word(theme):
    engine = to_question("svoyak")
    engine.dispatch(c.Go(at=11))  # the read signal: the 3 s window
    assert engine.dispatch(c.Tick(at=14.5)).refused is None
    assert engine.state.phase == "reveal"
    text, _ = render(engine, theme, now=14.8)
    assert say("banner.time_over") == "Время вышло!" and say("banner.time_over") in shown(text)
    assert say("banner.time_up") not in shown(text)


def test_team_variant_time_up_stays_visibly_over_until_the_host_moves_on(theme):
    engine = to_question("svoyak-teams")
    engine.dispatch(c.Tick(at=70.5))  # the 60 s window: «Время вышло, у кого есть ответ?»
    engine.dispatch(c.Tick(at=80))  # the banner's moment is over
    assert engine.state.phase == "question" and engine.state.banner is None
    text, _ = render(engine, theme)
    assert say("banner.time_over").upper() in shown(text)
    engine.dispatch(c.Buzz(at=81, team=2))  # a team has an answer: it answers, the time-up mark goes
    text, _ = render(engine, theme)
    assert say("banner.time_over").upper() not in shown(text)
