"""The duel's press queue on the right: its panel (in the still layer), its heading and note, the rows in
timestamp order (`rows`), and the hint under them (`hint`)."""

from __future__ import annotations

import pygame

from quizshow.display import paint
from quizshow.display.duel import hint, rows
from quizshow.display.duel.common import duel_of, fmt_of
from quizshow.display.duel.grid import COMPACT_FROM, compact_rows, entry_rects, queue_rect
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.plates import words


def panel(surface: pygame.Surface, frame: Frame) -> None:
    box = queue_rect(frame)
    dark = frame.color("panel_dark")
    surface.blit(paint.panel(box.size, paint.rgb(paint.mix(dark, frame.color("panel"), 0.2)), paint.rgb(dark),
                             paint.rgb(frame.color("panel_edge")), frame.u(20), max(2, frame.u(2))), box)


def area(frame: Frame) -> pygame.Rect:
    """The part of the queue's box its words, rows and hint are drawn on (kept as pixels): without the
    hint, down to the last row (the empty rest of the box is the layer's, copied and blitted for nothing:
    a press's row is a third of the box)."""
    box = queue_rect(frame)
    count = len(frame.state.presses.presses)
    asking = duel_of(frame).asking
    if not count or (asking is not None and asking.hint_shown):
        return box
    last = entry_rects(frame, count, False)[-1]
    return pygame.Rect(box.x, box.y, box.width, min(box.height, last.bottom + frame.u(8) - box.y))


def draw(surface: pygame.Surface, frame: Frame) -> None:
    """The queue's words and rows, and the hint, on its panel (`panel`)."""
    state, fmt = frame.state, fmt_of(frame)
    box = queue_rect(frame)
    entries = fmt.queue(state)
    asking = duel_of(frame).asking
    shown = asking is not None and asking.hint_shown
    # A long queue needs the room more than the note; beside a hint, more than the heading too (its
    # numbered rows with their margins say what they are).
    if len(entries) < COMPACT_FROM or not shown:
        words(surface, frame, frame.say("scene.duel_queue"), pygame.Rect(box.x, box.y + frame.u(18),
              box.width, frame.u(50)), color=frame.color("accent"), px=40, upper=True)
    if len(entries) < COMPACT_FROM:
        words(surface, frame, frame.say("scene.duel_queue_note"), pygame.Rect(box.x, box.y + frame.u(72),
              box.width, frame.u(32)), role="body", color=frame.color("muted"), px=24, shadow=False)
    if not entries:
        words(surface, frame, frame.say("scene.duel_no_presses"), pygame.Rect(box.x, box.y + frame.u(300),
              box.width, frame.u(60)), role="body", color=frame.color("muted"), px=34, shadow=False)
    for rect, (i, entry) in zip(entry_rects(frame, len(entries), shown), enumerate(entries), strict=True):
        frame.give_way()
        if compact_rows(len(entries), shown):
            rows.compact(surface, frame, rect, i, entry)
        else:
            rows.card(surface, frame, rect, i, entry)
    if asking is not None and asking.hint_shown:
        hint.draw(surface, frame, asking, len(entries))
