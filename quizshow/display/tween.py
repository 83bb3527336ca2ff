"""Tweens and easing: motion keyed by show time, so animations never decide anything."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Ease = Callable[[float], float]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def pulse(now: float, period: float = 1.0) -> float:
    """0..1..0 once a period: the warning pulse of the clock."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (now % period) / period)


@dataclass
class Tween:
    start: float
    end: float
    t0: float
    duration: float
    ease: Ease = ease_out_cubic

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.t0) / self.duration))

    def value(self, now: float) -> float:
        return self.start + (self.end - self.start) * self.ease(self.progress(now))

    def done(self, now: float) -> bool:
        return now >= self.t0 + self.duration


class CountUp:
    """A number that counts up (or down) to its latest target: scores after a change."""

    def __init__(self, value: float, duration: float) -> None:
        self.duration = duration
        self.tween = Tween(value, value, 0.0, 0.0)

    def set(self, target: float, now: float) -> None:
        if target != self.tween.end:
            self.tween = Tween(self.tween.value(now), target, now, self.duration)

    def value(self, now: float) -> int:
        return round(self.tween.value(now))


# A springing card's words appear once the card is nearly its full size: they are laid out on the full card,
# and shown earlier they ran across its edges while it was still growing.
WORDS_AT = 0.9
