"""«Брейн-ринг» on the projector: «Время вышло!» inside the title-safe area; «Отвечает: name» as the duel writes it."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.text import NBSP
from quizshow.display.theme import load_theme
from tests.brainring_display_kit import BRAINRING_SHOW, engine
from tests.conftest import keep_shot, ok, svoyak_config, views_of, words_of
from tests.display_kit import RecordingText

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config(BRAINRING_SHOW).theme)


def _near(px, color, tolerance: int = 40) -> bool:
    return sum(abs(a - b) for a, b in zip(px[:3], color[:3], strict=True)) < tolerance


def test_the_time_over_banner_stands_inside_the_title_safe_area(theme):
    """At 1080 lines its bottom edge was at y=1059: a projector cropping 5 % at the foot cut it."""
    e = engine()
    for cmd in (c.Go(at=1), c.Go(at=2), c.Go(at=3)):
        ok(e, cmd)
    expiry = 3 + e.state.timer.duration
    ok(e, c.Tick(at=expiry + 0.01))
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface(SIZE)
    projector.render(surface, e.state, expiry + 0.5)
    projector.render(surface, e.state, expiry + 1.0)  # the band full open
    keep_shot(surface, "ring-time-over.png")
    assert "Время вышло!" in [what for what, _, _ in text.fitted]
    accent = theme.color("accent")
    x = SIZE[0] // 2 - 300  # the band's plate, left of its words
    rows = [y for y in range(SIZE[1] // 2, SIZE[1]) if _near(surface.get_at((x, y)), accent, 90)]
    assert len(rows) > 100, "the band is on screen"
    safe = SIZE[1] - SIZE[1] * 5 // 100
    assert max(rows) < safe, f"its bottom edge at y={max(rows)}, the title-safe area ends at {safe}"
    assert min(rows) > SIZE[1] * 2 // 3, "still a lower third"


def test_who_answers_reads_answering_colon_name_with_plain_spaces(theme):
    e = engine()
    for cmd in (c.Go(at=1), c.Go(at=2), c.Go(at=2.5)):  # the question read, the clock running
        ok(e, cmd)
    ok(e, c.Buzz(at=3, team=0, player=1))
    assert e.state.phase == "answering"
    name = e.state.teams[0].players[1]
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface(SIZE)
    projector.render(surface, e.state, 3.5)
    projector.render(surface, e.state, 4.0)
    keep_shot(surface, "ring-answers.png")
    said = [what for what, _, _ in text.fitted]
    # «Отвечает:» and the name are set as two pieces, the design's gap between them (tests/test_w6_cards.py)
    assert "Отвечает:" in said and name in said, [s for s in said if "твечает" in s]
    assert f"Отвечает {name}" not in said
    layout = text.layout(name, "body", next(box for what, box, _ in text.fitted if what == name), 34)
    assert NBSP not in "".join(layout.lines), "one kind of space between its words"
