"""The plates every format's scenes draw on: a large card, a card springing open after an event over the
studio background, and words fitted into a box (shared pieces, not one format's)."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.tween import WORDS_AT, ease_out_back


def card_surface(frame: Frame, size: tuple[int, int], edge: pygame.Color | None = None) -> pygame.Surface:
    return paint.panel(size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                       paint.rgb(edge or frame.color("panel_edge")), frame.u(28), frame.u(3))


def card(surface: pygame.Surface, frame: Frame, rect: pygame.Rect, edge: pygame.Color | None = None) -> None:
    """A large plate for a title or a special's card."""
    surface.blit(card_surface(frame, rect.size, edge), rect)


def spring_card(surface: pygame.Surface, frame: Frame, since: EventKind, width: float, height: int,
                duration: float) -> pygame.Rect | None:
    """The background and a card springing open after an event; the card's rect once it is big enough
    to hold its words (None before). Open, the background with the card on it is the scene's still layer
    (`SpringCardScene`), already under `surface`: nothing is drawn."""
    grow = card_grow(frame, since, duration)
    plate = plate_rect(frame, width, height)
    if grow >= OPEN:
        return plate
    frame.paint_background(surface)
    body = paint.scaled(card_surface(frame, plate.size, frame.color("accent")), grow)
    surface.blit(body, body.get_rect(center=plate.center))
    return plate if grow >= WORDS_AT else None


OPEN = 0.999  # a springing card this big is open: its still layer is shown


def card_grow(frame: Frame, since: EventKind, duration: float) -> float:
    """How far a card springing open `duration` seconds after the event `since` has grown (1: open)."""
    return max(0.05, ease_out_back(min(1.0, frame.anim.since(since, frame.now) / duration)))


def plate_rect(frame: Frame, width: float, height: int) -> pygame.Rect:
    """Where `spring_card`'s card stands once open (`width` of the screen, `height` on the design grid)."""
    plate = pygame.Rect(0, 0, int(frame.size[0] * width), frame.u(height))
    plate.center = (frame.size[0] // 2, frame.u(420))
    return plate


class SpringCardScene(Scene):
    """A scene whose card springs open over the studio background (`spring_card` with `card`'s event, width,
    height and duration). Once open, the background with the card on it is the scene's still layer: one
    opaque blit a frame (a big translucent card blitted every frame cost 4 ms at 4K) and no full-screen
    picture of its own (a kept backdrop was 8 MB at 1080p, 32 MB at 4K). While it springs, the layer is
    neither drawn nor needed."""

    card: tuple[EventKind, float, int, float] = (EventKind.QUESTION, 0.8, 700, 0.6)

    def static_key(self, frame: Frame) -> Hashable:
        _, width, height, _ = self.card
        return "card", tuple(plate_rect(frame, width, height)), frame.theme.name

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        _, width, height, _ = self.card
        frame.paint_background(surface)
        frame.give_way()
        plate = plate_rect(frame, width, height)
        card(surface, frame, plate, frame.color("accent"))
        paint.reserve_scratch_for(card_surface(frame, plate.size, frame.color("accent")))  # what it springs in

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        since, _, _, duration = self.card
        if card_grow(frame, since, duration) >= OPEN:
            super().draw(surface, frame)  # the layer, then the words over it
        else:
            self.draw_moving(surface, frame)


def words(surface: pygame.Surface, frame: Frame, text: str, box: pygame.Rect, role: str = "heading",
          color: pygame.Color | None = None, px: int = 60, anchor: str = "center", shadow: bool = True,
          upper: bool = False) -> pygame.Rect:
    """Text fitted into `box` (shrunk or wrapped, never overflowing) and placed by `anchor`."""
    img = frame.text.fit(text.upper() if upper else text, role, box.size, color or frame.color("text"), frame.u(px),
                         shadow=shadow)
    rect = img.get_rect(**{anchor: getattr(box, anchor)})
    surface.blit(img, rect)
    return rect
