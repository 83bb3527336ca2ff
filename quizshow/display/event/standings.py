"""The standings screen: seed 004's group tables side by side (or the day's places once the final is
played), seed 001's qualifying table beside the tournament points; under them the legend and the next
match. Composed piece by piece in idle time (a group's table at a time)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from quizshow.display.event.common import DayScene, event_of, group_name, team_name
from quizshow.display.event.next import next_match
from quizshow.display.event.table import StandingsTable
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.plates import words
from quizshow.event import day as D
from quizshow.event import seed001
from quizshow.event.model import Day


class StandingsScene(StandingsTable, DayScene):
    """Seed 004: the group tables side by side; seed 001: the qualifying table and the tournament points.
    At the bottom, the next match."""

    name = "ev_standings"

    def key(self, frame: Frame) -> Hashable:
        return self.name


    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        for step in self._steps(surface, frame):
            step()

    def prepare_part(self, frame: Frame, parts: int) -> bool:
        """Compose one more piece of the layer (the heading, a group's table, the legend and next match),
        in the order draw_static draws them: new results' texts cost ~5 ms a table to lay out, too much
        for one frame; the outgoing picture stands still meanwhile (as for a big layer's bands)."""
        key = (self.name, self.static_key(frame), frame.size)
        layer = frame.layers.get(key)
        if layer is not None and key not in frame.layers.partial:
            return True
        steps = self._steps(frame.layers.new(key, frame.size) if layer is None else layer, frame)
        if layer is None:  # begun: a step cut short (idle time) leaves it begun, not complete
            frame.layers.partial[key] = (0, len(steps))
        done = frame.layers.partial.get(key, (0, len(steps)))[0]
        steps[done]()
        if done + 1 >= len(steps):
            frame.layers.partial.pop(key, None)
            return True
        frame.layers.partial[key] = (done + 1, len(steps))
        return False

    def _steps(self, surface: pygame.Surface, frame: Frame) -> list[Callable[[], None]]:
        """The group tables' picture as pieces drawn in order (one piece: the other layouts)."""
        day = event_of(frame).day
        w, h = frame.size
        tables = D.tables(day)
        if day.regulation.name == "seed-004" and not any(t.title == "final" for t in tables):
            def heading() -> None:
                frame.paint_background(surface)
                words(surface, frame, frame.say("ev.standings") + " · " + frame.say("ev.groups"),
                      pygame.Rect(0, frame.u(22), w, frame.u(64)), color=frame.color("accent"), px=52)
                words(surface, frame, frame.say("ev.rules004"), pygame.Rect(0, frame.u(86), w, frame.u(36)),
                      role="body", color=frame.color("muted"), px=30, shadow=False)

            area = pygame.Rect(frame.u(60), frame.u(140), w - frame.u(120), h - frame.u(140) - frame.u(250))
            return [heading, *(lambda i=i, part=part: self._groups(surface, frame, day, tables, area, only=i, part=part)
                               for i in range(len(tables)) for part in ("body", "note")),
                    lambda: self._bottom(surface, frame, day)]
        return [lambda: self._whole(surface, frame)]

    def _bottom(self, surface: pygame.Surface, frame: Frame, day: Day) -> None:
        w, h = frame.size
        legend = pygame.Rect(frame.u(60), h - frame.u(240), w - frame.u(120), frame.u(40))
        self._legend(surface, frame, legend, day)
        next_match(surface, frame, day, pygame.Rect(frame.u(60), h - frame.u(180), w - frame.u(120), frame.u(130)))

    def _whole(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        day = event_of(frame).day
        w, h = frame.size
        tables = D.tables(day)
        final = next((t for t in tables if t.title == "final"), None)
        if final is not None:  # the day is decided: its places (the group tables stay in the export)
            words(surface, frame, frame.title, pygame.Rect(0, frame.u(22), w, frame.u(64)),
                  color=frame.color("accent"), px=52)
            area = pygame.Rect(frame.u(60), frame.u(110), w - frame.u(120), h - frame.u(110) - frame.u(120))
            half = -(-len(final.rows) // 2)
            gap = frame.u(26)
            width = (area.width - gap) // 2
            for k, part in enumerate((final.rows[:half], final.rows[half:])):
                sub = D.Table("final", tuple(part))
                box = pygame.Rect(area.x + k * (width + gap), area.y, width,
                                  min(area.height, self.table_height(frame, sub, half)))
                self.draw_table(surface, frame, day, sub, box, frame.say("ev.final_places") if k == 0 else "",
                                lines=half)
            return
        if day.regulation.name == "seed-004":
            words(surface, frame, frame.say("ev.standings") + " · " + frame.say("ev.groups"),
                  pygame.Rect(0, frame.u(22), w, frame.u(64)), color=frame.color("accent"), px=52)
            words(surface, frame, frame.say("ev.rules004"), pygame.Rect(0, frame.u(86), w, frame.u(36)), role="body",
                  color=frame.color("muted"), px=30, shadow=False)
            area = pygame.Rect(frame.u(60), frame.u(140), w - frame.u(120), h - frame.u(140) - frame.u(250))
            self._groups(surface, frame, day, tables, area)
        else:
            words(surface, frame, frame.title, pygame.Rect(0, frame.u(22), w, frame.u(64)),
                  color=frame.color("accent"), px=52)
            area = pygame.Rect(frame.u(60), frame.u(110), w - frame.u(120), h - frame.u(110) - frame.u(250))
            # Seed 001: the qualifying table (who goes to the semi-finals) beside the tournament points.
            gap = frame.u(26)
            width = (area.width - gap) // 2
            height = min(area.height, max(self.table_height(frame, t, len(t.rows)) for t in tables))
            for k, (table, title) in enumerate(((tables[0], "ev.qualifying"), (tables[1], "ev.points"))):
                box = pygame.Rect(area.x + k * (width + gap), area.y, width, height)
                self.draw_table(surface, frame, day, table, box, frame.say(title))
        self._bottom(surface, frame, day)

    def _groups(self, surface: pygame.Surface, frame: Frame, day: Day, tables: list[D.Table],
                area: pygame.Rect, only: int | None = None, part: str = "all") -> None:
        count = len(tables)
        per_row = min(4, count)
        rows = -(-count // per_row)
        gap = frame.u(26)
        width = (area.width - gap * (per_row - 1)) // per_row
        height = (area.height - gap * (rows - 1)) // rows
        most = max(len(t.rows) for t in tables)
        height = min(height, max(self.table_height(frame, t, most) for t in tables))  # one height: a calm row
        for i, table in enumerate(tables):
            if only is not None and i != only:
                continue
            frame.give_way()
            r, col = divmod(i, per_row)
            box = pygame.Rect(area.x + col * (width + gap), area.y + r * (height + gap), width, height)
            self.draw_table(surface, frame, day, table, box, frame.say("ev.group", name=group_name(table.title)),
                            part=part)

    def _legend(self, surface: pygame.Surface, frame: Frame, box: pygame.Rect, day: Day) -> None:
        u = frame.u
        if day.regulation.name == "seed-004":
            pygame.draw.rect(surface, frame.color("tournament_goes_on"), pygame.Rect(box.x, box.y + u(6), u(26), u(26)),
                             border_radius=u(6))
            words(surface, frame, frame.say("ev.goes_on"),
                  pygame.Rect(box.x + u(40), box.y, box.width // 3, box.height), role="body",
                  color=frame.color("muted"), px=28, anchor="midleft", shadow=False)
            legend = frame.say("ev.legend")
        else:
            prize = _prize(frame, day)
            legend = prize or ""
        right = pygame.Rect(box.x + box.width // 3, box.y, box.width * 2 // 3, box.height)
        if legend:
            img = frame.text.fit(legend, "body", (right.width - u(50), right.height), frame.color("muted"), u(28))
            rect = img.get_rect(midright=right.midright)
            pygame.draw.rect(surface, frame.color("accent"), pygame.Rect(rect.x - u(40), box.y + u(6), u(26), u(26)),
                             width=max(2, u(3)), border_radius=u(6))
            surface.blit(img, rect)


def _prize(frame: Frame, day: Day) -> str:
    teams = seed001.table_prize(day)
    return frame.say("ev.prize", teams=", ".join(team_name(day, t) for t in teams)) if teams else ""

