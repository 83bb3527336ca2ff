"""The frame cache (display/projector/cache.py), alone, with a picture drawn by hand: a still layer and a moving
piece over it. A frame is reused only where nothing visible changed: a steady frame draws again only the
pieces that moved (and its picture is the one drawn whole), a new state, switch, surface or layer draws the
frame whole, and the window flips only what changed."""

from __future__ import annotations

import pygame

from quizshow.core import commands as c
from quizshow.display.projector.cache import DIRTY_MOST, FrameCache, regions
from quizshow.inputs.phones.board import JoinBoard
from tests.conftest import demo_engine

SIZE = (320, 180)
KEY = ("question", "still", SIZE)  # the still layer's key


def picture(cache: FrameCache, pieces: list[tuple[pygame.Rect, str]]) -> pygame.Surface:
    """The frame drawn whole: the still layer, the pieces (each a plain colour, named by what it shows)."""
    surface = pygame.Surface(SIZE)
    layer = cache.layers.get(KEY)
    assert layer is not None
    surface.blit(layer, (0, 0))
    draw_pieces(surface, pieces)
    return surface


def draw_pieces(surface: pygame.Surface, pieces: list[tuple[pygame.Rect, str]]) -> None:
    for rect, what in pieces:
        surface.fill((200, 40 * len(what) % 255, 90), rect)


def cache_with_layer() -> FrameCache:
    cache = FrameCache()
    layer = cache.layers.new(KEY, SIZE)
    layer.fill((20, 30, 60))
    layer.fill((240, 240, 240), pygame.Rect(20, 20, 280, 40))  # the question's words
    return cache


def drawn_whole(cache: FrameCache, surface: pygame.Surface, shows, pieces) -> None:
    """What the projector does after a frame drawn whole and plain."""
    surface.blit(picture(cache, pieces), (0, 0))
    cache.plain = cache.plain_now(KEY, lambda: pieces)
    cache.drew(surface, shows, 1.0, KEY, [], None, None, False)


def steady_frame(cache: FrameCache, surface: pygame.Surface, shows, pieces):
    steady = cache.steady(surface, shows, lambda: KEY, lambda: pieces)
    if steady is not None:
        cache.restore(surface, steady, lambda target: draw_pieces(target, pieces), lambda: None)
        cache.drew(surface, shows, 2.0, KEY, [], None, steady, False)
    return steady


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_a_frame_with_nothing_changed_draws_and_flips_nothing():
    state = demo_engine().state
    cache, surface = cache_with_layer(), pygame.Surface(SIZE)
    clock = [(pygame.Rect(250, 120, 50, 40), "0:30")]
    drawn_whole(cache, surface, (state, SIZE, False, None), clock)
    before = surface.copy()
    steady = steady_frame(cache, surface, (state, SIZE, False, None), clock)
    assert steady is not None and steady.regions == []
    assert cache.dirty == [] and same(surface, before)


def test_a_moved_piece_is_drawn_again_where_it_was_and_where_it_is_and_the_picture_is_the_whole_one():
    state = demo_engine().state
    cache, surface = cache_with_layer(), pygame.Surface(SIZE)
    drawn_whole(cache, surface, (state, SIZE, False, None), [(pygame.Rect(10, 120, 40, 40), "Альфа")])
    moved = [(pygame.Rect(200, 120, 60, 40), "Альфа!")]
    steady = steady_frame(cache, surface, (state, SIZE, False, None), moved)
    assert steady is not None
    assert sorted(tuple(r) for r in steady.regions) == [(10, 120, 40, 40), (200, 120, 60, 40)]
    assert cache.dirty == steady.regions  # the window flips only these
    assert same(surface, picture(cache, moved))  # what the hall sees: the frame as drawn whole


def test_a_new_state_a_switch_another_surface_or_an_exposed_window_draws_the_frame_whole():
    engine = demo_engine()
    state = engine.state
    pieces = [(pygame.Rect(10, 120, 40, 40), "Альфа")]
    cache, surface = cache_with_layer(), pygame.Surface(SIZE)
    drawn_whole(cache, surface, (state, SIZE, False, None), pieces)
    newer = engine.dispatch(c.Go(at=1.0)).state
    assert cache.steady(surface, (newer, SIZE, False, None), lambda: KEY, lambda: pieces) is None
    assert cache.steady(surface, (state, SIZE, True, None), lambda: KEY, lambda: pieces) is None  # the line check
    codes = JoinBoard(seats=(), address="http://10.0.0.2:8080")
    assert cache.steady(surface, (state, SIZE, False, codes), lambda: KEY, lambda: pieces) is None
    assert cache.steady(pygame.Surface(SIZE), (state, SIZE, False, None), lambda: KEY, lambda: pieces) is None
    assert cache.steady(surface, (state, SIZE, False, None), lambda: "another layer", lambda: pieces) is None
    assert cache.steady(surface, (state, SIZE, False, None), lambda: KEY, lambda: pieces) is not None
    cache.invalidate()  # something else drew on the window (a follower's badge)
    assert cache.steady(surface, (state, SIZE, False, None), lambda: KEY, lambda: pieces) is None


def test_a_half_composed_layer_is_never_reused():
    state = demo_engine().state
    pieces = [(pygame.Rect(10, 120, 40, 40), "Альфа")]
    cache, surface = cache_with_layer(), pygame.Surface(SIZE)
    drawn_whole(cache, surface, (state, SIZE, False, None), pieces)
    cache.layers.partial[KEY] = (1, 3)  # a stale frame stopped while composing it
    assert cache.steady(surface, (state, SIZE, False, None), lambda: KEY, lambda: pieces) is None
    assert cache.plain_now(KEY, lambda: pieces) is None


def test_a_clock_alone_is_drawn_and_flipped_in_its_square_only():
    state = demo_engine().state
    cache, surface = cache_with_layer(), pygame.Surface(SIZE)
    clocks = [pygame.Rect(250, 120, 50, 40), pygame.Rect(250, 100, 20, 20)]
    cache.drew(surface, (state, SIZE, False, None), 1.0, KEY, clocks, None, None, False)
    area = cache.clock_area(surface, overlaid=False, only_clock=True, running=True)
    assert area == pygame.Rect(250, 100, 50, 60)
    cache.drew(surface, (state, SIZE, False, None), 1.05, KEY, clocks, area, None, True)
    assert cache.dirty == [area]
    assert cache.clock_area(pygame.Surface(SIZE), overlaid=False, only_clock=True, running=True) is None
    # under the score overlay settled over a still picture with no clock running, nothing is drawn
    assert cache.clock_area(surface, overlaid=True, only_clock=False, running=False) == pygame.Rect(0, 0, 0, 0)


def test_overlapping_rectangles_merge_and_too_many_become_their_union():
    bounds = pygame.Rect(0, 0, *SIZE)
    assert regions([pygame.Rect(0, 0, 40, 40), pygame.Rect(10, 10, 40, 40)], bounds) == [pygame.Rect(0, 0, 50, 50)]
    apart = [pygame.Rect(0, 0, 10, 10), pygame.Rect(100, 100, 10, 10)]
    assert regions(apart, bounds) == apart
    many = [pygame.Rect(30 * i, 0, 10, 10) for i in range(DIRTY_MOST + 1)]
    assert regions(many, bounds) == [pygame.Rect(0, 0, 30 * DIRTY_MOST + 10, 10)]
    assert regions([pygame.Rect(310, 170, 40, 40)], bounds) == [pygame.Rect(310, 170, 10, 10)]  # clipped
