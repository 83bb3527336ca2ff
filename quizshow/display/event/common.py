"""What every picture of the tournament day shares: the day read from a frame (typed), when a still
picture is composed again, the idle-time warm-up, names and labels, and the panel and number cells."""

from __future__ import annotations

from collections.abc import Hashable
from weakref import WeakKeyDictionary

import pygame

from quizshow.display import paint
from quizshow.display.event.typed import event
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.text import TextCache
from quizshow.event import day as D
from quizshow.event.model import GROUP_IDS, GROUP_NAMES, Day
from quizshow.formats.tournament.model import EventState
from quizshow.formats.tournament.words import fixture_code


def event_of(frame: Frame) -> EventState:
    return event(frame.state)


def frame_day(frame: Frame) -> Day:
    return event_of(frame).day


def day_key(frame: Frame) -> Hashable:
    """What a picture of the day depends on: it is composed again only when one of these changes."""
    day = event_of(frame).day
    return day.results, day.removed, day.order, frame.language


SCRATCH = pygame.Surface((1, 1))  # warm-up drawing lands here: only the texts and panels it makes are kept
# (scene, day_key, size) drawn once in idle time, by the text cache the texts were made in: a new
# projector (a fresh cache) warms its own.
_WARMED: WeakKeyDictionary[TextCache, set[Hashable]] = WeakKeyDictionary()
# The still pictures warmed, the standings first (display/event/scenes.py lists them).
STILLS: list[Scene] = []


def warm_day(frame: Frame) -> bool:
    """Idle time: draw the day's still pictures once offscreen (one a call), so the fonts, panels and
    texts they use exist before new results or a screen change cut to them; True while more is left.
    A first composition of the group tables otherwise costs ~30 ms at 1920×1080, mostly fonts and panels."""
    key = day_key(frame)
    warmed = _WARMED.setdefault(frame.text, set())
    if not STILLS or (STILLS[0].name, key, frame.size) not in warmed and not D.tables(frame_day(frame)):
        return False  # the draw is not over: no tables to draw yet
    for scene in STILLS:
        mark = (scene.name, key, frame.size)
        if mark not in warmed:
            if len(warmed) > 64:  # a long day: forget the old ones
                warmed.clear()
            scene.draw_static(SCRATCH, frame)  # cut short at a give-way point (idle time), it is drawn again
            warmed.add(mark)  # only once drawn whole (marked before, a cut left the legend and next match cold)
            return True
    return False


def group_name(gid: str) -> str:
    return GROUP_NAMES[GROUP_IDS.index(gid)] if gid in GROUP_IDS else gid


def team_name(day: Day, team: int) -> str:
    return day.teams[team].name


def source_label(frame: Frame, day: Day, source: str) -> str:
    """Where a bracket slot's team comes from, in words («Победитель ЧФ1», «1-я группы А»)."""
    kind, _, rest = source.partition(":")
    if kind == "T":
        return team_name(day, int(rest))
    if kind == "W":
        return frame.say("ev.winner_of", fixture=fixture_label(frame, rest))
    if kind == "G":
        return frame.say("ev.from_group", group=group_name(rest[0]), place=rest[1:])
    if kind == "Q":
        return frame.say("ev.qual_place", n=rest)
    if kind == "X" and rest.isdigit():  # the n-th best of the next places across groups: «лучшая 3-я команда групп»
        reg = day.regulation
        n, groups = int(rest), max(1, reg.groups)
        place, k = reg.advance_per_group + 1 + n // groups, n % groups + 1
        return frame.say("ev.best_next" if k == 1 else "ev.best_next_k", place=place, k=k)
    return frame.say("ev.tbd")


def fixture_label(frame: Frame, fid: str) -> str:
    """A fixture's code as the screen reads it, in the show's words (formats/tournament/words.py)."""
    return fixture_code(fid, frame.words)


PLACE_PX = 44  # every place of a table in one size, «2–3» as big as «1»


def place_text(place: tuple[int, int]) -> str:
    """«3», or a shared place «2–3»."""
    a, b = place
    return str(a) if a == b else f"{a}–{b}"


def number(surface: pygame.Surface, frame: Frame, text: str, box: pygame.Rect, color: pygame.Color, px: int) -> None:
    """A number on one line, shrunk to fit its cell, centred."""
    img = frame.text.fit(text, "numbers", box.size, color, frame.u(px), wrap=False)
    surface.blit(img, img.get_rect(center=box.center))


def panel(surface: pygame.Surface, frame: Frame, rect: pygame.Rect, top: pygame.Color | None = None,
          edge: pygame.Color | None = None) -> None:
    body = paint.panel(rect.size, paint.rgb(top or frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                       paint.rgb(edge) if edge is not None else None, frame.u(14), max(1, frame.u(2)))
    surface.blit(body, rect)


class DayScene(Scene):
    """A still picture of the day: composed once per change of the results, blitted every frame."""

    def static_key(self, frame: Frame) -> Hashable:
        return day_key(frame)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def warm(self, frame: Frame) -> bool:
        return warm_day(frame)
