"""The demo format's declaration (the contract of quizshow.core.spec)."""

from __future__ import annotations

from quizshow.core.spec import FormatSpec, Phase, PhaseFlags, count, flag, seconds
from quizshow.formats.demo.format import DemoFormat

LIVE = PhaseFlags(buzzers_live=True, lamps_live=True)


class DemoPhase(Phase):
    TITLE = "title"
    QUESTION = "question", LIVE
    ANSWERING = "answering", LIVE
    REVEAL = "reveal", PhaseFlags(clock_over=True)
    SCORES = "scores"
    END = "end"


RULES = {
    "timer_s": seconds(1, 3600),
    "points": count(0, 1_000_000),
    "wrong_penalty": flag(),
}

SPEC: FormatSpec[DemoFormat, None, DemoPhase] = FormatSpec(name="demo", make=DemoFormat, phases=DemoPhase,
                                                           rules=RULES)
