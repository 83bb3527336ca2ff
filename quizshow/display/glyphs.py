"""Does a font draw a character, or its missing-glyph box? (Compared with a known-missing glyph.)"""

from __future__ import annotations

import pygame

_SURELY_MISSING = "\U000F0000"  # private use plane: no text font draws it


def missing_glyphs(font: pygame.font.Font, text: str) -> list[str]:
    tofu = pygame.image.tobytes(font.render(_SURELY_MISSING, False, (255, 255, 255), (0, 0, 0)), "RGB")
    missing = []
    for ch in dict.fromkeys(text):
        if ch.isspace():
            continue
        drawn = pygame.image.tobytes(font.render(ch, False, (255, 255, 255), (0, 0, 0)), "RGB")
        if drawn == tofu:
            missing.append(ch)
    return missing
