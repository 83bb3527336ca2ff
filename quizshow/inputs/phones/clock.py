"""A phone's clock against the show clock, measured by the show itself (spec/web.md, «Clock sync»).

Pure: no I/O, no time source. The server stamps a ping's send time `s0` and its pong's receive time
`s1` on the show clock; the pong carries the phone's own clock `c` (ms). One sample is
`rtt = s1 − s0`, `offset = (s0 + s1)/2 − c/1000`; the estimate in use is the sample with the smallest
round trip among the last 16 (the least queued one is the least wrong). A press at phone time `c` is then
at show time `c/1000 + offset`, clamped into `[arrival − (rtt/2 + SLACK_S), arrival]`: a phone can
never claim it pressed before its message could have left, nor after it arrived.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

WINDOW = 16  # samples the estimate is chosen from
SLACK_S = 0.25  # how much earlier than half a round trip before arrival a press may still be placed
FIRST_PINGS = 8  # pings right after connecting
PING_EVERY_S = 2.0  # then one every this often
MISSED_PINGS = 3  # unanswered pings in a row: the phone is gone and its seat is free


@dataclass(frozen=True)
class Sample:
    rtt: float  # seconds
    offset: float  # show time minus phone time, seconds


@dataclass(frozen=True)
class PressTime:
    """Where a phone press lands on the show clock."""

    at: float  # show time of the press
    synced: bool  # False: no sample yet, the arrival stands in
    clamped: bool  # the phone's claim was outside what the network allows


class ClockEstimate:
    def __init__(self, window: int = WINDOW) -> None:
        self.samples: deque[Sample] = deque(maxlen=window)

    def add(self, s0: float, s1: float, phone_ms: float) -> Sample | None:
        """One ping's round trip. A reply that came back before it was sent, or a clock that is not a
        number, is no sample."""
        if not (math.isfinite(s0) and math.isfinite(s1) and math.isfinite(phone_ms)) or s1 < s0:
            return None
        sample = Sample(rtt=s1 - s0, offset=(s0 + s1) / 2 - phone_ms / 1000)
        self.samples.append(sample)
        return sample

    @property
    def best(self) -> Sample | None:
        """The sample in use: the smallest round trip among the last WINDOW (the later one on a tie)."""
        best: Sample | None = None
        for sample in self.samples:
            if best is None or sample.rtt <= best.rtt:
                best = sample
        return best

    @property
    def synced(self) -> bool:
        return bool(self.samples)

    @property
    def rtt(self) -> float | None:
        best = self.best
        return None if best is None else best.rtt

    def press_time(self, phone_ms: float, arrival: float) -> PressTime:
        """The show time of a press the phone made at its clock `phone_ms`, which arrived at `arrival`."""
        return press_time(self.best, phone_ms, arrival)


def press_time(best: Sample | None, phone_ms: float, arrival: float) -> PressTime:
    if best is None or not math.isfinite(phone_ms):
        return PressTime(arrival, synced=False, clamped=False)
    claimed = phone_ms / 1000 + best.offset
    earliest = arrival - (best.rtt / 2 + SLACK_S)
    at = min(max(claimed, earliest), arrival)
    return PressTime(at, synced=True, clamped=at != claimed)
