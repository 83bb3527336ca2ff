"""Presses faster than the serial line, and a host that stops reading: the box keeps stamping, its lines
wait, nothing is lost; and when its queue does overflow (a test build with a 4-event queue), the lost
presses use up their seq numbers, so the show counts them instead of never knowing."""

from __future__ import annotations

import os
import select
import time
from itertools import pairwise

import pytest

from quizshow.inputs import qbx
from quizshow.tools import boxsim
from tests.firmware.conftest import MS


def read_until(fd: int, end: bytes, times: int, timeout_s: float = 10.0) -> bytes:
    """What the box sent, up to the `times`-th line `end` (the box keeps running meanwhile)."""
    data = b""
    deadline = time.monotonic() + timeout_s
    while data.count(end) < times and select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
        data += os.read(fd, 65536)
    return data


def test_a_host_that_stops_reading_for_2_s_loses_no_press_and_the_stamps_stay_exact(firmware, tmp_path):
    """Every input pressed together and released 21 ms later, 45 times in 2 s of the box's time (720 lines,
    more at once than the output holds), while the host has the port open and reads nothing."""
    box = boxsim.SimBox(firmware, tmp_path / "box1", realtime=False)
    fd = os.open(box.link, os.O_RDWR | os.O_NOCTTY)
    try:
        assert box.wait(lambda trace: bool(trace.sent))  # the firmware runs (a button held before counts not)
        script = ["mark begin"]  # from now (the chip runs ahead as fast as it can): times relative to it
        for k in range(45):
            script += [f"+{0 if k == 0 else 21 * MS} press 1"] + [f"press {n}" for n in range(2, 9)]
            script += [f"+{21 * MS} release 1"] + [f"release {n}" for n in range(2, 9)]
        box.do(*script, f"+{2000 * MS - 44 * 42 * MS - 21 * MS} mark done", "send WHO")
        assert box.wait(lambda trace: "done" in trace.marks, 30)
        assert box.trace.marks["done"] - box.trace.marks["begin"] == 2000 * MS  # the host read nothing meanwhile
        lines = qbx.LineSplitter().feed(read_until(fd, b"HELLO QBX/1", times=2))  # power-up's, WHO's
    finally:
        os.close(fd)
        box.stop()
    messages = [m for m in map(qbx.parse, lines) if m is not None]
    presses = [m for m in messages if isinstance(m, qbx.Press) and not m.released]
    releases = [m for m in messages if isinstance(m, qbx.Press) and m.released]
    assert len(presses) == len(releases) == 45 * 8
    every = sorted(presses + releases, key=lambda m: m.seq)
    assert [m.seq for m in every] == list(range(every[0].seq, every[0].seq + 720))  # no gap: nothing lost
    bursts = [presses[k * 8:(k + 1) * 8] for k in range(45)]
    assert all([p.input for p in burst] == list(range(1, 9)) and len({p.t_us for p in burst}) == 1 for burst in bursts)
    starts = [burst[0].t_us for burst in bursts]
    assert all(b - a == pytest.approx(42 * MS, abs=1) for a, b in pairwise(starts))
    assert sum(isinstance(m, qbx.Status) for m in messages) >= 8  # the heartbeat went on


def test_a_queue_overflow_skips_the_lost_presses_seq_numbers_and_the_show_counts_them(tmp_path):
    reason = boxsim.missing()
    if reason is not None:
        pytest.skip(f"the firmware cannot be built here: {reason}")
    small = boxsim.build(tmp_path / "build", defines=("QUEUE_LEN=4",))  # room for 3 events
    trace = boxsim.run(small, f"@{100 * MS} " + f"\n@{100 * MS} ".join(f"press {n}" for n in range(1, 9))
                       + f"\n@{300 * MS} release 2\n@{400 * MS} end\n", tmp_path)
    presses = trace.presses() + trace.presses(released=True)
    assert [(p.input, p.released) for p in presses] == [(1, False), (2, False), (3, False), (2, True)]
    tracker = qbx.SeqTracker()
    for press in presses:
        tracker.accept(press.seq)
    assert tracker.lost == 5  # inputs 4..8: the console's «потеряно строк 5»
