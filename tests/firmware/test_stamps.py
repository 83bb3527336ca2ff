"""The box's stamps, in the simulated chip: each press carries the time of its own first edge from the box's
microsecond clock, whatever the order lines leave in, bounce, presses in the same microsecond, or the clock's
wrap at 2^32. Presses are scripted at exact simulated times (µs)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from quizshow.inputs import qbx
from quizshow.tools import boxsim
from tests.firmware.conftest import MS

RESOLUTION_US = 1  # the timer counts half-microseconds; t_us is whole microseconds


def stamp_gaps(presses: list[qbx.Press]) -> list[int]:
    return [(b.t_us - a.t_us) % qbx.T_WRAP for a, b in pairwise(presses)]


def test_the_box_says_hello_at_power_up(firmware, tmp_path):
    trace = boxsim.run(firmware, f"@{100 * MS} end\n", tmp_path)
    first = trace.sent[0]
    assert first.message == qbx.Hello("box1", 8, "avr-1.0")
    assert first.us < 20 * MS  # at once, not after a host asks


def test_two_presses_300_us_apart_arrive_in_order_with_stamps_300_us_apart(firmware, tmp_path):
    trace = boxsim.run(firmware, f"@{100 * MS} press 2\n+300 press 1\n@{200 * MS} end\n", tmp_path)
    presses = trace.presses()
    assert [p.input for p in presses] == [2, 1]
    assert stamp_gaps(presses) == [pytest.approx(300, abs=RESOLUTION_US)]
    assert presses[1].seq == presses[0].seq + 1


def test_eight_inputs_within_a_millisecond_each_carry_their_own_time(firmware, tmp_path):
    rng = random.Random(39)
    offsets = sorted(rng.sample(range(0, 1000), 8))
    order = rng.sample(range(1, 9), 8)  # which input is pressed at each offset
    script = "".join(f"@{100 * MS + at} press {n}\n" for at, n in zip(offsets, order, strict=True))
    trace = boxsim.run(firmware, script + f"@{300 * MS} end\n", tmp_path)
    presses = trace.presses()
    assert [p.input for p in presses] == order  # eight lines take 15 ms to send: the stamps are not theirs
    for press, at in zip(presses, offsets, strict=True):
        assert press.t_us - presses[0].t_us == pytest.approx(at - offsets[0], abs=RESOLUTION_US)
    assert [p.seq for p in presses] == list(range(presses[0].seq, presses[0].seq + 8))


def test_inputs_pressed_in_the_same_microsecond_are_both_reported_in_input_order_with_one_stamp(firmware, tmp_path):
    # 6 and 3 share a port; 8 and 1 are on different ports (two pin-change groups).
    script = f"@{100 * MS} press 6\n@{100 * MS} press 3\n@{150 * MS} press 8\n@{150 * MS} press 1\n@{250 * MS} end\n"
    presses = boxsim.run(firmware, script, tmp_path).presses()
    assert [p.input for p in presses] == [3, 6, 1, 8]
    assert presses[0].t_us == presses[1].t_us and presses[2].t_us == presses[3].t_us
    assert stamp_gaps(presses)[1] == pytest.approx(50 * MS, abs=RESOLUTION_US)


@pytest.mark.parametrize("edges, held", [(10, False), (11, True)])
def test_bounce_is_one_press_stamped_at_its_first_edge(firmware, tmp_path, edges, held):
    """Ten edges in 2 ms leave the button open again (a tap that bounced), eleven leave it held: one press
    either way, at the first edge's time; the tap's release is reported once it has settled."""
    script = f"@{100 * MS} press 3\n@{200 * MS} bounce 4 {edges} 2000\n@{400 * MS} end\n"
    trace = boxsim.run(firmware, script, tmp_path)
    presses = trace.presses()
    assert [p.input for p in presses] == [3, 4]
    assert stamp_gaps(presses) == [pytest.approx(100 * MS, abs=RESOLUTION_US)]
    releases = [p for p in trace.presses(released=True) if p.input == 4]
    assert len(releases) == (0 if held else 1)
    status = [m for _, m in trace.messages() if isinstance(m, qbx.Status)][-1]
    assert status.down == (0b1100 if held else 0b0100)


def test_t_us_wraps_at_2_32_and_the_presses_keep_their_order_and_gap(firmware, tmp_path):
    """The simulator's test hook sets the clock 5 overflows (163.84 ms) before the wrap; it takes effect at
    the next overflow, within 32.8 ms of its time (its EV line says when). Presses then straddle the wrap."""
    near = qbx.T_WRAP - 5 * 32768
    hook = boxsim.run(firmware, f"@{10 * MS} clock {near}\n@{60 * MS} end\n", tmp_path / "hook")
    wrap_at = hook.steps[0].us + 5 * 32768  # where the clock goes round, in simulated µs
    script = (f"@{10 * MS} clock {near}\n@{wrap_at - 200} press 1\n+300 press 2\n+100000 press 3\n"
              f"@{wrap_at + 300 * MS} end\n")
    presses = boxsim.run(firmware, script, tmp_path / "wrap").presses()
    assert [p.input for p in presses] == [1, 2, 3]
    assert presses[0].t_us > qbx.T_WRAP - 1000 and presses[1].t_us < 1000  # went round between them
    assert stamp_gaps(presses) == [pytest.approx(300, abs=RESOLUTION_US), pytest.approx(100_000, abs=RESOLUTION_US)]
    clock = qbx.BoxClock()  # the show's unwrapping: still in order, the same gaps
    seconds = [clock.seconds(p.t_us) for p in presses]
    assert seconds == sorted(seconds) and seconds[2] - seconds[0] == pytest.approx(0.1003, abs=2e-6)
