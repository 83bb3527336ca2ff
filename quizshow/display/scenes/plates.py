"""The plates every format's scenes draw on: a large card, a card springing open after an event over the
studio background, and words fitted into a box (shared pieces, not one format's)."""

from __future__ import annotations

import pygame

from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.scenes.base import Frame
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
    to hold its words (None before)."""
    grow = max(0.05, ease_out_back(min(1.0, frame.anim.since(since, frame.now) / duration)))
    plate = plate_rect(frame, width, height)
    if grow >= 0.999:  # open: the background with the card on it is one opaque picture, composed once
        paint.blit(surface, backdrop(frame, plate), give_way=frame.give_way)
        return plate
    frame.paint_background(surface)
    body = paint.scaled(card_surface(frame, plate.size, frame.color("accent")), grow)
    surface.blit(body, body.get_rect(center=plate.center))
    return plate if grow >= WORDS_AT else None


def plate_rect(frame: Frame, width: float, height: int) -> pygame.Rect:
    """Where `spring_card`'s card stands once open (`width` of the screen, `height` on the design grid)."""
    plate = pygame.Rect(0, 0, int(frame.size[0] * width), frame.u(height))
    plate.center = (frame.size[0] // 2, frame.u(420))
    return plate


def warm_backdrop(frame: Frame, width: float, height: int) -> bool:
    """Idle time while a card springs open: its backdrop, so the frame it opens in only blits it (the one kept
    may be another card's). True if it was made now."""
    plate = plate_rect(frame, width, height)
    if _BACKDROP and _BACKDROP[0][0] == (frame.size, tuple(plate), frame.theme.name):
        return False
    backdrop(frame, plate)
    return True


_BACKDROP: list[tuple[tuple, pygame.Surface]] = []  # the one kept: (its card's key, the picture)


def backdrop(frame: Frame, plate: pygame.Rect) -> pygame.Surface:
    """The studio background with an open card on it (blitting a big translucent card every frame costs
    4 ms at 4K; this is one opaque blit). One is kept, made when a card has opened: another card's is drawn
    into the same surface (two kept were 16 MB at 1080p, 63 MB at 4K, for cards never on screen together)."""
    key = (frame.size, tuple(plate), frame.theme.name)
    if _BACKDROP and _BACKDROP[0][0] == key:
        return _BACKDROP[0][1]
    background = frame.background()
    if _BACKDROP and _BACKDROP[0][1].get_size() == background.get_size():
        found = _BACKDROP[0][1]
        paint.blit(found, background, give_way=frame.give_way)
    else:
        _BACKDROP.clear()  # the old picture goes before the new one is made
        found = background.copy()
    card(found, frame, plate, frame.color("accent"))
    _BACKDROP[:] = [(key, found)]
    return found


def words(surface: pygame.Surface, frame: Frame, text: str, box: pygame.Rect, role: str = "heading",
          color: pygame.Color | None = None, px: int = 60, anchor: str = "center", shadow: bool = True,
          upper: bool = False) -> pygame.Rect:
    """Text fitted into `box` (shrunk or wrapped, never overflowing) and placed by `anchor`."""
    img = frame.text.fit(text.upper() if upper else text, role, box.size, color or frame.color("text"), frame.u(px),
                         shadow=shadow)
    rect = img.get_rect(**{anchor: getattr(box, anchor)})
    surface.blit(img, rect)
    return rect
