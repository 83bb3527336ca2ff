"""Issue 28: caches of pictures bounded by their bytes, the warning clock asking for one picture a second,
and a transition's first frame composing one band of the incoming picture, not all of it."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.display import paint
from quizshow.display.projector import transitions
from quizshow.display.projector.projector import Projector
from quizshow.display.surfaces import MB, SurfaceLRU, bounded
from quizshow.display.text import TextCache
from quizshow.display.theme import load_theme
from quizshow.formats.brainring import commands as bc
from tests import brainring_display_kit as brainring
from tests.conftest import views_of, words_of

UHD = (3840, 2160)


def test_a_warning_clock_adds_a_handful_of_text_pictures_at_4k_not_one_a_frame():
    """The last 10 s of a 60-s brain-ring clock at 3840×2160, drawn as the app draws a running clock
    (20 frames a second): the digits and the «N секунд» label of each second, not a new digit picture every
    frame of the warning pulse."""
    engine = brainring.engine()
    for cmd in (c.Go(at=1), bc.SinglePlayer(at=2, team=1, player=2), c.Announce(at=10), c.TimerStart(at=12)):
        engine.dispatch(cmd)
    timer = engine.state.timer
    assert timer.running and timer.duration == 60
    projector = Projector(engine.format, load_theme(brainring.config().theme), "Брейн-ринг", words_of(engine.format),
                          views=views_of(engine.format))
    surface = pygame.Surface(UHD)
    warning_starts = 12 + timer.duration - 10
    for i in range(40):  # before the warning: the picture and its texts are made
        projector.render(surface, engine.state, warning_starts - 2 + i / 20)
    before = len(projector.text._surfaces)
    for i in range(10 * 20 - 1):
        projector.render(surface, engine.state, warning_starts + i / 20)
    added = len(projector.text._surfaces) - before
    assert added <= 2 * 10 + 4, f"{added} new text pictures in the clock's last 10 s"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.text(alphabet="АБВгде 0123456789xyz", min_size=1, max_size=30),
                          st.integers(20, 1600), st.integers(10, 600), st.integers(8, 300)), min_size=1, max_size=25))
def test_the_text_cache_stays_under_its_byte_budget_whatever_is_drawn(texts):
    budget = 2 * MB
    cache = TextCache({}, max_bytes=budget)
    for text, w, h, px in texts:
        picture = cache.fit(text, "body", (w, h), (255, 255, 255), px, shadow=True)
        assert picture.get_width() <= w and picture.get_height() <= h
        assert cache.bytes <= cache._surfaces.limit <= budget * 4
        kept = [cache._surfaces.get(key) for key in list(cache._surfaces)]
        assert cache.bytes == sum(s.get_width() * s.get_height() * 4 for s in kept if s is not None)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(1, 900), st.integers(1, 900)), max_size=40),
       st.integers(1, 4 * MB))
def test_a_bounded_picture_cache_stays_under_its_budget_and_drops_the_least_recently_used(calls, budget):
    @bounded(budget)
    def picture(key: int, w: int, h: int) -> pygame.Surface:
        return pygame.Surface((w, h))

    for key, w, h in calls:
        shown = picture(key, w, h)
        assert shown.get_size() == (w, h)
        info = picture.cache_info()
        assert info.nbytes <= info.maxsize
        if w * h * 4 <= info.maxsize:  # what was just drawn is kept (unless it alone is over the budget)
            assert (key, w, h) in picture.cache


def test_a_surface_lru_evicts_the_least_recently_used_first():
    cache: SurfaceLRU[str, pygame.Surface] = SurfaceLRU(MB)
    third = cache.limit // 12  # a row of pixels a third of the limit (the limit grows with the screen drawn)
    for name in "abc":
        cache.put(name, pygame.Surface((third, 1)))
    assert cache.get("a") is not None  # a is now the most recent
    cache.put("d", pygame.Surface((third, 1)))
    assert "b" not in cache and all(k in cache for k in "acd")
    cache.put("huge", pygame.Surface((cache.limit // 4 + 1, 1)))  # over the whole limit: not kept, nothing dropped
    assert "huge" not in cache and len(cache) == 3


def test_full_screen_panels_stay_under_the_panel_cache_budget():
    """Panels the size of a 1080p screen in many colours (8 MB each): the cache keeps within its bytes."""
    for shade in range(12):
        paint.panel((1920, 1080), (shade, 0, 0, 255), (0, 0, shade, 255), None, 8)
    info = paint.panel.cache_info()
    assert info.nbytes <= info.maxsize <= 4 * 32 * MB


def test_the_zooms_first_frame_composes_one_band_of_the_question_not_all_six(monkeypatch):
    """Board → question at 3840×2160: the question's still layer is not ready (a cell's choice cannot be
    foreseen), so it is composed a band a frame (six bands) behind the board standing still. The first frame
    composes one band and still shows the board; it does not fall through into drawing the whole question
    (20-30 ms at once: the regression of 87450f1)."""
    from quizshow.formats.svoyak import commands as sc
    from tests.conftest import svoyak_engine
    from tests.svoyak_display_kit import play_walk

    engine = svoyak_engine()
    for _ in play_walk(engine, until="board"):
        pass
    at = engine.entries[-1].command.at + 1
    projector = Projector(engine.format, load_theme(brainring.config().theme), "Своя игра", words_of(engine.format),
                          views=views_of(engine.format))
    surface = pygame.Surface(UHD)
    projector.render(surface, engine.state, at)
    projector.render(surface, engine.state, at + 3)  # the board settled
    board = pygame.image.tobytes(surface, "RGB")
    out = engine.dispatch(sc.SelectCell(at=at + 4, theme=1, question=2))
    assert out.accepted and engine.state.phase == "question"
    projector.on_events(out.events, at + 4)
    scene = projector.scene(engine.state)
    calls: list[int] = []
    draw_static = type(scene).draw_static
    monkeypatch.setattr(type(scene), "draw_static",
                        lambda self, target, frame: calls.append(1) or draw_static(self, target, frame))
    bands = transitions.bands(UHD)
    assert bands == 6
    projector.render(surface, engine.state, at + 4)
    assert len(calls) == 1, f"the first frame drew the question's still picture {len(calls)} times"
    assert pygame.image.tobytes(surface, "RGB") == board  # the board stands still while the card is composed
    for i in range(1, bands):
        projector.render(surface, engine.state, at + 4 + i / 60)
    assert len(calls) == bands  # one band a frame, each band once
