"""The QBX/1 buzzer-box protocol (spec/serial.md) as pure parsing: bytes → lines → messages, the box's
microsecond clock unwrapped, `seq` gaps and duplicates. No I/O here; `serialbox.py` drives a port.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_LINE = 120  # longer lines are dropped and counted
T_WRAP = 1 << 32  # t_us wraps at 2^32 µs (about 71.6 minutes)
SEQ_WRAP = 1 << 16


@dataclass(frozen=True)
class Hello:
    id: str
    inputs: int
    fw: str


@dataclass(frozen=True)
class Press:
    seq: int
    input: int
    t_us: int
    released: bool = False  # an `R` line


@dataclass(frozen=True)
class Status:
    armed: bool
    down: int


@dataclass(frozen=True)
class Pong:
    t_us: int


@dataclass(frozen=True)
class Reply:
    ok: bool
    command: str
    reason: str = ""


Message = Hello | Press | Status | Pong | Reply

_HELLO = re.compile(r"^HELLO QBX/1 id=(\S+) inputs=(\d+) fw=(\S+)$")
_PRESS = re.compile(r"^(\d{1,5}) ([PR]) (\d{1,3}) (\d{1,10})$")
_STATUS = re.compile(r"^S armed=([01]) down=([0-9A-Fa-f]{1,8})$")
_PONG = re.compile(r"^PONG (\d{1,10})$")
_REPLY = re.compile(r"^(OK|ERR) (\S+)(?: (.*))?$")


def parse(line: str) -> Message | None:
    """One line (without its end) → a message; None if it does not parse."""
    if m := _PRESS.match(line):
        seq, kind, number, t_us = int(m[1]), m[2], int(m[3]), int(m[4])
        if seq >= SEQ_WRAP or t_us >= T_WRAP or number < 1:
            return None
        return Press(seq, number, t_us, released=kind == "R")
    if m := _STATUS.match(line):
        return Status(m[1] == "1", int(m[2], 16))
    if m := _PONG.match(line):
        t_us = int(m[1])
        return Pong(t_us) if t_us < T_WRAP else None
    if m := _HELLO.match(line):
        return Hello(m[1], int(m[2]), m[3])
    if m := _REPLY.match(line):
        return Reply(m[1] == "OK", m[2], m[3] or "")
    return None


def resync(line: str) -> list[Message]:
    """A line that does not parse may be noise glued before a real line (noise without its own line end):
    the messages its tails parse as, longest first. The caller picks (a press by its expected seq)."""
    found = []
    for start in range(1, len(line)):
        if line[start].isdigit() or line[start] in "HSPOE":
            message = parse(line[start:])
            if message is not None:
                found.append(message)
    return found


@dataclass
class LineSplitter:
    """Bytes as they arrive → complete lines. Over-long lines and undecodable bytes are dropped and counted."""

    buffer: bytearray = field(default_factory=bytearray)
    overlong: int = 0
    discarding: bool = False  # inside an over-long line: drop until its end

    def feed(self, data: bytes) -> list[str]:
        lines = []
        for byte in data:
            if byte == 0x0A:  # \n
                if self.discarding:
                    self.discarding = False
                else:
                    raw = bytes(self.buffer).rstrip(b"\r")
                    lines.append(raw.decode("ascii", errors="replace"))
                self.buffer.clear()
                continue
            if self.discarding:
                continue
            self.buffer.append(byte)
            if len(self.buffer) > MAX_LINE:
                self.buffer.clear()
                self.discarding = True
                self.overlong += 1
        return lines


@dataclass
class BoxClock:
    """The box's wrapping microsecond clock → seconds that keep growing (presses in order across a wrap)."""

    last: int | None = None
    wraps: int = 0

    def seconds(self, t_us: int) -> float:
        if self.last is not None and t_us < self.last and self.last - t_us > T_WRAP // 2:
            self.wraps += 1  # went round: 4294967290 → 5
        elif self.last is not None and t_us > self.last and t_us - self.last > T_WRAP // 2:
            return (self.wraps * T_WRAP + t_us - T_WRAP) / 1e6  # a late line from before the wrap
        self.last = t_us
        return (self.wraps * T_WRAP + t_us) / 1e6

    def peek(self, t_us: int) -> float:
        """Seconds for a reading without moving the clock (PONG replies)."""
        wraps = self.wraps
        if self.last is not None and t_us < self.last and self.last - t_us > T_WRAP // 2:
            wraps += 1
        return (wraps * T_WRAP + t_us) / 1e6


@dataclass
class SeqTracker:
    """`seq` 0..65535 wraps: a repeat is a duplicate (ignored), a gap is lost lines (counted)."""

    last: int | None = None
    lost: int = 0
    duplicates: int = 0

    def accept(self, seq: int) -> bool:
        if self.last is None:
            self.last = seq
            return True
        step = (seq - self.last) % SEQ_WRAP
        if step == 0 or step > SEQ_WRAP // 2:  # the same line again, or an old one
            self.duplicates += 1
            return False
        self.lost += step - 1
        self.last = seq
        return True
