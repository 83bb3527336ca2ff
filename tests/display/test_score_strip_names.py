"""QA round 3 — the projector's score strip: one size for every name, a long name wrapped rather than shrunk
(wp-01-bar: «Тёмные лошадки» and «Кот Шрёдингера» at 15 px beside 26 px «Совы» at 720p)."""

from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest

from quizshow.display.scenes import widgets
from quizshow.display.svoyak.scenes import strip_rect
from quizshow.display.text import TextCache
from quizshow.display.theme import load_theme
from tests.conftest import svoyak_config
from tests.tv_walk_kit import _projector, _walk_to

SHOTS = os.environ.get("QUIZSHOW_SHOTS")
CLUB = ["Совы", "Кактус", "Тёмные лошадки", "Кот Шрёдингера", "Ледокол"]


def _names_drawn(size: tuple[int, int], names: list[str]) -> dict[str, tuple[int, int]]:
    """Each team name the strip draws: its font size in pixels and its number of lines."""
    engine = _walk_to("board")
    projector = _projector(engine, load_theme(svoyak_config().theme))
    teams = tuple(replace(engine.state.teams[0], name=n, score=0) for n in names)
    frame = projector.frame(replace(engine.state, teams=teams), 1.0, size)
    drawn: dict[str, tuple[int, int]] = {}
    original = TextCache._draw

    def spy(self, layout, *args, **kwargs):
        text = " ".join(layout.lines).replace("\u00a0", " ")
        if text in names:
            drawn[text] = (layout.px, len(layout.lines))
        return original(self, layout, *args, **kwargs)

    surface = pygame.Surface(size)
    TextCache._draw = spy  # type: ignore[method-assign]
    try:
        widgets.score_strip(surface, frame, strip_rect(frame))
    finally:
        TextCache._draw = original  # type: ignore[method-assign]
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, f"qa3-strip-{size[1]}.png"))
    assert set(drawn) == set(names), drawn
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_name_on_the_score_strip_has_one_size_readable_from_the_back(size):
    drawn = _names_drawn(size, CLUB)
    sizes = {px for px, _ in drawn.values()}
    assert len(sizes) == 1, drawn  # «Совы» is not twice the size of «Тёмные лошадки»
    floor = round(widgets.STRIP_NAME_FLOOR * size[1] / 1080)
    assert sizes.pop() >= floor, drawn


def test_a_long_team_name_wraps_onto_two_lines_before_shrinking_below_the_floor():
    drawn = _names_drawn((1280, 720), CLUB)
    assert drawn["Тёмные лошадки"][1] == 2 and drawn["Кот Шрёдингера"][1] == 2, drawn
    assert drawn["Совы"][1] == 1, drawn


def test_short_names_alone_keep_the_strips_full_size():
    drawn = _names_drawn((1920, 1080), ["Совы", "Кактус", "Ледокол"])
    assert {px for px, _ in drawn.values()} == {widgets.STRIP_NAME_PX}, drawn
