"""Issue 28, items 4-6: idle work in short pieces while anything moves, a clock-only frame that draws and shows
only the clock's square, and a projector that starts with its buffers and first picture ready. Real frames
(SDL's dummy driver), pixels compared; no timed asserts: a piece's length is forced by the test."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.projector import ahead
from quizshow.display.theme import load_theme
from tests.conftest import demo_config, demo_engine
from tests.layers_kit import at, projector

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def theme():
    return load_theme(demo_config().theme)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_idle_work_while_the_title_moves_composes_at_most_a_band_a_call_and_the_same_next_picture(theme, monkeypatch):
    """Right after a change (the title's entrance runs), each idle call composes at most one band of the next
    picture's still layer, however long a piece runs (here every piece is cut at its first give-way point
    after a tenth of a millisecond); composed so, the picture after Next is the one composed at once."""
    monkeypatch.setattr(ahead, "IDLE_PIECE_S", 1e-4)
    engine = demo_engine()
    pieces = projector(engine, theme)
    surface = pygame.Surface(SIZE)
    pieces.render(surface, engine.state, 0.0)  # the title: its entrance runs for a while
    rows: list[int] = []
    scene = pieces.scene(engine.propose(c.Go(at=0.2)).state)
    real = type(scene).draw_static

    def counted(self, target, frame):
        if target.get_size() == SIZE:
            rows.append(target.get_clip().height)
        real(self, target, frame)

    monkeypatch.setattr(type(scene), "draw_static", counted)
    calls = 0
    while True:
        rows.clear()
        more = pieces.ahead(engine.state, engine.propose, 0.2, SIZE)
        calls += 1
        assert sum(rows) <= SIZE[1] // 4 + 1, f"call {calls} drew {rows} rows"
        if not more:
            break
        assert calls < 5000
    assert calls > 4  # in pieces, not at once
    monkeypatch.setattr(type(scene), "draw_static", real)
    at_once = projector(engine, theme)
    at_once.render(pygame.Surface(SIZE), engine.state, 0.0)
    next_state = engine.propose(c.Go(at=0.2)).state
    at_once.prepare(next_state, 0.2, SIZE)
    engine.dispatch(c.Go(at=1.0))
    pictures = []
    for shown in (pieces, at_once):
        target = pygame.Surface(SIZE)
        for t in (1.0, 1.05, 4.0):
            shown.render(target, engine.state, t)
        pictures.append(target)
    assert same(*pictures)


def test_a_clock_only_frame_draws_and_shows_only_the_clocks_square(theme):
    """A running clock and nothing else moving: the frame draws the clock's square again and nothing else
    (a mark painted outside it stays), shows only that square, and the picture is the full frame's."""
    engine = demo_engine()
    engine.dispatch(c.Go(at=1.0))
    assert engine.state.timer.running
    shown, full = projector(engine, theme), projector(engine, theme)
    surface = pygame.Surface(SIZE)
    for p in (shown, full):
        p.render(surface, engine.state, 1.0)
        p.render(surface, engine.state, 4.0)  # settled: entrances over
    assert not shown.needs_frame(engine.state, 4.02, SIZE, since=0.02)
    assert shown.needs_frame(engine.state, 5.0, SIZE, since=1.0)  # the clock's next second
    before = surface.copy()
    mark = pygame.Rect(0, 0, 6, 6)
    surface.fill((255, 0, 255), mark)
    shown.render(surface, engine.state, 5.0)
    assert shown.dirty and len(shown.dirty) == 1
    square = shown.dirty[0]
    assert square.w < SIZE[0] // 4 and square.h < SIZE[1] // 3 and not square.colliderect(mark)
    assert surface.get_at((2, 2)) == (255, 0, 255)  # not drawn again
    changed = [r for r in _differs(surface, before).get_bounding_rects() if not r.colliderect(mark)]
    assert changed and all(square.contains(r) for r in changed)  # the digits changed, inside the square
    whole = pygame.Surface(SIZE)
    full.render(whole, engine.state, 5.0)  # another surface: drawn whole
    surface.blit(whole, mark, mark)
    assert same(surface, whole)


def test_a_started_projector_composes_and_allocates_nothing_in_its_first_frame(theme, monkeypatch):
    """`start` (the app calls it once its window is open) makes the still layers (a transition borrows its
    buffers from them) and composes the first picture: the first frame only blits."""
    engine = demo_engine()
    shown = projector(engine, theme)
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 0.0)
    assert not shown.cache.layers.reserve(SIZE)  # all reserved
    composed: list[str] = []
    scene = shown.scene(engine.state)
    monkeypatch.setattr(type(scene), "draw_static", lambda self, target, frame: composed.append(self.name))
    shown.render(surface, engine.state, 0.0)
    assert composed == [] and not shown.cache.layers.reserve(SIZE)
    assert shown.cut.buffer is None and shown.cut.incoming is None  # no transition, no buffers


def _differs(a: pygame.Surface, b: pygame.Surface) -> pygame.mask.Mask:
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    unchanged = pygame.mask.from_threshold(diff, (0, 0, 0), (1, 1, 1))
    unchanged.invert()
    return unchanged


@pytest.mark.parametrize("team", [0, 2])
def test_the_first_frame_after_a_buzz_composes_no_still_layer_whoever_pressed(theme, monkeypatch, team):
    """While a question is open, idle time composes the card of «someone answers» (the same picture whoever
    it is: the name is drawn over it) and each team's plate and flash: the frame after any team's press only
    blits, and it names the team that pressed."""
    engine = demo_engine()
    engine.dispatch(c.Go(at=1.0))
    shown = projector(engine, theme)
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 1.0)
    shown.render(surface, engine.state, 1.0)
    while shown.ahead(engine.state, engine.propose, 1.5, SIZE):
        pass
    scene = shown.scene(engine.state)
    composed: list[str] = []
    real = type(scene).draw_static
    monkeypatch.setattr(type(scene), "draw_static",
                        lambda self, target, frame: (composed.append(self.name), real(self, target, frame)))
    out = engine.dispatch(c.Buzz(at=2.0, team=team))
    shown.on_events(out.events, 2.0)
    fitted: list[str] = []
    fit = shown.text.fit
    monkeypatch.setattr(shown.text, "fit", lambda text, *a, **k: (fitted.append(text), fit(text, *a, **k))[1])
    shown.render(surface, engine.state, 2.0)
    assert composed == []
    assert engine.state.teams[team].name in fitted  # «Отвечает» and this team's name


def test_idle_work_never_displaces_the_layer_of_the_picture_on_screen(theme, monkeypatch):
    """A duel's answer being judged with presses still queueing: idle time composes both verdicts, Next and
    what fits of the presses, but the picture on screen keeps its layer: its next frame composes nothing."""
    from tests.duel_display_kit import answering_with_projector

    engine, shown = answering_with_projector(theme)
    surface = pygame.Surface(SIZE)
    when = at(engine)
    shown.start(surface, engine.state, when)
    shown.render(surface, engine.state, when)
    while shown.ahead(engine.state, engine.propose, when + 0.5, SIZE):
        pass
    composed: list[str] = []
    scene = shown.scene(engine.state)
    monkeypatch.setattr(type(scene), "draw_static", lambda self, target, frame: composed.append(self.name))
    shown.render(surface, engine.state, when + 0.6)
    assert composed == []
