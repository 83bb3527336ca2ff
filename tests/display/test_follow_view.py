"""What a follower screen draws (display/follow_view.py, docs/screens.md): rendered frames, checked by pixels."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from quizshow import registry
from quizshow.assemble import make_format
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.follow_view import FollowScreen
from quizshow.display.projector.projector import Projector
from quizshow.display.text import TextCache
from quizshow.display.theme import load_theme
from quizshow.formats.svoyak.commands import SelectCell
from quizshow.house_words import show_words
from quizshow.runtime.follow.client import PHRASES
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def show():
    pygame.init()
    config = load_show(ROOT / "shows" / "svoyak.yaml", Problems())
    assert config is not None
    spec = registry.spec(config.format)
    words = show_words("ru", spec.phrases, PHRASES, refusals=spec.refusals)  # a follower's words
    fmt = make_format(config)
    theme = load_theme(config.theme)
    engine = Engine(fmt, 1)
    for at, command in enumerate([c.Go(at=1.0), c.Go(at=2.0), SelectCell(at=3.0, theme=0, question=0),
                                  c.Go(at=4.0)], start=1):
        assert not engine.dispatch(command).refused, at
    assert fmt.current(engine.state) is not None  # a question on screen, its answer known to the host

    def screen(host_view: bool = False) -> FollowScreen:
        text = TextCache(theme.fonts)
        projector = Projector(fmt, theme, config.title, words, text, registry.views(config.format), sound=False)
        return FollowScreen(projector, theme, text, words, fmt, host_view=host_view)

    return engine.state, theme, screen


def frame(screen: FollowScreen, state, connected: bool) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    screen.draw(surface, state, 10.0, connected)
    screen.draw(surface, state, 10.0, connected)  # entrances over: the still picture
    return surface


def near(colour: pygame.Color, target: pygame.Color, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], target[:3], strict=True))


def count(surface: pygame.Surface, box: pygame.Rect, target: pygame.Color, step: int = 4) -> int:
    return sum(near(surface.get_at((x, y)), target) for x in range(box.left, box.right, step)
               for y in range(box.top, box.bottom, step))


def test_a_follower_that_lost_the_link_says_so_in_a_corner_over_the_same_picture(show):
    state, theme, screen = show
    live, lost = frame(screen(), state, True), frame(screen(), state, False)
    corner = pygame.Rect(0, 0, SIZE[0] // 4, SIZE[1] // 10)
    assert count(lost, corner, theme.color("warning")) > 200  # the red badge «Нет связи с шоу»
    assert count(live, corner, theme.color("warning")) == 0
    rest = pygame.Rect(0, corner.bottom, SIZE[0], SIZE[1] - corner.bottom)  # the last picture stays as it was
    assert pygame.image.tobytes(live.subsurface(rest), "RGB") == pygame.image.tobytes(lost.subsurface(rest), "RGB")


def test_the_host_view_shows_the_answer_large_beside_the_projectors_picture(show):
    state, theme, screen = show
    host, plain = frame(screen(host_view=True), state, True), frame(screen(), state, True)
    panel = pygame.Rect(int(SIZE[0] * 0.6), 0, int(SIZE[0] * 0.4), SIZE[1])
    gold = theme.color("accent")
    assert count(host, panel, gold) > 500  # «Байкал», large, in the accent colour
    assert count(host, panel, gold) > count(plain, panel, gold) + 300  # more gold than the hall's picture there
