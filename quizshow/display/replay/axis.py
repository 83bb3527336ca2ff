"""The replay's time axis: which span of a race it shows, where, and its ticks. Pure arithmetic (no pygame):
times are seconds from the moment the buttons opened (the axis's 0).

When the presses came long after the opening and close together («Своя игра»: a second after the question
appeared, 37 ms apart), one scale would squeeze the race into a few pixels: the axis is broken then, a short
part round the opening (and its false-start zone) and, after a break, most of the width for the presses."""

from __future__ import annotations

import math
from dataclasses import dataclass

from quizshow.history.presses import Race

NICE = (1.0, 2.0, 5.0)  # ticks every 1, 2 or 5 × a power of ten milliseconds
TICKS = 7  # about this many ticks across the whole width
LEAST_SPAN_S = 0.4  # a lone press is not drawn on an axis of a millisecond
PAD = 0.12  # room either side of the presses, a share of their span
LABEL_ROOM = 0.45  # more room after the last press, a share of the span: the words beside it
WINDOW_REACH = 2.5  # the window's end is on the axis when it is at most this many times the presses' reach
BREAK_AFTER = 3.0  # the axis breaks when the presses start this many times their spread after the opening...
BREAK_LEAST_S = 0.5  # ...and at least this long after it
OPENING_SHARE = 0.24  # a broken axis gives the part round the opening this share of the width
GAP_SHARE = 0.05  # ...and the break this much


@dataclass(frozen=True)
class Segment:
    low: float  # seconds from the opening at its left end
    high: float
    step: float  # seconds between its ticks
    start: float  # where it begins, a share of the axis's width
    end: float

    def ticks(self) -> list[float]:
        first = math.ceil(self.low / self.step - 1e-9)
        last = math.floor(self.high / self.step + 1e-9)
        return [k * self.step for k in range(first, last + 1)]


@dataclass(frozen=True)
class Axis:
    segments: tuple[Segment, ...]  # one, or two with a break between
    window: float | None  # the window's end on the axis; None: none, or beyond its right end
    window_later: float | None  # the window's end beyond the right end (the words say when); else None
    zone: float | None  # where the false-start zone starts (it ends at 0); None: no zone

    @property
    def low(self) -> float:
        return self.segments[0].low

    @property
    def high(self) -> float:
        return self.segments[-1].high

    @property
    def broken(self) -> tuple[float, float] | None:
        """Where the break is drawn (shares of the width), or None."""
        if len(self.segments) < 2:
            return None
        return self.segments[0].end, self.segments[1].start

    def share(self, t: float) -> float:
        """Where time `t` stands on the axis, a share of its width (0 at the left end, 1 at the right)."""
        seg = next((s for s in self.segments if t <= s.high), self.segments[-1])
        if len(self.segments) > 1 and seg is self.segments[1] and t < seg.low:
            seg = self.segments[0] if t <= self.segments[0].high else seg  # in the break: at its edge
            t = min(max(t, seg.low), seg.high)
        return seg.start + (t - seg.low) / (seg.high - seg.low) * (seg.end - seg.start)

    def x(self, t: float, left: int, width: int) -> int:
        """The pixel column of time `t` on an axis `width` wide from `left`."""
        return left + round(self.share(t) * width)

    def ticks(self) -> list[tuple[float, float]]:
        """Every tick and the step of its part of the axis (its words are as fine as that)."""
        return [(t, seg.step) for seg in self.segments for t in seg.ticks()]


def nice_step(span: float, ticks: float = TICKS) -> float:
    """The tick step (seconds) that puts about `ticks` ticks over `span`."""
    raw = span / max(1.0, ticks)
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 0.001
    for nice in NICE:
        if nice * power >= raw - 1e-12:
            return nice * power
    return 10 * power


def _segment(low: float, high: float, start: float, end: float, whole: bool = True) -> Segment:
    """A part of the axis from `low` to `high`, its ends rounded out to whole ticks when `whole` (the part round
    the opening of a broken axis keeps its ends: rounded, it could reach over the presses after the break)."""
    step = nice_step(high - low, TICKS * (end - start))
    if not whole:
        return Segment(low, high, step, start, end)
    return Segment(math.floor(low / step + 1e-9) * step, math.ceil(high / step - 1e-9) * step, step, start, end)


def axis_for(race: Race) -> Axis:
    """The span that shows every press, the false-start zone and (when near) the window's end, padded and
    rounded to whole ticks; the opening (0) always on it; broken when the presses came long after it."""
    spans = [(p.time - race.opened - (p.error or 0.0), p.time - race.opened + (p.error or 0.0))
             for p in race.presses]
    zone = race.armed - race.opened if race.armed is not None else None
    early = [lo for (lo, _), p in zip(spans, race.presses, strict=True) if p.false_start]
    late = [span for span, p in zip(spans, race.presses, strict=True) if not p.false_start]
    window = race.closes - race.opened if race.closes is not None else None
    near_low = min([0.0, *early])  # the zone itself may have lasted a whole reading: it runs off the left end
    if zone is not None or early:  # the zone shows at least a little before the signal
        near_low = min(near_low, -0.25 * LEAST_SPAN_S)
    fair_low = min((lo for lo, _ in late), default=0.0)
    fair_high = max((hi for _, hi in late), default=0.0)
    spread = max(fair_high - fair_low, LEAST_SPAN_S / 4)
    if late and fair_low >= BREAK_LEAST_S and fair_low >= BREAK_AFTER * spread:
        far_low, far_high = fair_low - PAD * 2 * spread, fair_high + LABEL_ROOM * 2 * spread
        if window is not None and far_low < window <= fair_high + WINDOW_REACH * spread:
            far_high = max(far_high, window + PAD * spread)
        reach = max(-near_low, LEAST_SPAN_S / 2)
        near = _segment(near_low - PAD * reach, min(PAD * 2 * reach, far_low / 2), 0.0, OPENING_SHARE, whole=False)
        far = _segment(far_low, far_high, OPENING_SHARE + GAP_SHARE, 1.0)
        segments: tuple[Segment, ...] = (near, far)
    else:
        low, high = min([near_low, *(lo for lo, _ in spans)]), max([0.0, *(hi for _, hi in spans)])
        if window is not None and 0 < window <= WINDOW_REACH * max(high, LEAST_SPAN_S):
            high = max(high, window)
        span = max(high - low, LEAST_SPAN_S)
        segments = (_segment(low - PAD * span, high + LABEL_ROOM * span, 0.0, 1.0),)
    top = segments[-1].high
    shown = window if window is not None and window <= top and (len(segments) == 1 or window >= segments[1].low) \
        else None
    later = window if window is not None and window > top else None
    zone_start = max(segments[0].low, zone) if zone is not None else (segments[0].low if early else None)
    return Axis(segments, shown, later, zone_start)
