"""Issue 22, the projector «on air» («Своя игра»): what the hall sees for a sound or web question, the
time-up state, the special cards' headers, the round's end, the auction, the final's reveal, the answerer."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.spec import SPEC
from quizshow.house_words import show_words
from quizshow.packs.siq import load_siq
from quizshow.yamlfile import Problems
from tests import siq_kit as k
from tests import svoyak_kit as kit
from tests.conftest import svoyak_config, views_of, words_of
from tests.display_kit import RecordingText

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config().theme)


WORDS = show_words("ru", SPEC.phrases, refusals=SPEC.refusals)  # a «Своя игра» show's words
say = WORDS.say


def sound_file(tmp_path: Path) -> Path:
    path = tmp_path / "clip.mp3"
    path.write_bytes(b"ID3" + bytes(99))
    return path


def one_theme(*questions) -> Engine:
    rnd = kit.Round(name="Раунд", themes=(kit.Theme(name="Звуки", questions=tuple(questions)),),
                    values=(10, 20, 30, 40)[:len(questions)])
    return kit.engine(kit.pack(rnd, kit.final_round()))


def open_cell(engine: Engine, cell: int) -> None:
    for cmd in (c.Go(at=1), c.Go(at=2), sc.PickTeam(at=3, team=0), sc.SelectCell(at=4, theme=0, question=cell)):
        out = engine.dispatch(cmd)
        assert out.refused is None or isinstance(cmd, sc.PickTeam), (cmd, out.refused)


def render(engine: Engine, theme, now: float | None = None) -> tuple[RecordingText, pygame.Surface]:
    """The projector's picture of the engine's state, settled; the texts it fitted (its first frame's too: the
    still layer is composed once)."""
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), text,
                          views=views_of(engine.format), sound=False)
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
    from quizshow.display.console.question import sound_rows

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
    from quizshow.display.console.window import Console
    from quizshow.inputs.keymap import KeyMap
    from quizshow.runtime.operator.state import OperatorState

    engine = one_theme(kit.question("Мелодия", audio=sound_file(tmp_path)), kit.question("Обычный"))
    open_cell(engine, 0)
    text = RecordingText(theme.fonts)
    keys = KeyMap.build()
    console = Console(lambda: engine, theme, lambda: keys, WORDS, text)
    console.render(pygame.Surface((1920, 1080)), 5.0, OperatorState())
    assert any(say("console.sound_playing", file="clip.mp3") in what for what in shown(text))


def test_proof_marks_sound_and_web_questions(theme, tmp_path):
    from quizshow.display.text import TextCache
    from quizshow.tools.proof import question_notes, question_problems

    clip = sound_file(tmp_path)
    assert question_notes(kit.question("", audio=clip)) == ["sound: clip.mp3"]
    problems = question_problems(replace(kit.question(""), web=("image",)), TextCache(theme.fonts))
    assert any("from the web" in p for p in problems)


# --- 18: «Время вышло!», and the team variant's time-up stays on screen ---------------------------------------


def to_question(preset: str) -> Engine:
    engine = kit.engine(kit.specials_pack(), preset=preset)
    for cmd in (c.Go(at=1), c.Go(at=2), sc.PickTeam(at=3, team=0), sc.SelectCell(at=10, theme=0, question=0)):
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


# --- 25: what the «Своя игра» picture and console say, and how they look -------------------------------------


def projector_for(engine: Engine, theme, text=None) -> Projector:
    return Projector(engine.format, theme, "Своя игра", words_of(engine.format), text or RecordingText(theme.fonts),
                     views=views_of(engine.format), sound=False)


def console_of(engine: Engine, theme):
    """The console drawn once with the format's panel: (its texts, its buttons' calls)."""
    from quizshow.display.console.window import Console
    from quizshow.inputs.keymap import KeyMap
    from quizshow.runtime.operator.state import OperatorState

    text = RecordingText(theme.fonts)
    keys = KeyMap.build()
    console = Console(lambda: engine, theme, lambda: keys, WORDS, text, views_of(engine.format).panel)
    console.render(pygame.Surface((1920, 1080)), 50.0, OperatorState())
    return shown(text), [call for _rect, call in console.buttons]


def specials_on_board(teams: int = 3) -> Engine:
    engine = kit.engine(kit.specials_pack(), teams=teams)
    for cmd in (c.Go(at=1), sc.PickTeam(at=1, team=0), c.Go(at=2)):
        engine.dispatch(cmd)
    assert engine.state.phase == "board"
    return engine


def test_the_cat_is_worth_no_value_until_chosen_then_the_value_actually_played(theme):
    engine = specials_on_board()
    assert engine.dispatch(sc.SelectCell(at=5, theme=1, question=0)).refused is None  # a cat in a 10 cell
    assert engine.dispatch(sc.GiveCat(at=6, team=1)).refused is None
    texts, _ = console_of(engine, theme)
    assert not any(say("scene.points", n=10) in t for t in texts), texts  # the cell's 10 is not what is played
    assert engine.dispatch(sc.CatValue(at=7, value=40)).refused is None
    texts, _ = console_of(engine, theme)
    assert any(say("scene.points", n=40) in t for t in texts)
    text, _ = render(engine, theme)
    assert any(say("scene.points", n=40).lower() in t.lower() for t in shown(text))  # the heading is in capitals
    assert not any(say("scene.points", n=10).lower() in t.lower() for t in shown(text))


def test_a_shootout_question_says_which_of_four_it_is(theme):
    from tests.svoyak_rules_kit import final_engine, through_final

    engine = final_engine([40, 30, 10])
    through_final(engine, {0: 10, 1: 20, 2: 5}, {0: True, 1: True, 2: False})  # 50 : 50: a shoot-out
    assert engine.state.phase == "shootout"
    engine.dispatch(c.Go(at=20))
    text, _ = render(engine, theme)
    assert any(say("console.question_no", n=1, of=4).lower() in t.lower() for t in shown(text)), shown(text)
    for cmd in (c.Go(at=21), c.Tick(at=25), c.Go(at=30)):
        engine.dispatch(cmd)
    assert engine.state.phase == "question"
    text, _ = render(engine, theme)
    assert any(say("console.question_no", n=2, of=4).lower() in t.lower() for t in shown(text))


def test_after_the_round_ended_nobody_chooses_and_end_round_is_gone(theme):
    engine = specials_on_board()
    assert engine.dispatch(sc.EndRound(at=5)).refused is None
    text, _ = render(engine, theme)
    assert say("scene.chooses") not in shown(text)
    texts, calls = console_of(engine, theme)
    assert "end_round" not in [call.name for call in calls]
    assert say("console.end_round") not in texts and say("scene.round_over") in texts


def test_the_auction_splash_never_covers_the_bidders(theme):
    from quizshow.display.svoyak.scenes import SCENES

    engine = specials_on_board()
    projector = projector_for(engine, theme)
    surface = pygame.Surface(SIZE)
    projector.render(surface, engine.state, 4.0)
    assert engine.dispatch(sc.SelectCell(at=5, theme=1, question=1)).refused is None  # the auction
    assert engine.state.phase == "auction"
    projector.on_events(list(engine.entries[-1].events), 5.0)
    projector.render(surface, engine.state, 5.0)  # «Аукцион!» sweeps in
    projector.render(surface, engine.state, 5.6)
    during = surface.copy()
    projector.render(surface, engine.state, 5.9)  # the splash holds on screen
    during = surface.copy()
    projector.render(surface, engine.state, 12.0)
    after = surface.copy()
    rows = SCENES["svoyak_auction"]._rows(projector.frame(engine.state, 12.0, SIZE))
    for row, _team in rows:
        names = pygame.Rect(row.x + 20, row.y, row.width // 2, row.height)  # name and score, no moving status
        differ = sum(1 for x in range(names.x, names.right, 8) for y in range(names.y, names.bottom, 8)
                     if sum(abs(a - b) for a, b in zip(during.get_at((x, y))[:3], after.get_at((x, y))[:3],
                                                       strict=True)) > 30)
        assert differ == 0, (row, differ)


def test_the_final_reveal_rows_use_the_room_centred(theme):
    from quizshow.display.svoyak.scenes import SCENES
    from tests.svoyak_rules_kit import final_engine

    engine = final_engine([40, 30, 10])
    for theme_no in range(4):
        engine.dispatch(sc.FinalRemove(at=7, theme=theme_no))
    engine.dispatch(c.Go(at=8))
    for team, stake in {0: 10, 1: 20, 2: 5}.items():
        engine.dispatch(sc.FinalStake(at=9, team=team, amount=stake))
    for at in (10, 11, 12):
        engine.dispatch(c.Go(at=at))
    assert engine.state.phase == "final_reveal"
    projector = projector_for(engine, theme)
    rows = [row for row, *_ in SCENES["svoyak_final_reveal"]._rows(projector.frame(engine.state, 20.0, SIZE))]
    top, bottom = rows[0].top, rows[-1].bottom
    heading = 140  # the heading's foot on the 1080-line grid
    assert bottom > SIZE[1] * 0.8, bottom  # the lower part of the picture is used, not left empty
    assert abs((top + bottom) / 2 - (heading + SIZE[1]) / 2) < SIZE[1] * 0.06, (top, bottom)


class InkText(RecordingText):
    """Records the colour each text is drawn in, too."""

    def __init__(self, fonts):
        super().__init__(fonts)
        self.ink: dict[str, pygame.Color] = {}

    def fit(self, text, role, box, color, max_px, min_px=None, align="center", shadow=False, wrap=True):
        self.ink[text] = pygame.Color(color)
        return super().fit(text, role, box, color, max_px, min_px, align, shadow, wrap)


def test_duel_both_disqualified_reads_on_a_plate_of_its_own(theme):
    from quizshow.display import paint
    from tests.duel_display_kit import show_engine

    engine = show_engine()
    at = 1.0
    while engine.state.fmt.bout.result is None and at < 3000:
        engine.dispatch(c.Go(at=at))
        engine.dispatch(c.Tick(at=at + 200))
        at += 201
    assert engine.state.fmt.bout.result == "disqualified"
    text = InkText(theme.fonts)
    projector = Projector(engine.format, theme, "Дуэль", words_of(engine.format), text, views=views_of(engine.format),
                          sound=False)
    surface = pygame.Surface(SIZE)
    projector.on_events(list(engine.entries[-1].events), at)
    projector.render(surface, engine.state, at + 0.05)
    projector.render(surface, engine.state, at + 3)
    from quizshow import registry

    title = show_words("ru", registry.spec("duel").phrases).say("scene.duel_disqualified").upper()
    assert title in text.ink
    plate_x, plate_y = 650 - 590, 590 - 210  # the result card (duel/result.py) at 1080 lines
    behind = surface.get_at((plate_x + 40 + 10, plate_y + 120))  # beside the words, inside their box
    assert paint.contrast(text.ink[title], behind) >= 4.5, (text.ink[title], behind)


def test_the_answerer_is_marked_in_the_answering_accent_not_in_a_red_that_reads_wrong(theme):
    from quizshow.display.svoyak.scenes import QUESTION

    engine = specials_on_board()
    engine.dispatch(sc.SelectCell(at=5, theme=0, question=0))
    engine.dispatch(c.Go(at=6))
    assert engine.dispatch(c.Buzz(at=7, team=0)).refused is None  # Анна: the red team
    projector = projector_for(engine, theme)
    surface = pygame.Surface(SIZE)
    projector.on_events(list(engine.entries[-1].events), 7)
    projector.render(surface, engine.state, 7.1)
    projector.render(surface, engine.state, 12)
    frame = projector.frame(engine.state, 12, SIZE)
    red = frame.team_color(0)
    box = QUESTION._layout(frame).who

    def reddish(x: int, y: int) -> bool:
        got = surface.get_at((x, y))
        return sum(abs(a - b) for a, b in zip(got[:3], red[:3], strict=True)) < 90

    points = [(x, y) for x in range(box.x, box.right, 4) for y in range(box.y + 4, box.bottom - 4, 4)]
    share = sum(reddish(x, y) for x, y in points) / len(points)
    assert share < 0.15, share  # her colour is a stripe, not the plate
    card = QUESTION._layout(frame).card
    assert not reddish(card.centerx, card.y), surface.get_at((card.centerx, card.y))  # the card's frame
