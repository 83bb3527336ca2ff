"""The projector's still layers (issue 28, wave 4): a picture no idle step foresaw takes the surface of a
layer prepared for what might come next rather than a new full screen (20 ms of a 4K frame to allocate),
and the picture on screen never gives its layer away. Real frames (SDL's dummy driver), as the frame bench
walks them: idle time between the host's presses, frames after them."""

from __future__ import annotations

import pygame

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.formats.brainring import commands as bc
from tests.conftest import views_of, words_of
from tests.memory_kit import screens

SIZE = (640, 360)  # the layers' logic is the same at any size: small is quick


def full_screens(shown: Projector) -> dict[int, pygame.Surface]:
    """The full-screen surfaces the projector holds: its still layers, their spares and a transition's buffers."""
    held = [*shown.cache.layers._layers.values(), *shown.cache.layers._spare, shown.cut.buffer, shown.cut.incoming]
    return {id(s): s for s in held if s is not None and s.get_size() == SIZE}


def idle(shown: Projector, engine, now: float) -> None:
    """The frames' idle time between the host's presses, all of it."""
    while shown.ahead(engine.state, engine.propose, now, SIZE):
        pass


def test_brainring_ready_first_frame_allocates_no_full_screen_surface():
    """The host's Go, then «single player» (a format command no idle step foresees): idle time has kept the
    picture on screen's layer, Next's and a press's, three full screens. The «ready» transition's first frame
    composes its layer on the surface of one prepared for what might have come next, not on a fourth
    surface (which took 20 ms at 4K); the transition runs and the picture settles."""
    from tests import brainring_display_kit as ring

    engine = ring.engine()
    shown = Projector(engine.format, load_theme(ring.config().theme), "Брейн-ринг", words_of(engine.format),
                      views=views_of(engine.format))
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 0.0)
    for i in range(10):
        shown.render(surface, engine.state, i / 60)
    idle(shown, engine, 1.0)
    shown.on_events(engine.dispatch(c.Go(at=1)).events, 1.0)
    idle(shown, engine, 2.0)
    out = engine.dispatch(bc.SinglePlayer(at=2, team=1, player=2))
    assert out.refused is None
    shown.on_events(out.events, 2.0)
    before = full_screens(shown)
    assert screens(sum(s.get_pitch() * s.get_height() for s in before.values())) <= 3.01
    shown.render(surface, engine.state, 2.0)
    assert shown.transitioning(2.0)
    assert set(full_screens(shown)) <= set(before)  # no new full screen
    for i in range(1, 60):
        shown.render(surface, engine.state, 2.0 + i / 60)
        assert set(full_screens(shown)) <= set(before)
    assert not shown.transitioning(3.0)
    settled = pygame.Surface(SIZE)
    fresh = Projector(engine.format, shown.theme, "Брейн-ринг", words_of(engine.format), views=views_of(engine.format))
    fresh.on_events(out.events, 2.0)
    fresh.render(settled, engine.state, 2.0)
    fresh.render(settled, engine.state, 5.0)
    shown.render(surface, engine.state, 5.0)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(settled, "RGB")


def test_idle_time_before_the_first_frame_makes_the_rounds_texts_so_its_push_lays_out_none(monkeypatch):
    """«Своя игра»'s title, its idle work done before any frame (the frame bench's order; presses faster than
    frames): the round's picture is rehearsed on the surface `start` was given, so the title → round push
    lays out no text in its frames (at 4K six texts, 6-10 ms of its first moving frame), and the surface
    keeps its picture."""
    from tests.conftest import svoyak_config, svoyak_engine

    engine = svoyak_engine()
    shown = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
                      views=views_of(engine.format))
    surface = pygame.Surface(SIZE)
    surface.fill((255, 0, 255))
    shown.start(surface, engine.state, 0.0)
    idle(shown, engine, 0.0)
    assert surface.get_at((0, 0)) == (255, 0, 255)  # the rehearsal's pixel put back
    for i in range(30):
        shown.render(surface, engine.state, i / 60)
    laid_out: list[str] = []
    draw = shown.text._draw
    monkeypatch.setattr(shown.text, "_draw", lambda layout, *a: (laid_out.append(" ".join(layout.lines)),
                                                                 draw(layout, *a))[1])
    shown.on_events(engine.dispatch(c.Go(at=10)).events, 10.0)
    frames = 0
    for i in range(40):
        shown.render(surface, engine.state, 10 + i / 60)
        frames += shown.transitioning(10 + i / 60)
    assert frames > 10 and not shown.transitioning(11.0)
    assert laid_out == []


def test_the_scores_push_first_frame_composes_no_standings_card_while_the_overlay_slides_away(monkeypatch):
    """The demo with the score overlay up; the host switches it off and presses Next ten times, faster than
    frames: the overlay slides away over the next picture showing that state's standings. Their card is made
    in idle time, so the first frame of the push to the scores composes none (at 4K 12 ms of a 25-ms frame)."""
    from quizshow.display.scenes import cards
    from tests.conftest import demo_config, demo_engine

    engine = demo_engine()
    shown = Projector(engine.format, load_theme(demo_config().theme), "Демо", words_of(engine.format),
                      views=views_of(engine.format))
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 0.0)
    now = 0.0
    for cmd in (c.Go(at=1.0), c.Buzz(at=2.0, team=1), c.Judge(at=3.0, correct=True), c.Go(at=3.5),
                c.ViewScores(at=4.0, on=True)):
        idle(shown, engine, cmd.at)
        shown.on_events(engine.dispatch(cmd).events, cmd.at)
        now = cmd.at
        for i in range(30):
            shown.render(surface, engine.state, now + i / 60)
    composed: list[int] = []
    real = cards.StandingsCard._compose
    monkeypatch.setattr(cards.StandingsCard, "_compose",
                        lambda self, frame, pos: (composed.append(1), real(self, frame, pos))[1])
    for cmd in [c.ViewScores(at=5.0, on=False)] + [c.Go(at=6.0 + i) for i in range(10)]:
        idle(shown, engine, cmd.at)
        shown.on_events(engine.dispatch(cmd).events, cmd.at)
    composed.clear()  # (idle time made them)
    shown.render(surface, engine.state, 16.0)
    assert shown.transitioning(16.0) and composed == []
