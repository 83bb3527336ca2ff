"""The press path's own cost, without the disk: a box's press delivered as a box reader delivers it (from a
thread that is not the window thread) → the engine has applied it, with the journal on tmpfs (/dev/shm)
so the O_DSYNC write costs what the system call costs, not what the disk does. Each press is followed by
an undo (off the clock).

    python bench/press_path.py                 # 3,000 presses
    python bench/press_path.py --profile       # and the functions that took the time

bench/buzz_latency.py measures the whole path through a pseudo-terminal and the real journal: on a shared
machine its p99 is the disk's and the scheduler's. This one prints the thread's CPU time per press (p50,
p99, mean; another process taking the core does not inflate it) and how much of it is the journal's write
call. Asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from bench.buzz_latency import box_show  # noqa: E402
from quizshow.app import ShowApp  # noqa: E402
from quizshow.config import load_show  # noqa: E402
from quizshow.core import commands as c  # noqa: E402
from quizshow.formats.svoyak import commands as sc  # noqa: E402
from quizshow.inputs.messages import BoxPress  # noqa: E402
from quizshow.runtime.journal import file as journal_file  # noqa: E402
from quizshow.yamlfile import Problems  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=3000)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--sort", default="tottime", help="the profile's order (tottime, cumulative)")
    args = parser.parse_args()
    pygame.init()
    folder = Path(tempfile.mkdtemp(prefix="quizshow-press-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None))
    show = box_show(folder)
    config = load_show(show, Problems())
    assert config is not None
    app = ShowApp(config, journal_path=folder / "journal.jsonl", fresh=True, sound=False, devices=False)
    for cmd in (c.Go(at=app.clock.now()), c.Go(at=app.clock.now()), sc.SelectCell(at=app.clock.now())):
        app.submit(cmd)
    app.go_live()
    written = [0.0]
    write = os.write

    def timed_write(fd: int, data: bytes | memoryview) -> int:  # the journal's write call
        started = time.thread_time()
        try:
            return write(fd, data)
        finally:
            written[0] += time.thread_time() - started

    journal_file.os.write = timed_write  # type: ignore[attr-defined]
    profile = cProfile.Profile() if args.profile else None
    cpu: list[float] = []
    writes: list[float] = []

    def reader() -> None:  # a box reader's thread
        for i in range(args.presses):
            now = app.clock.now()
            written[0] = 0.0
            started = time.thread_time()
            if profile is not None:
                profile.enable()
            app.hardware.box_pressed(BoxPress("box1", 1 + i % 3, now, now))
            if profile is not None:
                profile.disable()
            cpu.append((time.thread_time() - started) * 1e6)
            writes.append(written[0] * 1e6)
            assert app.engine.state.answering is not None
            app.submit(c.Undo(at=app.clock.now()))

    thread = threading.Thread(target=reader)
    thread.start()
    while thread.is_alive():  # the window thread's share: the views the presses queued
        app.pump_views()
        thread.join(0.01)
    journal_file.os.write = write  # type: ignore[attr-defined]
    app.close()
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()
    ordered = sorted(cpu)
    rest = sorted(a - b for a, b in zip(cpu, writes, strict=True))
    print(f"press → engine, CPU of the delivering thread, {args.presses} presses, journal on tmpfs "
          f"({os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f})")
    print(f"  whole path: p50 {ordered[len(ordered) // 2]:.0f} µs, p99 {ordered[int(0.99 * len(ordered))]:.0f} µs, "
          f"mean {statistics.mean(cpu):.0f} µs")
    print(f"  less the journal's write call: p50 {rest[len(rest) // 2]:.0f} µs, "
          f"p99 {rest[int(0.99 * len(rest))]:.0f} µs, mean {statistics.mean(rest):.0f} µs")
    if profile is not None:
        pstats.Stats(profile).sort_stats(args.sort).print_stats(30)


if __name__ == "__main__":
    main()
