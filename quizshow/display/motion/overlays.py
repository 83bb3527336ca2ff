"""What flashes over a picture: a buzz in the player's colour, a splash word (the auction, a round's end)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from quizshow.display import paint
from quizshow.display.surfaces import MB, bounded
from quizshow.display.tween import ease_in_out_cubic, ease_out_back, ease_out_cubic

if TYPE_CHECKING:
    from quizshow.display.text import TextCache


def edge_alphas(thickness: int) -> list[int]:
    """The glow's opacity at full strength, row by row from the frame's edge inwards (brightest at it)."""
    return [int(230 * (1 - y / thickness) ** 2) for y in range(thickness)]


SPAN = 4  # a band's piece runs this many thicknesses along its edge (a few blits a band)

Pieces = tuple[pygame.Surface, pygame.Surface, pygame.Surface, pygame.Surface]


def _pieces(color: tuple[int, int, int, int], thickness: int, alpha: int) -> Pieces | None:
    """A piece of each band (top, bottom, left, right) at this strength, as deep as the glow shows (the
    rows it would blend at opacity 0 are left out; None: none left): every row of the top band is one
    colour and one opacity, so a band is its piece repeated along the edge. The strength is in the pieces'
    own alpha (the whole bands' surface alpha gave it before: a slower blend), and no band the screen's
    width is kept (11.5 MB a colour at 3840×2160 before, 3.3 MB now). At full strength (a press's first
    frame) they are kept a colour; fading, drawn each frame (a fraction of a millisecond)."""
    if alpha >= 255:
        return _full(color, thickness)
    if not _fading.on:
        return _draw_pieces(color, thickness, alpha)
    key = (color, thickness, alpha)
    if _fading.key != key:
        _fading.key, _fading.pieces = key, _draw_pieces(color, thickness, alpha)
    return _fading.pieces


class _Fading:
    """The last fading strength's pieces: the projector draws a flash a strip of the screen at a time, each strip
    asking for them (made anew each time, a fading flash cost 27 × 1.6 ms of a 4K frame). One set (0.9 MB at
    1920×1080, 3.7 MB at 3840×2160), replaced by the next strength's, let go once the frame's flashes are drawn."""

    def __init__(self) -> None:
        self.on = False  # while a frame's flashes are drawn (`in_strips`)
        self.key: tuple[tuple[int, int, int, int], int, int] | None = None
        self.pieces: Pieces | None = None


_fading = _Fading()


@contextmanager
def in_strips() -> Iterator[None]:
    """A frame's flashes drawn a strip at a time: a fading flash's pieces are made once for all its strips, and
    let go after (the next frame's strength differs)."""
    _fading.on = True
    try:
        yield
    finally:
        _fading.on, _fading.key, _fading.pieces = False, None, None


@bounded(3 * MB)  # three colours' at full strength (the warm-up makes each team's)
def _full(color: tuple[int, int, int, int], thickness: int) -> Pieces | None:
    return _draw_pieces(color, thickness, 255)


def _draw_pieces(color: tuple[int, int, int, int], thickness: int, alpha: int) -> Pieces | None:
    shown = [full * alpha // 255 for full in edge_alphas(thickness)]  # as a blit modulates by a surface alpha
    rows = next((y for y, a in enumerate(shown) if a == 0), thickness)  # the opacity only falls inwards
    if rows == 0:
        return None
    top = pygame.Surface((thickness * SPAN, rows), pygame.SRCALPHA)
    rgb = color[:3]
    for y in range(rows):
        top.fill((*rgb, shown[y]), pygame.Rect(0, y, top.get_width(), 1))
    left = pygame.transform.rotate(top, 90)  # the top row becomes the left column
    return top, pygame.transform.flip(top, False, True), left, pygame.transform.flip(left, True, False)


@dataclass(frozen=True)
class Flash:
    """The frame's edges light up in the player's colour at a buzz and fade (0.7 s)."""

    color: tuple[int, int, int, int]
    started: float
    duration: float = 0.7

    def live(self, now: float) -> bool:
        return self.started <= now < self.started + self.duration

    def draw(self, target: pygame.Surface, now: float) -> None:
        if not self.live(now):
            return
        w, h = target.get_size()
        strength = 1 - ease_out_cubic((now - self.started) / self.duration)
        thickness = max(8, h // 9)
        pieces = _pieces(self.color, thickness, int(255 * strength))
        if pieces is None:
            return
        top, bottom, left, right = pieces
        deep, step = top.get_height(), top.get_width()
        across, down = range(0, w, step), range(0, h, step)
        # The bands in their old order (top, bottom, left, right: the corners lit twice), each a piece repeated.
        target.fblits([(top, (x, 0)) for x in across] + [(bottom, (x, h - deep)) for x in across]
                      + [(left, (0, y)) for y in down] + [(right, (w - deep, y)) for y in down])


@dataclass(frozen=True)
class Splash:
    """A word on a band that sweeps in, holds and sweeps out («Аукцион!», «Раунд окончен»)."""

    text: str
    started: float
    color: tuple[int, int, int, int]
    ink: tuple[int, int, int, int]
    duration: float = 1.6
    centre: float = 0.5  # where the band's middle stands, as a fraction of the height (kept on screen)
    IN_S = 0.35
    OUT_S = 0.3

    def live(self, now: float) -> bool:
        return self.started <= now < self.started + self.duration

    def _band(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        return paint.panel((w, h // 5), self.color, paint.rgb(paint.mix(self.color, paint.BLACK, 0.18)), None, 0)

    def _words(self, size: tuple[int, int], text: TextCache, px: int) -> pygame.Surface:
        w, h = size
        return text.fit(self.text.upper(), "heading", (int(w * 0.8), int(h // 5 * 0.75)), self.ink, px)

    def warm(self, size: tuple[int, int], text: TextCache, px: int) -> None:
        """Idle time: the band and the words, so the splash's first frame only blits them."""
        self._band(size)
        self._words(size, text, px)

    def draw(self, target: pygame.Surface, now: float, text: TextCache, px: int) -> None:
        """`text` is the projector's TextCache: the words are fitted once and cached."""
        if not self.live(now):
            return
        w, h = target.get_size()
        age = now - self.started
        band_h = h // 5
        band = self._band((w, h))
        if age < self.IN_S:
            x = int(-w * (1 - ease_out_cubic(age / self.IN_S)))
        elif age > self.duration - self.OUT_S:
            x = int(w * ease_in_out_cubic((age - (self.duration - self.OUT_S)) / self.OUT_S))
        else:
            x = 0
        y = min(h - band_h, max(0, int(h * self.centre) - band_h // 2))
        target.blit(band, (x, y))
        grow = ease_out_back(min(1.0, age / (self.IN_S + 0.15)))
        words = self._words((w, h), text, px)
        if grow < 0.999:
            words = paint.scaled(words, max(0.05, grow))
        target.blit(words, words.get_rect(center=(x + w // 2, y + band_h // 2)))
