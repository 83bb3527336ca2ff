"""Inputs from every thread, applied in order.

Box readers, the OSC server and the window's own events `deliver` typed messages here
(inputs/messages.py). Before the window loop is live they wait in the queue for the main thread (tests
and the headless paths `drain` once a frame); once live (`go_live`), the thread that delivers applies
the whole queue at once under the runtime's lock: a press reaches the journal and the engine without
waiting for a frame or another thread.

Each message type has exactly one handler, in one table (`Handlers`, wired by the composition root).
A handler either does the whole job itself (an OSC request is applied and replied at once, in arrival
order) or returns the action call the message means; those calls are applied after the batch, presses
that arrived together in the order of their own timestamps (`in_press_order`).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Protocol, TypeVar, cast

from quizshow.core.engine import Outcome
from quizshow.inputs.messages import Action

M = TypeVar("M")
T = TypeVar("T")
R = TypeVar("R")
# A message's handler: the action call it means (applied after its batch), or None (done, or nothing to do).
Handler = Callable[[object], Action | None]


class Guard(Protocol):
    """guard(apply, item): applies one input; a bug in it is shown, never raised (app.safely): None then."""

    def __call__(self, apply: Callable[[T], R], item: T, /) -> R | None: ...


class Handlers:
    """The one table from a message type to its handler (a type registered twice is an error)."""

    def __init__(self) -> None:
        self._by_type: dict[type, Handler] = {}

    def add(self, kind: type[M], handler: Callable[[M], Action | None]) -> None:
        if kind in self._by_type:
            raise ValueError(f"{kind.__name__} has a handler already")
        # Looked up by the message's exact type (`of`): the handler only ever gets its own kind.
        self._by_type[kind] = cast(Handler, handler)

    def of(self, item: object) -> Handler:
        handler = self._by_type.get(type(item))
        if handler is None:
            raise TypeError(f"no handler for an input of type {type(item).__name__}")
        return handler


def in_press_order(actions: list[Action]) -> list[Action]:
    """Runs of presses taken from the queue together are reordered by their own timestamps (a box that
    reports 2 ms later may still have been pressed first); everything else keeps its place."""
    out: list[Action] = []
    run: list[Action] = []
    for action in actions:
        if action.name == "buzz":
            run.append(action)
            continue
        out += sorted(run, key=lambda press: press.press_time)
        run = []
        out.append(action)
    return out + sorted(run, key=lambda press: press.press_time)


class InputFeed:
    def __init__(self, lock: threading.RLock, handlers: Handlers, apply: Callable[[Action], Outcome | None],
                 guard: Guard, state: Callable[[], object]) -> None:
        self.queue: queue.Queue[object] = queue.Queue()
        self.lock = lock
        self.handlers = handlers
        self.apply = apply  # an action call (runtime/operator/controls.py)
        self.guard = guard
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

    def take(self, items: list[object]) -> None:
        """One batch, each input applied on its own: a bug in one never loses the others."""
        pending: list[Action] = []
        for item in items:
            action = self.guard(lambda message: self.handlers.of(message)(message), item)
            if action is not None:
                pending.append(action)
        for action in in_press_order(pending):
            result = self.guard(self.apply, action)
            if action.done is not None:
                self.guard(action.done, result)

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
