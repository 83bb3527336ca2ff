"""The console's panel of the phones' join codes (F6; Esc closes it): each seat's QR code, its name, and
whether a phone holds it — for a team that missed the projector's «Подключение игроков», shown on the
operator's screen turned towards them."""

from __future__ import annotations

import pygame

from quizshow.display.console.style import CODES_SHADE, GOLD, GOOD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.display.scenes.join import grid, qr_surface
from quizshow.inputs.phones.board import FREE, JoinBoard


def draw_codes(surface: pygame.Surface, ui: PanelUI, board: JoinBoard, title: str, unit: int) -> None:
    w, h = surface.get_size()
    box = pygame.Rect(w // 24, h // 24, w * 11 // 12, h * 11 // 12)
    ui.sheet(box, CODES_SHADE)
    heading = ui.fitted(title, "heading", (box.width - unit * 2, unit * 2), GOLD, unit * 2)
    surface.blit(heading, (box.x + unit, box.y + unit))
    area = pygame.Rect(box.x + unit, box.y + unit * 4, box.width - unit * 2, box.height - unit * 5)
    if not board.seats:
        return
    label_h = unit * 3
    columns, rows, _ = grid(len(board.seats), area, unit, label_h)
    cell_w = (area.width - unit * (columns - 1)) // columns
    cell_h = (area.height - unit * (rows - 1)) // rows
    for i, seat in enumerate(board.seats):
        cell = pygame.Rect(area.x + (i % columns) * (cell_w + unit), area.y + (i // columns) * (cell_h + unit),
                           cell_w, cell_h)
        code = qr_surface(seat.url, min(cell.width, cell.height - label_h))
        surface.blit(code, code.get_rect(midtop=(cell.centerx, cell.y)))
        name = ui.fitted(f"{seat.key}. {seat.name}", "heading", (cell.width, unit * 3 // 2), TEXT, int(unit * 1.2),
                         align="center")
        surface.blit(name, name.get_rect(midtop=(cell.centerx, cell.y + code.get_height() + unit // 4)))
        if seat.status == FREE:
            said, colour = ui.say("scene.join_free"), MUTED
        else:
            said, colour = ui.say("scene.join_joined"), GOOD
            if seat.rtt_ms is not None:
                said += ", " + ui.say("scene.join_rtt", ms=seat.rtt_ms)
        state = ui.fitted(said, "body", (cell.width, unit * 5 // 4), colour, unit, align="center")
        surface.blit(state, state.get_rect(midtop=(cell.centerx, cell.y + code.get_height() + unit * 7 // 4)))
