"""The composition root builds the show and steps aside: a box's press on its serial line, a desk's OSC
command and a phone's press each reach the engine without running a line of quizshow/app.py on the way
(docs/architecture.md, «The three walks»). Every function called on the input's own threads (the box's
reader, the OSC server's, the web server's loop) is recorded while the input travels; none is app.py's."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

import pytest

from quizshow.core import commands as c
from quizshow.core.clock import SYSTEM
from quizshow.tools.fakebox import FakeBox
from tests.hardware_kit import make_app, open_question, show_file
from tests.osc_kit import rig  # noqa: F401 (the OSC fixture)
from tests.phones_kit import FakePhone, seat_url, two_seat_show
from tests.serial_kit import wait_for

ROOT_FILE = "quizshow/app.py"


class Calls:
    """The files whose functions threads other than the test's own called, while recording."""

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.on = False
        self._test_thread = threading.get_ident()

    def profile(self, frame: FrameType, event: str, arg: object) -> None:
        if self.on and event == "call" and threading.get_ident() != self._test_thread:
            self.files.add(frame.f_code.co_filename.replace("\\", "/"))

    def through_root(self) -> list[str]:
        return sorted(name for name in self.files if name.endswith(ROOT_FILE))


@contextmanager
def recording() -> Iterator[Calls]:
    """Threads started from now on are profiled (the readers and servers the show starts)."""
    calls = Calls()
    threading.setprofile(calls.profile)
    try:
        yield calls
    finally:
        threading.setprofile(None)  # type: ignore[arg-type]
        calls.on = False


def test_a_box_press_reaches_the_engine_without_the_composition_root(tmp_path):
    box = FakeBox("box1", inputs=4, link=tmp_path / "box1", clock=SYSTEM).start()
    try:
        with recording() as calls:
            app = make_app(tmp_path, show_file(tmp_path, ("box1:1", "box1:2", "pad:0:3"), serial_port=str(box.link)))
        try:
            engine = app.engine
            assert wait_for(lambda: app.hardware.boxes["box1"].status.connected)
            open_question(app)
            app.go_live()  # the box's reader applies its press itself, as in a show
            calls.on = True
            box.press(2)
            assert wait_for(lambda: engine.state.answering == 1)
            calls.on = False
            assert engine.state.presses.first.device == "box1"
            assert any(name.endswith("quizshow/inputs/serialbox.py") for name in calls.files)  # it was watched
            assert calls.through_root() == []
        finally:
            app.close()
    finally:
        box.stop()


def test_an_osc_command_reaches_the_engine_without_the_composition_root(rig):  # noqa: F811
    with recording() as calls:
        app, desk, to = rig()
    engine = app.engine
    calls.on = True
    desk.send(to, "/quiz/go")
    assert wait_for(lambda: engine.state.phase != "title")
    calls.on = False
    assert any(name.endswith("quizshow/inputs/osc/server.py") for name in calls.files)
    assert calls.through_root() == []


def test_a_phone_press_reaches_the_engine_without_the_composition_root(tmp_path):
    with recording() as calls:
        app = two_seat_show(tmp_path)
    try:
        engine = app.engine
        app.submit(c.Go(at=app.now()))  # the demo's question: buttons open
        url = seat_url(app, 0)

        async def press() -> None:
            import aiohttp

            async with aiohttp.ClientSession() as session:
                async with FakePhone(session, url) as phone:
                    await phone.wait("synced")
                    calls.on = True
                    ack = await phone.wait("ack", id=await phone.press())
                    assert ack["code"] == 200

        asyncio.run(press())
        calls.on = False
        assert engine.state.answering == 0
        assert any(name.endswith("quizshow/runtime/web/server.py") for name in calls.files)
        assert calls.through_root() == []
    finally:
        app.close()


def test_the_recording_sees_the_root_when_a_thread_calls_it():
    """The check can fail: a thread that runs a function of app.py is seen doing so."""
    from quizshow.app import ShowApp

    with recording() as calls:
        calls.on = True
        thread = threading.Thread(target=ShowApp.finished, args=(_OverShow(),))
        thread.start()
        thread.join()
    assert [name[-len(ROOT_FILE):] for name in calls.through_root()] == [ROOT_FILE]


class _OverShow:
    """Stands in for the app in ShowApp.finished: its show is over."""

    class show:  # noqa: N801 (the attribute ShowApp.finished reads)
        @staticmethod
        def finished() -> bool:
            return True


if sys.platform == "win32":  # the box's pseudo-terminal
    pytestmark = pytest.mark.skip("a serial box's pty is POSIX")
