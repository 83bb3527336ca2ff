"""Helpers, fixtures and constants that several test files share, first written for
tests/display/written/test_written_display.py."""

from __future__ import annotations

import random

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.console.ui import PanelUI
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.display.written.results import layout
from quizshow.formats.written import commands as wc
from tests.conftest import ROOT, svoyak_config, views_of, words_of
from tests.display_kit import RecordingText

SHOW_40 = ROOT / "shows" / "written-40.yaml"


SHOW_12 = ROOT / "shows" / "written.yaml"


def config(path=SHOW_40):
    return svoyak_config(path)


def engine(seed: int = 1) -> Engine:
    return Engine(make_format(config()), seed)


@pytest.fixture(scope="module")
def theme():
    return load_theme(config().theme)


def played_tours(tours: int = 1, seed: int = 3, path=SHOW_40) -> tuple[Engine, float]:
    """An engine after `tours` tours, marked at random (stronger teams first), on the results table."""
    e = Engine(make_format(config(path)), 1)
    rng = random.Random(seed)
    t = 1.0
    e.dispatch(c.Go(at=t))
    while True:
        t += 1
        e.dispatch(c.Go(at=t))  # the minute
        e.dispatch(c.Tick(at=t + 60.01))
        e.dispatch(c.Tick(at=t + 70.02))
        t += 71
        number = e.state.fmt.number
        for team in e.format.players_of(e.state.fmt, number):
            if rng.random() < 0.8 - team * 0.015:
                e.dispatch(wc.Mark(at=t, team=team, number=number))
        e.dispatch(c.Go(at=t))
        if e.state.phase == "results" and e.state.fmt.results_after == tours - 1:
            return e, t
        if e.state.phase == "results":
            e.dispatch(c.Go(at=t + 0.5))


def render(theme, e, now, size=(1920, 1080), projector=None, text=None):
    projector = projector or Projector(e.format, theme, "ЧГК", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface(size)
    projector.render(surface, e.state, now)
    return surface, projector


class SizeRecorder(RecordingText):
    """Records the pixel size every text is laid out at."""

    def __init__(self, fonts):
        super().__init__(fonts)
        self.sizes: list[tuple[str, int]] = []

    def layout(self, text, role, box, max_px, min_px=None, wrap=True):
        found = super().layout(text, role, box, max_px, min_px, wrap)
        self.sizes.append((text, found.px))
        return found


def layout_for(e, lines):
    class F:  # the layout needs only the frame's size and unit
        size = (1920, 1080)

        @staticmethod
        def u(v):
            return max(1, round(v))
    extra = any(line.extra is not None for line in lines)
    penalty = any(line.penalty for line in lines)
    return layout(F, len(lines), len(e.format.tours), extra, penalty)


def _app(tmp_path, path=SHOW_40):
    return ShowApp(config(path), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9, devices=False)


def _to_answer(app, t=1.0):
    for _ in range(2):
        app.key(pygame.K_PAGEDOWN, 0, t)
    app.engine.dispatch(c.Tick(at=t + 61))
    app.submit(c.Tick(at=t + 71.5))
    assert app.engine.state.phase == "answer"
    return t + 72


def walk():
    """The written quiz's scenes for bench/frames.py: 40 teams through tour 1, then its results table
    (the rows re-ordering from the start of the tour), tour 2's first question."""
    rng = random.Random(5)
    steps = [("title", []), ("question", [c.Go(at=1.0)]), ("minute (clock)", [c.Go(at=2.0)]),
             ("hand-in", [c.Tick(at=62.1)]), ("answer", [c.Tick(at=72.2)])]
    commands: list = [wc.Mark(at=73.0, team=team, number=0) for team in range(40) if rng.random() < 0.6]
    t = 74.0
    for number in range(1, 10):
        commands += [c.Go(at=t), c.Go(at=t + 1), c.Tick(at=t + 61.1), c.Tick(at=t + 71.2)]
        commands += [wc.Mark(at=t + 72, team=team, number=number) for team in range(40)
                     if rng.random() < 0.8 - team * 0.015]
        t += 73
    steps.append(("results table (re-ordering)", [*commands, c.Go(at=t)]))
    steps.append(("tour 2 question", [c.Go(at=t + 10)]))
    return steps


def drawn_on_console(app, monkeypatch) -> list[str]:
    texts: list[str] = []
    label = PanelUI.label

    def recording(self, text, *args, **kwargs):
        texts.append(text)
        return label(self, text, *args, **kwargs)

    monkeypatch.setattr(PanelUI, "label", recording)
    app.console.render(pygame.Surface((1280, 800)), 100.0, app.status)
    monkeypatch.setattr(PanelUI, "label", label)
    return texts
