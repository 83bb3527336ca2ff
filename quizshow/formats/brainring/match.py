"""When a «Брейн-ринг» match is decided (rules.md §2, match lengths), as pure functions."""

from __future__ import annotations

from dataclasses import dataclass

from quizshow.core.loose import Rules


@dataclass(frozen=True)
class Decision:
    result: str  # win | draw | disqualified | battle (won, the match goes on) | tie (extra questions)
    winner: int | None = None


def decide(kind: str, rules: Rules, scores: tuple[int, int], asked: int, unanswered_run: int,
           extra: bool, correct_by: int | None) -> Decision | None:
    """After a question: the match's (or the battle's) result, None to play on. `extra` is sudden death
    after a tie: the first correct answer decides."""
    leader = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else None
    if extra and kind == "semifinal" and unanswered_run >= int(rules["three_question_rule"]):
        return Decision("disqualified")  # seed 001 §4.B holds during extra questions too
    if extra:
        return Decision("win", correct_by) if correct_by is not None else None
    if kind == "qualifying":
        if asked >= int(rules["qualifying_questions"]):
            return Decision("win", leader) if leader is not None else Decision("tie")
        return None
    if kind == "semifinal":
        target = int(rules["semifinal_target"])
        if max(scores) >= target:
            return Decision("win", 0 if scores[0] >= target else 1)
        if unanswered_run >= int(rules["three_question_rule"]):
            return Decision("disqualified")
        if asked >= int(rules["semifinal_questions"]):
            return Decision("win", leader) if leader is not None else Decision("tie")
        return None
    if kind == "final":
        target = int(rules["battle_target"])
        if max(scores) >= target:
            return Decision("battle", 0 if scores[0] >= target else 1)
        return None
    if kind == "match5":
        if asked >= int(rules["match5_questions"]):
            return Decision("win", leader) if leader is not None else Decision("draw")
        return None
    raise ValueError(f"unknown match kind {kind}")


def match_points(rules: Rules, winner: int | None) -> tuple[int, int]:
    """match5: win 2 / draw 1 / loss 0 (by default)."""
    win, draw = int(rules["match_points_win"]), int(rules["match_points_draw"])
    if winner is None:
        return draw, draw
    return (win, 0) if winner == 0 else (0, win)
