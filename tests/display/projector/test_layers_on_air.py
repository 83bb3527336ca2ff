"""What picture goes on air (display/projector/composition.py), alone: no frame cache, no transition, no window.
The show's picture is at the bottom, the score overlay over it, and the covering pictures (the buzz replay, the
join codes, the line check) over both, as the hall sees them."""

from __future__ import annotations

import pygame

from quizshow.core import commands as c
from quizshow.display.projector import stack
from quizshow.display.projector.composition import Composition
from quizshow.display.scenes.base import Layers
from quizshow.display.text import TextCache
from quizshow.display.video import VideoScreen
from tests.conftest import views_of, words_of
from tests.layers_kit import at, board, demo_question, theme  # noqa: F401

SIZE = (640, 360)


def composition(engine, theme) -> Composition:  # noqa: F811
    return Composition(engine.format, theme, "Шоу", words_of(engine.format), TextCache(theme.fonts),
                       views_of(engine.format), Layers(), VideoScreen(sound=False), None)


def on_air(look: Composition, state, *times: float) -> pygame.Surface:
    """The picture the composition puts on air at the last of `times` (the earlier ones run its slides)."""
    surface = pygame.Surface(SIZE)
    for now in times:
        frame = look.frame(state, now, SIZE)
        look.draw_scene(surface, look.scene(state), frame)
        look.draw_over(surface, frame)
    return surface


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_the_show_is_at_the_bottom_and_the_score_overlay_is_drawn_over_it(theme):  # noqa: F811
    engine = demo_question()
    when = at(engine) + 5
    plain = on_air(composition(engine, theme), engine.state, when)
    engine.dispatch(c.ViewScores(at=when, on=True))
    look = composition(engine, theme)
    layers = look.shown(engine.state, when)
    assert layers[0] is stack.PHASE and layers.index(stack.PHASE) < layers.index(stack.OVERLAY)
    up = on_air(look, engine.state, when, when + 1)
    top = pygame.Rect(0, 0, SIZE[0], SIZE[1] // 8)
    bottom = pygame.Rect(0, SIZE[1] * 3 // 4, SIZE[0], SIZE[1] // 4)
    assert not same(up.subsurface(bottom), plain.subsurface(bottom))  # the standings card is up
    assert look.overlaid == 1.0 and up.get_at(top.center) != (0, 0, 0)  # over the show, not over black


def test_the_join_codes_cover_the_show_and_its_overlay(theme):  # noqa: F811
    engine = demo_question()
    when = at(engine) + 5
    look = composition(engine, theme)
    look.join = board()
    codes = on_air(look, engine.state, when)
    assert not same(codes, on_air(composition(engine, theme), engine.state, when))
    engine.dispatch(c.ViewScores(at=when, on=True))
    assert look.shown(engine.state, when) == [stack.JOIN]
    assert same(codes, on_air(look, engine.state, when, when + 1))  # no standings card over the codes


def test_the_line_check_covers_the_join_codes_the_blank_and_the_replay(theme):  # noqa: F811
    engine = demo_question()
    when = at(engine) + 5
    look = composition(engine, theme)
    look.line_check = True
    checked = on_air(look, engine.state, when)
    look.join = board()
    engine.dispatch(c.ViewScores(at=when, on=True))
    engine.dispatch(c.ViewReplay(at=when, on=True))
    assert look.shown(engine.state, when) == [stack.LINE_CHECK]
    assert same(checked, on_air(look, engine.state, when, when + 1))
    engine.dispatch(c.ViewBlank(at=when, on=True))
    assert look.shown(engine.state, when) == [stack.LINE_CHECK]


def test_the_buzz_replay_covers_the_overlay_and_is_covered_by_the_join_codes(theme):  # noqa: F811
    engine = demo_question()
    when = at(engine) + 5
    engine.dispatch(c.ViewScores(at=when, on=True))
    engine.dispatch(c.ViewReplay(at=when, on=True))
    look = composition(engine, theme)
    assert look.shown(engine.state, when) == [stack.REPLAY]
    look.join = board()
    assert look.shown(engine.state, when) == [stack.JOIN]
    look.join = None
    assert look.shown(engine.state, when)[0] is stack.REPLAY  # back when the codes go


def test_a_splash_goes_when_the_scene_it_was_made_over_goes(theme):  # noqa: F811
    engine = demo_question()
    look = composition(engine, theme)
    look.splash = look.make_splash("scene.round_over", 10.0)
    look.keep_splash("question", 10.0)
    look.keep_splash("question", 10.2)
    assert look.splash_live(10.2) and stack.SPLASH in look.shown(engine.state, 10.2)
    look.keep_splash("board", 10.3)
    assert look.splash is None and stack.SPLASH not in look.shown(engine.state, 10.3)


def test_a_buzz_lights_the_frame_edges_over_the_show(theme):  # noqa: F811
    engine = demo_question()
    when = at(engine) + 5
    events = engine.dispatch(c.Buzz(at=when, team=1)).events
    plain = on_air(composition(engine, theme), engine.state, when + 0.05)  # the same state, no flash
    look = composition(engine, theme)
    look.anim.on_events(events, when)
    lit = on_air(look, engine.state, when + 0.05)
    assert look.covers(look.frame(engine.state, when + 0.05, SIZE))
    assert lit.get_at((SIZE[0] // 2, 1)) != plain.get_at((SIZE[0] // 2, 1))
    assert not look.buzzing(when + 1.0)  # over after its 0.7 s
