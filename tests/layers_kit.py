"""Helpers, fixtures and constants that several test files share, first written for
tests/display/projector/test_layer_stack.py."""

from __future__ import annotations

import pytest

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.inputs.phones.board import JoinBoard, JoinSeat
from tests.conftest import demo_config, demo_engine, views_of, words_of

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def theme():
    return load_theme(demo_config().theme)


def projector(engine, theme) -> Projector:
    return Projector(engine.format, theme, "Шоу", words_of(engine.format), views=views_of(engine.format))


def at(engine) -> float:
    return engine.entries[-1].command.at if engine.entries else 0.0


def board() -> JoinBoard:
    seats = tuple(JoinSeat(team=i, player=None, name=f"Команда {i + 1}", url=f"http://10.0.0.2:8080/j/{i}",
                           status="FREE") for i in range(3))
    return JoinBoard(seats=seats, address="http://10.0.0.2:8080")


def demo_question():
    engine = demo_engine()
    engine.dispatch(c.Go(at=1.0))
    return engine
