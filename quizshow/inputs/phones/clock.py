"""A phone's clock against the show clock, measured by the show itself (spec/web.md, «Clock sync»).

Pure: no I/O, no time source. The server stamps a ping's send time `s0` and its pong's receive time
`s1` on the show clock; the pong carries the phone's own clock `c` (ms), read between the two. One sample
is `rtt = s1 − s0`, `offset = (s0 + s1)/2 − c/1000` (the spec's sample).

The offset in use (docs/phones.md, «Deviations from the spec»): each sample also *bounds* the true
offset — the phone read its clock after the ping left and before the pong came back, so
`s0 − c/1000 ≤ offset ≤ s1 − c/1000`, widened by DRIFT × its age (the clocks may have drifted apart
since). The samples of the last SPAN_S seconds (at most WINDOW) are intersected, newest first, and the
middle of what is left is the estimate: its error is half the
difference between the *least* delayed trip out and the least delayed trip back among all of them, where
the spec's «the smallest round trip of the last 16» is wrong by half the asymmetry of one sample. A sample
that does not fit the newer ones (the phone's clock jumped) ends the intersection there.

The round trip shown is the spec's: the smallest round trip of the last 16 samples. A press at phone time `c` is
at show time `c/1000 + offset`, clamped into `[arrival − (rtt/2 + SLACK_S), arrival]`: a phone can never claim
it pressed before its message could have left, nor after it arrived. The `rtt` of the clamp (spec v1.1) is the
smallest round trip the phone showed in the last SPAN_S seconds, so a page that starts answering pings late
cannot widen its own slack; a phone whose smallest recent round trip is over RTT_CAP_S (a page answering late
all along, or a network too slow to judge by) has a clock the show does not trust: its presses and typed
answers count at their arrival, and the console and the phone say so. A modified page can therefore claim at
most RTT_CAP_S/2 + SLACK_S (MAX_CLAIM_S) before its message's arrival.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import islice

RTT_WINDOW = 16  # the round trip in use (the pill, the console, the clamp): the smallest of the last 16
WINDOW = 64  # samples kept for the offset
SPAN_S = 120.0  # ...of the last this many seconds
DRIFT = 50e-6  # the most a phone's clock and the show's are taken to drift apart: an older sample allows more
SLACK_S = 0.25  # how much earlier than half a round trip before arrival a press may still be placed
RTT_CAP_S = 0.2  # a phone whose smallest round trip of the last SPAN_S is longer: judged by arrival, flagged
MAX_CLAIM_S = RTT_CAP_S / 2 + SLACK_S  # the most any press is placed before its arrival (docs/phones.md)
FIRST_PINGS = 8  # pings right after connecting, FIRST_PING_GAP_S apart
FIRST_PING_GAP_S = 0.05
CATCH_UP_PINGS = 16  # then this many more, CATCH_UP_GAP_S apart (a phone that just joined is not yet fair)
CATCH_UP_GAP_S = 0.25
PING_EVERY_S = 2.0  # then one every this often
MISSED_PINGS = 3  # unanswered pings in a row: the phone is gone and its seat is free


def ping_gaps() -> Iterator[float]:
    """The seconds after each ping of a phone that just connected before its next one, while the server's
    every-2-s round (PING_EVERY_S) has not taken over: FIRST_PINGS quickly, then CATCH_UP_PINGS more."""
    yield from (FIRST_PING_GAP_S,) * FIRST_PINGS
    yield from (CATCH_UP_GAP_S,) * CATCH_UP_PINGS


@dataclass(frozen=True)
class Sample:
    rtt: float  # seconds
    offset: float  # show time minus phone time, seconds
    s1: float = 0.0  # when the pong came back (show clock)

    @property
    def low(self) -> float:
        """The smallest offset this sample allows: the phone read its clock after the ping left."""
        return self.offset - self.rtt / 2

    @property
    def high(self) -> float:
        """The largest: the phone read its clock before the pong came back."""
        return self.offset + self.rtt / 2


@dataclass(frozen=True)
class Estimate:
    """The phone's offset (show time minus phone time, s) and the interval all the samples used allow."""

    offset: float
    low: float
    high: float
    samples: int  # how many samples the interval is made of

    @property
    def error(self) -> float:
        """The most the offset can be wrong by (the clocks drifting apart by DRIFT at most): half the
        interval."""
        return (self.high - self.low) / 2


@dataclass(frozen=True)
class PressTime:
    """Where a phone press lands on the show clock."""

    at: float  # show time of the press
    synced: bool  # False: no sample yet, the arrival stands in
    clamped: bool  # the phone's claim was outside what the network allows
    error: float | None = None  # the most `at` can be wrong by (the offset's bound, Estimate.error); None: unsynced
    trusted: bool = True  # False: the phone's round trips are too slow to trust its clock; the arrival stands in


class ClockEstimate:
    def __init__(self, window: int = WINDOW) -> None:
        self.samples: deque[Sample] = deque(maxlen=window)
        self._best: Sample | None = None  # worked out once a sample (the console asks every frame)

    def add(self, s0: float, s1: float, phone_ms: float) -> Sample | None:
        """One ping's round trip. A reply that came back before it was sent, or a clock that is not a
        number, is no sample."""
        if not (math.isfinite(s0) and math.isfinite(s1) and math.isfinite(phone_ms)) or s1 < s0:
            return None
        sample = Sample(rtt=s1 - s0, offset=(s0 + s1) / 2 - phone_ms / 1000, s1=s1)
        self.samples.append(sample)
        best: Sample | None = None
        for kept in islice(self.samples, max(0, len(self.samples) - RTT_WINDOW), None):
            if best is None or kept.rtt <= best.rtt:
                best = kept
        self._best = best
        return sample

    @property
    def best(self) -> Sample | None:
        """The least queued sample: the smallest round trip among the last RTT_WINDOW (the later one on a
        tie)."""
        return self._best

    @property
    def synced(self) -> bool:
        return bool(self.samples)

    @property
    def rtt(self) -> float | None:
        best = self.best
        return None if best is None else best.rtt

    def estimate(self, now: float) -> Estimate | None:
        """The offset at show time `now`: the intersection of the samples' intervals, newest first, over
        the last SPAN_S seconds; it stops at a sample that does not fit the newer ones. None: no sample."""
        low, high, used = -math.inf, math.inf, 0
        for sample in reversed(self.samples):
            age = max(0.0, now - sample.s1)
            if used and age > SPAN_S:
                break
            drift = DRIFT * age  # how far the clocks may have drifted apart since
            if sample.low - drift > high or sample.high + drift < low:  # the clock jumped: older ones are void
                break
            low, high, used = max(low, sample.low - drift), min(high, sample.high + drift), used + 1
        if not used:
            return None
        return Estimate((low + high) / 2, low, high, used)

    def clamp_rtt(self, now: float) -> float | None:
        """The round trip the press clamp allows: the smallest of the samples of the last SPAN_S seconds (a
        phone that answers late from now on keeps the slack its quick answers showed). None: none so recent."""
        # A copy first (taken whole, the interpreter held): the console asks from the window's thread while
        # the web server's thread adds pongs, and a deque changed mid-loop fails the loop.
        recent = [sample.rtt for sample in tuple(self.samples) if now - sample.s1 <= SPAN_S]
        return min(recent) if recent else None

    def trusted(self, now: float) -> bool:
        """Whether presses are judged by this phone's clock: synced, and a recent round trip within RTT_CAP_S."""
        rtt = self.clamp_rtt(now)
        return rtt is not None and rtt <= RTT_CAP_S

    def press_time(self, phone_ms: float, arrival: float) -> PressTime:
        """The show time of a press the phone made at its clock `phone_ms`, which arrived at `arrival`."""
        estimate, rtt = self.estimate(arrival), self.clamp_rtt(arrival)
        if estimate is None or rtt is None:
            return press_time(None, phone_ms, arrival)
        if rtt > RTT_CAP_S:  # its clock cannot be trusted: the arrival, never a claim
            return PressTime(arrival, synced=True, clamped=False, trusted=False)
        found = press_time(Sample(rtt=rtt, offset=estimate.offset), phone_ms, arrival)
        return replace(found, error=estimate.error) if found.synced else found


def press_time(best: Sample | None, phone_ms: float, arrival: float) -> PressTime:
    """`best`: the offset in use and the round trip the clamp allows."""
    if best is None or not math.isfinite(phone_ms):
        return PressTime(arrival, synced=False, clamped=False)
    claimed = phone_ms / 1000 + best.offset
    earliest = arrival - (best.rtt / 2 + SLACK_S)
    at = min(max(claimed, earliest), arrival)
    return PressTime(at, synced=True, clamped=at != claimed)
