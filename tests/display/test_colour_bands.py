"""Colour bands keep within their cards' rounded corners everywhere a card wears one (the score strip's and the
standings card's are in tests/display/test_cards.py): the final's team cards' top band, drawn by the scene itself."""

from __future__ import annotations

import pygame

from quizshow.display.svoyak.final import FinalStakesScene
from tests.cards_kit import _projector
from tests.conftest import svoyak_config, svoyak_engine


def _outside_the_top(surface: pygame.Surface, color: pygame.Color, card: pygame.Rect, height: int,
                     radius: int) -> list[tuple[int, int]]:
    """The band colour's pixels in the card's top rows (and a few above) outside its rounded outline."""
    outline = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(outline, (255, 255, 255, 255), card, border_radius=radius)
    return [(x, y) for x in range(card.x - 4, card.right + 4) for y in range(card.y - 6, card.y + height)
            if tuple(surface.get_at((x, y)))[:3] == tuple(color)[:3] and outline.get_at((x, y)).a == 0]


def test_final_team_cards_top_band_keeps_within_the_cards_rounded_corners():
    engine = svoyak_engine()
    for size in ((1920, 1080), (3840, 2160)):
        frame = _projector(engine, svoyak_config(), "Своя игра").frame(engine.state, 1.0, size)
        surface = pygame.Surface(size)
        card = pygame.Rect(frame.u(200), frame.u(230), frame.u(520), frame.u(520))
        FinalStakesScene()._band(surface, frame, 0, card)
        band = _outside_the_top(surface, frame.team_color(0), card, frame.u(16), frame.u(28))
        assert band == [], size
        assert tuple(surface.get_at((card.centerx, card.y + 2)))[:3] == tuple(frame.team_color(0))[:3]
