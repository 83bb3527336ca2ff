"""Every number a show accepts has a bound (docs/reliability.md, «OSC and numbers»). One place, so the
edges (OSC, the console's typing, pack files) and the core refuse the same values.

A score, a value, a bid or a stake is at most MAX_POINTS either way: twice that still fits the 32-bit
`i` an OSC desk receives, so a sum of two bounded numbers never breaks a reply. A clock holds at most
MAX_CLOCK_S: no question is longer than an hour, and a larger number only breaks the picture.
"""

from __future__ import annotations

import math

MAX_POINTS = 999_999_999
MAX_CLOCK_S = 3600.0


def points_ok(value: int) -> bool:
    """A score or an amount within ±MAX_POINTS."""
    return -MAX_POINTS <= value <= MAX_POINTS


def seconds_ok(value: float) -> bool:
    """A finite number of seconds within ±MAX_CLOCK_S (no NaN, no infinity)."""
    return math.isfinite(value) and -MAX_CLOCK_S <= value <= MAX_CLOCK_S
