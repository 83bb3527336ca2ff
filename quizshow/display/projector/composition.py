"""What picture goes on air now, as a stack of layers (projector/stack.py), bottom first: the scene that fills
the screen (the phase's, or the highest live covering layer's: the buzz replay, the join codes, blank, the line
check) and what is drawn over it (the buzz flash, a splash, the score overlay).

It decides and draws the layers; it keeps no frame's pixels and knows nothing of what a frame may reuse
(projector/cache.py) or of the motion between two scenes (projector/transitions.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from quizshow import registry
from quizshow.core.format import Format
from quizshow.core.phases import PhaseFlags
from quizshow.core.state import ShowState
from quizshow.display import motion, paint
from quizshow.display.motion.overlays import in_strips
from quizshow.display.projector import stack
from quizshow.display.replay import History, ReplayBook
from quizshow.display.replay.scene import ReplayScene
from quizshow.display.scenes import COMMON
from quizshow.display.scenes.base import Animations, Frame, Layers, Scene
from quizshow.display.scenes.cards import StandingsCard, around
from quizshow.display.scenes.join import JoinScene
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.display.tween import Tween
from quizshow.display.video import VideoScreen
from quizshow.display.views import FormatViews
from quizshow.i18n import Words
from quizshow.inputs.phones.board import JoinBoard

SPLASH_CENTRE = {"scene.auction_splash": 0.1}  # «Аукцион!» sweeps over the heading, not over the bidders
FLASH_S = 0.7  # a buzz flash lights the frame's edges this long
FLASH_STRIP_PIXELS = 4 * paint.BAND_PIXELS  # the buzz flash is drawn a strip this big at a time (a give-way between)


class Composition:
    """The layers on air for a state and the projector's switches (`line_check`, `join`), and their drawing."""

    def __init__(self, fmt: Format, theme: Theme, title: str, words: Words, text: TextCache,
                 views: FormatViews, layers: Layers, video: VideoScreen, history: History | None) -> None:
        self.fmt = fmt
        self.views = views
        entry = registry.FORMATS.get(fmt.id)  # the spec's flags, whatever setup the format was made with
        self.flags: Callable[[str], PhaseFlags] = fmt.setup.flags if entry is None else entry.spec.flags
        self.theme = theme
        self.title = title
        self.words = words  # what the show says, in its language
        self.text = text
        self.anim = Animations(count_up_s=theme.motion.get("count_up_s", 0.9))
        self.layers = layers  # the still layers a frame's scene prepares into (the frame cache's)
        self.video = video  # the one video on screen (a pack's question card)
        self.give_way: paint.GiveWayFn = paint.never  # the projector's: drawing's safe points
        self.line_check = False  # «Проверка кнопок» replaces the show's picture while it is on
        self.join: JoinBoard | None = None  # the phones' join codes cover the show's picture while set
        self._join_scene = JoinScene()
        # The buzz replay's steps in effect (the app's engine, a follower's replica); None: it shows no presses.
        self.history = history
        self._replay = ReplayBook(fmt, self.flags)
        self._replay_scene = ReplayScene()
        # The score overlay's cards, this projector's own (made in its idle time, with its texts)
        self.standings: StandingsCard = self.views.standings or StandingsCard()
        self.overlay: Tween = Tween(0.0, 0.0, 0.0, 0.0)  # how far the standings card is up
        self.overlaid = 0.0  # how far the last frame that drew showed the overlay
        self.splash: motion.Splash | None = None
        self._splash_key: Hashable = None  # the key of the scene the splash was made over

    def frame(self, state: ShowState, now: float, size: tuple[int, int],
              give_way: paint.GiveWayFn | None = None) -> Frame:
        return Frame(state, self.fmt, self.theme, self.text, now, size, self.words, self.title, self.anim,
                     self.layers, give_way or self.give_way, self.video, phase_flags=self.flags)

    def quiet(self, state: ShowState, now: float, size: tuple[int, int], give_way: paint.GiveWayFn) -> Frame:
        """A frame for drawing `state` offscreen ahead of time: its own animations (settled) and no video,
        so nothing on air starts early."""
        return Frame(state, self.fmt, self.theme, self.text, now, size, self.words, self.title,
                     Animations(count_up_s=self.anim.count_up_s), self.layers, give_way, None,
                     phase_flags=self.flags)

    def live(self, state: ShowState, now: float | None = None) -> stack.Live:
        """Which layers of the stack are live: the covering ones from the state and the switches; with `now`,
        also the ones drawn over the picture (their own drawing fades them in and out)."""
        covers = {"join": self.join is not None, "blank": state.view.blank, "line_check": self.line_check,
                  "replay": state.view.replay is not None}
        if now is None:
            return stack.Live(**covers)
        phase = self.views.scene(state.phase, COMMON["title"])
        return stack.Live(flash=True, splash=self.splash_live(now), overlay=phase is not COMMON["scores"], **covers)

    def shown(self, state: ShowState, now: float) -> list[stack.Layer]:
        """The layers on air, bottom first: the covering picture and what is drawn over it."""
        return stack.shown(self.live(state, now))

    def scene(self, state: ShowState) -> Scene:
        """The picture that fills the screen: the highest live covering layer's, else the phase's."""
        layer = stack.cover(self.live(state))
        if layer is stack.JOIN and self.join is not None:
            self._join_scene.board = self.join
            return self._join_scene
        if layer is stack.REPLAY:
            self._replay_scene.race = self._replay.race(self.history, state.view.replay or 0)
            return self._replay_scene
        if layer is stack.PHASE:
            return self.views.scene(state.phase, COMMON["title"])
        return COMMON[layer.name]

    def changed(self, old: ShowState, new: ShowState, now: float) -> None:
        """The show's state changed on air: the splash the change brings, if any, starts."""
        key = self.views.splash(old, new) if self.views.splash else None
        if key:
            self.splash = self.make_splash(key, now, centre=SPLASH_CENTRE.get(key, 0.5))

    def make_splash(self, key: str, started: float, centre: float | None = None) -> motion.Splash:
        accent, dark = paint.rgb(self.theme.color("accent")), paint.rgb(self.theme.color("panel_dark"))
        said = self.words.say(key)
        if centre is None:
            return motion.Splash(said, started, accent, dark)
        return motion.Splash(said, started, accent, dark, centre=centre)

    def keep_splash(self, scene_key: Hashable, now: float) -> None:
        """A splash belongs to the scene it was made over: it goes when that goes."""
        if self.splash is not None:
            if self.splash.started == now or self._splash_key is None:
                self._splash_key = scene_key
            elif self._splash_key != scene_key:
                self.splash = None

    def splash_live(self, now: float) -> bool:
        return self.splash is not None and self.splash.live(now)

    def buzzing(self, now: float) -> bool:
        """Whether a buzz flash lights the frame's edges at `now`."""
        return any(kind == "buzz" and 0 <= now - started < FLASH_S for kind, started in self.anim.flashes.values())

    def covers(self, frame: Frame) -> bool:
        """Whether anything is drawn over the picture in this frame: a buzz flash, a splash, the score overlay."""
        now = frame.now
        if self.buzzing(now):
            return True
        if self.splash_live(now):
            return True
        wanted = frame.state.view.scores and not frame.state.view.blank
        return bool(wanted) or self.overlay.end > 0 or self.overlay.value(now) > 0.001 or self.overlaid > 0.001

    def draw_scene(self, surface: pygame.Surface, scene: Scene, frame: Frame) -> None:
        """The scene; under the score overlay its still layer is not blitted where the card hides it whole."""
        hole: pygame.Rect | None = None
        if stack.OVERLAY in stack.on_top(self.live(frame.state, frame.now)) and type(scene).draw is Scene.draw:
            shown = self.overlay_shown(frame)
            hole = self.standings.cover(frame, shown) if shown > 0.001 else None
        still = scene.prepare(frame) if hole is not None else None
        if hole is None or still is None:
            scene.draw(surface, frame)
            return
        for part in around(hole, surface.get_clip()):
            paint.blit(surface, still.subsurface(part), part.topleft, give_way=frame.give_way)
        scene.draw_moving(surface, frame)

    def draw_over(self, surface: pygame.Surface, frame: Frame) -> None:
        """The live layers drawn over the picture, bottom first."""
        now = frame.now
        self.overlaid = 0.0
        for layer in stack.on_top(self.live(frame.state, now)):
            frame.give_way()  # (each layer is a few full-width blits: an input being applied goes first)
            if layer is stack.FLASH:
                self.draw_flash(surface, frame)
            elif layer is stack.SPLASH and self.splash is not None:
                self.splash.draw(surface, now, self.text, frame.u(150))
            elif layer is stack.OVERLAY:
                self.draw_overlay(surface, frame)

    def draw_flash(self, surface: pygame.Surface, frame: Frame) -> None:
        """A buzz: the frame's edges light up in the colour of whoever pressed first.

        Each flash is four alpha blits of the screen's edges (at 3840×2160 ~2 ms each, the interpreter held
        throughout, so a second team's press waited for them). They are drawn a strip of the screen at a
        time, clipped, giving way before each: every pixel gets the same blends in the same order, so the
        picture is the same."""
        flashes = [motion.Flash(paint.rgb(frame.team_color(team)), started)
                   for team, (kind, started) in self.anim.flashes.items()
                   if kind == "buzz" and 0 <= frame.now - started < FLASH_S and team < len(frame.state.teams)]
        if not flashes:
            return
        w, h = surface.get_size()
        rows = max(1, FLASH_STRIP_PIXELS // max(1, w))
        clip = surface.get_clip()
        strips = [strip for top in range(0, h, rows) if (strip := clip.clip(pygame.Rect(0, top, w, rows)))]
        try:
            with in_strips():  # one flash after the other (its edges made once for all its strips)
                for flash in flashes:
                    for strip in strips:
                        frame.give_way()
                        surface.set_clip(strip)
                        flash.draw(surface, frame.now)
        finally:
            surface.set_clip(clip)

    def overlay_shown(self, frame: Frame) -> float:
        """How far up the standings card is in this frame (its slide starts in the first frame after S)."""
        wanted = 1.0 if frame.state.view.scores and not frame.state.view.blank else 0.0
        if wanted != self.overlay.end:
            self.overlay = Tween(self.overlay.value(frame.now), wanted, frame.now, 0.35)
        return self.overlay.value(frame.now)

    def draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        """The standings card slides up from the bottom edge while view.scores is on."""
        shown = self.overlaid = self.overlay_shown(frame)
        if shown <= 0.001:
            return
        self.standings.draw_overlay(surface, frame, shown)
