"""The cycle collector runs between frames once the show is live (runtime/memory/collector.py): a box's reader
applying a press never pays for a collection its own allocations, or the window thread's, happened to make due."""

from __future__ import annotations

import gc
import threading
import time

import pytest

from quizshow.inputs.messages import BoxPress
from quizshow.runtime.memory.collector import YOUNG
from tests.press_path_kit import _live_question


@pytest.fixture
def collections():
    """Each collection that starts: (the thread it ran on, its generation)."""
    seen: list[tuple[int, int]] = []

    def note(phase: str, info: dict) -> None:
        if phase == "start":
            seen.append((threading.get_ident(), info["generation"]))

    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)


def test_a_press_applied_by_a_box_reader_never_runs_the_collector(tmp_path, collections):
    app, surface = _live_question(tmp_path)
    collections.clear()  # those of the show's making
    try:
        kept: list[list[int]] = []

        def reader() -> None:  # a box's reader: what it allocates (here, more than makes a collection due) ...
            kept.extend([i] for i in range(3 * YOUNG))
            at = app.now()
            app.hardware.box_pressed(BoxPress("box1", 2, at, at))  # ... and the press it applies

        thread = threading.Thread(target=reader, name="box1-reader")
        thread.start()
        thread.join(30)
        assert app.engine.state.answering == 1  # the press was applied
        assert not [generation for ident, generation in collections if ident == thread.ident]
        assert gc.get_count()[0] > YOUNG  # a collection is due ...
        assert app.wait_inputs(time.monotonic())  # (the press's frame first)
        app.projector.render(surface, app.engine.state, app.clock.now())
        collections.clear()
        app.prepare_next(surface.get_size())  # ... and the window's idle time runs it
        assert [ident for ident, _ in collections] == [threading.get_ident()]
        assert gc.get_count()[0] <= YOUNG
    finally:
        app.feed.stop()
        app.close()


def test_a_show_closed_gives_the_collector_its_thresholds_back(tmp_path):
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # CPython's own (a show another test left live may have raised them)
    try:
        app, _ = _live_question(tmp_path)
        live = gc.get_threshold()
        app.feed.stop()
        app.close()
        assert live[0] > 700  # while live, the automatic collector waits for its backstop
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)
