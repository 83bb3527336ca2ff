"""Helpers, fixtures and constants that several test files share, first written for
tests/runtime/test_window_thread.py."""

from __future__ import annotations

import threading

from quizshow.inputs.messages import BoxPress


def _press_from_a_reader(app, button: int) -> None:
    """A box input delivered as a box's reader thread delivers it (the feed is live: that thread applies it
    under the runtime's lock). The real pty path of a box is tested in test_serial and test_hardware."""
    at = app.now()
    reader = threading.Thread(target=app.hardware.box_pressed, args=(BoxPress("box1", button, at, at),),
                              name="box1-reader")
    reader.start()
    reader.join(30)
