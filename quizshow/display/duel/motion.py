"""What moves on the duel's tables and in its queue on its own: the answering player's table pulsing gold,
a new press sweeping into its row, a table leaving (it flashes, sinks and fades over its dimmed self)."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.display import paint
from quizshow.display.duel.common import duel_of, fmt_of, light_ink
from quizshow.display.duel.grid import entry_rects, tile_rect
from quizshow.display.duel.tables import tile
from quizshow.display.scenes.base import Frame, Piece
from quizshow.display.tween import ease_in_out_cubic, ease_out_cubic, pulse

LEAVE_S = 0.9  # a leaving tile's motion
SWEEP_S = 0.6  # a new press sliding into the queue

_GLOW: list[pygame.Surface] = []  # the sweep's light, one surface drawn into a row and frame (it is filled first)


def _glow(size: tuple[int, int]) -> pygame.Surface:
    """A transparent surface at least `size` (the sweep's light), made again only when a larger is wanted."""
    if not _GLOW or _GLOW[0].get_width() < size[0] or _GLOW[0].get_height() < size[1]:
        kept = _GLOW[0].get_size() if _GLOW else (0, 0)
        _GLOW[:] = [pygame.Surface((max(size[0], kept[0]), max(size[1], kept[1])), pygame.SRCALPHA)]
    return _GLOW[0]


_PULSE: dict[Hashable, tuple[tuple[pygame.Surface, tuple[int, int]], ...]] = {}  # the asked tile's glow, ours


def _pulse_pieces(size: tuple[int, int], color: paint.Color, radius: int,
                  width: int) -> tuple[tuple[pygame.Surface, tuple[int, int]], ...]:
    """The asked tile's pulsing glow frame: paint.glow_frame's pieces, copied once to be faded every frame
    (the shared pieces are not ours to fade; copying them each frame cost 0.7 ms at 4K)."""
    key = (size, color, radius, width)
    found = _PULSE.get(key)
    if found is None:
        _PULSE.clear()
        found = _PULSE[key] = tuple((piece.copy(), at) for piece, at in paint.glow_frame(size, color, radius, width))
    return found


def leaving(frame: Frame) -> tuple[int, int] | None:
    """The player who left last, while their tile is still moving."""
    bout = duel_of(frame).bout
    if not bout.out:
        return None
    age = frame.anim.age(("duel_out", bout.number, bout.out[-1]), frame.now)
    return bout.out[-1] if age < LEAVE_S else None


def pieces(frame: Frame) -> list[Piece]:
    """Where each of them is drawn this frame, and what it shows there: the pulse, each sweep, the leaving
    table."""
    found: list[Piece] = []
    press = fmt_of(frame).asked_now(frame.state)
    if press is not None:
        rect = tile_rect(frame, press.team, press.player or 0).inflate(frame.u(10), frame.u(10))
        pad = frame.u(3) * 3
        found.append((rect.inflate(pad * 2, pad * 2), ("pulse", int(70 + 150 * pulse(frame.now, 1.2)))))
    presses = frame.state.presses.presses
    if presses:
        duel = duel_of(frame)
        rects = entry_rects(frame, len(presses), duel.asking is not None and duel.asking.hint_shown)
        for rect, one in zip(rects, presses, strict=True):
            age = frame.anim.age(("duel_press", duel.bout.number, duel.bout.asked, one), frame.now)
            if age < SWEEP_S:
                found.append((pygame.Rect(rect), ("sweep", age)))
    seat = leaving(frame)
    if seat is not None:
        rect = tile_rect(frame, *seat)
        found.append((rect.inflate(frame.u(4), frame.u(70) * 2 + frame.u(4)), ("leave", frame.now)))
    return found


def draw(surface: pygame.Surface, frame: Frame) -> None:
    asked_pulse(surface, frame)
    sweep(surface, frame)
    seat = leaving(frame)
    if seat is not None:
        leave(surface, frame, seat)


def asked_pulse(surface: pygame.Surface, frame: Frame) -> None:
    press = fmt_of(frame).asked_now(frame.state)
    if press is None:
        return
    rect = tile_rect(frame, press.team, press.player or 0).inflate(frame.u(10), frame.u(10))
    alpha = int(70 + 150 * pulse(frame.now, 1.2))
    pad = frame.u(3) * 3  # (paint.blit_glow_frame's, without copying its pieces every frame to fade them)
    for piece, (x, y) in _pulse_pieces(rect.size, paint.rgb(frame.color("accent")), frame.u(20), frame.u(3)):
        piece.set_alpha(alpha)
        paint.blit(surface, piece, (rect.x - pad + x, rect.y - pad + y), give_way=frame.give_way)


def sweep(surface: pygame.Surface, frame: Frame) -> None:
    """A new press slides into its place in the queue: a gold light sweeping across its row."""
    presses = frame.state.presses.presses
    if not presses:
        return
    duel = duel_of(frame)
    rects = entry_rects(frame, len(presses), duel.asking is not None and duel.asking.hint_shown)
    for rect, press in zip(rects, presses, strict=True):
        age = frame.anim.age(("duel_press", duel.bout.number, duel.bout.asked, press), frame.now)
        if age >= SWEEP_S:
            continue
        t = ease_out_cubic(age / SWEEP_S)
        light = pygame.Rect(0, 0, max(1, int(rect.width * (1 - t))), rect.height)
        light.topright = rect.topright
        glow = _glow(light.size)
        part = pygame.Rect((0, 0), light.size)
        glow.fill((*paint.rgb(frame.color("accent"))[:3], int(150 * (1 - t))), part)
        surface.blit(glow, light, part)


def leave(surface: pygame.Surface, frame: Frame, seat: tuple[int, int]) -> None:
    """The live tile flashes, sinks and fades away over its dimmed «выбыл» self (in the still layer)."""
    age = frame.anim.age(("duel_out", duel_of(frame).bout.number, seat), frame.now)
    t = min(1.0, age / LEAVE_S)
    rect = tile_rect(frame, *seat)
    live = tile(frame, *seat, "live", None)
    shrink = 1 - 0.25 * ease_in_out_cubic(t)
    moving = paint.scaled(live, shrink)
    if moving is live:  # the cached tile itself: its alpha is not ours to change
        moving = moving.copy()
    moving.set_alpha(int(255 * (1 - ease_in_out_cubic(t))))
    drop = int(frame.u(70) * ease_in_out_cubic(t)) * (-1 if seat[0] == 0 else 1)
    center = (rect.centerx, rect.centery + drop)
    surface.blit(moving, moving.get_rect(center=center))
    if t < 0.35:  # the flash as the verdict falls
        flash = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(flash, (*paint.rgb(light_ink(frame))[:3], int(160 * (1 - t / 0.35))), flash.get_rect(),
                         border_radius=frame.u(16))  # the tile's own rounded corners
        surface.blit(flash, rect)
