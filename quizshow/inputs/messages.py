"""What the inputs deliver to the show's feed (runtime/inputs/feed.py): typed messages, each with one handler
in the feed's table.

- `Press`: a buzzer pressed, from any source (a serial box, a pad, a keyboard device, an OSC desk, a phone,
  a key of the key map): whose seat, its own time, the device. A physical button (`button`) names no seat
  yet: the buzzer map's stage of the feed says whose it is (or takes it for assigning). A press becomes
  the engine's `Buzz` once, in the feed (runtime/inputs/presses.py).
- `Action`: an action call with its time and source (a key, the presenter, a console button).
- `OscRequest`: an OSC message accepted at the door, already its action call; replied to its sender.
- `BoxPress`, `KeyPress`: what a serial box's and a keyboard device's reader read; the hardware turns each
  into a `Press` at the reader (inputs/hardware.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from quizshow.core.actions import Call, Value

if TYPE_CHECKING:
    from quizshow.core.engine import Outcome

Address = tuple[str, int]  # a sender: host and port
# Told what became of a press or a request (its outcome; None: not applied), on the thread that applied it.
Done = Callable[["Outcome | None"], None]


@dataclass(frozen=True)
class Action:
    """An action call from a key, a presenter, a console button or OSC, with its time and source."""

    name: str
    at: float
    source: str = "keyboard"
    args: tuple[Value, ...] = ()
    done: Done | None = field(default=None, compare=False, repr=False)  # a phone's stake hears back

    @property
    def call(self) -> Call:
        return Call(self.name, self.args)


@dataclass(frozen=True)
class Seat:
    """A buzzer's owner as a Buzz names it: a team (from 0) and, where each player has a button, a player."""

    team: int
    player: int | None = None


@dataclass(frozen=True)
class Press:
    """A buzzer press from any source. `seat`: whose (None: `button` is a physical button the buzzer map
    names); `source_time`: the press's own time in show time (a box's or a phone's clock, the kernel's, or
    its arrival); `at`: its arrival. `phone`: a phone's seat, whose button the format says
    (Format.seat_button). `done` hears what became of it (a phone's ack, an OSC reply)."""

    seat: Seat | None
    source_time: float
    device: str
    at: float
    button: str = ""
    phone: bool = False
    clock_error: float | None = None  # the most `source_time` can be wrong by (a phone's clock sync), seconds
    done: Done | None = field(default=None, compare=False, repr=False)


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
    types (runtime/osc/link.py)."""

    sender: Address
    address: str
    call: Call
    at: float = 0.0
    format_action: bool = False
