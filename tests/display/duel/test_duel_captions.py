"""The duel on the projector: one caption beside the thinking bar once the time runs out; the end of a bout and of
the match said apart; the queue's names readable beside a hint; (rendered frames, SDL dummy)."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.duel.grid import bar_rect
from quizshow.display.projector.projector import Projector
from quizshow.display.scenes.base import Frame
from quizshow.display.theme import load_theme
from quizshow.house_words import show_words
from tests.conftest import keep_shot, views_of, words_of
from tests.duel_kit import ALPHA, BETA, RED, config

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def theme():
    return load_theme(config().theme)


def _projector(e, theme) -> Projector:
    return Projector(e.format, theme, "Дуэль", words_of(e.format), None, views=views_of(e.format))


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
    from tests.duel_display_kit import show_engine

    e = show_engine()
    for cmd in (c.Go(at=1), c.Go(at=2)):  # the first question read; its reading ended at 2: 15 s to think
        assert e.dispatch(cmd).accepted
    if answered:
        assert e.dispatch(c.Buzz(at=4, team=ALPHA, player=RED, source_time=4)).accepted
    running = _projector(e, theme)
    surface = pygame.Surface(SIZE)
    frame = Frame(e.state, e.format, theme, None, 0, SIZE, show_words("ru"), "", None)
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
    keep_shot(surface, f"duel-over-{answered}.png")


# --- the end of a bout and of the match -------------------------------------------------------------------


def _lose_bout(e, team: int, at: float) -> None:
    """The team's four players disqualified one by one (seed 002, 7.8): the other team wins the bout."""
    from quizshow.formats.duel import commands as dc

    for player in range(4):
        assert e.dispatch(dc.Disqualify(at=at + player * 0.1, team=team, player=player)).accepted
    assert e.state.phase == "result"


def _plate_words(e, theme, at: float) -> list[str]:
    from tests.display_kit import RecordingText

    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Дуэль", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface(SIZE)
    projector.render(surface, e.state, at + 2.0)  # the result plate grown, its words on
    keep_shot(surface, f"duel-result-{e.state.fmt.bout.number}.png")
    return [t for t, _box, _got in text.fitted]


def test_a_bout_that_is_not_the_last_is_the_bouts_result_and_the_last_one_announces_the_match(theme):
    from quizshow.display.console.header import header_line
    from tests.duel_display_kit import show_engine

    e = show_engine()
    assert len(e.format.sheets) == 2, "the demo pack plays two bouts"
    assert e.dispatch(c.Go(at=1)).accepted
    _lose_bout(e, ALPHA, 2)
    shown = _plate_words(e, theme, 3)
    assert "БОЙ ВЫИГРАЛА КОМАНДА" in shown and "БЕТА" in shown
    assert not [t for t in shown if "МАТЧ" in t.upper()]

    class UI:  # what the console's header reads
        state, format, language = e.state, e.format, "ru"

        say = staticmethod(words_of(e.format).say)

    assert header_line(UI).startswith("ИТОГ БОЯ · бой 1"), header_line(UI)

    assert e.dispatch(c.Go(at=10)).accepted  # bout 2
    _lose_bout(e, ALPHA, 11)
    shown = _plate_words(e, theme, 12)
    assert "МАТЧ ВЫИГРАЛА КОМАНДА" in shown and "БЕТА" in shown and "по боям 2 : 0" in shown, shown
    assert "БОЙ ВЫИГРАЛА КОМАНДА" not in shown
    UI.state = e.state
    assert header_line(UI).startswith("ИТОГ МАТЧА · бой 2"), header_line(UI)


def test_a_drawn_match_is_announced_as_a_draw(theme):
    from tests.duel_display_kit import show_engine

    e = show_engine()
    assert e.dispatch(c.Go(at=1)).accepted
    _lose_bout(e, ALPHA, 2)  # Бета 1 : 0
    assert e.dispatch(c.Go(at=10)).accepted
    _lose_bout(e, BETA, 11)  # 1 : 1
    shown = _plate_words(e, theme, 12)
    assert "МАТЧ ОКОНЧЕН ВНИЧЬЮ" in shown and "1 : 1" in shown, shown


# --- the queue beside a hint ------------------------------------------------------------------------------

HINT = "Река течёт через Волгоград и впадает в Каспийское море"


@pytest.mark.parametrize("presses", [1, 4, 5, 8])
def test_beside_a_hint_the_queues_names_are_fitted_at_28_px_or_more_at_1080p(theme, presses):
    """QA 5: with the host's hint under the queue its rows' names shrank to 15-22 px at 1080 lines."""
    from quizshow.formats.duel import commands as dc
    from tests.duel_display_kit import show_engine

    e = show_engine()
    assert e.dispatch(c.Go(at=1)).accepted
    seats = [(team, player) for player in range(4) for team in (ALPHA, BETA)][:presses]
    for i, (team, player) in enumerate(seats):
        at = 2 + i * 0.1
        assert e.dispatch(c.Buzz(at=at, team=team, player=player, source_time=at)).accepted
    assert e.dispatch(dc.Hint(at=4, text=HINT, show=True)).accepted
    projector = _projector(e, theme)
    text, fit = projector.text, projector.text.fit
    calls: list[tuple] = []

    def spy(words, role, box, color, max_px, *args, **kwargs):
        calls.append((words, role, box, max_px))
        return fit(words, role, box, color, max_px, *args, **kwargs)

    text.fit = spy  # type: ignore[method-assign]
    surface = pygame.Surface(SIZE)
    projector.render(surface, e.state, 5.0)
    projector.render(surface, e.state, 7.0)
    del text.fit
    keep_shot(surface, f"duel-hint-{presses}.png")
    assert any(words == HINT for words, *_ in calls), "the hint is on screen"
    for seat in seats:
        name = e.format.player_name(e.state, seat)
        sizes = [text.layout(words, role, box, max_px).px for words, role, box, max_px in calls if words == name]
        assert sizes and min(sizes) >= 28, (name, sizes)
