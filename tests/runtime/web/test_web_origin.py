"""A WebSocket opened from a foreign page is refused (docs/phones.md «Security on the venue network»): the phone's
seat, the overlay feed and the followers' journal accept the show's own pages and clients that send no Origin
(OBS's browser source, a follower), and answer 403 to any other Origin."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from hypothesis import given
from hypothesis import strategies as st

from quizshow.config import load_show
from quizshow.runtime.web.limits import same_origin
from quizshow.yamlfile import Problems
from tests.hostile_kit import write_show
from tests.phones_kit import web_show


@pytest.fixture
def show(tmp_path):
    problems = Problems()
    config = load_show(write_show(tmp_path), problems)
    assert config is not None and not problems.errors
    app = web_show(config, tmp_path / "show.jsonl")
    yield app
    app.close()


def sockets(app) -> list[str]:
    host, port = app.web.address
    token = next(iter(app.web.seats))
    base = f"http://{host}:{port}"
    return [f"{base}/p/{token}/ws", f"{base}/overlay/ws", f"{base}/follow/journal?from=1&passcode=секрет"]


async def opens(url: str, origin: str | None) -> int:
    headers = {} if origin is None else {"Origin": origin}
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, headers=headers):
                return 101
        except aiohttp.WSServerHandshakeError as why:
            return why.status


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:1", "https://evil.example:443"])
def test_a_foreign_page_cannot_open_the_shows_sockets(show, origin):
    assert [asyncio.run(opens(url, origin)) for url in sockets(show)] == [403, 403, 403]


def test_the_shows_own_pages_and_clients_without_origin_open_them(show):
    host, port = show.web.address
    for origin in (None, f"http://{host}:{port}", f"http://{host}:{port}/"):
        assert [asyncio.run(opens(url, origin)) for url in sockets(show)] == [101, 101, 101], origin


def test_same_origin_is_host_and_port_of_the_request():
    assert same_origin(None, "10.0.0.5:8080")
    assert same_origin("http://10.0.0.5:8080", "10.0.0.5:8080")
    assert same_origin("http://Show.Local", "show.local:80")
    assert same_origin("http://[::1]:8080", "[::1]:8080")
    assert not same_origin("http://10.0.0.5:8081", "10.0.0.5:8080")
    assert not same_origin("http://10.0.0.5", "10.0.0.5:8080")
    assert not same_origin("http://evil.example", "10.0.0.5:8080")
    assert not same_origin("file://", "10.0.0.5:8080")
    assert not same_origin("null", "10.0.0.5:8080")
    assert not same_origin("http://10.0.0.5:8080", None)
    assert not same_origin("http://user@10.0.0.5:8080", "10.0.0.5:8080")


@given(st.one_of(st.none(), st.text(max_size=80), st.from_regex(r"https?://[a-z0-9.\[\]:@%/?#-]{0,40}")),
       st.one_of(st.none(), st.text(max_size=60), st.from_regex(r"[a-z0-9.\[\]:-]{0,40}")))
def test_same_origin_takes_any_header_values_without_failing(origin, host):
    result = same_origin(origin, host)
    assert isinstance(result, bool)
    if origin is not None and result:
        assert host  # a foreign or unknown page is never let in without a Host to compare with
