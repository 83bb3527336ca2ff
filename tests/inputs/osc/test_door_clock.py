"""The OSC door judges time on the server's clock, the one it is given: the rate limit, the interval between
two /quiz/go and the deadline of a datagram waiting its turn are told on the test's clock, never on the
machine's (real UDP on 127.0.0.1, a server alone on port 0). So a loaded machine cannot make a desk late
or fast, and a test plays a second without waiting for it."""

from __future__ import annotations

import threading
import time

from quizshow.inputs.osc.fairness import DEADLINE_S
from tests.osc_desk import Desk, DrivenClock, journalling_server


def answered(desk: Desk, to: tuple[str, int], address: str, *args: object) -> tuple[int, str]:
    """Send one message and wait for its reply: (code, text)."""
    desk.got.clear()
    desk.send(to, address, *args)
    reply = desk.wait_for("/quiz/reply", where=lambda a: a[0] == address)
    return reply[2], reply[3]


def test_two_go_are_told_apart_on_the_servers_clock():
    clock = DrivenClock()
    with journalling_server(clock) as (server, _):
        to, desk = server.address, Desk()
        assert answered(desk, to, "/quiz/reply/all", 1)[0] == 200
        assert answered(desk, to, "/quiz/go")[0] == 200
        clock.advance(0.1)
        assert answered(desk, to, "/quiz/go")[0] == 429  # a double-fired button
        clock.advance(0.25)  # 0.35 s after the first: however little time the machine took
        assert answered(desk, to, "/quiz/go")[0] == 200
        desk.close()


def test_the_rate_limit_counts_a_second_of_the_servers_clock():
    clock = DrivenClock()
    with journalling_server(clock) as (server, applied):
        to, desk = server.address, Desk()
        assert answered(desk, to, "/quiz/reply/all", 1)[0] == 200  # the first of 50 this second
        codes = [answered(desk, to, "/quiz/team/1/score/add", 1)[0] for _ in range(50)]
        assert codes == [200] * 49 + [429]
        clock.advance(1.01)  # the next second, though the machine may have taken a few milliseconds
        assert answered(desk, to, "/quiz/team/1/score/add", 1)[0] == 200
        assert len(applied) == 50
        desk.close()


def test_a_datagram_that_waited_past_the_deadline_on_the_servers_clock_is_dropped_not_served_late():
    clock = DrivenClock()
    writing = threading.Event()
    release = threading.Event()

    def slow_write() -> None:  # the first command's journal write hangs until the test lets it go
        writing.set()
        assert release.wait(10.0)

    with journalling_server(clock, slow_write) as (server, applied):
        to, desk = server.address, Desk()
        desk.send(to, "/quiz/reply/all", 1)
        desk.send(to, "/quiz/team/1/score/add", 1)
        assert writing.wait(3.0)
        desk.send(to, "/quiz/team/1/score/add", 2)  # waits its turn behind the hanging write
        deadline = time.monotonic() + 3.0
        while server.received < 3:  # queued, stamped with the clock's time
            assert time.monotonic() < deadline
            time.sleep(0.001)
        clock.advance(DEADLINE_S + 0.05)
        release.set()
        first = desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/team/1/score/add")
        assert first[2] == 200
        late = desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/team/1/score/add" and a[2] != 200)
        assert late[2] == 429 and "waited more than 0.25 s" in late[3]
        assert [request.call.args for request in applied] == [(0, 1)]
        assert server.dropped == 1
        desk.close()
