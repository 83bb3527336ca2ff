"""«Куча мала» on the projector: the red and the green table with the players still in, emptying round
by round; those who left listed below by the question after which they left; the winner at the end.

A press names a table (formats/melee/format.py): the answering table glows gold.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.display import paint
from quizshow.display.console.style import GOLD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.plates import words
from quizshow.formats.melee.format import GREEN, RED, Melee, Phase
from quizshow.formats.melee.spec import SPEC

TABLE_COLOURS = {RED: "melee_red", GREEN: "melee_green"}  # theme colours


def melee_of(frame: Frame) -> Melee:
    """The melee's own state, typed through the format's contract."""
    return SPEC.state_of(frame.state)


def asking(phase: Phase) -> bool:
    """A question is being asked (the tables' buttons are live)."""
    return phase in (Phase.QUESTION, Phase.ANSWERING)


class TablesScene(Scene):
    name = "melee_tables"

    def key(self, frame: Frame) -> Hashable:
        return self.name, len(melee_of(frame).rounds), SPEC.phase_of(frame.state) is Phase.RESULT

    def static_key(self, frame: Frame) -> Hashable:
        m = melee_of(frame)
        return frame.state.phase, m.red, m.green, m.out, m.answering, m.locked, m.winner, len(m.rounds)

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        state, m, phase = frame.state, melee_of(frame), SPEC.phase_of(frame.state)
        w, h = frame.size
        u = frame.u
        head = frame.say("melee.title")
        if m.rounds or asking(phase):
            # one case for the whole heading: «КУЧА МАЛА · ВОПРОС 1», never «КУЧА МАЛА · Вопрос 1»
            head += " · " + frame.say("melee.question", n=len(m.rounds) + (1 if asking(phase) else 0)).upper()
        words(surface, frame, head, pygame.Rect(0, u(24), w, u(70)), color=frame.color("accent"), px=56)
        if m.winner is not None:
            box = pygame.Rect(w // 2 - u(560), u(200), u(1120), u(380))
            colour = frame.team_color(m.winner)
            surface.blit(paint.panel(box.size, paint.rgb(colour), paint.rgb(paint.mix(colour, paint.BLACK, 0.4)), None,
                                     u(28)), box)
            words(surface, frame, state.teams[m.winner].name, box.inflate(-u(60), -u(140)), px=120)
            words(surface, frame, frame.say("melee.winner"), pygame.Rect(box.x, box.bottom - u(100), box.width, u(70)),
                  color=frame.color("panel_dark"), px=48, shadow=False)
        elif phase is Phase.TITLE:
            names = ", ".join(t.name for t in state.teams)
            words(surface, frame, frame.say("melee.players", n=len(state.teams)),
                  pygame.Rect(0, u(200), w, u(60)), role="body", color=frame.color("muted"), px=40)
            words(surface, frame, names, pygame.Rect(u(160), u(300), w - u(320), u(300)), px=48)
        else:
            for side in (RED, GREEN):
                self._table(surface, frame, side)
        self._left(surface, frame, pygame.Rect(u(80), h - u(250), w - u(160), u(220)))

    def _table(self, surface: pygame.Surface, frame: Frame, side: int) -> None:
        state, m = frame.state, melee_of(frame)
        w = frame.size[0]
        u = frame.u
        rect = pygame.Rect(u(80) if side == RED else w // 2 + u(40), u(130), w // 2 - u(120), u(660))
        colour = frame.color(TABLE_COLOURS[side])
        locked = side in m.locked
        dark = frame.color("panel_dark")
        surface.blit(paint.panel(rect.size, paint.rgb(dark), paint.rgb(dark), None, u(22)), rect)
        band = pygame.Rect(rect.x, rect.y, rect.width, u(90))
        pygame.draw.rect(surface, paint.mix(colour, dark, 0.55) if locked else colour, band,
                         border_top_left_radius=u(22), border_top_right_radius=u(22))
        words(surface, frame, frame.say("melee.red" if side == RED else "melee.green"), band.inflate(-u(30), -u(14)),
              px=54)
        if m.answering == side:
            paint.blit_glow_frame(surface, rect, paint.rgb(frame.color("accent")), u(22), u(6),
                                  give_way=frame.give_way)
        players = m.table(side)
        rows = max(1, len(players))
        columns = 1 if rows <= 6 else 2
        per = -(-rows // columns)
        area = pygame.Rect(rect.x + u(30), band.bottom + u(24), rect.width - u(60), rect.bottom - band.bottom - u(48))
        row_h = min(u(92), area.height // per)
        col_w = area.width // columns
        # Each row wears its table's colour, not its team's: a team's red stripe at the green table read as
        # «this one is at the red table» (the team's colour is its own on the strip and the winner's card).
        stripe = paint.mix(colour, dark, 0.55) if locked else colour
        for k, team in enumerate(players):
            cell = pygame.Rect(area.x + (k // per) * col_w, area.y + (k % per) * row_h, col_w - u(10), row_h - u(10))
            top = paint.mix(frame.color("panel"), dark, 0.3)
            surface.blit(paint.panel(cell.size, paint.rgb(top), paint.rgb(dark), None, u(12)), cell)
            widgets.left_stripe(surface, stripe, cell, u(10), u(12))
            words(surface, frame, state.teams[team].name, cell.inflate(-u(40), -u(10)), px=48, anchor="midleft",
                  color=frame.color("muted") if locked else frame.color("text"))

    def _left(self, surface: pygame.Surface, frame: Frame, box: pygame.Rect) -> None:
        """Those who left, grouped by the question after which they left (dimmed, struck out)."""
        state, m = frame.state, melee_of(frame)
        if not m.out:
            return
        u = frame.u
        # Read from the back of a hall: nothing here below 36 px on the 1080-line grid.
        words(surface, frame, frame.say("melee.left").upper(), pygame.Rect(box.x, box.y - u(20), box.width, u(52)),
              role="heading", color=frame.color("muted"), px=42, anchor="midleft", shadow=False)
        rounds = sorted({r for _, r in m.out})
        col_w = box.width // max(1, len(rounds))
        for i, r in enumerate(rounds):
            x = box.x + i * col_w
            # a box as tall as a 38-px line wants (at 44 the caption shrank to ~30 px)
            words(surface, frame, frame.say("melee.after", n=r), pygame.Rect(x, box.y + u(34), col_w - u(20), u(56)),
                  role="body", color=frame.color("accent"), px=38, anchor="midleft", shadow=False)
            names = [state.teams[t].name for t, rr in m.out if rr == r]
            words(surface, frame, ", ".join(names), pygame.Rect(x, box.y + u(92), col_w - u(20), box.height - u(92)),
                  role="body", color=frame.color("muted"), px=40, anchor="topleft", shadow=False)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        pass


TABLES = TablesScene()


def panel(ui: PanelUI, box: pygame.Rect) -> bool:
    """The console: who sits where, and the host's buttons for the table that answered correctly."""
    m = SPEC.state_of(ui.state)
    if SPEC.phase_of(ui.state) in (Phase.TITLE, Phase.RESULT):
        return False
    inner = ui.titled_panel(box, "melee.title")
    unit = ui.unit
    column_w = (inner.width - unit) // 2
    for side in (RED, GREEN):
        x = inner.x + side * (column_w + unit)
        ui.label(ui.say("melee.red" if side == RED else "melee.green"), (x, inner.y), (column_w, unit),
                 GOLD if m.answering == side else TEXT, role="heading")
        for k, team in enumerate(m.table(side)):
            ui.label(ui.state.teams[team].name, (x, inner.y + int(unit * (1.3 + k))), (column_w, unit),
                     MUTED if side in m.locked else TEXT)
        ui.button(pygame.Rect(x, inner.bottom - unit * 2, column_w, unit * 2),
                  ui.say("melee.decide_red" if side == RED else "melee.decide_green"), "decide", side,
                  mark=ui.theme.color(TABLE_COLOURS[side]))
    return True
