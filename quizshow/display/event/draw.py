"""The draw on the projector: the start numbers coming out one by one."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.core.effects import EventKind
from quizshow.display.event.common import event_of, panel, team_name, warm_day
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.plates import words
from quizshow.display.tween import ease_out_back
from quizshow.event import day as D
from quizshow.event.model import Day


class DrawScene(Scene):
    """The start numbers coming out one by one: drawn numbers show their team, the latest springs in,
    the rest wait in words: what each number waits for (the melee's winner, its pick, the lot), never «?»."""

    name = "ev_draw"

    def static_key(self, frame: Frame) -> Hashable:
        day = event_of(frame).day
        return day.order, day.results[:1], day.picked, frame.language

    def warm(self, frame: Frame) -> bool:
        return warm_day(frame)

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        day = event_of(frame).day
        w, h = frame.size
        u = frame.u
        words(surface, frame, frame.say("ev.draw"), pygame.Rect(0, u(24), w, u(64)), color=frame.color("accent"), px=52)
        n = len(day.teams)
        order = self._order(day)
        stage = D.draw_stage(day)
        for k, rect in enumerate(self._slots(frame, n)):
            if k < len(order) - 1:  # the latest number is drawn moving, springing in
                self._slot(surface, frame, day, order, k, rect, 1.0)
            elif k >= len(order):
                panel(surface, frame, rect, edge=frame.color("panel_edge"))
                words(surface, frame, str(k + 1), pygame.Rect(rect.x + u(16), rect.y, u(80), rect.height),
                      role="numbers", color=frame.color("muted"), px=56, shadow=False)
                words(surface, frame, frame.say(self.waits_for(stage, k)),
                      pygame.Rect(rect.x + u(100), rect.y, rect.width - u(120), rect.height), role="body",
                      color=frame.color("muted"), px=40, anchor="midleft", shadow=False)

    def _slots(self, frame: Frame, n: int) -> list[pygame.Rect]:
        w, h = frame.size
        u = frame.u
        columns = 2 if n > 8 else 1
        per = -(-n // columns)
        area = pygame.Rect(u(160), u(120), w - u(320), h - u(170))
        col_w = (area.width - u(40) * (columns - 1)) // columns
        row_h = min(u(110), area.height // max(1, per))
        return [pygame.Rect(area.x + (k // per) * (col_w + u(40)), area.y + (k % per) * row_h, col_w, row_h - u(12))
                for k in range(n)]

    @staticmethod
    def waits_for(stage: str, k: int) -> str:
        """The phrase on number k+1 while it is not given: a TV picture of the draw's plan, readable as
        intentional («по жребию»), where a bare «?» read as a name that failed to load. Before and during the
        pick (seed 001) number 1 is the melee's winner's and number 2 its choice; the rest come by lot."""
        if stage in ("melee", "pick") and k < 2:
            return "ev.draw_waits_melee" if k == 0 else "ev.draw_waits_pick"
        return "ev.draw_waits_lot"

    @staticmethod
    def _order(day: Day) -> tuple[int, ...]:
        """The numbers given so far: the melee's winner holds number 1 before it picks (no «1 ?»)."""
        given = D.start_order(day)
        return day.order if len(day.order) >= len(given) else given

    def _slot(self, surface: pygame.Surface, frame: Frame, day: Day, order: tuple[int, ...], k: int,
              rect: pygame.Rect, grow: float) -> None:
        u = frame.u
        team = order[k]
        body = rect.inflate(-int(rect.width * (1 - grow)), 0) if grow < 1 else rect
        panel(surface, frame, body, top=frame.color("panel"), edge=frame.color("accent") if k == 0 else None)
        widgets.left_stripe(surface, pygame.Color(day.teams[team].colour or frame.color("muted")), body, u(10),
                            u(14))
        if grow > 0.6:
            words(surface, frame, str(k + 1), pygame.Rect(body.x + u(16), body.y, u(80), body.height), role="numbers",
                  color=frame.color("accent"), px=60)
            words(surface, frame, team_name(day, team), pygame.Rect(body.x + u(100), body.y, body.width - u(120),
                                                                    body.height), px=52, anchor="midleft")

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        day = event_of(frame).day
        order = self._order(day)
        if not order:
            return
        k = len(order) - 1
        rect = self._slots(frame, len(day.teams))[k]
        grow = ease_out_back(min(1.0, frame.anim.since(EventKind.LOT, frame.now) / 0.6))
        if frame.anim.since(EventKind.LOT, frame.now) > 1e8 or len(day.order) < len(order):
            grow = 1.0  # no draw seen on this screen (a restart), or the melee's number: no animation
        self._slot(surface, frame, day, order, k, rect, max(0.05, min(1.0, grow)))

