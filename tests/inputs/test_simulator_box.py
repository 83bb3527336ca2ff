"""SImulator's COM boxes (`preset: simulator`): a raw byte a press over a real pseudo-terminal, read as SIGame's
SImulator reads its port (9600 8N1, the byte's value is the button), in a running show and by F10."""

from __future__ import annotations

import os
import queue
import termios
import tty

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quizshow.app import Action
from quizshow.config import SerialConfig, load_show
from quizshow.core.clock import ShowClock
from quizshow.inputs.rawbytes import byte_inputs
from quizshow.inputs.serialbox import BoxDriver, BoxPress
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.serial_kit import wait_for


@pytest.fixture
def pty():
    master, slave = os.openpty()
    tty.setraw(slave)
    yield master, slave
    os.close(master)
    os.close(slave)


def read(config: SerialConfig, master: int, data: bytes, count: int) -> tuple[list[BoxPress], BoxDriver]:
    got: queue.Queue[BoxPress] = queue.Queue()
    driver = BoxDriver(config, got.put, ShowClock().now)
    driver.start()
    try:
        assert wait_for(lambda: driver.status.connected)
        os.write(master, data)  # one write: the presses come in one read
        presses = [got.get(timeout=5) for _ in range(count)]
    finally:
        driver.stop()
        driver.join(3)
    return presses, driver


def show(tmp_path, port: str, extra: str = "") -> object:
    path = tmp_path / "show.yaml"
    path.write_text(f'''title: "Тест"
format: svoyak
pack: "{ROOT / "packs" / "svoyak-demo.yaml"}"
teams:
  - {{name: "Анна", buzzer: "si:49"}}
  - {{name: "Борис", buzzer: "si:2"}}
devices:
  serial:
    - {{id: si, port: "{port}", preset: simulator{extra}}}
''', encoding="utf-8")
    return path


def test_every_byte_is_a_press_its_value_the_input_even_cr_and_lf_and_several_in_one_read(pty):
    master, slave = pty
    config = SerialConfig(id="si", port=os.ttyname(slave), protocol="simple", baud=9600, preset="simulator")
    presses, driver = read(config, master, b"\x02\x011\r\n\xff", 6)
    assert [p.input for p in presses] == [2, 1, 49, 13, 10, 255]
    assert len({p.at for p in presses}) == 1 and driver.status.dropped == 0
    # The port as .NET's SerialPort opens it by default: 9600 baud, 8 data bits, no parity, one stop bit.
    attrs = termios.tcgetattr(slave)
    assert attrs[5] == termios.B9600 and attrs[2] & termios.CSIZE == termios.CS8
    assert not attrs[2] & (termios.PARENB | termios.CSTOPB)


def test_a_map_names_bytes_by_their_character_and_others_are_dropped_and_counted(pty):
    master, slave = pty
    config = SerialConfig(id="si", port=os.ttyname(slave), protocol="simple", baud=9600, preset="simulator",
                          map={"\x01": 1, "A": 2})
    presses, driver = read(config, master, b"\x05A\x01", 2)
    assert [p.input for p in presses] == [2, 1]
    assert wait_for(lambda: driver.status.dropped == 1)


def test_in_a_show_the_byte_answers_for_its_team_and_f10_assigns_by_pressing(tmp_path, pty):
    from tests.hardware_kit import make_app, open_question

    master, slave = pty
    path = show(tmp_path, os.ttyname(slave))
    app = make_app(tmp_path, path)
    try:
        assert app.config.devices.serial[0].baud == 9600 and app.config.devices.serial[0].protocol == "simple"
        assert wait_for(lambda: app.hardware.boxes["si"].status.connected)
        open_question(app)
        os.write(master, b"1")  # SImulator's box sends "1" for its first button: byte 49
        assert wait_for(lambda: (app.drain(), app.engine.state.answering)[1] == 0)
        assert app.engine.state.presses.first.device == "si"
        app.action(Action("assign", 9.0))
        os.write(master, b"\x07")
        assert wait_for(lambda: (app.drain(), app.hardware.assigning)[1] == 1)
        os.write(master, b"\x08")
        assert wait_for(lambda: (app.drain(), app.hardware.assigning)[1] is None)
        assert [app.buzzers.spec_of(t) for t in range(2)] == ["si:7", "si:8"]
    finally:
        app.close()


def test_the_preset_is_of_the_simple_protocol_and_its_map_keys_are_single_characters(tmp_path):
    problems = Problems()
    load_show(show(tmp_path, "/dev/null", ", protocol: qbx"), problems)
    assert any("preset simulator is of the simple protocol" in str(p) for p in problems.items)
    problems = Problems()
    load_show(show(tmp_path, "/dev/null", ', map: {"ab": 1}'), problems)
    assert any("each map key is one character" in str(p) for p in problems.items)
    problems = Problems()
    load_show(show(tmp_path, "/dev/null", ", preset: simulator2"), problems)
    assert problems.errors


@given(data=st.binary(max_size=300),
       mapping=st.dictionaries(st.characters(max_codepoint=0x2FF), st.integers(1, 999), max_size=8),
       cut=st.integers(0, 300))
def test_the_raw_byte_reader_takes_any_bytes_in_any_pieces(data, mapping, cut):
    inputs, dropped = byte_inputs(data, mapping)
    assert len(inputs) + dropped == len(data)
    first, first_dropped = byte_inputs(data[:cut], mapping)
    rest, rest_dropped = byte_inputs(data[cut:], mapping)
    assert (first + rest, first_dropped + rest_dropped) == (inputs, dropped)  # a byte is a press on its own
    if not mapping:
        assert inputs == list(data) and dropped == 0
    else:
        assert all(n in mapping.values() for n in inputs)
