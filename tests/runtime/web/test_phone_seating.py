"""Who holds a phone seat on a hostile venue network: a phone waiting on a seat never takes it without the
operator, and the seat's own phone (its device id) gets it back after a blip. Real sockets on 127.0.0.1, port 0;
the grace period on a clock the test drives."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import aiohttp
import pytest

from quizshow.runtime.web.seating import GRACE_S, Seating
from tests.conftest import closed_at_end
from tests.phones_kit import FakePhone, run, two_seat_show, urls


@pytest.fixture
def rig(tmp_path):
    yield from closed_at_end(lambda: two_seat_show(tmp_path))


async def seat_let_go(app, token: str, device: str) -> None:
    """Until the server has seen the socket of the phone with `device` close (its own loop runs the leave)."""
    for _ in range(500):
        holder = app.web.holders.get(token)
        if holder is None or holder.device != device:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the holder's socket was never seen closing")


def test_a_phone_waiting_on_a_seat_does_not_take_it_when_the_holder_blips_and_the_holder_gets_it_back(rig):
    app = rig()
    url = urls(app)[0]
    token = url.rsplit("/", 1)[1]

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            team = FakePhone(session, url, device="team-phone-0123456789")
            await team.__aenter__()
            await team.wait("state", phase="idle")
            async with FakePhone(session, url, device="intruder-0123456789") as intruder:
                assert (await intruder.wait("state"))["phase"] == "waiting"
                await team.__aexit__()  # the team's Wi-Fi blips
                await seat_let_go(app, token, "team-phone-0123456789")
                assert token not in app.web.holders, "the intruder took the seat"
                async with FakePhone(session, url, device="team-phone-0123456789") as back:
                    assert (await back.wait("state"))["phase"] == "idle"  # its seat at once
                    assert (await back.wait("ack", id=await back.press()))["code"] == 409  # a press of the seat's
                    assert (await intruder.wait("ack", id=await intruder.press()))["code"] == 403
                    assert all(seen.get("phase") != "idle" for seen in intruder.seen)

    run(play())


def test_a_new_phone_on_a_seat_whose_phone_dropped_waits_for_the_operator(rig):
    app = rig()
    url = urls(app)[0]
    token = url.rsplit("/", 1)[1]

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            async with FakePhone(session, url, device="team-phone-0123456789") as team:
                await team.wait("state", phase="idle")
            await seat_let_go(app, token, "team-phone-0123456789")
            said = [text for text, ok in app.phones.device_lines() if not ok]
            assert said[0] == "Ёжики в тумане: телефон отключился, место ждёт его 5 мин"
            async with FakePhone(session, url, device="another-phone-0123456789") as other:
                assert (await other.wait("state"))["phase"] == "waiting"
                assert [seat.key for seat in app.web.waiting_seats()] == ["1"]
                assert await asyncio.to_thread(app.web.accept, "1")  # the operator: it is the team's new phone
                assert (await other.wait("state"))["phase"] == "idle"

    run(play())


# --- the rules, on a driven clock ------------------------------------------------------------------------------

@dataclass(eq=False)
class Phone:
    device: str


def test_the_seat_waits_for_its_own_phone_for_the_grace_then_is_free_as_at_the_start():
    clock = [100.0]
    seating: Seating[Phone] = Seating(lambda: clock[0])
    team, stranger = Phone("team"), Phone("stranger")
    assert seating.join("T", team).holds
    assert seating.leave("T", team) and seating.kept_for("T")
    clock[0] += GRACE_S - 1
    assert not seating.join("T", stranger).holds  # within the grace: the operator decides
    assert seating.waiting["T"] == [stranger]
    seating.leave("T", stranger)
    clock[0] += 2  # the grace is over: the seat is free, as at the start of the show
    assert not seating.kept_for("T")
    newcomer = Phone("new")
    assert seating.join("T", newcomer).holds
    assert not seating.join("T", Phone("team")).holds  # the old phone now waits like any other


def test_a_phone_without_a_device_id_never_takes_a_kept_seat_and_a_holders_own_device_replaces_its_old_socket():
    clock = [0.0]
    seating: Seating[Phone] = Seating(lambda: clock[0])
    team = Phone("")
    assert seating.join("T", team).holds
    seating.leave("T", team)
    assert not seating.join("T", Phone("")).holds  # no id proves it is the team's phone
    seating.waiting.clear()
    seating.kept.clear()
    first = Phone("same")
    assert seating.join("T", first).holds
    again = Phone("same")
    joined = seating.join("T", again)
    assert joined.holds and joined.replaced is first and seating.holders["T"] is again
    assert not seating.leave("T", first)  # its old socket closing later frees nothing
    assert seating.holders["T"] is again


def test_the_operator_accepting_a_waiting_phone_replaces_the_holder_and_ends_the_wait_for_the_dropped_one():
    clock = [0.0]
    seating: Seating[Phone] = Seating(lambda: clock[0])
    team, first, second = Phone("team"), Phone("a"), Phone("b")
    seating.join("T", team)
    seating.join("T", first)
    seating.join("T", second)
    assert seating.accept("T") == (first, team)
    assert seating.waiting["T"] == [second]
    seating.leave("T", first)
    assert seating.accept("T") == (second, None)
    assert "T" not in seating.waiting and not seating.kept_for("T")
    assert seating.accept("T") is None
