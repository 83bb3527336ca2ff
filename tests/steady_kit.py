"""Helpers, fixtures and constants that several test files share, first written for
tests/display/projector/test_steady_frames.py."""

from __future__ import annotations

import pygame


def a_picture(size: tuple[int, int]) -> pygame.Surface:
    """Something under the flash with every channel varying (a blend's rounding shows on it)."""
    small = pygame.Surface((16, 9))
    for x in range(16):
        for y in range(9):
            small.set_at((x, y), ((x * 53 + y * 17) % 256, (x * 29 + y * 71) % 256, (x * 11 + y * 97) % 256))
    return pygame.transform.scale(small, size)
