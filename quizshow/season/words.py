"""A season's words: its phrases (ru, en), a place («2–3» when shared), a value («7,5»), why one team stands above
another with the same total, the rule in a sentence. Text only."""

from __future__ import annotations

from quizshow.i18n import Words, compose, number
from quizshow.season.model import Rule, Standing

PHRASES: dict[str, dict[str, str]] = {
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


def season_words(language: str) -> Words:
    """The season's words in its language: its own table is all it says (composed once, by its loader)."""
    return compose(language, (PHRASES,))


def place_text(row: Standing) -> str:
    """«3», or «2–3» for a place two teams share."""
    return str(row.place) if row.shared == 1 else f"{row.place}–{row.place + row.shared - 1}"


def value_text(value: float | None, dropped: bool, words: Words, csv: bool = False) -> str:
    """A whole value as a number («12», «−3»), a fraction with the locale's mark («7,5»); in the CSV a dropped
    evening in brackets, a fraction with a point, no real minus (spreadsheets read it)."""
    if value is None:
        return ""
    whole = float(value).is_integer()
    if csv:
        shown = str(int(value)) if whole else f"{value:g}"
        return f"({shown})" if dropped else shown
    shown = number(int(value)) if whole else words.decimal(value, None)
    return f"({shown})" if dropped else shown


def tie_words(above: Standing, below: Standing, words: Words) -> str:
    """Why `above` stands above `below` with the same total: «Совы выше, чем Кактус: больше побед (2 против 1)»."""
    a, b = above.against or ("", "")
    return words.say("season.tie", above=above.team, below=below.team,
                     why=words.say(f"season.tie.{above.decided_by}"), a=_shown(a, words), b=_shown(b, words))


def _shown(value: object, words: Words) -> str:
    if isinstance(value, tuple):
        return "–".join(str(v) for v in value)
    if isinstance(value, float):
        return "—" if value == float("-inf") else value_text(value, False, words)
    return str(value)


def rule_words(rule: Rule, evenings: int, words: Words) -> str:
    if rule.count == "places":
        points = ", ".join(value_text(p, False, words) for p in rule.points[:6])
        what = words.say("season.rule.places", points=points + (" …" if len(rule.points) > 6 else ""))
    elif rule.best is None:
        return words.say("season.rule.sum")
    else:
        what = words.say("season.rule.score")
    if rule.best is None or rule.best >= evenings:
        return words.say("season.rule.all", what=what)
    return words.say("season.rule.best", what=what, best=rule.best, count=evenings)
