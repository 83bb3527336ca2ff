"""Helpers, fixtures and constants that several test files share, first written for
tests/display/event/test_tournament_display.py."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import views_of, words_of
from tests.event_kit import play as play_pair
from tests.tournament_kit import SEED004, config, tournament


@pytest.fixture(scope="module")
def theme():
    return load_theme(config(SEED004).theme)


def projector(engine, theme, text=None):
    return Projector(engine.format, theme, "Кубок", words_of(engine.format), text, views=views_of(engine.format))


def _count(surface: pygame.Surface, colour: tuple[int, int, int], tolerance: int = 30) -> int:
    found = 0
    w, h = surface.get_size()
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            c = surface.get_at((x, y))
            if all(abs(c[i] - colour[i]) <= tolerance for i in range(3)):
                found += 1
    return found


def _groups(theme, results) -> pygame.Surface:
    e = tournament(SEED004)
    ev = e.state.fmt
    day = replace(ev.day, order=tuple(range(12)))
    for a, b, sa, sb in results:
        day = play_pair(day, a, b, sa, sb)
    e.state = replace(e.state, phase="ev_standings", fmt=replace(ev, day=day))
    surface = pygame.Surface((960, 540))
    projector(e, theme).render(surface, e.state, 10.0)
    return surface
