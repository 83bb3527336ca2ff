"""A lighting desk on 127.0.0.1 for the OSC tests: it sends real UDP datagrams and keeps what comes back."""

from __future__ import annotations

import socket
import time

from pythonosc.osc_message import OscMessage

from quizshow.outputs.osc_out import message


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
