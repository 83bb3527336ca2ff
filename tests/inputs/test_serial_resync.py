"""Issue 23, item 9: serial boxes through a real pty (the project's FakeBox) and pyserial. A press glued to
the tail of noise that had no line end is still taken, and presses that arrive while the driver waits for
HELLO after a reconnect are kept."""

from __future__ import annotations

import threading

from quizshow.inputs import qbx
from tests.serial_kit import rig, take, wait_for  # noqa: F401 - the fixture: a FakeBox and its driver


def press_line(box, number: int) -> str:
    """The line the box sends for a press now (its next seq), without sending it."""
    box._seq = (box._seq + 1) % qbx.SEQ_WRAP
    return f"{box._seq} P {number} {box.t_us()}\n"


def test_a_press_right_after_noise_without_a_line_end_is_taken(rig):  # noqa: F811
    box, driver, inbox = rig()
    box.press(1)
    assert [b.team for b in take(inbox, 1)] == [0]
    dropped = driver.status.dropped
    box.raw("~#@!" + press_line(box, 2))  # noise, then the press on the same line
    box.raw("x7&9" + press_line(box, 3))  # noise ending in digits: the seq the box should send next decides
    got = take(inbox, 2, timeout=3)
    assert [b.team for b in got] == [1, 2]
    assert driver.status.dropped == dropped + 2  # the noise is still counted
    assert driver.status.lost_lines == 0 and driver.status.duplicates == 0


def test_presses_while_the_driver_waits_for_hello_after_a_reconnect_are_kept(rig):  # noqa: F811
    box, driver, inbox = rig(hello_on_open=False)
    box.unplug()
    assert wait_for(lambda: not driver.status.connected, 3)
    asked = threading.Event()
    answer = box._command

    def deaf_to_who(line: str) -> None:  # the box is still starting: it hears WHO but does not answer yet
        if line == "WHO":
            asked.set()
            return
        answer(line)

    box._command = deaf_to_who
    box.replug()
    assert asked.wait(5), "the driver never asked WHO"  # it waits for HELLO now
    box.press(1)  # a press before the HELLO
    box.raw(box._hello() + press_line(box, 2))  # the HELLO and a press right behind it, in one write
    box._command = answer
    assert wait_for(lambda: driver.status.connected, 3)
    got = take(inbox, 2, timeout=3)
    assert [b.team for b in got] == [0, 1]
    box.press(3)  # and the box goes on as usual
    assert [b.team for b in take(inbox, 1, timeout=3)] == [2]
