"""Helpers, fixtures and constants that several test files share, first written for
tests/inputs/test_serial.py."""

from __future__ import annotations

import os
import queue
import threading
import time
import tty

import pytest

from quizshow.config import SerialConfig
from quizshow.core import commands as c
from quizshow.core.clock import SYSTEM, Clock, ShowClock
from quizshow.inputs.serialbox import BoxDriver, BoxPress
from quizshow.tools.fakebox import FakeBox


def wait_for(condition, timeout: float = 5.0, poll: float = 0.01) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(poll)
    return False


def as_buzz(teams: dict[int, int], inbox: queue.Queue):
    """What the app does with a box press: the team whose buzzer it is presses."""

    def emit(press: BoxPress) -> None:
        if press.input in teams:
            inbox.put(c.Buzz(at=press.at, team=teams[press.input], source_time=press.source_time, device=press.box))

    return emit


def take(inbox: queue.Queue, count: int, timeout: float = 5.0) -> list[c.Buzz]:
    got = []
    deadline = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < deadline:
        try:
            got.append(inbox.get(timeout=0.05))
        except queue.Empty:
            pass
    return got


NOISE = "?\n"  # a line no protocol knows: the driver counts it as dropped
MARKER_LAMP = 4  # the lamp `settled` flips: the FakeBox has four inputs


def settled(box: FakeBox, driver: BoxDriver, timeout: float = 5.0) -> bool:
    """The driver has acted on the time its clock reads now, and every line it sent has been answered and
    the answer read: a test that moves a ManualClock only between these never moves it while a PING is
    out (a step inside a round trip would be measured as the round trip). Ordered by the link alone:

    - two noise lines, the second sent once the first is counted: the pass of the driver's loop that read
      the first has looked at the clock (and sent a PING if one was due) before it read the second;
    - a lamp, which the outbox writes after every command queued before it: once the box has it, it has
      read any PING and written its PONG;
    - a noise line after that PONG: once it is counted, the PONG has been read."""

    def counted() -> bool:
        dropped = driver.status.dropped
        box.raw(NOISE)
        return wait_for(lambda: driver.status.dropped > dropped, timeout, poll=0.001)

    if not (counted() and counted()):
        return False
    state = "OFF" if box.lamps.get(MARKER_LAMP) == "ON" else "ON"
    driver.lamp(MARKER_LAMP, state)
    return wait_for(lambda: box.lamps.get(MARKER_LAMP) == state, timeout, poll=0.001) and counted()


@pytest.fixture
def rig(tmp_path):
    """A started FakeBox and a BoxDriver reading it; inputs 1..3 are teams 0..2. Both run on `clock` (the
    machine's, or a test's ManualClock that it moves)."""
    made = []

    def make(box_id: str = "box1", t0_us: int = 0, clock: Clock = SYSTEM, **box_args):
        box = FakeBox(box_id, inputs=4, link=tmp_path / f"box-{box_id}", t0_us=t0_us, clock=clock,
                      **box_args).start()
        inbox: queue.Queue = queue.Queue()
        show = ShowClock(source=clock.monotonic)
        driver = BoxDriver(SerialConfig(id=box_id, port=str(box.link)), as_buzz({1: 0, 2: 1, 3: 2}, inbox), show.now,
                           clock=clock)
        driver.start()
        made.append((box, driver))
        assert wait_for(lambda: driver.status.connected), driver.status
        return box, driver, inbox

    yield make
    for box, driver in made:
        driver.stop()
        driver.join(3)
        box.stop()


class DeafBox:
    """A box on a real pty pair that speaks (HELLO until it is heard, then status lines) but never
    reads: `fill()` fills the computer → box direction, as a stuck microcontroller would leave it."""

    def __init__(self, box_id: str = "box1") -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self.slave)
        self.hello = f"HELLO QBX/1 id={box_id} inputs=4 fw=t\n".encode()
        self.heard = False
        self._stop = threading.Event()
        threading.Thread(target=self._speak, daemon=True).start()

    def _speak(self) -> None:
        while not self._stop.is_set():
            try:
                os.write(self.master, b"S armed=1 down=0\n" if self.heard else self.hello)
            except (BlockingIOError, OSError):
                pass
            self._stop.wait(0.1)

    def fill(self) -> None:
        os.set_blocking(self.slave, False)
        refused = 0
        while refused < 5:  # the kernel moves bytes on in the background: full is when it stays full
            try:
                os.write(self.slave, b"x" * 63 + b"\n")  # whole lines: the box's next line starts clean
                refused = 0
            except BlockingIOError:
                refused += 1
                time.sleep(0.05)

    def read_until(self, done, timeout: float = 5.0) -> bytes:
        """The box reads again: everything the computer sent, until `done(received)`."""
        received = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not done(received):
            try:
                received += os.read(self.master, 65536)
            except BlockingIOError:
                time.sleep(0.01)
        return received

    def close(self) -> None:
        self._stop.set()
        os.close(self.master)
        os.close(self.slave)
