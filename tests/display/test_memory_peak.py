"""Issue 28, the peak during a walk (not only after it): at 4K the demo peaked at 440-458 MB, «Своя игра» 424,
the written quiz 427-445, the duel 404, while each was under 400 MB after its walk. `bench/memory.py
--scenes` showed where: presses with no frame between them (the walk's ten Nexts, the written quiz's 236
score entries), during which

- the layer of the last frame's picture, stale once the show had moved on, was never evicted, so a fourth
  full screen was made for the state on screen's likely next pictures (32 MB at 4K);
- with the score overlay going (switched off, no frame drawn since), each press left its state's standings
  card in the cards kept (up to 56 MB at 4K), trimmed only when a frame came;
- the state on screen's card (for S) was made while the card of the state before was still kept, and that
  one dropped only after: two cards at once (8.5 MB at 4K, 13 MB for 40 teams).

The pictures are counted as bench/memory.py's census counts them (tests/display/test_memory.py's `pixels`).
Real frames (SDL's dummy driver)."""

from __future__ import annotations

import pygame
import pytest

from bench.frames import DEMO_SCENES
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import ROOT, demo_config, demo_engine, views_of, words_of
from tests.memory_kit import pixels, screens

SIZE = (960, 540)  # the layers' and the cards' logic is the same at any size (budgets scale with it)
FRAMES = 3  # frames of each scene after its presses, as bench/memory.py draws (40 there)


@pytest.fixture(scope="module")
def demo_walked():
    """The demo's walk as bench/memory.py runs it: idle time before each press (none of its presses has a
    frame between them), a few frames after each scene. Samples after every idle piece: (scene, the full
    screens the still layers hold, the standings cards kept); and the cards kept each time one was made."""
    engine = demo_engine()
    projector = Projector(engine.format, load_theme(demo_config().theme), "Демо", words_of(engine.format),
                          views=views_of(engine.format))
    surface = pygame.Surface(SIZE)
    samples: list[tuple[str, float, int]] = []
    beside: list[tuple[str, int]] = []  # (scene, cards kept) whenever a card is composed
    standings = projector.standings
    compose = standings._compose
    scene_name = [""]

    def counted(frame, pos):
        beside.append((scene_name[0], len(standings._cards._items)))
        return compose(frame, pos)

    standings._compose = counted  # type: ignore[method-assign]
    now = 0.0
    projector.start(surface, engine.state, now)
    projector.render(surface, engine.state, now)
    for name, commands in DEMO_SCENES:
        scene_name[0] = name
        for cmd in commands:
            while projector.ahead(engine.state, engine.propose, now, SIZE):
                samples.append((name, screens(pixels(projector.cache.layers), SIZE), len(standings._cards._items)))
            samples.append((name, screens(pixels(projector.cache.layers), SIZE), len(standings._cards._items)))
            projector.on_events(engine.dispatch(cmd).events, cmd.at)
            now = max(now, cmd.at)
        for i in range(FRAMES):
            projector.render(surface, engine.state, now + i / 60)
        now += FRAMES / 60 + 1
    return samples, beside


def test_presses_with_no_frame_between_them_make_no_fourth_full_screen(demo_walked):
    """The demo's ten Nexts with no frame drawn between them: the still layers hold three full screens at
    most (the state on screen, Next, a press); the last frame's layer, stale, gives its surface (a fourth was
    made: 32 MB at 4K)."""
    samples, _ = demo_walked
    worst = max(samples, key=lambda s: s[1])
    assert worst[1] <= 3.01, worst


def test_the_cards_of_states_gone_by_are_dropped_while_the_score_overlay_goes(demo_walked):
    """The score overlay switched off and no frame drawn since (it still has to slide away), presses follow:
    the standings cards kept are the state on screen's and its Next's, not one for each press (there were
    five at 1080p, six at 4K: 51 MB)."""
    samples, _ = demo_walked
    going = [cards for name, _, cards in samples if name == "scores (count-up)"]
    assert going and max(going) <= 2, going


def test_a_standings_card_is_made_with_no_stale_card_beside_it(demo_walked):
    """A standings card is composed only once the cards no longer wanted are gone. With the overlay down
    (S may come) only the state on screen's is wanted: none is kept beside it while it is made (the state
    before's was dropped after it, 13 MB more for a moment with 40 teams at 4K); with it up or going, the
    state on screen's beside its Next's at most."""
    _, beside = demo_walked
    down = {"question (clock running)", "answering", "reveal", "next question"}
    made_down = [kept for name, kept in beside if name in down]
    assert made_down and all(kept == 0 for kept in made_down), beside
    assert max(kept for _, kept in beside) <= 1, beside


def _panel_with_a_whole_mask(size, top, bottom, edge, radius, edge_width=2):
    """`paint.panel` as the starting commit made it: a mask as large as the panel."""
    w, h = max(1, size[0]), max(1, size[1])
    fill = pygame.Surface((1, 2), pygame.SRCALPHA)
    fill.set_at((0, 0), top)
    fill.set_at((0, 1), bottom)
    fill = pygame.transform.smoothscale(fill, (w, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if edge is not None and edge_width > 0:
        pygame.draw.rect(fill, edge, fill.get_rect(), width=edge_width, border_radius=radius)
    return fill


@pytest.mark.parametrize("radius", [-1, 0, 1, 3, 14, 28, 60, 500])
def test_a_panel_draws_the_same_pixels_with_only_its_corners_masked(radius):
    """A panel's rounded corners are cut with a mask of the rows they reach only: every pixel is the one the
    whole mask gave, whatever its size and radius (a radius past half the panel included)."""
    from quizshow.display import paint

    for size in [(1, 1), (2, 3), (7, 4), (40, 9), (120, 57), (333, 121), (64, 400), (2381, 150)]:
        for edge, width in [(None, 0), ((250, 220, 120, 255), 2), ((90, 200, 255, 180), 5)]:
            args = (size, (30, 40, 90, 235), (10, 12, 30, 255), edge, radius, width)
            made, expected = paint.panel.func(*args), _panel_with_a_whole_mask(*args)
            assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(expected, "RGBA"), (size, radius, edge)


def sizes_of_new_surfaces(monkeypatch) -> list[tuple[int, int]]:
    """The sizes of the surfaces made from now on (until the monkeypatch is undone)."""
    made: list[tuple[int, int]] = []
    real = pygame.Surface

    class Counted(real):  # type: ignore[misc, valid-type]
        def __init__(self, size, *args, **kwargs):
            made.append(tuple(size))
            super().__init__(size, *args, **kwargs)

    monkeypatch.setattr(pygame, "Surface", Counted)
    return made


def test_making_a_panel_allocates_no_mask_as_large_as_it(monkeypatch):
    """A 4K plate card's panel (2381×1600, 15 MB) is made with no second picture of its size beside it: the
    mask covers the corners' rows only (the whole mask was 15 MB more for a moment, the peak of a walk)."""
    from quizshow.display import paint

    made = sizes_of_new_surfaces(monkeypatch)
    panel = paint.panel.func((2381, 1600), (30, 40, 90, 235), (10, 12, 30, 255), (250, 220, 120, 255), 56, 4)
    assert panel.get_size() == (2381, 1600)
    assert max(w * h for w, h in made) <= 2381 * (56 + 2), made


def test_a_new_panel_is_made_once_those_it_displaces_are_gone(monkeypatch):
    """The panels' cache full, a new panel is made only after the least recently used it displaces have
    gone: the kept panels and the new one never pass the cache's budget together (they were dropped after
    it was made: a 4K plate card's 10-16 MB over the budget set the peak of «Своя игра»'s walk)."""
    from quizshow.display import paint

    cache = paint.panel.cache
    real = paint.panel.func
    held: list[tuple[int, int]] = []  # (bytes kept while a panel is made, its bytes)

    def counted(size, *args, **kwargs):
        held.append((cache.bytes, size[0] * size[1] * 4))
        return real(size, *args, **kwargs)

    monkeypatch.setattr(paint.panel, "func", counted)
    paint.panel.cache_clear()
    try:
        side = int((cache.limit / 7 / 4) ** 0.5)  # seven such panels fill the budget (scaled with the screen)
        for i in range(14):
            paint.panel((side + i, side), (30, 40, 90, 235), (10, 12, 30, 255), None, 20)
    finally:
        paint.panel.cache_clear()
    assert len(held) == 14 and max(kept for kept, _ in held) > cache.limit // 2
    assert all(kept + made <= cache.limit for kept, made in held), (held, cache.limit)


@pytest.mark.parametrize("size,radius,width", [((2918, 1440), 48, 8), ((1459, 720), 24, 4), ((90, 80), 30, 4)])
def test_the_glow_frames_edges_are_drawn_without_the_whole_frame(monkeypatch, size, radius, width):
    """The open-buzzer frame's four edges are drawn each on its own, no picture of the whole frame made (at
    4K a question card's, 19 MB for a moment), with the pixels the whole frame had there."""
    from quizshow.display import paint

    whole = paint.draw_glow_frame(size, (250, 200, 60), radius, width)
    made = sizes_of_new_surfaces(monkeypatch)
    pieces = paint.glow_frame.func(size, (250, 200, 60), radius, width)
    monkeypatch.undo()
    for piece, (x, y) in pieces:
        part = pygame.Rect((x, y), piece.get_size())
        assert pygame.image.tobytes(piece, "RGBA") == pygame.image.tobytes(whole.subsurface(part), "RGBA")
    if len(pieces) > 1:
        assert max(w * h for w, h in made) < whole.get_width() * whole.get_height() / 2, made


def test_a_new_text_is_drawn_once_those_it_displaces_are_gone(monkeypatch):
    """The text cache full, a new text's picture is drawn only after the least recently used it displaces
    have gone: never the kept texts and the new one over the cache's budget together."""
    from quizshow.display import surfaces
    from quizshow.display.text import TextCache

    cache = TextCache({}, max_bytes=int((2 << 20) / surfaces._scale[0]))  # 2 MB whatever screen was drawn before
    held: list[tuple[int, int]] = []
    real = cache._draw

    def counted(layout, role, color, align, shadow, box):
        picture = real(layout, role, color, align, shadow, box)
        held.append((cache._surfaces.bytes, picture.get_width() * picture.get_height() * 4))
        return picture

    monkeypatch.setattr(cache, "_draw", counted)
    for i in range(40):
        cache.fit(f"Вопрос {i}: столица Австралии", "body", (600, 200), (240, 240, 240), 60 + i % 7)
    assert len(held) == 40 and max(kept for kept, _ in held) > cache._surfaces.limit // 2
    assert all(kept + made <= cache._surfaces.limit for kept, made in held), held


def test_trimming_the_heap_gives_freed_small_pictures_back():
    """Pictures under the mapping threshold (texts, pieces of rows) come from the heap: freed, their pages
    stay resident until the heap is trimmed; `trim_heap` gives them back (the show does after each idle
    piece)."""
    from quizshow.runtime.memory.trim import trim_heap, tune_allocator

    def rss() -> float:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmRSS:"))

    if not tune_allocator():
        pytest.skip("no glibc here")
    small = [pygame.Surface((180, 180), pygame.SRCALPHA) for _ in range(400)]  # 127 KB each: 50 MB
    for surface in small:
        surface.fill((1, 2, 3, 4))  # touched: resident
    pinned = pygame.Surface((180, 180), pygame.SRCALPHA)  # the heap's top stays in use
    del small
    before = rss()
    trim_heap()
    assert before - rss() > 20, (before, rss())
    assert pinned.get_size() == (180, 180)


def test_the_show_trims_the_heap_after_each_idle_piece(tmp_path):
    """The app's projector gives the heap's free pages back after every idle piece it runs."""
    from quizshow.app import ShowApp
    from quizshow.runtime.memory import trim as memory

    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        assert app.projector.trim is memory.trim_heap
        calls: list[int] = []
        app.projector.trim = lambda: calls.append(1)
        surface = pygame.Surface(SIZE)
        app.projector.start(surface, app.engine.state, 0.0)
        app.projector.render(surface, app.engine.state, 0.0)
        pieces = 0
        while app.projector.ahead(app.engine.state, app.engine.propose, 0.0, SIZE):
            pieces += 1
        assert pieces and len(calls) == pieces + 1
    finally:
        app.close()


def test_a_question_picture_is_scaled_once_those_it_displaces_are_gone(monkeypatch):
    """The question pictures kept full, the next one is scaled into its card only after those it displaces
    have gone (a 4K card's picture is 13-17 MB)."""

    from quizshow.display.scenes import cards

    media = ROOT / "packs" / "media"
    pictures = sorted(media.glob("*.png"))[:3]
    assert len(pictures) == 3
    held: list[tuple[int, int]] = []
    real = pygame.transform.smoothscale

    def counted(picture, size, *args):
        held.append((cards._shown.cache.bytes, size[0] * size[1] * 4))
        return real(picture, size, *args)

    monkeypatch.setattr(pygame.transform, "smoothscale", counted)
    cards._shown.cache_clear()
    cards._OWN_SIZE.clear()
    side = int((cards._shown.cache.limit / 2.5 / 3) ** 0.5)  # a 4:3 picture of 2/5 of the budget
    try:
        for box in [(side, side * 3 // 4), (side + 1, side * 3 // 4 + 1), (side + 2, side * 3 // 4 + 2)]:
            for path in pictures:
                cards._image(path, box)
    finally:
        cards._shown.cache_clear()
        cards._OWN_SIZE.clear()
    limit = cards._shown.cache.limit
    assert len(held) == 9 and max(kept for kept, _ in held) > limit // 3
    assert all(kept + made <= limit for kept, made in held), (held, limit)
