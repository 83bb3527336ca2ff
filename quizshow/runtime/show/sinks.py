"""Where an outcome's effects go, fed from one place.

Direct sinks (the desks' OSC feedback and cues, the buzzer lamps) run at once on the thread that
submitted: a press lights its lamp and reaches the lighting desk without waiting for a frame. View
sinks (sound cues, projector animations, the console's journal and notices) touch the mixer or what the
window thread draws, so they run only on the window thread: from any other thread they are queued, and
the window thread, woken by the press's change, applies them at the start of its next frame (`pump`).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from quizshow.core.effects import Event
from quizshow.core.engine import Outcome
from quizshow.display.projector.projector import Projector
from quizshow.outputs.sound import SoundCues

Sink = Callable[[Outcome, float], None]


class Sinks:
    def __init__(self) -> None:
        self.direct: list[Sink] = []
        self.views: list[Sink] = []
        self._queue: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self.window_thread = threading.get_ident()  # the thread that draws (the one that built the app)

    def outcome(self, outcome: Outcome, now: float) -> None:
        for sink in self.direct:
            sink(outcome, now)
        if self.views:
            self.on_window(lambda: self._to_views(outcome, now))

    def _to_views(self, outcome: Outcome, now: float) -> None:
        for sink in self.views:
            sink(outcome, now)

    def on_window(self, change: Callable[[], None]) -> None:
        """Run a change of the views on the window thread: now if this is it, else at its next frame."""
        if threading.get_ident() == self.window_thread:
            change()
        else:
            self._queue.put(change)

    def pump(self) -> int:
        """On the window thread: apply the view changes other threads queued, in order."""
        done = 0
        while True:
            try:
                change = self._queue.get_nowait()
            except queue.Empty:
                return done
            change()
            done += 1


class HallViews:
    """What the hall sees and hears, on the window thread: an outcome's sound cues and pictures (view sinks),
    and events that are not the game's (the line check's lights)."""

    def __init__(self, sinks: Sinks, sound: SoundCues, projector: Projector) -> None:
        self.sinks = sinks
        self.sound_cues = sound
        self.projector = projector

    def sound(self, outcome: Outcome, now: float) -> None:
        self.sound_cues.on_events(outcome.events)

    def pictures(self, outcome: Outcome, now: float) -> None:
        self.projector.on_events(outcome.events, now)

    def events(self, events: list[Event], at: float) -> None:
        def show() -> None:
            self.sound_cues.on_events(events)
            self.projector.on_events(events, at)
        self.sinks.on_window(show)

    def line_check(self, on: bool) -> None:
        def switch() -> None:
            self.projector.line_check = on
        self.sinks.on_window(switch)
