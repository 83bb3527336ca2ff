"""A box's press on its way to the screen (issue 28, item 8): the frame that shows a press does not wait for
idle work, and a reader thread applies its press without the window thread drawing in between."""

from __future__ import annotations

import os
import threading
import time

import pygame
import pytest

from quizshow.core.clock import SYSTEM
from quizshow.tools.fakebox import FakeBox
from tests.hardware_kit import make_app, open_question, show_file
from tests.press_path_kit import _ConsoleWindow, _live_question
from tests.serial_kit import wait_for
from tests.threads_kit import _press_from_a_reader


@pytest.fixture
def box(tmp_path):
    fake = FakeBox("box1", inputs=4, link=tmp_path / "box1", clock=SYSTEM).start()
    yield fake
    fake.stop()


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


def test_the_buzz_flashes_give_way_to_a_press_a_strip_at_a_time(tmp_path, monkeypatch):
    """The buzz flashes (four alpha blits of the screen's edges each; at 4K ~2 ms apiece with the interpreter
    held) are drawn a strip of the screen at a time after a give-way point, so a second team's press, arriving
    while they are drawn, waits for one strip; the picture is the same as drawn whole."""
    from quizshow.core.effects import Event, EventKind
    from quizshow.display import motion, paint
    from quizshow.display.projector.composition import FLASH_STRIP_PIXELS, Composition

    app = make_app(tmp_path, show_file(tmp_path, buzzers=("box1:1", "box1:2", "box1:3"), serial_port="/dev/null"),
                   devices=False)
    try:
        open_question(app)
        surface = pygame.Surface((1600, 900))
        now = app.clock.now()
        app.projector.render(surface, app.engine.state, now)
        app.projector.on_events([Event(EventKind.BUZZ, team=team, margin_s=0.0) for team in (0, 1, 2)], now)
        order: list[object] = []
        real_draw = motion.Flash.draw

        def draw(flash, target, at):
            clip = target.get_clip()
            order.append(clip.width * clip.height)
            real_draw(flash, target, at)

        monkeypatch.setattr(motion.Flash, "draw", draw)
        real = app.projector.give_way
        app.projector.give_way = lambda: (order.append("give way"), real())[1]
        app.projector.render(surface, app.engine.state, now + 0.1)
        drawn = surface.copy()
        drawn_strips = [what for what in order if what != "give way"]
        assert len(drawn_strips) >= 3 * 3  # the three teams' flashes, each in several strips …
        assert all(what <= FLASH_STRIP_PIXELS for what in drawn_strips)  # … each small …
        assert all(order[i - 1] == "give way" for i, what in enumerate(order) if what != "give way")  # … given way

        def whole(look, target, frame):  # the flashes drawn whole, one after the other
            for team in (0, 1, 2):
                started = look.anim.flashes[team][1]
                real_draw(motion.Flash(paint.rgb(frame.team_color(team)), started), target, frame.now)

        monkeypatch.setattr(Composition, "draw_flash", whole)
        app.projector.render(surface, app.engine.state, now + 0.1)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(drawn, "RGB")  # the same picture
    finally:
        app.close()


def test_a_press_while_the_projector_draws_is_drawn_before_the_console(tmp_path):
    """A box's press applied while the projector's frame is being drawn (that frame does not show it): the
    loop draws the projector again at once, with the press, and the console right after it, not between."""
    from argparse import Namespace

    from quizshow.display.windows import Windows

    app = make_app(tmp_path, show_file(tmp_path, buzzers=("box1:1", "box1:2", "box1:3"), serial_port="/dev/null"),
                   devices=False)
    windows = Windows(Namespace(size=(320, 180)), "test", headless=True)
    windows.console = _ConsoleWindow()  # type: ignore[assignment]
    drawn: list[tuple[str, int | None]] = []
    render, console = app.projector.render, app.console.render

    def projector(surface, state, now):
        drawn.append(("projector", state.answering))
        if len(drawn) > 3 and app.engine.state.answering is None:
            _press_from_a_reader(app, 2)  # a press while this frame (without it) is drawn
        elif len(drawn) > 12:
            app.running = False
        render(surface, state, now)

    def console_frame(surface, now, status, preview):
        drawn.append(("console", app.engine.state.answering))
        console(surface, now, status, preview)

    app.projector.render = projector
    app.console.render = console_frame
    try:
        open_question(app)
        windows.loop(app)
        pressed = drawn.index(("projector", None), 3)  # the frame during which the press came
        assert drawn[pressed + 1] == ("projector", 1)  # the press's frame next …
        assert drawn[pressed + 2] == ("console", 1)  # … then the console, with it
    finally:
        app.feed.stop()
        app.close()


class _Hold:
    """The show's lock as a box reader holds it: each time, what the port had waiting for it then."""

    def __init__(self, driver) -> None:
        self.driver = driver
        self.waiting: list[bytes] = []

    def __enter__(self) -> None:
        link = self.driver._link
        self.waiting.append(getattr(link, "pending", b""))

    def __exit__(self, *exc: object) -> None:
        return None


def test_a_box_on_a_pyserial_url_waits_for_its_bytes_without_holding_the_shows_lock():
    """A box reached through a pyserial URL (read through pyserial, which waits up to the port's timeout) is
    waited for outside the show's lock: the lock is held only once bytes have come, so drawing never waits
    for a silent box."""
    from quizshow.config import SerialConfig
    from quizshow.core.clock import ShowClock
    from quizshow.inputs.serialbox import BoxDriver

    pressed = threading.Event()
    driver = BoxDriver(SerialConfig(id="url", port="loop://", protocol="simple", map={"a": 1}),
                       lambda press: pressed.set(), ShowClock().now)
    hold = _Hold(driver)
    driver.hold = hold
    driver.start()
    try:
        assert wait_for(lambda: driver.status.connected and driver._link is not None)
        reads = threading.Event()
        port = driver._link.port
        real_read = port.read
        count = [0]

        def read(n: int = 1) -> bytes:
            count[0] += 1
            if count[0] >= 3:
                reads.set()
            return real_read(n)

        port.read = read
        assert reads.wait(10)  # the reader has waited for bytes three times …
        port.write(b"a")
        assert pressed.wait(10)
        assert hold.waiting and all(hold.waiting)  # … and held the lock only with bytes to take
    finally:
        driver.stop()
        driver.join(3)


def test_a_simple_box_press_is_timed_when_its_byte_came_not_when_the_shows_lock_was_free():
    """A simple box sends a bare byte: its press's time is the moment the port turned readable. The reader
    then waits for the show's lock (the window thread drawing); that wait must not move the press later, or
    a press read while a frame was drawn would lose to one read after it."""
    import queue
    import tty

    from quizshow.config import SerialConfig
    from quizshow.inputs.serialbox import BoxDriver
    from tests.serial_kit import as_buzz, take

    master, slave = os.openpty()
    tty.setraw(slave)
    inbox: queue.Queue = queue.Queue()
    lock = threading.RLock()
    asked = threading.Event()
    times = iter(float(n) for n in range(1, 1_000_000))

    def now() -> float:  # each call a new show time: the press's tells which call timed it
        asked.set()
        return next(times)

    driver = BoxDriver(SerialConfig(id="old", port=os.ttyname(slave), protocol="simple", map={"a": 1}),
                       as_buzz({1: 0}, inbox), now, hold=lock)
    driver.start()
    try:
        assert wait_for(lambda: driver.status.connected)
        with lock:  # the window thread draws
            asked.clear()
            os.write(master, b"a")
            assert asked.wait(10)  # timed while the lock is still held
            timed_at = max(0.0, next(times) - 1)  # the last time handed out
        got = take(inbox, 1)
        assert [b.team for b in got] == [0]
        assert got[0].at == timed_at
    finally:
        driver.stop()
        driver.join(3)
        os.close(master)
        os.close(slave)
