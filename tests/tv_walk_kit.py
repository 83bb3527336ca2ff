"""Helpers, fixtures and constants that several test files share, first written for
tests/display/test_tv.py."""

from __future__ import annotations

import pytest

from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
from tests.svoyak_display_kit import play_walk

HD = (1920, 1080)


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config().theme)


def _projector(engine, theme, text=None):
    return Projector(engine.format, theme, "Своя игра", words_of(engine.format), text, views=views_of(engine.format))


def _at(engine) -> float:
    return engine.entries[-1].command.at if engine.entries else 0.0


def _walk_to(until: str):
    engine = svoyak_engine()
    for _ in play_walk(engine, until=until):
        pass
    return engine
