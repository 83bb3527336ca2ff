"""Serial buzzer boxes through real pseudo-terminals and pyserial (no mocks): QBX/1 ordering by the
box's clock, the wrap of t_us, garbage, unplug/replug with lamps restored, the simple protocol, and
two boxes at once. The box is the project's emulator (quizshow.tools.fakebox)."""

from __future__ import annotations

import os
import queue
import re
import threading
import time
import tty

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.config import SerialConfig
from quizshow.core import commands as c
from quizshow.core.clock import SYSTEM, ManualClock, ShowClock
from quizshow.core.effects import EventKind
from quizshow.formats.svoyak import commands as sc
from quizshow.inputs import qbx
from quizshow.inputs.serialbox import BoxDriver
from quizshow.tools.fakebox import FakeBox
from tests import svoyak_kit as kit
from tests.serial_kit import (
    DeafBox,
    as_buzz,
    rig,  # noqa: F401 - fixtures
    take,
    wait_for,
)


def test_two_presses_300_us_apart_in_one_read_are_ordered_with_a_margin_of_0_0003(rig):  # noqa: F811
    box, driver, inbox = rig()
    box.presses([(2, None), (1, 0.0003)])  # one write: they arrive in one read
    first, second = sorted(take(inbox, 2), key=lambda b: b.press_time)
    assert (first.team, second.team) == (1, 0)
    assert second.press_time - first.press_time == pytest.approx(0.0003, abs=1e-6)
    # Through the engine: the press log keeps the margin behind the first press (the later press applied first
    # answers until the earlier one comes; a press after the answerer's is not taken).
    e = kit.engine(kit.specials_pack())
    e.dispatch(c.Go(at=1))
    e.dispatch(c.Go(at=1))
    e.dispatch(sc.SelectCell(at=1, theme=0, question=0))
    e.dispatch(c.Buzz(at=2, team=second.team, source_time=second.source_time, device="box1"))
    out = e.dispatch(c.Buzz(at=2, team=first.team, source_time=first.source_time, device="box1"))
    assert out.events[0].kind == EventKind.BUZZ and out.events[0].margin_s == 0
    assert e.state.presses.margin(e.state.presses.presses[1]) == pytest.approx(0.0003, abs=1e-6)
    assert e.state.answering == 1


def test_t_us_wrapping_past_2_32_between_two_presses_keeps_the_order(rig):  # noqa: F811
    t0_us = (1 << 32) - 200_000
    box, driver, inbox = rig(t0_us=t0_us)  # the box clock wraps 0.2 s after start
    # Box times given, not slept for: 0.15 s after start, then 0.3 ms and 0.1 s later (past the wrap).
    stamps = box.presses([(1, None), (2, 0.0003), (3, 0.1)], start_us=t0_us + 150_000)
    assert stamps[2] < stamps[0]  # t_us went round
    presses = take(inbox, 3)
    assert [p.team for p in sorted(presses, key=lambda b: b.press_time)] == [0, 1, 2]
    times = sorted(p.press_time for p in presses)
    assert times[2] - times[0] == pytest.approx(0.1003, abs=1e-6)


def test_a_megabyte_of_random_bytes_does_not_stop_the_box_and_the_next_press_counts(rig):  # noqa: F811
    box, driver, inbox = rig()
    assert box.garbage(1_000_000) > 1_000_000
    box.press(3)
    got = take(inbox, 1, timeout=10)
    assert got and got[0].team == 2
    assert driver.is_alive() and driver.status.dropped > 0


def test_unplug_then_replug_reconnects_within_2_s_restores_lamps_and_counts_the_next_press(rig):  # noqa: F811
    box, driver, inbox = rig()
    driver.lamp(2, "ON")
    assert wait_for(lambda: box.lamps.get(2) == "ON")
    box.unplug()
    assert wait_for(lambda: not driver.status.connected, 3)
    assert driver.status.lost_since is not None
    box.replug()
    replugged = time.monotonic()
    assert wait_for(lambda: driver.status.connected, 3)
    assert time.monotonic() - replugged < 2.0
    assert wait_for(lambda: box.lamps.get(2) == "ON")  # restored on the new link
    box.press(1)
    got = take(inbox, 1)
    assert got and got[0].team == 0


def test_silent_box_is_shown_and_reopened(rig):  # noqa: F811
    clock = ManualClock()
    box, driver, inbox = rig(clock=clock)
    box.silent = True

    def gone_silent() -> bool:  # each look a quarter of a second later, for the box and the driver alike
        clock.advance(0.25)
        return not driver.status.connected and "silent" in driver.status.problem

    assert wait_for(gone_silent, 4)
    assert driver.status.problem_kind == "silent"
    box.silent = False
    assert wait_for(lambda: driver.status.connected, 4)


def test_a_box_that_cannot_be_reached_says_why_in_the_troubleshooting_words(tmp_path):
    """Port missing, port taken by another program: each is shown as the troubleshooting table in
    docs/hardware.md names it, and the driver keeps retrying."""
    import serial

    from quizshow.house_words import show_words
    from quizshow.inputs.hardware import box_problem

    box = FakeBox("box1", inputs=2, link=tmp_path / "box1", clock=SYSTEM).start()
    holder = serial.Serial(str(box.link), exclusive=True)  # the Arduino IDE's serial monitor, say
    drivers = [BoxDriver(SerialConfig(id="box1", port=str(box.link)), lambda press: None, time.monotonic),
               BoxDriver(SerialConfig(id="box2", port=str(tmp_path / "nothing")), lambda press: None, time.monotonic)]
    try:
        for driver in drivers:
            driver.start()
        busy, missing = drivers
        assert wait_for(lambda: busy.status.problem_kind == "busy" and missing.status.problem_kind == "missing")
        say = show_words("ru").say
        assert box_problem(busy.status, say) == "порт занят другой программой"
        assert box_problem(missing.status, say) == "порт не найден"
        holder.close()  # the other program lets go: the next retry takes the box
        assert wait_for(lambda: busy.status.connected and busy.status.problem_kind == "", 4)
    finally:
        for driver in drivers:
            driver.stop()
            driver.join(3)
        holder.close()
        box.stop()


def test_problem_kinds_of_what_the_system_says():
    import errno

    import serial

    from quizshow.inputs.serialbox import NoSuchBox, SilentBox, problem_kind

    assert problem_kind(PermissionError(errno.EACCES, "Permission denied")) == "permission"
    assert problem_kind(serial.SerialException(errno.EACCES, "could not open port /dev/ttyACM0")) == "permission"
    assert problem_kind(serial.SerialException("device reports readiness to read but returned no data")) \
        == "unplugged"
    assert problem_kind(OSError(errno.EIO, "Input/output error")) == "unplugged"
    assert problem_kind(NoSuchBox("no QBX/1 box with id=box1 found")) == "no_box"
    assert problem_kind(SilentBox("silent")) == "silent"
    assert problem_kind(OSError(errno.EINVAL, "Invalid argument")) == "other"


def test_duplicate_seq_is_ignored_and_a_gap_is_counted_as_lost(rig):  # noqa: F811
    box, driver, inbox = rig()
    box.raw("100 P 1 5000\n100 P 1 5000\n103 P 2 6000\nNONSENSE LINE\n")
    got = take(inbox, 3, timeout=1.5)
    assert [b.team for b in got] == [0, 1]
    assert driver.status.duplicates == 1 and driver.status.lost_lines == 2 and driver.status.dropped >= 1


def test_simple_protocol_with_a_byte_map_and_two_boxes_at_once(rig, tmp_path):  # noqa: F811
    box, qbx_driver, qbx_inbox = rig("box1")
    master, slave = os.openpty()
    tty.setraw(slave)
    inbox: queue.Queue = queue.Queue()
    clock = ShowClock()
    simple = BoxDriver(SerialConfig(id="old", port=os.ttyname(slave), protocol="simple", map={"a": 1, "b": 2}),
                       as_buzz({1: 3, 2: 4}, inbox), clock.now)
    simple.start()
    try:
        assert wait_for(lambda: simple.status.connected)
        os.write(master, b"bxa")  # x is not in the map: dropped
        box.press(2)
        got = take(inbox, 2)
        assert [b.team for b in got] == [4, 3] and all(b.device == "old" for b in got)
        assert simple.status.dropped == 1
        assert [b.team for b in take(qbx_inbox, 1)] == [1]
    finally:
        simple.stop()
        simple.join(3)
        os.close(master)
        os.close(slave)


# --- the protocol, pure ---------------------------------------------------------------------------------


def test_protocol_lines_parse_and_bad_ones_do_not():
    assert qbx.parse("HELLO QBX/1 id=box1 inputs=4 fw=1.2") == qbx.Hello("box1", 4, "1.2")
    assert qbx.parse("17 P 3 4294967295") == qbx.Press(17, 3, 4294967295)
    assert qbx.parse("17 R 3 12") == qbx.Press(17, 3, 12, released=True)
    assert qbx.parse("S armed=1 down=a") == qbx.Status(True, 10)
    assert qbx.parse("PONG 55") == qbx.Pong(55)
    assert qbx.parse("ERR LAMP no such input") == qbx.Reply(False, "LAMP", "no such input")
    for bad in ("", "17 P 3", "70000 P 1 5", "1 P 0 5", "1 P 1 4294967296", "HELLO QBX/2 id=x inputs=1 fw=1"):
        assert qbx.parse(bad) is None, bad


def test_line_splitter_drops_over_long_lines_and_strips_cr():
    splitter = qbx.LineSplitter()
    assert splitter.feed(b"1 P 1 5\r\n" + b"x" * 300 + b"\n2 P 2 6\n") == ["1 P 1 5", "2 P 2 6"]
    assert splitter.overlong == 1


def test_port_auto_asks_every_port_who_and_takes_the_box_with_its_id(tmp_path, monkeypatch):
    """No USB port exists here, so the port list is the one mock: two emulated boxes behind it."""
    from types import SimpleNamespace

    from quizshow.inputs import serialbox

    first = FakeBox("other", link=tmp_path / "a", clock=SYSTEM).start()
    wanted = FakeBox("box2", link=tmp_path / "b", clock=SYSTEM).start()
    monkeypatch.setattr(serialbox.list_ports, "comports",
                        lambda: [SimpleNamespace(device=str(first.link)), SimpleNamespace(device=str(wanted.link))])
    inbox: queue.Queue = queue.Queue()
    driver = BoxDriver(SerialConfig(id="box2", port="auto"), as_buzz({1: 0}, inbox), ShowClock().now)
    driver.start()
    try:
        assert wait_for(lambda: driver.status.connected)
        assert driver.status.port == str(wanted.link)
        assert "WHO" in first.received  # asked, and passed over
        wanted.press(1)
        assert [b.team for b in take(inbox, 1)] == [0]
    finally:
        driver.stop()
        driver.join(3)
        first.stop()
        wanted.stop()


# --- a box that stops reading, a box that reboots, the line parser under garbage (issue 12) ----------------


def test_a_box_that_stops_reading_never_blocks_the_show_and_is_shown_as_stuck():
    """A real pty pair whose box end is never read: once its buffer is full, lamp writes from the show
    return at once (the box's own writer waits, with a timeout), the console says the box takes no
    commands, and when the box reads again it gets the newest lamp state."""
    from quizshow.house_words import show_words
    from quizshow.inputs.hardware import box_problem

    box = DeafBox()
    driver = BoxDriver(SerialConfig(id="box1", port=box.port), lambda press: None, ShowClock().now)
    driver.start()
    try:
        assert wait_for(lambda: driver.status.connected)
        box.heard = True
        box.fill()
        done = threading.Event()

        def show_frames() -> None:  # what the frame loop does through Lamps: a changing lamp, many times
            for i in range(2000):
                driver.lamp(1 + i % 4, ("ON", "OFF", "BLINK")[i % 3])
            done.set()

        # The port is held (as by the box's writer, blocked in a write): the frames' lamp calls still all
        # return, so they never wait on the port nor on its writer.
        with driver._write_lock:
            threading.Thread(target=show_frames, daemon=True).start()
            assert done.wait(10.0), "a lamp write waited on a box that does not read"
        assert wait_for(lambda: driver.status.stuck, 3), (driver.status, len(driver._outbox))
        assert driver.status.connected  # it still reads: presses count
        say = show_words("ru").say
        assert box_problem(driver.status, say) == say("console.box_problem.stuck")
        assert len(driver._outbox) <= 4 + 16  # bounded: one state per lamp, a few commands
        # The box reads again: it catches up and gets the newest state of each lamp. (The lamp whose write
        # timed out is sent again after the others, so wait for every lamp, not for lamp 4.)
        wanted = {str(n): driver.lamps[n] for n in range(1, 5)}

        def newest(got: bytes) -> dict[str, str]:
            return dict(re.findall(r"LAMP (\d) (ON|OFF|BLINK)\n", got.decode("ascii", "replace")))

        received = box.read_until(lambda got: not driver.status.stuck and newest(got) == wanted)
        assert not driver.status.stuck
        assert newest(received) == wanted
    finally:
        driver.stop()
        driver.join(3)
        box.close()


def test_a_box_that_reboots_with_the_port_open_is_heard_again_at_once(rig):  # noqa: F811
    """After HELLO the box's seq restarts at 1: that is a new sequence, not 65,000 duplicates; its lamps,
    dark after the reset, are sent again."""
    box, driver, inbox = rig()
    box._seq = 1000
    box.press(1)
    assert [b.team for b in take(inbox, 1)] == [0]
    driver.lamp(2, "ON")
    assert wait_for(lambda: box.lamps.get(2) == "ON")
    box.lamps = {}  # the reset darkens the lamps
    box._seq = 0  # the next press is seq 1
    box.raw(box._hello())
    assert wait_for(lambda: box.lamps.get(2) == "ON")
    box.press(3)
    got = take(inbox, 1, timeout=2)
    assert [b.team for b in got] == [2]
    assert driver.status.duplicates == 0


def test_a_repeated_line_after_a_hello_is_still_a_duplicate(rig):  # noqa: F811
    box, driver, inbox = rig()
    box.raw(box._hello())
    box.raw("5 P 1 1000\n5 P 1 1000\n")
    assert len(take(inbox, 2, timeout=1)) == 1
    assert driver.status.duplicates == 1


@settings(max_examples=300, deadline=None)
@given(chunks=st.lists(st.one_of(
    st.binary(max_size=300),
    st.sampled_from([b"\n", b"\r\n", b"HELLO QBX/1 id=box1 inputs=4 fw=1\n", b"65535 P 999 4294967295\n",
                     b"1 R 1 0\n", b"S armed=1 down=ffffffff\n", b"PONG 4294967296\n", b"ERR x \xff\n"]),
    st.builds(lambda n: b"7" * n + b"\n", st.integers(0, 400)),
), max_size=30))
def test_the_line_parser_takes_any_bytes_and_only_short_lines_come_out(chunks):
    """Random bytes, garbage and over-long lines: the splitter and the parser never raise; every line
    they give is at most MAX_LINE long; every message they make has its fields in range."""
    splitter = qbx.LineSplitter()
    for chunk in chunks:
        for line in splitter.feed(chunk):
            assert len(line) <= qbx.MAX_LINE
            message = qbx.parse(line)
            if isinstance(message, qbx.Press):
                assert 0 <= message.seq < qbx.SEQ_WRAP and 0 <= message.t_us < qbx.T_WRAP
                assert 1 <= message.input <= 999
            elif isinstance(message, qbx.Pong):
                assert 0 <= message.t_us < qbx.T_WRAP
    assert len(splitter.buffer) <= qbx.MAX_LINE
