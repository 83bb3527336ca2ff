"""Keyboard-style USB buzzers read from their input device (evdev), not the window: a recorded event stream
(struct input_event records as the kernel writes them, through a FIFO the test writes) gives each key press
with the kernel's timestamp, mapped onto the show's clock; the key map says whose buzzer a key is; F10 takes
the device's keys; the line check says how the device is doing."""

from __future__ import annotations

import os
import queue
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quizshow.app import Action
from quizshow.config import load_show
from quizshow.inputs import evdev
from quizshow.inputs.messages import KeyPress
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.serial_kit import wait_for

EV_SYN, EV_KEY, EV_MSC = 0, 1, 4
KEY_1, KEY_Q, KEY_F2, KEY_F3, KEY_LEFTSHIFT = 2, 16, 60, 61, 42


def record(at: float, kind: int, code: int, value: int) -> bytes:
    """One struct input_event as the kernel writes it on this machine (a timeval, type, code, value)."""
    sec = int(at)
    return struct.pack("@llHHi", sec, round((at - sec) * 1e6), kind, code, value)


def keystroke(at: float, code: int, held: float = 0.08) -> bytes:
    """What a keyboard-style buzzer sends for one press: the scan code, the key down, a report's end, then
    the key up a little later (a USB keyboard's way)."""
    return (record(at, EV_MSC, 4, 0x7003B) + record(at, EV_KEY, code, 1) + record(at, EV_SYN, 0, 0)
            + record(at + held, EV_MSC, 4, 0x7003B) + record(at + held, EV_KEY, code, 0)
            + record(at + held, EV_SYN, 0, 0))


@pytest.fixture
def fifo(tmp_path):
    """A named pipe standing for /dev/input/eventN, and the test's end of it (held open: never an EOF)."""
    path = tmp_path / "usb-buzzer-event-kbd"
    os.mkfifo(path)
    writer = os.open(path, os.O_RDWR)
    yield path, writer
    os.close(writer)


def test_each_key_press_is_taken_with_the_kernels_time_in_show_time(fifo):
    path, writer = fifo
    got: queue.Queue[KeyPress] = queue.Queue()
    device = evdev.KeyboardDevice(str(path), got.put, now=lambda: 50.0, kernel_now=lambda: 1000.5)
    device.start()
    try:
        stream = keystroke(1000.25, KEY_F2) + record(1000.3, EV_KEY, KEY_F2, 2) + keystroke(1000.4, KEY_1)
        os.write(writer, stream[:30])  # a read may end inside a record
        os.write(writer, stream[30:] + record(1000.45, EV_KEY, KEY_LEFTSHIFT, 1)[:10])
        first, second = got.get(timeout=5), got.get(timeout=5)
        assert (first.key, second.key) == ("F2", "1")  # no release, no autorepeat
        assert first.at == 50.0 and first.source_time == pytest.approx(49.75)
        assert second.source_time == pytest.approx(49.9)
        assert device.status.connected and device.status.presses == 2
        assert not device.status.grabbed  # a pipe is no input device: read, but not grabbed
    finally:
        device.stop()
        device.join(3)


def test_a_missing_device_is_said_and_read_once_it_appears(tmp_path):
    path = tmp_path / "later"
    got: queue.Queue[KeyPress] = queue.Queue()
    device = evdev.KeyboardDevice(str(path), got.put, now=lambda: 7.0, kernel_now=lambda: 100.0)
    device.start()
    try:
        assert wait_for(lambda: device.status.problem_kind == "missing")
        os.mkfifo(path)
        writer = os.open(path, os.O_RDWR)
        assert wait_for(lambda: device.status.connected)
        os.write(writer, keystroke(99.9, KEY_Q))
        assert got.get(timeout=5).key == "Q"
        os.close(writer)  # the last writer gone: the device vanished
        assert wait_for(lambda: not device.status.connected)
    finally:
        device.stop()
        device.join(3)


def test_a_stamp_from_a_clock_that_jumped_counts_as_the_arrival():
    assert evdev.show_time(99.7, 100.0, 10.0) == pytest.approx(9.7)
    assert evdev.show_time(120.0, 100.0, 10.0) == 10.0  # in the future
    assert evdev.show_time(50.0, 100.0, 10.0) == 10.0  # over a second ago


def show(tmp_path, device: str) -> object:
    path = tmp_path / "show.yaml"
    path.write_text(f'''title: "Тест"
format: svoyak
pack: "{ROOT / "packs" / "svoyak-demo.yaml"}"
teams:
  - {{name: "Анна", buzzer: "key:F2"}}
  - {{name: "Борис", buzzer: "key:F3"}}
  - {{name: "Вера", buzzer: "key:Q"}}
devices:
  keyboard: "{device}"
''', encoding="utf-8")
    return path


def test_in_a_show_presses_are_judged_by_the_kernels_time_whatever_window_has_the_focus(tmp_path, fifo):
    import time

    from tests.hardware_kit import make_app, open_question

    path, writer = fifo
    app = make_app(tmp_path, show(tmp_path, str(path)))
    try:
        reader = app.hardware.keyboards[str(path)]
        assert wait_for(lambda: reader.status.connected)
        open_question(app, app.clock.now())
        before, wall = app.clock.now(), time.time()  # a pipe has the kernel's default clock: the wall clock
        # Борис pressed 10 ms before Анна, though her record comes first: the kernel's time decides (by the
        # arrival, the two would tie, and a tie goes to the first team).
        os.write(writer, keystroke(wall - 0.29, KEY_F2) + keystroke(wall - 0.30, KEY_F3))
        assert wait_for(lambda: reader.status.presses == 2)
        app.drain()
        presses = app.engine.state.presses.presses
        assert [p.team for p in presses] == [1] and app.engine.state.answering == 1  # Анна's is later
        assert presses[0].source_time == pytest.approx(before - 0.30, abs=0.05)
        assert presses[0].device == "evdev:usb-buzzer-event-kbd"
        assert any(text.startswith("usb-buzzer-event-kbd: читается, но не захвачено") for text, _ in app.device_lines())
        app.action(Action("assign", app.clock.now()))
        os.write(writer, keystroke(wall, KEY_1) + keystroke(wall, KEY_F3) + keystroke(wall, KEY_Q))
        assert wait_for(lambda: (app.drain(), app.hardware.assigning)[1] is None)
        assert [app.buzzers.spec_of(t) for t in range(3)] == ["key:1", "key:F3", "key:Q"]
    finally:
        app.close()


def test_without_linux_the_device_is_not_read_and_the_line_check_says_keys_count_in_the_window(tmp_path, monkeypatch):
    from tests.hardware_kit import make_app

    monkeypatch.setattr(evdev, "SUPPORTED", False)
    app = make_app(tmp_path, show(tmp_path, "/dev/input/by-id/usb-buzzer-event-kbd"))
    try:
        assert not app.hardware.keyboards
        app.tick()
        assert ("usb-buzzer-event-kbd: только клавиши в окне quizshow: устройство читается лишь в Linux",
                False) in app.status.checks
    finally:
        app.close()


def test_the_show_file_takes_a_device_or_a_list_of_them(tmp_path):
    problems = Problems()
    config = load_show(show(tmp_path, "/dev/input/event3"), problems)
    assert config is not None and config.devices.keyboards == ("/dev/input/event3",)
    text = (tmp_path / "show.yaml").read_text(encoding="utf-8").replace(
        'keyboard: "/dev/input/event3"', "keyboard: [/dev/input/event3, /dev/input/event4]")
    (tmp_path / "show.yaml").write_text(text, encoding="utf-8")
    config = load_show(tmp_path / "show.yaml", Problems())
    assert config is not None and config.devices.keyboards == ("/dev/input/event3", "/dev/input/event4")


# --- fuzz: the evdev record reader ------------------------------------------------------------------------

RECORDS = st.tuples(st.integers(0, 2**31 - 1), st.integers(0, 999_999), st.integers(0, 0xFFFF),
                    st.integers(0, 0xFFFF), st.integers(-(2**31), 2**31 - 1))


@given(records=st.lists(RECORDS, max_size=20), tail=st.binary(max_size=evdev.RECORD.size - 1),
       cuts=st.lists(st.integers(0, 600), max_size=6))
def test_the_record_reader_takes_any_records_in_any_pieces(records, tail, cuts):
    data = b"".join(struct.pack("@llHHi", *r) for r in records) + tail
    reader = evdev.RecordReader()
    got = []
    start = 0
    for cut in sorted({min(c, len(data)) for c in cuts}) + [len(data)]:
        got += list(reader.feed(data[start:cut]))
        start = cut
    assert [(r.type, r.code, r.value) for r in got] == [(k, c, v) for _, _, k, c, v in records]
    assert [r.at for r in got] == [pytest.approx(s + u / 1e6) for s, u, *_ in records]
    for at, name in evdev.key_presses(iter(got)):
        assert name in evdev.KEY_NAMES.values() and isinstance(at, float)


@given(data=st.binary(max_size=400))
def test_any_bytes_are_read_as_whole_records_or_kept_for_the_next_read(data):
    reader = evdev.RecordReader()
    got = list(reader.feed(data))
    assert len(got) == len(data) // evdev.RECORD.size
    assert all(0 <= r.type <= 0xFFFF and 0 <= r.code <= 0xFFFF for r in got)
