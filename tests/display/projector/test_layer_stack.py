"""Issue 24: the projector's layer stack (display/projector/stack.py) — what covers what, as the hall sees it.

Bottom first: the phase's scene, the buzz flash, a splash, the score overlay (ON_TOP: over what is below), then
the phones' join codes, blank and the line check (COVERS: a picture of their own that hides everything below).
Frames are rendered with SDL's dummy driver and their pixels compared."""

from __future__ import annotations

import pygame

from quizshow.core import commands as c
from quizshow.display.projector import stack
from quizshow.formats.svoyak import commands as sc
from tests.conftest import demo_engine, svoyak_engine
from tests.layers_kit import (
    SIZE,
    at,
    board,
    demo_question,
    projector,
    theme,  # noqa: F401 - fixtures
)
from tests.svoyak_display_kit import play_walk


def picture(engine, theme, when: float, *, line_check=False, join=None, events=()) -> pygame.Surface:  # noqa: F811
    """A fresh projector's frame of the engine's state a second after its first (no transition; the score
    card slid up, if it is on)."""
    shown = projector(engine, theme)
    shown.line_check = line_check
    shown.join = join
    shown.on_events(list(events), when - 0.05)
    surface = pygame.Surface(SIZE)
    shown.render(surface, engine.state, when - 1)
    shown.render(surface, engine.state, when)
    return surface


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def blanked(engine):
    engine.dispatch(c.ViewBlank(at=at(engine) + 1, on=True))
    return engine


def test_the_stack_says_the_order_in_one_place_bottom_first():
    assert [layer.name for layer in stack.STACK] == ["phase", "flash", "splash", "overlay", "replay", "join",
                                                     "blank", "line_check"]
    assert {layer.rule for layer in stack.STACK[1:4]} == {stack.Rule.ON_TOP}
    assert {layer.rule for layer in stack.STACK[4:]} == {stack.Rule.COVERS}


def test_the_line_check_covers_a_blank(theme):  # noqa: F811
    engine = blanked(demo_question())
    when = at(engine) + 1
    checked = picture(engine, theme, when, line_check=True)
    assert not same(checked, picture(engine, theme, when))  # not the black screen
    engine.dispatch(c.ViewBlank(at=when, on=False))
    assert same(checked, picture(engine, theme, when, line_check=True))  # the same «Проверка кнопок»


def test_the_line_check_covers_the_score_overlay(theme):  # noqa: F811
    engine = demo_question()
    engine.dispatch(c.ViewScores(at=at(engine) + 1, on=True))
    when = at(engine) + 1
    plain = picture(engine, theme, when, line_check=True)
    engine.dispatch(c.ViewScores(at=when, on=False))
    assert same(plain, picture(engine, theme, when, line_check=True))


def test_a_blank_hides_the_score_overlay_and_a_buzz_flash(theme):  # noqa: F811
    engine = demo_question()
    buzz = engine.dispatch(c.Buzz(at=at(engine) + 1, team=1)).events
    engine.dispatch(c.ViewScores(at=at(engine) + 1, on=True))
    blanked(engine)
    when = at(engine) + 0.1
    everything = picture(engine, theme, when, events=buzz)
    assert same(everything, picture(engine, theme, when))
    assert pygame.mask.from_threshold(everything, (0, 0, 0), (40, 40, 40)).count() > SIZE[0] * SIZE[1] * 0.95


def test_a_buzz_flash_shows_over_the_scene_but_not_over_the_blank(theme):  # noqa: F811
    engine = demo_question()
    buzz = engine.dispatch(c.Buzz(at=at(engine) + 1, team=1)).events
    when = at(engine) + 0.05
    top = (SIZE[0] // 2, 2)
    lit, unlit = picture(engine, theme, when, events=buzz), picture(engine, theme, when)
    assert lit.get_at(top) != unlit.get_at(top)  # the frame's edge takes the team's colour over the scene
    blanked(engine)
    assert same(picture(engine, theme, when + 1, events=buzz), picture(engine, theme, when + 1))


def test_the_score_overlay_slides_over_the_scene_but_not_over_the_standings(theme):  # noqa: F811
    engine = demo_question()
    shown = projector(engine, theme)
    surface = pygame.Surface(SIZE)
    when = at(engine) + 5
    shown.render(surface, engine.state, when)
    scene = surface.copy()
    engine.dispatch(c.ViewScores(at=when + 1, on=True))
    for t in (1.0, 1.2, 2.0):
        shown.render(surface, engine.state, when + t)
    bottom = pygame.Rect(0, SIZE[1] * 3 // 4, SIZE[0], SIZE[1] // 4)
    assert not same(surface.subsurface(bottom), scene.subsurface(bottom))  # the card is up over the scene
    standings = demo_engine()
    standings.dispatch(c.Go(at=1.0))
    while standings.state.phase != "scores":
        standings.dispatch(c.Go(at=at(standings) + 1))
    when = at(standings) + 5
    plain = picture(standings, theme, when)
    standings.dispatch(c.ViewScores(at=when, on=True))
    assert same(plain, picture(standings, theme, when))  # the standings scene is not covered by its own card


def test_the_join_codes_cover_the_show_and_its_overlay_and_a_blank_covers_them(theme):  # noqa: F811
    engine = demo_question()
    when = at(engine) + 1
    codes = picture(engine, theme, when, join=board())
    assert not same(codes, picture(engine, theme, when))
    engine.dispatch(c.ViewScores(at=when, on=True))
    assert same(codes, picture(engine, theme, when, join=board()))  # no standings card over the codes
    blanked(engine)
    assert same(picture(engine, theme, when, join=board()), picture(engine, theme, when))  # the blank is over them


def test_a_splash_shows_over_its_scene_but_not_over_the_join_codes(theme):  # noqa: F811
    def auction_frame(join) -> pygame.Surface:
        engine = svoyak_engine()
        for _ in play_walk(engine, until="cat_question"):
            pass
        engine.dispatch(c.Judge(at=at(engine) + 1, correct=True))
        engine.dispatch(c.Go(at=at(engine) + 1))
        shown = projector(engine, theme)
        shown.join = join
        surface = pygame.Surface(SIZE)
        when = at(engine) + 5
        shown.render(surface, engine.state, when)
        engine.dispatch(sc.SelectCell(at=when + 1, theme=0, question=3))  # the demo pack's auction
        for t in (1.0, 1.1, 1.6, 2.0):
            shown.render(surface, engine.state, when + t)
        return surface, engine.state.phase, shown

    over_scene, phase, shown = auction_frame(None)
    assert phase == "auction"
    assert shown.look.splash is not None and shown.look.splash.live(shown.look.splash.started + 0.9)
    accent = shown.theme.color("accent")
    band = pygame.Rect(0, 0, SIZE[0], SIZE[1] // 4)
    lit = pygame.mask.from_threshold(over_scene.subsurface(band), accent, (24, 24, 24)).count()
    over_codes, _, _ = auction_frame(board())
    dark = pygame.mask.from_threshold(over_codes.subsurface(band), accent, (24, 24, 24)).count()
    assert lit > band.w * band.h // 4 and dark < band.w * band.h // 20
