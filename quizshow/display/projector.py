"""The audience view: the scene for the format and phase, TV transitions between scenes (display/motion),
the buzz flash, splashes, the score overlay, blank.

What covers what is the layer stack (display/stack.py, `STACK`), bottom first: the phase's scene (composed
with the outgoing picture while a transition runs), the buzz flash, a splash, the score overlay, then the
covering pictures: the buzz replay (`replay`), the phones' «Подключение игроков» (`join`), blank, and the
line check over everything.

A still picture costs nothing: `needs_frame` says whether anything on screen can have changed since the
last frame (a new state, a transition, a running clock, an animation), and the window loop draws and
flips only then. A steady frame (the last frame's state and still layer, on the same surface, nothing
drawn over it) draws only the moving pieces that changed (`Scene.moving`), restored from the still layer,
and the window flips only their rectangles (`dirty`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Hashable, Iterator
from functools import partial
from typing import TypeVar

import pygame

from quizshow import registry
from quizshow.core import commands as c
from quizshow.core.commands import Command
from quizshow.core.effects import Event
from quizshow.core.engine import Outcome
from quizshow.core.format import Format
from quizshow.core.phases import PhaseFlags
from quizshow.core.state import ShowState
from quizshow.display import motion, paint, stack, surfaces
from quizshow.display.motion.overlays import in_strips
from quizshow.display.replay import History, ReplayBook
from quizshow.display.replay.scene import ReplayScene
from quizshow.display.scenes import COMMON
from quizshow.display.scenes.base import Animations, Frame, Layers, Piece, Scene
from quizshow.display.scenes.cards import StandingsCard, around
from quizshow.display.scenes.join import JoinScene
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.display.tween import Tween
from quizshow.display.video import VideoScreen
from quizshow.display.views import FormatViews
from quizshow.i18n import spoken  # transition (issue 38): the projector is handed a Words
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
IDLE_PIECE_S = 0.0025  # while anything moves, an idle piece stops at its next give-way point after this long
IDLE_BAND_PIXELS = 518_400  # an idle piece composes a band of a picture this big (1920×270; ~1-3 ms)
FLASH_STRIP_PIXELS = 4 * paint.BAND_PIXELS  # the buzz flash is drawn a strip this big at a time (a give-way between)
IDLE_STILL_S = 0.012  # with nothing moving on screen, idle pieces run for up to this long a call
DIRTY_MOST = 8  # a steady frame redraws at most this many separate rectangles (more: their union)
T = TypeVar("T")
# A frame drawn plain, for the next steady frame: its still layer's key, the layer, its moving pieces
_Plain = tuple[Hashable, pygame.Surface, list[tuple[tuple[int, int, int, int], Hashable]]]
_Steady = tuple[pygame.Surface, list[pygame.Rect], _Plain]  # a steady frame: the layer, what changed, what it leaves


def _never() -> bool:
    return False


class _OutOfTime(Exception):
    """An idle piece ran past its time: it stops at a give-way point and runs again in the next piece."""


class _Stale(Exception):
    """A change (a box's press) was applied while a frame of the state before it was drawn: that frame stops
    at its next give-way point, and the change's frame is drawn instead (`Projector.render`)."""


class Projector:
    def __init__(self, fmt: Format, theme: Theme, title: str, language: str, text: TextCache | None = None,
                 views: FormatViews | None = None, give_way: paint.GiveWayFn = paint.never,
                 sound: bool = True, history: History | None = None,
                 trim: Callable[[], object] | None = None) -> None:
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
        # A transition's buffers, lent by the still layers only while it runs (`_lend`, `_give_back`):
        self._buffer: pygame.Surface | None = None  # the outgoing picture
        self._incoming: pygame.Surface | None = None  # the incoming one, for transitions that move it
        self._transition: motion.Transition | None = None
        self._composing = 0  # bands of the incoming still layer still to compose before the motion starts
        self._splash: motion.Splash | None = None
        self._splash_key: Hashable = None  # the key of the scene the splash was made over
        self._overlay: Tween = Tween(0.0, 0.0, 0.0, 0.0)
        # The score overlay's cards, this projector's own (made in its idle time, with its texts)
        self.standings: StandingsCard = self.views.standings or StandingsCard()
        self._overlaid = 0.0  # how far the last frame that drew showed the overlay
        self._overlay_whole = False  # the last frame drew the overlay over the whole scene (no transition)
        self._drawn_at = 0.0  # when the last frame was drawn
        self._layers = Layers()  # still layers: the current picture's and the next one's
        # what the last frame showed
        self._drawn: tuple[ShowState, tuple[int, int], bool, JoinBoard | None] | None = None
        self._changed_at = -1e9
        self._splash_warmed: set[tuple[int, int]] = set()
        self.dirty: list[pygame.Rect] | None = None  # the rectangles the last frame changed (None: all of it)
        self._target: pygame.Surface | None = None  # the surface the last frame was drawn on
        self._clocks: list[pygame.Rect] = []  # where the last frame drew its clocks
        # The last frame drawn plain (its scene's still layer and moving pieces, nothing over them, on
        # `_target`): the layer's key, the layer, the pieces (`Scene.moving`). None: a steady frame is drawn whole.
        self._plain: _Plain | None = None
        self.line_check = False  # «Проверка кнопок» replaces the show's picture while it is on
        self.join: JoinBoard | None = None  # the phones' join codes cover the show's picture while set
        self._join_scene = JoinScene()
        # The buzz replay's steps in effect (the app's engine, a follower's replica); None: it shows no presses.
        self.history = history
        self._replay = ReplayBook(fmt, self.flags)
        self._replay_scene = ReplayScene()
        self.video = VideoScreen(sound=sound)  # the one video on screen (a pack's question card)
        self._ahead_for: ShowState | None = None  # the state `ahead` is preparing for
        self._work: Iterator[str] | None = None  # its idle pieces still to run (`_pieces`)
        self._work_size: tuple[int, int] | None = None
        self._now = 0.0  # the time of the idle call running a piece
        self.piece: str | None = None  # what the last idle piece was (the bench names the longest)
        self._budget = IDLE_PIECE_S  # this idle call's time for a piece
        self._deadline: float | None = None  # when the idle piece running must stop (`_cut`)
        self._stop: Callable[[], bool] = _never  # the idle call's `stop`: a press waits to be drawn
        self.trim: Callable[[], object] = trim or _never  # after each idle piece: the heap's free pages given back
        self._incoming_shows: ShowState | None = None  # whose picture the incoming buffer holds, if known
        # The show's state now (the window loop's): a frame of an older state is stale and stops (`render`)
        self.latest: Callable[[], ShowState] | None = None
        self.abandoned = False  # the last render stopped a stale frame: nothing to show, draw again at once
        self.abandons = 0  # stale frames stopped so far
        self._kept_on: ShowState | None = None  # a newer state this frame goes on under (another scene's)

    def on_events(self, events: list[Event], now: float) -> None:
        self.anim.on_events(events, now)

    def frame(self, state: ShowState, now: float, size: tuple[int, int],
              give_way: paint.GiveWayFn | None = None) -> Frame:
        return Frame(state, self.fmt, self.theme, self.text, now, size, spoken(self.language), self.title, self.anim,
                     self._layers, give_way or self.give_way, self.video, phase_flags=self.flags)

    def live(self, state: ShowState, now: float | None = None) -> stack.Live:
        """Which layers of the stack are live: the covering ones from the state and the switches; with `now`,
        also the ones drawn over the picture (their own drawing fades them in and out)."""
        covers = {"join": self.join is not None, "blank": state.view.blank, "line_check": self.line_check,
                  "replay": state.view.replay is not None}
        if now is None:
            return stack.Live(**covers)
        phase = self.views.scene(state.phase, COMMON["title"])
        return stack.Live(flash=True, splash=self._splash is not None and self._splash.live(now),
                          overlay=phase is not COMMON["scores"], **covers)

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

    def start(self, target: pygame.Surface, state: ShowState, now: float) -> None:
        """Before the first frame (the app calls it once its window is open): the still layers are allocated
        (15-20 ms each at 3840×2160, one piece each that cannot be split; a transition borrows its buffers
        from them) and the first picture's layer composed, so the first frame only blits and no idle piece
        later allocates."""
        size = target.get_size()
        surfaces.screen(size)
        self._target = target  # idle time may draw its rehearsals on it (clipped to a pixel) before a frame has
        while self._layers.reserve(size):
            pass
        paint.reserve_scratch(size)
        self.scene(state).prepare(self.frame(state, now, size))

    def prepare(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Compose the still layer of a state expected next at once, and draw it once offscreen (what
        `ahead` does piece by piece)."""
        for _ in self._compose(state, now, size, 1):
            pass

    def ahead(self, state: ShowState, propose: Callable[[Command], Outcome], now: float,
              size: tuple[int, int], stop: Callable[[], bool] = _never) -> bool:
        """Idle time, a piece a call: the still layer of each state the host's next press may lead to
        (Next; either verdict while an answer is judged), then the scene's `warm` pieces, then a format's
        choices rehearsed offscreen; True while more is left. `propose` is the engine's: pure, nothing is
        journalled or changed.

        While anything moves on screen (`_motion`) a call runs one piece of about IDLE_PIECE_S: a band of a
        picture (IDLE_BAND_PIXELS), cut short at the drawing's next give-way point when it runs longer (what
        it made, a text or a panel, is kept and the piece runs again), so no frame waits long for idle work.
        With nothing moving, pieces run for up to IDLE_STILL_S a call. Once `stop()` (a press came from
        another thread and waits to be drawn) the piece running stops at its next give-way point and the
        call returns: the frame showing the press does not wait for idle work."""
        surfaces.screen(size)  # the picture caches' budgets grow with the screen
        if state is not self._ahead_for or size != self._work_size:
            self._ahead_for, self._work_size = state, size
            self._layers.changed()  # layers not used for this state give their surfaces first
            self._work = self._pieces(state, propose, size)
        self._now = now
        if self._work is None:
            return False
        if self._buffer is not None and self._transition is not None and not self.transitioning(now):
            # The transition is over by now but no frame has drawn since (the host's next press came before
            # one, or frames far apart): its buffers go back now, not in that frame, so this idle time composes
            # what the next picture needs (else that picture's first frame composed its layer and texts: 4K
            # auction 7 → 25 ms, «Своя игра»'s final 5 → 16-28 ms after a 32-frame zoom in a 30-frame step).
            self._give_back(size)
        if self._buffer is not None:  # a transition runs on the layers' surfaces: no layer is composed meanwhile
            return False  # (it would allocate one more full screen); the work goes on in a frame after it ends
        moving = self._motion(state, now, size) is not None
        self._budget = IDLE_PIECE_S if moving else IDLE_STILL_S
        started = time.perf_counter()
        self._stop = stop
        try:
            while True:
                self.piece = next(self._work, None)
                if self.piece is None:
                    self._work = None
                    return False
                if moving or stop() or time.perf_counter() - started >= IDLE_STILL_S:
                    return True
        finally:
            self._stop = _never
            self.trim()

    def _pieces(self, state: ShowState, propose: Callable[[Command], Outcome],
                size: tuple[int, int]) -> Iterator[str]:
        """Idle work for `state`, yielding after each piece (its name)."""
        if self._layers.reserve(size):  # not `start`ed at this size (a resized window): one a piece
            yield "reserve"
            while self._layers.reserve(size):
                yield "reserve"
        if paint.reserve_scratch(size):  # what entrances scale their cards into
            yield "scratch"
        parts = self._idle_bands(size)
        # The picture on screen keeps its layer: marked used now, so the likely next ones never displace it
        # (no frame may have drawn this state yet: presses faster than frames, the same layer as the last).
        scene = self.scene(state)
        static = scene.static_key(self.frame(state, self._now, size))
        if static is not None:
            self._layers.get((scene.name, static, size))
        kept = 1
        nexts = [state]
        for likely in LIKELY_NEXT:
            upcoming = propose(likely(self._now))
            if upcoming.changed:
                yield from self._compose(upcoming.state, self._now, size, parts)
                yield from self._splash_ahead(state, upcoming.state, size)
                kept += 1
                nexts.append(upcoming.state)
        # The score overlay up (or still to slide away: no frame has drawn it going yet) shows the standings of
        # the state it is drawn over: their card is made now, not in the next state's first frame (12 ms at 4K).
        standings = self.standings
        cards = [self._quiet(s, self._now, size) for s in nexts if self._overlay.end > 0 or s.view.scores]
        if cards:  # the cards of states gone by go first (presses with no frame between them left one each)
            standings.keep_only(self._quiet(state, self._now, size), *cards)
        for quiet in cards:
            yield from self._offscreen(partial(standings.draw_overlay, frame=quiet, shown=1.0), size)
        # A box's press cannot be foreseen (which team?): the still layers of the first teams' presses are
        # composed while the layers kept have room (a duel's two players; a scene whose layer is the same
        # whoever answers, the question card, needs one), never displacing the picture on screen or the
        # likely next ones; the other teams' presses are drawn offscreen (their names, their plates); and
        # each team's flash's edges are made.
        room = max(0, self._layers.keep - kept)
        for team in range(len(state.teams)):
            pressed = self._press(state, propose, team)
            if pressed is None:
                continue
            if room:
                yield from self._compose(pressed.state, self._now, size, parts)
                room -= 1
                kept += 1
            else:
                yield from self._rehearse(pressed.state, self._now, size)
            yield from self._offscreen(partial(self._flash, state=pressed.state, team=team), size)
        # The clock running out (a written tour's minute, then its hand-in; a round's time): a layer while
        # the surfaces reserved have room (no fourth full screen for it), else drawn once offscreen.
        window = state.timer.window
        if window is not None:
            ends = propose(c.Tick(at=max(self._now, window.closes) + 0.05))
            if ends.changed and ends.state.phase != state.phase:
                if kept < self._layers.keep - 1:
                    yield from self._compose(ends.state, self._now, size, parts)
                else:
                    yield from self._rehearse(ends.state, self._now, size)
        yield from self._warm(state, size)
        choices = self.views.choices(self.fmt, state, self._now) if self.views.choices else []
        for choice in choices:  # kept as no layer (8 MB each): drawn once, for what they are made of
            upcoming = propose(choice)
            if upcoming.changed:
                yield from self._rehearse(upcoming.state, self._now, size)
                yield from self._splash_ahead(state, upcoming.state, size)
        # S (the score overlay) is a press no idle step foresees: the card of the state on screen is made last,
        # a row a piece, so the slide-in's frames only blit it (its first composed it: 44-48 ms at 4K).
        if not (self._overlay.end > 0 or state.view.scores) and self.live(state, self._now).overlay:
            quiet = self._quiet(state, self._now, size)
            standings.keep_only(quiet)  # no other card is wanted: gone before this one is made (two: 13 MB more)
            yield from self._offscreen(partial(standings.draw_overlay, frame=quiet, shown=1.0), size)
            standings.keep_only(quiet)

    def _press(self, state: ShowState, propose: Callable[[Command], Outcome], team: int) -> Outcome | None:
        """A press of `team`'s box as the engine would take it: the team's, else its first player's who
        may press (a format whose presses name the player: the duel's tables), or None."""
        for player in (None, *range(len(state.teams[team].players))):
            pressed = propose(c.Buzz(at=self._now, team=team, player=player))
            if pressed.changed:
                return pressed
        return None

    def _cut(self, step: Callable[[], T], name: str) -> Generator[str, None, T]:
        """Run `step` as idle pieces: cut short at a give-way point once it has run for the piece's time and
        run again in the next piece (the texts and panels it made are kept, so it gets further each time;
        after three cuts its time doubles a try, so a step that cannot fit still ends)."""
        tries = 0
        while True:
            self._deadline = time.perf_counter() + self._budget * 2 ** max(0, tries - 2)
            try:
                return step()
            except _OutOfTime:
                tries += 1
            finally:
                self._deadline = None
            yield name + " (cut)"

    def _idle_give_way(self) -> None:
        """The give-way point of drawing done in idle time: past the piece's time, the piece stops here."""
        self.give_way()
        if self._deadline is not None and (self._stop() or time.perf_counter() > self._deadline):
            raise _OutOfTime

    @staticmethod
    def _idle_bands(size: tuple[int, int]) -> int:
        """How many bands an idle piece composes a full-screen picture in: ~IDLE_BAND_PIXELS each (16 at
        3840×2160, 4 at 1920×1080)."""
        return max(1, round(size[0] * size[1] / IDLE_BAND_PIXELS))

    def _compose(self, state: ShowState, now: float, size: tuple[int, int], parts: int) -> Iterator[str]:
        """The still layer of a state expected next, band by band, then the whole picture drawn once
        offscreen (clipped to a pixel), so every panel, text and frame it uses is made now and its first frame
        on air only blits them (its own animations and no video: nothing on air starts early)."""
        scene = self.scene(state)
        frame = self.frame(state, now, size, self._idle_give_way)
        while not (yield from self._cut(lambda: scene.prepare_part(frame, parts), "layer band")):
            yield "layer band"
        # The layer is complete: what a scene prepares beside it (the written rows' pictures).
        yield from self._cut(lambda: scene.prepare(frame), "layer")
        yield "layer"
        quiet = self._quiet(state, now, size)
        yield from self._offscreen(lambda target: scene.draw(target, quiet), size)

    def _offscreen(self, draw: Callable[[pygame.Surface], None], size: tuple[int, int]) -> Iterator[str]:
        """Draw a picture onto the surface the last frame was drawn on, clipped to its top-left pixel, which is
        put back after: what the picture is made of (texts, panels, cards) is made and kept, its pixels are
        not wanted and cost nothing (no full-screen surface is kept for it); cut into pieces at its give-way
        points."""

        def whole() -> None:
            target = self._target
            if target is None or target.get_size() != size:
                return  # nothing drawn on air at this size yet
            corner, clip = target.get_at((0, 0)), target.get_clip()
            target.set_clip(pygame.Rect(0, 0, 1, 1))
            try:
                draw(target)
            finally:
                target.set_clip(None)
                target.set_at((0, 0), corner)
                target.set_clip(clip)

        yield from self._cut(whole, "offscreen")
        yield "offscreen"

    def rehearse(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Draw the picture of `state` once offscreen, so every panel, text, card and artwork it uses is
        made now and its first frame on air only blits them. No layer is kept or displaced; its own
        animations (settled) and no video: nothing on air starts early."""
        for _ in self._rehearse(state, now, size):
            pass

    def _rehearse(self, state: ShowState, now: float, size: tuple[int, int]) -> Iterator[str]:
        scene = self.scene(state)
        quiet = self._quiet(state, now, size)

        def draw(target: pygame.Surface) -> None:
            scene.draw_static(target, quiet)
            scene.draw_moving(target, quiet)

        yield from self._offscreen(draw, size)

    def _quiet(self, state: ShowState, now: float, size: tuple[int, int]) -> Frame:
        """A frame for drawing `state` offscreen ahead of time: its own animations (settled) and no video,
        so nothing on air starts early; its give-way point can cut an idle piece short."""
        return Frame(state, self.fmt, self.theme, self.text, now, size, spoken(self.language), self.title,
                     Animations(count_up_s=self.anim.count_up_s), self._layers, self._idle_give_way, None,
                     phase_flags=self.flags)

    def warm(self, state: ShowState, now: float, size: tuple[int, int]) -> bool:
        """In idle time: what the scene of `state` may need next and cannot be prepared as a layer (the
        splash words, the texts of the questions a board cell may open), all of it; False when done."""
        self._now = now
        for _ in self._warm(state, size):
            pass
        return False

    def _warm(self, state: ShowState, size: tuple[int, int]) -> Iterator[str]:
        if size not in self._splash_warmed:  # the splash words and band, made once a size
            self._splash_warmed.add(size)
            for key in ("scene.auction_splash", "scene.round_over"):
                motion.Splash(_say(key, self.language), -10.0, paint.rgb(self.theme.color("accent")),
                              paint.rgb(self.theme.color("panel_dark"))).warm(
                    size, self.text, self.frame(state, self._now, size).u(150))
                yield "splash"
        scene = self.scene(state)
        while (yield from self._cut(lambda: scene.warm(self.frame(state, self._now, size, self._idle_give_way)),
                                    "warm")):
            yield "warm"

    def _splash_ahead(self, old: ShowState, new: ShowState, size: tuple[int, int]) -> Iterator[str]:
        """The splash a change foreseen would bring («Аукцион!» as an auction cell opens): its band and words
        made just before it may show. Made only once a size, the caches (bounded by bytes) had dropped them
        by the auction: its first frame at 3840×2160 made them again (11 ms)."""
        key = self.views.splash(old, new) if self.views.splash else None
        if key:
            motion.Splash(_say(key, self.language), -10.0, paint.rgb(self.theme.color("accent")),
                          paint.rgb(self.theme.color("panel_dark"))).warm(
                size, self.text, self.frame(new, self._now, size).u(150))
            yield "splash"

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
        if self.scene(state).perpetual(self.frame(state, now, size)):
            return "all"
        if self._overlay.end > 0 and not self._overlay_up() and stack.OVERLAY in stack.on_top(self.live(state, now)):
            return "all"  # the score overlay is not yet drawn up (frames far apart: its slide not drawn)
        return "clock" if state.timer.running else None

    def _lend(self, size: tuple[int, int], outgoing: Hashable, incoming: Hashable) -> None:
        """A transition starts: its buffers are borrowed from the still layers (the outgoing picture's own
        layer first: its pixels are copied into the buffer), the incoming one only for a transition that
        moves the new picture (the zoom). No full-screen surface is kept between transitions."""
        assert self._transition is not None
        if self._buffer is not None and self._buffer.get_size() != size:
            self._give_back(size)
        if self._buffer is None:
            self._buffer = self._layers.lend(size, outgoing if outgoing != incoming else None, incoming)
        if self._transition.moves_incoming and self._incoming is None:
            self._incoming = self._layers.lend(size, None, incoming)
        self._incoming_shows = None

    def _give_back(self, size: tuple[int, int]) -> None:
        """A transition has ended: its buffers go back to the still layers (as spares, if they are wanted)."""
        for buffer in (self._buffer, self._incoming):
            if buffer is not None:
                self._layers.give_back(buffer, size)
        self._buffer = self._incoming = None
        self._incoming_shows = None

    def _layer_key(self, scene: Scene, frame: Frame) -> Hashable:
        """The key of a scene's still layer in `Layers` (as `Scene.prepare` names it), or None."""
        static = scene.static_key(frame)
        return None if static is None else (scene.name, static, frame.size)

    def render(self, surface: pygame.Surface, state: ShowState, now: float) -> None:
        """One frame of `state`. With `latest` set (the window loop's), a change applied while it is drawn (a
        box's press) makes it stale: it stops at its next give-way point, nothing of it is to be shown
        (`abandoned`), and the caller draws the new state at once. Only a change whose picture is the same scene
        (no transition would start from the half-drawn surface); never two frames in a row, so a stream of
        presses can never keep the projector from showing a frame."""
        stoppable = self.latest is not None and not self.abandoned
        self.abandoned = False
        self._kept_on = None
        self._layers.framing = True  # a layer composed in a frame takes a kept surface rather than a new one
        try:
            self._render(surface, state, now, stoppable)
        except _Stale:
            self._abandon()
        finally:
            self._layers.framing = False
            self._kept_on = None

    def _abandon(self) -> None:
        """A stale frame stopped: the surface is half drawn (the next frame draws it whole, not a clock's square);
        a still layer it was composing stays marked begun (`Layers.partial`); the incoming buffer may hold part
        of a picture; a video it drew counts as not shown. What the frame set up for its picture (a transition,
        its lent buffers, a splash) is the change's too (the same scene), and goes on in the next frame."""
        self.abandoned = True
        self.abandons += 1
        self.invalidate()
        self.dirty = None
        self._incoming_shows = None
        self.video.frame_abandoned()

    def _give_way_unless_stale(self, state: ShowState, key: tuple[Hashable, tuple[int, int]], now: float) -> None:
        """A frame's give-way point: after it (an input applied meanwhile), the frame stops if the show's state is
        no longer the one it draws and the new state's picture is the same scene."""
        self.give_way()
        latest = self.latest
        if latest is None:
            return
        newer = latest()
        if newer is state or newer is self._kept_on:
            return
        if (self.scene(newer).key(self.frame(newer, now, key[1])), key[1]) != key:
            self._kept_on = newer  # another scene: a transition starts from this frame's picture, finished
            return
        raise _Stale

    def _render(self, surface: pygame.Surface, state: ShowState, now: float, stoppable: bool = False) -> None:
        size = surface.get_size()
        surfaces.screen(size)  # the picture caches' budgets grow with the screen
        only_clock = self._motion(state, now, size) == "clock"
        frame = self.frame(state, now, size)
        scene = self.scene(state)
        key = (scene.key(frame), size)
        if stoppable:
            frame.give_way = partial(self._give_way_unless_stale, state, key, now)
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
                # The last frame of the old scene is copied into a buffer lent by the layers.
                duration = self.theme.motion.get("transition_s", 0.45)
                origin = scene.enters_from(frame, self._scene.name)
                self._transition = motion.pick(self._scene.name, scene.name, now, duration * (1.2 if origin else 1),
                                               origin, paint.rgb(self.theme.color("accent")))
                old = self._layer_key(self._scene, self.frame(self._drawn[0], now, size)) if self._drawn else None
                self._lend(size, old, self._layer_key(scene, frame))
                assert self._buffer is not None
                paint.blit(self._buffer, surface, give_way=frame.give_way)
                shows_outgoing = True
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
        area = None  # a clock-only frame: the part of the surface drawn again
        steady: _Steady | None = None  # a steady frame: its layer, what changed, what it leaves
        if still:  # the outgoing picture stands still; the incoming one is not drawn (it is half composed)
            if not shows_outgoing and self._buffer is not None:  # (a full-screen copy fewer in the first frame)
                paint.blit(surface, self._buffer, give_way=frame.give_way)
        elif self._transition is not None and not self._transition.done(now) and self._buffer is not None:
            self._transition.compose(surface, self._buffer, self._incoming or self._buffer,
                                     lambda target: self._draw_incoming(target, scene, frame), now, frame.give_way)
        else:
            self._transition = None
            if self._buffer is not None:
                self._give_back(size)
            # Only a clock runs, over the last frame on this same surface: only the clocks' squares are drawn
            # again (the rest of the picture is the last frame's), and only they are shown again (`dirty`).
            # So too under the score overlay settled over a still picture (its dim and card clipped to them);
            # with no clock running there, nothing is drawn at all. A running clock the scene marks no square
            # for (the duel's thinking bar) has the whole picture drawn, as without the overlay.
            overlaid = surface is self._target and self._overlay_still(state, scene, frame)
            if (overlaid or only_clock) and self._clocks and state.timer.running and surface is self._target:
                area = self._clocks[0].unionall(self._clocks[1:])
            elif overlaid and not state.timer.running:
                area = pygame.Rect(0, 0, 0, 0)
            if area is not None:
                surface.set_clip(area)
            else:
                steady = self._steady(surface, state, scene, frame)
        # something drawn over the picture: the next frame is drawn whole
        covered = type(scene).moving is not Scene.moving and self._covers(frame)
        self._plain = None  # (a frame stopped half drawn leaves the surface to be drawn whole)
        try:
            if steady is not None:
                self._draw_changed(surface, scene, frame, steady[0], steady[1])
            elif area is None or area.width:
                self._draw_frame(surface, scene, frame, still)
        finally:
            if area is not None:
                surface.set_clip(None)
        if steady is not None:
            self._plain = steady[2]
        elif area is None and not still and self._transition is None and not covered:
            self._plain = self._plain_now(scene, frame)
        self._overlay_whole = not still and self._transition is None and self._overlaid > 0.001
        self._drawn = (state, size, self.line_check, self.join)
        self._drawn_at = now
        self._layers.shown = self._layer_key(scene, frame)  # on screen: its layer gives its surface to none
        if area is None or area.width:
            self._target, self._clocks = surface, list(frame.clocks)
        # A frame in which only a clock ran: the window need only show the clocks' squares again.
        if area is not None:
            self.dirty = [area] if area.width else []
        elif steady is not None:
            self.dirty = steady[1]
        else:
            self.dirty = list(frame.clocks) if only_clock and frame.clocks else None

    def _draw_frame(self, surface: pygame.Surface, scene: Scene, frame: Frame, still: bool) -> None:
        """The scene (unless the transition's frame drew the picture) and what is drawn over it."""
        now = frame.now
        if not still and self._transition is None:
            self._draw_scene(surface, scene, frame)
        self.video.frame_done()  # a video no scene showed this frame stops (and its sound with it)
        frame.give_way()
        self._overlaid = 0.0
        for layer in stack.on_top(self.live(frame.state, now)):  # over the picture, bottom first
            frame.give_way()  # (each layer is a few full-width blits: an input being applied goes first)
            if layer is stack.FLASH:
                self._draw_flash(surface, frame)
            elif layer is stack.SPLASH and self._splash is not None:
                self._splash.draw(surface, now, self.text, frame.u(150))
            elif layer is stack.OVERLAY:
                self._draw_overlay(surface, frame)

    def _steady(self, surface: pygame.Surface, state: ShowState, scene: Scene, frame: Frame) -> _Steady | None:
        """A steady frame (dirty rectangles): the last frame drew this same state plain on this same surface
        (its still layer, its moving pieces, nothing over them) and this frame draws nothing over it either.
        Then the surface holds the last frame's picture and only what changed since need be drawn: (the still
        layer, the rectangles of the pieces that changed, where they were and where they are, merged; what
        this frame leaves for the next). None: the frame is drawn whole (in doubt: a new state or layer, a
        transition, a flash, a splash, the score overlay, a video, another surface, an exposed window
        (`invalidate`), a scene that names no pieces)."""
        last = self._plain
        drawn = self._drawn
        if (last is None or type(scene).moving is Scene.moving or surface is not self._target or drawn is None
                or drawn[0] is not state or drawn[1:] != (frame.size, self.line_check, self.join)
                or self.video.player is not None or self._covers(frame)):
            return None
        key = self._layer_key(scene, frame)
        if key is None or key != last[0] or key in self._layers.partial:
            return None
        layer = self._layers.get(key)
        if layer is not last[1]:
            return None
        pieces = scene.moving(frame)
        if pieces is None:
            return None
        now = [(_box(rect), what) for rect, what in pieces]
        changed = [pygame.Rect(rect) for rect, _ in set(now) ^ set(last[2])]
        return layer, _regions(changed, surface.get_rect()), (key, layer, now)

    def _covers(self, frame: Frame) -> bool:
        """Whether anything is drawn over the picture in this frame: a buzz flash, a splash, the score overlay."""
        now = frame.now
        if any(kind == "buzz" and 0 <= now - started < 0.7 for kind, started in self.anim.flashes.values()):
            return True
        if self._splash is not None and self._splash.live(now):
            return True
        wanted = frame.state.view.scores and not frame.state.view.blank
        return bool(wanted) or self._overlay.end > 0 or self._overlay.value(now) > 0.001 or self._overlaid > 0.001

    def _draw_changed(self, surface: pygame.Surface, scene: Scene, frame: Frame, layer: pygame.Surface,
                      regions: list[pygame.Rect]) -> None:
        """A steady frame: each changed rectangle restored from the still layer and the moving pieces drawn
        into it (clipped to it); the rest of the surface is the last frame's, the same pixels."""
        for region in regions:
            frame.give_way()
            paint.blit(surface, layer.subsurface(region), region.topleft, give_way=frame.give_way)
            surface.set_clip(region)
            try:
                scene.draw_moving(surface, frame)
            finally:
                surface.set_clip(None)
        frame.clocks[:] = list({tuple(rect): rect for rect in frame.clocks}.values())
        self.video.frame_done()
        self._overlaid = 0.0

    def _plain_now(self, scene: Scene, frame: Frame) -> _Plain | None:
        """What a frame drawn whole and plain leaves for the next steady frame: its layer's key, the layer,
        its pieces (None: the next frame is drawn whole too)."""
        if type(scene).moving is Scene.moving:  # (a scene that names no moving pieces: no steady frames)
            return None
        key = self._layer_key(scene, frame)
        if key is None or key in self._layers.partial:
            return None
        layer = self._layers.get(key)
        pieces: list[Piece] | None = scene.moving(frame) if layer is not None else None
        if layer is None or pieces is None:
            return None
        return key, layer, [(_box(rect), what) for rect, what in pieces]

    def _draw_scene(self, surface: pygame.Surface, scene: Scene, frame: Frame) -> None:
        """The scene; under the score overlay its still layer is not blitted where the card hides it whole."""
        hole: pygame.Rect | None = None
        if stack.OVERLAY in stack.on_top(self.live(frame.state, frame.now)) and type(scene).draw is Scene.draw:
            shown = self._overlay_shown(frame)
            hole = self.standings.cover(frame, shown) if shown > 0.001 else None
        still = scene.prepare(frame) if hole is not None else None
        if hole is None or still is None:
            scene.draw(surface, frame)
            return
        for part in around(hole, surface.get_clip()):
            paint.blit(surface, still.subsurface(part), part.topleft, give_way=frame.give_way)
        scene.draw_moving(surface, frame)

    def _overlay_up(self) -> bool:
        """Whether the last frame drew the score overlay up, its slide over, over the whole scene."""
        return self._overlay_whole and self._overlay.end >= 1.0 and self._overlay.done(self._drawn_at)

    def _overlay_still(self, state: ShowState, scene: Scene, frame: Frame) -> bool:
        """Whether the last frame drew the score overlay up (its slide over) over the picture of this same
        state, with nothing under it moving but a clock since that frame: the picture it left is this frame's."""
        return (self._overlay_up() and self._drawn == (state, frame.size, self.line_check, self.join)
                and not (self._splash is not None and self._splash.live(self._drawn_at))
                and not self.anim.recent(self._drawn_at, SETTLE_S)
                and self._still(scene, self.frame(state, self._drawn_at, frame.size), clocks=True))

    def invalidate(self) -> None:
        """Something else drew on the surface after the last frame (a follower's «no link» badge): the next
        frame draws the whole picture, not only what changed (a clock's square; nothing under a settled
        score overlay)."""
        self._target = None

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

    def _still(self, scene: Scene, frame: Frame, clocks: bool = False) -> bool:
        """Whether a scene's picture of an unchanged state is the same as a moment ago: no clock (with
        `clocks`: but its running clocks), banner, video, flash, count-up or perpetual motion, and nothing
        that appeared within SETTLE_S (an entrance keyed by its age). A scene that grows out of a rectangle
        (Scene.enters_from) animates by nothing else while it grows."""
        state, now, anim = frame.state, frame.now, self.anim
        return ((clocks or not state.timer.running) and state.banner is None and self.video.player is None
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

    def _flash(self, target: pygame.Surface, state: ShowState, team: int) -> None:
        """A team's buzz flash at its brightest (its edges made once a colour)."""
        color = self.frame(state, self._now, target.get_size()).team_color(team)
        motion.Flash(paint.rgb(color), self._now).draw(target, self._now)

    def _draw_flash(self, surface: pygame.Surface, frame: Frame) -> None:
        """A buzz: the frame's edges light up in the colour of whoever pressed first.

        Each flash is four alpha blits of the screen's edges (at 3840×2160 ~2 ms each, the interpreter held
        throughout, so a second team's press waited for them). They are drawn a strip of the screen at a
        time, clipped, giving way before each: every pixel gets the same blends in the same order, so the
        picture is the same."""
        flashes = [motion.Flash(paint.rgb(frame.team_color(team)), started)
                   for team, (kind, started) in self.anim.flashes.items()
                   if kind == "buzz" and 0 <= frame.now - started < 0.7 and team < len(frame.state.teams)]
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

    def _overlay_shown(self, frame: Frame) -> float:
        """How far up the standings card is in this frame (its slide starts in the first frame after S)."""
        wanted = 1.0 if frame.state.view.scores and not frame.state.view.blank else 0.0
        if wanted != self._overlay.end:
            self._overlay = Tween(self._overlay.value(frame.now), wanted, frame.now, 0.35)
        return self._overlay.value(frame.now)

    def _draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        """The standings card slides up from the bottom edge while view.scores is on."""
        shown = self._overlaid = self._overlay_shown(frame)
        if shown <= 0.001:
            return
        self.standings.draw_overlay(surface, frame, shown)


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return rect.x, rect.y, rect.width, rect.height


def _regions(rects: list[pygame.Rect], bounds: pygame.Rect, most: int = DIRTY_MOST) -> list[pygame.Rect]:
    """The rectangles a steady frame draws again, each restored from the still layer whole then drawn over
    (so overlapping ones may each be drawn: the last one's pixels are right too): clipped to the screen,
    overlapping ones merged where their union is not much bigger than they are (a banner over a score
    strip's card stays two); more than `most`: their union."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.clip(bounds)
        if not rect.width or not rect.height:
            continue
        joined = True
        while joined:
            joined = False
            for i, other in enumerate(merged):
                union = rect.union(other)
                if rect.colliderect(other) and union.w * union.h <= 1.25 * (rect.w * rect.h + other.w * other.h):
                    rect = union
                    del merged[i]
                    joined = True
                    break
        merged.append(rect)
    if len(merged) > most:
        return [merged[0].unionall(merged[1:])]
    return merged


def _say(key: str, language: str) -> str:
    from quizshow.i18n import phrase

    return phrase(key, language)
