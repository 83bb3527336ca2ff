"""Only the window thread touches views, the console's key map and the mixer (issue 24, item 5): a box
reader applies its press and lights its lamp, and hands the rest to the window thread."""

from __future__ import annotations

import threading

from quizshow.app import Action
from quizshow.outputs.sound import PLAYED_KEPT, SoundCues
from tests.hardware_kit import make_app, open_question, show_file
from tests.threads_kit import _press_from_a_reader


def _record_threads(obj, name: str) -> list[int]:
    threads: list[int] = []
    real = getattr(obj, name)

    def recording(*args, **kwargs):
        threads.append(threading.get_ident())
        return real(*args, **kwargs)

    setattr(obj, name, recording)
    return threads


def test_a_box_press_plays_its_cue_on_the_window_thread_not_the_reader(tmp_path):
    app = make_app(tmp_path, show_file(tmp_path, buzzers=("box1:1", "key:2", "key:3"), serial_port="/dev/null"),
                   devices=False)
    try:
        open_question(app)
        plays = _record_threads(app.sound, "play")
        app.feed.go_live()  # as in the show: the reader applies its press under the runtime's lock
        _press_from_a_reader(app, 1)
        assert app.engine.state.answering == 0  # applied on the reader thread
        assert plays == []  # ... which left the mixer alone
        app.pump_views()  # the window thread's next frame
        assert plays and set(plays) == {threading.get_ident()}
        assert "buzz0" in app.sound.played
    finally:
        app.feed.stop()
        app.close()


def test_assigning_the_last_buzzer_by_a_box_press_changes_the_key_map_on_the_window_thread(tmp_path):
    path = show_file(tmp_path, buzzers=("key:1", "key:2", "key:3"), serial_port="/dev/null")
    app = make_app(tmp_path, path, devices=False)
    try:
        keymap = app.keymap
        app.action(Action("assign", 1.0))
        app.feed.go_live()
        for button in (1, 2, 3):
            _press_from_a_reader(app, button)
        assert app.keymap is keymap and app.hardware.assigning == 0  # the readers wrote nothing, assigned nothing
        app.pump_views()  # the window thread's next frame
        assert app.hardware.assigning is None
        assert app.keymap is not keymap and app.console.keymap is app.keymap  # the key map and the console's
        assert [app.buzzers.spec_of(team) for team in range(3)] == ["box1:1", "box1:2", "box1:3"]
    finally:
        app.feed.stop()
        app.close()


def test_the_cues_played_are_a_bounded_record():
    cues = SoundCues(3, enabled=False)
    for n in range(PLAYED_KEPT * 10):
        cues.play("correct" if n % 2 else "wrong")
    assert len(cues.played) == PLAYED_KEPT and cues.played[-1] == "correct"
