"""The frame bench's walks on this tree (HEAD or the working copy) and on another commit, interleaved in one run,
side by side with the ratio: a change that slows a frame shows up before it lands.

    python bench/ab.py 475b721                                  # every show, both sizes, 3 walks each side
    python bench/ab.py 475b721 --format svoyak --size 4k --walks 5 --frames 40

COMMIT is checked out as a git worktree in a temporary folder (removed at the end). Each side runs in its own
worker process, which loads that tree's own bench/frames.py and walks a show with its `walk_once` (the same
scenes, commands and idle-time preparation as the frame bench). The walks alternate A B, B A, A B… so a
change in the machine's load falls on both sides alike; the figures are each frame's own CPU time (the
thread's clock), which another process taking the core does not inflate. Prints, per scene: the steady
CPU median and p99, the transition CPU p99, and the transition's first frame (median over walks), each for
both sides with the ratio this / COMMIT (> 1: this tree is slower). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"1080p": (1920, 1080), "4k": (3840, 2160)}

# Runs in each side's own tree: one walk per request line «show|width|height|frames», one JSON line back.
WORKER = r"""
import importlib.util, json, os, sys
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
root = sys.argv[1]
sys.path.insert(0, root)
spec = importlib.util.spec_from_file_location("frames_bench", os.path.join(root, "bench", "frames.py"))
frames = importlib.util.module_from_spec(spec)
spec.loader.exec_module(frames)
import pygame
pygame.init()
shows = {name: (config, make_engine, scenes) for name, config, make_engine, scenes in frames.shows()}
print("@@" + json.dumps({"shows": list(shows)}), flush=True)
for line in sys.stdin:
    show, w, h, count = line.strip().split("|")
    config, make_engine, scenes = shows[show]
    out = [list(row) for row in frames.walk_once((int(w), int(h)), int(count), config, make_engine, scenes)]
    print("@@" + json.dumps(out), flush=True)
"""


class Side:
    """One tree's worker process."""

    def __init__(self, label: str, root: Path) -> None:
        self.label = label
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER, str(root)], cwd=root, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.shows: list[str] = json.loads(self._line())["shows"]

    def _line(self) -> str:
        assert self.proc.stdout is not None
        while True:  # anything else a worker prints (pygame's greeting, a warning) is not an answer
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"{self.label}: the worker stopped (see its error above)")
            if line.startswith("@@"):
                return line[2:]

    def walk(self, show: str, size: tuple[int, int], frames: int) -> list[tuple[str, str, float]]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{show}|{size[0]}|{size[1]}|{frames}\n")
        self.proc.stdin.flush()
        return [(name, kind, value) for name, kind, value in json.loads(self._line())]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def summary(walks: list[list[tuple[str, str, float]]]) -> dict[str, tuple[float, float, float, float]]:
    """Per scene: steady CPU median and p99, transition CPU p99, the transition's first frame (CPU, median
    over walks)."""
    steady: dict[str, list[float]] = defaultdict(list)
    moving: dict[str, list[float]] = defaultdict(list)
    first: dict[str, list[float]] = defaultdict(list)
    for rows in walks:
        seen: set[str] = set()
        for name, kind, value in rows:
            if kind == "cpu_steady":
                steady[name].append(value)
            elif kind == "cpu_transition":
                moving[name].append(value)
                if name not in seen:
                    seen.add(name)
                    first[name].append(value)
    names = list(dict.fromkeys(name for name, _, _ in walks[0])) if walks else []
    return {name: (percentile(steady[name], 50), percentile(steady[name], 99), percentile(moving[name], 99),
                   statistics.median(first[name]) if first[name] else float("nan")) for name in names}


def ratio(a: float, b: float) -> str:
    return f"{a / b:5.2f}" if b == b and a == a and b > 0 else "    -"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit", help="the commit to compare with (e.g. the one before your change)")
    parser.add_argument("--format", action="append", help="only this show (demo, svoyak, brainring, duel, ...)")
    parser.add_argument("--size", choices=sorted(SIZES), action="append", help="only this size (1080p, 4k)")
    parser.add_argument("--walks", type=int, default=3, help="walks of each show on each side (3)")
    parser.add_argument("--frames", type=int, default=60, help="frames a scene in a walk (60)")
    parser.add_argument("--tree", help="COMMIT's files already on disk (`git archive COMMIT | tar -x -C DIR`): "
                                       "no git worktree is made")
    args = parser.parse_args()
    sha = subprocess.run(["git", "rev-parse", "--short", args.commit], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    here = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.strip()
    this = here + ("+changes" if dirty else "")
    folder = Path(tempfile.mkdtemp(prefix="quizshow-ab-"))
    tree = Path(args.tree) if args.tree else folder / sha
    if not args.tree:
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), sha], cwd=ROOT, check=True)
    sides: list[Side] = []
    try:
        sides.append(Side(this, ROOT))
        sides.append(Side(sha, tree))
        shows = [s for s in sides[0].shows if s in sides[1].shows and (not args.format or s in args.format)]
        sizes = [SIZES[s] for s in (args.size or ["1080p", "4k"])]
        print(f"A/B frame walks: this tree ({this}) against {sha}; {args.walks} walk(s) a side of each show, "
              f"{args.frames} frames a scene, interleaved; CPU ms ({os.cpu_count()} cores, "
              f"load average {os.getloadavg()[0]:.2f} at the start)")
        print(f"ratio = this / {sha}: above 1 this tree is slower\n")
        for show in shows:
            for size in sizes:
                runs: dict[str, list[list[tuple[str, str, float]]]] = {side.label: [] for side in sides}
                for k in range(args.walks):
                    for side in (sides if k % 2 == 0 else sides[::-1]):  # A B, B A, ...: drift falls on both
                        runs[side.label].append(side.walk(show, size, args.frames))
                a, b = summary(runs[this]), summary(runs[sha])
                print(f"{show} {size[0]}x{size[1]} (load average {os.getloadavg()[0]:.2f})")
                head = [("steady median", ""), ("steady p99", ""), ("transition p99", ""), ("first frame", "")]
                print(f"  {'scene':24}" + "".join(f" {h:>22} {'ratio':>5}" for h, _ in head))
                print(f"  {'':24}" + f" {'this':>10} {sha:>11} {'':5}" * len(head))
                for name in a:
                    mine, theirs = a[name], b.get(name, (float("nan"),) * 4)
                    print(f"  {name[:24]:24}" + "".join(f" {x:10.2f} {y:11.2f} {ratio(x, y):>5}"
                                                        for x, y in zip(mine, theirs, strict=True)))
                print()
        print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    finally:
        for side in sides:
            side.close()
        if not args.tree:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
