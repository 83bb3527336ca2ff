"""QA: with the score overlay (S) up during the duel's thinking time, the time bar and «13 с» froze under the
card (a settled overlay redrew only the square clocks' rectangles, and the duel's bar is none: with none, it
redrew nothing). Under a settled overlay, a running clock the scene does not mark as a square redraws the
whole picture, as without the overlay."""

from __future__ import annotations

import pygame

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import views_of, words_of
from tests.duel_display_kit import mockup_walk, show_engine
from tests.duel_kit import config

SIZE = (1280, 720)


def _picture(shown: Projector, engine, surface: pygame.Surface, now: float) -> bytes:
    shown.render(surface, engine.state, now)
    return pygame.image.tobytes(surface, "RGB")


def test_the_duels_thinking_time_keeps_ticking_under_the_score_overlay():
    engine = show_engine()
    theme = load_theme(config().theme)
    shown = Projector(engine.format, theme, "Дуэль", words_of(engine.format), views=views_of(engine.format))
    for name, commands in mockup_walk():
        if name == "queue":
            break
        for cmd in commands:
            engine.dispatch(cmd)
    assert engine.state.timer.running  # the thinking time runs (Tick at 12)
    assert engine.dispatch(c.ViewScores(at=12.5, on=True)).refused is None
    surface = pygame.Surface(SIZE)
    for i in range(60):  # the card slides up and settles
        shown.render(surface, engine.state, 12.5 + i / 30)
    for at in (15.0, 16.0, 17.0, 18.0, 19.0):  # a frame a second, the bar shorter each time
        drawn = _picture(shown, engine, surface, at)
        fresh = Projector(engine.format, theme, "Дуэль", words_of(engine.format), views=views_of(engine.format))
        picture = pygame.Surface(SIZE)
        fresh.render(picture, engine.state, at - 2)  # the overlay's slide runs then
        assert drawn == _picture(fresh, engine, picture, at), at  # as drawn afresh at that second
