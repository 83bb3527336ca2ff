"""A season's words: its phrases (ru, en), a place («2–3» when shared), a value («7,5»), why one team stands above
another with the same total, the rule in a sentence. Text only."""

from __future__ import annotations

from quizshow import i18n
from quizshow.i18n import decimal, number, phrase
from quizshow.season.model import Rule, Standing

PHRASES = {
    "ru": {
        "season.place": "Место",
        "season.team": "Команда",
        "season.total": "Итого",
        "season.evening": "Вечер {n}",
        "season.title_line": "Положение после {played} из {count} вечеров",
        "season.rule_words": "Правило: {rule}",
        "season.rule.sum": "сумма очков всех вечеров",
        "season.rule.score": "очки вечера",
        "season.rule.places": "очки за места ({points})",
        "season.rule.best": "{what}, лучшие {best} из {count} вечеров",
        "season.rule.all": "{what}, все вечера",
        "season.tie": "{above} выше, чем {below}: {why} ({a} против {b})",
        "season.tie.wins": "больше побед",
        "season.tie.places": "лучше места по счёту",
        "season.tie.best_evening": "лучший вечер",
        "season.tie.last_evening": "последний вечер",
        "season.tie.evenings": "больше сыграно вечеров",
        "season.not_played": "не сыгран",
        "season.page": "стр. {page} из {pages}",
        "season.none": "Ни один вечер ещё не сыгран",
    },
    "en": {
        "season.place": "Place",
        "season.team": "Team",
        "season.total": "Total",
        "season.evening": "Evening {n}",
        "season.title_line": "Standings after {played} of {count} evenings",
        "season.rule_words": "Rule: {rule}",
        "season.rule.sum": "the sum of every evening's points",
        "season.rule.score": "the evening's points",
        "season.rule.places": "points by place ({points})",
        "season.rule.best": "{what}, the best {best} of {count} evenings",
        "season.rule.all": "{what}, every evening",
        "season.tie": "{above} above {below}: {why} ({a} to {b})",
        "season.tie.wins": "more wins",
        "season.tie.places": "better places, counted back",
        "season.tie.best_evening": "a better best evening",
        "season.tie.last_evening": "the last evening",
        "season.tie.evenings": "more evenings played",
        "season.not_played": "not played",
        "season.page": "page {page} of {pages}",
        "season.none": "No evening played yet",
    },
}
i18n.add_phrases(PHRASES)


def place_text(row: Standing) -> str:
    """«3», or «2–3» for a place two teams share."""
    return str(row.place) if row.shared == 1 else f"{row.place}–{row.place + row.shared - 1}"


def value_text(value: float | None, dropped: bool, language: str, csv: bool = False) -> str:
    """A whole value as a number («12», «−3»), a fraction with the locale's mark («7,5»); in the CSV a dropped
    evening in brackets, a fraction with a point, no real minus (spreadsheets read it)."""
    if value is None:
        return ""
    whole = float(value).is_integer()
    if csv:
        shown = str(int(value)) if whole else f"{value:g}"
        return f"({shown})" if dropped else shown
    shown = number(int(value)) if whole else decimal(value, None, language)
    return f"({shown})" if dropped else shown


def tie_words(above: Standing, below: Standing, language: str) -> str:
    """Why `above` stands above `below` with the same total: «Совы выше, чем Кактус: больше побед (2 против 1)»."""
    a, b = above.against or ("", "")
    return phrase("season.tie", language, above=above.team, below=below.team,
                  why=phrase(f"season.tie.{above.decided_by}", language), a=_shown(a, language),
                  b=_shown(b, language))


def _shown(value: object, language: str) -> str:
    if isinstance(value, tuple):
        return "–".join(str(v) for v in value)
    if isinstance(value, float):
        return "—" if value == float("-inf") else value_text(value, False, language)
    return str(value)


def rule_words(rule: Rule, evenings: int, language: str) -> str:
    if rule.count == "places":
        points = ", ".join(value_text(p, False, language) for p in rule.points[:6])
        what = phrase("season.rule.places", language, points=points + (" …" if len(rule.points) > 6 else ""))
    elif rule.best is None:
        return phrase("season.rule.sum", language)
    else:
        what = phrase("season.rule.score", language)
    if rule.best is None or rule.best >= evenings:
        return phrase("season.rule.all", language, what=what)
    return phrase("season.rule.best", language, what=what, best=rule.best, count=evenings)
