"""Draw the pictures of the «Своя игра» demo pack (packs/media/*.png), so the pack owes nothing to anyone.

    python -m quizshow.tools.draw_demo_media
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame  # SDL reads SDL_VIDEODRIVER at pygame.init(), which main() calls after setting it

MEDIA = Path(__file__).resolve().parents[2] / "packs" / "media"
SIZE = (960, 720)


def _saturn(surface: pygame.Surface) -> None:
    surface.fill((6, 8, 30))
    for x, y in ((80, 90), (870, 140), (140, 620), (820, 600), (480, 60), (300, 200), (700, 330)):
        pygame.draw.circle(surface, (230, 230, 255), (x, y), 3)
    center = (480, 370)
    back = pygame.Rect(0, 0, 760, 210)
    back.center = center
    pygame.draw.ellipse(surface, (200, 170, 110), back, 26)  # the rings behind the planet
    planet = pygame.Surface((380, 380), pygame.SRCALPHA)
    planet.fill((222, 184, 120, 255))
    for dy, color in ((-120, (235, 205, 150)), (-50, (205, 160, 95)), (30, (240, 210, 160)), (100, (200, 150, 90))):
        pygame.draw.rect(planet, color, pygame.Rect(0, 190 + dy - 17, 380, 34))
    disc = pygame.Surface((380, 380), pygame.SRCALPHA)
    pygame.draw.circle(disc, (255, 255, 255, 255), (190, 190), 190)
    planet.blit(disc, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # the bands stay inside the disc
    surface.blit(planet, planet.get_rect(center=center))
    front = pygame.Surface(SIZE, pygame.SRCALPHA)
    pygame.draw.ellipse(front, (200, 170, 110, 255), back, 26)
    front.fill((0, 0, 0, 0), pygame.Rect(0, 0, SIZE[0], center[1]))  # only the near half of the rings
    surface.blit(front, (0, 0))


def _japan(surface: pygame.Surface) -> None:
    surface.fill((40, 44, 60))
    flag = pygame.Rect(0, 0, 840, 560)
    flag.center = (480, 360)
    pygame.draw.rect(surface, (250, 250, 250), flag)
    pygame.draw.circle(surface, (188, 0, 45), flag.center, 168)
    pygame.draw.rect(surface, (120, 124, 140), flag, 4)


def _rings(surface: pygame.Surface) -> None:
    surface.fill((250, 250, 250))
    colors = [(0, 129, 200), (0, 0, 0), (238, 51, 78), (252, 177, 49), (0, 166, 81)]
    centers = [(250, 300), (480, 300), (710, 300), (365, 420), (595, 420)]
    for color, center in zip(colors, centers, strict=True):
        pygame.draw.circle(surface, color, center, 105, 18)


PICTURES: dict[str, Callable[[pygame.Surface], None]] = {
    "saturn.png": _saturn, "japan-flag.png": _japan, "five-rings.png": _rings}


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    MEDIA.mkdir(parents=True, exist_ok=True)
    for name, draw in PICTURES.items():
        surface = pygame.Surface(SIZE)
        draw(surface)
        pygame.image.save(surface, str(MEDIA / name))
        print(MEDIA / name)
    pygame.quit()


if __name__ == "__main__":
    main()
