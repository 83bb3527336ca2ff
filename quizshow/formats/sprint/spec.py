"""«Спринт»: the format's declaration (the contract of quizshow.core.spec), the one registry line's target."""

from __future__ import annotations

from quizshow.core.match import MatchRole
from quizshow.core.spec import FormatSpec, count
from quizshow.formats.sprint.format import Sprint, SprintFormat, SprintPhase

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "phase.sprint_title": "Спринт: заставка", "phase.sprint_ready": "Спринт: перед вопросом",
        "phase.sprint_open": "Спринт: кнопки открыты", "phase.sprint_answer": "Спринт: ответ",
        "phase.sprint_result": "Спринт окончен", "phase.sprint_shown": "Спринт: ответ показан",
        "next.sprint_start": "Начать спринт", "next.sprint_question": "Следующий вопрос",
        "next.sprint_nobody": "Никто не ответил: дальше",
        "sprint.race": "ДО {n} ОЧКОВ", "sprint.race_one": "ДО 1 ОЧКА", "sprint.winner": "ПОБЕДИТЕЛЬ",
        "sprint.question_no": "вопрос {n}",
    },
    "en": {
        "phase.sprint_title": "Sprint: title", "phase.sprint_ready": "Sprint: before the question",
        "phase.sprint_open": "Sprint: buzzers open", "phase.sprint_answer": "Sprint: answering",
        "phase.sprint_result": "Sprint over", "phase.sprint_shown": "Sprint: answer shown",
        "next.sprint_start": "Start the sprint", "next.sprint_question": "Next question",
        "next.sprint_nobody": "Nobody answered: go on",
        "sprint.race": "FIRST TO {n} POINTS", "sprint.race_one": "FIRST TO 1 POINT", "sprint.winner": "WINNER",
        "sprint.question_no": "question {n}",
    },
}

REFUSALS = {"the sprint is over": "Спринт окончен"}  # its own; the engine's are core/phrases.py's

SPEC = FormatSpec(
    name="sprint", make=SprintFormat, phases=SprintPhase, state=Sprint,
    rules={"target": count(1, 20, "correct answers that win the match")},
    presets={"sprint": {"target": 3}, "sprint-5": {"target": 5}},
    phrases=PHRASES, refusals=REFUSALS, match=MatchRole(tables=2),
)
