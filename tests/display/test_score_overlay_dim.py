"""QA: the score overlay (S) covered the middle of the score strip and left «Анна» at one end and another
player's «−10» at the other, read together as «Анна −10». What the card slides over is dimmed."""

from __future__ import annotations

import pygame

from quizshow.core import commands as c
from tests.layers_kit import SIZE, at, demo_question, projector, theme  # noqa: F401 - the fixture


def _brightness(surface: pygame.Surface, rect: pygame.Rect) -> float:
    data = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    return sum(data) / len(data)


def test_what_the_score_overlay_slides_over_is_dimmed_beside_the_card(theme):  # noqa: F811
    engine = demo_question()
    shown = projector(engine, theme)
    surface = pygame.Surface(SIZE)
    when = at(engine) + 5
    shown.render(surface, engine.state, when)
    corner = pygame.Rect(0, SIZE[1] - SIZE[1] // 8, SIZE[0] // 10, SIZE[1] // 8)  # the strip's left end
    before = _brightness(surface, corner)
    engine.dispatch(c.ViewScores(at=when + 1, on=True))
    for t in (1.0, 1.5, 3.0):
        shown.render(surface, engine.state, when + t)
    assert _brightness(surface, corner) < before * 0.6
