"""Issue 28 item 4: the tournament's group tables took 26 ms at 4K in the 8th frame of their transition, the
frame that composed the last piece of their picture (the legend and the next match) with its texts new. Idle
time warms the day's pictures (`warm_day`), but marked a picture warmed before drawing it: a warm-up cut
short at the idle time's give-way point never drew the rest of it. Real drawing (SDL's dummy driver)."""

from __future__ import annotations

import pygame
import pytest

from quizshow.display.event.common import warm_day
from quizshow.display.event.standings import StandingsScene
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import views_of, words_of
from tests.tournament_kit import SEED004, config, tournament, walk

SIZE = (1280, 720)


class Cut(Exception):
    """Idle time's piece ran out (the projector's own is private)."""


def test_a_warm_up_of_the_days_pictures_cut_short_draws_them_whole_later_so_the_group_tables_lay_out_no_text(
        monkeypatch):
    engine = tournament(SEED004)
    for _, commands in walk()[:2]:  # the draw, then every group's result
        engine.replay(commands)
    shown = Projector(engine.format, load_theme(config(SEED004).theme), "Кубок", words_of(engine.format),
                      views=views_of(engine.format))
    calls = [0]

    def cut_once() -> None:  # the first table drawn, idle time's piece runs out
        calls[0] += 1
        if calls[0] == 2:
            raise Cut

    with pytest.raises(Cut):
        warm_day(shown.frame(engine.state, 30.0, SIZE, give_way=cut_once))
    while warm_day(shown.frame(engine.state, 30.0, SIZE)):  # the next pieces
        pass
    laid_out: list[str] = []
    draw = shown.text._draw
    monkeypatch.setattr(shown.text, "_draw", lambda layout, *a: (laid_out.append(" ".join(layout.lines)),
                                                                 draw(layout, *a))[1])
    StandingsScene().draw_static(pygame.Surface(SIZE), shown.frame(engine.state, 30.0, SIZE))  # the group tables
    assert laid_out == []
