"""Stale frames: a change applied while a frame of the state before it is drawn (a box's press on another
thread) makes that frame stale. At its next give-way point it stops (`Stale`), nothing of it is shown
(`abandoned`), and the caller draws the new state at once. Only a change whose picture is the same scene
stops a frame (no transition would start from a half-drawn surface); never two frames in a row, so a stream
of presses can never keep the projector from showing a frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

from quizshow.core.state import ShowState
from quizshow.display import paint


class Stale(Exception):
    """A frame of a state already replaced stops at its next give-way point."""


class StaleFrames:
    def __init__(self) -> None:
        # The show's state now (the window loop's): a frame of an older state is stale and stops
        self.latest: Callable[[], ShowState] | None = None
        self.give_way: paint.GiveWayFn = paint.never  # the projector's: drawing's safe points
        self.abandoned = False  # the last frame stopped stale: nothing to show, draw again at once
        self.abandons = 0  # stale frames stopped so far
        self._kept_on: ShowState | None = None  # a newer state this frame goes on under (another scene's)

    def begin(self) -> bool:
        """A frame starts. True: it may stop stale (the window loop's `latest` is set and the last frame was
        not stopped)."""
        stoppable = self.latest is not None and not self.abandoned
        self.abandoned = False
        self._kept_on = None
        return stoppable

    def end(self) -> None:
        self._kept_on = None

    def give_way_for(self, state: ShowState, key: Hashable,
                     key_of: Callable[[ShowState], Hashable]) -> paint.GiveWayFn:
        """The give-way point of a frame of `state` whose picture is the scene `key`: after giving way (an
        input applied meanwhile) it raises `Stale` if the show's state is no longer `state` and the new
        state's scene (`key_of`) is the same. A newer state of another scene: the frame goes on (a
        transition starts from its picture, finished)."""
        return partial(self._give_way_unless_stale, state, key, key_of)

    def _give_way_unless_stale(self, state: ShowState, key: Hashable,
                               key_of: Callable[[ShowState], Hashable]) -> None:
        self.give_way()
        latest = self.latest
        if latest is None:
            return
        newer = latest()
        if newer is state or newer is self._kept_on:
            return
        if key_of(newer) != key:
            self._kept_on = newer
            return
        raise Stale

    def abandon(self) -> None:
        """A stale frame stopped: the next frame is drawn whatever comes."""
        self.abandoned = True
        self.abandons += 1
