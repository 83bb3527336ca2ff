"""Drawing pieces every scene shares: the studio background, panels, the clock ring.

Anything that does not change from frame to frame is drawn once and cached by its size and colours.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Hashable, Iterator

import pygame

from quizshow.display.surfaces import MB, bounded

Color = tuple[int, int, int] | tuple[int, int, int, int]

# SDL keeps the GIL for a whole blit: a full-screen one (~1 ms at 1080p) would keep a buzzer's reader
# thread waiting for it. Big pictures go in bands of about this many pixels (~0.05 ms each), so a press
# reaches the engine between two bands.
BAND_PIXELS = 1920 * 40

GiveWayFn = Callable[[], None]


def never() -> None:
    """The give-way point of drawing that nothing waits on (tests, benches, before the show is live)."""


class GiveWay:
    """The safe points of drawing, passed to whatever draws (projector, console, scenes via Frame).

    Once `to(lock)` is set, calling it waits while another thread holds `lock` applying an input.
    Otherwise that thread, back from writing the journal, would wait for the drawing thread to hand the
    interpreter back (the GIL): up to a millisecond per system call."""

    def __init__(self) -> None:
        self._lock: threading.RLock | None = None

    def to(self, lock: threading.RLock | None) -> None:
        self._lock = lock

    def __call__(self) -> None:
        lock = self._lock
        if lock is not None:
            lock.acquire()
            lock.release()


def rgb(color: pygame.Color | Color) -> tuple[int, int, int, int]:
    c = pygame.Color(color)
    return c.r, c.g, c.b, c.a


# The ends of a tint: mix(c, WHITE, t) lightens a colour, mix(c, BLACK, t) darkens it (not colours of the design).
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def mix(a: pygame.Color | Color, b: pygame.Color | Color, t: float) -> pygame.Color:
    return pygame.Color(pygame.Color(a).lerp(pygame.Color(b), max(0.0, min(1.0, t))))


def luminance(color: pygame.Color | Color) -> float:
    """WCAG relative luminance of a colour."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b, _ = rgb(color)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: pygame.Color | Color, b: pygame.Color | Color) -> float:
    """WCAG contrast ratio of two colours (1..21); text on air needs ≥ 4.5."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def bands(width: int, height: int, give_way: GiveWayFn) -> Iterator[tuple[int, int]]:
    """(top, rows) of each band of a width × height picture, giving way before each (BAND_PIXELS)."""
    rows = max(1, BAND_PIXELS // max(1, width))
    for top in range(0, height, rows):
        give_way()
        yield top, min(rows, height - top)


def blit(target: pygame.Surface, source: pygame.Surface, dest: tuple[int, int] | pygame.Rect = (0, 0),
         special_flags: int = 0, *, give_way: GiveWayFn) -> None:
    """`target.blit(source, dest)`, band by band when the picture is big."""
    x, y = dest[0], dest[1]
    w, h = source.get_size()
    for top, rows in bands(w, h, give_way):
        target.blit(source, (x, y + top), pygame.Rect(0, top, w, rows), special_flags)


def fill(target: pygame.Surface, color: Color | pygame.Color, give_way: GiveWayFn) -> None:
    """`target.fill(color)`, band by band: a full-window fill also holds the GIL."""
    w, h = target.get_size()
    for top, rows in bands(w, h, give_way):
        target.fill(color, pygame.Rect(0, top, w, rows))


def scale_into(target: pygame.Surface, source: pygame.Surface, rect: pygame.Rect,
               give_way: GiveWayFn) -> None:
    """`source` stretched (nearest pixel) over `rect` of `target`, band by band: one full-screen
    scale holds the GIL for ~3 ms. Each band of rect's rows samples its own source rows and is scaled
    straight into the target (no band surface allocated)."""
    sw, sh = source.get_size()
    rect = rect.clip(target.get_rect())
    if rect.w <= 0 or rect.h <= 0:
        return
    same = source.get_bitsize() == target.get_bitsize() and source.get_masks() == target.get_masks()
    for top, rows in bands(rect.w, rect.h, give_way):
        s_top, s_bottom = top * sh // rect.h, max(top * sh // rect.h + 1, (top + rows) * sh // rect.h)
        piece = source.subsurface(0, s_top, sw, min(sh, s_bottom) - s_top)
        if same:
            pygame.transform.scale(piece, (rect.w, rows), target.subsurface(rect.x, rect.y + top, rect.w, rows))
        else:
            target.blit(pygame.transform.scale(piece, (rect.w, rows)), (rect.x, rect.y + top))


STUDIO = (64, 36)  # the studio background's own pixels: the screen's picture is them stretched smoothly


@bounded(MB // 4)
def studio(top: Color, bottom: Color, glow: Color) -> pygame.Surface:
    """The studio background at its own 64×36 pixels: a deep vertical gradient with a soft light behind
    the stage centre."""
    small = pygame.Surface(STUDIO)
    for y in range(36):
        small.fill(mix(top, bottom, y / 35), pygame.Rect(0, y, 64, 1))
    light = pygame.Surface(STUDIO, pygame.SRCALPHA)
    for i in range(12, 0, -1):  # concentric ellipses: a cheap radial glow
        alpha = int(10 + 4 * (12 - i))
        rect = pygame.Rect(0, 0, 64 * i / 9, 36 * i / 11)
        rect.center = (32, 12)
        pygame.draw.ellipse(light, (*rgb(glow)[:3], min(255, alpha // 2)), rect)
    small.blit(light, (0, 0))
    return small


def background(size: tuple[int, int], top: Color, bottom: Color, glow: Color) -> pygame.Surface:
    """The studio background as one picture of `size` (made anew: a full screen is 32 MB at 3840×2160, none
    is kept; `draw_background` draws it straight into a picture)."""
    return pygame.transform.smoothscale(studio(top, bottom, glow), size)


def _periods(source: int, target: int) -> tuple[int, int]:
    """(target pixels, source pixels) of one period of a smooth stretch from `source` to `target` pixels:
    SDL-pygame's filter maps target pixel y to source position y·(source−1)/target, so every
    target/gcd(target, source−1) pixels it starts again on a whole source pixel with the same weights."""
    g = math.gcd(target, source - 1)
    return target // g, (source - 1) // g


def first_band(size: tuple[int, int]) -> int:
    """The rows of a screen a transition's first frame composes of the incoming still layer (kept in step
    with display/projector/transitions.bands: half the screen up to 1920×1080, a sixth at 3840×2160)."""
    return size[1] // max(2, round(size[0] * size[1] / 1_382_400))


@bounded(MB)
def _widened(top: Color, bottom: Color, glow: Color, width: int) -> pygame.Surface:
    """The studio background's 36 rows stretched to the screen's width: the first pass of SDL's smooth
    stretch (it stretches the rows, then the columns of that). 0.55 MB at 4K."""
    return pygame.transform.smoothscale(studio(top, bottom, glow), (width, STUDIO[1]))


# Rows of periods of the background drawn for parts of them (a band's edges), by slot: what each holds
# (colours, format, size, period row; None: a part of its columns, drawn for an area) and its picture, the
# screen's width × a period. The row a transition's first band ends in ("first": its first frame blits it,
# as it blitted the whole background kept) and the last other one ("rows": the next band finds it, the
# next row is drawn into the same picture, no fresh pages). At 4K 6.6 MB each, against 32 for the whole.
_ROWS: dict[str, tuple[tuple[Hashable, ...] | None, pygame.Surface]] = {}


def draw_background(target: pygame.Surface, size: tuple[int, int], top: Color, bottom: Color, glow: Color,
                    give_way: GiveWayFn, area: pygame.Rect | None = None) -> None:
    """The studio background of a `size` screen drawn on `target` from its top left corner (where the clip
    and `area` let it): the same pixels as `background(size, …)` blitted, without a full-screen picture
    kept (32 MB at 3840×2160). SDL stretches the rows to the width (`_widened`), then each column of that
    on its own, and the columns' weights repeat every period of rows (`_periods`: 432 at 4K): so a period
    row is stretched, for the columns wanted only, from the widened rows it spans — straight into the target
    where the period's whole height is shown (SDL lets a press's thread run meanwhile), else into a period
    row kept (`_ROWS`) and blitted in bands."""
    small = studio(top, bottom, glow)
    w, h = size
    shown = target.get_clip().clip(pygame.Rect((0, 0), size))
    if area is not None:
        shown = shown.clip(area)
    if shown.w <= 0 or shown.h <= 0:
        return
    if w <= STUDIO[0] or h <= STUDIO[1]:  # a picture no bigger than the source's: shrunk, at once
        give_way()
        target.blit(pygame.transform.smoothscale(small, (w, h)), shown, shown)
        return
    period_h, rows = _periods(STUDIO[1], h)
    wide = _widened(top, bottom, glow, w)
    same = target.get_bitsize() == small.get_bitsize() and target.get_masks() == small.get_masks()
    first = (first_band(size) - 1) // period_h  # the period row a transition's first band ends in
    for row in range(shown.top // period_h, (shown.bottom - 1) // period_h + 1):
        give_way()
        period = pygame.Rect(0, row * period_h, w, period_h)
        part = period.clip(shown)
        slot = "first" if row == first else "rows"
        holds = (top, bottom, glow, small.get_bitsize(), small.get_masks(), size, row)
        kept = _ROWS.get(slot)
        if kept is None or kept[0] != holds:
            if same and part.h == period_h:  # the whole period's height: straight into the target
                source = wide.subsurface(part.x, row * rows, part.w, rows + 1)
                pygame.transform.smoothscale(source, (part.w, period_h), target.subsurface(part.x, period.y,
                                                                                             part.w, period_h))
                continue
            picture = kept[1] if kept is not None else None
            if picture is None or picture.get_size() != period.size or picture.get_bitsize() != small.get_bitsize() \
                    or picture.get_masks() != small.get_masks():
                picture = pygame.Surface(period.size, 0, small)
            columns = period if slot == "first" else part  # the first band's row is kept whole
            source = wide.subsurface(columns.x, row * rows, columns.w, rows + 1)
            pygame.transform.smoothscale(source, (columns.w, period_h),
                                         picture.subsurface(columns.x, 0, columns.w, period_h))
            _ROWS[slot] = kept = (holds if columns.w == w else None, picture)
        blit(target, kept[1].subsurface(part.move(0, -period.y)), part.topleft, give_way=give_way)


def _panel_bytes(size: tuple[int, int], top: Color, bottom: Color, edge: Color | None, radius: int,
                 edge_width: int = 2) -> int:  # panel's arguments: its picture's bytes
    return max(1, size[0]) * max(1, size[1]) * 4


# A scene's panels and the next's, made just before they show (70 MB at 4K; was 28 MB); those a new one displaces
# go before it is made (with it, they set a walk's peak).
@bounded(35 * MB // 2, _panel_bytes)
def panel(size: tuple[int, int], top: Color, bottom: Color, edge: Color | None, radius: int,
          edge_width: int = 2) -> pygame.Surface:
    """A rounded panel with a vertical gradient and an optional edge."""
    w, h = max(1, size[0]), max(1, size[1])
    fill = pygame.Surface((1, 2), pygame.SRCALPHA)
    fill.set_at((0, 0), top)
    fill.set_at((0, 1), bottom)
    fill = pygame.transform.smoothscale(fill, (w, h))
    # The rounded corners cut away: the whole rounded rectangle drawn into a mask of only the rows its corners
    # reach (the top's, then the bottom's, on one band; the rows between are opaque), not a mask as large as
    # the panel (a 4K card's: 16 MB more for a moment, the peak of a walk).
    band = min(h, max(0, radius) + 2)
    mask = pygame.Surface((w, band), pygame.SRCALPHA)
    for y in sorted({0, max(0, h - band)}):
        if y:
            mask.fill((0, 0, 0, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), pygame.Rect(0, -y, w, h), border_radius=radius)
        fill.blit(mask, (0, y), special_flags=pygame.BLEND_RGBA_MIN)
    if edge is not None and edge_width > 0:
        pygame.draw.rect(fill, edge, fill.get_rect(), width=edge_width, border_radius=radius)
    return fill


def draw_glow_frame(size: tuple[int, int], color: Color, radius: int, width: int) -> pygame.Surface:
    """A bright frame with a soft outer glow, whole: `size` plus the glow's pad on each side."""
    pad = width * 3
    surface = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    _draw_glow_frame_part(surface, (0, 0), size, color, radius, width)
    return surface


def _draw_glow_frame_part(surface: pygame.Surface, origin: tuple[int, int], size: tuple[int, int], color: Color,
                          radius: int, width: int) -> None:
    """The part of `draw_glow_frame`'s picture from `origin` on, drawn into `surface` (its pixels there, clipped
    by the surface's edges)."""
    pad = width * 3
    ox, oy = origin
    r, g, b = rgb(color)[:3]
    for i in range(pad, 0, -2):
        rect = pygame.Rect(pad - i - ox, pad - i - oy, size[0] + 2 * i, size[1] + 2 * i)
        pygame.draw.rect(surface, (r, g, b, int(60 * (1 - i / pad)) + 6), rect, width=2, border_radius=radius + i)
    pygame.draw.rect(surface, (r, g, b, 255), pygame.Rect(pad - ox, pad - oy, *size), width=width,
                     border_radius=radius)


GlowPieces = tuple[tuple[pygame.Surface, tuple[int, int]], ...]


@bounded(16 * MB)
def glow_frame(size: tuple[int, int], color: Color, radius: int, width: int) -> GlowPieces:
    """The open-buzzer frame, the answering team's: `draw_glow_frame` kept as its four edges (piece, where)
    — nothing inside them shows. A question card's whole frame was 4.7 MB at 1080p (19 at 4K), its edges
    ~1 MB; blitting them draws the same pixels and skips the transparent middle. Each edge is drawn on its
    own (the whole frame, 19 MB at 4K, was made for a moment: the peak of a walk)."""
    pad = width * 3
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    edge = width * 3 + max(radius, width) + 2  # the glow, then the rounded corners' reach inwards
    if 2 * edge >= min(w, h):
        return ((draw_glow_frame(size, color, radius, width), (0, 0)),)
    parts = (pygame.Rect(0, 0, w, edge), pygame.Rect(0, h - edge, w, edge), pygame.Rect(0, edge, edge, h - 2 * edge),
             pygame.Rect(w - edge, edge, edge, h - 2 * edge))
    pieces = []
    for part in parts:
        piece = pygame.Surface(part.size, pygame.SRCALPHA)
        _draw_glow_frame_part(piece, part.topleft, size, color, radius, width)
        pieces.append((piece, part.topleft))
    return tuple(pieces)


def blit_glow_frame(target: pygame.Surface, rect: pygame.Rect, color: Color, radius: int, width: int,
                    alpha: int = 255, *, give_way: GiveWayFn) -> None:
    pad = width * 3
    for piece, (x, y) in glow_frame(rect.size, rgb(color), radius, width):
        if alpha < 255:
            piece = piece.copy()
            piece.set_alpha(alpha)
        blit(target, piece, (rect.x - pad + x, rect.y - pad + y), give_way=give_way)


@bounded(8 * MB)  # every clock's size × its colours (track, running, warning) in one show
def ring_image(radius: int, width: int, color: Color) -> pygame.Surface:
    """A whole anti-aliased ring, drawn once a size and colour (a thick anti-aliased circle costs 2 ms at
    1080p and 7 ms at 4K to draw; its picture costs a blit)."""
    image = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    pygame.draw.aacircle(image, color, (radius + 1, radius + 1), radius, width)
    return image


def ring(target: pygame.Surface, center: tuple[int, int], radius: int, width: int, fraction: float,
         color: Color, track: Color, give_way: GiveWayFn) -> None:
    """A clock ring, anti-aliased: the track, then the remaining fraction clockwise from twelve o'clock,
    round caps. The whole rings are cached pictures; the arc is a filled band with anti-aliased edges."""
    give_way()
    fraction = max(0.0, min(1.0, fraction))
    # The track is made even for a full clock: one drawn ahead (a prepared picture) then has it ready for
    # its first tick (making it then cost one frame 20 ms at 3840×2160). The arc's colour may pulse, so
    # only a full ring's own colour is cached as a picture.
    empty = ring_image(radius, width, rgb(track))
    if fraction >= 0.999:
        target.blit(ring_image(radius, width, rgb(color)), (center[0] - radius - 1, center[1] - radius - 1))
        return
    target.blit(empty, (center[0] - radius - 1, center[1] - radius - 1))
    if fraction <= 0:
        return
    steps = max(2, int(180 * fraction))
    outer_pts, inner_pts = [], []
    for i in range(steps + 1):
        angle = -math.pi / 2 + 2 * math.pi * fraction * i / steps
        outer_pts.append((center[0] + (radius - 0.5) * math.cos(angle), center[1] + (radius - 0.5) * math.sin(angle)))
        inner_pts.append((center[0] + (radius - width + 0.5) * math.cos(angle),
                          center[1] + (radius - width + 0.5) * math.sin(angle)))
    pygame.draw.polygon(target, color, outer_pts + inner_pts[::-1])
    pygame.draw.aalines(target, color, False, outer_pts)
    pygame.draw.aalines(target, color, False, inner_pts)
    cap = width / 2
    for x, y in ((outer_pts[0][0] + inner_pts[0][0]) / 2, (outer_pts[0][1] + inner_pts[0][1]) / 2), \
            ((outer_pts[-1][0] + inner_pts[-1][0]) / 2, (outer_pts[-1][1] + inner_pts[-1][1]) / 2):
        pygame.draw.aacircle(target, color, (round(x), round(y)), round(cap))


def fit_size(size: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    """The size a picture of `size` is shown at in `box`: as large as fits, its proportions kept."""
    w, h = size
    scale = min(box[0] / max(1, w), box[1] / max(1, h))
    return max(1, int(w * scale)), max(1, int(h * scale))


def fit_image(image: pygame.Surface, box: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(image, fit_size(image.get_size(), box))


_SCRATCH: dict[Hashable, pygame.Surface] = {}  # by pixel format: the one buffer `scaled` draws into


def _scratch(like: pygame.Surface, size: tuple[int, int]) -> tuple[pygame.Surface, bool]:
    """The scratch buffer for pictures in `like`'s pixel format, at least `size` big; True if made now."""
    kind = (like.get_bitsize(), like.get_flags() & pygame.SRCALPHA, like.get_masks())
    have = _SCRATCH.get(kind)
    if have is not None and have.get_width() >= size[0] and have.get_height() >= size[1]:
        return have, False
    grown = (max(size[0], have.get_width() if have else 0), max(size[1], have.get_height() if have else 0))
    _SCRATCH[kind] = pygame.Surface(grown, like.get_flags() & pygame.SRCALPHA, like)
    return _SCRATCH[kind], True


def reserve_scratch(size: tuple[int, int]) -> bool:
    """Idle time: make the scratch of `scaled` for the panels and words of a picture this size (allocating it
    in the first frame of an entrance cost up to 60 ms at 3840×2160). True if it was made now. Big enough
    for what springs open over a scene (a banner, «Внимание!», the splash's words, a title: at most 0.8 ×
    0.3 of the screen), not for a card springing open over the whole picture (`reserve_scratch_for`, when
    its scene is composed: «Своя игра»'s cat is 0.8 × 0.65; 10 MB less at 4K in a show with none)."""
    plates = (size[0] * 4 // 5, size[1] * 3 // 10)
    return _scratch(panel((1, 1), (0, 0, 0, 255), (0, 0, 0, 255), None, 0), plates)[1]


def reserve_scratch_for(image: pygame.Surface) -> bool:
    """The scratch of `scaled` big enough for `image` springing open (made when its scene's still layer is
    composed: in idle time, before the picture that springs it). True if it was made now."""
    return _scratch(image, image.get_size())[1]


def scaled(image: pygame.Surface, width: float, height: float | None = None) -> pygame.Surface:
    """A cached full-size picture shrunk for an entrance (a card springing open): scaling one surface costs
    far less than drawing a new panel at every in-between size. At full size or above (a spring's
    overshoot) the picture itself.

    The result is a view of a scratch buffer kept per pixel format, valid until the next call: blit it at
    once. A new multi-megabyte surface a frame cost more than the scaling itself (fresh pages: 13 ms for a
    card at 3840×2160 against 3 ms into a kept buffer)."""
    height = width if height is None else height
    if width >= 0.999 and height >= 0.999:
        return image
    w, h = image.get_size()
    size = (max(1, int(w * width)), max(1, int(h * height)))
    scratch, _ = _scratch(image, (w, h))  # the whole picture's size: an entrance's every step then fits
    view = scratch.subsurface(pygame.Rect((0, 0), size))
    pygame.transform.scale(image, size, view)
    return view
