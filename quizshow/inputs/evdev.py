"""Keyboard-style USB buzzers read from their Linux input device (`/dev/input/eventN`, evdev), whatever
window has the focus: each key press with the kernel's own timestamp of it, mapped onto the show's clock.
The records are `struct input_event` (a timeval, then type, code and value), parsed here with `struct`.
The device is grabbed (EVIOCGRAB), so its keys no longer reach the windows as well.
"""

from __future__ import annotations

import errno
import logging
import os
import select
import struct
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from quizshow.core.clock import SYSTEM, Clock
from quizshow.inputs.keymap import key_code
from quizshow.inputs.messages import KeyPress

log = logging.getLogger(__name__)

RECORD = struct.Struct("@llHHi")  # struct input_event on this machine: 24 bytes on 64-bit Linux
EV_KEY = 1
PRESSED = 1  # 0 released, 2 the key's autorepeat
EVIOCGRAB = 0x40044590  # _IOW('E', 0x90, int)
EVIOCSCLOCKID = 0x400445A0  # _IOW('E', 0xa0, int): the clock of the timestamps
CLOCK_MONOTONIC = 1
RETRY_S = 1.0
LATE_S = 1.0  # a kernel time further back than this is not believed (a clock that jumped): the arrival counts
SUPPORTED = sys.platform.startswith("linux")

# Linux key codes (input-event-codes.h) → the key names of a show file (pygame's, docs/files.md).
_ROWS = {2: "1234567890", 16: "QWERTYUIOP", 30: "ASDFGHJKL", 44: "ZXCVBNM"}
_NAMED = {
    1: "ESCAPE", 12: "MINUS", 13: "EQUALS", 14: "BACKSPACE", 15: "TAB", 26: "LEFTBRACKET", 27: "RIGHTBRACKET",
    28: "RETURN", 39: "SEMICOLON", 40: "QUOTE", 41: "BACKQUOTE", 43: "BACKSLASH", 51: "COMMA", 52: "PERIOD",
    53: "SLASH", 55: "KP_MULTIPLY", 57: "SPACE", 71: "KP7", 72: "KP8", 73: "KP9", 74: "KP_MINUS", 75: "KP4",
    76: "KP5", 77: "KP6", 78: "KP_PLUS", 79: "KP1", 80: "KP2", 81: "KP3", 82: "KP0", 83: "KP_PERIOD",
    87: "F11", 88: "F12", 96: "KP_ENTER", 98: "KP_DIVIDE", 102: "HOME", 103: "UP", 104: "PAGEUP", 105: "LEFT",
    106: "RIGHT", 107: "END", 108: "DOWN", 109: "PAGEDOWN", 110: "INSERT", 111: "DELETE",
    **{59 + n: f"F{n + 1}" for n in range(10)}, **{183 + n: f"F{n + 13}" for n in range(3)},
}
KEY_NAMES: dict[int, str] = {
    code: name
    for code, name in {**{start + i: ch for start, row in _ROWS.items() for i, ch in enumerate(row)},
                       **_NAMED}.items()
    if key_code(name) is not None
}


@dataclass(frozen=True)
class Record:
    """One input_event: the kernel's time of it (seconds, by the device's clock), type, code, value."""

    at: float
    type: int
    code: int
    value: int


class RecordReader:
    """input_event records out of bytes that come in any pieces (a read may end mid-record)."""

    def __init__(self) -> None:
        self._rest = b""

    def feed(self, data: bytes) -> Iterator[Record]:
        data = self._rest + data
        whole = len(data) - len(data) % RECORD.size
        self._rest = data[whole:]
        for sec, usec, kind, code, value in RECORD.iter_unpack(data[:whole]):
            yield Record(sec + usec / 1e6, kind, code, value)


def key_presses(records: Iterator[Record]) -> Iterator[tuple[float, str]]:
    """(kernel time, key name) of each key going down; releases, repeats and keys without a name are left."""
    for record in records:
        if record.type == EV_KEY and record.value == PRESSED:
            name = KEY_NAMES.get(record.code)
            if name is not None:
                yield record.at, name


@dataclass
class KeyboardStatus:
    """What the console shows for one keyboard device."""

    path: str
    connected: bool = False
    grabbed: bool = False
    problem_kind: str = ""  # missing, permission, busy, unplugged, not_linux, other
    problem: str = ""
    last_press: float | None = None
    presses: int = 0


def _problem_kind(why: OSError) -> str:
    if why.errno == errno.ENOENT:
        return "missing"
    if why.errno in (errno.EACCES, errno.EPERM):
        return "permission"
    if why.errno == errno.EBUSY:
        return "busy"
    if why.errno in (errno.ENODEV, errno.EIO, errno.ENXIO):
        return "unplugged"
    return "other"


class KeyboardDevice(threading.Thread):
    """Reads one input device: each key press → a KeyPress (to `emit`, the app's `deliver`) with the
    kernel's time of it in show time. `now` is show time; `kernel_now` the clock of the device's stamps
    (CLOCK_MONOTONIC once the device takes EVIOCSCLOCKID, else the wall clock the kernel stamps with by
    default), read from `clock` unless a test gives its own. A vanished device is opened again every second."""

    def __init__(self, path: str, emit: Callable[[KeyPress], None], now: Callable[[], float],
                 kernel_now: Callable[[], float] | None = None, *, clock: Clock = SYSTEM) -> None:
        super().__init__(name=f"keyboard-{os.path.basename(path)}", daemon=True)
        self.path = path
        self.emit = emit
        self.now = now
        self.kernel_now = kernel_now
        self.clock = clock
        self.status = KeyboardStatus(path)
        self._stopping = threading.Event()

    def stop(self) -> None:
        self._stopping.set()

    def run(self) -> None:
        while not self._stopping.is_set():
            try:
                fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
            except OSError as why:
                self._lost(why)
                self._stopping.wait(RETRY_S)
                continue
            try:
                clock = self._prepare(fd)
                self.status.connected, self.status.problem, self.status.problem_kind = True, "", ""
                self._read(fd, clock)
            except OSError as why:
                self._lost(why)
            finally:
                os.close(fd)
            self._stopping.wait(RETRY_S)

    def _prepare(self, fd: int) -> Callable[[], float]:
        """Grab the device (its keys reach this reader only) and stamp it on the monotonic clock where it
        can. A file that is no input device (a test's pipe) is read as it is."""
        import fcntl  # Linux's (this reader runs only there)

        try:
            fcntl.ioctl(fd, EVIOCGRAB, 1)
            self.status.grabbed = True
        except OSError as why:
            if why.errno == errno.EBUSY:
                raise  # another program grabbed it: nothing would reach us
            self.status.grabbed = False
        clock: Callable[[], float] = self.clock.wall
        try:
            fcntl.ioctl(fd, EVIOCSCLOCKID, struct.pack("@i", CLOCK_MONOTONIC))
            clock = self.clock.monotonic
        except OSError:
            pass
        return self.kernel_now or clock

    def _read(self, fd: int, clock: Callable[[], float]) -> None:
        reader = RecordReader()
        while not self._stopping.is_set():
            ready, _, _ = select.select([fd], [], [], 0.2)
            if not ready:
                continue
            data = os.read(fd, RECORD.size * 64)
            arrival, kernel = self.now(), clock()
            if not data:
                raise OSError(errno.ENODEV, "the device returned no data (unplugged?)")
            for stamp, name in key_presses(reader.feed(data)):
                self._press(name, show_time(stamp, kernel, arrival), arrival)

    def _press(self, name: str, at: float, arrival: float) -> None:
        self.status.last_press = arrival
        self.status.presses += 1
        self.emit(KeyPress(self.path, name, arrival, at))

    def _lost(self, why: OSError) -> None:
        kind = _problem_kind(why)
        if self.status.connected or self.status.problem_kind != kind:
            log.warning("keyboard %s: %s", self.path, why)
        self.status.connected, self.status.grabbed = False, False
        self.status.problem, self.status.problem_kind = str(why), kind


def show_time(stamp: float, kernel_now: float, arrival: float) -> float:
    """A kernel timestamp in show time: as long before the arrival as it was before the kernel clock's now;
    never after the arrival, nor more than LATE_S before it (a stamp that far off is a clock that jumped)."""
    ago = kernel_now - stamp
    return arrival - ago if 0.0 <= ago <= LATE_S else arrival


def unsupported_status(path: str) -> KeyboardStatus:
    """Not Linux: the device cannot be read; its keys count only while a quizshow window has the focus."""
    return KeyboardStatus(path, problem_kind="not_linux", problem=f"evdev needs Linux ({sys.platform})")
