"""The written quiz's score overlay (S): the standings card with the results table's places and order.

The common card (scenes/cards.py) numbers teams by score and fits rows of 48 px into half the screen: with 40
teams that read 1..11 beside a table showing «2–3», tied teams in another order, 11 px text at 1280×720 and no
word that more teams follow. Here: the table's own lines (shared places «5–6», equal totals by name), rows tall
enough for 32 px names at 1080 lines, whole tied blocks only, and «и ещё N команд» for the rest; the title
names the tour («ПОЛОЖЕНИЕ · ТУР 2»).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.core.format import Position
from quizshow.display import paint
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.cards import StandingsCard
from quizshow.formats.written.spec import SPEC
from quizshow.formats.written.standings import Line, blocks
from quizshow.i18n import number

ROW_H = 72  # a row on the 1080-line grid: a 32 px name or more, a 40 px score
NAME_PX, MIN_NAME_PX = 48, 32


def shown_lines(lines: list[Line], room: int) -> tuple[list[Line], int]:
    """The lines a card of `room` rows shows, and how many teams it leaves out. Cut between tied blocks (a
    tie is not split), one row kept for «и ещё N команд»; where that would leave most of the card empty (a
    long tie for 4th), the card is filled: each row's shared place («4–9») says its block goes on."""
    if len(lines) <= room:
        return lines, 0
    cap = max(1, room - 1)
    end = 0
    for _first, last in blocks(lines):
        if last + 1 > cap:
            break
        end = last + 1
    if end * 3 < cap * 2:  # under two thirds of it
        end = cap
    return lines[:end], len(lines) - end


class WrittenStandingsCard(StandingsCard):
    """The standings card of the written quiz."""

    @staticmethod
    def _key(frame: Frame, pos: Position) -> Hashable:
        lines = SPEC.format_of(frame.fmt).lines(frame.state)
        return (frame.size, frame.language, tuple((ln.team, ln.name, ln.total, ln.place) for ln in lines),
                tuple(t.color for t in frame.state.teams), pos.get("round"), pos.get("round_key"))

    def _compose(self, frame: Frame, pos: Position) -> pygame.Surface:
        u = frame.u
        w, h = frame.size
        lines = SPEC.format_of(frame.fmt).lines(frame.state)
        row_h = min(u(96), max(u(ROW_H), (h // 2) // max(1, len(lines))))
        shown, more = shown_lines(lines, max(1, (h // 2) // row_h))
        rows = len(shown) + (1 if more else 0)
        size = (int(w * 0.62), u(150) + row_h * rows + u(30))
        card = paint.panel(size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                           paint.rgb(frame.color("accent")), u(28), u(4)).copy()
        title = [frame.say("scene.standings")]
        round_key = pos.get("round_key", "console.written_tour")  # (before the first question: «тур 1»)
        if (round_no := pos.get("round")) is not None and round_key is not None:
            title.append(frame.say(round_key, n=round_no + 1))  # «тур 2», the format's word
        head = frame.text.fit(" · ".join(title).upper(), "heading", (size[0] - u(80), u(70)),
                              frame.color("accent"), u(56), shadow=True)
        card.blit(head, head.get_rect(midtop=(size[0] // 2, u(34))))
        leaders = {ln.team for ln in lines if ln.place[0] == 1} if len({ln.total for ln in lines}) > 1 else set()
        top = u(130)
        place_w = u(150)
        for rank, line in enumerate(shown):
            row = pygame.Rect(u(40), top + rank * row_h, size[0] - u(80), row_h - u(10))
            lead = line.team in leaders
            edge = frame.color("accent") if lead else frame.color("panel_edge")
            body = paint.panel(row.size, paint.rgb(frame.color("panel")), paint.rgb(frame.color("panel_dark")),
                               paint.rgb(edge), u(14), u(3) if lead else u(2))
            card.blit(body, row)
            widgets.left_stripe(card, frame.team_color(line.team), row, u(12), u(14))
            place = frame.text.fit(line.place_text, "numbers", (place_w - u(30), row.height - u(8)),
                                   frame.color("muted"), u(52), min_px=u(MIN_NAME_PX), wrap=False)
            card.blit(place, place.get_rect(center=(row.x + u(20) + place_w // 2, row.centery)))
            color = frame.color("negative") if line.total < 0 else frame.color("accent")
            digits = frame.text.fit(number(line.total), "numbers", (u(200), row.height - u(8)), color, u(60),
                                    shadow=True, wrap=False)
            card.blit(digits, digits.get_rect(midright=(row.right - u(30), row.centery)))
            name_box = (row.width - place_w - u(40) - digits.get_width() - u(50), row.height - u(8))
            name = frame.text.fit(line.name, "heading", name_box, frame.color("text"), u(NAME_PX),
                                  min_px=u(MIN_NAME_PX), shadow=True, wrap=False)
            card.blit(name, name.get_rect(midleft=(row.x + u(20) + place_w + u(10), row.centery)))
        if more:
            rest = frame.say("scene.written_more_teams", n=more)
            y = top + len(shown) * row_h
            img = frame.text.fit(rest, "body", (size[0] - u(80), row_h - u(10)), frame.color("muted"), u(40),
                                 min_px=u(MIN_NAME_PX), wrap=False)
            card.blit(img, img.get_rect(center=(size[0] // 2, y + (row_h - u(10)) // 2)))
        return card
