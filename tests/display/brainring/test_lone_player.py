"""Issue 22, item 23 — «Брейн-ринг»'s one-player rule on the projector: the badge says what the question is
really worth to the lone player's team (double; both alone: `both_single_points`), and the lone player's
panel says they answer first."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.formats.brainring import commands as bc
from tests.brainring_display_kit import engine, theme  # noqa: F401 (the theme fixture)
from tests.conftest import views_of, words_of
from tests.display_kit import SIZES, RecordingText


def _said(theme, commands, size=(1920, 1080)):  # noqa: F811
    e = engine()
    for cmd in commands:
        assert e.dispatch(cmd).accepted, cmd
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface(size)
    projector.render(surface, e.state, 3)
    projector.render(surface, e.state, 6)
    for what, box, got in text.fitted:
        assert got[0] <= box[0] and got[1] <= box[1], f"{what!r} {got} overflows {box}"
    return e, [t.lower() for t, _box, _got in text.fitted]  # the badge is set in capitals when marked


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_lone_players_question_shows_its_real_value_and_that_they_answer_first(theme, size):  # noqa: F811
    e, said = _said(theme, [c.Go(at=1), bc.SinglePlayer(at=2, team=1, player=2)], size)
    assert e.format.points_for(e.state.fmt, 1) == 2
    assert "бета: вопрос за 2 очка" in said
    assert "вопрос за 1 очко" not in said
    assert "1 игрок · отвечает первым" in said


def test_both_teams_alone_show_the_both_single_value_and_no_priority(theme):  # noqa: F811
    e, said = _said(theme, [c.Go(at=1), bc.SinglePlayer(at=2, team=1, player=2), bc.SinglePlayer(at=2.5, team=0,
                                                                                                player=1)])
    worth = e.format.points_for(e.state.fmt, 0)
    assert f"вопрос за {worth} очка" in said and worth == 2
    assert "1 игрок · отвечает первым" not in said and said.count("за столом 1 игрок") == 2


def test_a_whole_team_question_still_says_one_point(theme):  # noqa: F811
    _e, said = _said(theme, [c.Go(at=1)])
    assert "вопрос за 1 очко" in said
