"""A box's press on its way to the screen (issue 28, item 8): the frame that shows a press does not wait for
idle work, and a reader thread applies its press without the window thread drawing in between."""

from __future__ import annotations

import os
import threading
import time

import pygame

from tests.test_hardware import box, make_app, open_question, show_file  # noqa: F401  (box: the fixture)
from tests.test_serial import wait_for
from tests.test_w3_threads import _press_from_a_reader


def _live_question(tmp_path):
    app = make_app(tmp_path, show_file(tmp_path, buzzers=("box1:1", "box1:2", "box1:3"), serial_port="/dev/null"),
                   devices=False)
    open_question(app)
    surface = pygame.Surface((1280, 720))
    app.projector.render(surface, app.engine.state, app.clock.now())  # the first frame: idle work may begin
    app.go_live()
    return app, surface


def test_a_press_during_idle_work_ends_it_and_its_frame_comes_next(tmp_path):
    """Idle work (the pictures the next press may need) stops at its next give-way point when a box's press
    arrives, and none begins until the press has been drawn: the loop's wait returns at once, because of it."""
    app, surface = _live_question(tmp_path)
    try:
        seen = {"before": 0, "after": 0}
        real = app.projector.give_way

        def give_way() -> None:  # the drawing's safe points, counted; a box's press comes at the first one
            real()
            if app.engine.state.answering is not None:
                seen["after"] += 1
                return
            seen["before"] += 1
            _press_from_a_reader(app, 2)

        app.projector.give_way = give_way
        for _ in range(100):  # the first pieces allocate (no drawing, no give-way point)
            app.prepare_next(surface.get_size())
            if seen["before"]:
                break
        assert seen["before"] == 1 and app.engine.state.answering == 1  # the press came during idle work
        assert seen["after"] == 0  # which stopped where the press found it
        app.prepare_next(surface.get_size())
        assert seen["after"] == 0  # and no idle work begins before the press's frame …
        assert app.wait_inputs(time.monotonic())  # … which the loop draws at once
        app.projector.render(surface, app.engine.state, app.clock.now())
        app.prepare_next(surface.get_size())
        assert seen["after"] > 0  # drawn: idle work goes on, for the state with the press
    finally:
        app.feed.stop()
        app.close()


def test_idle_work_with_no_press_runs_as_before(tmp_path):
    """Without a press, an idle call runs its pieces (the stop is never asked for)."""
    app, surface = _live_question(tmp_path)
    try:
        calls = []
        real = app.projector.give_way
        app.projector.give_way = lambda: (calls.append(threading.get_ident()), real())[1]
        for _ in range(100):
            app.prepare_next(surface.get_size())
        assert calls and app.engine.state.answering is None
    finally:
        app.feed.stop()
        app.close()


def test_drawing_gives_way_from_the_moment_a_box_has_sent_a_press(tmp_path, box, monkeypatch):
    """The box's reader holds the show's lock from the moment its port is readable until the press is
    applied: the window thread cannot pass a give-way point of its drawing meanwhile, so the reader's read,
    parsing and journal write do not each wait for a band of the picture."""
    app = make_app(tmp_path, show_file(tmp_path, ("box1:1", "box1:2", "box1:3"), serial_port=str(box.link)))
    read_a_press, go_on = threading.Event(), threading.Event()
    real_read = os.read

    def read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        if threading.current_thread().name == "box-box1" and b" P " in data:
            read_a_press.set()  # the reader has the press's bytes; it waits here until the test has looked
            go_on.wait(10)
        return data

    try:
        assert wait_for(lambda: app.hardware.boxes["box1"].status.connected)
        open_question(app)
        app.go_live()
        monkeypatch.setattr(os, "read", read)
        box.press(3)
        assert read_a_press.wait(10)
        drawing_may_pass = app.lock.acquire(blocking=False)  # what a give-way point of the drawing does
        if drawing_may_pass:
            app.lock.release()
        go_on.set()
        assert not drawing_may_pass
        assert app.wait_inputs(time.monotonic() + 10)  # the press is applied …
        assert app.engine.state.answering == 2  # … as before
    finally:
        go_on.set()
        monkeypatch.undo()
        app.running = False
        app.close()
