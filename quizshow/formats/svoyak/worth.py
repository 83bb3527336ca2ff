"""What a «Своя игра» question can be worth under the show's rules, worked out before the show.

A value times a factor can leave the bound every score keeps (core/limits.py); `--check` refuses such a
pack at the question's line instead of the engine refusing the verdict on air. Stakes and bids are bounded
by a team's own score, so only what the rules multiply or derive is worked out here.
"""

from __future__ import annotations

from quizshow.core.limits import MAX_POINTS
from quizshow.core.loose import RulesView
from quizshow.formats.svoyak.board import Game
from quizshow.packs.model import Pack


def check_worth(pack: Pack, rules: RulesView) -> list[tuple[int, str]]:
    """(line, what is wrong) for each question whose largest worth is over MAX_POINTS."""
    found: list[tuple[int, str]] = []
    factor = float(rules["sponsor_factor"])
    for board in Game(pack, dict(rules)).rounds:
        for cell in sorted(board.cells):
            question = board.question(cell)
            value = board.value(cell)
            if question.type == "sponsor":
                worth, how = int(value * factor), f"{value} × sponsor_factor {factor:g}"
            elif question.type == "cat":
                worth, how = max(board.cat_values(cell)), "the cat's largest value"
            else:
                worth, how = value, "its value"
            if worth > MAX_POINTS:
                line = question.line or board.round.line
                found.append((line, f"a question can be worth {worth} ({how}); a score stays within ±{MAX_POINTS}"))
    return found
