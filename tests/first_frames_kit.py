"""Helpers, fixtures and constants that several test files share, first written for
tests/display/test_first_frames.py."""

from __future__ import annotations

import pygame

from quizshow.display.projector.projector import Projector
from tests.conftest import views_of, words_of

SIZE = (1280, 720)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def idle(shown: Projector, engine, now: float) -> None:
    """The frames' idle time between the host's presses, all of it."""
    while shown.ahead(engine.state, engine.propose, now, SIZE):
        pass


def settled_like_a_fresh_projector(shown: Projector, engine, events, now: float, title: str) -> None:
    """Seconds later (the flash and the sweeps over), the picture is the one a new projector draws."""
    fresh = Projector(engine.format, shown.theme, title, words_of(engine.format), views=views_of(engine.format))
    fresh.on_events(events, now - 3)
    fresh.render(pygame.Surface(SIZE), engine.state, now - 3)  # its own entrances run then
    pictures = []
    for projector in (shown, fresh):
        surface = pygame.Surface(SIZE)
        projector.render(surface, engine.state, now)
        pictures.append(surface)
    assert same(*pictures)


def ring_before_a_press():
    """«Брейн-ринг» with its clock running, drawn once and its idle time spent (at 20.5): (projector, engine,
    surface), ready for a press at 21."""
    from quizshow.display.theme import load_theme
    from tests import brainring_display_kit as ring

    engine = ring.engine()
    shown = Projector(engine.format, load_theme(ring.config().theme), "Брейн-ринг", words_of(engine.format),
                      views=views_of(engine.format))
    for name, commands in ring.walk():
        if name == "answering":
            break
        for cmd in commands:
            shown.on_events(engine.dispatch(cmd).events, cmd.at)
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 20.0)
    shown.render(surface, engine.state, 20.0)
    idle(shown, engine, 20.5)
    return shown, engine, surface


def duel_at_reading(theme):
    from tests.duel_display_kit import mockup_walk, show_engine

    engine = show_engine()
    shown = Projector(engine.format, theme, "Дуэль", words_of(engine.format), views=views_of(engine.format))
    for name, commands in mockup_walk():
        for cmd in commands:
            engine.dispatch(cmd)
        if name == "reading":
            break
    return engine, shown
