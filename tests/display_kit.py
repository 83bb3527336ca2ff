"""Helpers, fixtures and constants that several test files share, first written for
tests/display/test_display.py."""

from __future__ import annotations

from quizshow.display.text import TextCache

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


def laid_out_size(cache: TextCache, text: str, role: str, box, max_px: int, min_px=None, wrap=True):
    """The size the layout's lines really take in the real font, measured line by line: the drawn surface
    is clamped to its box, so only the layout can show an overflow."""
    layout = cache.layout(text, role, box, max_px, min_px, wrap)
    font = cache.font(role, layout.px)
    widest = max((font.size(line)[0] for line in layout.lines), default=0)
    return widest, font.get_linesize() * len(layout.lines)


class RecordingText(TextCache):
    """Records every fitted text with its box and the size its lines take, so a test can check nothing
    overflowed."""

    def __init__(self, fonts):
        super().__init__(fonts)
        self.fitted: list[tuple[str, tuple[int, int], tuple[int, int]]] = []

    def fit(self, text, role, box, color, max_px, min_px=None, align="center", shadow=False, wrap=True):
        surface = super().fit(text, role, box, color, max_px, min_px, align, shadow, wrap)
        self.fitted.append((text, box, laid_out_size(self, text, role, box, max_px, min_px, wrap)))
        return surface
