"""Frame times of every projector scene of the demo, «Своя игра», «Брейн-ринг», the written quiz (40 teams),
the duel and a tournament day, headless, at 1920×1080 and 3840×2160; start-up and memory.

    python bench/frames.py                        # the full table: 300 frames a scene in each of 3 walks
    python bench/frames.py --quick                # 90 frames a scene, one walk
    python bench/frames.py --quick --format duel  # one format
    python bench/frames.py --quick --size 4k      # one size

A transition lasts ~27 frames: in one walk its p99 is its single worst frame, so the full table walks each
show 3 times (a fresh engine and projector each) and takes the p99 over all of them; the worst frame of
any walk is printed beside it.

Targets (issue 14): at 1920×1080 every frame of every scene and transition p99 ≤ 8 ms, steady p99 ≤ 4 ms;
at 3840×2160 every frame p99 ≤ 16.7 ms; start-up to the first frame ≤ 1.5 s, memory ≤ 150 MB. Prints a
table (with the machine's load average: it is shared); asserts nothing.

Like the app, before each of the host's presses it composes what the next press may lead to (Next, either
verdict: Projector.ahead); that work runs in a frame's idle time (after flip) and is printed in its own
column, with its longest piece (CPU ms: what one idle call can delay the next frame by). Each scene's worst
frame is printed with its index in the scene (0: the first frame after the press) and its walk.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from quizshow.runtime.memory.trim import tune_allocator  # noqa: E402

tune_allocator()  # as the app does: pictures freed give their memory back

from quizshow.core import commands as c  # noqa: E402

SIZES = [(1920, 1080), (3840, 2160)]

# name, commands that lead there (applied in order, cumulatively)
DEMO_SCENES = [
    ("title", []),
    ("question (clock running)", [c.Go(at=1.0)]),
    ("answering", [c.Buzz(at=2.0, team=1)]),
    ("reveal", [c.Judge(at=3.0, correct=True)]),
    ("next question", [c.Go(at=3.5)]),
    ("score overlay", [c.ViewScores(at=4.0, on=True)]),
    ("scores (count-up)", [c.ViewScores(at=5.0, on=False)] + [c.Go(at=6.0 + i) for i in range(10)]),
    ("blank", [c.ViewBlank(at=20.0, on=True)]),
]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def shows():
    """(show, its config, a fresh engine, its scenes) for each benchmarked format."""
    from tests import brainring_display_kit as brainring
    from tests import duel_display_kit as duel
    from tests import tournament_kit as tournament
    from tests import written_display_kit as written
    from tests.conftest import demo_config, demo_engine, svoyak_config, svoyak_engine
    from tests.svoyak_display_kit import walk

    # The «Своя игра» walk visits every scene: board, question (the zoom is its transition),
    # the specials, the auction, and each step of the final.
    # The «Брейн-ринг» walk: the match scene before, during (the clock running) and after questions.
    # The tournament day (seed 004, 12 teams): the draw, the group tables, the bracket, the next match.
    return [("demo", demo_config(), demo_engine, DEMO_SCENES),
            ("svoyak", svoyak_config(), svoyak_engine, walk()),
            ("brainring", brainring.config(), brainring.engine, brainring.walk()),
            ("written (40 teams)", written.config(), written.engine, written.walk()),
            ("duel", duel.config(), duel.show_engine, duel.mockup_walk()),
            ("tournament", tournament.config(tournament.SEED004),
             lambda: tournament.tournament(tournament.SEED004), tournament.walk())]


def measure(size: tuple[int, int], frames: int, repeats: int, config, make_engine, scenes) -> list[tuple]:
    """Each scene's frame times over `repeats` walks (a fresh engine and projector each), `frames` frames a
    scene in each: a transition lasts ~27 frames, so one walk's p99 of it is its single worst frame; several
    walks give a p99 worth the name (and a first frame that is slow every time still counts). Beside them:
    the worst frame (its CPU ms, the frame's index in its scene, which walk) and the longest idle piece."""
    scenes = list(scenes)
    times: dict[str, dict[str, list[float]]] = {name: {"steady": [], "transition": [], "cpu_steady": [],
                                                       "cpu_transition": [], "prepare": [], "piece": []}
                                                for name, _ in scenes}
    worst: dict[str, tuple[float, int, int]] = {}  # scene -> (CPU ms, frame index, walk)
    for walk in range(repeats):
        index: dict[str, int] = {}
        for name, kind, value in walk_once(size, frames, config, make_engine, scenes):
            times[name][kind].append(value)
            if kind.startswith("cpu_"):
                i = index[name] = index.get(name, -1) + 1
                if value > worst.get(name, (-1.0, 0, 0))[0]:
                    worst[name] = (value, i, walk + 1)
    rows = []
    for name, _ in scenes:
        t = times[name]
        rows.append((name, statistics.median(t["steady"]), percentile(t["steady"], 99),
                     percentile(t["transition"], 99) if t["transition"] else float("nan"),
                     len(t["transition"]) // repeats, statistics.median(t["prepare"]),
                     percentile(t["cpu_steady"], 99),
                     percentile(t["cpu_transition"], 99) if t["cpu_transition"] else float("nan"),
                     max(t["transition"]) if t["transition"] else float("nan"),
                     worst[name], max(t["piece"]) if t["piece"] else float("nan")))
    return rows


def walk_once(size: tuple[int, int], frames: int, config, make_engine, scenes):
    """One walk through the scenes, as the app renders it: (scene, kind, value) for every frame time (ms;
    kind steady / transition, wall clock or cpu_…) and each scene's idle-time preparation (kind prepare)."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from quizshow.house_words import show_words
    from quizshow.registry import spec as registry_spec
    from quizshow.registry import views as registry_views

    engine = make_engine()
    spec = registry_spec(engine.format.id)
    words = show_words(config.language, spec.phrases, refusals=spec.refusals)  # as the app's: the house's, the format's
    projector = Projector(engine.format, load_theme(config.theme), config.title, words,
                          views=registry_views(engine.format.id))
    surface = pygame.Surface(size)
    now = 0.0

    pieces: list[float] = []  # each idle call's own CPU ms (a piece: what delays the next frame)

    def idle(at: float) -> float:
        """As the app does in its frames' idle time between the host's presses (a piece a frame): compose
        what the next press may lead to (Projector.ahead). Milliseconds spent."""
        started = time.perf_counter()
        more = True
        while more:
            cpu = time.thread_time()
            more = projector.ahead(engine.state, engine.propose, at, size)
            pieces.append((time.thread_time() - cpu) * 1000)
        return (time.perf_counter() - started) * 1000

    if hasattr(projector, "start"):  # as the app does once its window is open: buffers, layers, first layer
        projector.start(surface, engine.state, now)
    for name, commands in scenes:
        pieces.clear()
        prepare_ms = idle(commands[0].at if commands else now)
        for i, cmd in enumerate(commands):
            if i:  # the host's presses of a step come seconds apart: the app's idle time runs between them
                prepare_ms += idle(cmd.at)
            projector.on_events(engine.dispatch(cmd).events, cmd.at)
            now = max(now, cmd.at)
        yield name, "prepare", prepare_ms
        yield name, "piece", max(pieces)
        for i in range(frames):
            t = now + i / 60
            started, cpu = time.perf_counter(), time.thread_time()
            projector.render(surface, engine.state, t)
            spent = (time.perf_counter() - started) * 1000
            cpu_ms = (time.thread_time() - cpu) * 1000
            kind = "transition" if projector.transitioning(t) else "steady"
            yield name, kind, spent
            yield name, "cpu_" + kind, cpu_ms
        now += frames / 60 + 1


def startup() -> tuple[float, float]:
    """Seconds from launching a headless show to its first rendered frame, and that process's peak MB."""
    probe = ("import time, resource, sys; t=time.perf_counter(); sys.argv=['main.py'];"
             "from quizshow.app import ShowApp; import pygame; pygame.init();"
             "from tests.conftest import svoyak_config; from pathlib import Path;"
             f"app=ShowApp(svoyak_config(), journal_path=Path({repr(tempfile.mkdtemp())})/'j.jsonl', sound=True);"
             "s=pygame.Surface((1920,1080)); app.drain(); app.projector.render(s, app.engine.state, app.clock.now());"
             "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)")
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    elapsed = time.perf_counter() - started
    return elapsed, float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--format", help="only this format's scenes (demo, svoyak, brainring, duel, tournament)")
    parser.add_argument("--walks", type=int, help="walks through each show (3; --quick: 1)")
    parser.add_argument("--size", choices=("1080p", "4k"), help="only this size (both by default)")
    args = parser.parse_args()
    frames = 90 if args.quick else 300
    walks = args.walks or (1 if args.quick else 3)
    launch, peak = startup()  # first: a child forked from a large process would report its size
    pygame.init()
    print(f"quizshow frame times, {frames} frames a scene over {walks} walk(s) of each show, headless "
          f"({os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start)")
    print("The machine may be shared: «CPU p99» is the frame's own CPU time (the thread's clock), which another\n"
          "process taking the core does not inflate; wall-clock p99 is printed beside it.\n")
    for show, config, make_engine, scenes in shows():
        if args.format and show != args.format:
            continue
        for size in SIZES:
            if args.size and size != {"1080p": (1920, 1080), "4k": (3840, 2160)}[args.size]:
                continue
            print(f"{show} {size[0]}x{size[1]}")
            print(f"  {'scene':28} {'median ms':>10} {'p99 ms':>8} {'CPU p99':>8} {'transition p99':>15}"
                  f" {'CPU p99':>8} {'worst':>7} {'(frames)':>9} {'prepare ms (idle)':>18}"
                  f" {'worst frame CPU @index/walk':>28} {'idle piece max':>15}")
            for name, median, p99, trans, count, prepare, cpu, cpu_trans, worst, (w_ms, w_at, w_walk), piece in \
                    measure(size, frames, walks, config, make_engine, scenes):
                print(f"  {name:28} {median:10.2f} {p99:8.2f} {cpu:8.2f} {trans:15.2f} {cpu_trans:8.2f} {worst:7.2f}"
                      f" {count:9d} {prepare:18.2f} {f'{w_ms:.2f} @{w_at}/{w_walk}':>28} {piece:15.2f}")
            print()
    bench_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"start-up to the first frame (1920x1080, new process): {launch:.2f} s")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    print(f"peak memory: show process {peak:.0f} MB; this benchmark (incl. 4K surfaces) {bench_peak:.0f} MB")


if __name__ == "__main__":
    main()
