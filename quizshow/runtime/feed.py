"""Inputs from every thread, applied in order.

Box readers, the OSC server and the window's own events `deliver` inputs here. Before the window loop
is live they wait in the queue for the main thread (tests and the headless paths `drain` once a frame);
once live (`go_live`), the thread that delivers applies the whole queue at once under the runtime's
lock: a press reaches the journal and the engine without waiting for a frame or another thread.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable


class InputFeed:
    def __init__(self, lock: threading.RLock, take: Callable[[list[object]], None],
                 state: Callable[[], object]) -> None:
        self.queue: queue.Queue[object] = queue.Queue()
        self.lock = lock
        self.take = take  # applies one batch (the composition root routes each input)
        self.state = state  # the show's state now: a change wakes the window loop
        self.live = False
        self.changed = threading.Event()

    def deliver(self, item: object) -> None:
        """Queue an input from any thread; when live, apply the queue now (whoever holds the lock first
        applies everything queued, in order)."""
        self.queue.put(item)
        if self.live:
            self._apply_queued()

    def go_live(self) -> None:
        self.changed.clear()
        self.live = True
        self._apply_queued()  # anything that came before

    def stop(self) -> None:
        self.live = False  # inputs still arriving are only queued from now on

    def drain(self, first: object = None) -> None:
        """Everything queued (after `first`, already taken from the queue), as one batch."""
        items: list[object] = [] if first is None else [first]
        while True:
            try:
                items.append(self.queue.get_nowait())
            except queue.Empty:
                break
        if items:
            self.take(items)

    def _apply_queued(self) -> None:
        with self.lock:
            before = self.state()
            self.drain()
            if self.state() is not before:
                self.changed.set()

    def wait(self, until: float) -> bool:
        """Between frames: until `until` (monotonic), take each input as soon as it arrives (or, when
        live, wait for the delivering threads to). True as soon as the show changed: draw at once."""
        if self.live:
            changed = self.changed.wait(max(0.0, until - time.monotonic()))
            self.changed.clear()
            return changed
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return False
            try:
                item = self.queue.get(timeout=left)
            except queue.Empty:
                return False
            before = self.state()
            self.drain(first=item)
            if self.state() is not before:
                return True

    def empty(self) -> bool:
        return self.queue.empty()
