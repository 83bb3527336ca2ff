"""Issue 14: a correct TV picture and a console safe under pressure — each item tested on rendered pixels
or on the console's text."""

from __future__ import annotations

import pygame
import pytest

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.text import TextCache, typeset
from quizshow.display.theme import load_theme
from quizshow.formats.svoyak import commands as sc
from quizshow.house_words import show_words
from quizshow.i18n import MINUS, THIN, number, plural_form
from tests.conftest import ROOT, svoyak_config, svoyak_engine, views_of, words_of
from tests.svoyak_display_kit import play_walk, walk
from tests.tv_kit import differs as _differs
from tests.tv_kit import text_contrasts
from tests.tv_walk_kit import (
    HD,
    _at,
    _projector,
    _walk_to,
    theme,  # noqa: F401 - fixtures
)

# --- 1. the cat's theme; 2. banners in the lower third; 3. a dead clock --------------------------------------


def test_the_cat_question_header_shows_the_cats_own_theme(theme):  # noqa: F811
    from tests.display_kit import RecordingText

    engine = _walk_to("cat_question")
    play = engine.state.fmt
    cat_theme = engine.format.game.rounds[play.round].question(play.cell).cat.theme
    board_theme = engine.format.theme_name(engine.state)
    assert cat_theme and cat_theme != board_theme
    text = RecordingText(theme.fonts)
    _projector(engine, theme, text).render(pygame.Surface(HD), engine.state, _at(engine) + 2)
    drawn = " ".join(t for t, _, _ in text.fitted)
    assert cat_theme.upper() in drawn and board_theme.upper() not in drawn


def test_no_banner_covers_the_question_or_its_text(theme):  # noqa: F811
    """«Это неправильный ответ» springs open in the lower third: the question's text box is the same with the
    banner and without it (issue 22: the banner stands above the score strip, over the card's empty foot)."""
    from dataclasses import replace

    engine = _walk_to("wrong")
    assert engine.state.banner is not None
    at = engine.state.banner.until - engine.format.BANNER_S + 0.5
    with_banner, without = pygame.Surface(HD), pygame.Surface(HD)
    _projector(engine, theme).render(with_banner, engine.state, at)
    _projector(engine, theme).render(without, replace(engine.state, banner=None), at)
    scene = views_of(engine.format).scene(engine.state.phase, None)
    frame = _projector(engine, theme).frame(engine.state, at, HD)
    card, _ = scene._media_boxes(frame, scene._layout(frame).card, scene._question(frame), False)
    assert _differs(with_banner, without).get_bounding_rects(), "the banner is drawn"
    covered = [r for r in _differs(with_banner, without).get_bounding_rects() if r.colliderect(card)]
    assert not covered, covered


def test_a_dead_clock_is_not_drawn_on_the_reveal(theme):  # noqa: F811
    from tests.display_kit import RecordingText

    engine = _walk_to("reveal")
    assert engine.state.phase == "reveal"
    text = RecordingText(theme.fonts)
    _projector(engine, theme, text).render(pygame.Surface(HD), engine.state, _at(engine) + 2)
    assert not any(t in ("секунд", "секунда", "секунды") for t, _, _ in text.fitted)


# --- 3. plurals -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "word"), [(1, "секунда"), (2, "секунды"), (3, "секунды"), (5, "секунд"),
                                         (11, "секунд"), (12, "секунд"), (21, "секунда"), (22, "секунды"),
                                         (107, "секунд"), (0, "секунд")])
def test_the_clock_says_seconds_in_the_right_plural(n, word):
    assert show_words("ru").say("scene.seconds", n=n) == word  # the house's words


def test_points_and_players_use_the_one_plural_helper():
    say = words_of("brainring").say  # the ring's own words, as a ring show's
    assert say("scene.points", n=1) == "1 очко"
    assert say("scene.points", n=40) == "40 очков"
    assert say("scene.points", n=2) == "2 очка"
    assert say("scene.players_at_table", n=1) == "за столом 1 игрок"
    assert say("scene.players_at_table", n=3) == "за столом 3 игрока"
    assert say("scene.players_at_table", n=6) == "за столом 6 игроков"
    assert plural_form(1, ("point", "points"), "en") == "point"
    assert plural_form(7, ("point", "points"), "en") == "points"
    assert "очк." not in " ".join(say(k, n=5) for k in ("scene.points", "scene.worth"))


# --- 4. typography ----------------------------------------------------------------------------------------


def test_numbers_on_air_have_a_real_minus_and_thin_space_thousands():
    assert number(-10) == f"{MINUS}10"
    assert number(12500) == f"12{THIN}500"
    assert number(1200) == "1200"  # four digits stay together, as Russian typesetting does
    assert number(30, signed=True) == "+30"


def test_no_line_ends_on_a_one_letter_word_a_number_sign_or_a_preposition(theme):  # noqa: F811
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


def test_a_long_theme_name_keeps_one_line_by_shrinking_a_little_at_1080p(theme):  # noqa: F811
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


# --- 5. contrast on the rendered pixels ---------------------------------------------------------------------


def _format_walks():
    from tests import brainring_display_kit as brainring

    def steps(engine, walk_steps):
        for name, commands in walk_steps:
            for cmd in commands:
                engine.dispatch(cmd)
            yield name

    return {"svoyak": lambda: (svoyak_engine(), walk()), "brainring": lambda: (brainring.engine(), brainring.walk())}


@pytest.mark.parametrize("fmt", ["svoyak", "brainring"])
def test_every_text_on_air_has_contrast_of_at_least_4_5_on_the_rendered_pixels(theme, fmt):  # noqa: F811
    """Every scene of the walk: the glyphs of each text colour stand ≥ 4.5:1 off what is behind them (97 % of
    their edge pixels: anti-aliasing and a glow frame crossing a letter aside)."""
    engine, steps = _format_walks()[fmt]()
    bad = {}
    for name, commands in steps:
        for cmd in commands:
            engine.dispatch(cmd)
        at = _at(engine) + 3.0
        state = engine.state

        def render(text, state=state, at=at):
            surface = pygame.Surface(HD)
            Projector(engine.format, theme, "Шоу", words_of(engine.format), text,
                      views=views_of(engine.format)).render(surface, state, at)
            return surface

        for color, share in text_contrasts(render, theme.fonts).items():
            if share > 0.03:
                bad[(name, color)] = round(share, 3)
    assert not bad, bad


# --- 17. the cost of a still picture ------------------------------------------------------------------------


def test_a_still_picture_is_not_drawn_again_and_a_running_clock_only_20_times_a_second(theme):  # noqa: F811
    engine = _walk_to("board")
    projector = _projector(engine, theme)
    surface = pygame.Surface(HD)
    at = _at(engine)
    projector.render(surface, engine.state, at)
    assert projector.needs_frame(engine.state, at + 0.5, HD)  # settling: count-ups, entrances
    projector.render(surface, engine.state, at + 5)
    assert not projector.needs_frame(engine.state, at + 6, HD)  # at rest: nothing to draw, nothing to flip
    engine.dispatch(sc.SelectCell(at=at + 10, theme=0, question=0))
    engine.dispatch(c.Go(at=at + 11))  # read: the answer window runs
    assert engine.state.timer.running
    assert projector.needs_frame(engine.state, at + 11.01, HD)  # a change: at once
    projector.render(surface, engine.state, at + 11.01)
    projector.render(surface, engine.state, at + 14)
    assert not projector.needs_frame(engine.state, at + 14.02, HD, since=0.02)
    assert projector.needs_frame(engine.state, at + 14.05, HD, since=0.05)
    projector.render(surface, engine.state, at + 14.05)
    assert projector.dirty and all(r.w < HD[0] // 3 for r in projector.dirty)  # only the clock's square flips


def test_the_console_redraws_on_a_change_and_at_most_ten_times_a_second_for_its_clock(theme):  # noqa: F811
    from quizshow.core.clock import ManualClock
    from quizshow.display.console.window import Console
    from quizshow.inputs.keymap import KeyMap
    from quizshow.runtime.operator.state import OperatorState

    engine, clock, status = svoyak_engine(), ManualClock(), OperatorState()
    keys = KeyMap.build()
    console = Console(lambda: engine, theme, lambda: keys, show_words("ru"), clock=clock)
    surface = pygame.Surface((1280, 800))
    assert console.needs_frame(status)
    console.render(surface, 0.0, status, None)
    assert not console.needs_frame(status)
    assert engine.dispatch(c.Go(at=1.0)).accepted
    assert console.needs_frame(status)  # a new state: at once
    assert not console.needs_frame(status, projector_drew=True)  # the preview: not within 0.1 s
    clock.advance(0.09)
    assert not console.needs_frame(status, projector_drew=True)
    clock.advance(0.02)
    assert console.needs_frame(status, projector_drew=True)


# --- 12. the console fits its screen and reads at 14 px --------------------------------------------------------


class SizeText(TextCache):
    """Records the size every fitted text is drawn at."""

    def __init__(self, fonts):
        super().__init__(fonts)
        self.sizes: list[tuple[str, int]] = []

    def fit(self, text, role, box, color, max_px, min_px=None, align="center", shadow=False, wrap=True):
        surface = super().fit(text, role, box, color, max_px, min_px, align, shadow, wrap)
        self.sizes.append((text, self.layout(text, role, box, max_px, min_px, wrap).px))
        return surface


@pytest.mark.parametrize("fmt", ["svoyak", "brainring"])
def test_no_console_text_under_14_px_at_1280x800_and_every_button_on_screen_from_1024x600(tmp_path, fmt):
    from tests import brainring_display_kit as brainring

    config = svoyak_config() if fmt == "svoyak" else brainring.config()
    steps = walk() if fmt == "svoyak" else brainring.walk()
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False)
    try:
        small = []
        for name, commands in steps:
            for cmd in commands:
                app.submit(cmd)
            for help_on in (False, True):
                app.status.help = help_on
                text = app.console.text = SizeText(app.theme.fonts)
                app.console.render(pygame.Surface((1280, 800)), _at(app.engine), app.status, None)
                small += [(name, t, px) for t, px in text.sizes if px < 14 and t.strip()]
                for size in ((1024, 600), (1024, 768)):
                    app.console.render(pygame.Surface(size), _at(app.engine), app.status, None)
                    bounds = pygame.Rect((0, 0), size)
                    names = {call.name for _, call in app.console.buttons}
                    assert {"go", "quit", "undo"} <= names or help_on, (name, size)
                    assert all(bounds.contains(rect) for rect, _ in app.console.buttons), (name, size)
        assert not small, small[:10]
    finally:
        app.close()


# --- 10. the journal speaks about the game, in glyphs the console's font has ----------------------------------


def _journal_of(fmt: str, tmp_path) -> list[str]:
    from tests import brainring_display_kit as brainring

    config = svoyak_config() if fmt == "svoyak" else brainring.config()
    steps = walk() if fmt == "svoyak" else brainring.walk()
    app = ShowApp(config, journal_path=tmp_path / f"{fmt}.jsonl", fresh=True, sound=False, devices=False)
    try:
        for _, commands in steps:
            for cmd in commands:
                app.submit(cmd)
        from quizshow.display.console.words import describe

        teams = [t.name for t in app.engine.state.teams]
        return [text for _, text in app.console.journal] + [
            describe(entry, teams, words_of(app.format), app.spec.journal_words, app.format)
            for entry in app.engine.entries]
    finally:
        app.close()


def test_journal_lines_read_as_sentences_about_the_game(tmp_path):
    svoyak_lines = _journal_of("svoyak", tmp_path)
    brainring_lines = _journal_of("brainring", tmp_path)
    assert "Открыт вопрос «Русская литература XIX века» за 30" in svoyak_lines  # the theme's name, not its row
    assert "Кот в мешке отдан: Анна" in svoyak_lines
    assert "Фальстарт: Бета" in brainring_lines  # no English «Buzz», the team named
    assert any(line.startswith("Далее: ") and line != "Далее: следующий шаг" for line in svoyak_lines)
    for line in svoyak_lines + brainring_lines:
        assert "Buzz" not in line and "тема 4, №" not in line and line != "Далее", line


def test_every_phrase_and_journal_line_has_every_glyph_in_the_console_font(theme, tmp_path):  # noqa: F811
    """Rendered with the console's fonts, no character of any phrase (both languages), refusal or journal line
    of a whole game falls back to the missing-glyph box."""
    from quizshow.display.glyphs import missing_glyphs
    from quizshow.house_words import HOUSE, HOUSE_REFUSALS
    from quizshow.report.page import PHRASES as REPORT
    from quizshow.season.words import PHRASES as SEASON

    texts = [t for table in (*HOUSE, REPORT, SEASON) for said in table.values() for t in said.values()]
    texts += list(HOUSE_REFUSALS.values())
    texts += _journal_of("svoyak", tmp_path) + _journal_of("brainring", tmp_path)
    fonts = {role: TextCache(theme.fonts).font(role, 24) for role in ("heading", "body", "numbers")}
    missing = {(role, ch) for role, font in fonts.items() for ch in missing_glyphs(font, "".join(texts))}
    assert not missing, missing


# --- 9. a missing picture is told on the console ---------------------------------------------------------------


def test_a_missing_picture_is_told_at_start_up_and_on_its_question_before_it_opens(tmp_path):
    import shutil

    from quizshow.config import load_show
    from quizshow.yamlfile import Problems

    root = tmp_path / "show"
    shutil.copytree(svoyak_config().path.parent.parent / "packs", root / "packs")
    shutil.copytree(svoyak_config().path.parent.parent / "themes", root / "themes")
    (root / "shows").mkdir()
    shutil.copy(svoyak_config().path, root / "shows" / "svoyak.yaml")
    pictures = [p for p in (root / "packs" / "media").rglob("*") if p.suffix in (".png", ".jpg")]
    assert pictures
    for picture in pictures:
        picture.unlink()
    config = load_show(root / "shows" / "svoyak.yaml", Problems())
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False)
    try:
        app.pump_views()
        assert any("картин" in n.text and pictures[0].name in n.text for n in app.status.notices)
        engine = app.engine
        for name, commands in walk():
            for cmd in commands:
                app.submit(cmd)
            if name == "board":
                break
        rnd = engine.format.game.rounds[engine.state.fmt.round]
        cell = next(c for c in rnd.cells if rnd.question(c).image is not None)
        text = SizeText(app.theme.fonts)
        app.console.text = text
        app.console.render(pygame.Surface((1280, 800)), _at(engine), app.status, None)
        assert any("нет картинки" in t for t, _ in text.sizes)  # its board cell is marked before it is opened
        app.submit(sc.SelectCell(at=_at(engine) + 1, theme=cell[0], question=cell[1]))
        text.sizes.clear()
        app.console.render(pygame.Surface((1280, 800)), _at(engine), app.status, None)
        assert any(t.startswith("Нет файла") for t, _ in text.sizes)
    finally:
        app.close()


# --- 13. resume ----------------------------------------------------------------------------------------------


def test_resume_keeps_journal_times_describes_the_final_and_offers_to_start_over(tmp_path):
    import json
    import time as _time

    journal = tmp_path / "j.jsonl"
    app = ShowApp(svoyak_config(), journal_path=journal, fresh=True, sound=False, devices=False)
    try:
        for name, commands in walk():
            for cmd in commands:
                app.submit(cmd)
            if name == "final_stakes":
                break
    finally:
        app.close()
    lines = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    walls = [line["wall"] for line in lines if "wall" in line and line.get("type") != "header"]
    _time.sleep(1.2)  # the restart comes later than every line
    restarted = _time.time()
    app = ShowApp(svoyak_config(), journal_path=journal, sound=False, devices=False)
    try:
        logged = [at for at, _ in app.console.journal]
        assert logged and all(abs(at - wall) < 0.01 for at, wall in zip(logged, walls[-len(logged):], strict=True))
        assert all(at < restarted - 1 for at in logged)  # the original times, not the restart's
        assert app.status.resumed.startswith("Продолжено: Финал: ставки"), app.status.resumed
        assert "вопрос —" not in app.status.resumed
        for _name, commands in walk()[walk().index(next(s for s in walk() if s[0] == "final_question")):]:
            for cmd in commands:
                app.submit(cmd)
        for _ in range(6):
            app.submit(c.Go(at=_at(app.engine) + 1))
        assert app.finished()
        app.console.render(pygame.Surface((1280, 800)), _at(app.engine), app.status, None)
        assert any(call.name == "start_over" for _, call in app.console.buttons)
        before = set(tmp_path.iterdir())
        app.action(Action("start_over", _at(app.engine) + 1))
        assert app.engine.entries and app.engine.state.phase == "end"  # one press only asks
        app.action(Action("start_over", _at(app.engine) + 2))  # the second within 2 s of show time
        assert app.engine.entries == [] and app.engine.state.phase == "title"
        kept = set(tmp_path.iterdir()) - before
        assert kept, "the old journal is kept under a new name"
        old_lines = next(iter(kept)).read_text(encoding="utf-8").splitlines()
        assert json.loads(old_lines[-1])["type"] == "StartOver"  # journalled
    finally:
        app.close()


# --- the contact sheet -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["svoyak", "brainring"])
def test_the_contact_sheet_shows_every_scene_of_the_format(tmp_path, fmt):
    """`python main.py SHOW.yaml --sheet OUT.png`: one picture holding every scene the format has."""
    import subprocess
    import sys

    from quizshow.display.sheet import contact_sheet
    from tests import brainring_display_kit as brainring

    config = svoyak_config() if fmt == "svoyak" else brainring.config()
    out = tmp_path / "sheet.png"
    pictures = contact_sheet(config, out)
    scenes = {scene for _, scene in pictures}
    own = set(__import__(f"quizshow.display.{fmt}.scenes", fromlist=["SCENES"]).SCENES)
    missing = own - scenes  # the walk levels the scores before the final: a shoot-out follows
    assert not missing, missing
    assert {"title"} <= scenes
    image = pygame.image.load(str(out))
    assert image.get_width() >= 1900 and image.get_height() > 360 * (len(pictures) // 3)
    root = ROOT
    done = subprocess.run([sys.executable, "main.py", str(config.path), "--sheet", str(tmp_path / "cli.png")],
                          cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and (tmp_path / "cli.png").exists(), done.stderr


def test_a_long_chooser_name_never_runs_into_its_label(theme):  # noqa: F811
    """The score strip's «выбирает» and a long name: every pixel of the name lies under the label's."""
    from dataclasses import replace

    from quizshow.display.scenes import widgets
    from quizshow.display.svoyak.scenes import strip_rect

    engine = _walk_to("board")
    chooser = engine.state.fmt.chooser
    projector = _projector(engine, theme)

    def draw(name: str, label: str) -> pygame.Surface:
        teams = list(engine.state.teams)
        teams[chooser] = replace(teams[chooser], name=name)
        frame = projector.frame(replace(engine.state, teams=tuple(teams)), 1.0, HD)
        surface = pygame.Surface(HD)
        widgets.score_strip(surface, frame, strip_rect(frame), {chooser: label})
        return surface

    long_name = "Мария-Антуанетта Анна Ли Бо Ся Ку Мо Ду Ра Жо"  # it would wrap into the label
    label = _differs(draw("", "выбирает"), draw("", " ")).get_bounding_rects()
    name = _differs(draw(long_name, " "), draw("", " ")).get_bounding_rects()
    assert label and name
    label_box, name_box = label[0].unionall(label[1:]), name[0].unionall(name[1:])
    assert name_box.top >= label_box.bottom - 1, (label_box, name_box)


@pytest.mark.parametrize("show", ["demo.yaml", "duel.yaml", "written.yaml"])
def test_the_other_formats_texts_have_contrast_too(show):
    """The demo, the duel and the written quiz, walked as the contact sheet walks them: every text ≥ 4.5:1."""

    from quizshow import registry
    from quizshow.assemble import make_format
    from quizshow.config import load_show
    from quizshow.core.engine import Engine
    from quizshow.display.sheet import Driver, generic_walk
    from quizshow.yamlfile import Problems

    config = load_show(ROOT / "shows" / show, Problems())
    views = registry.views(config.format)
    engine = Engine(make_format(config), 7)
    theme = load_theme(config.theme)  # noqa: F811
    driver = Driver(engine, lambda events, at: None)
    bad = {}
    for caption in (views.walk or generic_walk)(driver):
        state, at = engine.state, driver.now + 1.2

        def render(text, state=state, at=at):
            surface = pygame.Surface(HD)
            Projector(engine.format, theme, config.title, words_of(engine.format, config.language), text,
                      views=views).render(surface, state,
                                                                                                      at)
            return surface

        bad.update({(caption, color): share for color, share in text_contrasts(render, theme.fonts).items()
                    if share > 0.03})
    assert not bad, bad


# --- 15. --check tells a pack's problem once -------------------------------------------------------------------


def test_check_of_a_show_and_its_pack_prints_each_problem_once(tmp_path):
    import io

    from quizshow.cli import check_files

    (tmp_path / "pack.yaml").write_text(
        'title: "Пакет"\nrounds:\n  - name: "Раунд"\n    themes:\n      - name: "Тема"\n        questions:\n'
        '          - {q: "Вопрос", a: "Ответ", value: 10, image: missing.png}\n', encoding="utf-8")
    show = svoyak_config().path.read_text(encoding="utf-8").replace("pack: ../packs/svoyak-demo.yaml",
                                                                     "pack: pack.yaml")
    (tmp_path / "show.yaml").write_text(show, encoding="utf-8")
    out = io.StringIO()
    check_files([tmp_path / "show.yaml", tmp_path / "pack.yaml"], out)
    lines = [line for line in out.getvalue().splitlines() if "missing.png" in line]
    assert len(lines) == 1, out.getvalue()


# --- 3. the ring is anti-aliased ------------------------------------------------------------------------------


def test_the_clock_ring_has_anti_aliased_edges():
    from quizshow.display import paint

    surface = pygame.Surface((300, 300))
    paint.ring(surface, (150, 150), 120, 16, 0.6, (255, 255, 255), (0, 0, 0), give_way=paint.never)
    levels = {surface.get_at((x, y))[0] for x in range(300) for y in range(0, 300, 3)}
    assert len(levels - {0, 255}) > 20  # edges blend into the background, not a staircase of 0 and 255


# --- 6. brain-ring verdicts; the title strip ---------------------------------------------------------------------


def _brainring_texts(engine, theme, at) -> list[str]:  # noqa: F811
    from tests.display_kit import RecordingText

    text = RecordingText(theme.fonts)
    Projector(engine.format, theme, "Брейн-ринг", words_of(engine.format), text, views=views_of(engine.format)).render(
        pygame.Surface(HD), engine.state, at)
    return [t for t, _, _ in text.fitted]


def test_brainring_verdicts_have_their_moment_and_the_first_second_rule_names_who_leaves(theme):  # noqa: F811
    from tests import brainring_display_kit as brainring

    e = brainring.engine()
    for cmd in (c.Go(at=1), c.Announce(at=2), c.TimerStart(at=3), c.Buzz(at=3.4, team=0, player=1),
                c.Judge(at=4, correct=False)):
        e.dispatch(cmd)
    texts = _brainring_texts(e, theme, 5)
    assert "НЕВЕРНО" in texts  # not just a dimmed header, the same as a false start
    player = e.state.teams[0].players[1]
    assert any(player in t and "выходит" in t for t in texts), texts  # pressed within the first second
    e.dispatch(c.Buzz(at=6, team=1))
    e.dispatch(c.Judge(at=7, correct=True))
    assert "ВЕРНО" in _brainring_texts(e, theme, 8)


def test_brainring_title_strip_shows_only_the_teams_at_the_tables(theme):  # noqa: F811
    from tests import brainring_display_kit as brainring

    e = brainring.engine()
    assert len(e.state.teams) > 2
    texts = _brainring_texts(e, theme, 1)
    assert e.state.teams[0].name in texts and e.state.teams[1].name in texts
    assert e.state.teams[2].name not in texts


# --- 7. the standings card ---------------------------------------------------------------------------------------


def test_the_score_overlay_is_a_standings_card_with_places_and_the_round(theme):  # noqa: F811
    from tests.display_kit import RecordingText

    engine = _walk_to("reveal")
    engine.dispatch(c.ViewScores(at=_at(engine) + 1, on=True))
    text = RecordingText(theme.fonts)
    projector = _projector(engine, theme, text)
    surface = pygame.Surface(HD)
    projector.render(surface, engine.state, _at(engine))
    projector.render(surface, engine.state, _at(engine) + 1)  # slid in
    drawn = [t for t, _, _ in text.fitted]
    assert any(t.startswith("ПОЛОЖЕНИЕ") and "РАУНД 1" in t for t in drawn)
    order = sorted(engine.state.teams, key=lambda t: -t.score)
    assert {"1", "2", "3"} <= set(drawn) and drawn.index(order[0].name) < drawn.index(order[-1].name)


# --- 11. «вопрос N из M» counts the played questions ---------------------------------------------------------------


def test_the_console_counts_played_questions_and_clears_the_question_on_the_board(tmp_path):
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False)
    try:
        for name, commands in walk():
            for cmd in commands:
                app.submit(cmd)
            if name == "board":
                break
        at = _at(app.engine)
        for i, cell in enumerate(((3, 3), (0, 0))):  # the last cell of the board first: still «вопрос 1»
            app.submit(sc.SelectCell(at=at + 10 * i + 1, theme=cell[0], question=cell[1]))
            text = SizeText(app.theme.fonts)
            app.console.text = text
            app.console.render(pygame.Surface((1280, 800)), at, app.status, None)
            assert any(f"вопрос {i + 1} из 16" in t for t, _ in text.sizes), [t for t, _ in text.sizes][:3]
            app.submit(c.Go(at=at + 10 * i + 2))
            app.submit(c.Buzz(at=at + 10 * i + 3, team=1))
            app.submit(c.Judge(at=at + 10 * i + 4, correct=True))
            app.submit(c.Go(at=at + 10 * i + 5))
            assert app.engine.state.phase == "board"
            text.sizes.clear()
            app.console.render(pygame.Surface((1280, 800)), at, app.status, None)
            assert "ВОПРОС" not in [t for t, _ in text.sizes]  # the previous question is gone from the panel
    finally:
        app.close()


# --- 14. a busy OSC port in words --------------------------------------------------------------------------------


def test_a_busy_osc_port_is_told_in_words(tmp_path):
    import socket

    taken = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    taken.bind(("127.0.0.1", 0))
    port = taken.getsockname()[1]
    try:
        app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False,
                      osc=True, osc_port=port)
        try:
            app.pump_views()
            texts = [n.text for n in app.status.notices]
            assert f"Порт {port} занят другой программой: OSC не работает" in texts, texts
            assert not any("Errno" in t for t in texts)
        finally:
            app.close()
    finally:
        taken.close()


# --- 16. motion: opaque transitions, the buzz flash, splashes, artwork -----------------------------------------------


def test_the_zoom_into_a_question_is_opaque_over_a_sharp_board(theme):  # noqa: F811
    engine = _walk_to("board")
    projector = _projector(engine, theme)
    surface = pygame.Surface(HD)
    at = _at(engine) + 5
    projector.render(surface, engine.state, at)
    board = surface.copy()
    out = engine.dispatch(sc.SelectCell(at=at + 1, theme=0, question=0))
    projector.on_events(out.events, at + 1)
    for step in (0.0, 0.02, 0.25):
        projector.render(surface, engine.state, at + 1 + step)
    assert projector.transitioning(at + 1.25)
    changed = _differs(surface, board).get_bounding_rects()
    grown = changed[0].unionall(changed[1:])
    assert 0 < grown.width < HD[0] and grown.height < HD[1]  # mid-zoom: a card, not the whole frame
    # Outside the growing card (it grows from the top-left cell) the board is untouched: no fade over it.
    far = (HD[0] - 12, HD[1] - 12)
    assert not grown.collidepoint(far) and surface.get_at(far) == board.get_at(far)
    inside = grown.inflate(-grown.w // 4, -grown.h // 4).center
    assert surface.get_at(inside) != board.get_at(inside)  # and the card itself is opaque over the board


def test_a_buzz_lights_the_frame_in_the_players_colour(theme):  # noqa: F811
    engine = _walk_to("question")
    projector = _projector(engine, theme)
    surface = pygame.Surface(HD)
    at = _at(engine) + 5
    projector.render(surface, engine.state, at)
    before = surface.get_at((HD[0] // 2, 2))
    out = engine.dispatch(c.Buzz(at=at + 1, team=2))
    projector.on_events(out.events, at + 1)
    projector.render(surface, engine.state, at + 1.05)
    edge = surface.get_at((HD[0] // 2, 2))
    color = projector.frame(engine.state, at, HD).team_color(2)
    assert _closer(edge, color) < _closer(before, color)  # the top edge takes Вера's colour
    projector.render(surface, engine.state, at + 3)
    assert _closer(surface.get_at((HD[0] // 2, 2)), color) > _closer(edge, color)  # and lets it go


def _closer(a, b) -> int:
    return sum(abs(x - y) for x, y in zip(tuple(a)[:3], tuple(b)[:3], strict=True))


def test_the_auction_opens_with_a_splash_and_the_cat_card_has_its_artwork(theme):  # noqa: F811
    from tests.display_kit import RecordingText

    engine = _walk_to("cat_question")
    engine.dispatch(c.Judge(at=_at(engine) + 1, correct=True))
    engine.dispatch(c.Go(at=_at(engine) + 1))
    text = RecordingText(theme.fonts)
    projector = _projector(engine, theme, text)
    surface = pygame.Surface(HD)
    projector.render(surface, engine.state, _at(engine) + 1)
    engine.dispatch(sc.SelectCell(at=_at(engine) + 1, theme=0, question=3))  # the auction of the demo pack
    assert engine.state.phase == "auction"
    projector.render(surface, engine.state, _at(engine) + 0.6)
    assert "АУКЦИОН!" in [t for t, _, _ in text.fitted]
    cat = _walk_to("cat")
    projector = _projector(cat, theme)
    projector.render(surface, cat.state, _at(cat) + 3)
    orange = pygame.mask.from_threshold(surface, (243, 156, 58), (30, 30, 30)).count()
    assert orange > 2000  # the ginger cat in its sack, not a circle in the accent colour
