"""Idle-time preparation: in the time between frames, a piece a call, what the host's next press may show is
made before it is pressed: the still layers of the likely next states (Next, either verdict), the first teams'
presses, the clock running out, the scene's `warm` pieces, a format's choices rehearsed offscreen, the score
overlay's cards. So a press's first frame only blits what was made (press → first frame ≤ 16.7 ms).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from functools import partial
from typing import TypeVar

import pygame

from quizshow.core import commands as c
from quizshow.core.clock import SYSTEM, Clock
from quizshow.core.commands import Command
from quizshow.core.engine import Outcome
from quizshow.core.state import ShowState
from quizshow.display import motion, paint
from quizshow.display.projector.cache import FrameCache
from quizshow.display.projector.composition import Composition
from quizshow.display.scenes.base import Frame

# The host's likely next presses, whose pictures are composed ahead in idle time: Next, and while an answer
# is judged either verdict (a bout's or a match's result falls on a verdict). A press of a box cannot be
# foreseen (which team?); its picture is composed when it comes (press → first frame ≤ 16.7 ms).
LIKELY_NEXT: tuple[Callable[[float], Command], ...] = (
    lambda at: c.Go(at=at),
    lambda at: c.Judge(at=at, correct=True),
    lambda at: c.Judge(at=at, correct=False),
)
IDLE_PIECE_S = 0.0025  # while anything moves, an idle piece stops at its next give-way point after this long
IDLE_BAND_PIXELS = 518_400  # an idle piece composes a band of a picture this big (1920×270; ~1-3 ms)
IDLE_STILL_S = 0.012  # with nothing moving on screen, idle pieces run for up to this long a call
SPLASHES = ("scene.auction_splash", "scene.round_over")  # the splash words warmed once a size
T = TypeVar("T")


def _never() -> bool:
    return False


class OutOfTime(Exception):
    """An idle piece ran past its time: it stops at a give-way point and runs again in the next piece."""


def idle_bands(size: tuple[int, int]) -> int:
    """How many bands an idle piece composes a full-screen picture in: ~IDLE_BAND_PIXELS each (16 at
    3840×2160, 4 at 1920×1080)."""
    return max(1, round(size[0] * size[1] / IDLE_BAND_PIXELS))


class Ahead:
    """The idle work for the state on air, run a piece at a time (`run`)."""

    def __init__(self, look: Composition, cache: FrameCache, trim: Callable[[], object] | None = None,
                 clock: Clock = SYSTEM) -> None:
        self.look = look
        self.clock = clock  # the machine's: each idle piece's drawing budget
        self.cache = cache  # its still layers take the pictures composed; its target takes offscreen drawing
        self.layers = cache.layers
        self.give_way: paint.GiveWayFn = paint.never  # the projector's: drawing's safe points
        self.trim: Callable[[], object] = trim or _never  # after each idle call: the heap's free pages given back
        self._for: ShowState | None = None  # the state the work is preparing for
        self._work: Iterator[str] | None = None  # its idle pieces still to run (`_pieces`)
        self._size: tuple[int, int] | None = None
        self.now = 0.0  # the time of the idle call running a piece
        self.piece: str | None = None  # what the last idle piece was (the bench names the longest)
        self._budget = IDLE_PIECE_S  # this idle call's time for a piece
        self._deadline: float | None = None  # when the idle piece running must stop (`_cut`)
        self._stop: Callable[[], bool] = _never  # the idle call's `stop`: a press waits to be drawn
        self._splash_warmed: set[tuple[int, int]] = set()

    def plan(self, state: ShowState, propose: Callable[[Command], Outcome], now: float,
             size: tuple[int, int]) -> bool:
        """The work for `state` at `size` (begun again when either changed). True while any is left."""
        if state is not self._for or size != self._size:
            self._for, self._size = state, size
            self.layers.changed()  # layers not used for this state give their surfaces first
            self._work = self._pieces(state, propose, size)
        self.now = now
        return self._work is not None

    def forget(self) -> None:
        """The next `plan` begins the work over, whatever the state."""
        self._for = None

    def run(self, moving: bool, stop: Callable[[], bool] = _never) -> bool:
        """Run pieces: one of about IDLE_PIECE_S while anything moves on screen (`moving`), else for up to
        IDLE_STILL_S; a piece running when `stop()` (a press waits to be drawn) stops at its next give-way
        point. True while more is left."""
        work = self._work
        if work is None:
            return False
        self._budget = IDLE_PIECE_S if moving else IDLE_STILL_S
        started = self.clock.monotonic()
        self._stop = stop
        try:
            while True:
                self.piece = next(work, None)
                if self.piece is None:
                    self._work = None
                    return False
                if moving or stop() or self.clock.monotonic() - started >= IDLE_STILL_S:
                    return True
        finally:
            self._stop = _never
            self.trim()

    def prepare(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Compose the still layer of a state expected next at once, and draw it once offscreen."""
        for _ in self._compose(state, now, size, 1):
            pass

    def rehearse(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """Draw the picture of `state` once offscreen (no layer is kept or displaced)."""
        for _ in self._rehearse(state, now, size):
            pass

    def warm(self, state: ShowState, now: float, size: tuple[int, int]) -> None:
        """What the scene of `state` may need next and cannot be prepared as a layer, all of it."""
        self.now = now
        for _ in self._warm(state, size):
            pass

    def _pieces(self, state: ShowState, propose: Callable[[Command], Outcome],
                size: tuple[int, int]) -> Iterator[str]:
        """Idle work for `state`, yielding after each piece (its name)."""
        look = self.look
        if self.layers.reserve(size):  # not `start`ed at this size (a resized window): one a piece
            yield "reserve"
            while self.layers.reserve(size):
                yield "reserve"
        if paint.reserve_scratch(size):  # what entrances scale their cards into
            yield "scratch"
        parts = idle_bands(size)
        # The picture on screen keeps its layer: marked used now, so the likely next ones never displace it
        # (no frame may have drawn this state yet: presses faster than frames, the same layer as the last).
        scene = look.scene(state)
        static = scene.static_key(look.frame(state, self.now, size))
        if static is not None:
            self.layers.get((scene.name, static, size))
        kept = 1
        nexts = [state]
        for likely in LIKELY_NEXT:
            upcoming = propose(likely(self.now))
            if upcoming.changed:
                yield from self._compose(upcoming.state, self.now, size, parts)
                yield from self._splash_ahead(state, upcoming.state, size)
                kept += 1
                nexts.append(upcoming.state)
        # The score overlay up (or still to slide away: no frame has drawn it going yet) shows the standings of
        # the state it is drawn over: their card is made now, not in the next state's first frame (12 ms at 4K).
        standings = look.standings
        cards = [self._quiet(s, self.now, size) for s in nexts if look.overlay.end > 0 or s.view.scores]
        if cards:  # the cards of states gone by go first (presses with no frame between them left one each)
            standings.keep_only(self._quiet(state, self.now, size), *cards)
        for quiet in cards:
            yield from self._offscreen(partial(standings.draw_overlay, frame=quiet, shown=1.0), size)
        # A box's press cannot be foreseen (which team?): the still layers of the first teams' presses are
        # composed while the layers kept have room (a duel's two players; a scene whose layer is the same
        # whoever answers, the question card, needs one), never displacing the picture on screen or the
        # likely next ones; the other teams' presses are drawn offscreen (their names, their plates); and
        # each team's flash's edges are made.
        room = max(0, self.layers.keep - kept)
        for team in range(len(state.teams)):
            pressed = self._press(state, propose, team)
            if pressed is None:
                continue
            if room:
                yield from self._compose(pressed.state, self.now, size, parts)
                room -= 1
                kept += 1
            else:
                yield from self._rehearse(pressed.state, self.now, size)
            yield from self._offscreen(partial(self._flash, state=pressed.state, team=team), size)
        # The clock running out (a written tour's minute, then its hand-in; a round's time): a layer while
        # the surfaces reserved have room (no fourth full screen for it), else drawn once offscreen.
        window = state.timer.window
        if window is not None:
            ends = propose(c.Tick(at=max(self.now, window.closes) + 0.05))
            if ends.changed and ends.state.phase != state.phase:
                if kept < self.layers.keep - 1:
                    yield from self._compose(ends.state, self.now, size, parts)
                else:
                    yield from self._rehearse(ends.state, self.now, size)
        yield from self._warm(state, size)
        choices = look.views.choices(look.fmt, state, self.now) if look.views.choices else []
        for choice in choices:  # kept as no layer (8 MB each): drawn once, for what they are made of
            upcoming = propose(choice)
            if upcoming.changed:
                yield from self._rehearse(upcoming.state, self.now, size)
                yield from self._splash_ahead(state, upcoming.state, size)
        # S (the score overlay) is a press no idle step foresees: the card of the state on screen is made last,
        # a row a piece, so the slide-in's frames only blit it (its first composed it: 44-48 ms at 4K).
        if not (look.overlay.end > 0 or state.view.scores) and look.live(state, self.now).overlay:
            quiet = self._quiet(state, self.now, size)
            standings.keep_only(quiet)  # no other card is wanted: gone before this one is made (two: 13 MB more)
            yield from self._offscreen(partial(standings.draw_overlay, frame=quiet, shown=1.0), size)
            standings.keep_only(quiet)

    def _press(self, state: ShowState, propose: Callable[[Command], Outcome], team: int) -> Outcome | None:
        """A press of `team`'s box as the engine would take it: the team's, else its first player's who
        may press (a format whose presses name the player: the duel's tables), or None."""
        for player in (None, *range(len(state.teams[team].players))):
            pressed = propose(c.Buzz(at=self.now, team=team, player=player))
            if pressed.changed:
                return pressed
        return None

    def _flash(self, target: pygame.Surface, state: ShowState, team: int) -> None:
        """A team's buzz flash at its brightest (its edges made once a colour)."""
        color = self.look.frame(state, self.now, target.get_size()).team_color(team)
        motion.Flash(paint.rgb(color), self.now).draw(target, self.now)

    def _cut(self, step: Callable[[], T], name: str) -> Generator[str, None, T]:
        """Run `step` as idle pieces: cut short at a give-way point once it has run for the piece's time and
        run again in the next piece (the texts and panels it made are kept, so it gets further each time;
        after three cuts its time doubles a try, so a step that cannot fit still ends)."""
        tries = 0
        while True:
            self._deadline = self.clock.monotonic() + self._budget * 2 ** max(0, tries - 2)
            try:
                return step()
            except OutOfTime:
                tries += 1
            finally:
                self._deadline = None
            yield name + " (cut)"

    def _idle_give_way(self) -> None:
        """The give-way point of drawing done in idle time: past the piece's time, the piece stops here."""
        self.give_way()
        if self._deadline is not None and (self._stop() or self.clock.monotonic() > self._deadline):
            raise OutOfTime

    def _compose(self, state: ShowState, now: float, size: tuple[int, int], parts: int) -> Iterator[str]:
        """The still layer of a state expected next, band by band, then the whole picture drawn once
        offscreen (clipped to a pixel), so every panel, text and frame it uses is made now and its first frame
        on air only blits them (its own animations and no video: nothing on air starts early)."""
        scene = self.look.scene(state)
        frame = self.look.frame(state, now, size, self._idle_give_way)
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
            target = self.cache.target
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

    def _rehearse(self, state: ShowState, now: float, size: tuple[int, int]) -> Iterator[str]:
        scene = self.look.scene(state)
        quiet = self._quiet(state, now, size)

        def draw(target: pygame.Surface) -> None:
            scene.draw_static(target, quiet)
            scene.draw_moving(target, quiet)

        yield from self._offscreen(draw, size)

    def _quiet(self, state: ShowState, now: float, size: tuple[int, int]) -> Frame:
        """A frame for drawing `state` offscreen ahead of time (settled, no video); its give-way point can
        cut an idle piece short."""
        return self.look.quiet(state, now, size, self._idle_give_way)

    def _warm(self, state: ShowState, size: tuple[int, int]) -> Iterator[str]:
        look = self.look
        if size not in self._splash_warmed:  # the splash words and band, made once a size
            self._splash_warmed.add(size)
            for key in SPLASHES:
                look.make_splash(key, -10.0).warm(size, look.text, look.frame(state, self.now, size).u(150))
                yield "splash"
        scene = look.scene(state)
        while (yield from self._cut(lambda: scene.warm(look.frame(state, self.now, size, self._idle_give_way)),
                                    "warm")):
            yield "warm"

    def _splash_ahead(self, old: ShowState, new: ShowState, size: tuple[int, int]) -> Iterator[str]:
        """The splash a change foreseen would bring («Аукцион!» as an auction cell opens): its band and words
        made just before it may show. Made only once a size, the caches (bounded by bytes) had dropped them
        by the auction: its first frame at 3840×2160 made them again (11 ms)."""
        look = self.look
        key = look.views.splash(old, new) if look.views.splash else None
        if key:
            look.make_splash(key, -10.0).warm(size, look.text, look.frame(new, self.now, size).u(150))
            yield "splash"
