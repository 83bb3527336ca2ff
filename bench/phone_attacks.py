"""The honest phones while the venue's Wi-Fi attacks the show (issue 37; docs/phones.md «Security on the venue
network»).

Three processes: the show (a headless demo with 52 phone seats, its window loop drawing the projector at 60 frames
a second on its main thread), the attacker, and this one with two honest phones. For each attack — none, 1000
silent sockets, 300 slowloris requests, 8 sockets flooding `/overlay/ws` with pings (reconnecting when closed),
50 seats' phones flooding messages (pongs: no rival of the honest two) —
the honest phones race: both press, the second's touch 30 ms after the
first's but its message sent first; the table gives the press → ack p50/p95, how many races named the right
answerer, and the window loop's frames over 16.7 ms and p95 frame time.

    python bench/phone_attacks.py                 # every attack, 20 races each: ~3 minutes
    python bench/phone_attacks.py --only pings --races 50

Prints a table with the load average (the machine may be shared); asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the bench's channel
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEATS = 52  # two honest phones, fifty flooding ones
GAP_S = 0.030  # the second honest thumb after the first
ATTACKS = ("none", "idle", "slowloris", "pings", "phones")
FRAME_S = 1 / 60


# --- the show's process ----------------------------------------------------------------------------------------


def serve() -> None:
    """`--serve`: the show; prints its seats' URLs; reads commands on stdin: `reset` (the question open again, no
    press), `frames` (the frame times since the last `frames`, as JSON), `counts` (the gate's), `quit`."""
    import pygame

    from bench.phones import demo_app
    from quizshow.core import commands as c

    app = demo_app(SEATS, Path(tempfile.mkdtemp(prefix="phone-attacks-")))
    app.web.rate = 20
    before = app.engine.state
    app.submit(c.Go(at=app.now()))
    host, port = app.web.address
    seats = [f"ws://{host}:{port}/p/{s.token}/ws" for s in sorted(app.web.seats.values(), key=lambda s: s.team)]
    print(json.dumps({"base": f"http://{host}:{port}", "seats": seats}), flush=True)
    frames: list[float] = []
    commands: list[str] = []
    def read() -> None:
        commands.extend(line.strip() for line in sys.stdin)
        commands.append("quit")  # the bench has gone: so does the show

    threading.Thread(target=read, daemon=True).start()
    surface = pygame.Surface((1920, 1080))
    next_at = time.perf_counter()
    while True:
        while commands:
            command = commands.pop(0)
            if command == "reset":
                with app.lock:  # the question opened afresh (the state put back is not journalled: a bench's shortcut)
                    app.engine.state = before
                    app.submit(c.Go(at=app.now()))
                app.web.state_changed()
                print("reset", flush=True)
            elif command == "frames":
                print(json.dumps(frames), flush=True)
                frames = []
            elif command == "counts":
                counts = app.web.gate.snapshot() if app.web.gate else None
                print(json.dumps(None if counts is None else counts.__dict__), flush=True)
            elif command == "quit":
                app.close()
                return
        started = time.perf_counter()
        app.tick()
        app.projector.render(surface, app.engine.state, app.clock.now())
        frames.append((time.perf_counter() - started) * 1000)
        next_at = max(next_at + FRAME_S, time.perf_counter())
        time.sleep(max(0.0, next_at - time.perf_counter()))


# --- the attacker's process ------------------------------------------------------------------------------------


def attack(kind: str, base: str, seats: list[str]) -> None:
    """`--attack KIND BASE SEATS…`: keeps attacking until stdin closes; prints «ready» once it runs."""
    import aiohttp

    host, port = base.removeprefix("http://").rsplit(":", 1)
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    if kind in ("idle", "slowloris"):
        count = 1000 if kind == "idle" else 300
        request = b"GET /overlay HTTP/1.1\r\nHost: x\r\nX-a: " + b"b" * 4000
        socks: list[tuple[socket.socket, int]] = []
        print("ready", flush=True)
        while not stop.is_set():  # keep `count` open: a closed one is opened again
            alive = []
            for s, sent in socks:
                try:
                    if kind == "slowloris":
                        sent += s.send(request[sent:sent + 1])
                    elif s.recv(1, socket.MSG_PEEK) == b"":
                        raise ConnectionResetError
                    alive.append((s, sent))
                except (BlockingIOError, InterruptedError):
                    alive.append((s, sent))
                except OSError:
                    s.close()
            while len(alive) < count:
                s = socket.socket()
                s.setblocking(False)
                s.connect_ex((host, int(port)))
                alive.append((s, 0))
            socks = alive
            stop.wait(0.1)
        return

    async def pings() -> None:
        async with aiohttp.ClientSession() as session:
            async def one() -> None:
                while not stop.is_set():
                    try:
                        async with session.ws_connect(base + "/overlay/ws", autoping=False) as ws:
                            while not ws.closed and not stop.is_set():
                                for _ in range(100):
                                    await ws.ping()
                                await asyncio.sleep(0)
                    except (aiohttp.ClientError, ConnectionError, RuntimeError):
                        await asyncio.sleep(0.01)
            await asyncio.gather(*(one() for _ in range(8)))

    async def phones() -> None:
        async with aiohttp.ClientSession() as session:
            async def one(url: str) -> None:
                while not stop.is_set():
                    try:
                        async with session.ws_connect(url) as ws:
                            n = 0
                            while not ws.closed and not stop.is_set():
                                for _ in range(20):
                                    n += 1
                                    # A pong, never a press: no rival of the honest two.
                                    await ws.send_str(json.dumps({"t": "pong", "id": n, "c": 0}))
                                await asyncio.sleep(0)
                    except (aiohttp.ClientError, ConnectionError, RuntimeError):
                        await asyncio.sleep(0.01)
            await asyncio.gather(*(one(url) for url in seats))

    print("ready", flush=True)
    asyncio.run(pings() if kind == "pings" else phones())


# --- the honest phones (this process) ---------------------------------------------------------------------------


class Honest:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.acks: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
        self.phase = ""
        self.changed = asyncio.Event()
        self.reader = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        async for msg in self.ws:
            data = json.loads(msg.data)
            if data["t"] == "ping":
                await self.ws.send_str(json.dumps({"t": "pong", "id": data["id"], "c": time.time() * 1000}))
            elif data["t"] == "ack":
                await self.acks.put((time.perf_counter(), data))
            elif data["t"] == "state":
                self.phase = data["phase"]
                self.changed.set()


async def races(seats: list[str], count: int, show: subprocess.Popen[str]) -> dict[str, Any]:
    import aiohttp

    acks: list[float] = []
    right = lost = 0
    async with aiohttp.ClientSession() as session:
        first = Honest(await session.ws_connect(seats[0]))
        second = Honest(await session.ws_connect(seats[1]))
        await asyncio.sleep(6.0)  # their clocks synced (the catch-up pings)
        for i in range(count):
            thumb = time.time() * 1000
            sent = time.perf_counter()
            await second.ws.send_str(json.dumps({"t": "press", "id": 2 * i + 1, "c": thumb + GAP_S * 1000}))
            await first.ws.send_str(json.dumps({"t": "press", "id": 2 * i, "c": thumb}))
            try:
                for phone in (first, second):
                    at, _ = await asyncio.wait_for(phone.acks.get(), 5.0)
                    acks.append((at - sent) * 1000)
                deadline = time.monotonic() + 3.0
                while first.phase != "answering" and second.phase != "answering" and time.monotonic() < deadline:
                    first.changed.clear()
                    second.changed.clear()
                    await asyncio.wait([asyncio.ensure_future(p.changed.wait()) for p in (first, second)],
                                       timeout=0.5, return_when=asyncio.FIRST_COMPLETED)
                right += first.phase == "answering"
            except TimeoutError:
                lost += 1
            await asyncio.get_running_loop().run_in_executor(None, command, show, "reset")
            await asyncio.sleep(0.3)
        for phone in (first, second):
            phone.reader.cancel()
            await phone.ws.close()
    return {"acks": acks, "right": right, "lost": lost}


def command(show: subprocess.Popen[str], what: str) -> str:
    assert show.stdin is not None and show.stdout is not None
    show.stdin.write(what + "\n")
    show.stdin.flush()
    return show.stdout.readline().strip()


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] if ordered else float("nan")


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        serve()
        return
    if sys.argv[1:2] == ["--attack"]:
        attack(sys.argv[2], sys.argv[3], sys.argv[4:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=int, default=20)
    parser.add_argument("--only", choices=ATTACKS, action="append")
    args = parser.parse_args()
    show = subprocess.Popen([sys.executable, __file__, "--serve"], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert show.stdout is not None
    info = json.loads(show.stdout.readline())
    seats = [url.replace("ws://", "http://") for url in info["seats"]]
    print(f"Two honest phones racing ({args.races} races an attack, the second's touch {GAP_S * 1000:.0f} ms later, "
          "its message first); the show's window loop drawing at 60 frames a second")
    print(f"  {'attack':12} {'press→ack p50':>14} {'p95 (ms)':>9} {'right answerer':>15} {'lost':>5} "
          f"{'frames >16.7 ms':>16} {'frame p95':>10}   load")
    try:
        for kind in args.only or ATTACKS:
            attacker = None
            if kind != "none":
                attacker = subprocess.Popen([sys.executable, __file__, "--attack", kind, info["base"], *seats[2:]],
                                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                assert attacker.stdout is not None
                attacker.stdout.readline()
                time.sleep(2.0)  # the attack under way
            command(show, "frames")
            try:
                r = asyncio.run(races(seats, args.races, show))
            finally:
                if attacker is not None:
                    assert attacker.stdin is not None
                    attacker.stdin.close()
                    try:
                        attacker.wait(10)
                    except subprocess.TimeoutExpired:
                        attacker.kill()
                        attacker.wait()
            frames = json.loads(command(show, "frames"))
            late = sum(1 for f in frames if f > FRAME_S * 1000)
            acks = r["acks"]
            print(f"  {kind:12} {statistics.median(acks) if acks else float('nan'):14.1f} {p95(acks):9.1f} "
                  f"{r['right']:>8} of {args.races:<4} {r['lost']:5d} {late:>9} of {len(frames):<5} "
                  f"{p95(frames):9.1f}   {os.getloadavg()[0]:.2f}")
            time.sleep(1.0)
    finally:
        assert show.stdin is not None
        with_quit = show.stdin
        with_quit.write("quit\n")
        with_quit.flush()
        try:
            show.wait(15)
        except subprocess.TimeoutExpired:
            show.kill()
            show.wait()


if __name__ == "__main__":
    main()
