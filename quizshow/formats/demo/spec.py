"""The demo format's declaration (the contract of quizshow.core.spec)."""

from __future__ import annotations

from quizshow.core.spec import FormatSpec, count, flag, seconds
from quizshow.formats.demo.format import DemoFormat
from quizshow.formats.demo.model import DemoPhase
from quizshow.formats.demo.words import PHRASES

__all__ = ["SPEC", "DemoPhase"]

RULES = {
    "timer_s": seconds(1, 3600),
    "points": count(0, 1_000_000),
    "wrong_penalty": flag(),
}

SPEC: FormatSpec[DemoFormat, None, DemoPhase] = FormatSpec(name="demo", make=DemoFormat, phases=DemoPhase,
                                                           rules=RULES, phrases=PHRASES)
