"""Helpers, fixtures and constants that several test files share, first written for
tests/display/duel/test_duel_display.py."""

from __future__ import annotations

import pygame
import pytest

from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.formats.duel import commands as dc
from tests.conftest import views_of, words_of
from tests.duel_kit import ALPHA, BETA, GREEN, RED, YELLOW, config


def show_engine() -> Engine:
    return Engine(make_format(config()), 3)


@pytest.fixture(scope="module")
def theme():
    return load_theme(config().theme)


def mockup_walk():
    """A bout through every look: the queue asked in order, two correct answers in a row and the
    choice, the mock-up's moment (three presses queued, 9 s of thinking left), a hint, the result."""
    def b(at, team, player, t=None):
        return c.Buzz(at=at, team=team, player=player, source_time=at if t is None else t)

    return [
        ("title", []),
        ("reading", [c.Go(at=1)]),
        ("answering", [b(2, ALPHA, RED), b(2.05, BETA, GREEN), b(2.1, ALPHA, YELLOW)]),
        ("reveal", [c.Judge(at=3, correct=True), c.Tick(at=3.2)]),  # Бета's red leaves
        ("choosing", [c.Go(at=5), b(6, ALPHA, RED), c.Go(at=6.5), c.Judge(at=7, correct=True)]),
        ("thinking", [dc.Choose(at=8, player=YELLOW), c.Go(at=9), c.Go(at=10), c.Tick(at=12)]),
        ("queue", [b(12.05, BETA, 3, 12.0), b(12.3, ALPHA, YELLOW, 12.187), b(12.2, ALPHA, GREEN, 12.041),
                   c.Tick(at=16)]),
        ("hint", [dc.Hint(at=16.5, text="Он открыл морской путь в Индию вокруг Африки", show=True)]),
        ("result", [c.Judge(at=17, correct=False), c.Judge(at=18, correct=True)]),
    ]


def answering_with_projector(theme) -> tuple[Engine, Projector]:
    """A duel walked to its first answer being judged, and a fresh projector of it (the idle work's tests)."""
    engine = show_engine()
    projector = Projector(engine.format, theme, "Дуэль", words_of(engine.format), views=views_of(engine.format))
    for name, commands in mockup_walk():
        for cmd in commands:
            engine.dispatch(cmd)
        if name == "answering":
            break
    return engine, projector


def render_walk(theme, size, text=None, language="ru"):
    """Each step of the walk rendered (after its motion settles): (name, engine, surface copy)."""
    e = show_engine()
    projector = Projector(e.format, theme, "Дуэль за цветными столами", words_of(e.format, language), text,
                          views=views_of(e.format))
    surface = pygame.Surface(size)
    for name, commands in mockup_walk():
        for cmd in commands:
            e.dispatch(cmd)
        now = max([0.0] + [en.command.at for en in e.entries])
        if text is not None:
            text.fitted.clear()
        projector.render(surface, e.state, now + 0.05)  # in motion (a tile leaving, a press sweeping in)
        projector.render(surface, e.state, now + 2)
        yield name, e, surface


def duel_app(tmp_path):
    import shutil

    from quizshow.app import ShowApp
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems
    from tests.duel_kit import ROOT

    shutil.copytree(ROOT / "packs", tmp_path / "packs")
    (tmp_path / "shows").mkdir()
    show = tmp_path / "shows" / "duel.yaml"
    shutil.copy(ROOT / "shows" / "duel.yaml", show)
    return ShowApp(load_show(show, Problems()), fresh=True, sound=False, devices=False)


def _buttons(app, size=(1600, 900)):
    surface = pygame.Surface(size)
    app.console.render(surface, app.clock.now(), app.status, None)
    names = {call: call.name + "".join(f":{arg}" for arg in call.args) for _, call in app.console.buttons}
    return {names[call]: rect for rect, call in app.console.buttons}, surface
