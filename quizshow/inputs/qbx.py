"""The QBX/1 buzzer-box protocol (spec/serial.md) as pure parsing: bytes → lines → messages, the box's
microsecond clock unwrapped and mapped onto the show's, `seq` gaps and duplicates. No I/O here;
`serialbox.py` drives a port.
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


# The box's clock against the show's (ClockSync). A box's crystal runs up to ±100 ppm off, an Uno's ceramic
# resonator up to ±0.5 %: 5 ms a second, so one offset measured at the start goes stale within a question.
SYNC_WINDOW_S = 120.0  # the PONGs of the last this many seconds (box time) measure the box's rate
SYNC_RTT_SLACK_S = 0.002  # a PONG whose round trip is within this of their median counts (not one held up)
SYNC_MIN_SPAN_S = 3.0  # the rate is measured once the counted PONGs span this long
SYNC_STEP_S = 0.005  # a mapping this far behind the measure jumps forward (a box just connected) …
SYNC_SLEW_S = 5.0  # … else (and always backwards) it is bent over this long of box time (the PINGs' interval) …
SYNC_MAX_SLEW = 0.01  # … by changing the rate by at most 1 %: a gap of 300 µs on one box stays within 3 µs


@dataclass(frozen=True)
class ClockSample:
    """One PING/PONG: the box's time in its PONG, the show's time halfway through the round trip."""

    box_s: float
    show_s: float
    rtt_s: float


@dataclass
class ClockSync:
    """The box's clock (seconds, unwrapped by BoxClock) → show time. Each PONG is a sample; the samples of
    the last SYNC_WINDOW_S with a usual round trip (not held up on the way) give the box's rate (its drift
    against the show's clock) and offset by least squares. The mapping in use moves towards that line
    from the latest press mapped, bending its rate, or jumping forward when far behind, never back: it
    always grows with the box's time, so two presses on one box keep their order (and their gap, within
    SYNC_MAX_SLEW and the box's own drift) whenever the mapping is corrected between them. Before the first
    PONG a press's arrival stands in for its show time."""

    samples: list[ClockSample] = field(default_factory=list)
    anchor_box: float | None = None  # the mapping in use passes through (anchor_box, anchor_show) …
    anchor_show: float = 0.0
    rate: float = 1.0  # … with this many show seconds per box second
    measured_rate: float | None = None  # the box's rate against the show's clock, once measured
    rtt_s: float | None = None  # the latest round trip
    _rate_error: float = 0.0  # the measured rate's standard error
    latest_box: float | None = None  # the latest box time mapped: a correction starts there

    def show_time(self, box_s: float, arrival: float) -> float:
        if self.anchor_box is None:  # no PONG yet: the arrival is the best guess there is
            self.anchor_box, self.anchor_show, self.rate = box_s, arrival, 1.0
        self.latest_box = box_s if self.latest_box is None else max(self.latest_box, box_s)
        return self.anchor_show + (box_s - self.anchor_box) * self.rate

    @property
    def drift_ppm(self) -> float | None:
        """How much faster the box's clock runs than the show's, in millionths (negative: slower)."""
        return None if self.measured_rate is None else (1.0 / self.measured_rate - 1.0) * 1e6

    def pong(self, box_s: float, sent: float, arrival: float) -> None:
        """A PONG carrying the box's time `box_s`, for a PING sent at show time `sent`, back at `arrival`."""
        self.rtt_s = arrival - sent
        first = not self.samples
        self.samples.append(ClockSample(box_s, sent + self.rtt_s / 2, self.rtt_s))
        self.samples = [s for s in self.samples if s.box_s >= box_s - SYNC_WINDOW_S]
        usual = sorted(s.rtt_s for s in self.samples)[(len(self.samples) - 1) // 2]
        counted = [s for s in self.samples if s.rtt_s <= usual + SYNC_RTT_SLACK_S]
        if len(counted) >= 2 and counted[-1].box_s - counted[0].box_s >= SYNC_MIN_SPAN_S:
            self.measured_rate, self._rate_error = _slope(counted, usual)
        rate = 1.0
        if self.measured_rate is not None and self.measured_rate != 1.0:
            # Trusted as far as it stands out of its own uncertainty: a resonator's 0.5 % at once, a crystal's
            # few millionths measured over seconds of jitter hardly at all (until the samples span longer).
            off = self.measured_rate - 1.0
            rate = 1.0 + off * off * off / (off * off + self._rate_error ** 2)
        # Where the samples put the latest box time yet: on their fitted line, or (no rate yet) by the newest.
        base = counted if self.measured_rate is not None else counted[-1:]
        mean_box = sum(s.box_s for s in base) / len(base)
        mean_show = sum(s.show_s for s in base) / len(base)
        at = max(box_s, self.latest_box if self.latest_box is not None else box_s)
        target = mean_show + (at - mean_box) * rate
        now = self.show_time(at, target)
        if first or target - now > SYNC_STEP_S:
            # The first measure (the arrival was a guess), or far behind: a jump forward, which keeps the order
            # of every press (a later one only lands further on).
            self.anchor_box, self.anchor_show, self.rate = at, target, rate
            return
        # Ahead, or a little behind: the rate bends towards the line, from the latest press on.
        self.anchor_box, self.anchor_show = at, now
        self.rate = rate + max(-SYNC_MAX_SLEW, min(SYNC_MAX_SLEW, (target - now) / SYNC_SLEW_S))


def _slope(samples: list[ClockSample], usual_rtt: float) -> tuple[float, float]:
    """Show seconds per box second by least squares, and its standard error: from the scatter about the
    line, but never less than a round trip's uncertainty (each midpoint may be off by a quarter of one)."""
    mean_box = sum(s.box_s for s in samples) / len(samples)
    mean_show = sum(s.show_s for s in samples) / len(samples)
    spread = sum((s.box_s - mean_box) ** 2 for s in samples)
    slope = sum((s.box_s - mean_box) * (s.show_s - mean_show) for s in samples) / spread
    scatter = sum((s.show_s - mean_show - slope * (s.box_s - mean_box)) ** 2 for s in samples)
    sigma = max((scatter / max(1, len(samples) - 2)) ** 0.5, usual_rtt / 4)
    return slope, sigma / spread ** 0.5


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
