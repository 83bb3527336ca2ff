"""The broadcast overlay's own words (its graphics' labels, sent to the page too). Data only: composed
with the others into a show's words (quizshow/house_words.py)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "ru": {"overlay.answering": "Отвечает", "overlay.winner": "Победитель", "overlay.winners": "Победители"},
    "en": {"overlay.answering": "Answering", "overlay.winner": "Winner", "overlay.winners": "Winners"},
}
