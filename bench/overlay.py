"""The broadcast overlay (docs/overlay.md): how fast a score change reaches the overlay's WebSocket.

A headless demo show with its web server on 127.0.0.1 (and its OSC server for the second path); real
WebSocket readers (aiohttp's client) on /overlay/ws. Each score change is timed from the moment it is
made to the moment every reader has its snapshot:

- `submit`: the command submitted in the show process (journalled with fsync, applied, the snapshot
  built in the sink and pushed from the server's loop);
- `osc`: `/quiz/team/1/score/add` sent over UDP to the show's OSC server, as a desk or Companion does.

    python bench/overlay.py                  # 300 changes a row, 1 and 4 readers
    python bench/overlay.py --changes 100

Prints a table (target: p99 ≤ 50 ms); asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def make_show():  # type: ignore[no-untyped-def]
    import pygame

    from quizshow.app import ShowApp
    from quizshow.config import load_show
    from quizshow.launch import SWITCH_INTERVAL_S
    from quizshow.yamlfile import Problems

    folder = Path(tempfile.mkdtemp(prefix="overlay-bench-"))
    show = folder / "show.yaml"
    show.write_text(f'''title: "bench"
format: demo
preset: demo
pack: "{ROOT / 'packs' / 'demo.yaml'}"
teams:
  - {{name: "Альфа"}}
  - {{name: "Бета"}}
  - {{name: "Гамма"}}
  - {{name: "Дельта"}}
devices:
  web: {{listen: "127.0.0.1:0"}}
  osc: {{listen: "127.0.0.1:0", rate_limit: 10000}}
''', encoding="utf-8")
    problems = Problems()
    config = load_show(show, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    pygame.init()
    sys.setswitchinterval(SWITCH_INTERVAL_S)  # as the show runs (launch.run)
    app = ShowApp(config, journal_path=folder / "j.jsonl", fresh=True, sound=False, devices=False, web=True,
                  web_port=0, osc=True, osc_port=0)
    assert app.web is not None and app.osc is not None
    app.go_live()
    return app


def run(app, path: str, readers: int, changes: int) -> list[float]:  # type: ignore[no-untyped-def]
    import aiohttp
    from pythonosc.udp_client import SimpleUDPClient

    from quizshow.core import commands as c

    host, port = app.web.address
    osc = SimpleUDPClient(*app.osc.address)
    took: list[float] = []

    async def go() -> None:
        async with aiohttp.ClientSession() as session:
            sockets = [await session.ws_connect(f"http://{host}:{port}/overlay/ws") for _ in range(readers)]
            queues: list[asyncio.Queue[dict]] = [asyncio.Queue() for _ in sockets]

            async def read(ws, inbox) -> None:  # type: ignore[no-untyped-def]
                async for msg in ws:
                    data = json.loads(msg.data)
                    if data["t"] == "snapshot":
                        await inbox.put(data)

            tasks = [asyncio.ensure_future(read(ws, q)) for ws, q in zip(sockets, queues, strict=True)]
            for q in queues:
                await q.get()  # the snapshot on connect
            for i in range(changes):
                points = 10 if i % 2 == 0 else -10
                sent = time.perf_counter()
                if path == "submit":
                    app.submit(c.ScoreAdd(at=app.now(), team=0, points=points))
                else:
                    osc.send_message("/quiz/team/1/score/add", points)
                for q in queues:
                    await asyncio.wait_for(q.get(), 5)
                took.append((time.perf_counter() - sent) * 1000)
            for task in tasks:
                task.cancel()
            for ws in sockets:
                await ws.close()

    asyncio.run(go())
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--changes", type=int, default=300)
    args = parser.parse_args()
    app = make_show()
    try:
        print("Score change → every overlay reader's snapshot, over loopback (target p99 ≤ 50 ms)")
        print("  path     readers   changes      p50 ms      p99 ms      max ms")
        for path in ("submit", "osc"):
            for readers in (1, 4):
                took = sorted(run(app, path, readers, args.changes))
                p99 = took[min(len(took) - 1, int(len(took) * 0.99))]
                print(f"  {path:7s}  {readers:7d}   {len(took):7d}   {statistics.median(took):9.2f}   "
                      f"{p99:9.2f}   {took[-1]:9.2f}")
    finally:
        app.close()


if __name__ == "__main__":
    main()
