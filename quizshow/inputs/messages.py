"""What the inputs deliver to the show's feed (runtime/feed.py): typed messages, each with one handler in
the feed's table (app.py wires it). Every one of them ends as an action call of the action registry
(core/actions.py), so a key, a presenter, a console button, an OSC desk and a box mean the same thing by
the same name.

- `Action`: an action call with its time and source (a key, the presenter, a console button; what a box
  press or an OSC request turns into).
- `BoxPress`: a serial box's input pressed (whose it is, the hardware decides: a team's buzzer, a
  button being assigned, the line check).
- `OscRequest`: an OSC message accepted at the door, already its action call; replied to its sender.

A new kind of input (the phones of the next issue: presses with their own timestamps, stakes, answers)
adds its message here and its handler to the feed's table; a press carries its own time in
`Action.source_time`, which orders presses taken together (runtime/feed.py `in_press_order`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from quizshow.core.actions import Call, Value

if TYPE_CHECKING:
    from quizshow.core.engine import Outcome

Address = tuple[str, int]  # a sender: host and port


@dataclass(frozen=True)
class Action:
    """An action call from a key, a presenter, a console button, OSC or a box, with its time and source.
    `source_time`: a press's own time by its device's clock in show time (a box's), else None (`at`)."""

    name: str
    at: float
    source: str = "keyboard"
    args: tuple[Value, ...] = ()
    source_time: float | None = None
    clock_error: float | None = None  # the most `source_time` can be wrong by (a phone's clock sync), seconds
    # Told what became of it (its outcome, None: not applied) on the thread that applied it: a phone hears
    # back that way.
    done: Callable[[Outcome | None], None] | None = field(default=None, compare=False, repr=False)

    @property
    def call(self) -> Call:
        return Call(self.name, self.args)

    @property
    def press_time(self) -> float:
        return self.at if self.source_time is None else self.source_time


@dataclass(frozen=True)
class BoxPress:
    """A box input pressed: `source_time` is the box's own time of the press in show time, `at` the
    arrival. The hardware decides whose it is (a team's buzzer, an assignment, the line check)."""

    box: str
    input: int
    at: float
    source_time: float


@dataclass(frozen=True)
class KeyPress:
    """A key of a keyboard-style buzzer read from its input device (inputs/evdev.py), not the window:
    `source_time` is the kernel's time of the press in show time, `at` the arrival. The key map decides
    whose buzzer it is (or the key being assigned)."""

    device: str
    key: str  # its name as a show file has it (`F2`, `1`, `KP1`)
    at: float
    source_time: float


@dataclass(frozen=True)
class OscRequest:
    """An OSC message accepted at the door (inputs/osc): the action call its address means (routes.py;
    teams and cells 0-based, as the registry counts them), to be replied to `sender` under `address`.
    `format_action`: a format's own action by name (`/quiz/action/<name>`), whose arguments the registry
    types (runtime/osc_link.py)."""

    sender: Address
    address: str
    call: Call
    at: float = 0.0
    format_action: bool = False
