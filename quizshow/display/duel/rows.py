"""A press's row in the duel's queue: its plate in the table's colour, the number it wears, whose press it
is, its margin behind the first and its standing; a card of three lines in a short queue, two lines in a
long one (`grid.compact_rows`)."""

from __future__ import annotations

import pygame

from quizshow.display import paint
from quizshow.display.duel.common import dark_ink, fmt_of, light_ink, table_colour
from quizshow.display.duel.labels import badge, pill
from quizshow.display.scenes.base import Frame
from quizshow.formats.duel.format import QueueEntry
from quizshow.formats.duel.model import COLOURS


def _plate(surface: pygame.Surface, frame: Frame, rect: pygame.Rect, entry: QueueEntry) -> None:
    asked = entry.status == "answering"
    dark = frame.color("panel_dark")
    fill_top = frame.color("panel_top") if asked else paint.mix(dark, frame.color("panel"), 0.55)
    edge = frame.color("accent") if asked else frame.color("panel_edge")
    surface.blit(paint.panel(rect.size, paint.rgb(fill_top), paint.rgb(paint.mix(fill_top, dark, 0.4)),
                             paint.rgb(edge), frame.u(14), max(2, frame.u(4 if asked else 2))), rect)
    stripe = pygame.Rect(rect.x + frame.u(3), rect.y + frame.u(3), frame.u(12), rect.height - frame.u(6))
    pygame.draw.rect(surface, table_colour(frame.theme, entry.seat[1]), stripe, border_top_left_radius=frame.u(12),
                     border_bottom_left_radius=frame.u(12))


def _status(surface: pygame.Surface, frame: Frame, entry: QueueEntry, right: int, centery: int, width: int,
            height: int, px: int) -> int:
    """The press's standing at the right of its row, inside it: a pill (answering, wrong, correct,
    disqualified) or a quiet word (waits, out, not asked). Returns where it begins (its left)."""
    status = frame.say(f"scene.duel_{entry.status}")
    if entry.status == "answering" or entry.status in ("wrong", "correct", "dq"):
        if entry.status == "answering":
            fill, ink, status = frame.color("accent"), dark_ink(frame), status.upper()
        else:
            fill = frame.color("good") if entry.status == "correct" else frame.color("bad")
            ink = light_ink(frame)
        return pill(surface, frame, status, (right, centery), fill, ink, px, width=width, height=height,
                    right=right).x
    img = frame.text.fit(status, "body", (width, height), frame.color("muted"), frame.u(px), wrap=False,
                         align="right")
    spot = img.get_rect(midright=(right, centery))
    surface.blit(img, spot)
    return spot.x


def _start(surface: pygame.Surface, frame: Frame, rect: pygame.Rect,
           entry: QueueEntry) -> tuple[int, int, bool, bool]:
    """A queue row's plate, and whose press it is: (team, player, being asked, faded)."""
    _plate(surface, frame, rect, entry)
    team, player = entry.seat
    return team, player, entry.status == "answering", entry.status in ("wrong", "out", "unasked", "dq")


def card(surface: pygame.Surface, frame: Frame, rect: pygame.Rect, i: int, entry: QueueEntry) -> None:
    """A row of a short queue: number, «Альфа · Зелёный», the player's name, the margin, the standing."""
    state = frame.state
    team, player, asked, faded = _start(surface, frame, rect, entry)
    h = rect.height
    r = min(frame.u(44), int(h * 0.27))
    badge(surface, frame, i + 1, (rect.x + frame.u(30) + r, rect.y + h * 2 // 5), r, gold=asked)
    x = rect.x + frame.u(46) + r * 2
    ink = frame.color("muted") if faded else frame.color("text")
    title = f"{state.teams[team].name} · {frame.say(f'scene.duel_colour_{COLOURS[player]}')}"
    top_h = max(frame.u(20), int(h * 0.26))
    img = frame.text.fit(title, "heading", (rect.right - x - frame.u(16), top_h), ink, frame.u(42), wrap=False,
                         align="left", shadow=not faded)
    surface.blit(img, (x, rect.y + int(h * 0.08)))
    name = fmt_of(frame).player_name(state, entry.seat)
    if h > frame.u(110):
        img = frame.text.fit(name, "body", (rect.right - x - frame.u(16), int(h * 0.17)), frame.color("muted"),
                             frame.u(28), wrap=False, align="left")
        surface.blit(img, (x, rect.y + int(h * 0.36)))
    margin_ink = frame.color("accent") if asked else ink
    img = frame.text.fit(frame.words.duration(entry.margin, signed=True), "numbers", (frame.u(230), int(h * 0.36)),
                         margin_ink, frame.u(64), wrap=False, align="left", shadow=not faded)
    surface.blit(img, img.get_rect(bottomleft=(x, rect.bottom - int(h * 0.06))))
    status_w = rect.right - frame.u(16) - (x + frame.u(240))
    _status(surface, frame, entry, rect.right - frame.u(16), rect.bottom - int(h * 0.24), status_w,
            min(frame.u(44), int(h * 0.36)), 24)


def compact(surface: pygame.Surface, frame: Frame, rect: pygame.Rect, i: int, entry: QueueEntry) -> None:
    """A row of a long queue, two lines: «Бета · Красный … +0,037 с» over «Анна Жукова … ОТВЕЧАЕТ»."""
    state = frame.state
    team, player, asked, faded = _start(surface, frame, rect, entry)
    h = rect.height
    r = min(frame.u(28), int(h * 0.34))
    badge(surface, frame, i + 1, (rect.x + frame.u(22) + r, rect.centery), r, gold=asked)
    x = rect.x + frame.u(34) + r * 2
    right = rect.right - frame.u(12)
    line = (h - frame.u(4)) // 2
    top, bottom = rect.y + frame.u(2), rect.y + frame.u(2) + line
    ink = frame.color("muted") if faded else frame.color("text")
    margin_ink = frame.color("accent") if asked else ink
    margin = frame.text.fit(frame.words.duration(entry.margin, signed=True), "numbers", (frame.u(170), line),
                            margin_ink, frame.u(38), wrap=False, align="right", shadow=not faded)
    surface.blit(margin, margin.get_rect(midright=(right, top + line // 2)))
    title = f"{state.teams[team].name} · {frame.say(f'scene.duel_colour_{COLOURS[player]}')}"
    img = frame.text.fit(title, "heading", (margin.get_rect(right=right).x - x - frame.u(10), line), ink,
                         frame.u(40), wrap=False, align="left", shadow=not faded)
    surface.blit(img, img.get_rect(midleft=(x, top + line // 2)))
    begins = _status(surface, frame, entry, right, bottom + line // 2, frame.u(230), line, 30)
    name = fmt_of(frame).player_name(state, entry.seat)
    img = frame.text.fit(name, "body", (begins - frame.u(12) - x, line), frame.color("muted"),
                         frame.u(36), wrap=False, align="left")
    surface.blit(img, img.get_rect(midleft=(x, bottom + line // 2)))
