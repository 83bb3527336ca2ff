"""The audience view: the scene for the format and phase, cross-fades between scenes, overlays.

The scene stack is: the current scene (with the outgoing one fading above it during a
transition), then the score overlay, then blank over everything.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.core.effects import Event
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.scenes import COMMON, widgets
from quizshow.display.scenes.base import Animations, Frame, Layers, Scene
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.display.tween import Tween, ease_in_out_cubic
from quizshow.display.video import VideoScreen
from quizshow.display.views import FormatViews


class Projector:
    def __init__(self, fmt: Format, theme: Theme, title: str, language: str, text: TextCache | None = None,
                 views: FormatViews | None = None, give_way: paint.GiveWayFn = paint.never,
                 sound: bool = True) -> None:
        self.fmt = fmt
        self.views = views or FormatViews()
        self.give_way = give_way
        self.theme = theme
        self.title = title
        self.language = language
        self.text = text or TextCache(theme.fonts)
        self.anim = Animations(count_up_s=theme.motion.get("count_up_s", 0.9))
        self._key: Hashable = None
        self._outgoing: pygame.Surface | None = None
        self._buffer: pygame.Surface | None = None
        self._fade: Tween | None = None
        self._overlay: Tween = Tween(0.0, 0.0, 0.0, 0.0)
        self._layers = Layers()  # still layers: the current picture's and the next one's
        self.line_check = False  # «Проверка кнопок» replaces the show's picture while it is on
        self.video = VideoScreen(sound=sound)  # the one video on screen (a pack's question card)

    def on_events(self, events: list[Event], now: float) -> None:
        self.anim.on_events(events, now)

    def frame(self, state: ShowState, now: float, size: tuple[int, int]) -> Frame:
        return Frame(state, self.fmt, self.theme, self.text, now, size, self.language, self.title, self.anim,
                     self._layers, self.give_way, self.video)

    def scene(self, state: ShowState) -> Scene:
        if self.line_check:
            return COMMON["line_check"]
        if state.view.blank:
            return COMMON["blank"]
        return self.views.scene(state.phase, COMMON["title"])

    def prepare(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Compose the still layer of a state expected next (the app asks in a frame's idle time),
        so the first frame after Next only blits it."""
        self.scene(state).prepare(self.frame(state, now, size))

    def transitioning(self, now: float) -> bool:
        return self._fade is not None and not self._fade.done(now)

    def render(self, surface: pygame.Surface, state: ShowState, now: float) -> None:
        frame = self.frame(state, now, surface.get_size())
        scene = self.scene(state)
        key = (scene.key(frame), surface.get_size())
        if self._buffer is None or self._buffer.get_size() != surface.get_size():
            # One full-screen buffer for the outgoing frame, reused by every transition.
            self._buffer = pygame.Surface(surface.get_size())
        if key != self._key:
            if self._key is not None and self._key[1] == key[1]:
                # Keep the last frame of the old scene in a buffer reused across transitions
                # (allocating a full-screen copy each time costs more than the blit).
                paint.blit(self._buffer, surface, give_way=self.give_way)
                self._outgoing = self._buffer
                self._fade = Tween(255.0, 0.0, now, self.theme.motion.get("transition_s", 0.45), ease_in_out_cubic)
            self._key = key
        scene.draw(surface, frame)
        self.video.frame_done()  # a video no scene showed this frame stops (and its sound with it)
        self.give_way()
        if scene is not COMMON["scores"]:
            self._draw_overlay(surface, frame)
        if self._fade is not None and self._outgoing is not None:
            alpha = int(self._fade.value(now))
            if alpha <= 0:
                self._fade = self._outgoing = None
            else:
                # At full opacity a plain blit: SDL's blended path at alpha 255 is ~15x slower.
                self._outgoing.set_alpha(alpha if alpha < 255 else None)
                paint.blit(surface, self._outgoing, give_way=self.give_way)

    def _draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        """The score overlay slides up from the bottom edge while view.scores is on."""
        wanted = 1.0 if frame.state.view.scores and not frame.state.view.blank else 0.0
        if wanted != self._overlay.end:
            self._overlay = Tween(self._overlay.value(frame.now), wanted, frame.now, 0.35)
        shown = self._overlay.value(frame.now)
        if shown <= 0.001:
            return
        w, h = frame.size
        height = frame.u(150)
        y = h - int(height * shown)
        shade = paint.panel((w, height), (0, 0, 0, 200), (0, 0, 0, 235), None, 0)
        surface.blit(shade, (0, y))
        widgets.score_strip(surface, frame, pygame.Rect(frame.u(60), y + frame.u(22), w - frame.u(120), frame.u(106)))
