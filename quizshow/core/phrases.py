"""The show's own words, whatever draws them: the phases, what Next will do, the units of a time gap, and
why the engine refused a command (REFUSALS_RU: the English templates' Russian wording). Data only: the
lookup is quizshow/i18n.py's, which merges this table with the others at import."""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "next.first_question": "Первый вопрос",
        "next.next_question": "Следующий вопрос",
        "phase.result": "Итог матча",
        "next.none": "Нет следующего шага",
        "next.open_question": "Открыть следующий вопрос",
        "next.reveal": "Показать ответ",
        "next.judge_first": "Сначала оцените ответ (Y / N)",
        "next.show_scores": "Показать счёт",
        "next.winner": "Объявить победителя",
        "phase.title": "Заставка",
        "phase.question": "Вопрос",
        "phase.answering": "Ответ участника",
        "phase.reveal": "Ответ показан",
        "phase.scores": "Счёт",
        "phase.end": "Игра окончена",
        "unit.ms": "мс",
        "unit.s": "с",
    },
    "en": {
        "next.first_question": "The first question",
        "next.next_question": "Next question",
        "phase.result": "Match result",
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
        "unit.ms": "ms",
        "unit.s": "s",
    },
}


# Why a command was refused: the formats' English templates and their Russian wording.
REFUSALS_RU: dict[str, str] = {
    "disk full: the command was not journalled": "Диск заполнен — команда не записана",
    "the journal cannot be written ({why}): the command was not journalled":
        "Журнал не записывается ({why}) — команда не записана",
    "nothing to undo": "Отменять нечего",
    "nothing to go back to": "Назад некуда",
    "the clock cannot start now": "Часы сейчас не запустить",
    "the clock is not running": "Часы не идут",
    "there is no clock to change": "Нет часов, которые можно изменить",
    "there is no team {n}": "Участника {n} нет",
    "{command} is not used by format {format}": "Команда {command} не используется в формате {format}",
    "already answering": "Уже отвечают",
    "buzzers are closed": "Кнопки сейчас закрыты",
    "judge the answer first": "Сначала оцените ответ",
    "the show is over": "Игра окончена",
    "nobody is answering": "Никто не отвечает",
    "{name} is out of this question": "{name}: уже выбыли из этого вопроса",
    "the game is over": "Игра окончена",
    "there is nothing to pick now": "Сейчас нечего выбирать",
    "too late: pressed after the time ran out": "Поздно: кнопка нажата после конца времени",
    "{name} is not answering": "{name}: сейчас не отвечает",
    "{name} still has {s} s to start the answer": "{name}: на начало ответа ещё {s} с",
    "{name} does not play this question": "{name}: не играет этот вопрос",
    "{name} is already answering": "{name}: уже отвечает",
    "{name} is not at a table": "{name}: не за игровым столом",
    "unknown discipline step {what}": "Неизвестное действие {what}",
    "a score must stay within ±{max}": "Счёт должен оставаться в пределах ±{max}",
    "the clock is over for this question": "Время этого вопроса уже закончилось",
    "a clock holds at most {max} s": "На часах может быть не больше {max} с",
    "an amount is at most {max}": "Сумма — не больше {max}",
    "taking back a recorded result needs a confirmation": "Отмена записанного результата — только с подтверждением",
}
