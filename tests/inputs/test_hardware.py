"""The buzzer hardware in a running show: a box's press reaches the engine, lamps follow the game,
gamepads, the line check, assigning buzzers by pressing (saved beside the show, checked by --check)."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from quizshow.app import Action
from quizshow.cli import check_files
from quizshow.core import commands as c
from quizshow.core.clock import SYSTEM
from quizshow.core.effects import Event, EventKind
from quizshow.formats.brainring.spec import SPEC as BRAINRING
from quizshow.inputs.buzzers import assignment_path
from quizshow.inputs.messages import Press, Seat
from quizshow.outputs.lamps import Lamps
from quizshow.tools.fakebox import FakeBox
from tests.conftest import notices
from tests.hardware_kit import make_app, open_question, show_file
from tests.serial_kit import wait_for


@pytest.fixture
def box(tmp_path):
    fake = FakeBox("box1", inputs=4, link=tmp_path / "box1", clock=SYSTEM).start()
    yield fake
    fake.stop()


def test_a_box_press_reaches_the_engine_and_the_answering_teams_lamp_lights(tmp_path, box):
    app = make_app(tmp_path, show_file(tmp_path, ("box1:1", "box1:2", "pad:0:3"), serial_port=str(box.link)))
    try:
        driver = app.hardware.boxes["box1"]
        assert wait_for(lambda: driver.status.connected)
        open_question(app)
        box.press(2)
        assert wait_for(lambda: (app.drain(), app.engine.state.answering)[1] == 1)
        assert app.engine.state.presses.first.device == "box1"
        assert wait_for(lambda: box.lamps.get(2) == "ON" and box.lamps.get(1, "OFF") == "OFF")
        app.action(Action("wrong", time.monotonic()))
        assert wait_for(lambda: box.lamps.get(2) == "OFF")  # out of the question
        assert ("box1", True) == (app.status.devices[-1][0].split()[0], app.status.devices[-1][1])
    finally:
        app.close()


def test_lamps_blink_two_seconds_on_a_false_start_and_blink_live_lamps_at_the_warning(tmp_path):
    from tests import brainring_kit

    e = brainring_kit.engine()
    seen: dict[int, list[str]] = {0: [], 1: []}
    lamps = Lamps({team: seen[team].append for team in seen}, BRAINRING.flags)

    def step(cmd: c.Command, now: float) -> None:
        events = e.dispatch(cmd).events
        lamps.update(e.state, events, now)
    e.dispatch(c.Go(at=1))
    step(c.Announce(at=10), 10)
    step(c.Buzz(at=11, team=1), 11)
    assert seen[1][-1] == "BLINK" and seen[0][-1] == "OFF"
    step(c.TimerStart(at=12), 12)
    lamps.update(e.state, [], 12.9)
    assert seen[1][-1] == "BLINK"
    lamps.update(e.state, [], 13.1)
    assert seen[1][-1] == "OFF"  # two seconds, then off: the team is out of this question
    step(c.Tick(at=62), 62)  # 10 s left
    assert seen[0][-1] == "BLINK" and seen[1][-1] == "OFF"  # every live lamp blinks
    step(c.Buzz(at=63, team=0), 63)
    assert seen[0][-1] == "ON"
    step(c.Judge(at=64, correct=True), 64)
    assert seen[0][-1] == "OFF"  # between questions all off


def test_gamepad_button_is_a_teams_buzzer_through_the_window_loop(tmp_path):
    from argparse import Namespace

    from quizshow.display.windows import Windows

    app = make_app(tmp_path, show_file(tmp_path), devices=False)
    windows = Windows(Namespace(size=(320, 180)), "test", headless=True)
    app.hardware.pad_added(5, 0, "Test pad")
    open_question(app)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=3, joy=0))
    windows.events(app)
    assert app.engine.state.answering == 2 and app.engine.state.presses.first.device == "pad0"
    app.close()


def test_a_frame_that_fails_to_draw_is_skipped_and_the_show_goes_on(tmp_path):
    from argparse import Namespace

    from quizshow.display.windows import Windows

    app = make_app(tmp_path, show_file(tmp_path), devices=False)
    windows = Windows(Namespace(size=(320, 180)), "test", headless=True)
    render = app.projector.render
    frames: list[bool] = []

    def flaky(surface, state, now):
        frames.append(len(frames) >= 3)
        if len(frames) >= 12:
            app.running = False  # enough: end the loop as Quit would
        if not frames[-1]:
            raise ValueError("a scene bug")  # the first three frames
        render(surface, state, now)

    app.projector.render = flaky
    try:
        windows.loop(app)  # returns: it did not raise
        assert frames.count(False) == 3 and frames.count(True) >= 9  # it went on drawing
        assert windows.guard.failures == 3
        shown = [n for n in notices(app) if n.level == "problem"]
        assert [n.text for n in shown] == ["Сбой: экран проектора — кадр пропущен, подробности в журнале программы"]
    finally:
        app.close()


def test_line_check_lights_the_team_and_leaves_the_game_alone(tmp_path):
    app = make_app(tmp_path, show_file(tmp_path), devices=False)
    app.action(Action("linecheck", 1.0))
    entries = len(app.engine.entries)
    app.action(Action("buzz", 2.0, args=(1,)))
    app.drain()
    assert app.status.line_check and 1 in app.status.last_press
    assert len(app.engine.entries) == entries  # nothing journalled
    assert app.projector.scene(app.engine.state).name == "line_check"
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, 2.0, app.status)  # the boxes' table draws
    app.action(Action("linecheck", 3.0))
    assert app.projector.scene(app.engine.state).name != "line_check"
    app.close()


def test_assign_by_pressing_saves_beside_the_show_and_the_next_start_uses_it(tmp_path, box):
    path = show_file(tmp_path, buzzers=("key:1", "key:2", "key:3"), serial_port=str(box.link))
    app = make_app(tmp_path, path)
    try:
        assert wait_for(lambda: app.hardware.boxes["box1"].status.connected)
        app.action(Action("assign", 1.0))
        app.key(pygame.K_q, 0, 1.1)  # Анна: a key
        box.press(3)  # Борис: a box input
        assert wait_for(lambda: (app.drain(), app.hardware.assigning)[1] == 2)
        app.hardware.pad_added(7, 1, "Pad")
        app.hardware.pad_button(7, 4, 2.0)  # Вера: a gamepad button
        saved = assignment_path(path)
        assert saved.exists() and app.hardware.assigning is None
        assert app.buzzers.spec_of(0) == "key:Q" and app.buzzers.spec_of(1) == "box1:3"
        assert app.buzzers.spec_of(2) == "pad:1:4"
    finally:
        app.close()
    again = make_app(tmp_path, path, devices=False)
    assert again.buzzers.spec_of(1) == "box1:3"
    open_question(again)
    again.key(pygame.K_q, 0, 5.0)  # the assigned key is Анна's buzzer now
    assert again.engine.state.answering == 0
    again.close()
    assert check_files([path]) == 0


def test_check_reports_a_broken_assignment_file_with_its_line(tmp_path, capsys):
    path = show_file(tmp_path, buzzers=("key:1", "key:2", "key:3"))
    assignment_path(path).write_text('teams:\n  "Анна": "key:1"\n  "Боря": "box9"\n', encoding="utf-8")
    assert check_files([path]) == 1
    out = capsys.readouterr().out
    assert "show.buzzers.yaml:3" in out and "Борис" in out


def test_a_broken_assignment_file_at_start_is_a_console_problem_and_the_show_starts(tmp_path):
    path = show_file(tmp_path, buzzers=("key:1", "key:2", "key:3"))
    assignment_path(path).write_text('teams:\n  "Анна": "key:1"\n  "Боря": "box9"\n', encoding="utf-8")
    app = make_app(tmp_path, path, devices=False)
    try:
        problems = [n.text for n in notices(app) if n.level == "problem"]
        assert any("show.buzzers.yaml:3" in text for text in problems), problems
        assert app.buzzers.spec_of(0) == "key:1"  # the show runs with what could be read
    finally:
        app.close()


def test_presses_taken_together_are_ordered_by_their_own_time_across_boxes(tmp_path):
    app = make_app(tmp_path, show_file(tmp_path), devices=False)
    open_question(app)
    app.inputs.put(Press(Seat(1), 2.0015, "box2", 2.002))  # arrived first, pressed later
    app.inputs.put(Press(Seat(0), 2.0010, "box1", 2.003))
    app.drain()
    assert app.engine.state.answering == 0
    # The earlier press went first; the later one came too late for this answer (a wrong answer opens a fresh
    # window): not taken, and the operator hears why.
    taken = [e for e in app.console.engine.entries if isinstance(e.command, c.Buzz) and not e.late]
    assert len(taken) == 1 and taken[0].command.team == 0
    assert any("Отвечает" in n.text for n in notices(app) if n.level == "refused")
    app.close()


def test_sound_and_lamps_are_effects_not_decisions(tmp_path):
    """A buzz effect in the line check plays that team's sound (the cue table is per team)."""
    from quizshow.outputs.sound import SoundCues

    cues = SoundCues(3, enabled=False)
    assert cues.cue_for(Event(EventKind.BUZZ, team=2, margin_s=0.0)) == "buzz2"


def test_when_live_a_box_press_is_applied_by_its_reader_and_the_views_change_on_the_window_thread(tmp_path, box):
    app = make_app(tmp_path, show_file(tmp_path, ("box1:1", "box1:2", "pad:0:3"), serial_port=str(box.link)))
    try:
        assert wait_for(lambda: app.hardware.boxes["box1"].status.connected)
        open_question(app)
        lamps_on: list[str] = []
        drawn_on: list[str] = []
        lamps, shown = app.hardware.lamps.update, app.projector.on_events
        app.hardware.lamps.update = lambda *a: (lamps_on.append(threading.current_thread().name), lamps(*a))[1]
        app.projector.on_events = lambda events, now: (drawn_on.append(threading.current_thread().name),
                                                       shown(events, now))
        app.go_live()
        box.press(1)
        assert app.wait_inputs(time.monotonic() + 3)  # the reader says the show changed
        assert app.engine.state.answering == 0
        assert json_types(tmp_path)[-1] == "Buzz"  # journalled before the effects ran
        assert lamps_on == ["box-box1"]  # by the box's own thread: no hand-off, no frame to wait for
        assert drawn_on == []  # the views are not touched from the reader thread …
        app.pump_views()
        assert drawn_on == [threading.current_thread().name]  # … but at the window thread's next frame
    finally:
        app.running = False
        app.close()


def test_a_failure_while_applying_a_press_is_shown_and_the_box_keeps_reading(tmp_path, box):
    app = make_app(tmp_path, show_file(tmp_path, ("box1:1", "box1:2", "pad:0:3"), serial_port=str(box.link)))
    try:
        assert wait_for(lambda: app.hardware.boxes["box1"].status.connected)
        open_question(app)
        handle = app.engine.format.handle
        failures = []

        def broken_once(state, command):
            if isinstance(command, c.Buzz) and not failures:
                failures.append(command)
                raise RuntimeError("a bug in a rule")
            return handle(state, command)

        app.engine.format.handle = broken_once
        app.go_live()
        box.press(1)
        assert wait_for(lambda: any(n.level == "problem" and "Внутренняя ошибка" in n.text
                                    for n in notices(app)))
        assert app.engine.state.answering is None  # nothing half-applied
        box.press(2)
        assert app.wait_inputs(time.monotonic() + 3)
        assert app.engine.state.answering == 1  # the same reader thread took the next press
    finally:
        app.running = False
        app.close()


def test_presses_queued_after_one_that_fails_still_apply(tmp_path):
    app = make_app(tmp_path, show_file(tmp_path), devices=False)
    open_question(app)
    handle = app.engine.format.handle

    def broken_for_anna(state, command):
        if isinstance(command, c.Buzz) and command.team == 0:
            raise RuntimeError("a bug in a rule")
        return handle(state, command)

    app.engine.format.handle = broken_for_anna
    app.inputs.put(Press(Seat(0), 2.0005, "box1", 2.001))
    app.inputs.put(Press(Seat(1), 2.0010, "box1", 2.002))
    app.drain()
    assert app.engine.state.answering == 1  # taken from the queue together, and not lost with it
    assert [n.level for n in notices(app)].count("problem") == 1
    app.close()


def test_drawing_waits_while_an_input_is_being_applied(tmp_path):
    """The projector gives way at its safe points while another thread holds the app's lock, so a
    press being journalled gets the interpreter back the moment its write returns."""
    app = make_app(tmp_path, show_file(tmp_path), devices=False)
    open_question(app)
    app.go_live()
    surface = pygame.Surface((1280, 720))
    drawn = threading.Event()

    def draw() -> None:
        app.projector.render(surface, app.engine.state, app.clock.now())
        drawn.set()

    try:
        with app.lock:  # as a box reader applying a press
            painter = threading.Thread(target=draw)
            painter.start()
            assert not drawn.wait(0.3)  # the frame waits at its first safe point
        assert drawn.wait(5)  # and goes on once the press is applied
        painter.join()
    finally:
        app.close()


def json_types(tmp_path) -> list[str]:
    import json

    lines = (tmp_path / "j.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["type"] for line in lines]


def test_a_box_that_stops_reading_leaves_the_show_running_and_the_console_says_so(tmp_path):
    """The lamps follow every command from the frame loop; with the box's port full they still return at
    once (issue 12: the lamp write froze the main loop), and DEVICES shows the box in red."""
    from tests.serial_kit import DeafBox

    box = DeafBox()
    app = make_app(tmp_path, show_file(tmp_path, ("box1:1", "box1:2", "pad:0:3"), serial_port=box.port))
    try:
        driver = app.hardware.boxes["box1"]
        assert wait_for(lambda: driver.status.connected)
        box.heard = True
        box.fill()
        done = threading.Event()

        def play() -> None:  # the frame loop's work: the answering team's lamp on, then off, 20 times
            open_question(app)
            for _ in range(20):
                app.action(Action("buzz", time.monotonic(), "key", (0,)))
                app.action(Action("wrong", time.monotonic()))
                app.action(Action("undo", time.monotonic()))
            done.set()

        threading.Thread(target=play, daemon=True).start()
        assert done.wait(3.0), "the show waited on a box that does not read"
        assert wait_for(lambda: driver.status.stuck, 3)
        app.tick()  # a frame: the console's status is refreshed
        assert ("box1: не принимает команды (лампы не следуют)", False) in app.status.devices
    finally:
        app.close()
        box.close()
