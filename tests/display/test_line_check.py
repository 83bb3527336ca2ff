"""F9 «Проверка кнопок»: each box's line says its firmware, its round trip and how its clock drifts against
the show's (the show follows the drift; a large one points at a box with a poor resonator)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.display.console.presses import drift_text
from quizshow.house_words import show_words
from quizshow.inputs.serialbox import BoxStatus
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.console_kit import console_texts


def brainring_app(tmp_path: Path, language: str = "ru") -> ShowApp:
    path = tmp_path / "show.yaml"
    path.write_text(f'title: "F9"\nformat: brainring\npack: "{ROOT / "packs" / "brainring-demo.yaml"}"\n'
                    f'language: {language}\nteams: [{{name: "Альфа"}}, {{name: "Бета"}}]\n', encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, problems.items
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False)


@pytest.mark.parametrize("language, expected", [
    ("ru", "box1 · /dev/ttyUSB0 · прошивка avr-1.0 · отклик 1,2 мс · часы +2,1 мс/мин · нажатие —"),
    ("en", "box1 · /dev/ttyUSB0 · firmware avr-1.0 · round trip 1.2 ms · clock +2.1 ms/min · press —"),
])
def test_the_line_check_names_each_boxs_firmware_round_trip_and_clock_drift(tmp_path, language, expected):
    app = brainring_app(tmp_path, language)
    try:
        app.status.line_check = True
        app.status.boxes = [BoxStatus("box1", "/dev/ttyUSB0", connected=True, fw="avr-1.0", rtt_ms=1.23,
                                      drift_ppm=35.0),
                            BoxStatus("box2", "/dev/ttyUSB1", connected=True, fw="fake-1")]
        texts, surface = console_texts(app)
        pygame.image.save(surface, str(tmp_path / f"line-check-{language}.png"))
        assert any(text.startswith(expected) for text in texts), texts
        box2 = next(text for text in texts if text.startswith("box2"))
        assert ("часы — ·" if language == "ru" else "clock — ·") in box2  # not measured yet
    finally:
        app.close()


def test_drift_is_the_gap_a_minute_opens_signed_in_the_locales_decimal_mark():
    words = show_words("ru")
    assert drift_text(-5000.0, words) == "\u2212300,0 мс/мин"  # an Uno's resonator half a percent slow
    assert drift_text(0.4, words.into("en")) == "0.0 ms/min"  # a good crystal: no sign on a zero
    assert drift_text(None, words) == "—"
