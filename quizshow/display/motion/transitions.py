"""Transitions between two scenes: an opaque zoom out of a board cell, wipes and pushes.

A transition composes one frame from the outgoing picture (the last frame of the old scene, kept in a
buffer) and the incoming scene, which is drawn live (its clock keeps running). Nothing is translucent:
at every moment each pixel belongs to one picture, as on a vision mixer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from quizshow.display import paint
from quizshow.display.tween import ease_in_out_cubic, ease_out_cubic
from quizshow.themefile import DEFAULT_COLORS

ACCENT = paint.rgb(pygame.Color(DEFAULT_COLORS["accent"]))  # the edge line, unless given the theme's accent

DrawFn = Callable[[pygame.Surface], None]  # draws the incoming scene onto a full-size surface


@dataclass
class Transition:
    started: float
    duration: float = 0.45

    @property
    def moves_incoming(self) -> bool:
        """Whether `compose` draws the new picture into the `incoming` buffer (else it is not used)."""
        return False

    def progress(self, now: float) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, max(0.0, (now - self.started) / self.duration))

    def done(self, now: float) -> bool:
        return now >= self.started + self.duration

    def compose(self, target: pygame.Surface, outgoing: pygame.Surface, incoming: pygame.Surface, draw: DrawFn,
                now: float, give_way: paint.GiveWayFn = paint.never) -> None:
        """One frame of the transition onto `target`. `incoming` is a spare full-size buffer for
        transitions that move the incoming picture."""
        draw(target)


class Cut(Transition):
    """No motion: the new picture at once."""


@dataclass
class Wipe(Transition):
    """The new picture uncovers the old one from one edge, behind a thin gold edge line."""

    direction: str = "right"  # the way the edge travels: right, left, down, up
    edge: tuple[int, int, int, int] = ACCENT

    def compose(self, target: pygame.Surface, outgoing: pygame.Surface, incoming: pygame.Surface, draw: DrawFn,
                now: float, give_way: paint.GiveWayFn = paint.never) -> None:
        t = ease_in_out_cubic(self.progress(now))
        w, h = target.get_size()
        line = max(2, h // 180)
        if self.direction in ("right", "left"):
            x = int(w * t)
            left = pygame.Rect(x, 0, w - x, h) if self.direction == "right" else pygame.Rect(0, 0, w - x, h)
            shown = pygame.Rect(0, 0, x, h) if self.direction == "right" else pygame.Rect(w - x, 0, x, h)
            edge = pygame.Rect((left.x - line) if self.direction == "right" else left.right, 0, line, h)
        else:
            y = int(h * t)
            left = pygame.Rect(0, y, w, h - y) if self.direction == "down" else pygame.Rect(0, 0, w, h - y)
            shown = pygame.Rect(0, 0, w, y) if self.direction == "down" else pygame.Rect(0, h - y, w, y)
            edge = pygame.Rect(0, (left.y - line) if self.direction == "down" else left.bottom, w, line)
        # The new picture is drawn only where it is uncovered: every pixel is written once a frame, and
        # the last frames (the new picture almost whole) cost no more than the new scene's own frame.
        if shown.w > 0 and shown.h > 0:
            with clipped(target, shown):
                draw(target)
        if left.w > 0 and left.h > 0:
            paint.blit(target, outgoing.subsurface(left), left.topleft, give_way=give_way)
            if 0 < t < 1:
                target.fill(self.edge, edge)


@dataclass
class Push(Transition):
    """The new picture pushes the old one out of the frame."""

    direction: str = "left"  # the way both pictures travel: left, right, up, down

    @property
    def moves_incoming(self) -> bool:  # from the left or the top it is drawn into a buffer, then moved
        return self.direction in ("right", "down")

    def compose(self, target: pygame.Surface, outgoing: pygame.Surface, incoming: pygame.Surface, draw: DrawFn,
                now: float, give_way: paint.GiveWayFn = paint.never) -> None:
        t = ease_in_out_cubic(self.progress(now))
        w, h = target.get_size()
        if t >= 1:
            draw(target)
            return
        dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[self.direction]
        shift = int((w if dx else h) * t)
        old = pygame.Rect(0, 0, w, h).move(dx * shift, dy * shift).clip(target.get_rect())
        new = pygame.Rect(0, 0, w, h).move(-dx * ((w if dx else h) - shift), -dy * ((w if dx else h) - shift)) \
            .clip(target.get_rect())
        if old.w > 0 and old.h > 0:
            source = pygame.Rect(old.x - dx * shift, old.y - dy * shift, old.w, old.h)
            paint.blit(target, outgoing.subsurface(source), old.topleft, give_way=give_way)
        if new.w > 0 and new.h > 0:
            far = (w if dx else h) - shift
            source = pygame.Rect(new.x + dx * far, new.y + dy * far, new.w, new.h)
            if source.topleft == (0, 0):
                # Coming in from the right or the bottom, the part in the frame is the new picture's top-left
                # corner: drawn straight into its place (a view of the frame), with no copy.
                draw(target.subsurface(new))
                return
            with clipped(incoming, source):  # only the part of the new picture already in the frame
                draw(incoming)
            paint.blit(target, incoming.subsurface(source), new.topleft, give_way=give_way)


@dataclass
class Zoom(Transition):
    """The new picture grows, opaque, out of a rectangle of the old one (a board cell) to the full frame."""

    origin: pygame.Rect | None = None
    edge: tuple[int, int, int, int] = ACCENT  # the growing picture's frame

    @property
    def moves_incoming(self) -> bool:  # drawn whole into a buffer, then scaled into its rectangle
        return self.origin is not None

    def compose(self, target: pygame.Surface, outgoing: pygame.Surface, incoming: pygame.Surface, draw: DrawFn,
                now: float, give_way: paint.GiveWayFn = paint.never) -> None:
        t = ease_in_out_cubic(self.progress(now))
        if self.origin is None or t >= 1:
            draw(target)
            return
        w, h = target.get_size()
        cell = self.origin
        rect = pygame.Rect(round(cell.x * (1 - t)), round(cell.y * (1 - t)), round(cell.w + (w - cell.w) * t),
                           round(cell.h + (h - cell.h) * t))
        # The old picture only where the growing card does not cover it: four strips, not a full blit.
        for strip in (pygame.Rect(0, 0, w, rect.y), pygame.Rect(0, rect.bottom, w, h - rect.bottom),
                      pygame.Rect(0, rect.y, rect.x, rect.h), pygame.Rect(rect.right, rect.y, w - rect.right, rect.h)):
            strip = strip.clip(target.get_rect())
            if strip.w > 0 and strip.h > 0:
                paint.blit(target, outgoing.subsurface(strip), strip.topleft, give_way=give_way)
        draw(incoming)
        paint.scale_into(target, incoming, rect.clip(target.get_rect()), give_way)
        line = max(2, h // 270)
        if 0 < t < 1:
            pygame.draw.rect(target, self.edge, rect, line, border_radius=max(2, round(h / 90 * (1 - t))))


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Drawing onto `surface` touches only `rect` meanwhile (SDL clips every blit, fill and shape)."""
    before = surface.get_clip()
    surface.set_clip(rect.clip(before))
    try:
        yield
    finally:
        surface.set_clip(before)


def ease(t: float) -> float:
    return ease_out_cubic(t)


# The scenes' names → the family a transition is chosen by.
def pick(old: str, new: str, now: float, duration: float, origin: pygame.Rect | None = None,
         edge: tuple[int, int, int, int] = ACCENT) -> Transition:
    """The transition from scene `old` to scene `new` (names): a cell's question zooms out of its cell; the
    final, the scores and the winner push up; back to the board wipes from the right; the rest wipes."""
    if origin is not None:
        return Zoom(now, duration, origin, edge)
    if old == new:
        return Wipe(now, duration * 0.8, "right", edge)  # the next question of the same kind
    if any(word in new for word in ("final", "winner", "result", "scores", "shootout")):
        return Push(now, duration, "up")
    if "board" in new:
        return Wipe(now, duration, "left", edge)
    if "title" in old or "round" in new:
        return Push(now, duration, "left")
    return Wipe(now, duration, "right", edge)
