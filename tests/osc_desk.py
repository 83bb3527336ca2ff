"""A lighting desk on 127.0.0.1 for the OSC tests: it sends real UDP datagrams and keeps what comes back; a
clock the test drives; an OSC server alone on it."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pythonosc.osc_message import OscMessage

from quizshow.app import ShowApp
from quizshow.config import OscConfig, load_show
from quizshow.inputs.messages import OscRequest
from quizshow.inputs.osc import OscServer
from quizshow.outputs.osc_out import message
from quizshow.yamlfile import Problems


class Desk:
    def __init__(self, host: str = "127.0.0.1") -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind((host, 0))  # any 127.x.y.z is this machine: a desk "from another address"
        self.sock.settimeout(0.02)
        self.got: list[tuple[str, tuple]] = []

    @property
    def address(self) -> tuple[str, int]:
        return self.sock.getsockname()

    def send(self, to: tuple[str, int], address: str, *args: object) -> None:
        self.sock.sendto(message(address, *args), to)

    def raw(self, to: tuple[str, int], data: bytes) -> None:
        self.sock.sendto(data, to)

    def pump(self, seconds: float = 0.05) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self._receive()

    def wait_for(self, address: str, timeout: float = 3.0, where=None) -> tuple:
        """The arguments of the first message to `address` (matching `where`), waiting for it."""
        for addr, args in self.got:
            if addr == address and (where is None or where(args)):
                return args
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self._receive()  # one datagram: a match is seen the moment it arrives
            if got is not None and got[0] == address and (where is None or where(got[1])):
                return got[1]
        raise AssertionError(f"no {address} received; got {self.got[-12:]}")

    def first_since(self, since: int, fits, timeout: float = 3.0) -> tuple[str, tuple]:
        """The first message received after the `since`-th one (`len(got)` then) for which `fits(address, args)`."""
        deadline = time.monotonic() + timeout
        while True:
            for addr, args in self.got[since:]:
                if fits(addr, args):
                    return addr, args
            if time.monotonic() >= deadline:
                raise AssertionError(f"nothing fitting received; got {self.got[-12:]}")
            self._receive()

    def _receive(self) -> tuple[str, tuple] | None:
        try:
            data, _ = self.sock.recvfrom(65536)
        except TimeoutError:
            return None
        parsed = OscMessage(data)
        self.got.append((parsed.address, tuple(parsed.params)))
        return self.got[-1]

    def replies(self, address: str) -> list[tuple]:
        return [args for addr, args in self.got if addr == "/quiz/reply" and args[0] == address]

    def close(self) -> None:
        self.sock.close()


class DrivenClock:
    """Seconds that pass only when the test says: given to the OSC server as its clock, so what is late,
    flooding or over its rate is decided by the test's story, never by how loaded the machine is."""

    def __init__(self, at: float = 1000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at

    def monotonic(self) -> float:  # a Clock (core/clock.py) too: the show's whole machine time
        return self.at

    def wall(self) -> float:
        return 1_800_000_000.0 + self.at

    def advance(self, seconds: float) -> None:
        self.at += seconds


def synced_write() -> None:
    time.sleep(0.004)  # the journal's O_DSYNC write: it slows the server as a real journal would


@contextmanager
def journalling_server(clock: Callable[[], float], write: Callable[[], None] = synced_write,
                       config: OscConfig | None = None) -> Iterator[tuple[OscServer, list[OscRequest]]]:
    """An OSC server alone on 127.0.0.1 (port 0), on the test's clock, whose every accepted command costs
    what a journalled one does (`write`) and is acknowledged as the app does."""
    applied: list[OscRequest] = []
    server: OscServer

    def submit(request: OscRequest) -> None:
        write()
        applied.append(request)
        server.reply(request.sender, request.address, 200, "ok")

    server = OscServer(config or OscConfig(listen=("127.0.0.1", 0)), submit, clock, lambda *a, **k: None,
                       lambda to: None, lambda to, on: None, port=0).start()
    try:
        yield server, applied
    finally:
        server.stop()


def osc_show(path: Path, journal: Path) -> Iterator[tuple[ShowApp, Desk, tuple[str, int]]]:
    """The show file at `path` live with its OSC door on a free port of 127.0.0.1, and a desk to talk to it
    (a fixture's body: `yield from osc_show(...)`)."""
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    app = ShowApp(config, journal_path=journal, fresh=True, sound=False, devices=False, osc=True, osc_port=0)
    app.go_live()
    desk = Desk()
    yield app, desk, app.osc.address
    app.running = False
    app.close()
    desk.close()
