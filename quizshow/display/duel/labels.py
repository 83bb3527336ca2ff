"""The duel's small labels: the rounded pill (a standing, «капитан»), its star, and the numbered badge a
table and a queue's row wear."""

from __future__ import annotations

import math

import pygame

from quizshow.display import paint
from quizshow.display.duel.common import dark_ink, light_ink
from quizshow.display.scenes.base import Frame


def pill(surface: pygame.Surface, frame: Frame, text: str, center: tuple[int, int], fill: pygame.Color,
         color: pygame.Color, px: int = 26, star: bool = False, width: int | None = None,
         height: int | None = None, right: int | None = None) -> pygame.Rect:
    """A rounded label; `width`, `height`: the most it may take (the text shrinks to stay inside);
    `right`: it ends there (at `center`'s height) instead of being centred on `center`."""
    pad = frame.u(22) if height is None else max(frame.u(10), height // 3)
    star_w = frame.u(30) if star else 0
    text_w = frame.u(260) if width is None else max(1, width - pad * 2 - star_w)
    text_h = frame.u(44) if height is None else max(1, height - frame.u(6))
    img = frame.text.fit(text, "heading", (text_w, text_h), color, frame.u(px), wrap=False)
    tall = max(img.get_height() + frame.u(8), frame.u(42))
    rect = pygame.Rect(0, 0, img.get_width() + pad * 2 + star_w, tall if height is None else min(tall, height))
    rect.center = center
    if right is not None:
        rect.right = right
    surface.blit(paint.panel(rect.size, paint.rgb(fill), paint.rgb(fill), None, rect.height // 2), rect)
    if star:
        draw_star(surface, (rect.x + pad + frame.u(10), rect.centery), frame.u(13), color)
    surface.blit(img, img.get_rect(midleft=(rect.x + pad + star_w, rect.centery)))
    return rect


def draw_star(surface: pygame.Surface, center: tuple[int, int], r: int, color: pygame.Color) -> None:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle)))
    pygame.draw.polygon(surface, color, points)


def badge(surface: pygame.Surface, frame: Frame, number: int, center: tuple[int, int], r: int,
          gold: bool) -> None:
    pygame.draw.circle(surface, (*paint.rgb(frame.color("shadow"))[:3], 90), (center[0] + 2, center[1] + 3), r)
    pygame.draw.circle(surface, frame.color("accent") if gold else light_ink(frame), center, r)
    img = frame.text.fit(str(number), "numbers", (r * 2, int(r * 1.6)), dark_ink(frame), int(r * 1.5), wrap=False)
    surface.blit(img, img.get_rect(center=center))
