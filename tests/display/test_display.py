"""Display: every scene renders at 720p, 1080p and 4K with its text inside its boxes; fonts draw
Russian typography; fit-to-box shrinks, then wraps, never overflows."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.display.glyphs import missing_glyphs
from quizshow.display.projector.projector import Projector
from quizshow.display.text import TextCache
from quizshow.display.theme import load_theme
from tests.conftest import demo_config, demo_engine, views_of, words_of
from tests.display_kit import SIZES, RecordingText, laid_out_size

TYPOGRAPHY = "«»—…ЁЙ№₽ёй"


@pytest.fixture(scope="module")
def theme():
    return load_theme(demo_config().theme)


def _steps():
    """Commands that bring the demo to each of its scenes, with the scene's name."""
    return [
        ("title", []),
        ("question", [c.Go(at=1), c.Tick(at=3)]),
        ("answering", [c.Buzz(at=4, team=1)]),
        ("reveal", [c.Judge(at=5, correct=True)]),
        ("warning", [c.Go(at=6), c.Tick(at=20)]),
        ("time_up", [c.Tick(at=26.5)]),
        ("overlay", [c.ViewScores(at=27, on=True)]),
        ("blank", [c.ViewBlank(at=28, on=True)]),
        ("end", [c.ViewBlank(at=29, on=False)] + [c.Go(at=30 + i) for i in range(12)]),
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_scene_renders_with_text_inside_its_boxes(theme, size):
    engine = demo_engine()
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Квиз-шоу: очень длинное название турнира " * 3,
                          words_of(engine.format), text,
                          views=views_of(engine.format))
    surface = pygame.Surface(size)
    for name, commands in _steps():
        for cmd in commands:
            engine.dispatch(cmd)
        now = engine.entries[-1].command.at if engine.entries else 0.0
        text.fitted.clear()
        projector.render(surface, engine.state, now + 0.1)
        projector.render(surface, engine.state, now + 5)  # after transitions settle
        assert text.fitted or name == "blank", name
        for what, box, got in text.fitted:
            assert got[0] <= box[0] and got[1] <= box[1], f"{name}: {what!r} {got} overflows {box}"
        if name == "blank":
            assert surface.get_at((size[0] // 2, size[1] // 2))[:3] == (0, 0, 0)


def test_question_card_shows_the_text_and_answering_team_colour(theme):
    engine = demo_engine()
    projector = Projector(engine.format, theme, "Демо", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface((1920, 1080))
    engine.dispatch(c.Go(at=1))
    projector.render(surface, engine.state, 10)
    before = pygame.image.tobytes(surface, "RGB")
    engine.dispatch(c.Buzz(at=10, team=1))
    projector.render(surface, engine.state, 20)
    team_colour = theme.team_color(1)
    # The «Отвечает» plate under the clock carries the answering team's colour as its stripe (issue 22: the
    # card's frame is in the answering accent, a red frame read as «wrong»).
    plate_row = [surface.get_at((x, 485))[:3] for x in range(1560, 1900)]
    assert any(sum(abs(a - b) for a, b in zip(px, team_colour[:3], strict=True)) < 60 for px in plate_row)
    assert pygame.image.tobytes(surface, "RGB") != before


def test_fonts_draw_russian_typography_without_missing_glyph_boxes(theme):
    for role, path in theme.fonts.items():
        assert path is not None, f"font {role} not installed"
        font = pygame.font.Font(str(path), 48)
        assert missing_glyphs(font, TYPOGRAPHY + "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ") == [], role


def test_missing_glyph_detection_can_fail():
    font = pygame.font.Font(None, 48)
    assert missing_glyphs(font, "\u4e00") == ["\u4e00"]


@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet="абвгдежзийклмнопрстуфхцчшщыэюяЁ «»—… ", min_size=1, max_size=300),
       w=st.integers(40, 1600), h=st.integers(20, 700))
def test_fitted_text_never_overflows_its_box(theme, text, w, h):
    cache = TextCache(theme.fonts)
    surface = cache.fit(text, "heading", (w, h), (255, 255, 255), 90, shadow=True)
    assert surface.get_width() <= w and surface.get_height() <= h
    got = laid_out_size(cache, text, "heading", (w, h), 90)
    assert got[0] <= w and got[1] <= h, f"{text!r}: lines of {got} in a {w}x{h} box"


def test_the_overflow_check_can_fail(theme, monkeypatch):
    """A layout that ignores its box overflows: the drawn surface, clamped to its box, hides it, and the
    measure the scene tests use (laid_out_size) sees it."""
    cache = TextCache(theme.fonts)
    honest = cache.layout
    monkeypatch.setattr(cache, "layout", lambda text, role, box, *rest: honest(text, role, (1600, 200), *rest))
    text, box = "Какая река длиннее всех в Европе", (400, 200)
    surface = cache.fit(text, "heading", box, (255, 255, 255), 90, wrap=False)
    assert surface.get_width() <= box[0]  # the picture alone would pass
    got = laid_out_size(cache, text, "heading", box, 90, wrap=False)
    assert got[0] > box[0]  # the check does not


def test_fit_shrinks_before_wrapping_and_wraps_long_text(theme):
    cache = TextCache(theme.fonts)
    short = cache.layout("Волга", "heading", (1000, 200), 90)
    assert short.px == 90 and len(short.lines) == 1
    long_text = "Какая река длиннее всех в Европе и впадает в Каспийское море?"
    wrapped = cache.layout(long_text, "heading", (600, 400), 90)
    assert len(wrapped.lines) > 1 and wrapped.width <= 600 and wrapped.height <= 400


def test_question_image_is_shown_and_a_missing_one_gets_a_placeholder(tmp_path, theme):
    from quizshow.assemble import make_format
    from quizshow.config import load_show
    from quizshow.core.engine import Engine
    from quizshow.yamlfile import Problems

    picture = pygame.Surface((400, 300))
    picture.fill((255, 0, 255))
    pygame.image.save(picture, str(tmp_path / "pic.png"))
    (tmp_path / "pack.yaml").write_text(
        'title: p\nrounds:\n  - name: r\n    questions:\n'
        '      - {q: "Что на картинке?", a: "Пурпур", image: pic.png}\n'
        '      - {q: "А здесь?", a: "Ничего", image: gone.png}\n', encoding="utf-8")
    (tmp_path / "show.yaml").write_text(
        'title: t\nformat: demo\npack: pack.yaml\nteams: [{name: A}, {name: B}]\n', encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert [p.warning for p in problems.items] == [True]  # gone.png: a warning, not an error
    engine = Engine(make_format(config), 1)
    projector = Projector(engine.format, theme, "t", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface((1920, 1080))
    engine.dispatch(c.Go(at=1))
    projector.render(surface, engine.state, 5)
    magenta = sum(1 for x in range(960, 1500, 10) for y in range(250, 800, 10)
                  if surface.get_at((x, y))[:3] == (255, 0, 255))
    assert magenta > 100  # the picture fills the right half of the card
    engine.dispatch(c.Go(at=6))
    engine.dispatch(c.Go(at=7))
    projector.render(surface, engine.state, 10)  # the missing picture: a placeholder, no crash
    projector.render(surface, engine.state, 12)  # after the cross-fade
    assert not any(surface.get_at((x, 500))[:3] == (255, 0, 255) for x in range(960, 1500, 10))


def test_a_prepared_next_picture_is_the_same_as_one_drawn_fresh(theme):
    """The app prepares what Next and either verdict lead to ahead of time (Projector.ahead); the audience
    must see exactly that picture."""
    steps = [[], [c.Go(at=1)], [c.Buzz(at=2, team=2)], [c.Judge(at=3, correct=False)],
             [c.Buzz(at=4, team=0)], [c.Judge(at=5, correct=True)], [c.Go(at=6)]]
    engine = demo_engine()
    ahead = Projector(engine.format, theme, "Демо", words_of(engine.format), views=views_of(engine.format))
    size = (1280, 720)
    shown, fresh_surface = pygame.Surface(size), pygame.Surface(size)
    for commands in steps:
        for cmd in commands:
            engine.dispatch(cmd)
        at = engine.entries[-1].command.at if engine.entries else 0.0
        while ahead.ahead(engine.state, engine.propose, at, size):
            pass
        ahead.render(shown, engine.state, at + 5)  # starts the cross-fade, if the scene changed
        ahead.render(shown, engine.state, at + 6)  # the fade is over
        fresh = Projector(engine.format, theme, "Демо", words_of(engine.format), views=views_of(engine.format))
        fresh.anim = ahead.anim  # same score count-ups
        fresh.render(fresh_surface, engine.state, at + 6)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh_surface, "RGB"), engine.state.phase


def test_big_pictures_are_blitted_in_bands_with_the_same_pixels(theme):
    """Bands keep each blit short (a press's thread gets the interpreter between them); the picture
    must be exactly what one blit draws, also with a per-surface alpha (a cross-fade)."""
    from quizshow.display import paint

    source = paint.background((1920, 1080), (10, 20, 90), (90, 10, 30), (250, 200, 80)).copy()
    pygame.draw.circle(source, (255, 255, 255), (960, 540), 300)
    source.set_alpha(140)
    whole, banded = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
    for target in (whole, banded):
        target.fill((0, 120, 0))
    whole.blit(source, (0, 0))
    stops: list[int] = []
    paint.blit(banded, source, give_way=lambda: stops.append(1))
    assert source.get_height() > paint.BAND_PIXELS // 1920  # more than one band
    assert len(stops) == -(-source.get_height() // (paint.BAND_PIXELS // 1920))  # the given point, before each
    assert pygame.image.tobytes(banded, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_picture_scaled_in_bands_fills_its_box_in_order():
    from quizshow.display import paint

    stripes = [(200, 0, 0), (0, 200, 0), (0, 0, 200), (200, 200, 0)]
    source = pygame.Surface((400, 400))
    for i, colour in enumerate(stripes):
        source.fill(colour, pygame.Rect(0, i * 100, 400, 100))
    target = pygame.Surface((1920, 1080))
    target.fill((0, 0, 0))
    box = pygame.Rect(100, 50, 1700, 1000)
    paint.scale_into(target, source, box, paint.never)
    column = [tuple(target.get_at((box.centerx, y)))[:3] for y in range(box.top, box.bottom)]
    assert (0, 0, 0) not in column  # no gap between bands
    runs = [colour for i, colour in enumerate(column) if i == 0 or column[i - 1] != colour]
    assert runs == stripes  # each stripe once, in order
    assert all(abs(column.count(colour) - 250) <= 2 for colour in stripes)  # in proportion
    assert tuple(target.get_at((box.left - 1, box.centery)))[:3] == (0, 0, 0)  # nothing outside
