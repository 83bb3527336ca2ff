"""Issue 28 items 4 and 7: the first 4K frame after a press and the steady frames draw less. The buzz flash
draws the same pixels from a small piece of each band (no band the screen's width kept); steady frames of
the duel and the ring redraw only what changed. Real frames (SDL's dummy driver)."""

from __future__ import annotations

import types

import pygame
import pytest

from quizshow.display.motion import overlays
from quizshow.display.tween import ease_out_cubic
from tests.test_w28_memory import pixels, screens


def old_flash(target: pygame.Surface, color: tuple[int, int, int, int], started: float, now: float) -> None:
    """The flash as it was drawn before (45250f8): four whole bands with the strength as surface alpha."""
    w, h = target.get_size()
    thickness = max(8, h // 9)
    top = pygame.Surface((w, thickness), pygame.SRCALPHA)
    for y in range(thickness):
        top.fill((*color[:3], int(230 * (1 - y / thickness) ** 2)), pygame.Rect(0, y, w, 1))
    side = pygame.Surface((thickness, h), pygame.SRCALPHA)
    for x in range(thickness):
        side.fill((*color[:3], int(230 * (1 - x / thickness) ** 2)), pygame.Rect(x, 0, 1, h))
    bottom, right = pygame.transform.flip(top, False, True), pygame.transform.flip(side, True, False)
    alpha = int(255 * (1 - ease_out_cubic((now - started) / 0.7)))
    for band, pos in ((top, (0, 0)), (bottom, (0, h - thickness)), (side, (0, 0)), (right, (w - thickness, 0))):
        band.set_alpha(alpha)
        target.blit(band, pos)


def a_picture(size: tuple[int, int]) -> pygame.Surface:
    """Something under the flash with every channel varying (a blend's rounding shows on it)."""
    small = pygame.Surface((16, 9))
    for x in range(16):
        for y in range(9):
            small.set_at((x, y), ((x * 53 + y * 17) % 256, (x * 29 + y * 71) % 256, (x * 11 + y * 97) % 256))
    return pygame.transform.scale(small, size)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 700)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("age", [0.0, 0.1, 0.35, 0.5])
def test_the_buzz_flash_lights_the_same_pixels_as_its_whole_bands_did(size, age):
    picture = a_picture(size)
    for color in ((200, 60, 40, 255), (255, 255, 255, 255), (20, 220, 90, 255)):
        old, new = picture.copy(), picture.copy()
        old_flash(old, color, 5.0, 5.0 + age)
        overlays.Flash(color, 5.0).draw(new, 5.0 + age)
        assert pygame.image.tobytes(old, "RGB") == pygame.image.tobytes(new, "RGB"), (color, age)
        assert pygame.image.tobytes(new, "RGB") != pygame.image.tobytes(picture, "RGB")  # it did light up


def test_the_buzz_flash_keeps_no_band_the_screens_width():
    """Two teams' flashes at once kept 2 × 4 bands (at 3840×2160 11.5 MB a colour); a piece of each is all
    a band needs: every row of a band is one colour and one opacity."""
    size = (1280, 720)
    for color in ((200, 60, 40, 255), (40, 90, 220, 255)):
        overlays.Flash(color, 1.0).draw(a_picture(size), 1.0)
    kept = {name: value for name, value in vars(overlays).items()
            if not isinstance(value, types.ModuleType | type | types.FunctionType)}
    assert screens(pixels(kept), size) < 0.05
