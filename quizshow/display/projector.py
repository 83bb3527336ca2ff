"""The audience view: the scene for the format and phase, TV transitions between scenes (display/motion),
the buzz flash, splashes, the score overlay, blank.

The scene stack is: the current scene (composed with the outgoing picture while a transition runs), the
buzz flash, a splash, then the score overlay; the phones' «Подключение игроков» (`join`) covers all of
them, and blank covers everything.

A still picture costs nothing: `needs_frame` says whether anything on screen can have changed since the
last frame (a new state, a transition, a running clock, an animation), and the window loop draws and
flips only then.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from quizshow import registry
from quizshow.core import commands as c
from quizshow.core.commands import Command
from quizshow.core.effects import Event
from quizshow.core.engine import Outcome
from quizshow.core.format import Format
from quizshow.core.phases import PhaseFlags
from quizshow.core.state import ShowState
from quizshow.display import motion, paint, surfaces
from quizshow.display.scenes import COMMON
from quizshow.display.scenes.base import Animations, Frame, Layers, Scene
from quizshow.display.scenes.cards import STANDINGS
from quizshow.display.scenes.join import JoinScene
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.display.tween import Tween
from quizshow.display.video import VideoScreen
from quizshow.display.views import FormatViews
from quizshow.inputs.phones.board import JoinBoard

# The host's likely next presses, whose pictures are composed ahead in idle time: Next, and while an answer
# is judged either verdict (a bout's or a match's result falls on a verdict). A press of a box cannot be
# foreseen (which team?); its picture is composed when it comes (press → first frame ≤ 16.7 ms).
LIKELY_NEXT: tuple[Callable[[float], Command], ...] = (
    lambda at: c.Go(at=at),
    lambda at: c.Judge(at=at, correct=True),
    lambda at: c.Judge(at=at, correct=False),
)
SETTLE_S = 2.5  # entrances, count-ups and springs after a change are over by then
COMPOSE_S = 0.12  # a new layer is composed band by band for at most this long, then at once
CLOCK_FPS = 20  # a running clock alone: its digits change once a second, its ring creeps ~1 px a frame
SPLASH_CENTRE = {"scene.auction_splash": 0.1}  # «Аукцион!» sweeps over the heading, not over the bidders


class Projector:
    def __init__(self, fmt: Format, theme: Theme, title: str, language: str, text: TextCache | None = None,
                 views: FormatViews | None = None, give_way: paint.GiveWayFn = paint.never,
                 sound: bool = True) -> None:
        self.fmt = fmt
        self.views = views or FormatViews()
        entry = registry.FORMATS.get(fmt.id)  # the spec's flags, whatever setup the format was made with
        self.flags: Callable[[str], PhaseFlags] = fmt.setup.flags if entry is None else entry.spec.flags
        self.give_way = give_way
        self.theme = theme
        self.title = title
        self.language = language
        self.text = text or TextCache(theme.fonts)
        self.anim = Animations(count_up_s=theme.motion.get("count_up_s", 0.9))
        self._key: tuple[Hashable, tuple[int, int]] | None = None  # (the scene's key, the size) last drawn
        self._scene: Scene | None = None
        self._buffer: pygame.Surface | None = None  # the outgoing picture of a transition
        self._incoming: pygame.Surface | None = None  # the incoming one, for transitions that move it
        self._transition: motion.Transition | None = None
        self._composing = 0  # bands of the incoming still layer still to compose before the motion starts
        self._splash: motion.Splash | None = None
        self._splash_key: Hashable = None  # the key of the scene the splash was made over
        self._overlay: Tween = Tween(0.0, 0.0, 0.0, 0.0)
        self._layers = Layers()  # still layers: the current picture's and the next one's
        # what the last frame showed
        self._drawn: tuple[ShowState, tuple[int, int], bool, JoinBoard | None] | None = None
        self._changed_at = -1e9
        self._splash_warmed: set[tuple[int, int]] = set()
        self.dirty: list[pygame.Rect] | None = None  # the rectangles the last frame changed (None: all of it)
        self.line_check = False  # «Проверка кнопок» replaces the show's picture while it is on
        self.join: JoinBoard | None = None  # the phones' join codes cover the show's picture while set
        self._join_scene = JoinScene()
        self.video = VideoScreen(sound=sound)  # the one video on screen (a pack's question card)
        self._ahead_for: ShowState | None = None  # the state `ahead` is preparing for
        self._ahead: list[Callable[[float], Command]] = []  # its likely next commands not yet prepared
        self._choices: list[Command] = []  # its choices not yet rehearsed (FormatViews.choices)
        self._incoming_shows: ShowState | None = None  # whose picture the incoming buffer holds, if known

    def on_events(self, events: list[Event], now: float) -> None:
        self.anim.on_events(events, now)

    def frame(self, state: ShowState, now: float, size: tuple[int, int]) -> Frame:
        return Frame(state, self.fmt, self.theme, self.text, now, size, self.language, self.title, self.anim,
                     self._layers, self.give_way, self.video, phase_flags=self.flags)

    def scene(self, state: ShowState) -> Scene:
        if self.line_check:
            return COMMON["line_check"]
        if state.view.blank:
            return COMMON["blank"]
        if self.join is not None:
            self._join_scene.board = self.join
            return self._join_scene
        return self.views.scene(state.phase, COMMON["title"])

    def prepare(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Compose the still layer of a state expected next (the app asks in a frame's idle time),
        so the first frame after Next only blits it."""
        scene = self.scene(state)
        frame = self.frame(state, now, size)
        scene.prepare(frame)
        if self._incoming is not None and self._incoming.get_size() == size:
            # Draw it once offscreen, so every panel, text and frame it uses is made now and its first frame
            # on air only blits them. Its own animations and no video: nothing on air starts early.
            scene.draw(self._incoming, self._quiet(state, now, size))
            self._incoming_shows = None

    def ahead(self, state: ShowState, propose: Callable[[Command], Outcome], now: float,
              size: tuple[int, int]) -> bool:
        """Idle time, a piece a call: the still layer of each state the host's next press may lead to
        (Next; either verdict while an answer is judged), then the scene's `warm` pieces; True while more
        is left. `propose` is the engine's: pure, nothing is journalled or changed."""
        surfaces.screen(size)  # the picture caches' budgets grow with the screen
        if state is not self._ahead_for:
            self._ahead_for = state
            self._layers.changed()  # layers not used for this state give their surfaces first
            self._ahead = list(LIKELY_NEXT)
            self._choices = self.views.choices(self.fmt, state, now) if self.views.choices else []
        while self._ahead:
            upcoming = propose(self._ahead.pop(0)(now))
            if upcoming.changed:
                self.prepare(upcoming.state, now, size)
                return True
        if self.warm(state, now, size):
            return True
        while self._choices:  # kept as no layer (8 MB each): drawn once, for what they are made of
            upcoming = propose(self._choices.pop(0))
            if upcoming.changed:
                self.rehearse(upcoming.state, now, size)
                return True
        return False

    def rehearse(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Draw the picture of `state` once offscreen, so every panel, text, card and artwork it uses is
        made now and its first frame on air only blits them. No layer is kept or displaced; its own
        animations (settled) and no video: nothing on air starts early."""
        if self._incoming is None or self._incoming.get_size() != size:
            return  # nothing drawn on air at this size yet
        scene = self.scene(state)
        quiet = self._quiet(state, now, size)
        scene.draw_static(self._incoming, quiet)
        scene.draw_moving(self._incoming, quiet)
        self._incoming_shows = None

    def _quiet(self, state: ShowState, now: float, size: tuple[int, int]) -> Frame:
        """A frame for drawing `state` offscreen ahead of time: its own animations (settled) and no video,
        so nothing on air starts early."""
        return Frame(state, self.fmt, self.theme, self.text, now, size, self.language, self.title,
                     Animations(count_up_s=self.anim.count_up_s), self._layers, self.give_way, None,
                     phase_flags=self.flags)

    def warm(self, state: ShowState, now: float, size: tuple[int, int]) -> bool:
        """In idle time: a piece of what the scene of `state` may need next and cannot be prepared as a
        layer (the texts of the questions a board cell may open); True while more is left."""
        if self._layers.reserve(size):  # the still layers' full-screen surfaces (15-20 ms each at 4K)
            return True
        if paint.reserve_scratch(size):  # what entrances scale their cards into
            return True
        if size not in self._splash_warmed:  # the splash words and band, made once a size
            self._splash_warmed.add(size)
            for key in ("scene.auction_splash", "scene.round_over"):
                motion.Splash(_say(key, self.language), -10.0, paint.rgb(self.theme.color("accent")),
                              paint.rgb(self.theme.color("panel_dark"))).warm(size, self.text, self.frame(state, now,
                                                                                                         size).u(150))
            return True
        return self.scene(state).warm(self.frame(state, now, size))

    def transitioning(self, now: float) -> bool:
        return self._transition is not None and (bool(self._composing) or not self._transition.done(now))

    @staticmethod
    def _bands(size: tuple[int, int]) -> int:
        """How many frames a new still layer is composed over: two up to 1920×1080 (at once it took one
        frame of 8-12 ms), a band per ~1.4 million pixels above (six at 3840×2160): the picture holds for
        at most a tenth of a second before its motion starts."""
        return max(2, round(size[0] * size[1] / 1_382_400))

    def needs_frame(self, state: ShowState, now: float, size: tuple[int, int], since: float = 1.0) -> bool:
        """Whether to draw now, `since` seconds after the last frame drawn: at once after a change; every
        frame while something moves; CLOCK_FPS times a second while only a clock runs (its ring creeps a
        pixel a frame); never while the picture is still (the window keeps it: nothing drawn or flipped)."""
        motion = self._motion(state, now, size)
        return motion == "all" or (motion == "clock" and since >= 1 / CLOCK_FPS - 0.002)

    def _motion(self, state: ShowState, now: float, size: tuple[int, int]) -> str | None:
        """What can have changed since the last frame: "all", only a running "clock", or nothing (None)."""
        if self._drawn is None or self._drawn != (state, size, self.line_check, self.join):
            return "all"
        if self.transitioning(now) or now - self._changed_at < SETTLE_S or self._overlay.t0 + 0.4 > now:
            return "all"
        if state.banner is not None and now < state.banner.until + 0.5:
            return "all"
        if self.line_check or self.anim.recent(now, SETTLE_S) or (self._splash and self._splash.live(now)):
            return "all"
        if self.video.player is not None:  # a clip plays on the card
            return "all"
        if self.scene(state).perpetual(self.frame(state, now, size)) or self._overlay.end > 0:
            return "all"
        return "clock" if state.timer.running else None

    def _buffers(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._buffer is None or self._buffer.get_size() != size:
            # Full-screen buffers in the target's own format, reused by every transition (a transition
            # scales straight into them and blits them without conversion).
            self._buffer = pygame.Surface(size, 0, surface)
            self._incoming = pygame.Surface(size, 0, surface)
            self._incoming_shows = None

    def render(self, surface: pygame.Surface, state: ShowState, now: float) -> None:
        size = surface.get_size()
        surfaces.screen(size)  # the picture caches' budgets grow with the screen
        only_clock = self._motion(state, now, size) == "clock"
        frame = self.frame(state, now, size)
        scene = self.scene(state)
        key = (scene.key(frame), size)
        self._buffers(surface)
        assert self._buffer is not None and self._incoming is not None
        if self._drawn is None:
            self._changed_at = now  # the first picture's entrances run too
        elif self._drawn[0] is not state:
            self._changed(self._drawn[0], state, now)
        if self._splash is not None:  # a splash belongs to the scene it was made over: it goes when that goes
            if self._splash.started == now or self._splash_key is None:
                self._splash_key = key[0]
            elif self._splash_key != key[0]:
                self._splash = None
        shows_outgoing = False  # the surface holds the outgoing picture already (just copied from it)
        if key != self._key:
            if self._key is not None and self._key[1] == key[1] and self._scene is not None:
                # The last frame of the old scene stays in a buffer reused across transitions.
                paint.blit(self._buffer, surface, give_way=self.give_way)
                shows_outgoing = True
                duration = self.theme.motion.get("transition_s", 0.45)
                origin = scene.enters_from(frame, self._scene.name)
                self._transition = motion.pick(self._scene.name, scene.name, now, duration * (1.2 if origin else 1),
                                               origin, paint.rgb(self.theme.color("accent")))
                # A big picture whose still layer is not ready is composed band by band first, the
                # outgoing picture standing still meanwhile (a frame or three); then the motion starts.
                self._composing = self._bands(size)
                self._incoming_shows = None
            self._key = key
            self._scene = scene
        still = False  # this frame only composes a band of the incoming layer behind the outgoing picture
        if self._composing and self._transition is not None:
            late = now - self._transition.started > COMPOSE_S  # frames far apart (a test, a stall): at once
            if late:
                scene.prepare(frame)
            if late or scene.prepare_part(frame, self._composing):
                self._composing = 0
                if not late:  # the motion runs its whole length from the next frame
                    self._transition.started = now
                    still = True
            else:
                still = True
        if still:  # the outgoing picture stands still; the incoming one is not drawn (it is half composed)
            if not shows_outgoing:  # (a full-screen copy fewer in a transition's first frame)
                paint.blit(surface, self._buffer, give_way=self.give_way)
        elif self._transition is not None and not self._transition.done(now):
            self._transition.compose(surface, self._buffer, self._incoming,
                                     lambda target: self._draw_incoming(target, scene, frame), now, self.give_way)
        else:
            self._transition = None
            scene.draw(surface, frame)
        self.video.frame_done()  # a video no scene showed this frame stops (and its sound with it)
        self.give_way()
        if not state.view.blank and self.join is None:
            self._draw_flash(surface, frame)
            if self._splash is not None and self._splash.live(now):
                self._splash.draw(surface, now, self.text, frame.u(150))
            if scene is not COMMON["scores"]:
                self._draw_overlay(surface, frame)
        self._drawn = (state, size, self.line_check, self.join)
        # A frame in which only a clock ran: the window need only show the clocks' squares again.
        self.dirty = list(frame.clocks) if only_clock and frame.clocks else None

    def _draw_incoming(self, target: pygame.Surface, scene: Scene, frame: Frame) -> None:
        """The incoming scene for a transition's frame. Drawn into the spare buffer (the zoom's card, a push
        from the left or the top), it is kept while nothing on it can move: the card zooming out of its
        cell then costs its scaling only (at 3840×2160 drawing it again took ~5 ms of a 13-17 ms frame)."""
        whole = target is self._incoming and target.get_clip() == target.get_rect()  # not a push's part
        if whole and self._incoming_shows is frame.state and self._still(scene, frame):
            return
        scene.draw(target, frame)
        if target is self._incoming:
            self._incoming_shows = frame.state if whole else None

    def _still(self, scene: Scene, frame: Frame) -> bool:
        """Whether a scene's picture of an unchanged state is the same as a moment ago: no clock, banner,
        video, flash, count-up or perpetual motion, and nothing that appeared within SETTLE_S (an entrance
        keyed by its age). A scene that grows out of a rectangle (Scene.enters_from) animates by nothing
        else while it grows."""
        state, now, anim = frame.state, frame.now, self.anim
        return (not state.timer.running and state.banner is None and self.video.player is None
                and not scene.perpetual(frame)
                and all(now - started > 0.7 for _, started in anim.flashes.values())
                and all(now >= c.tween.t0 + c.tween.duration for c in anim.scores.values())
                and all(now - seen > SETTLE_S for seen in anim.seen.values()))

    def _changed(self, old: ShowState, new: ShowState, now: float) -> None:
        self._changed_at = now
        splash = self.views.splash(old, new) if self.views.splash else None
        if splash:
            accent = self.theme.color("accent")
            self._splash = motion.Splash(_say(splash, self.language), now, paint.rgb(accent),
                                         paint.rgb(self.theme.color("panel_dark")),
                                         centre=SPLASH_CENTRE.get(splash, 0.5))

    def _draw_flash(self, surface: pygame.Surface, frame: Frame) -> None:
        """A buzz: the frame's edges light up in the colour of whoever pressed first."""
        for team, (kind, started) in self.anim.flashes.items():
            if kind == "buzz" and 0 <= frame.now - started < 0.7 and team < len(frame.state.teams):
                motion.Flash(paint.rgb(frame.team_color(team)), started).draw(surface, frame.now)

    def _draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        """The standings card slides up from the bottom edge while view.scores is on."""
        wanted = 1.0 if frame.state.view.scores and not frame.state.view.blank else 0.0
        if wanted != self._overlay.end:
            self._overlay = Tween(self._overlay.value(frame.now), wanted, frame.now, 0.35)
        shown = self._overlay.value(frame.now)
        if shown <= 0.001:
            return
        standings = self.views.standings or STANDINGS
        standings.draw_overlay(surface, frame, shown)


def _say(key: str, language: str) -> str:
    from quizshow.i18n import phrase

    return phrase(key, language)
