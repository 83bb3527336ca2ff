"""Artwork for the special cards, drawn by code (no picture files, no licences): a cat peeking out of a
tied sack for «Кот в мешке», a wrapped gift for «Вопрос от спонсора». Each is drawn once a size at three
times the size and smoothed down, so its curves are anti-aliased; a frame only blits it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from quizshow.display.surfaces import MB, bounded

SUPER = 3
RGB = tuple[int, int, int]
# The theme's colours each picture is drawn in (quizshow/themefile.py), in the order the picture takes them.
CAT_COLORS = ("art_cat_fur", "art_cat_fur_dark", "art_cat_fur_light", "art_sack", "art_sack_dark", "art_sack_light",
              "art_ink", "art_cat_nose", "art_cord", "art_cat_eye", "art_glint", "art_cat_whiskers")
GIFT_COLORS = ("art_gift_box", "art_gift_box_dark", "art_gift_lid", "accent")  # the ribbon is the accent


def colors(color: Callable[[str], pygame.Color], names: tuple[str, ...]) -> tuple[RGB, ...]:
    """The theme's colours `names` (Frame.color, Theme.color) as the pictures take them: a cache key."""
    return tuple((c.r, c.g, c.b) for c in map(color, names))


def _smooth(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


@bounded(4 * MB)
def cat_in_sack(height: int, palette: tuple[RGB, ...]) -> pygame.Surface:
    """A ginger cat's head and paws over the rim of a burlap sack tied with a red cord."""
    w, h = int(height * 1.05), height
    s = SUPER
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    W, H = w * s, h * s
    fur, fur_dark, fur_light, sack, sack_dark, sack_light, ink, pink, cord, eye_color, glint, whiskers = palette
    cx = W // 2
    # The cat behind the sack's rim: ears, head, cheeks.
    head = pygame.Rect(0, 0, int(W * 0.56), int(H * 0.46))
    head.midtop = (cx, int(H * 0.12))
    for side in (-1, 1):
        base_x = cx + side * head.w * 0.3
        ear = [(base_x - side * W * 0.11, head.y + head.h * 0.32), (base_x + side * W * 0.05, head.y - H * 0.1),
               (base_x + side * W * 0.13, head.y + head.h * 0.42)]
        pygame.draw.polygon(big, fur_dark, ear)
        inner = [(ear[0][0] * 0.75 + ear[1][0] * 0.25 + side * W * 0.02, ear[0][1] * 0.7 + ear[1][1] * 0.3),
                 (ear[1][0], ear[1][1] + H * 0.05),
                 (ear[2][0] * 0.8 + ear[1][0] * 0.2, ear[2][1] * 0.75 + ear[1][1] * 0.25)]
        pygame.draw.polygon(big, pink, inner)
    pygame.draw.ellipse(big, fur, head)
    for dx in (-0.12, 0.0, 0.12):  # tabby stripes on the forehead
        stripe = pygame.Rect(0, 0, int(W * 0.035), int(head.h * (0.26 - abs(dx))))
        stripe.midtop = (int(cx + dx * W), head.y + int(head.h * 0.02))
        pygame.draw.ellipse(big, fur_dark, stripe)
    muzzle = pygame.Rect(0, 0, int(head.w * 0.5), int(head.h * 0.36))
    muzzle.midtop = (cx, head.y + int(head.h * 0.52))
    pygame.draw.ellipse(big, fur_light, muzzle)
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, int(head.w * 0.17), int(head.h * 0.26))
        eye.center = (int(cx + side * head.w * 0.22), head.y + int(head.h * 0.42))
        pygame.draw.ellipse(big, eye_color, eye)
        pupil = eye.inflate(-eye.w * 0.55, -eye.h * 0.12)
        pygame.draw.ellipse(big, ink, pupil)
        pygame.draw.circle(big, glint, (pupil.centerx + pupil.w // 4, pupil.y + pupil.h // 4),
                           max(2, pupil.w // 3))
        for k in (-1, 0, 1):
            start = (int(cx + side * muzzle.w * 0.32), muzzle.centery + int(k * muzzle.h * 0.12))
            end = (int(cx + side * W * 0.46), muzzle.centery + int(k * muzzle.h * 0.28) - int(H * 0.01))
            pygame.draw.line(big, whiskers, start, end, max(2, s * 2))
    nose = [(cx - head.w * 0.05, muzzle.y + muzzle.h * 0.12), (cx + head.w * 0.05, muzzle.y + muzzle.h * 0.12),
            (cx, muzzle.y + muzzle.h * 0.3)]
    pygame.draw.polygon(big, pink, nose)
    pygame.draw.arc(big, ink, pygame.Rect(cx - head.w * 0.1, muzzle.y + muzzle.h * 0.15, head.w * 0.1,
                                          muzzle.h * 0.35), 3.4, 6.1, max(2, s * 2))
    pygame.draw.arc(big, ink, pygame.Rect(cx, muzzle.y + muzzle.h * 0.15, head.w * 0.1, muzzle.h * 0.35),
                    3.4, 6.1, max(2, s * 2))
    # The sack: a wide body, a gathered neck under the cat's chin, a cord and a bow.
    body = pygame.Rect(0, 0, int(W * 0.96), int(H * 0.5))
    body.midbottom = (cx, H - 2)
    pygame.draw.ellipse(big, sack_dark, body.move(0, int(H * 0.01)))
    pygame.draw.ellipse(big, sack, body)
    neck = [(cx - W * 0.36, H * 0.52), (cx + W * 0.36, H * 0.52), (cx + W * 0.26, H * 0.64), (cx - W * 0.26, H * 0.64)]
    pygame.draw.polygon(big, sack, neck)
    for i in range(7):  # the folds of the gathered cloth
        x = cx - W * 0.3 + i * W * 0.1
        pygame.draw.line(big, sack_dark, (x, H * 0.53), (cx + (x - cx) * 0.7, H * 0.64), max(2, s * 2))
    rim = pygame.Rect(0, 0, int(W * 0.76), int(H * 0.09))
    rim.center = (cx, int(H * 0.53))
    pygame.draw.ellipse(big, sack_light, rim)
    for side in (-1, 1):  # the paws over the rim
        paw = pygame.Rect(0, 0, int(W * 0.16), int(H * 0.1))
        paw.center = (int(cx + side * W * 0.17), int(H * 0.53))
        pygame.draw.ellipse(big, fur, paw)
        for k in (-1, 0, 1):
            pygame.draw.line(big, fur_dark, (paw.centerx + k * paw.w // 5, paw.y + paw.h // 2),
                             (paw.centerx + k * paw.w // 5, paw.bottom - 2), max(2, s))
    pygame.draw.line(big, cord, (cx - W * 0.27, H * 0.63), (cx + W * 0.27, H * 0.63), int(H * 0.03))
    for side in (-1, 1):
        loop = pygame.Rect(0, 0, int(W * 0.13), int(H * 0.08))
        loop.midright = (cx, int(H * 0.62)) if side < 0 else (cx + loop.w, int(H * 0.62))
        pygame.draw.ellipse(big, cord, loop, int(H * 0.022))
    pygame.draw.circle(big, cord, (cx, int(H * 0.63)), int(H * 0.025))
    for i in range(14):  # the weave of the burlap
        x = body.x + body.w * (0.12 + i * 0.055)
        pygame.draw.line(big, sack_dark, (x, body.y + body.h * 0.35), (x + W * 0.01, body.bottom - body.h * 0.2), s)
    return _smooth(big, (w, h))


@bounded(4 * MB)
def gift(height: int, palette: tuple[RGB, ...]) -> pygame.Surface:
    """A wrapped gift with a ribbon and a bow, a few sparkles around it."""
    w, h = int(height * 1.1), height
    s = SUPER
    W, H = w * s, h * s
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    box, box_dark, lid, ribbon = palette
    light = tuple(min(255, c + 50) for c in ribbon)
    body = pygame.Rect(int(W * 0.16), int(H * 0.42), int(W * 0.68), int(H * 0.54))
    pygame.draw.rect(big, box_dark, body.move(0, s * 3), border_radius=s * 6)
    pygame.draw.rect(big, box, body, border_radius=s * 6)
    cover = pygame.Rect(int(W * 0.11), int(H * 0.32), int(W * 0.78), int(H * 0.14))
    pygame.draw.rect(big, lid, cover, border_radius=s * 6)
    pygame.draw.rect(big, box_dark, pygame.Rect(body.x, cover.bottom, body.w, s * 4))
    band = int(W * 0.1)
    pygame.draw.rect(big, ribbon, pygame.Rect(W // 2 - band // 2, cover.y, band, body.bottom - cover.y))
    pygame.draw.rect(big, light, pygame.Rect(W // 2 - band // 2, cover.y, band // 3, body.bottom - cover.y))
    for side in (-1, 1):  # the bow's two loops and tails
        loop = pygame.Rect(0, 0, int(W * 0.26), int(H * 0.2))
        loop.midbottom = (W // 2 + side * int(W * 0.12), cover.y + s * 4)
        pygame.draw.ellipse(big, ribbon, loop)
        pygame.draw.ellipse(big, box_dark, loop.inflate(-loop.w * 0.55, -loop.h * 0.5))
        tail = [(W // 2, cover.y + s * 2), (W // 2 + side * W * 0.14, cover.y + H * 0.12),
                (W // 2 + side * W * 0.08, cover.y + H * 0.13)]
        pygame.draw.polygon(big, ribbon, tail)
    pygame.draw.circle(big, light, (W // 2, cover.y + s * 2), int(W * 0.045))
    for x, y, r in ((0.08, 0.18, 0.05), (0.9, 0.12, 0.04), (0.95, 0.55, 0.03), (0.04, 0.62, 0.035)):
        cx, cy, rr = W * x, H * y, W * r
        star = [(cx, cy - rr), (cx + rr * 0.25, cy - rr * 0.25), (cx + rr, cy), (cx + rr * 0.25, cy + rr * 0.25),
                (cx, cy + rr), (cx - rr * 0.25, cy + rr * 0.25), (cx - rr, cy), (cx - rr * 0.25, cy - rr * 0.25)]
        pygame.draw.polygon(big, light, star)
    return _smooth(big, (w, h))


@bounded(4 * MB)
def speaker(height: int, color: tuple[int, ...]) -> pygame.Surface:
    """A loudspeaker sounding: the box and its cone, three sound arcs, and a waveform to its right (a question
    whose content is a sound: the audience sees that something is playing)."""
    w, h = int(height * 2.2), height
    s = SUPER
    W, H = w * s, h * s
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    dim = tuple(int(c * 0.55) for c in color)
    cy = H // 2
    unit = H / 100
    box = pygame.Rect(int(unit * 4), int(cy - unit * 16), int(unit * 18), int(unit * 32))
    pygame.draw.rect(big, color, box, border_radius=int(unit * 4))
    cone = [(box.right - unit * 2, cy - unit * 15), (box.right + unit * 26, cy - unit * 40),
            (box.right + unit * 26, cy + unit * 40), (box.right - unit * 2, cy + unit * 15)]
    pygame.draw.polygon(big, color, cone)
    cx = box.right + unit * 26
    for i, r in enumerate((20, 36, 52)):
        rect = pygame.Rect(0, 0, int(unit * r * 2), int(unit * r * 2))
        rect.center = (int(cx), cy)
        pygame.draw.arc(big, color if i < 2 else dim, rect, -0.85, 0.85, int(unit * 6))
    # The waveform: bars of a fixed, speech-like pattern, tallest in the middle.
    heights = (18, 34, 56, 40, 72, 90, 64, 82, 48, 70, 38, 54, 26, 40, 20)
    left = int(cx + unit * 66)
    bar = (W - left - unit * 4) / len(heights)
    for i, tall in enumerate(heights):
        rect = pygame.Rect(0, 0, max(2, int(bar * 0.6)), int(unit * tall))
        rect.center = (int(left + bar * (i + 0.5)), cy)
        pygame.draw.rect(big, color, rect, border_radius=rect.width // 2)
    return _smooth(big, (w, h))
