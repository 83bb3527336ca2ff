"""Helpers, fixtures and constants that several test files share, first written for
tests/display/test_lean_caches.py."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from quizshow.core.engine import Engine
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
from tests.svoyak_display_kit import walk as svoyak_walk

UHD = (3840, 2160)


def walk(size: tuple[int, int], frames: int = 40) -> Iterator[tuple[str, Engine, Projector, pygame.Surface, float]]:
    """«Своя игра»'s walk as the app runs it: idle time (`ahead`) before each of the host's presses, then the
    step's frames (40, as the bench draws: its transition is over by then). Yields (step, engine, projector,
    surface, now) after each step's presses, before its frames are drawn."""
    engine = svoyak_engine()
    projector = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
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
