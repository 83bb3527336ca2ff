"""Every change of the show reaches every client at once (issue 35, item 3): «Начать заново» puts the phones and
the broadcast overlay on the new game straight away, not at the operator's next command."""

from __future__ import annotations

import asyncio
import json

import aiohttp

from quizshow.core import commands as c
from tests.phones_kit import FakePhone, phone_app, seat_url

BORIS = 1


async def snapshot(ws: aiohttp.ClientWebSocketResponse, **fields: object) -> dict:
    """The overlay's first snapshot with these fields."""
    while True:
        msg = await asyncio.wait_for(ws.receive(), 10)
        data = json.loads(msg.data)
        if data.get("t") == "snapshot" and all(data.get(k) == v for k, v in fields.items()):
            return data


def test_starting_over_reaches_the_phones_and_the_overlay_at_once(tmp_path):
    app = phone_app(tmp_path, "phones.yaml")
    host, port = app.web.address

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, seat_url(app, BORIS)) as boris, \
                session.ws_connect(f"http://{host}:{port}/overlay/ws") as overlay:
            await boris.wait("synced")
            assert app.submit(c.ScoreAdd(at=app.now(), team=BORIS, points=60)).accepted
            await boris.wait("state", score=60)
            before = await snapshot(overlay)
            while before["teams"][BORIS]["score"] != 60:
                before = await snapshot(overlay)
            app.start_over(app.now())  # the operator's «Начать заново»: nothing else is done after it
            fresh = await boris.wait("state", score=0)
            assert fresh["phase"] == "idle"
            after = await snapshot(overlay)
            assert [t["score"] for t in after["teams"]] == [0, 0, 0] and after["seq"] > before["seq"]

    try:
        asyncio.run(play())
    finally:
        app.close()
