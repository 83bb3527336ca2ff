"""Shared by the phones' tests: a whole show with its web server on 127.0.0.1, a shipped show copied with phone
seats, and phones on real sockets (aiohttp's client) with clocks of their own."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

# --- a whole show with its web server, and phones on real sockets (aiohttp's client) --------------------------

NAMES = ["Ёжики в тумане", "Бета", "Гамма", "Дельта", "Эпсилон", "Зета"]


def show_file(tmp_path, teams: int = 3, extra: str = "") -> object:
    path = tmp_path / "phones.yaml"
    lines = "".join(f'  - {{name: "{NAMES[i]}", buzzer: phone}}\n' for i in range(teams))
    path.write_text(f'''title: "Телефоны"
format: demo
preset: demo
pack: "{ROOT / 'packs' / 'demo.yaml'}"
teams:
{lines}devices:
  web: {{listen: "127.0.0.1:8080"}}
{extra}''', encoding="utf-8")
    return path


def web_show(config, journal) -> ShowApp:
    """A whole show serving its web on a free port of 127.0.0.1, live as the window loop makes it."""
    app = ShowApp(config, journal_path=journal, fresh=True, sound=False, devices=False, web=True, web_port=0)
    assert app.web is not None
    app.go_live()  # as the window loop does: inputs apply as they arrive
    return app


def two_seat_show(tmp_path: Path) -> ShowApp:
    """The phones' show with two seats, live on a free port (a test's `rig` closes it at the end)."""
    problems = Problems()
    config = load_show(show_file(tmp_path, 2), problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    return web_show(config, tmp_path / "phones.jsonl")


class FakePhone:
    """A phone on the show's socket: its clock is the machine's shifted by `offset_ms`; it answers pings
    at once (unless `deaf`) and keeps every other message for the test to wait on."""

    def __init__(self, session: aiohttp.ClientSession, url: str, offset_ms: float = 0.0, deaf: bool = False,
                 device: str = "", slow: bool = False, late_s: float = 0.0, late_after: int = 0) -> None:
        self.session, self.url, self.offset_ms, self.deaf, self.device = session, url, offset_ms, deaf, device
        self.slow = slow  # a slow network: the first eight pongs go only once all eight pings are in
        self.late_s = late_s  # a modified page: every pong after the first `late_after` goes this long late
        self.late_after = late_after
        self.pings: list[dict] = []  # every ping, as it came
        self.pinged = asyncio.Event()  # set at each ping (`until_ping`)
        self.held: list[int] = []
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()
        self.pongs = 0
        self.next_id = 1
        self.kept: list[dict] = []
        self.seen: list[dict] = []  # every message but pings, in order (what the phone was ever told)

    def clock(self, ago_s: float = 0.0) -> float:
        return (time.monotonic() - ago_s) * 1000 + self.offset_ms

    async def __aenter__(self) -> FakePhone:
        url = self.url + "/ws" + (f"?device={self.device}" if self.device else "")
        self.ws = await self.session.ws_connect(url)
        self.reader = asyncio.ensure_future(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()
        self.reader.cancel()

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            if data["t"] == "ping":
                self.pings.append(data)
                self.pinged.set()
            if data["t"] == "ping" and self.late_s and len(self.pings) > self.late_after and not self.deaf:
                asyncio.get_running_loop().call_later(self.late_s, self._pong_later, data["id"])
            elif data["t"] == "ping" and not self.deaf:
                self.held.append(data["id"])
                if self.slow and len(self.held) < 8 and not self.pongs:
                    continue
                for ping in self.held:
                    await self.ws.send_str(json.dumps({"t": "pong", "id": ping, "c": self.clock()}))
                    self.pongs += 1
                    if self.pongs == 8:
                        await self.inbox.put({"t": "synced"})
                self.held = []
            elif data["t"] != "ping":
                self.seen.append(data)
                await self.inbox.put(data)
        await self.inbox.put({"t": "closed"})

    def _pong_later(self, ping: int) -> None:
        asyncio.ensure_future(self._pong(ping))

    async def _pong(self, ping: int) -> None:
        if not self.ws.closed:
            await self.ws.send_str(json.dumps({"t": "pong", "id": ping, "c": self.clock()}))
            self.pongs += 1
            if self.pongs == 8:
                await self.inbox.put({"t": "synced"})

    async def until_ping(self, fits: Callable[[dict], bool]) -> dict:
        """The first ping (come already or to come within 10 s) that `fits`."""
        while True:
            found = next((ping for ping in self.pings if fits(ping)), None)
            if found is not None:
                return found
            self.pinged.clear()
            await asyncio.wait_for(self.pinged.wait(), 10)

    async def wait(self, t: str, **fields: object) -> dict:
        """The first message of type `t` (with these fields) not yet waited for; messages of other types
        stay for their own wait, and states passed over while waiting for a state are gone."""
        def fits(data: dict) -> bool:
            return data["t"] == t and all(data.get(k) == v for k, v in fields.items())

        for i, data in enumerate(self.kept):
            if fits(data):
                del self.kept[i]
                return data
        while True:
            data = await asyncio.wait_for(self.inbox.get(), 10)
            if fits(data):
                return data
            if data["t"] != "state" or t != "state":
                self.kept.append(data)

    async def press(self, ago_s: float = 0.0) -> int:
        self.next_id += 1
        await self.ws.send_str(json.dumps({"t": "press", "id": self.next_id, "c": self.clock(ago_s)}))
        return self.next_id


def urls(app: ShowApp) -> list[str]:
    host, port = app.web.address
    return [f"http://{host}:{port}/p/{s.token}" for s in sorted(app.web.seats.values(), key=lambda s: s.team)]


def buzzes(app: ShowApp) -> list[dict]:
    lines = [json.loads(line) for line in app.journal.path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if "Buzz" in json.dumps(line, ensure_ascii=False)[:80]]


def run(coro) -> object:
    return asyncio.run(coro)


def shipped_with_phones(tmp_path: Path, show: str, keys_too: bool = False) -> Path:
    """A shipped show file copied beside the test with every team's key buzzer a phone (`keys_too`: the keys
    kept), its packs found from there, its web server on 127.0.0.1 (the tests ask for port 0) and no OSC."""
    text = (ROOT / "shows" / show).read_text(encoding="utf-8").replace("pack: ../", f"pack: {ROOT}/")
    if not keys_too:
        text = re.sub(r'buzzer: "key:\w+"', "buzzer: phone", text)
    text = re.sub(r'(?m)^  osc:\n    listen: "[^"]*"\n', "", text)
    text = re.sub(r'listen: "0\.0\.0\.0:(\d+)"', r'listen: "127.0.0.1:\1"', text)
    if "  web:" not in text:
        text = text.replace("devices:\n", 'devices:\n  web: {listen: "127.0.0.1:8080"}\n', 1)
    path = tmp_path / show
    path.write_text(text, encoding="utf-8")
    return path


def phone_app(tmp_path: Path, show: str, keys_too: bool = False) -> ShowApp:
    """The show with its phones, live (inputs apply as they arrive), serving on a free port of 127.0.0.1."""
    from quizshow.event_file import load_any

    problems = Problems()
    config = load_any(shipped_with_phones(tmp_path, show, keys_too), problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    return web_show(config, tmp_path / "show.jsonl")


def seat_url(app: ShowApp, team: int, player: int | None = None) -> str:
    host, port = app.web.address
    seat = next(s for s in app.web.seats.values() if (s.team, s.player) == (team, player))
    return f"http://{host}:{port}/p/{seat.token}"


def with_phones(app: ShowApp, teams: list[int], play: Callable[[list[FakePhone]], Awaitable[None]]) -> None:
    """The teams' phones joined and synced, `play` run with them; the show closed however it ends."""
    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            phones = [FakePhone(session, seat_url(app, t)) for t in teams]
            for phone in phones:
                await phone.__aenter__()
            try:
                await asyncio.gather(*(phone.wait("synced") for phone in phones))
                await play(phones)
            finally:
                for phone in phones:
                    await phone.__aexit__()

    try:
        asyncio.run(run())
    finally:
        app.close()
