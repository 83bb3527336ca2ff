"""The audience view: a frame is the composition's picture (projector/composition.py: the scene for the format
and phase or a covering layer, and the flash, a splash, the score overlay over it), reached by a transition
when the scene changes (projector/transitions.py), drawn whole or only where it changed (projector/cache.py),
stopped when a press made it stale (projector/stale.py); idle time prepares what comes next (projector/ahead.py).

A still picture costs nothing: `needs_frame` says whether anything on screen can have changed since the
last frame (a new state, a transition, a running clock, an animation), and the window loop draws and
flips only then.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from quizshow.core.clock import SYSTEM, Clock
from quizshow.core.commands import Command
from quizshow.core.effects import Event
from quizshow.core.engine import Outcome
from quizshow.core.format import Format
from quizshow.core.phases import PhaseFlags
from quizshow.core.state import ShowState
from quizshow.display import paint, surfaces
from quizshow.display.projector import stack
from quizshow.display.projector.ahead import Ahead
from quizshow.display.projector.cache import SETTLE_S, FrameCache, Shows, Steady, is_still, layer_key, names_pieces
from quizshow.display.projector.composition import Composition
from quizshow.display.projector.stale import Stale, StaleFrames
from quizshow.display.projector.transitions import Transitions
from quizshow.display.replay import History
from quizshow.display.scenes.base import Animations, Frame, Layers, Scene
from quizshow.display.scenes.cards import StandingsCard
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.display.video import VideoScreen
from quizshow.display.views import FormatViews
from quizshow.i18n import Words
from quizshow.inputs.phones.board import JoinBoard

CLOCK_FPS = 20  # a running clock alone: its digits change once a second, its ring creeps ~1 px a frame


def _never() -> bool:
    return False


class Projector:
    def __init__(self, fmt: Format, theme: Theme, title: str, words: Words, text: TextCache | None = None,
                 views: FormatViews | None = None, give_way: paint.GiveWayFn = paint.never,
                 sound: bool = True, history: History | None = None,
                 trim: Callable[[], object] | None = None, clock: Clock = SYSTEM) -> None:
        self.video = VideoScreen(sound=sound)  # the one video on screen (a pack's question card)
        self.cache = FrameCache(Layers())
        self.look = Composition(fmt, theme, title, words, text or TextCache(theme.fonts), views or FormatViews(),
                                self.cache.layers, self.video, history)
        self.cut = Transitions(self.cache.layers, theme)
        self.stale = StaleFrames()
        self.idle = Ahead(self.look, self.cache, trim, clock)
        self.give_way = give_way

    # What the app, the follower, the window loop and the tests read and set: the pieces' own fields.
    @property
    def give_way(self) -> paint.GiveWayFn:
        return self._give_way

    @give_way.setter
    def give_way(self, give_way: paint.GiveWayFn) -> None:
        self._give_way = self.look.give_way = self.stale.give_way = self.idle.give_way = give_way

    @property
    def fmt(self) -> Format:
        return self.look.fmt

    @property
    def views(self) -> FormatViews:
        return self.look.views

    @property
    def flags(self) -> Callable[[str], PhaseFlags]:
        return self.look.flags

    @property
    def theme(self) -> Theme:
        return self.look.theme

    @property
    def title(self) -> str:
        return self.look.title

    @property
    def words(self) -> Words:
        return self.look.words

    @property
    def text(self) -> TextCache:
        return self.look.text

    @property
    def anim(self) -> Animations:
        return self.look.anim

    @anim.setter
    def anim(self, anim: Animations) -> None:
        self.look.anim = anim

    @property
    def standings(self) -> StandingsCard:
        return self.look.standings

    @property
    def line_check(self) -> bool:
        return self.look.line_check

    @line_check.setter
    def line_check(self, on: bool) -> None:
        self.look.line_check = on

    @property
    def join(self) -> JoinBoard | None:
        return self.look.join

    @join.setter
    def join(self, board: JoinBoard | None) -> None:
        self.look.join = board

    @property
    def history(self) -> History | None:
        return self.look.history

    @history.setter
    def history(self, history: History | None) -> None:
        self.look.history = history

    @property
    def trim(self) -> Callable[[], object]:
        return self.idle.trim

    @trim.setter
    def trim(self, trim: Callable[[], object]) -> None:
        self.idle.trim = trim

    @property
    def piece(self) -> str | None:
        return self.idle.piece

    @property
    def latest(self) -> Callable[[], ShowState] | None:
        return self.stale.latest

    @latest.setter
    def latest(self, latest: Callable[[], ShowState] | None) -> None:
        self.stale.latest = latest

    @property
    def abandoned(self) -> bool:
        return self.stale.abandoned

    @property
    def abandons(self) -> int:
        return self.stale.abandons

    @property
    def dirty(self) -> list[pygame.Rect] | None:
        return self.cache.dirty

    def on_events(self, events: list[Event], now: float) -> None:
        self.look.anim.on_events(events, now)

    def frame(self, state: ShowState, now: float, size: tuple[int, int],
              give_way: paint.GiveWayFn | None = None) -> Frame:
        return self.look.frame(state, now, size, give_way)

    def live(self, state: ShowState, now: float | None = None) -> stack.Live:
        return self.look.live(state, now)

    def scene(self, state: ShowState) -> Scene:
        return self.look.scene(state)

    def start(self, target: pygame.Surface, state: ShowState, now: float) -> None:
        """Before the first frame (the app calls it once its window is open): the still layers are allocated
        (15-20 ms each at 3840×2160, one piece each that cannot be split; a transition borrows its buffers
        from them) and the first picture's layer composed, so the first frame only blits and no idle piece
        later allocates."""
        size = target.get_size()
        surfaces.screen(size)
        self.cache.target = target  # idle time may draw its rehearsals on it (clipped to a pixel) before a frame
        while self.cache.layers.reserve(size):
            pass
        paint.reserve_scratch(size)
        self.scene(state).prepare(self.frame(state, now, size))

    def prepare(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Compose the still layer of a state expected next at once, and draw it once offscreen (what
        `ahead` does piece by piece)."""
        self.idle.prepare(state, now, size)

    def ahead(self, state: ShowState, propose: Callable[[Command], Outcome], now: float,
              size: tuple[int, int], stop: Callable[[], bool] = _never) -> bool:
        """Idle time, a piece a call (projector/ahead.py): the still layer of each state the host's next press
        may lead to, the scene's `warm` pieces, a format's choices rehearsed offscreen; True while more is
        left. `propose` is the engine's: pure, nothing is journalled or changed. While anything moves on
        screen a call runs one short piece; once `stop()` (a press waits to be drawn) the piece running stops
        at its next give-way point and the call returns."""
        surfaces.screen(size)  # the picture caches' budgets grow with the screen
        if not self.idle.plan(state, propose, now, size):
            return False
        cut = self.cut
        if cut.buffer is not None and cut.transition is not None and not cut.running(now):
            # The transition is over by now but no frame has drawn since (the host's next press came before
            # one, or frames far apart): its buffers go back now, not in that frame, so this idle time composes
            # what the next picture needs (else that picture's first frame composed its layer and texts: 4K
            # auction 7 → 25 ms, «Своя игра»'s final 5 → 16-28 ms after a 32-frame zoom in a 30-frame step).
            cut.give_back(size)
        if cut.buffer is not None:  # a transition runs on the layers' surfaces: no layer is composed meanwhile
            return False  # (it would allocate one more full screen); the work goes on in a frame after it ends
        return self.idle.run(self._motion(state, now, size) is not None, stop)

    def rehearse(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Draw the picture of `state` once offscreen, so every panel, text, card and artwork it uses is
        made now and its first frame on air only blits them."""
        self.idle.rehearse(state, now, size)

    def warm(self, state: ShowState, now: float, size: tuple[int, int]) -> bool:
        """In idle time: what the scene of `state` may need next and cannot be prepared as a layer (the
        splash words, the texts of the questions a board cell may open), all of it; False when done."""
        self.idle.warm(state, now, size)
        return False

    def transitioning(self, now: float) -> bool:
        return self.cut.running(now)

    def invalidate(self) -> None:
        """Something else drew on the surface after the last frame (a follower's «no link» badge): the next
        frame draws the whole picture, not only what changed (a clock's square; nothing under a settled
        score overlay)."""
        self.cache.invalidate()

    def needs_frame(self, state: ShowState, now: float, size: tuple[int, int], since: float = 1.0) -> bool:
        """Whether to draw now, `since` seconds after the last frame drawn: at once after a change; every
        frame while something moves; CLOCK_FPS times a second while only a clock runs (its ring creeps a
        pixel a frame); never while the picture is still (the window keeps it: nothing drawn or flipped)."""
        motion = self._motion(state, now, size)
        return motion == "all" or (motion == "clock" and since >= 1 / CLOCK_FPS - 0.002)

    def _shows(self, state: ShowState, size: tuple[int, int]) -> Shows:
        return state, size, self.look.line_check, self.look.join

    def _motion(self, state: ShowState, now: float, size: tuple[int, int]) -> str | None:
        """What can have changed since the last frame: "all", only a running "clock", or nothing (None)."""
        look, cache = self.look, self.cache
        if cache.shows is None or cache.shows != self._shows(state, size):
            return "all"
        if self.cut.running(now) or now - cache.changed_at < SETTLE_S or look.overlay.t0 + 0.4 > now:
            return "all"
        if state.banner is not None and now < state.banner.until + 0.5:
            return "all"
        if look.line_check or look.anim.recent(now, SETTLE_S) or look.splash_live(now):
            return "all"
        if self.video.player is not None:  # a clip plays on the card
            return "all"
        if look.scene(state).perpetual(look.frame(state, now, size)):
            return "all"
        if look.overlay.end > 0 and not self._overlay_up() and stack.OVERLAY in stack.on_top(look.live(state, now)):
            return "all"  # the score overlay is not yet drawn up (frames far apart: its slide not drawn)
        return "clock" if state.timer.running else None

    def _overlay_up(self) -> bool:
        """Whether the last frame drew the score overlay up, its slide over, over the whole scene."""
        overlay = self.look.overlay
        return self.cache.overlay_whole and overlay.end >= 1.0 and overlay.done(self.cache.drawn_at)

    def _overlay_still(self, state: ShowState, scene: Scene, frame: Frame) -> bool:
        """Whether the last frame drew the score overlay up (its slide over) over the picture of this same
        state, with nothing under it moving but a clock since that frame: the picture it left is this frame's."""
        look, drawn_at = self.look, self.cache.drawn_at
        return (self._overlay_up() and self.cache.shows == self._shows(state, frame.size)
                and not look.splash_live(drawn_at) and not look.anim.recent(drawn_at, SETTLE_S)
                and is_still(scene, look.frame(state, drawn_at, frame.size), clocks=True))

    def render(self, surface: pygame.Surface, state: ShowState, now: float) -> None:
        """One frame of `state`. With `latest` set (the window loop's), a change applied while it is drawn (a
        box's press) makes it stale (projector/stale.py): it stops at its next give-way point, nothing of it is
        to be shown (`abandoned`), and the caller draws the new state at once."""
        stoppable = self.stale.begin()
        layers = self.cache.layers
        layers.framing = True  # a layer composed in a frame takes a kept surface rather than a new one
        try:
            self._render(surface, state, now, stoppable)
        except Stale:
            self._abandon()
        finally:
            layers.framing = False
            self.stale.end()

    def _abandon(self) -> None:
        """A stale frame stopped: the surface is half drawn (the next frame draws it whole, not a clock's square);
        a still layer it was composing stays marked begun (`Layers.partial`); the incoming buffer may hold part
        of a picture; a video it drew counts as not shown. What the frame set up for its picture (a transition,
        its lent buffers, a splash) is the change's too (the same scene), and goes on in the next frame."""
        self.stale.abandon()
        self.cache.invalidate()
        self.cache.dirty = None
        self.cut.incoming_shows = None
        self.video.frame_abandoned()

    def _render(self, surface: pygame.Surface, state: ShowState, now: float, stoppable: bool = False) -> None:
        look, cache = self.look, self.cache
        size = surface.get_size()
        surfaces.screen(size)  # the picture caches' budgets grow with the screen
        only_clock = self._motion(state, now, size) == "clock"
        frame = look.frame(state, now, size)
        scene = look.scene(state)
        key = (scene.key(frame), size)
        named = names_pieces(scene)  # a scene that names no moving pieces: every frame of it is drawn whole
        if stoppable:
            frame.give_way = self.stale.give_way_for(state, key, lambda newer: (
                look.scene(newer).key(look.frame(newer, now, size)), size))
        if cache.shows is None:
            cache.changed_at = now  # the first picture's entrances run too
        elif cache.shows[0] is not state:
            cache.changed_at = now
            look.changed(cache.shows[0], state, now)
        look.keep_splash(key[0], now)
        shows_outgoing = self.cut.switch(surface, scene, key, frame, lambda old: self._outgoing_layer(old, now, size))
        composing = self.cut.compose(scene, frame)  # the outgoing picture stands still; the incoming is composed
        area = None  # a clock-only frame: the part of the surface drawn again
        steady: Steady | None = None  # a steady frame: its layer, what changed, what it leaves
        moved = self.cut.draw(surface, scene, frame, composing, shows_outgoing)  # a transition's frame
        if not moved:
            # Only a clock runs, over the last frame on this same surface: only the clocks' squares are drawn
            # again (the rest of the picture is the last frame's), and only they are shown again (`dirty`).
            # So too under the score overlay settled over a still picture (its dim and card clipped to them);
            # with no clock running there, nothing is drawn at all. A running clock the scene marks no square
            # for (the duel's thinking bar) has the whole picture drawn, as without the overlay.
            overlaid = surface is cache.target and self._overlay_still(state, scene, frame)
            area = cache.clock_area(surface, overlaid, only_clock, state.timer.running)
            if area is not None:
                surface.set_clip(area)
            elif named and self.video.player is None and not look.covers(frame):
                steady = cache.steady(surface, self._shows(state, size), lambda: layer_key(scene, frame),
                                      lambda: scene.moving(frame))
        # something drawn over the picture: the next frame is drawn whole
        covered = named and look.covers(frame)
        cache.plain = None  # (a frame stopped half drawn leaves the surface to be drawn whole)
        try:
            if steady is not None:
                cache.restore(surface, steady, lambda target: scene.draw_moving(target, frame), frame.give_way)
                frame.clocks[:] = list({tuple(rect): rect for rect in frame.clocks}.values())
                self.video.frame_done()
                look.overlaid = 0.0
            elif area is None or area.width:
                if not moved:
                    look.draw_scene(surface, scene, frame)
                self.video.frame_done()  # a video no scene showed this frame stops (and its sound with it)
                frame.give_way()
                look.draw_over(surface, frame)
        finally:
            if area is not None:
                surface.set_clip(None)
        if steady is not None:
            cache.plain = steady.leaves
        elif area is None and not moved and not covered and named:
            cache.plain = cache.plain_now(layer_key(scene, frame), lambda: scene.moving(frame))
        cache.overlay_whole = not moved and look.overlaid > 0.001
        cache.drew(surface, self._shows(state, size), now, layer_key(scene, frame), frame.clocks, area, steady,
                   only_clock)

    def _outgoing_layer(self, scene: Scene, now: float, size: tuple[int, int]) -> Hashable:
        """The still layer of the scene the last frame drew (a transition lends it first)."""
        shows = self.cache.shows
        return layer_key(scene, self.look.frame(shows[0], now, size)) if shows else None
