"""A scene giving way to the next (display/projector/transitions.py), alone: the outgoing picture stands still
while the incoming layer is composed, then the motion runs, and at its end the incoming picture is on air; its
buffers were lent by the still layers and go back (no full screen of its own)."""

from __future__ import annotations

import pygame

from quizshow.core import commands as c
from quizshow.display.projector.composition import Composition
from quizshow.display.projector.transitions import Transitions, bands
from quizshow.display.scenes.base import Layers
from quizshow.display.text import TextCache
from quizshow.display.video import VideoScreen
from tests.conftest import demo_engine, views_of, words_of
from tests.layers_kit import theme  # noqa: F401

SIZE = (640, 360)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_the_outgoing_picture_holds_then_moves_then_the_incoming_one_is_on_air(theme):  # noqa: F811
    engine = demo_engine()
    layers = Layers()
    look = Composition(engine.format, theme, "Шоу", words_of(engine.format), TextCache(theme.fonts),
                       views_of(engine.format), layers, VideoScreen(sound=False), None)
    cut = Transitions(layers, theme)

    def frame_of(state, now: float, surface: pygame.Surface) -> bool:
        frame = look.frame(state, now, SIZE)
        scene = look.scene(state)
        shows_outgoing = cut.switch(surface, scene, (scene.key(frame), SIZE), frame, lambda old: None)
        composing = cut.compose(scene, frame)
        moved = cut.draw(surface, scene, frame, composing, shows_outgoing)
        if not moved:
            scene.draw(surface, frame)
        return moved

    surface = pygame.Surface(SIZE)
    title = engine.state
    assert not frame_of(title, 0.0, surface)  # the first picture: no transition
    outgoing = surface.copy()
    question = engine.dispatch(c.Go(at=10.0)).state
    assert frame_of(question, 10.0, surface) and cut.running(10.0)
    assert same(surface, outgoing)  # the title stands still while the question's layer is composed
    assert cut.buffer is not None and layers.lent >= 1  # its buffer is a still layer's surface, lent
    for i in range(1, bands(SIZE) + 20):
        frame_of(question, 10.0 + 0.02 * i, surface)
    assert not frame_of(question, 12.0, surface) and not cut.running(12.0)
    assert cut.buffer is None and cut.incoming is None and layers.lent == 0  # given back
    whole = pygame.Surface(SIZE)
    look.scene(question).draw(whole, look.frame(question, 12.0, SIZE))
    assert same(surface, whole)  # the question is on air as drawn on its own
