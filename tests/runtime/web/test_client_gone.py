"""A client that goes away in the middle of its answer — a phone's page reloaded while its socket's handshake is
being answered — is no server error: the operator's terminal gets no traceback for it (docs/phones.md, a phone
reloading its page)."""

from __future__ import annotations

import asyncio

from aiohttp import web
from aiohttp.client_exceptions import ClientConnectionResetError
from aiohttp.test_utils import make_mocked_request

from quizshow.runtime.web.limits import Gate


def test_a_page_gone_during_its_sockets_handshake_is_answered_quietly():
    gate = Gate(lambda path: None, seats=2, soft=1024, open_now=20)

    async def handshake(request: web.Request) -> web.StreamResponse:
        # What aiohttp's writer raises when the WebSocket's headers meet a transport the page already closed.
        raise ClientConnectionResetError("Cannot write to closing transport")

    request = make_mocked_request("GET", "/p/token/ws", headers={"Upgrade": "websocket", "Connection": "Upgrade"})
    response = asyncio.run(gate.middleware(request, handshake))  # raised before: aiohttp logged it as an error
    assert response.status == 499
