"""Issue 28, memory: the text and panel caches grow 2.5 times at 4K, not 4, because what a first frame needs
is made in idle time just before it (not kept from long ago). Real frames (SDL's dummy driver)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from quizshow.core.engine import Engine
from quizshow.display import paint, surfaces
from quizshow.display.projector import Projector
from quizshow.display.text import TextCache
from quizshow.display.theme import load_theme
from tests.conftest import svoyak_config, svoyak_engine, views_of
from tests.test_svoyak_display import walk as svoyak_walk

UHD = (3840, 2160)


def walk(size: tuple[int, int], frames: int = 40) -> Iterator[tuple[str, Engine, Projector, pygame.Surface, float]]:
    """«Своя игра»'s walk as the app runs it: idle time (`ahead`) before each of the host's presses, then the
    step's frames (40, as the bench draws: its transition is over by then). Yields (step, engine, projector,
    surface, now) after each step's presses, before its frames are drawn."""
    engine = svoyak_engine()
    projector = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", "ru",
                          views=views_of(engine.format))
    surface = pygame.Surface(size)
    projector.start(surface, engine.state, 0.0)
    now = 0.0
    for name, commands in svoyak_walk():
        for cmd in commands:
            while projector.ahead(engine.state, engine.propose, cmd.at, size):
                pass
            projector.on_events(engine.dispatch(cmd).events, cmd.at)
            now = max(now, cmd.at)
        yield name, engine, projector, surface, now
        for i in range(frames):
            projector.render(surface, engine.state, now + i / 60)
        now += frames / 60 + 1


@pytest.fixture
def made(monkeypatch) -> list[str]:
    """What the text cache and `paint.panel` draw from now on (a picture not found in their cache)."""
    drawn: list[str] = []
    real_text, real_panel = TextCache._draw, paint.panel.func

    def text(self, layout, *args, **kwargs):
        drawn.append(f"text {' '.join(layout.lines)!r}")
        return real_text(self, layout, *args, **kwargs)

    def panel(size, *args, **kwargs):
        drawn.append(f"panel {size}")
        return real_panel(size, *args, **kwargs)

    monkeypatch.setattr(TextCache, "_draw", text)
    monkeypatch.setattr(paint.panel, "func", panel)
    return drawn


def test_the_text_and_panel_caches_grow_two_and_a_half_times_at_4k():
    """At 3840×2160 the text and panel caches hold at most 2.5 times their 1080p budgets (60 + 70 MB), not
    4 times (96 + 112 MB); the other caches still grow with the screen's pixels."""
    surfaces.screen(UHD)
    text = TextCache({})
    assert text._surfaces.limit == int(2.5 * text._surfaces.budget)
    assert paint.panel.cache.limit == int(2.5 * paint.panel.cache.budget)
    assert paint.glow_frame.cache.limit == int(4 * paint.glow_frame.cache.budget)


def test_the_auctions_first_frame_at_4k_makes_no_text_or_panel_with_the_budgets_lowered(made):
    """«Своя игра» walked at 3840×2160 to the auction (a bid already in): its first frame only blits what
    idle time made just before — the «Аукцион!» splash's band and words (made once at the start, the caches
    had dropped them: 11 ms of the frame), the leading bidder's row (4 ms)."""
    for name, engine, projector, surface, now in walk(UHD):
        if name == "auction":
            made.clear()
            projector.render(surface, engine.state, now)
            assert projector._splash is not None and engine.state.phase == "auction"
            assert made == []
            return
    raise AssertionError("the walk has no auction")


def test_the_cats_handover_and_its_question_at_4k_make_no_text_or_panel_in_their_first_frames(made):
    """The cat handed over (the giver's and the receiver's plates, the values) and then its question card:
    each first frame finds its plates and texts made in idle time (the handover's frame made eight at
    3840×2160, 4-6 ms)."""
    firsts = {}
    for name, engine, projector, surface, now in walk(UHD):
        if name in ("cat_value", "cat_question"):
            made.clear()
            projector.render(surface, engine.state, now)
            firsts[name] = list(made)
        if name == "cat_question":
            break
    assert firsts == {"cat_value": [], "cat_question": []}


@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080), (1366, 768), (1280, 720), (640, 360), (60, 30)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_background_drawn_a_period_at_a_time_is_the_whole_stretched_picture(size):
    """The studio background drawn straight into a picture, whole, band by band (a layer composed in idle
    pieces) and over one area (the duel's pressed tables), on a picture with and without alpha: exactly the
    pixels of the whole background stretched at once and blitted."""
    colours = ((10, 20, 90, 255), (90, 10, 30, 255), (250, 200, 80, 255))
    whole = paint.background(size, *colours)
    area = pygame.Rect(size[0] // 3, size[1] // 5, size[0] // 4 + 7, size[1] // 3 + 3)
    for flags in (0, pygame.SRCALPHA):
        expected, at_once, banded, part = (pygame.Surface(size, flags) for _ in range(4))
        for target in (expected, at_once, banded, part):
            target.fill((1, 2, 3))
        expected.blit(whole, (0, 0))
        paint.draw_background(at_once, size, *colours, paint.never)
        for i in range(7):
            banded.set_clip(pygame.Rect(0, size[1] * i // 7, size[0], size[1] * (i + 1) // 7 - size[1] * i // 7))
            paint.draw_background(banded, size, *colours, paint.never)
        banded.set_clip(None)
        pixels = pygame.image.tobytes(expected, "RGBA")
        assert pygame.image.tobytes(at_once, "RGBA") == pixels
        assert pygame.image.tobytes(banded, "RGBA") == pixels
        paint.draw_background(part, size, *colours, paint.never, area)
        expected.fill((1, 2, 3))
        expected.blit(whole, area, area)
        assert pygame.image.tobytes(part, "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_a_4k_show_keeps_no_full_screen_background_picture():
    """A 4K picture composed on the studio background (the «Своя игра» board's still layer) leaves no
    full-screen picture in display.paint: the background was kept whole (32 MB at 3840×2160); now only a
    row of its periods is (three of 1280×432)."""
    engine = svoyak_engine()
    projector = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", "ru",
                          views=views_of(engine.format))
    surface = pygame.Surface(UHD)
    for name, commands in svoyak_walk():
        for cmd in commands:
            engine.dispatch(cmd)
        if name == "board":
            break
    projector.render(surface, engine.state, 100.0)
    kept = [value for value in vars(paint).values() if isinstance(value, dict | surfaces.Bounded)]
    pictures = [p for cache in kept for p in _pictures(cache.cache._items if isinstance(cache, surfaces.Bounded)
                                                       else cache)]
    assert pictures  # the board's panels
    assert all(p.get_width() * p.get_height() < UHD[0] * UHD[1] for p in pictures)
    tiles = _pictures(getattr(paint, "_TILES", {}))
    assert sum(p.get_width() * p.get_height() for p in tiles) <= 3 * 1280 * 432  # a row of periods at most


def _pictures(owner: object) -> list[pygame.Surface]:
    found: list[pygame.Surface] = []
    todo = [owner]
    while todo:
        item = todo.pop()
        if isinstance(item, pygame.Surface):
            found.append(item)
        elif isinstance(item, dict):
            todo += list(item.values())
        elif isinstance(item, list | tuple):
            todo += list(item)
    return found
