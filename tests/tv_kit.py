"""The contrast of texts on air, measured on rendered pixels: each text's glyphs against what is behind them
(a picture drawn twice, with its texts and without)."""

from __future__ import annotations

import pygame

from quizshow.display.text import TextCache


class InkText(TextCache):
    """Records the colour of every text drawn, and draws texts without their drop shadows (the ink alone
    must stand off its background); with `ink=False` each text is drawn as nothing of the same size, so two
    renders tell which pixels are glyphs and what is behind them."""

    def __init__(self, fonts, ink: bool = True):
        super().__init__(fonts)
        self.ink = ink
        self.colors: set[tuple[int, int, int]] = set()

    def fit(self, text, role, box, color, max_px, min_px=None, align="center", shadow=False, wrap=True):
        self.colors.add(tuple(pygame.Color(color))[:3])
        return super().fit(text, role, box, color, max_px, min_px, align, False, wrap)

    def _draw(self, layout, role, color, align, shadow, box):
        surface = super()._draw(layout, role, color, align, shadow, box)
        if not self.ink:
            surface.fill((0, 0, 0, 0))
        return surface


def differs(a: pygame.Surface, b: pygame.Surface, above: int = 40) -> pygame.mask.Mask:
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(diff, (0, 0, 0), (above + 1, above + 1, above + 1))
    same.invert()
    return same


def text_contrasts(render, fonts) -> dict[tuple[int, int, int], float]:
    """For each text colour: the share of its glyph pixels whose contrast with what is behind them is < 4.5.
    `render(text_cache) -> Surface` draws the same picture, with the texts and without."""
    from quizshow.display import paint

    inked = InkText(fonts)
    with_text, behind = render(inked), render(InkText(fonts, ink=False))
    glyphs = differs(with_text, behind)
    result = {}
    for color in inked.colors:
        core = pygame.mask.from_threshold(with_text, color, (7, 7, 7)).overlap_mask(glyphs, (0, 0))
        points = [p for component in core.connected_components(4) for p in component.outline()[::3]]
        if len(points) < 20:
            continue
        low = sum(1 for p in points if paint.contrast(color, behind.get_at(p)) < 4.5)
        result[color] = low / len(points)
    return result
