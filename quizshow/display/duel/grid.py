"""Where the duel's parts stand on the 1920×1080 design grid: the tables, the thinking bar, the press queue
and its rows (two lines each once the queue is long or a hint shares its box)."""

from __future__ import annotations

import pygame

from quizshow.display.scenes.base import Frame


def tile_rect(frame: Frame, team: int, player: int) -> pygame.Rect:
    gap, left, width = frame.u(28), frame.u(60), frame.u(1180)
    w = (width - gap * 3) // 4
    y = frame.u(210) if team == 0 else frame.u(690)
    return pygame.Rect(left + player * (w + gap), y, w, frame.u(280))


def bar_rect(frame: Frame) -> pygame.Rect:
    return pygame.Rect(frame.u(60), frame.u(514), frame.u(1180), frame.u(152))


def queue_rect(frame: Frame) -> pygame.Rect:
    return pygame.Rect(frame.u(1280), frame.u(150), frame.u(580), frame.u(880))


COMPACT_FROM = 5  # this many presses or more: rows of two lines, the heading's note and the hint made smaller


def compact_rows(count: int, hint: bool) -> bool:
    """Whether the queue's rows are of two lines (`rows.entry_compact`): from five presses on, and beside a
    hint from the first (QA 5: the three-line cards beside a hint put the names at 15-22 px at 1080 lines; two
    lines keep a name at 28 px and more, readable from the back of a hall)."""
    return count >= COMPACT_FROM or hint


def hint_height(frame: Frame, count: int) -> int:
    """The hint's plate under the queue: smaller while the queue is long (the presses keep readable rows)."""
    return frame.u(124) if count >= COMPACT_FROM else frame.u(190)


def entry_rects(frame: Frame, count: int, hint: bool) -> list[pygame.Rect]:
    """The queue's rows. Up to four presses a row is a card of three lines; from five on, two lines
    («Бета · Красный  +0,037 с» over the player's name and the standing) so that eight presses still
    read from the back of a hall (about 30 px and more at 1080 lines), the hint shown or not."""
    box = queue_rect(frame)
    compact = count >= COMPACT_FROM
    top = box.y + (frame.u(22) if compact and hint else frame.u(84) if compact else frame.u(118))
    bottom = box.bottom - frame.u(22) - (hint_height(frame, count) + frame.u(10) if hint else 0)
    gap = frame.u(6 if compact and hint else 8 if compact else 16)
    h = min(frame.u(176), (bottom - top - gap * max(0, count - 1)) // max(1, count))
    return [pygame.Rect(box.x + frame.u(22), top + i * (h + gap), box.width - frame.u(44), h) for i in range(count)]
