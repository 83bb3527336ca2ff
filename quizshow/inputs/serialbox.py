"""Serial buzzer boxes (spec/serial.md): one reader thread per box, delivering presses to the app.

A thread opens its port exclusively (a device path, a pyserial URL, or `auto`: every serial port is
asked `WHO` and the box with the right id is taken), waits for `HELLO` (an Arduino resets when its
port opens, so the driver waits for the box to speak rather than sleeping), measures the box's clock
against the show's with PING/PONG (its offset and drift: qbx.ClockSync), and turns each press into a
`BoxPress` (inputs/messages.py) stamped with the box's own time converted to show time. A vanished or
silent box is retried every second; its lamps are restored when it is back.

Lines to a box go through its own writer thread with a bounded outbox, so the show never waits on a
port: a box that stops reading (a stuck microcontroller) costs a write timeout in that thread only,
and the console says the box is stuck.
"""

from __future__ import annotations

import errno
import logging
import os
import select
import threading
from collections import deque
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field

import serial
from serial.tools import list_ports

from quizshow.config import SerialConfig
from quizshow.core.clock import SYSTEM, Clock
from quizshow.inputs import qbx, rawbytes
from quizshow.inputs.messages import BoxPress

log = logging.getLogger(__name__)

RETRY_S = 1.0
SILENT_S = 2.0  # no status line this long: the box is silent, reopen it
HELLO_WAIT_S = 3.0
PING_EVERY_S = 5.0
PING_FIRST = 8  # after the box is found (or says HELLO) its first PINGs come quicker: its drift is known sooner
PING_FIRST_GAP_S = 0.5
WRITE_TIMEOUT_S = 0.5  # a line the box has not taken this long: the box is stuck
OUTBOX_LINES = 16  # commands other than lamps waiting for a box; the oldest give way


@dataclass
class BoxStatus:
    """What the console shows for one box."""

    id: str
    port: str = ""
    connected: bool = False
    fw: str = ""
    inputs: int = 0
    rtt_ms: float | None = None
    drift_ppm: float | None = None  # the box's clock against the show's, once measured (qbx.ClockSync)
    last_press: float | None = None  # show time
    lost_lines: int = 0
    duplicates: int = 0
    dropped: int = 0  # garbage, over-long and unknown lines
    lost_since: float | None = None  # wall time the box went away
    problem: str = ""  # what the system said, for the log and the line check
    problem_kind: str = ""  # see problem_kind(): the console says it in words
    stuck: bool = False  # connected, but the box takes no more lines (its lamps are not following)
    unsent: int = 0  # lines given up: the outbox was full, or the box did not take them


@dataclass
class _Link:
    """One open port and what was learned on it."""

    port: serial.SerialBase
    splitter: qbx.LineSplitter = field(default_factory=qbx.LineSplitter)
    clock: qbx.BoxClock = field(default_factory=qbx.BoxClock)
    seq: qbx.SeqTracker = field(default_factory=qbx.SeqTracker)
    sync: qbx.ClockSync = field(default_factory=qbx.ClockSync)  # box time → show time
    ping_sent: float | None = None
    pings: int = 0  # sent since the box was found or said HELLO
    last_status: float = 0.0
    # Presses (and their arrival) read while waiting for HELLO; None marks where the HELLO came.
    early: list[tuple[qbx.Press, float] | None] = field(default_factory=list)
    pending: bytes = b""  # read from a pyserial URL by `ready`, not yet taken

    def read(self) -> bytes:
        """What the box sent, waiting up to the port's timeout (`ready`, then `take`)."""
        return self.take() if self.ready() else b""

    def _fd(self) -> int | None:
        fd = getattr(self.port, "fd", None)
        return fd if isinstance(fd, int) and os.name == "posix" else None

    def ready(self) -> bool:
        """Wait up to the port's timeout for the box to send something (a POSIX device: one select). Other
        ports (pyserial URLs) are read here through pyserial, kept for `take`: the wait is never inside
        `take`, which the reader calls holding the show's lock."""
        fd = self._fd()
        if fd is None:
            self.pending += self.port.read(self.port.in_waiting or 1)
            return bool(self.pending)
        ready, _, _ = select.select([fd], [], [], self.port.timeout)
        return bool(ready)

    def take(self) -> bytes:
        """What the box sent. A POSIX device is read with one read of everything waiting: pyserial's
        read(in_waiting or 1) takes a line's first byte alone and then the rest, five system calls where
        each return is a wait for the GIL while the projector draws."""
        fd = self._fd()
        if fd is None:
            data, self.pending = self.pending, b""
            return data
        try:
            data = os.read(fd, 4096)
        except (BlockingIOError, InterruptedError):
            return b""
        if not data:  # as pyserial says it: readable, yet nothing came
            raise serial.SerialException("device reports readiness to read but returned no data "
                                         "(device disconnected?)")
        return data


class SilentBox(Exception):
    pass


class NoSuchBox(serial.SerialException):
    """`port: auto` (or the port given) has no QBX/1 box with this id."""


def problem_kind(why: BaseException) -> str:
    """The cause of a lost box as the troubleshooting table names it (docs/hardware.md): missing,
    permission, busy, silent, no_box, unplugged, not_serial; "other" when the system said something
    else."""
    if isinstance(why, SilentBox):
        return "silent"
    if isinstance(why, NoSuchBox):
        return "no_box"
    code = getattr(why, "errno", None)
    text = str(why).lower()
    if code == errno.ENOENT or "no such file" in text:
        return "missing"
    if code in (errno.EACCES, errno.EPERM) or "permission denied" in text:
        return "permission"
    if code == errno.EBUSY or "exclusively lock" in text or "resource busy" in text:
        return "busy"
    if code in (errno.EIO, errno.ENXIO, errno.ENODEV) or "returned no data" in text:
        return "unplugged"
    if code == errno.ENOTTY or "inappropriate ioctl" in text:
        return "not_serial"
    return "other"


class BoxDriver(threading.Thread):
    """Reads one box. `emit` receives each BoxPress (the app's `deliver`); `now` is show time. `hold` (the
    show's lock) is held from the moment the box has sent something until its lines are applied: drawing
    stops at its next give-way point, so the read, the parsing and the journal's write each get the
    interpreter back at once instead of after a band of the picture being drawn. `clock` paces the link
    (the wait for HELLO, PINGs, a silent box) and dates a lost box."""

    def __init__(self, config: SerialConfig, emit: Callable[[BoxPress], None], now: Callable[[], float],
                 hold: AbstractContextManager[object] | None = None, *, clock: Clock = SYSTEM) -> None:
        super().__init__(name=f"box-{config.id}", daemon=True)
        self.config = config
        self.emit = emit
        self.now = now
        self.clock = clock
        self.hold: AbstractContextManager[object] = hold if hold is not None else nullcontext()
        self.status = BoxStatus(config.id)
        self.lamps: dict[int, str] = {}  # the lamps the game wants, restored after a reconnect
        self._link: _Link | None = None
        self._write_lock = threading.Lock()  # held by the writer while it writes, and to close the port
        self._stopping = threading.Event()
        self._outbox = Outbox()
        self._writer = threading.Thread(target=self._write_loop, name=f"box-{config.id}-out", daemon=True)
        # The simple protocol: a token is a byte, or a line when the map's tokens are longer than one.
        self._line_tokens = any(len(token) > 1 for token in config.map)

    # --- the thread -----------------------------------------------------------------------------------

    def stop(self) -> None:
        self._stopping.set()
        self._outbox.wake()

    def run(self) -> None:
        self._writer.start()
        while not self._stopping.is_set():
            try:
                self._link = self._connect()
                self._restore_lamps()
                self._ping(self._link)  # after the lamps: restoring them clears the outbox
                self._read(self._link)
            except (serial.SerialException, OSError, SilentBox) as why:
                self._lost(str(why) or type(why).__name__, problem_kind(why))
            finally:
                self._close()
            self._stopping.wait(RETRY_S)

    def _lost(self, why: str, kind: str = "other") -> None:
        if self.status.connected or not self.status.problem:
            log.warning("box %s: %s", self.config.id, why)
        if self.status.connected:
            self.status.lost_since = self.clock.wall()
        self.status.connected = False
        self.status.problem, self.status.problem_kind = why, kind

    def _close(self) -> None:
        link, self._link = self._link, None
        self._outbox.clear()  # a new link starts with every lamp again
        self.status.stuck = False
        if link is not None:
            with self._write_lock:
                try:
                    link.port.close()
                except (serial.SerialException, OSError):
                    pass

    # --- opening --------------------------------------------------------------------------------------

    def _open(self, port: str) -> serial.SerialBase:
        if "://" in port:
            return serial.serial_for_url(port, baudrate=self.config.baud, timeout=0.02,
                                         write_timeout=WRITE_TIMEOUT_S)
        if self.config.preset == "simulator":  # as .NET's SerialPort opens it: DTR and RTS stay low
            opened = serial.Serial(None, baudrate=self.config.baud, timeout=0.02, write_timeout=WRITE_TIMEOUT_S,
                                   exclusive=True)
            opened.port, opened.dtr, opened.rts = port, False, False
            opened.open()
            return opened
        return serial.Serial(port, baudrate=self.config.baud, timeout=0.02, write_timeout=WRITE_TIMEOUT_S,
                             exclusive=True)

    def _connect(self) -> _Link:
        if self.config.protocol == "simple":
            link = self._link = _Link(self._open(self.config.port))
            self._connected(self.config.port, "", 0)
            return link
        ports = [self.config.port] if self.config.port != "auto" else [p.device for p in list_ports.comports()]
        for port in ports:
            try:
                link = self._link = _Link(self._open(port))  # the writer thread writes to self._link
            except (serial.SerialException, OSError) as why:
                if self.config.port != "auto":
                    raise
                log.debug("box %s: %s: %s", self.config.id, port, why)
                continue
            hello = self._hello(link)
            if hello is not None and (hello.id == self.config.id or self.config.port != "auto"):
                if hello.id != self.config.id:
                    log.warning("box %s: the box on %s says it is %s", self.config.id, port, hello.id)
                self._connected(port, hello.fw, hello.inputs)
                self._replay_early(link)
                return link
            self._close()
        raise NoSuchBox(f"no QBX/1 box with id={self.config.id} found")

    def _hello(self, link: _Link) -> qbx.Hello | None:
        """Ask WHO until the box answers HELLO (it may be resetting after the port opened)."""
        deadline = self.clock.monotonic() + HELLO_WAIT_S
        next_who = 0.0
        while self.clock.monotonic() < deadline and not self._stopping.is_set():
            if self.clock.monotonic() >= next_who:
                self._send(link, "WHO")
                next_who = self.clock.monotonic() + 0.5
            data = link.read()
            arrival = self.now()
            hello: qbx.Hello | None = None
            for line in link.splitter.feed(data):
                message = self._parse(link, line)
                if isinstance(message, qbx.Hello) and hello is None:
                    link.last_status = self.clock.monotonic()
                    hello = message
                    link.early.append(None)  # presses before it are of the box's earlier sequence
                elif isinstance(message, qbx.Press):
                    link.early.append((message, arrival))  # kept: applied once connected (_replay_early)
            if hello is not None:
                return hello
        link.early.clear()
        return None

    def _replay_early(self, link: _Link) -> None:
        """The presses that came while the driver waited for HELLO, in order, once connected; those
        before the HELLO on their own sequence and clock, those after it on the box's new ones."""
        early, link.early = link.early, []
        before_hello = True
        for item in early:
            if item is None:
                if before_hello:
                    before_hello = False
                    link.seq, link.clock, link.sync = qbx.SeqTracker(), qbx.BoxClock(), qbx.ClockSync()
                continue
            self._message(link, *item)

    def _parse(self, link: _Link, line: str) -> qbx.Message | None:
        """One line → its message. A line that does not parse is counted; if noise without a line end was
        glued before a real line, the real line is still taken (a press by the seq it should have)."""
        message = qbx.parse(line)
        if message is not None:
            return message
        self.status.dropped += 1
        tails = qbx.resync(line)
        if not tails:
            return None
        presses = [m for m in tails if isinstance(m, qbx.Press)]
        if presses and link.seq.last is not None:
            expected = (link.seq.last + 1) % qbx.SEQ_WRAP
            for press in presses:
                if press.seq == expected:
                    return press
        return tails[-1]  # the shortest: the fewest noise digits taken for a seq

    def _connected(self, port: str, fw: str, inputs: int) -> None:
        if not self.status.connected and self.status.lost_since is not None:
            log.info("box %s: back on %s", self.config.id, port)
        self.status.connected, self.status.port, self.status.fw = True, port, fw
        self.status.inputs, self.status.problem, self.status.lost_since = inputs, "", None
        self.status.drift_ppm = None  # a new link measures the clock anew
        self.status.problem_kind = ""

    # --- reading ----------------------------------------------------------------------------------------

    def _read(self, link: _Link) -> None:
        next_ping = self.clock.monotonic() + PING_FIRST_GAP_S
        while not self._stopping.is_set():
            if link.ready():
                arrival = self.now()  # when the bytes came, not when the show's lock was had
                with self.hold:
                    self._take(link, link.take(), arrival)
            if self.config.protocol != "qbx":
                continue
            if self.clock.monotonic() - link.last_status > SILENT_S:
                raise SilentBox("silent: no status for 2 s")
            if self.clock.monotonic() >= next_ping:
                self._ping(link)
                next_ping = self.clock.monotonic() + (PING_FIRST_GAP_S if link.pings < PING_FIRST else PING_EVERY_S)

    def _take(self, link: _Link, data: bytes, arrival: float) -> None:
        """Whatever the box sent: each press (its line, or a simple box's byte) to `emit`; `arrival`: the
        show time the port turned readable (a simple box's press has no time of its own but this)."""
        if not data:
            return
        if self.config.preset == "simulator":
            inputs, dropped = rawbytes.byte_inputs(data, self.config.map)
            self.status.dropped += dropped
            for number in inputs:
                self._press(number, arrival, arrival)
            return
        if self.config.protocol == "simple" and not self._line_tokens:
            for byte in data:
                if byte not in b"\r\n":
                    self._simple(chr(byte), arrival)
            return
        for line in link.splitter.feed(data):
            self._line(link, line, arrival)
        self.status.dropped += link.splitter.overlong
        link.splitter.overlong = 0

    def _line(self, link: _Link, line: str, arrival: float) -> None:
        if self.config.protocol == "simple":
            self._simple(line, arrival)
            return
        message = self._parse(link, line)
        if message is not None:
            self._message(link, message, arrival)

    def _message(self, link: _Link, message: qbx.Message, arrival: float) -> None:
        if isinstance(message, qbx.Status):
            link.last_status = self.clock.monotonic()
        elif isinstance(message, qbx.Pong):
            self._pong(link, message, arrival)
        elif isinstance(message, qbx.Press):
            if not link.seq.accept(message.seq):
                self.status.duplicates = link.seq.duplicates
                return
            self.status.lost_lines = link.seq.lost
            box_s = link.clock.seconds(message.t_us)
            if not message.released:
                self._press(message.input, link.sync.show_time(box_s, arrival), arrival)
        elif isinstance(message, qbx.Hello):
            # The box reset with the port open: its seq starts again at 1 and its clock at 0, so both
            # are new sequences (else every press is a «duplicate» until seq passes the old value);
            # the offset is measured again, and its lamps (all off after a reset) are sent again.
            link.last_status = self.clock.monotonic()
            link.seq, link.clock, link.sync, link.pings = qbx.SeqTracker(), qbx.BoxClock(), qbx.ClockSync(), 0
            self.status.fw, self.status.inputs, self.status.drift_ppm = message.fw, message.inputs, None
            self._restore_lamps()
            self._ping(link)

    def _simple(self, token: str, arrival: float) -> None:
        number = self.config.map.get(token.strip())
        if number is None:
            self.status.dropped += 1
            return
        self._press(number, arrival, arrival)

    def _press(self, number: int, press_time: float, arrival: float) -> None:
        self.status.last_press = arrival
        self.emit(BoxPress(self.config.id, number, arrival, press_time))

    # --- clock offset -------------------------------------------------------------------------------

    def _ping(self, link: _Link) -> None:
        link.pings += 1
        link.ping_sent = self.now()
        self._send(link, "PING")

    def _pong(self, link: _Link, pong: qbx.Pong, arrival: float) -> None:
        if link.ping_sent is None:
            return
        link.sync.pong(link.clock.peek(pong.t_us), link.ping_sent, arrival)
        self.status.rtt_ms = (arrival - link.ping_sent) * 1000
        self.status.drift_ppm = link.sync.drift_ppm
        link.ping_sent = None

    # --- lamps and the writer --------------------------------------------------------------------------

    def lamp(self, number: int, state: str) -> None:
        """ON, OFF or BLINK for one input's lamp (kept, and sent again after a reconnect). Never waits:
        the line is left in the outbox, where it replaces an older state of the same lamp."""
        if self.lamps.get(number) == state:
            return
        self.lamps[number] = state
        if self._link is not None and self.config.protocol == "qbx":
            self._outbox.lamp(number, state)

    def _restore_lamps(self) -> None:
        if self._link is None or self.config.protocol != "qbx":
            return
        self._outbox.clear()
        self._send(self._link, "LAMPS OFF")
        for number, state in sorted(dict(self.lamps).items()):  # a copy: the show may set a lamp meanwhile
            if state != "OFF":
                self._outbox.lamp(number, state)

    def _send(self, link: _Link, line: str) -> None:
        """A command for the box, written by the writer thread (the caller never waits on the port)."""
        if not self._outbox.put(line):
            self.status.unsent += 1

    def _write_loop(self) -> None:
        resync = False  # after a timed-out write the box may hold half a line: end it first
        while not self._stopping.is_set():
            line = self._outbox.take(timeout=0.5)
            link = self._link
            if line is None or link is None:
                continue
            data = ("\n" if resync else "") + line + "\n"
            with self._write_lock:
                try:
                    link.port.write(data.encode("ascii"))
                    resync = False
                    if self.status.stuck:
                        log.info("box %s: takes commands again", self.config.id)
                    self.status.stuck = False
                except serial.SerialTimeoutException:
                    resync = True
                    self.status.unsent += 1
                    if not self.status.stuck:
                        log.warning("box %s: takes no commands (a write waited %.1f s); lamps may not follow",
                                    self.config.id, WRITE_TIMEOUT_S)
                    self.status.stuck = True
                    self._outbox.retry(line)
                except (serial.SerialException, OSError) as why:
                    log.debug("box %s: write failed: %s", self.config.id, why)


class Outbox:
    """What is waiting to be written to one box: the newest state of each lamp (an older state of the
    same lamp is superseded, so a stuck box never piles up lamp lines) and up to OUTBOX_LINES other
    commands in order (the oldest give way). Lamps go after the commands before them were written."""

    def __init__(self) -> None:
        self._lines: deque[str] = deque()
        self._lamps: dict[int, str] = {}
        self._ready = threading.Condition()

    def put(self, line: str) -> bool:
        with self._ready:
            kept = len(self._lines) < OUTBOX_LINES
            if not kept:
                self._lines.popleft()
            self._lines.append(line)
            self._ready.notify()
            return kept

    def lamp(self, number: int, state: str) -> None:
        with self._ready:
            self._lamps.pop(number, None)  # a lamp keeps the place of its newest change
            self._lamps[number] = state
            self._ready.notify()

    def retry(self, line: str) -> None:
        """A line the box did not take goes back in front, unless newer news replaced it."""
        with self._ready:
            words = line.split()
            if words[0] == "LAMP":
                self._lamps.setdefault(int(words[1]), words[2])
            elif len(self._lines) < OUTBOX_LINES:
                self._lines.appendleft(line)

    def __len__(self) -> int:
        return len(self._lines) + len(self._lamps)

    def take(self, timeout: float) -> str | None:
        with self._ready:
            if not self._lines and not self._lamps:
                self._ready.wait(timeout)
            if self._lines:
                return self._lines.popleft()
            if self._lamps:
                number = next(iter(self._lamps))
                return f"LAMP {number} {self._lamps.pop(number)}"
            return None

    def clear(self) -> None:
        with self._ready:
            self._lines.clear()
            self._lamps.clear()

    def wake(self) -> None:
        with self._ready:
            self._ready.notify_all()
