"""The demo format's phases (its reducer keeps no state of its own: the shared fields are enough)."""

from __future__ import annotations

from quizshow.core.spec import Phase, PhaseFlags

LIVE = PhaseFlags(buzzers_live=True, lamps_live=True)


class DemoPhase(Phase):
    TITLE = "title"
    ROUND_CARD = "round_card"  # a later round's title card (its name), before its first question
    QUESTION = "question", LIVE
    ANSWERING = "answering", LIVE
    REVEAL = "reveal", PhaseFlags(clock_over=True, answer_shown=True)
    SCORES = "scores"
    END = "end", PhaseFlags(game_over=True)
