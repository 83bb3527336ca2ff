"""The frame cache: what of the last frame can be reused and what must be drawn again.

The window keeps the last frame's pixels on its surface. A steady frame (the last frame's state and still
layer, on the same surface, nothing drawn over it) draws only the moving pieces that changed
(`Scene.moving`), each restored from the still layer first, and the window flips only their rectangles
(`dirty`). A frame in which only a clock runs draws and flips the clocks' squares. Whether a picture is still
at all (`is_still`) is read from the frame: no clock, banner, video, flash, count-up, entrance or perpetual motion.

It keeps the still layers (`Layers`: the current picture's and the likely next ones'), the last frame's plain
picture and what it showed; it never decides which picture goes on air (projector/composition.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.scenes.base import Frame, Layers, Piece, Scene
from quizshow.inputs.phones.board import JoinBoard

SETTLE_S = 2.5  # entrances, count-ups and springs after a change are over by then
DIRTY_MOST = 8  # a steady frame redraws at most this many separate rectangles (more: their union)
Box = tuple[int, int, int, int]
# What a frame showed: the state, the size, the line check and the join codes (the switches that cover it)
Shows = tuple[ShowState, tuple[int, int], bool, JoinBoard | None]


class Plain:
    """A frame drawn plain (its scene's still layer and moving pieces, nothing over them), for the next
    steady frame: the layer's key, the layer, the pieces (`Scene.moving`, by box)."""

    __slots__ = ("key", "layer", "pieces")

    def __init__(self, key: Hashable, layer: pygame.Surface, pieces: list[tuple[Box, Hashable]]) -> None:
        self.key = key
        self.layer = layer
        self.pieces = pieces


class Steady:
    """A steady frame: the still layer, the rectangles to draw again, and what it leaves for the next."""

    __slots__ = ("layer", "regions", "leaves")

    def __init__(self, layer: pygame.Surface, regions: list[pygame.Rect], leaves: Plain) -> None:
        self.layer = layer
        self.regions = regions
        self.leaves = leaves


def layer_key(scene: Scene, frame: Frame) -> Hashable:
    """The key of a scene's still layer in `Layers` (as `Scene.prepare` names it), or None."""
    static = scene.static_key(frame)
    return None if static is None else (scene.name, static, frame.size)


def names_pieces(scene: Scene) -> bool:
    """Whether a scene names its moving pieces (else every frame of it is drawn whole)."""
    return type(scene).moving is not Scene.moving


def is_still(scene: Scene, frame: Frame, clocks: bool = False) -> bool:
    """Whether a scene's picture of an unchanged state is the same as a moment ago: no clock (with `clocks`:
    but its running clocks), banner, video, flash, count-up or perpetual motion, and nothing that appeared
    within SETTLE_S (an entrance keyed by its age). A scene that grows out of a rectangle (Scene.enters_from)
    animates by nothing else while it grows."""
    state, now, anim = frame.state, frame.now, frame.anim
    return ((clocks or not state.timer.running) and state.banner is None
            and (frame.video is None or frame.video.player is None)
            and not scene.perpetual(frame)
            and all(now - started > 0.7 for _, started in anim.flashes.values())
            and all(now >= c.tween.t0 + c.tween.duration for c in anim.scores.values())
            and all(now - seen > SETTLE_S for seen in anim.seen.values()))


class FrameCache:
    def __init__(self, layers: Layers | None = None) -> None:
        self.layers = layers or Layers()  # still layers: the current picture's and the next ones
        self.shows: Shows | None = None  # what the last frame showed
        self.drawn_at = 0.0  # when the last frame was drawn
        self.changed_at = -1e9  # when the state on air last changed (its entrances run for SETTLE_S)
        self.target: pygame.Surface | None = None  # the surface the last frame was drawn on
        self.clocks: list[pygame.Rect] = []  # where the last frame drew its clocks
        # The last frame drawn plain, on `target`. None: a steady frame is drawn whole.
        self.plain: Plain | None = None
        self.dirty: list[pygame.Rect] | None = None  # the rectangles the last frame changed (None: all of it)
        self.overlay_whole = False  # the last frame drew the score overlay over the whole scene (no transition)

    def invalidate(self) -> None:
        """Something else drew on the surface after the last frame: the next frame draws the whole picture."""
        self.target = None

    def steady(self, surface: pygame.Surface, shows: Shows, key: Callable[[], Hashable],
               pieces: Callable[[], list[Piece] | None]) -> Steady | None:
        """A steady frame: the last frame drew this same state plain on this same surface (the caller knows
        nothing is drawn over it this time). Then the surface holds the last frame's picture and only the
        pieces that changed since, where they were and where they are, merged, need be drawn. None: the
        frame is drawn whole (a new state or switch, another surface or an exposed window (`invalidate`),
        another still layer or one half composed, a scene that names no pieces now). `key` and `pieces`
        are asked only when the frame may be steady."""
        last = self.plain
        drawn = self.shows
        if (last is None or surface is not self.target or drawn is None
                or drawn[0] is not shows[0] or drawn[1:] != shows[1:]):
            return None
        at = key()
        if at is None or at != last.key or at in self.layers.partial:
            return None
        layer = self.layers.get(at)
        if layer is not last.layer:
            return None
        found = pieces()
        if found is None:
            return None
        now = [(box(rect), what) for rect, what in found]
        changed = [pygame.Rect(rect) for rect, _ in set(now) ^ set(last.pieces)]
        return Steady(layer, regions(changed, surface.get_rect()), Plain(at, layer, now))

    def restore(self, surface: pygame.Surface, steady: Steady, draw_moving: Callable[[pygame.Surface], None],
                give_way: paint.GiveWayFn) -> None:
        """A steady frame: each changed rectangle restored from the still layer and the moving pieces drawn
        into it (clipped to it); the rest of the surface is the last frame's, the same pixels."""
        for region in steady.regions:
            give_way()
            paint.blit(surface, steady.layer.subsurface(region), region.topleft, give_way=give_way)
            surface.set_clip(region)
            try:
                draw_moving(surface)
            finally:
                surface.set_clip(None)

    def plain_now(self, key: Hashable, pieces: Callable[[], list[Piece] | None]) -> Plain | None:
        """What a frame drawn whole and plain leaves for the next steady frame (None: the next frame is drawn
        whole too)."""
        if key is None or key in self.layers.partial:
            return None
        layer = self.layers.get(key)
        found = pieces() if layer is not None else None
        if layer is None or found is None:
            return None
        return Plain(key, layer, [(box(rect), what) for rect, what in found])

    def clock_area(self, surface: pygame.Surface, overlaid: bool, only_clock: bool,
                   running: bool) -> pygame.Rect | None:
        """The part of the surface a frame draws again when the rest is the last frame's: the clocks' squares
        while only a clock runs (or under the score overlay settled over a still picture); nothing at all
        (an empty rectangle) under that overlay with no clock running. None: the frame is drawn otherwise."""
        if (overlaid or only_clock) and self.clocks and running and surface is self.target:
            return self.clocks[0].unionall(self.clocks[1:])
        if overlaid and not running:
            return pygame.Rect(0, 0, 0, 0)
        return None

    def drew(self, surface: pygame.Surface, shows: Shows, now: float, shown_layer: Hashable,
             clocks: list[pygame.Rect], area: pygame.Rect | None, steady: Steady | None, only_clock: bool) -> None:
        """A frame was drawn: what it showed, where, its clocks, and what the window flips (`dirty`)."""
        self.shows = shows
        self.drawn_at = now
        self.layers.shown = shown_layer  # on screen: its layer gives its surface to none
        if area is None or area.width:
            self.target, self.clocks = surface, list(clocks)
        if area is not None:  # a frame in which only a clock ran: the window shows only its squares again
            self.dirty = [area] if area.width else []
        elif steady is not None:
            self.dirty = steady.regions
        else:
            self.dirty = list(clocks) if only_clock and clocks else None


def box(rect: pygame.Rect) -> Box:
    return rect.x, rect.y, rect.width, rect.height


def regions(rects: list[pygame.Rect], bounds: pygame.Rect, most: int = DIRTY_MOST) -> list[pygame.Rect]:
    """The rectangles a steady frame draws again, each restored from the still layer whole then drawn over
    (so overlapping ones may each be drawn: the last one's pixels are right too): clipped to the screen,
    overlapping ones merged where their union is not much bigger than they are (a banner over a score
    strip's card stays two); more than `most`: their union."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.clip(bounds)
        if not rect.width or not rect.height:
            continue
        joined = True
        while joined:
            joined = False
            for i, other in enumerate(merged):
                union = rect.union(other)
                if rect.colliderect(other) and union.w * union.h <= 1.25 * (rect.w * rect.h + other.w * other.h):
                    rect = union
                    del merged[i]
                    joined = True
                    break
        merged.append(rect)
    if len(merged) > most:
        return [merged[0].unionall(merged[1:])]
    return merged
