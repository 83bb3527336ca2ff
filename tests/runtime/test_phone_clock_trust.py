"""A phone whose page answers pings late cannot widen its own clamp: the slack is the best round trip it showed
recently, and a phone that never answers quickly is not trusted — its presses count at their arrival, and the
console and the phone say so. Real sockets on 127.0.0.1, port 0."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from quizshow.core import commands as c
from quizshow.inputs.phones.clock import CATCH_UP_PINGS, FIRST_PINGS, MAX_CLAIM_S, RTT_CAP_S, SLACK_S
from tests.conftest import closed_at_end
from tests.phones_kit import FakePhone, run, two_seat_show, urls


@pytest.fixture
def rig(tmp_path):
    yield from closed_at_end(lambda: two_seat_show(tmp_path))


def test_a_page_that_starts_answering_pings_late_keeps_the_slack_its_quick_answers_showed(rig):
    """The page answers the joining pings at once, then every ping 0.5 s late: a round trip of 0.5 s would let
    its press be placed 0.5 s before its arrival. It presses 0.4 s after the honest team, claiming 10 s earlier:
    the honest team answers."""
    app = rig()
    app.web.ping_every_s = 0.3  # sixteen late samples in five seconds (the round trip shown is the best of 16)
    late_s, after_s = 0.5, 0.4
    assert SLACK_S < after_s < late_s / 2 + SLACK_S
    quick = FIRST_PINGS + CATCH_UP_PINGS + 20  # past the joining pings (and the rounds meanwhile) before it turns late
    honest_url, cheat_url = urls(app)

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, honest_url) as honest, \
                FakePhone(session, cheat_url, late_s=late_s, late_after=quick) as cheat:
            await honest.wait("synced")
            # The show's round trip (the best of the last 16) is the late one now.
            await cheat.until_ping(lambda ping: (ping.get("rtt_ms") or 0) >= late_s * 1000)
            assert app.submit(c.Go(at=app.now())).accepted
            await honest.wait("state", phase="open")
            await cheat.wait("state", phase="open")
            pressed = await honest.press()
            await asyncio.sleep(after_s)  # the scenario: the cheat's thumb 0.4 s after the honest one
            cheated = await cheat.press(ago_s=10.0)
            assert (await honest.wait("ack", id=pressed))["code"] == 200
            assert (await cheat.wait("ack", id=cheated))["code"] == 200

    run(play())
    assert app.engine.state.presses.team_order() == [0, 1]  # the honest thumb first
    cheat_press = next(p for p in app.engine.state.presses.presses if p.team == 1)
    assert cheat_press.arrival - cheat_press.source_time <= SLACK_S + RTT_CAP_S / 2 < after_s


def test_a_page_answering_every_ping_late_is_not_trusted_its_press_counts_at_arrival_and_both_screens_say_so(rig):
    app = rig()
    late_s = 1.8
    honest_url, cheat_url = urls(app)

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, honest_url) as honest, \
                FakePhone(session, cheat_url, late_s=late_s) as cheat:
            await honest.wait("synced")
            await cheat.until_ping(lambda ping: (ping.get("rtt_ms") or 0) >= late_s * 1000)  # measured, kept
            assert app.submit(c.Go(at=app.now())).accepted
            await cheat.wait("state", phase="open")
            assert (await cheat.wait("ack", id=await cheat.press(ago_s=10.0)))["code"] == 200
            pills.extend([cheat.pings[-1], honest.pings[-1]])
            lines.extend(app.phones.device_lines())

    pills: list[dict] = []
    lines: list[tuple[str, bool]] = []
    run(play())
    press = app.engine.state.presses.first
    assert press.team == 1 and press.source_time == pytest.approx(press.arrival)  # judged by its arrival
    assert press.arrival - press.source_time < MAX_CLAIM_S
    assert [pill.get("trusted") for pill in pills] == [False, True]  # the cheat's pill says so, the honest's not
    flagged = [text for text, ok in lines if not ok and "Бета" in text]
    assert flagged and "по приходу" in flagged[0], lines
    journalled = [line for line in app.journal.path.read_text(encoding="utf-8").splitlines() if "Buzz" in line]
    assert "phone-untrusted" in journalled[-1]
