"""Issue 22 (26): numbers and words. One formatter for fractions (a decimal comma in Russian, one decimal),
the same on the console and on air; a clock taken back reads «Убавлено», not «Добавлено … -48»; wording that
fits anyone."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.engine import Entry
from quizshow.display.console.words import describe, margin_text
from quizshow.formats.duel.phrases import PHRASES as DUEL
from quizshow.formats.duel.phrases import REFUSALS_RU as DUEL_REFUSALS
from quizshow.house_words import show_words
from quizshow.i18n import decimal

RU = show_words("ru")  # the house's words, as a show composes them
EN = RU.into("en")


def test_console_times_have_one_decimal_and_a_decimal_comma():
    assert RU.duration(0.9537) == "953,7 мс"
    assert RU.duration(2.7) == "2,7 с"
    assert RU.duration(11.42) == "11,4 с"
    assert EN.duration(0.9537) == "953.7 ms"
    assert decimal(-2.5, None, "ru") == "\u22122,5"


def test_console_and_projector_write_a_margin_alike():
    assert margin_text(0.656, RU) == RU.duration(0.656, signed=True) == "+656,0 мс"  # the duel's queue's
    assert margin_text(1.25, RU) == RU.duration(1.25, signed=True) == "+1,2 с"


def test_time_taken_off_reads_as_taken_off():
    line = describe(Entry(c.TimerAdd(at=1.0, seconds=-48), ()), ["Альфа"], RU)
    assert line == "Убавлено время: 48 с"
    assert describe(Entry(c.TimerAdd(at=1.0, seconds=10), ()), ["Альфа"], RU) == "Добавлено время: 10 с"
    assert describe(Entry(c.TimerAdd(at=1.0, seconds=-2.5), ()), ["Альфа"], EN) == "Time taken off: 2.5 s"


def test_a_refusal_with_seconds_has_a_decimal_comma_in_russian():
    text = RU.refusal("{name} still has {s} s to start the answer", {"name": "Альфа", "s": 2.5})
    assert "2,5" in text and "2.5" not in text


def test_duel_words_fit_anyone():
    for key, text in [*DUEL["ru"].items(), *DUEL_REFUSALS.items()]:
        assert "выбыл " not in f"{text} " and "выбыл(а)" not in text, key  # «выбыл» fits men only
