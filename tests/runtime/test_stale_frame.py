"""A stale frame abandoned (issue 28, item 8): a box's press applied while the projector draws a frame of the
state before it ends that frame at its next give-way point, and the press's frame is drawn at once, so press →
frame is about one give-way and the press's own frame, not two renders. Synchronised on the drawing's give-way
points (the press is applied from inside one, as a reader thread applies it while the window thread waits
there), never on time."""

from __future__ import annotations

import dataclasses
from argparse import Namespace

import pygame

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from tests.hardware_kit import make_app, open_question, show_file
from tests.press_path_kit import _ConsoleWindow
from tests.threads_kit import _press_from_a_reader

SIZE = (640, 360)
SETTLED = 30.0  # seconds on: entrances, flashes and count-ups are over


def _app(tmp_path):
    return make_app(tmp_path, show_file(tmp_path, buzzers=("box1:1", "box1:2", "box1:3"), serial_port="/dev/null"),
                    devices=False)


def _fresh_picture(app, state, now: float) -> bytes:
    """The settled picture of `state` as a new projector draws it (its first frame, then one settled)."""
    fresh = Projector(app.format, app.projector.theme, app.projector.title, app.projector.words,
                      views=app.projector.views)
    surface = pygame.Surface(SIZE)
    fresh.render(surface, state, now - SETTLED)
    fresh.render(surface, state, now)
    return pygame.image.tobytes(surface, "RGB")


class _PressAt:
    """The projector's give-way points, counted; at the `at`-th one a box's press is applied (as its reader
    thread applies it while the window thread waits there). `when` may ask for a moment in the drawing instead."""

    def __init__(self, app, at: int = 3, when=None) -> None:
        self.app, self.at, self.when = app, at, when
        self.calls = 0
        self.pressed_at: int | None = None
        self.real = app.projector.give_way
        app.projector.give_way = self

    def __call__(self) -> None:
        self.real()
        self.calls += 1
        due = self.when() if self.when is not None else self.calls == self.at
        if self.pressed_at is None and due and self.app.engine.state.answering is None:
            self.pressed_at = self.calls
            _press_from_a_reader(self.app, 2)


def _live(app, surface):
    open_question(app)
    app.projector.render(surface, app.engine.state, app.clock.now())
    app.projector.latest = lambda: app.engine.state  # as the window loop sets it
    app.go_live()


def test_a_press_applied_during_a_frame_ends_it_at_its_next_give_way_point(tmp_path):
    app = _app(tmp_path)
    surface = pygame.Surface(SIZE)
    try:
        _live(app, surface)
        old = app.engine.state
        hook = _PressAt(app, at=3)
        app.projector.invalidate()  # drawn whole (a steady frame with nothing new draws nothing: no give-way)
        app.projector.render(surface, old, app.clock.now() + 0.05)  # a frame of the open question
        assert hook.pressed_at == 3 and app.engine.state.answering == 1  # the press came during it …
        assert hook.calls == 3  # … and it stopped right there, drawing nothing more
        assert app.projector.abandoned  # nothing of it is to be shown
        app.projector.render(surface, app.engine.state, app.clock.now() + 0.06)  # the press's frame
        assert not app.projector.abandoned and hook.calls > 3
    finally:
        app.feed.stop()
        app.close()


def test_the_loop_draws_the_press_at_once_in_place_of_the_stale_frame_and_shows_only_it(tmp_path):
    """Through the window loop: the stale frame is not followed by a flip or the console; the press's frame is
    drawn next, then the console with the press."""
    from quizshow.display.windows import Windows

    app = _app(tmp_path)
    windows = Windows(Namespace(size=SIZE), "test", headless=True)
    windows.console = _ConsoleWindow()  # type: ignore[assignment]
    drawn: list[tuple[str, int | None, bool]] = []
    render, console = app.projector.render, app.console.render
    hook: list[_PressAt] = []

    def projector(surface, state, now):
        if len(drawn) == 4:
            hook.append(_PressAt(app, at=2))  # a press while this frame (without it) is drawn
            app.projector.invalidate()  # (drawn whole: a steady frame with nothing new draws nothing)
        elif len(drawn) > 12:
            app.running = False
        render(surface, state, now)
        drawn.append(("projector", state.answering, getattr(app.projector, "abandoned", False)))

    def console_frame(surface, now, status, preview):
        drawn.append(("console", app.engine.state.answering, False))
        console(surface, now, status, preview)

    app.projector.render = projector
    app.console.render = console_frame
    try:
        open_question(app)
        windows.loop(app)
        assert hook and hook[0].pressed_at == 2
        stale = drawn.index(("projector", None, True))  # the frame during which the press came: stopped
        assert drawn[stale + 1] == ("projector", 1, False)  # the press's frame at once …
        assert drawn[stale + 2] == ("console", 1, False)  # … then the console, with it
        assert all(what != ("console", None, False) for what in drawn[stale:])
    finally:
        app.feed.stop()
        app.close()


def test_the_picture_after_an_abandoned_frame_is_the_same_as_a_fresh_projectors(tmp_path):
    app = _app(tmp_path)
    surface = pygame.Surface(SIZE)
    try:
        _live(app, surface)
        now = app.clock.now()
        hook = _PressAt(app, at=8)  # late in the frame (of ~10): part of the picture is drawn over already
        app.projector.invalidate()  # drawn whole (a steady frame with nothing new draws nothing: no give-way)
        app.projector.render(surface, app.engine.state, now + 0.05)
        assert hook.pressed_at == 8 and app.projector.abandoned
        app.projector.render(surface, app.engine.state, now + 0.06)
        app.projector.render(surface, app.engine.state, now + SETTLED)
        assert pygame.image.tobytes(surface, "RGB") == _fresh_picture(app, app.engine.state, now + SETTLED)
    finally:
        app.feed.stop()
        app.close()


def test_a_layer_cut_in_an_abandoned_frame_is_recomposed_whole(tmp_path):
    """The open question's first frame composes its still layer; a press cuts it half made. Back on that
    question (undo), its layer is composed again whole: the picture is a fresh projector's."""
    app = _app(tmp_path)
    surface = pygame.Surface(SIZE)
    try:
        open_question(app)
        app.projector.latest = lambda: app.engine.state
        app.go_live()
        layers = app.projector.cache.layers
        hook = _PressAt(app, when=lambda: bool(layers.partial))  # while the layer is being composed
        question = app.engine.state
        now = app.clock.now()
        app.projector.render(surface, question, now)
        assert hook.pressed_at is not None and app.projector.abandoned
        cut = dict(layers.partial)
        assert cut  # the layer it was composing is marked begun, not complete
        app.projector.render(surface, app.engine.state, now + 0.01)  # the press's frame
        with app.lock:
            app.submit(c.Undo(at=app.clock.now()))
        assert app.engine.state.answering is None
        app.projector.render(surface, app.engine.state, now + 1)
        app.projector.render(surface, app.engine.state, now + SETTLED)
        assert not any(key in layers.partial for key in cut)
        assert pygame.image.tobytes(surface, "RGB") == _fresh_picture(app, app.engine.state, now + SETTLED)
    finally:
        app.feed.stop()
        app.close()


def test_the_projector_is_never_abandoned_twice_in_a_row(tmp_path):
    """A stream of changes, one at every give-way point: every other frame is finished, whatever comes."""
    app = _app(tmp_path)
    surface = pygame.Surface(SIZE)
    try:
        open_question(app)
        app.projector.render(surface, app.engine.state, app.clock.now())
        app.projector.latest = lambda: dataclasses.replace(app.engine.state)  # a new state at every look
        abandoned = []
        for i in range(6):
            app.projector.invalidate()  # each drawn whole (a steady frame with nothing new draws nothing)
            app.projector.render(surface, app.engine.state, app.clock.now() + 0.02 * (i + 1))
            abandoned.append(app.projector.abandoned)
        assert abandoned == [True, False, True, False, True, False]
        assert app.projector.abandons == 3
    finally:
        app.close()


def test_a_press_during_the_zoom_out_of_its_cell_ends_in_the_same_picture_as_a_fresh_projectors(tmp_path):
    """The question zooms out of its board cell (a transition on buffers lent by the layers); a press while a
    frame of it is drawn stops that frame; the zoom goes on and ends in the settled picture of the press."""
    from quizshow.app import Action

    app = _app(tmp_path)
    surface = pygame.Surface(SIZE)
    try:
        app.action(Action("go", 1.0))
        app.action(Action("go", 1.0))
        now = app.clock.now()
        app.projector.render(surface, app.engine.state, now)  # the board
        app.projector.render(surface, app.engine.state, now + SETTLED / 2)
        app.projector.latest = lambda: app.engine.state
        app.go_live()
        with app.lock:
            app.action(Action("cell", app.clock.now(), args=(0, 0)))
        assert app.engine.state.phase == "question"
        at = now + SETTLED / 2
        for i in range(1, 4):  # the incoming card composed, then the zoom moves
            app.projector.render(surface, app.engine.state, at + 0.02 * i)
        assert app.projector.transitioning(at + 0.08)
        hook = _PressAt(app, at=4)  # in a frame of the zoom
        app.projector.render(surface, app.engine.state, at + 0.1)
        assert hook.pressed_at == 4 and app.projector.abandoned
        assert app.engine.state.answering == 1
        for i in range(6, 60):  # the zoom goes on with the press, to its end
            app.projector.render(surface, app.engine.state, at + 0.02 * i)
        assert not app.projector.transitioning(at + 1.2)
        app.projector.render(surface, app.engine.state, now + SETTLED)
        assert pygame.image.tobytes(surface, "RGB") == _fresh_picture(app, app.engine.state, now + SETTLED)
    finally:
        app.feed.stop()
        app.close()
