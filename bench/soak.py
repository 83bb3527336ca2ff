"""A long day in minutes: a headless «Своя игра» show (shows/svoyak.yaml) driven at a high command rate
through `ShowApp.submit` (the path the console, boxes and OSC take: journal with O_DSYNC, engine, effects),
with about 11 % undos, score-view toggles and ticks, and a projector frame rendered 30 times a second.

    python bench/soak.py [--seconds 60] [--rate 400]
    python bench/soak.py --minutes 30 --clock --rate 50   # issue 28: memory over half an hour, a clock running

With `--clock` the show stands on a question whose clock runs all the time (time added whenever it is
about to run out, so the warning's last ten seconds pulse again and again), the projector is drawn at
`--size` (1920x1080) and the console beside it. The show is live, and the idle-time work (composing
ahead, the cycle collector) runs between frames, as in the app.

Prints, per minute (or per tenth of the run when shorter): commands/s, reply p99 (one submit), resident
memory (RSS) and the pictures the caches hold; then the restart time on the journal it wrote (a fresh
headless app, launch to first frame). Targets: throughput and p99 flat over the run, memory flat,
restart ≤ 1 s. Asserts nothing.
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
from quizshow.display.surfaces import Bounded  # noqa: E402
from quizshow.display.windows import CONSOLE_SIZE  # noqa: E402
from quizshow.formats.svoyak import commands as sc  # noqa: E402
from quizshow.runtime.memory.trim import tune_allocator  # noqa: E402
from tests.conftest import svoyak_config  # noqa: E402


def rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cached_mib(app: ShowApp) -> float:
    """The pixels the picture caches hold: the text cache and every `bounded` cache of display/."""
    total = app.projector.text._surfaces.bytes
    for name, module in list(sys.modules.items()):
        if name.startswith("quizshow.display") and module is not None:
            total += sum(v.cache.bytes for v in vars(module).values() if isinstance(v, Bounded))
    return total / 2**20


def clock_left(app: ShowApp) -> float:
    timer = app.engine.state.timer
    return timer.remaining(app.clock.now()) if timer.running else float("nan")


def keep_clock(app: ShowApp) -> None:
    """The question's clock never runs out: time added when it is about to (its warning pulses again)."""
    state, now = app.engine.state, app.clock.now()
    if state.timer.running and state.timer.remaining(now) < 1.5:
        app.submit(c.TimerAdd(at=now, seconds=12))
    elif not state.timer.running and state.phase == "question":
        app.submit(c.TimerStart(at=now))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--minutes", type=float, help="the run's length in minutes (instead of --seconds)")
    parser.add_argument("--rate", type=float, default=400, help="commands a second to aim at")
    parser.add_argument("--clock", action="store_true", help="a question's clock running all the time")
    parser.add_argument("--size", default=None, help="the projector's size, WxH (1280x720; --clock: 1920x1080)")
    args = parser.parse_args()
    if args.minutes is not None:
        args.seconds = args.minutes * 60
    tune_allocator()  # as the app does
    pygame.init()
    folder = Path(tempfile.mkdtemp(prefix="quizshow-soak-"))
    journal = folder / "journal.jsonl"
    app = ShowApp(svoyak_config(), journal_path=journal, sound=False, devices=False, seed=5)
    size = tuple(int(n) for n in (args.size or ("1920x1080" if args.clock else "1280x720")).split("x"))
    surface = pygame.Surface(size)
    console = pygame.Surface(CONSOLE_SIZE)
    if args.clock:  # to the board, a question, its clock
        for first in (c.Go(at=app.clock.now()), c.Go(at=app.clock.now()), sc.SelectCell(at=app.clock.now()),
                      c.TimerStart(at=app.clock.now())):
            app.submit(first)
    app.go_live()  # as the window loop does (the collector runs in the frames' idle time from here)
    rng = random.Random(7)
    period = min(60.0, args.seconds / 10)
    print(f"soak: {args.seconds:.0f} s at up to {args.rate:.0f} commands/s{', a clock running' if args.clock else ''};"
          f" projector {size[0]}x{size[1]}; load average {os.getloadavg()[0]:.2f}; journal {journal}")
    print()
    print("| minute | commands so far | commands/s | reply p50 | reply p99 | RSS MiB | caches MiB | clock s | load |")
    print("|-------:|---------------:|-----------:|----------:|----------:|--------:|-----------:|--------:|-----:|")
    started = time.perf_counter()
    window_start, latencies, total, undos = started, [], 0, 0
    next_frame = started
    gap = 1 / args.rate
    next_command = started
    while (now := time.perf_counter()) - started < args.seconds:
        if now >= next_frame:  # the window thread's share: one frame
            if args.clock:
                app.tick()
                keep_clock(app)
            app.projector.render(surface, app.engine.state, app.clock.now())
            if args.clock:
                app.console.render(console, app.clock.now(), app.status, surface)
            app.prepare_next(size)  # the frame's idle time
            next_frame += 1 / 30
        if now < next_command:
            time.sleep(max(0.0, min(next_command, next_frame) - now))  # a frame may be due already
            continue
        next_command = max(next_command + gap, now - 0.1)  # behind (the machine was busy): no burst to catch up
        at = app.clock.now()
        cmd = c.Tick(at=at) if rng.random() < 0.05 else command(rng, at)
        if args.clock and isinstance(cmd, c.Undo):  # an undo must not take the clock back off the screen
            cmd = c.ScoreAdd(at=at, team=rng.randrange(3), points=-100)
        begun = time.perf_counter()
        app.submit(cmd)
        latencies.append((time.perf_counter() - begun) * 1000)
        total += 1
        undos += isinstance(cmd, c.Undo)
        if time.perf_counter() - window_start >= period:
            elapsed = time.perf_counter() - window_start
            print(f"| {(time.perf_counter() - started) / 60:6.1f} | {total:14} | {len(latencies) / elapsed:10.0f} | "
                  f"{percentile(latencies, 50):6.2f} ms | {percentile(latencies, 99):6.2f} ms | {rss_mib():7.1f} | "
                  f"{cached_mib(app):10.1f} | {clock_left(app):7.1f} | {os.getloadavg()[0]:4.1f} |", flush=True)
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
