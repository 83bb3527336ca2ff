"""QA 5 on the duel: one caption beside the thinking bar once the time runs out; the end of a bout and of
the match said apart; the queue's names readable beside a hint; (rendered frames, SDL dummy)."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.duel.scene import bar_rect
from quizshow.display.projector import Projector
from quizshow.display.scenes.base import Frame
from quizshow.display.theme import load_theme
from tests.conftest import views_of
from tests.duel_kit import ALPHA, BETA, GREEN, RED, config

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def theme():
    return load_theme(config().theme)


def _projector(e, theme) -> Projector:
    return Projector(e.format, theme, "Дуэль", "ru", None, views=views_of(e.format))


def _caption_area(frame: Frame) -> pygame.Rect:
    """Right of «ВРЕМЯ НА РАЗМЫШЛЕНИЕ», left of the seconds: where the bar's caption is."""
    box = bar_rect(frame)
    return pygame.Rect(box.x + frame.u(460), box.y + frame.u(24), frame.u(450), frame.u(44))


def _ink_like(surface: pygame.Surface, area: pygame.Rect, color: pygame.Color, tolerance: int = 40) -> int:
    """Pixels in `area` within `tolerance` of `color` (a caption's ink, antialiased edges aside)."""
    count = 0
    for y in range(area.top, area.bottom):
        for x in range(area.left, area.right):
            px = surface.get_at((x, y))
            if sum(abs(a - b) for a, b in zip(px[:3], color[:3], strict=True)) < tolerance:
                count += 1
    return count


@pytest.mark.parametrize("answered", [False, True], ids=["nobody_pressed", "someone_answering"])
def test_when_the_thinking_time_runs_out_one_caption_replaces_the_other(theme, answered):
    from tests.test_duel_display import show_engine

    e = show_engine()
    for cmd in (c.Go(at=1), c.Go(at=2)):  # the first question read; its reading ended at 2: 15 s to think
        assert e.dispatch(cmd).accepted
    if answered:
        assert e.dispatch(c.Buzz(at=4, team=ALPHA, player=RED, source_time=4)).accepted
    running = _projector(e, theme)
    surface = pygame.Surface(SIZE)
    frame = Frame(e.state, e.format, theme, None, 0, SIZE, "ru", "", None)
    area = _caption_area(frame)
    muted, good = theme.color("muted"), theme.color("good")
    running.render(surface, e.state, 9.0)  # thinking: «от конца первого чтения · 15 с»
    assert _ink_like(surface, area, muted) > 50 and _ink_like(surface, area, good) == 0
    running.render(surface, e.state, 17.5)  # time over
    running.render(surface, e.state, 18.0)
    over = surface.subsurface(area).copy()
    assert _ink_like(surface, area, good) > 50, "«можно показать ответ» is on air"
    assert _ink_like(surface, area, muted) == 0, "no trace of «от конца первого чтения · 15 с» under it"
    fresh = pygame.Surface(SIZE)
    _projector(e, theme).render(fresh, e.state, 18.0)
    assert pygame.image.tobytes(fresh.subsurface(area), "RGB") == pygame.image.tobytes(over, "RGB")
    pygame.image.save(surface, f"/tmp/s5q/over-{answered}.png")
