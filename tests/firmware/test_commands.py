"""The box's side of QBX/1 in the simulated chip: the heartbeat, a reply to every command, the lamps' and the
beeper's pins, and the id kept in the EEPROM across a power cycle."""

from __future__ import annotations

from itertools import pairwise

import pytest

from quizshow.inputs import qbx
from quizshow.tools import boxsim
from tests.firmware.conftest import MS

LAMPS = [f"L{n}" for n in range(1, 9)]


def replies(trace: boxsim.Trace) -> list[str]:
    return [line.text for line in trace.sent if line.text.startswith(("OK ", "ERR ", "PONG ", "HELLO "))]


def test_the_status_line_comes_every_quarter_second_and_says_which_inputs_are_held(firmware, tmp_path):
    trace = boxsim.run(firmware, f"@{1000 * MS} press 3\n@{1000 * MS} press 8\n@{2000 * MS} release 3\n"
                                 f"@{3000 * MS} end\n", tmp_path)
    statuses = [(us, m) for us, m in trace.messages() if isinstance(m, qbx.Status)]
    times = [us for us, _ in statuses]
    gaps = [b - a for a, b in pairwise(times)]
    assert len(statuses) >= 11 and sum(gaps) / len(gaps) == pytest.approx(250 * MS, abs=MS)
    assert max(gaps) <= 255 * MS  # QBX/1 asks for ≤ 500 ms; a press's line may go first
    held = {us // (500 * MS): m.down for us, m in statuses}
    assert (held[1], held[3], held[5]) == (0, 0b1000_0100, 0b1000_0000)
    assert all(m.armed for _, m in statuses)


def test_every_command_gets_its_reply_and_every_line_is_short(firmware, tmp_path):
    long_line = "LAMP " + "9" * 200
    script = "".join(f"@{(100 + 20 * i) * MS} send {command}\n" for i, command in enumerate([
        "WHO", "PING", "LAMP 2 ON", "LAMP 9 ON", "LAMP 2 DIM", "LAMPS OFF", "LAMPS ON", "BEEP 50", "BEEP 99999",
        "FROB 1", "", long_line, "lamp 1 on", "\x01\x02garbage", "LAMP 1 ON",
    ])) + f"@{600 * MS} end\n"
    trace = boxsim.run(firmware, script, tmp_path)
    answered = replies(trace)[1:]  # the first is the HELLO of the power-up
    assert answered[1].startswith("PONG ")
    assert answered[:1] + answered[2:] == [
        "HELLO QBX/1 id=box1 inputs=8 fw=avr-1.0", "OK LAMP 2 ON", "ERR LAMP no such lamp",
        "ERR LAMP bad state", "OK LAMPS OFF", "ERR LAMPS bad state", "OK BEEP 50", "ERR BEEP bad duration",
        "ERR FROB unknown command", "ERR LINE too long", "ERR lamp unknown command", "ERR ??garbage unknown command",
        "OK LAMP 1 ON",
    ]
    assert all(len(line.text) + 1 <= qbx.MAX_LINE for line in trace.sent)
    assert all(qbx.parse(line.text) is not None for line in trace.sent)  # the show's own parser takes each


def test_pong_carries_the_moment_the_ping_arrived(firmware, tmp_path):
    """The box's time of the PING's line end: the show takes the clock offset from it."""
    trace = boxsim.run(firmware, f"@{100 * MS} press 1\n@{200 * MS} send PING\n@{300 * MS} end\n", tmp_path)
    press = trace.presses()[0]
    pong = next(m for _, m in trace.messages() if isinstance(m, qbx.Pong))
    ping_end_us = 200 * MS + 5 * 11 * 136 / 16  # "PING\n": five bytes of 11 bits of 136 cycles, as simavr sends
    assert pong.t_us - press.t_us == pytest.approx(ping_end_us - 100 * MS, abs=100)


def test_lamps_and_the_beeper_drive_their_pins(firmware, tmp_path):
    script = f"""@{100 * MS} send LAMP 3 ON
@{120 * MS} send LAMP 8 BLINK
@{140 * MS} send LAMP 1 ON
@{160 * MS} send BEEP 100
@{1200 * MS} send LAMPS OFF
@{1300 * MS} press 5
@{1400 * MS} release 5
@{1500 * MS} end
"""
    trace = boxsim.run(firmware, script, tmp_path)
    at = 1000 * MS  # everything asked has taken effect
    assert [trace.level(pin, at) for pin in LAMPS] == [1, 0, 1, 0, 0, 0, 0, trace.level("L8", at)]
    blinks = trace.changes("L8", 200 * MS, 1200 * MS)
    assert len(blinks) >= 4 and all(b.us - a.us == pytest.approx(250 * MS, abs=2 * MS) for a, b in pairwise(blinks))
    beep = trace.changes("BEEP")
    assert [c.level for c in beep] == [1, 0] and beep[1].us - beep[0].us == pytest.approx(100 * MS, abs=2 * MS)
    assert [trace.level(pin, 1250 * MS) for pin in LAMPS] == [0] * 8  # LAMPS OFF
    assert trace.level("LED", 1350 * MS) == 1 and trace.level("LED", 1450 * MS) == 0  # the board's LED: held


def test_the_id_is_set_once_over_the_line_and_kept_in_the_eeprom(firmware, tmp_path):
    eeprom = tmp_path / "eeprom.bin"
    first = boxsim.run(firmware, f"@{100 * MS} send ID club-7\n@{200 * MS} send ID no spaces\n"
                                 f"@{300 * MS} end\n", tmp_path / "first", eeprom=eeprom)
    assert replies(first) == ["HELLO QBX/1 id=box1 inputs=8 fw=avr-1.0", "OK ID club-7",
                              "HELLO QBX/1 id=club-7 inputs=8 fw=avr-1.0", "ERR ID bad id"]
    again = boxsim.run(firmware, f"@{100 * MS} send WHO\n@{200 * MS} end\n", tmp_path / "again", eeprom=eeprom)
    assert [m for _, m in again.messages() if isinstance(m, qbx.Hello)] == [qbx.Hello("club-7", 8, "avr-1.0")] * 2
