"""A season's standings on the projector (docs/season.md; `python main.py SEASON.yaml`): the season's title, the
rule in a line, a row a team — its place (gold, silver, bronze tabs; a shared place «2–3» on a common stripe),
its name, each evening's value (an evening that does not count, best N of M, dimmed and struck through), the
total — and under the table why equal totals stand as they do. More teams than fit: pages (Next)."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from quizshow.display import paint
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.widgets import left_stripe
from quizshow.season.model import EveningResult, Season, Standing
from quizshow.season.words import place_text, rule_words, tie_words, value_text

ROWS = 12  # teams a page at 1080 lines (names at 44 px)
MEDALS = ("tournament_gold", "tournament_silver", "tournament_bronze")
MAX_EVENING_COLUMNS = 10  # more evenings: the latest ten are shown (the total counts them all)


@dataclass(frozen=True)
class SeasonTable:
    season: Season
    evenings: tuple[EveningResult, ...]
    standings: tuple[Standing, ...]

    @property
    def pages(self) -> int:
        return max(1, math.ceil(len(self.standings) / ROWS))


class SeasonScene(Scene):
    """The standings; the caller sets `table` and `page` (from 0)."""

    name = "season"

    def __init__(self) -> None:
        self.table: SeasonTable | None = None
        self.page = 0

    def key(self, frame: Frame) -> Hashable:
        return self.name, self.page

    def static_key(self, frame: Frame) -> Hashable:
        return id(self.table), self.page, frame.language

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        table = self.table
        if table is None:
            return
        u, w = frame.u, frame.size[0]
        title = frame.text.fit(table.season.title.upper(), "heading", (w - u(240), u(80)), frame.color("accent"),
                               u(68), shadow=True, wrap=False)
        surface.blit(title, title.get_rect(midtop=(w // 2, u(30))))
        played = sum(1 for e in table.evenings if e.played)
        sub = frame.say("season.title_line", played=played, count=len(table.evenings)) + " · " + \
            rule_words(table.season.rule, len(table.evenings), frame.words)
        if table.pages > 1:
            sub += " · " + frame.say("season.page", page=self.page + 1, pages=table.pages)
        img = frame.text.fit(sub, "body", (w - u(200), u(44)), frame.color("text"), u(34), wrap=False)
        surface.blit(img, img.get_rect(midtop=(w // 2, u(30) + title.get_height() + u(6))))
        if not table.standings:
            none = frame.text.fit(frame.say("season.none"), "heading", (w - u(400), u(90)), frame.color("text"),
                                  u(64))
            surface.blit(none, none.get_rect(center=(w // 2, frame.size[1] // 2)))
            return
        self._table(surface, frame, table)

    def _columns(self, frame: Frame, table: SeasonTable) -> tuple[pygame.Rect, list[tuple[str, int, int]]]:
        """The panel, and each column's (heading, left, width) on it."""
        u = frame.u
        panel = pygame.Rect(u(80), u(180), frame.size[0] - u(160), u(ROWS * 62 + 80))
        evenings = table.evenings[-MAX_EVENING_COLUMNS:]
        place_w, total_w = u(150), u(190)
        each = min(u(150), (panel.width - place_w - total_w - u(620)) // max(1, len(evenings)))
        name_w = panel.width - place_w - total_w - each * len(evenings) - u(40)
        x = panel.x + u(20)
        columns = [(frame.say("season.place"), x, place_w)]
        x += place_w
        columns.append((frame.say("season.team"), x, name_w))
        x += name_w
        for evening in evenings:
            columns.append((evening.label, x, each))
            x += each
        columns.append((frame.say("season.total"), x, total_w))
        return panel, columns

    def _table(self, surface: pygame.Surface, frame: Frame, table: SeasonTable) -> None:
        u = frame.u
        panel, columns = self._columns(frame, table)
        surface.blit(paint.panel(panel.size, paint.rgb(frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                                 paint.rgb(frame.color("panel_edge")), u(22), u(3)), panel)
        head_y = panel.y + u(16)
        for i, (label, x, width) in enumerate(columns):
            align = "left" if i == 1 else "center"
            img = frame.text.fit(label.upper() if i in (0, 1, len(columns) - 1) else label, "heading",
                                 (width - u(12), u(40)), frame.color("muted"), u(30), align=align, wrap=False)
            spot = img.get_rect(midleft=(x + u(6), head_y + u(20))) if align == "left" else \
                img.get_rect(center=(x + width // 2, head_y + u(20)))
            surface.blit(img, spot)
        shown = table.standings[self.page * ROWS:(self.page + 1) * ROWS]
        first = table.evenings[:-MAX_EVENING_COLUMNS] if len(table.evenings) > MAX_EVENING_COLUMNS else ()
        band, last = False, None
        for i, row in enumerate(shown):
            frame.give_way()
            if row.place != last:
                band, last = not band, row.place
            rect = pygame.Rect(panel.x + u(12), head_y + u(56) + i * u(62), panel.width - u(24), u(56))
            self._row(surface, frame, row, rect, columns, band, len(first))
        notes = [tie_words(row, table.standings[k + 1], frame.words)
                 for k, row in enumerate(table.standings[:-1]) if row.decided_by and row in shown]
        if notes:
            said = frame.text.fit("; ".join(notes), "body", (panel.width, frame.size[1] - panel.bottom - u(24)),
                                  frame.color("text"), u(30))
            surface.blit(said, said.get_rect(midtop=(panel.centerx, panel.bottom + u(14))))

    def _row(self, surface: pygame.Surface, frame: Frame, row: Standing, rect: pygame.Rect,
             columns: list[tuple[str, int, int]], band: bool, skipped: int) -> None:
        u = frame.u
        dark = frame.color("panel_dark")
        plate = paint.mix(dark, frame.color("panel"), 0.55 if band else 0.3)
        surface.blit(paint.panel(rect.size, paint.rgb(plate), paint.rgb(plate), None, u(12)), rect)
        if row.place <= 3:
            left_stripe(surface, frame.color(MEDALS[row.place - 1]), rect, u(12), u(12))
        cells = [place_text(row), row.team, *(value_text(v, False, frame.words) if v is not None else "—"
                                              for v in row.values[skipped:]),
                 value_text(row.total, False, frame.words)]
        gone = [False, False, *row.dropped[skipped:], False]
        for i, ((_, x, width), text) in enumerate(zip(columns, cells, strict=True)):
            role = "heading" if i in (0, 1, len(cells) - 1) else "numbers"
            color = frame.color("accent") if i == len(cells) - 1 else \
                frame.color("muted") if gone[i] or text == "—" else frame.color("text")
            img = frame.text.fit(text, role, (width - u(16), rect.height - u(8)), color, u(44 if i == 1 else 40),
                                 align="left" if i == 1 else "center", wrap=False)
            spot = img.get_rect(midleft=(x + u(8), rect.centery)) if i == 1 else \
                img.get_rect(center=(x + width // 2, rect.centery))
            surface.blit(img, spot)
            if gone[i]:  # an evening that does not count: struck through
                pygame.draw.line(surface, frame.color("muted"), (spot.x - u(4), spot.centery),
                                 (spot.right + u(4), spot.centery), u(3))
