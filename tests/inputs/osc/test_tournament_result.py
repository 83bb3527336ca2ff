"""Issue 23, item 7: `/quiz/tournament/result` takes whole floats where an `i` is expected (as every other
address does), and a fixture id is the whole text (real UDP datagrams on 127.0.0.1, the passcode)."""

from __future__ import annotations

import socket

from pythonosc.osc_message import OscMessage

from quizshow.event import day as D
from quizshow.outputs.osc_out import message
from tests.tournament_osc_kit import PASSCODE, app  # noqa: F401 - the fixture: a tournament day on port 0


def report(to, *args: object) -> tuple[int, str]:
    """Connect, ask for every reply, send the result: the tournament's reply to it (code, text)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(3)
        sock.sendto(message("/quiz/connect", PASSCODE), to)
        sock.sendto(message("/quiz/reply/all", 1), to)
        sock.sendto(message("/quiz/tournament/result", *args), to)
        while True:
            reply = OscMessage(sock.recvfrom(65536)[0])
            if reply.address == "/quiz/reply" and reply.params[0] == "/quiz/tournament/result":
                return int(reply.params[2]), str(reply.params[3])


def test_a_result_with_whole_float_scores_is_recorded_as_whole_numbers(app):  # noqa: F811
    fixture = D.next_fixture(app.runtime.state.fmt.day)
    assert report(app.osc.address, fixture.id, 2.0, 1.0) == (200, "ok")  # sff, as TouchOSC sends it
    result = app.runtime.state.fmt.day.result(fixture.id)
    assert result is not None and result.winner == fixture.teams[0]
    assert tuple(result.scores) == (2, 1) and all(type(s) is int for s in result.scores)


def test_a_result_with_a_fractional_score_or_a_fixture_with_a_newline_gets_400(app):  # noqa: F811
    fixture = D.next_fixture(app.runtime.state.fmt.day)
    code, text = report(app.osc.address, fixture.id, 2.5, 1)
    assert code == 400 and "expected s fixture" in text
    code, text = report(app.osc.address, fixture.id + "\n", 2, 1)
    assert code == 400 and "expected s fixture" in text
    assert not app.runtime.state.fmt.day.results
