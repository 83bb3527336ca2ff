"""What flashes over a picture: a buzz in the player's colour, a splash word (the auction, a round's end)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from quizshow.display import paint
from quizshow.display.surfaces import MB, bounded
from quizshow.display.tween import ease_in_out_cubic, ease_out_back, ease_out_cubic


@bounded(8 * MB)
def _edge(size: tuple[int, int], color: tuple[int, int, int, int], thickness: int) -> tuple[pygame.Surface, ...]:
    """Four soft bands of a colour along the frame's edges, brightest at the edge (drawn once a colour)."""
    w, h = size
    top = pygame.Surface((w, thickness), pygame.SRCALPHA)
    for y in range(thickness):
        alpha = int(230 * (1 - y / thickness) ** 2)
        top.fill((*color[:3], alpha), pygame.Rect(0, y, w, 1))
    bottom = pygame.transform.flip(top, False, True)
    side = pygame.Surface((thickness, h), pygame.SRCALPHA)
    for x in range(thickness):
        alpha = int(230 * (1 - x / thickness) ** 2)
        side.fill((*color[:3], alpha), pygame.Rect(x, 0, 1, h))
    return top, bottom, side, pygame.transform.flip(side, True, False)


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
        top, bottom, left, right = _edge((w, h), self.color, max(8, h // 9))
        alpha = int(255 * strength)
        for band, pos in ((top, (0, 0)), (bottom, (0, h - bottom.get_height())), (left, (0, 0)),
                          (right, (w - right.get_width(), 0))):
            band.set_alpha(alpha)
            target.blit(band, pos)


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

    def _words(self, size: tuple[int, int], text, px: int) -> pygame.Surface:
        w, h = size
        return text.fit(self.text.upper(), "heading", (int(w * 0.8), int(h // 5 * 0.75)), self.ink, px)

    def warm(self, size: tuple[int, int], text, px: int) -> None:
        """Idle time: the band and the words, so the splash's first frame only blits them."""
        self._band(size)
        self._words(size, text, px)

    def draw(self, target: pygame.Surface, now: float, text, px: int) -> None:
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
