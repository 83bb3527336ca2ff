"""«Куча мала»'s words: projector, console, Next, journal lines, refusals (Russian by default, English
second). The format's spec declares them (formats/melee/spec.py); a tournament carries them for its melee."""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "phase.melee_title": "Куча мала", "phase.melee_tables": "Столы", "phase.melee_question": "Вопрос",
        "phase.melee_answering": "Ответ", "phase.melee_result": "Победитель",
        "next.melee_split": "Разделить игроков по столам (жребий)", "next.melee_question": "Задать вопрос",
        "next.melee_nobody": "Никто не ответил: следующий вопрос",
        "melee.title": "КУЧА МАЛА", "melee.red": "КРАСНЫЙ СТОЛ", "melee.green": "ЗЕЛЁНЫЙ СТОЛ",
        "melee.question": "Вопрос {n}", "melee.left": "Выбыли", "melee.winner": "Стартовый номер 1",
        "melee.players": "Игроков за столами: {n}", "melee.decide_red": "Красный ответил",
        "melee.decide_green": "Зелёный ответил", "melee.after": "после вопроса {n}",
        "melee.question_no": "вопрос {n}",
        "melee.button_red": "красный стол", "melee.button_green": "зелёный стол",
        "melee.table_red": "Красный стол", "melee.table_green": "Зелёный стол", "melee.table": "Стол",
        "melee.journal_red.brief": "Красный стол ответил верно",
        "melee.journal_green.brief": "Зелёный стол ответил верно",
        "melee.journal_right.brief": "{table} ответил верно", "melee.journal_wrong.brief": "{table} ответил неверно",
        "melee.journal_red": "Красный стол ответил верно: {who}",
        "melee.journal_green": "Зелёный стол ответил верно: {who}",
        "melee.journal_right": "{table} ответил верно: {who}", "melee.journal_wrong": "{table} ответил неверно: {who}",
        "melee.journal_buzz_red": "Первое нажатие: красный стол ({who})",
        "melee.journal_buzz_green": "Первое нажатие: зелёный стол ({who})",
        "action.decide": "Ответил стол",
        "refusal.a melee needs two players at least": "В «Куче мале» нужно хотя бы два игрока",
        "refusal.that table has answered this question": "Этот стол уже отвечал на вопрос",
        "refusal.the melee is over": "«Куча мала» окончена",
        "refusal.{name} has left the melee": "{name}: выбыл из «Кучи малы»",
        "refusal.there is no question to decide": "Нет вопроса, который можно решить",
    },
    "en": {
        "phase.melee_title": "Melee", "phase.melee_tables": "Tables", "phase.melee_question": "Question",
        "phase.melee_answering": "Answer", "phase.melee_result": "Winner",
        "next.melee_split": "Split the players between the tables (by lot)", "next.melee_question": "Ask a question",
        "next.melee_nobody": "Nobody answered: next question",
        "melee.title": "MELEE", "melee.red": "RED TABLE", "melee.green": "GREEN TABLE",
        "melee.question": "Question {n}", "melee.left": "Out", "melee.winner": "Start number 1",
        "melee.players": "Players at the tables: {n}", "melee.decide_red": "Red answered",
        "melee.decide_green": "Green answered", "melee.after": "after question {n}",
        "melee.question_no": "question {n}",
        "melee.button_red": "red table", "melee.button_green": "green table",
        "melee.table_red": "The red table", "melee.table_green": "The green table", "melee.table": "The table",
        "melee.journal_red.brief": "The red table answered correctly",
        "melee.journal_green.brief": "The green table answered correctly",
        "melee.journal_right.brief": "{table} answered correctly",
        "melee.journal_wrong.brief": "{table} answered wrong",
        "melee.journal_red": "The red table answered correctly: {who}",
        "melee.journal_green": "The green table answered correctly: {who}",
        "melee.journal_right": "{table} answered correctly: {who}",
        "melee.journal_wrong": "{table} answered wrong: {who}",
        "melee.journal_buzz_red": "First to press: the red table ({who})",
        "melee.journal_buzz_green": "First to press: the green table ({who})",
        "action.decide": "Table answered",
    },
}

for _key in [k for k in PHRASES["ru"] if k.startswith("refusal.")]:  # English is the template itself
    PHRASES["en"][_key] = _key.removeprefix("refusal.")
