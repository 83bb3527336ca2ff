"""What a follower screen draws (runtime/follow/client.py, docs/screens.md): the projector's own picture, full
screen; with `--host-view` the picture on the left and, for the host on stage, the clock, the answer and the
host's notes large on the right (the rows of the console's question panel). A lost link is said in a
corner over the last picture («Нет связи с шоу»)."""

from __future__ import annotations

import pygame

from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display.console.question import question_rows
from quizshow.display.projector.projector import Projector
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.i18n import Words

PICTURE_SHARE = 0.6  # of the host view's width: the projector's picture


class FollowScreen:
    def __init__(self, projector: Projector, theme: Theme, text: TextCache, words: Words, fmt: Format,
                 host_view: bool = False) -> None:
        self.projector = projector
        self.theme = theme
        self.text = text
        self.words = words
        self.format = fmt
        self.host_view = host_view
        self._picture: pygame.Surface | None = None

    def say(self, key: str, **values: object) -> str:
        return self.words.say(key, **values)

    def needs_frame(self, state: ShowState, now: float, size: tuple[int, int], since: float) -> bool:
        if self.host_view and state.timer.running:
            return since >= 0.25  # the host's big clock
        return self.projector.needs_frame(state, now, self._picture_size(size), since)

    def _picture_size(self, size: tuple[int, int]) -> tuple[int, int]:
        if not self.host_view:
            return size
        w = int(size[0] * PICTURE_SHARE)
        return w, min(size[1], w * 9 // 16)

    def draw(self, surface: pygame.Surface, state: ShowState | None, now: float, connected: bool) -> None:
        size = surface.get_size()
        if state is None:  # no journal yet: the theme's background and a word
            surface.fill(self.theme.color("background_bottom"))
            self._words(surface, self.say("follow.waiting"), surface.get_rect(), self.theme.color("muted"), 0.06)
        elif not self.host_view:
            self.projector.render(surface, state, now)
        else:
            picture = self._picture
            if picture is None or picture.get_size() != self._picture_size(size):
                picture = self._picture = pygame.Surface(self._picture_size(size), 0, surface)
            self.projector.render(picture, state, now)
            surface.fill(self.theme.color("background_bottom"))
            surface.blit(picture, (0, (size[1] - picture.get_height()) // 2))
            self._host_panel(surface, state, now, pygame.Rect(picture.get_width(), 0,
                                                              size[0] - picture.get_width(), size[1]))
        if not connected:
            self._lost(surface)
            self.projector.invalidate()  # the badge goes with the next frame drawn whole

    def _host_panel(self, surface: pygame.Surface, state: ShowState, now: float, box: pygame.Rect) -> None:
        unit = max(8, box.h // 40)
        inner = box.inflate(-2 * unit, -2 * unit)
        y = inner.y
        timer = state.timer
        if timer.running or timer.armed:
            left = max(0.0, timer.remaining(now))
            clock = self.text.fit(f"{int(left + 0.999)}", "numbers", (inner.w, unit * 8),
                                  self.theme.color("warning") if left <= 5 else self.theme.color("text"), unit * 8)
            surface.blit(clock, clock.get_rect(midtop=(inner.centerx, y)))
            y += clock.get_height() + unit
        question = self.format.current(state)
        if question is None:
            return
        rows = question_rows(question, self.say, self.format.setup.pack)
        colours = {"console.question": self.theme.color("muted"), "console.answer": self.theme.color("accent")}
        heights = {"console.question": 0.22, "console.answer": 0.4}
        room = inner.bottom - y
        for key, words, _ in rows:
            share = heights.get(key, 0.38)
            height = int(room * share) - unit
            label = self.text.fit(self.say(key), "heading", (inner.w, unit * 2), self.theme.color("muted"), unit * 2,
                                  align="left")
            surface.blit(label, (inner.x, y))
            y += label.get_height() + unit // 3
            big = key == "console.answer"
            body = self.text.fit(words, "heading" if big else "body", (inner.w, max(unit, height - label.get_height())),
                                 colours.get(key, self.theme.color("text")), unit * (5 if big else 3), min_px=unit,
                                 align="left")
            surface.blit(body, (inner.x, y))
            y += max(body.get_height(), unit) + unit

    def _lost(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        unit = max(10, h // 50)
        words = self.text.fit(self.say("follow.lost"), "heading", (w // 3, unit * 2), self.theme.color("text"),
                              unit * 2)
        box = words.get_rect().inflate(unit * 2, unit)
        box.topleft = (unit // 2, unit // 2)  # the scenes' corners hold no score, no clock
        pygame.draw.rect(surface, self.theme.color("warning"), box, border_radius=unit // 2)
        surface.blit(words, words.get_rect(center=box.center))

    def _words(self, surface: pygame.Surface, words: str, box: pygame.Rect, colour: pygame.Color,
               share: float) -> None:
        px = max(12, int(box.h * share))
        image = self.text.fit(words, "heading", (box.w * 4 // 5, px * 2), colour, px)
        surface.blit(image, image.get_rect(center=box.center))
