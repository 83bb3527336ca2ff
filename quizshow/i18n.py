"""On-screen and console words: Russian by default, English as the second locale."""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "banner.time_up": "Время!",
        "banner.false_start": "Фальстарт!",
        "banner.wrong": "Это неправильный ответ",
        "banner.attention": "Внимание! Вопрос!",
        "scene.scores": "Счёт",
        "scene.final_scores": "Итоги",
        "scene.winner": "Победитель",
        "scene.winners": "Победители",
        "scene.answer": "Ответ",
        "scene.question_no": "Вопрос {n}",
        "scene.points": "{n} очк.",
        "scene.seconds": "секунд",
        "scene.answering": "Отвечает",
        "scene.no_image": "Нет изображения",
        "next.none": "Нет следующего шага",
        "next.open_question": "Открыть следующий вопрос",
        "next.reveal": "Показать ответ",
        "next.judge_first": "Сначала оцените ответ (Y / N)",
        "next.show_scores": "Показать счёт",
        "next.winner": "Объявить победителя",
        "phase.title": "Заставка",
        "phase.question": "Вопрос",
        "phase.answering": "Ответ команды",
        "phase.reveal": "Ответ показан",
        "phase.scores": "Счёт",
        "phase.end": "Игра окончена",
    },
    "en": {
        "banner.time_up": "Time!",
        "banner.false_start": "False start!",
        "banner.wrong": "That is not the right answer",
        "banner.attention": "Attention! Question!",
        "scene.scores": "Scores",
        "scene.final_scores": "Final scores",
        "scene.winner": "Winner",
        "scene.winners": "Winners",
        "scene.answer": "Answer",
        "scene.question_no": "Question {n}",
        "scene.points": "{n} pts",
        "scene.seconds": "seconds",
        "scene.answering": "Answering",
        "scene.no_image": "No image",
        "next.none": "Nothing next",
        "next.open_question": "Open the next question",
        "next.reveal": "Reveal the answer",
        "next.judge_first": "Judge the answer first (Y / N)",
        "next.show_scores": "Show the scores",
        "next.winner": "Announce the winner",
        "phase.title": "Title",
        "phase.question": "Question",
        "phase.answering": "Answering",
        "phase.reveal": "Answer shown",
        "phase.scores": "Scores",
        "phase.end": "Game over",
    },
}


def phrase(key: str, language: str = "ru", **values: object) -> str:
    table = PHRASES.get(language, PHRASES["ru"])
    text = table.get(key) or PHRASES["ru"].get(key) or key
    return text.format(**values) if values else text
