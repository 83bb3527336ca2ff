"""The web server on a hostile venue network (docs/phones.md «Security on the venue network»): silent sockets and
slowloris from one address under the file limits of Linux (1024) and macOS (256), ping floods on the open overlay
feed, sockets per address. The show serves in a process of its own under its limit, the attacker runs in another,
the honest phone and the overlay in the test's."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from quizshow.core.clock import ManualClock
from tests.hostile_kit import Served, finish, line, spawn


async def joins(seat_url: str) -> dict:
    """A phone opening its seat's socket: what the show says first (its hello)."""
    async with aiohttp.ClientSession() as session, session.ws_connect(seat_url + "/ws") as ws:
        msg = await asyncio.wait_for(ws.receive(), 10)
        assert msg.type == aiohttp.WSMsgType.TEXT, msg
        return json.loads(msg.data)


async def overlay_page(base: str) -> int:
    async with aiohttp.ClientSession() as session:
        async with session.get(base + "/overlay", timeout=aiohttp.ClientTimeout(total=10)) as response:
            await response.read()
            return response.status


@pytest.mark.parametrize("files", [1024, 256])
def test_a_thousand_silent_sockets_leave_a_phone_able_to_join_and_the_overlay_served(tmp_path, files):
    show = Served(tmp_path, files=files)
    attacker = spawn("idle", "127.0.0.1", str(show.port), "1000")
    try:
        assert line(attacker) == "ready"
        hello = asyncio.run(joins(show.seats[0]))
        assert hello["t"] == "hello" and hello["name"] == "Альфа"
        assert asyncio.run(overlay_page(show.base)) == 200
        assert asyncio.run(joins(show.seats[1]))["name"] == "Бета"
    finally:
        finish(attacker)
        show.close()


def test_slowloris_sockets_are_let_go_when_their_request_is_not_whole_in_time(tmp_path):
    show = Served(tmp_path, request_s=1.0)
    attacker = spawn("slowloris", "127.0.0.1", str(show.port), "300")
    try:
        assert line(attacker) == "ready"
        # Every one of them is closed by the server well within the attack's own pace (a byte a tenth of a second:
        # its 440-byte request would take 44 s), and a phone joins meanwhile.
        assert asyncio.run(joins(show.seats[0]))["t"] == "hello"
        result = json.loads(line(attacker, 30.0))
        assert result["open"] == 0 and result["last_s"] < 5.0, result
    finally:
        finish(attacker)
        show.close()


def test_idle_kept_alive_connection_is_closed_after_the_request_time(tmp_path):
    show = Served(tmp_path, request_s=1.0)
    attacker = spawn("idle", "127.0.0.1", str(show.port), "5")
    try:
        assert line(attacker) == "ready"
        result = json.loads(line(attacker, 30.0))
        assert result["open"] == 0 and result["last_s"] < 5.0, result
    finally:
        finish(attacker)
        show.close()


def test_a_ping_flood_on_the_overlay_feed_is_closed_and_the_phone_keeps_pressing(tmp_path):
    show = Served(tmp_path)
    attacker = spawn("pings", show.base + "/overlay/ws", "8")
    try:
        assert line(attacker) == "ready"

        async def phone() -> dict:
            async with aiohttp.ClientSession() as session, session.ws_connect(show.seats[0] + "/ws") as ws:
                await ws.send_str(json.dumps({"t": "press", "id": 7, "c": 0}))
                while True:
                    msg = json.loads((await asyncio.wait_for(ws.receive(), 10)).data)
                    if msg["t"] == "ack":
                        return msg

        ack = asyncio.run(phone())
        assert ack["id"] == 7 and ack["code"] in (200, 409)  # answered (taken, or refused by the rules)
        result = json.loads(line(attacker, 30.0))
        assert result["open"] == 0 and result["closed"] == [1008] * 8, result
    finally:
        finish(attacker)
        show.close()


def test_one_address_may_hold_eight_overlay_sockets_and_no_more(tmp_path):
    show = Served(tmp_path)
    try:
        async def readers() -> list[int]:
            statuses = []
            async with aiohttp.ClientSession() as session:
                held = []
                for _ in range(9):
                    try:
                        held.append(await session.ws_connect(show.base + "/overlay/ws"))
                        statuses.append(101)
                    except aiohttp.WSServerHandshakeError as why:
                        statuses.append(why.status)
                # A seat's phone from the same address still gets in.
                async with session.ws_connect(show.seats[0] + "/ws") as ws:
                    assert json.loads((await asyncio.wait_for(ws.receive(), 10)).data)["t"] == "hello"
                for ws in held:
                    await ws.close()
            return statuses

        assert asyncio.run(readers()) == [101] * 8 + [429]
    finally:
        show.close()


# --- the gate's arithmetic, without sockets: many addresses, a budget of descriptors ------------------------


class Transport:
    def __init__(self, address: str) -> None:
        self.address = address
        self.aborted = False

    def get_extra_info(self, name: str, default: object = None) -> object:
        return (self.address, 40000) if name == "peername" else default

    def abort(self) -> None:
        self.aborted = True


def test_silent_connections_from_many_addresses_never_take_more_than_the_budget():
    from quizshow.runtime.web.limits import Gate, Limits

    clock = ManualClock()
    gate = Gate(lambda path: None, seats=4, limits=Limits(per_address=4), soft=128, open_now=20, clock=clock)
    assert gate.budget == 128 - 20 - 32
    opened = []
    for _ in range(10):  # 30 addresses open 10 silent sockets each, a second apart
        for a in range(30):
            transport = Transport(f"10.0.0.{a}")
            if gate.admit(transport) is not None:  # type: ignore[arg-type]
                opened.append(transport)
        clock.advance(1.0)
    held = [t for t in opened if not t.aborted]
    assert len(gate.conns) == len(held) <= gate.budget
    by_address = gate.snapshot().addresses
    assert max(by_address.values()) - min(by_address.values()) <= 2  # no address crowds out another
    # A newcomer (a seat's phone from its own address) still finds room: an idle one gives way.
    assert gate.admit(Transport("10.0.9.9")) is not None  # type: ignore[arg-type]
    assert len(gate.conns) <= gate.budget


def test_an_address_keeps_its_own_recent_connections_and_loses_its_old_silent_ones():
    from quizshow.runtime.web.limits import Gate, Limits

    clock = ManualClock()
    gate = Gate(lambda path: None, seats=1, limits=Limits(per_address=4, fresh_s=1.0), soft=1024, open_now=20,
                clock=clock)
    old = [Transport("10.0.0.1") for _ in range(4)]
    for t in old:
        gate.admit(t)  # type: ignore[arg-type]
    clock.advance(5.0)
    fresh = [Transport("10.0.0.1") for _ in range(4)]
    for t in fresh:
        gate.admit(t)  # type: ignore[arg-type]
    assert all(t.aborted for t in old) and not any(t.aborted for t in fresh)
    # Opened within the same second: none gives way (a phone's page loading its files), all let in.
    clock.advance(0.1)
    burst = [Transport("10.0.0.1") for _ in range(4)]
    for t in burst:
        gate.admit(t)  # type: ignore[arg-type]
    assert not any(t.aborted for t in fresh + burst)


def test_the_soft_file_limit_is_raised_to_the_hard_one_at_start():
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = ("import resource; resource.setrlimit(resource.RLIMIT_NOFILE, (256, 1024)); "
            "from quizshow.runtime.web.limits import raise_file_limit; print(raise_file_limit(), "
            "resource.getrlimit(resource.RLIMIT_NOFILE)[0])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["1024", "1024"], out.stderr


def test_a_connection_sending_past_its_reading_rate_is_paused_until_its_credit_is_back():
    from quizshow.runtime.web.limits import Gate, Limits

    class Paused(Transport):
        def __init__(self) -> None:
            super().__init__("10.0.0.1")
            self.reading = True
            self.resumed = asyncio.Event()

        def pause_reading(self) -> None:
            self.reading = False

        def resume_reading(self) -> None:
            self.reading = True
            self.resumed.set()

        def is_closing(self) -> bool:
            return False

    async def flood() -> tuple[bool, bool, bool]:
        gate = Gate(lambda path: None, seats=1, limits=Limits(read_bytes_per_s=40_000, read_burst=16384), soft=1024,
                    open_now=20, clock=ManualClock())
        transport = Paused()
        conn = gate.admit(transport)  # type: ignore[arg-type]
        assert conn is not None
        gate.metered(conn, 4096)  # a big message: within the burst
        within = transport.reading
        gate.metered(conn, 16384)  # past it: paused for (4096 / 40000) s
        paused = not transport.reading
        await asyncio.wait_for(transport.resumed.wait(), 5)
        return within, paused, transport.reading

    assert asyncio.run(flood()) == (True, True, True)
