"""The console's copy of the projector's picture, and over it, while the projector is blank, the console
saying so («ПРОЕКТОР ЗАТЕМНЁН»)."""

from __future__ import annotations

import pygame

from quizshow.display import paint
from quizshow.display.console.style import BAD, EDGE, MUTED, TEXT
from quizshow.display.console.ui import PanelUI


def draw_preview(ui: PanelUI, box: pygame.Rect, preview: pygame.Surface | None) -> None:
    surface, unit = ui.surface, ui.unit
    pygame.draw.rect(surface, EDGE, box.inflate(4, 4), width=2)
    if preview is not None:  # scaled in bands (one scale of a 1080p picture held a box's press for 0.5 ms)
        if preview.get_size() != box.size:
            paint.scale_into(surface, preview, box, ui.give_way)
        else:
            paint.blit(surface, preview, box.topleft, give_way=ui.give_way)
    tag = ui.fitted(ui.say("console.preview"), "heading", (box.width, unit), MUTED, int(unit * 0.7))
    surface.blit(tag, (box.x + 6, box.bottom + 2))


def draw_blank_mark(ui: PanelUI, box: pygame.Rect) -> None:
    """While the projector is blank the console says so, over its preview: «ПРОЕКТОР ЗАТЕМНЁН»."""
    if not ui.state.view.blank:
        return
    surface, unit = ui.surface, ui.unit
    pygame.draw.rect(surface, BAD, box.inflate(6, 6), width=4, border_radius=4)
    img = ui.fitted(ui.say("console.projector_blank"), "heading", (box.width - unit * 2, unit * 3), TEXT,
                    int(unit * 1.5), align="center", wrap=True)
    plate = img.get_rect(center=box.center).inflate(unit, unit // 2)
    pygame.draw.rect(surface, BAD, plate, border_radius=6)
    surface.blit(img, img.get_rect(center=box.center))
