"""Inputs from every thread, applied in order: the show's one feed.

Every source delivers a typed message here (inputs/messages.py): a box reader, a keyboard device, a pad,
the OSC server and the phones' server a `Press`; the OSC server, the window and the phones their requests.
Before the window loop is live they wait in the queue for the main thread (tests and the headless paths
`drain` once a frame); once live (`go_live`), the thread that delivers applies the whole queue at once
under the runtime's lock: a press reaches the journal and the engine without waiting for a frame.

Each message type has exactly one handler, in one table (`Handlers`, wired by the composition root). A
handler either does the whole job itself (an OSC request is applied and replied at once, in arrival
order: what its batch had before it is applied first) or returns what is to be applied after the batch:
a press (the press stages, runtime/inputs/presses.py) or an action call (the controls), each by the one
applier the table has for its kind.
Presses taken together are applied in the order of their own timestamps (`in_press_order`); each pending
item's `done` hears what became of it.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Protocol, TypeVar, cast

from quizshow.core.clock import Clock
from quizshow.core.engine import Outcome
from quizshow.inputs.messages import Action, Press

log = logging.getLogger(__name__)
M = TypeVar("M")
T = TypeVar("T")
R = TypeVar("R")
Pending = Press | Action
# A message's handler: what it means, to be applied after its batch, or None (done, or nothing to do).
Handler = Callable[[object], Pending | None]


class Guard(Protocol):
    """guard(apply, item): applies one input; a bug in it is shown, never raised: None then."""

    def __call__(self, apply: Callable[[T], R], item: T, /) -> R | None: ...


class Safely:
    """The feed's guard (and the window loop's): applies one input; a bug in doing so is logged and said on
    the console, and the inputs after it still apply: it never takes a box reader or the OSC server down,
    nor the show."""

    def __init__(self, notice: Callable[[str, str], None], said: str) -> None:
        self.notice = notice
        self.said = said  # «внутренняя ошибка», in the show's language

    def __call__(self, apply: Callable[[T], R], item: T, /) -> R | None:
        try:
            return apply(item)
        except Exception:
            log.exception("applying %s failed", type(item).__name__)
            self.notice(self.said, "problem")
            return None


class Handlers:
    """The one table from a message type to its handler, and from a pending kind (a press, an action call)
    to its applier (a type registered twice is an error). Filled by the composition root while it wires
    the show: nothing is applied before the window loop goes live or a test drains."""

    def __init__(self) -> None:
        self._by_type: dict[type, Handler] = {}
        self._at_once: set[type] = set()
        self._press: Callable[[Press], Outcome | None] | None = None
        self._action: Callable[[Action], Outcome | None] | None = None

    def add(self, kind: type[M], handler: Callable[[M], Pending | None], *, at_once: bool = False) -> None:
        """`at_once`: the handler does the whole job itself (an OSC request, applied and replied): what came
        before it in its batch is applied first, so it keeps its place among them."""
        if kind in self._by_type:
            raise ValueError(f"{kind.__name__} has a handler already")
        # Looked up by the message's exact type (`of`): the handler only ever gets its own kind.
        self._by_type[kind] = cast(Handler, handler)
        if at_once:
            self._at_once.add(kind)

    def acts_at_once(self, item: object) -> bool:
        return type(item) in self._at_once

    def applying(self, press: Callable[[Press], Outcome | None], action: Callable[[Action], Outcome | None]) -> None:
        """The appliers of what handlers leave pending: a press (the press stages), an action (the controls)."""
        if self._press is not None:
            raise ValueError("the appliers are wired already")
        self._press, self._action = press, action

    def of(self, item: object) -> Handler:
        handler = self._by_type.get(type(item))
        if handler is None:
            raise TypeError(f"no handler for an input of type {type(item).__name__}")
        return handler

    def apply(self, pending: Pending) -> Outcome | None:
        if self._press is None or self._action is None:
            raise TypeError("no applier wired for pending inputs")
        return self._press(pending) if isinstance(pending, Press) else self._action(pending)


def as_is(action: Action) -> Action:
    """An action call's handler: applied after its batch, as it came."""
    return action


def _own_time(press: Press) -> float:
    return press.source_time


def in_press_order(pending: list[Pending]) -> list[Pending]:
    """Runs of presses taken from the queue together are reordered by their own timestamps (a box that
    reports 2 ms later may still have been pressed first); everything else keeps its place."""
    out: list[Pending] = []
    run: list[Press] = []
    for item in pending:
        if isinstance(item, Press):
            run.append(item)
            continue
        ordered: list[Press] = sorted(run, key=_own_time)
        out.extend(ordered)
        run = []
        out.append(item)
    ordered = sorted(run, key=_own_time)
    out.extend(ordered)
    return out


class InputFeed:
    def __init__(self, lock: threading.RLock, handlers: Handlers, guard: Guard, state: Callable[[], object],
                 clock: Clock) -> None:
        self.queue: queue.Queue[object] = queue.Queue()
        self.lock = lock
        self.handlers = handlers
        self.guard = guard
        self.state = state  # the show's state now: a change wakes the window loop
        self.clock = clock
        self.live = False
        self.changed = threading.Event()

    def deliver(self, item: object) -> None:
        """Queue an input from any thread; when live, apply the queue now (whoever holds the lock first
        applies everything queued, in order)."""
        self.queue.put(item)
        if self.live:
            self._apply_queued()

    def at_once(self, item: object) -> Outcome | None:
        """An input of the window thread (a pad's button, the key map's buzzer): its handler and its applier,
        now, under the lock; what became of it is returned (and told to its `done`)."""
        with self.lock:
            meant = self.handlers.of(item)(item)
            if meant is None:
                return None
            result = self.handlers.apply(meant)
            if meant.done is not None:
                meant.done(result)
            return result

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
        """One batch, each input applied on its own: a bug in one never loses the others. What a handler leaves
        pending waits for the end of the batch (presses in the order of their own times), or for the next
        input that acts at once (an OSC request): an operator's verdict never overtakes the press before it."""
        pending: list[Pending] = []
        for item in items:
            if pending and self.handlers.acts_at_once(item):
                self._apply(pending)
                pending = []
            meant = self.guard(lambda message: self.handlers.of(message)(message), item)
            if meant is not None:
                pending.append(meant)
        self._apply(pending)

    def _apply(self, pending: list[Pending]) -> None:
        for meant in in_press_order(pending):
            result = self.guard(self.handlers.apply, meant)
            if meant.done is not None:
                self.guard(meant.done, result)

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
            changed = self.changed.wait(max(0.0, until - self.clock.monotonic()))
            self.changed.clear()
            return changed
        while True:
            left = until - self.clock.monotonic()
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
