"""«Подключение игроков»: every phone seat's QR code with its team's name and colour, ticked as its phone
joins (the projector shows it over the scene while the operator has it on: the `join` action, F7).

The codes are drawn to be read by a phone camera from the back rows: whole modules of equal size (an
integer number of pixels each, no smoothing), black on white, the standard four-module quiet zone, as
large as the grid of seats allows.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from functools import lru_cache

import pygame

from quizshow.display import paint
from quizshow.display.scenes.base import Frame, Scene
from quizshow.inputs.phones.board import FREE, JOINED, JoinBoard, JoinSeat

QUIET = 4  # modules of white around a code (ISO/IEC 18004's quiet zone)
STATE_W = 170  # the seat's state beside its code (1080 lines): the tick or the dots, «подключено · 18 мс»


@lru_cache(maxsize=128)
def qr_modules(url: str) -> tuple[tuple[bool, ...], ...]:
    """The code's dark modules, quiet zone included (segno). Error correction L: a projected code is clean,
    and fewer modules are larger ones (a join link is version 3, 29 modules, where M would need 33)."""
    import segno  # here: a show without phones never loads it (with urllib, http and ssl: 8 MB of start-up)

    code = segno.make(url, error="l", micro=False, boost_error=False)
    return tuple(tuple(bool(dark) for dark in row) for row in code.matrix_iter(scale=1, border=QUIET))


def qr_surface(url: str, side: int) -> pygame.Surface:
    """The code at the largest whole number of pixels a module that fits `side`, quiet zone included."""
    rows = qr_modules(url)
    n = len(rows)
    cell = max(1, side // n)
    small = pygame.Surface((n, n))
    small.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x, y), (0, 0, 0))
    return pygame.transform.scale(small, (n * cell, n * cell))  # nearest neighbour: sharp module edges


def grid(count: int, area: pygame.Rect, gap: int, header: int, beside: int = 0) -> tuple[int, int, int]:
    """The columns and rows for `count` seats in `area` that give the largest code; and that code's side.
    A cell holds a `header` band over the code and `beside` it the seat's state."""
    best = (1, count, 0)
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        cell_w = (area.width - gap * (columns - 1)) // columns
        cell_h = (area.height - gap * (rows - 1)) // rows
        side = min(cell_w - beside, cell_h - header - gap)
        if side > best[2]:
            best = (columns, rows, side)
    return best


class JoinScene(Scene):
    name = "join"

    def __init__(self) -> None:
        self.board: JoinBoard | None = None

    def static_key(self, frame: Frame) -> Hashable:
        teams = tuple((t.name, t.color) for t in frame.state.teams)
        return (self.board, frame.language, teams)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        board = self.board
        if board is None:
            return
        w, h = frame.size
        u = frame.u
        title = frame.text.fit(frame.say("scene.join_title").upper(), "heading", (w - u(700), u(64)),
                               frame.color("accent"), u(56), shadow=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, u(22))))
        hint_key = "scene.join_hint_solo" if board.solo else "scene.join_hint"  # «your code», «your team's code»
        hint = frame.text.fit(frame.say(hint_key), "body", (w - u(400), u(40)), frame.color("text"), u(30))
        surface.blit(hint, hint.get_rect(midtop=(w // 2, u(92))))
        self._count(surface, frame, board)
        footer = pygame.Rect(u(60), h - u(110), w - u(120), u(84))
        area = pygame.Rect(u(60), u(140), w - u(120), footer.y - u(24) - u(140))
        gap = u(24)
        header = u(62)
        columns, rows, _ = grid(len(board.shown), area, gap, header, u(STATE_W) + u(38))
        cell_w = (area.width - gap * (columns - 1)) // columns
        cell_h = (area.height - gap * (rows - 1)) // rows
        for i, seat in enumerate(board.shown):
            frame.give_way()
            rect = pygame.Rect(area.x + (i % columns) * (cell_w + gap), area.y + (i // columns) * (cell_h + gap),
                               cell_w, cell_h)
            self._seat(surface, frame, seat, rect, header)
        self._footer(surface, frame, board, footer)

    def _count(self, surface: pygame.Surface, frame: Frame, board: JoinBoard) -> None:
        u = frame.u
        text = frame.say("scene.join_count", n=board.joined, seats=len(board.seats))
        if board.pages > 1:
            text += " · " + frame.say("scene.join_page", page=board.page + 1, pages=board.pages)
        img = frame.text.fit(text, "heading", (u(520), u(40)), frame.color("text"), u(30))
        pill = pygame.Rect(0, 0, img.get_width() + u(40), u(56))
        pill.topright = (frame.size[0] - u(60), u(22))
        done = board.joined == len(board.seats)
        pygame.draw.rect(surface, frame.color("join_count_done" if done else "join_count_waiting"), pill,
                         border_radius=pill.height // 2)
        pygame.draw.rect(surface, frame.color("join_done" if done else "muted"), pill, width=u(3),
                         border_radius=pill.height // 2)
        surface.blit(img, img.get_rect(center=pill.center))

    def _seat(self, surface: pygame.Surface, frame: Frame, seat: JoinSeat, rect: pygame.Rect, header: int) -> None:
        u = frame.u
        colour = frame.team_color(seat.team) if seat.team < len(frame.state.teams) else frame.color("accent")
        joined = seat.status != FREE
        edge = paint.rgb(frame.color("join_done" if joined else "join_waiting"))
        body = paint.panel(rect.size, paint.rgb(frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                           edge, u(16), u(3))
        surface.blit(body, rect)
        band = pygame.Rect(rect.x, rect.y, rect.width, header)
        pygame.draw.rect(surface, colour, band, border_top_left_radius=u(16), border_top_right_radius=u(16))
        # The seat's number in a disc, then its name, in white with a shadow on the team's colour.
        disc_r = header * 3 // 10
        disc_c = (band.x + u(16) + disc_r, band.centery)
        pygame.draw.circle(surface, frame.color("join_seat_mark"), disc_c, disc_r)
        number = frame.text.fit(seat.key, "heading", (disc_r * 2 - 4, disc_r * 2 - 4), paint.rgb(colour),
                                int(disc_r * 1.5))
        surface.blit(number, number.get_rect(center=disc_c))
        name_x = disc_c[0] + disc_r + u(14)
        name = frame.text.fit(seat.name, "heading", (band.right - name_x - u(14), header - u(12)),
                              frame.color("join_seat_mark"), u(40), align="left", shadow=True, wrap=False)
        surface.blit(name, name.get_rect(midleft=(name_x, band.centery)))
        # The code: as large as the cell's body allows, left; the seat's state, right.
        inner = pygame.Rect(rect.x + u(14), band.bottom + u(10), rect.width - u(28), rect.bottom - band.bottom - u(24))
        side = min(inner.height, inner.width - u(STATE_W) - u(10))
        code = qr_surface(seat.url, side)
        surface.blit(code, code.get_rect(midleft=(inner.x, inner.centery)))
        left = inner.x + code.get_width() + u(10)
        state = pygame.Rect(left, inner.y, inner.right - left, inner.height)
        self._state(surface, frame, seat, state, joined)

    def _state(self, surface: pygame.Surface, frame: Frame, seat: JoinSeat, box: pygame.Rect, joined: bool) -> None:
        u = frame.u
        r = max(u(16), min(box.width // 4, box.height // 5))
        centre = (box.centerx, box.y + box.height * 2 // 5)
        if joined:
            pygame.draw.circle(surface, frame.color("join_done"), centre, r)
            points = [(centre[0] - r * 0.45, centre[1] + r * 0.02), (centre[0] - r * 0.1, centre[1] + r * 0.35),
                      (centre[0] + r * 0.48, centre[1] - r * 0.3)]
            pygame.draw.lines(surface, frame.color("join_tick"), False, points, max(3, r // 4))
            word = frame.say("scene.join_joined" if seat.status == JOINED else "scene.join_syncing")
            under = frame.say("scene.join_rtt", ms=seat.rtt_ms) if seat.rtt_ms is not None else ""
            word_colour: tuple[int, int, int] | pygame.Color = frame.color("text")
        else:
            pygame.draw.circle(surface, frame.color("join_waiting"), centre, r, max(3, r // 10))
            for k in (-1, 0, 1):
                pygame.draw.circle(surface, frame.color("join_waiting"), (centre[0] + k * r * 0.38, centre[1]),
                                   max(2, r // 9))
            word, under, word_colour = frame.say("scene.join_free"), frame.say("scene.join_point"), \
                frame.color("join_waiting")
        top = centre[1] + r + u(12)
        img = frame.text.fit(word, "heading", (box.width, u(48)), word_colour, u(38) if not joined else u(30))
        surface.blit(img, img.get_rect(midtop=(box.centerx, top)))
        if under:
            small = frame.text.fit(under, "body", (box.width, u(34)), frame.color("muted"), u(26))
            surface.blit(small, small.get_rect(midtop=(box.centerx, top + img.get_height() + u(6))))

    def _footer(self, surface: pygame.Surface, frame: Frame, board: JoinBoard, box: pygame.Rect) -> None:
        u = frame.u
        panel = paint.panel(box.size, paint.rgb(frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                            paint.rgb(frame.color("panel_edge")), u(14), u(3))
        surface.blit(panel, box)
        x = box.x + u(28)
        if board.wifi:
            label = frame.text.fit(frame.say("scene.join_wifi"), "heading", (u(160), u(56)), frame.color("accent"),
                                   u(44), align="left", wrap=False)
            surface.blit(label, label.get_rect(midleft=(x, box.centery)))
            x += label.get_width() + u(14)
            shown = board.wifi
        else:
            shown = board.address
        name = frame.text.fit(shown, "heading", (box.width // 2 - (x - box.x), u(56)), frame.color("text"), u(44),
                              align="left", wrap=False)
        surface.blit(name, name.get_rect(midleft=(x, box.centery)))
        # what the phone does in this format: a button, or only a field for the answer (the written quiz)
        says = "scene.join_no_app" if board.buttons else "scene.join_no_app_typed"
        note = frame.text.fit(frame.say(says), "body", (box.width // 2 - u(28), u(40)),
                              frame.color("muted"), u(28), align="right", wrap=False)
        surface.blit(note, note.get_rect(midright=(box.right - u(28), box.centery)))
