"""A long day in minutes: a headless «Своя игра» show (shows/svoyak.yaml) driven at a high command rate
through `ShowApp.submit` (the path the console, boxes and OSC take: journal with O_DSYNC, engine, effects),
with about 11 % undos, score-view toggles and ticks, and a projector frame rendered 30 times a second.

    python bench/soak.py [--seconds 60] [--rate 400]

Prints, per minute (or per tenth of the run when shorter): commands/s, reply p99 (one submit), resident
memory (RSS); then the restart time on the journal it wrote (a fresh headless app, launch to first
frame). Targets: throughput and p99 flat over the run, memory flat, restart ≤ 1 s. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from bench.resume import command, first_frame  # noqa: E402
from quizshow.app import ShowApp  # noqa: E402
from quizshow.core import commands as c  # noqa: E402
from tests.conftest import svoyak_config  # noqa: E402


def rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--rate", type=float, default=400, help="commands a second to aim at")
    args = parser.parse_args()
    pygame.init()
    folder = Path(tempfile.mkdtemp(prefix="quizshow-soak-"))
    journal = folder / "journal.jsonl"
    app = ShowApp(svoyak_config(), journal_path=journal, sound=False, devices=False, seed=5)
    surface = pygame.Surface((1280, 720))
    rng = random.Random(7)
    period = min(60.0, args.seconds / 10)
    print(f"soak: {args.seconds:.0f} s at up to {args.rate:.0f} commands/s; journal {journal}")
    print()
    print("| minute | commands so far | commands/s | reply p50 | reply p99 | RSS MiB | entries |")
    print("|-------:|---------------:|-----------:|----------:|----------:|--------:|--------:|")
    started = time.perf_counter()
    window_start, latencies, total, undos = started, [], 0, 0
    next_frame = started
    gap = 1 / args.rate
    next_command = started
    while (now := time.perf_counter()) - started < args.seconds:
        if now >= next_frame:  # the window thread's share: one frame
            app.projector.render(surface, app.engine.state, app.clock.now())
            next_frame += 1 / 30
        if now < next_command:
            time.sleep(max(0.0, min(next_command, next_frame) - now))  # a frame may be due already
            continue
        next_command = max(next_command + gap, now - 0.1)  # behind (the machine was busy): no burst to catch up
        at = app.clock.now()
        cmd = c.Tick(at=at) if rng.random() < 0.05 else command(rng, at)
        begun = time.perf_counter()
        app.submit(cmd)
        latencies.append((time.perf_counter() - begun) * 1000)
        total += 1
        undos += isinstance(cmd, c.Undo)
        if time.perf_counter() - window_start >= period:
            elapsed = time.perf_counter() - window_start
            print(f"| {(time.perf_counter() - started) / 60:6.1f} | {total:14} | {len(latencies) / elapsed:10.0f} | "
                  f"{percentile(latencies, 50):6.2f} ms | {percentile(latencies, 99):6.2f} ms | {rss_mib():7.1f} | "
                  f"{len(app.engine.entries):7} |", flush=True)
            window_start, latencies = time.perf_counter(), []
    app.close()
    lines = sum(1 for _ in journal.open("rb"))
    total_s, inside_s, _ = first_frame(journal)
    print()
    print(f"{total} commands ({undos} undos); journal {lines} lines, {journal.stat().st_size / 1e6:.1f} MB")
    print(f"restart: launch → first frame {total_s:.2f} s (in the app {inside_s:.2f} s)")
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()


if __name__ == "__main__":
    main()
