"""Phones as buzzers (docs/phones.md): how fair, and how fast.

1. Ordering accuracy, a pure simulation through the real clock estimator and press clamp
   (quizshow/inputs/phones/clock.py): two phones with random clocks, each synced by 8 pings plus a few
   more (every one-way trip drawn from 5–150 ms, independently each way); the first presses, the second
   presses 5, 10, 20 or 50 ms later; each press message is delayed 5–150 ms too. How often does the
   show put them in the thumbs' order — and how often would arrival order have?
2. Press → engine over loopback: a real phone socket (aiohttp's client) against a headless demo show;
   a press sent → its ack back (journalled, fsync included); p50 / p99.

    python bench/phones.py                # 1,000 trials per spacing, 300 loopback presses
    python bench/phones.py --trials 200 --presses 100

Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quizshow.inputs.phones.clock import FIRST_PINGS, ClockEstimate  # noqa: E402

DELAY_MS = (5.0, 150.0)
SPACINGS_MS = (5, 10, 20, 50)


def synced_phone(rng: random.Random, pings: int) -> tuple[float, ClockEstimate]:
    """A phone clock (its offset from the show's, s) and the show's estimate of it after `pings` pings."""
    offset = rng.uniform(-1e5, 1e5)
    clock = ClockEstimate()
    t = rng.uniform(0, 10)
    for _ in range(pings):
        up, down = (rng.uniform(*DELAY_MS) / 1000 for _ in range(2))
        s0 = t
        phone_ms = (s0 + up - offset) * 1000  # the phone reads its clock when the ping arrives
        clock.add(s0, s0 + up + down, phone_ms)
        t += 2.0
    return offset, clock


def ordering(trials: int, spacing_ms: float, pings: int, seed: int) -> tuple[float, float, float]:
    """(share in thumb order, share arrival order would get right, mean |error| of a press time in ms)."""
    rng = random.Random(seed)
    right = by_arrival = 0
    errors = []
    for _ in range(trials):
        first = 1000.0 + rng.uniform(0, 1)
        thumbs = (first, first + spacing_ms / 1000)
        placed, arrivals = [], []
        for thumb in thumbs:
            offset, clock = synced_phone(rng, pings)
            arrival = thumb + rng.uniform(*DELAY_MS) / 1000
            at = clock.press_time((thumb - offset) * 1000, arrival).at
            placed.append(at)
            arrivals.append(arrival)
            errors.append(abs(at - thumb) * 1000)
        right += placed[0] < placed[1]
        by_arrival += arrivals[0] < arrivals[1]
    return right / trials, by_arrival / trials, statistics.fmean(errors)


def loopback(presses: int) -> list[float]:
    import aiohttp

    from quizshow.app import SWITCH_INTERVAL_S, ShowApp
    from quizshow.config import load_show
    from quizshow.core import commands as c
    from quizshow.yamlfile import Problems

    folder = Path(tempfile.mkdtemp(prefix="phones-bench-"))
    show = folder / "show.yaml"
    show.write_text(f'''title: "bench"
format: demo
preset: demo
pack: "{ROOT / 'packs' / 'demo.yaml'}"
teams:
  - {{name: "A", buzzer: phone}}
  - {{name: "B", buzzer: phone}}
devices:
  web: {{listen: "127.0.0.1:0"}}
''', encoding="utf-8")
    problems = Problems()
    config = load_show(show, problems)
    assert config is not None and not problems.errors
    import pygame

    pygame.init()
    sys.setswitchinterval(SWITCH_INTERVAL_S)  # as the show runs (app.run)
    app = ShowApp(config, journal_path=folder / "j.jsonl", fresh=True, sound=False, devices=False, web=True,
                  web_port=0)
    assert app.web is not None
    app.web.rate = 10_000
    app.go_live()
    app.submit(c.Go(at=app.now()))
    host, port = app.web.address
    token = min(app.web.seats.values(), key=lambda s: s.team).token
    took: list[float] = []

    async def run() -> None:
        async with aiohttp.ClientSession() as session, session.ws_connect(f"http://{host}:{port}/p/{token}/ws") as ws:
            acks: asyncio.Queue[dict] = asyncio.Queue()

            async def read() -> None:
                async for msg in ws:
                    data = json.loads(msg.data)
                    if data["t"] == "ping":
                        await ws.send_str(json.dumps({"t": "pong", "id": data["id"], "c": time.monotonic() * 1000}))
                    elif data["t"] == "ack":
                        await acks.put(data)

            reader = asyncio.ensure_future(read())
            for i in range(presses):
                sent = time.perf_counter()
                await ws.send_str(json.dumps({"t": "press", "id": i, "c": time.monotonic() * 1000}))
                ack = await acks.get()
                took.append((time.perf_counter() - sent) * 1000)
                if ack["code"] == 200:
                    app.submit(c.Undo(at=app.now()))  # the question open again for the next press
            reader.cancel()

    try:
        asyncio.run(run())
    finally:
        app.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--presses", type=int, default=300)
    args = parser.parse_args()
    print(f"Ordering by the thumb's time: one-way delays {DELAY_MS[0]:.0f}–{DELAY_MS[1]:.0f} ms, "
          f"{args.trials} trials a row")
    for pings, label in ((FIRST_PINGS, "8 pings (just joined)"), (FIRST_PINGS + 16, "24 pings (after ~30 s)")):
        print(f"  {label}")
        print("    apart   in thumb order   by arrival   mean |error|")
        for spacing in SPACINGS_MS:
            ok, arrival, error = ordering(args.trials, spacing, pings, seed=25 + spacing)
            print(f"    {spacing:3d} ms   {ok:13.1%}   {arrival:10.1%}   {error:8.1f} ms")
    took = sorted(loopback(args.presses))
    p99 = took[min(len(took) - 1, int(len(took) * 0.99))]
    print(f"Press → engine → ack over loopback ({len(took)} presses, journalled with fsync): "
          f"p50 {statistics.median(took):.2f} ms, p99 {p99:.2f} ms")


if __name__ == "__main__":
    main()
