"""Shared by the venue-network tests: a show serving its web in a process of its own under a file limit, and
hostile clients in another (idle sockets, slowloris, ping floods), so the honest phone in the test's own process
is measured fairly.

    python -m tests.hostile_kit serve FOLDER [REQUEST_S]   # prints {"base": …, "seats": […]}, serves till stdin closes
    python -m tests.hostile_kit idle HOST PORT N           # N sockets that send nothing
    python -m tests.hostile_kit slowloris HOST PORT N      # N requests a byte at a time
    python -m tests.hostile_kit pings URL N                # N sockets on URL sending pings as fast as they can

An attacker prints «ready» once its sockets are open, then one JSON line of what became of them when they are
all closed or its stdin closes.
"""

from __future__ import annotations

import asyncio
import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SHOW = '''title: "Враждебная сеть"
format: demo
preset: demo
pack: "{pack}"
teams:
  - {{name: "Альфа", buzzer: phone}}
  - {{name: "Бета", buzzer: phone}}
devices:
  web: {{listen: "127.0.0.1:0", follow_passcode: "секрет"}}
'''


def write_show(folder: Path) -> Path:
    path = folder / "hostile.yaml"
    path.write_text(SHOW.format(pack=ROOT / "packs" / "demo.yaml"), encoding="utf-8")
    return path


# --- the processes, from a test ----------------------------------------------------------------------------


def with_file_limit(files: int | None) -> Callable[[], None] | None:
    """A preexec_fn that sets the child's soft and hard limit on open files (None: the parent's)."""
    if files is None:
        return None

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    return limit


def spawn(*args: str, files: int | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.Popen([sys.executable, "-m", "tests.hostile_kit", *args], cwd=ROOT, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, preexec_fn=with_file_limit(files))


def line(proc: subprocess.Popen[str], timeout: float = 60.0) -> str:
    """The process's next line of output (an empty one: it ended or said nothing in `timeout`)."""
    assert proc.stdout is not None
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(proc.stdout.readline() if proc.stdout else ""), daemon=True)
    reader.start()
    reader.join(timeout)
    return got[0].strip() if got else ""


def finish(proc: subprocess.Popen[str]) -> str:
    """Close its stdin (the sign to stop) and return its last line."""
    assert proc.stdin is not None
    proc.stdin.close()
    last = line(proc, 30.0)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
    return last


class Served:
    """The show in its own process: its base URL and its seats' URLs."""

    def __init__(self, folder: Path, files: int | None = None, request_s: float | None = None) -> None:
        args = ["serve", str(folder)] + ([] if request_s is None else [str(request_s)])
        self.proc = spawn(*args, files=files)
        said = line(self.proc)
        assert said.startswith("{"), f"the show did not start: {said!r}"
        info = json.loads(said)
        self.base: str = info["base"]
        self.seats: list[str] = info["seats"]
        self.port = int(self.base.rsplit(":", 1)[1])

    def close(self) -> str:
        return finish(self.proc)


# --- in the show's process ------------------------------------------------------------------------------


def serve(folder: Path, request_s: float | None) -> None:
    from dataclasses import replace

    import pygame

    from quizshow.config import load_show
    from quizshow.runtime.web import limits as web_limits
    from quizshow.yamlfile import Problems
    from tests.phones_kit import web_show

    if request_s is not None:
        web_limits.LIMITS = replace(web_limits.LIMITS, request_s=request_s)
    pygame.init()
    problems = Problems()
    config = load_show(write_show(folder), problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    app = web_show(config, folder / "show.jsonl")
    assert app.web is not None
    host, port = app.web.address
    seats = [f"http://{host}:{port}/p/{s.token}" for s in sorted(app.web.seats.values(), key=lambda s: s.team)]
    print(json.dumps({"base": f"http://{host}:{port}", "seats": seats}), flush=True)
    sys.stdin.read()
    print("stopped", flush=True)
    app.close()


# --- attackers -------------------------------------------------------------------------------------------


def idle(host: str, port: int, count: int, hello: bytes = b"") -> None:
    """`count` sockets opened (without waiting for the server to take each) that send nothing but `hello`;
    then how many the server closed before stdin closed, and how long the last took."""
    socks: list[socket.socket] = []
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex((host, port))
        socks.append(s)
    connecting = set(socks)  # ready once every connect is through (or refused), at most 10 s
    deadline = time.monotonic() + 10.0
    while connecting and time.monotonic() < deadline:
        _, writable, _ = select.select([], list(connecting)[:500], [], 0.1)
        connecting.difference_update(writable)
    started = time.monotonic()
    print("ready", flush=True)
    sent = [0] * count
    closed: dict[int, float] = {}
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    while not stop.is_set() and len(closed) < count:
        for i, s in enumerate(socks):
            if i in closed:
                continue
            try:
                if hello and sent[i] < len(hello):  # slowloris: a byte at a time, one round a tenth of a second
                    sent[i] += s.send(hello[sent[i]:sent[i] + 1])
                elif s.recv(1, socket.MSG_PEEK) == b"":
                    closed[i] = time.monotonic() - started
            except (BlockingIOError, InterruptedError):
                pass
            except OSError:  # reset, refused, or not connected any more: the server let it go
                closed[i] = time.monotonic() - started
        stop.wait(0.1)
    print(json.dumps({"closed": len(closed), "open": count - len(closed),
                      "last_s": max(closed.values(), default=0.0)}), flush=True)
    for s in socks:
        s.close()
    if not stop.is_set():
        stop.wait()


def pings(url: str, count: int) -> None:
    """`count` sockets on `url`, each sending pings as fast as its connection takes them, until the server
    closes it or stdin closes; then how many the server closed, with which codes, and pings sent."""
    import aiohttp

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
        codes: list[int | None] = []
        refused: list[int] = []
        sent = [0]
        async with aiohttp.ClientSession() as session:
            opened = []
            for _ in range(count):
                try:
                    opened.append(await session.ws_connect(url, autoping=False))
                except aiohttp.WSServerHandshakeError as why:
                    refused.append(why.status)
            print("ready", flush=True)

            async def until_closed(ws: aiohttp.ClientWebSocketResponse) -> aiohttp.WSMessage:
                while True:  # what the server says is dropped, until its close
                    msg = await ws.receive()
                    if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                        return msg

            async def flood(ws: aiohttp.ClientWebSocketResponse) -> None:
                reader = asyncio.ensure_future(until_closed(ws))
                while not stop.is_set() and not ws.closed and not reader.done():
                    try:
                        for _ in range(200):
                            await ws.ping()
                        sent[0] += 200
                    except (ConnectionError, RuntimeError):
                        break
                    await asyncio.sleep(0)
                while not reader.done() and not stop.is_set():
                    await asyncio.wait({reader}, timeout=0.1)
                if reader.done() and not reader.cancelled():
                    msg = reader.result()
                    if msg.type == aiohttp.WSMsgType.CLOSE or ws.close_code is not None:
                        codes.append(ws.close_code if ws.close_code is not None else msg.data)
                        return
                codes.append(None)
                reader.cancel()

            await asyncio.gather(*(flood(ws) for ws in opened))
            print(json.dumps({"closed": [c for c in codes if c is not None], "open": codes.count(None),
                              "refused": refused, "pings": sent[0]}), flush=True)
            for ws in opened:
                await ws.close()
        await stop.wait()

    asyncio.run(run())


def main(argv: list[str]) -> None:
    kind = argv[0]
    if kind == "serve":
        serve(Path(argv[1]), float(argv[2]) if len(argv) > 2 else None)
    elif kind == "idle":
        idle(argv[1], int(argv[2]), int(argv[3]))
    elif kind == "slowloris":
        idle(argv[1], int(argv[2]), int(argv[3]), hello=b"GET /overlay HTTP/1.1\r\nHost: x\r\nX-a: " + b"b" * 400)
    elif kind == "pings":
        pings(argv[1], int(argv[2]))


if __name__ == "__main__":
    main(sys.argv[1:])
