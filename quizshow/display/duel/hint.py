"""The host's hint on the duel's projector: a plate at the foot of the queue's box, with its heading and the
host's words (smaller beside a long queue, `grid.hint_height`)."""

from __future__ import annotations

import pygame

from quizshow.display import paint
from quizshow.display.duel.grid import COMPACT_FROM, hint_height, queue_rect
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.plates import words
from quizshow.formats.duel.model import Asking


def draw(surface: pygame.Surface, frame: Frame, asking: Asking, count: int) -> None:
    """The hint being shown, under a queue of `count` presses."""
    box = queue_rect(frame)
    compact = count >= COMPACT_FROM
    tall = hint_height(frame, count)
    area = pygame.Rect(box.x + frame.u(22), box.bottom - frame.u(22) - tall, box.width - frame.u(44), tall)
    plate = paint.rgb(frame.color("panel_dark"))
    surface.blit(paint.panel(area.size, plate, plate, paint.rgb(frame.color("accent")), frame.u(14),
                             max(2, frame.u(2))), area)
    head = frame.u(40 if compact else 48)  # the plate's own heading, smaller beside a long queue
    words(surface, frame, frame.say("scene.duel_hint").upper(), pygame.Rect(area.x + frame.u(20), area.y +
          frame.u(6 if compact else 10), area.width - frame.u(40), frame.u(34)), color=frame.color("accent"),
          px=22 if compact else 24, anchor="midleft", shadow=False)
    text = frame.text.fit(asking.hint, "body", (area.width - frame.u(40), area.height - head - frame.u(6)),
                          frame.color("text"), frame.u(34), align="left")
    surface.blit(text, (area.x + frame.u(20), area.y + head))
