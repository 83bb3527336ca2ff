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

from quizshow.inputs.phones.clock import (  # noqa: E402
    PING_EVERY_S,
    ClockEstimate,
    ping_gaps,
    press_time,
)

DELAY_MS = (5.0, 150.0)  # every one-way trip, drawn independently for every message
DRIFT_PPM = 50.0  # each phone's clock runs up to this much fast or slow against the show's
SPACINGS_MS = (5, 10, 20, 50)
# How long the phones have been connected when the question's presses come (seconds, drawn per phone).
CONNECTED = (("just joined (0.5 s)", 0.5, 0.5), ("joined 5 s before", 5.0, 5.0),
             ("connected 1–5 min (a show)", 60.0, 300.0))


def press_errors(rng: random.Random, connected_s: float, thumb: float) -> tuple[float, float, float]:
    """One phone connected `connected_s` before it presses at show time `thumb`: its clock (a random offset,
    a drift of up to ±DRIFT_PPM), the server's real ping schedule (clock.ping_gaps, then the every-2-s
    round at a random phase), every trip delayed independently; the press message too. Returns the press's
    show time by the estimator in use, by the spec's (the least queued of the last 16), and its arrival."""
    offset, drift = rng.uniform(-1e5, 1e5), rng.uniform(-DRIFT_PPM, DRIFT_PPM) * 1e-6

    def phone_ms(t: float) -> float:  # the phone's clock at show time t
        return (t - offset - drift * (t - thumb)) * 1000

    def delay() -> float:
        return rng.uniform(*DELAY_MS) / 1000

    clock = ClockEstimate()
    joined = thumb - connected_s
    sends, t = [], joined
    for gap in ping_gaps():
        sends.append(t)
        t += gap
    round_at = joined + rng.uniform(0, PING_EVERY_S)  # the server's round, not in step with the joining
    while round_at < thumb:
        if round_at > t:
            sends.append(round_at)
        round_at += PING_EVERY_S
    for s0 in sorted(sends):
        up, down = delay(), delay()
        if s0 + up + down < thumb:  # its pong is back before the press
            clock.add(s0, s0 + up + down, phone_ms(s0 + up))
    arrival = thumb + delay()
    now = clock.press_time(phone_ms(thumb), arrival).at
    spec = press_time(clock.best, phone_ms(thumb), arrival).at
    return now, spec, arrival


def ordering(trials: int, spacing_ms: float, connected: tuple[float, float], seed: int) -> dict[str, float]:
    """Two phones press `spacing_ms` apart: the share of trials put in the thumbs' order by the estimator in
    use (`now`), by the spec's (`spec`) and by arrival; the mean |error| of a press time (ms) of each."""
    rng = random.Random(seed)
    right = {"now": 0, "spec": 0, "arrival": 0}
    errors: dict[str, list[float]] = {"now": [], "spec": []}
    for _ in range(trials):
        first = 1000.0 + rng.uniform(0, 1)
        thumbs = (first, first + spacing_ms / 1000)
        placed = [press_errors(rng, rng.uniform(*connected), thumb) for thumb in thumbs]
        for i, key in enumerate(("now", "spec", "arrival")):
            right[key] += placed[0][i] < placed[1][i]
        for thumb, (now, spec, _) in zip(thumbs, placed, strict=True):
            errors["now"].append(abs(now - thumb) * 1000)
            errors["spec"].append(abs(spec - thumb) * 1000)
    return {**{k: v / trials for k, v in right.items()},
            **{f"{k}_error": statistics.fmean(v) for k, v in errors.items()}}


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


def load() -> str:
    return f"{os.getloadavg()[0]:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--presses", type=int, default=300)
    args = parser.parse_args()
    print(f"Ordering by the thumb's time: one-way delays {DELAY_MS[0]:.0f}–{DELAY_MS[1]:.0f} ms drawn for every "
          f"message, clocks drifting up to ±{DRIFT_PPM:.0f} ppm, {args.trials} trials a row; load average "
          f"{load()}")
    for label, low, high in CONNECTED:
        print(f"  {label}")
        print("    apart   in thumb order (spec's estimator)   by arrival   mean |error| (spec's)")
        for spacing in SPACINGS_MS:
            r = ordering(args.trials, spacing, (low, high), seed=25 + spacing)
            print(f"    {spacing:3d} ms   {r['now']:8.1%} ({r['spec']:6.1%})   {r['arrival']:18.1%}   "
                  f"{r['now_error']:6.1f} ms ({r['spec_error']:4.1f})")
    took = sorted(loopback(args.presses))
    p99 = took[min(len(took) - 1, int(len(took) * 0.99))]
    print(f"Press → engine → ack over loopback ({len(took)} presses, journalled with fsync): "
          f"p50 {statistics.median(took):.2f} ms, p99 {p99:.2f} ms")


if __name__ == "__main__":
    main()
