"""Memory of a show: resident memory (RSS) after a whole walk of every format with both windows (projector
and console), at 1920×1080 and 3840×2160, and a census of the pictures reachable from the app (bytes per owner).

    python bench/memory.py                          # every format at both sizes, then the census of «Своя игра»
    python bench/memory.py --format svoyak --size 1080p --census
    python bench/memory.py --display :123           # real windows on that X display (Xvfb); headless without
    python bench/memory.py --format demo --size 4k --scenes   # each scene's RSS at its end and its highest

Each (format, size) runs in its own new process (as a show does): a ShowApp (journal, engine, projector,
console) and the windows (`display.windows.Windows`), the walk the display tests and bench/frames.py use
(`bench/frames.py`'s `shows`), each step's idle-time composing (`Projector.ahead`) and 40 frames of each
scene drawn into the projector's window and the console. RSS is read from /proc after the first frame,
after the walk and at its peak. The census follows every reference from the app, the windows and the
quizshow modules (gc.get_referents), and adds each picture's pixels (width × pitch × height; a view of a
picture counts nothing) to the owner it was first reached through. Targets (issue 28): 150 MB at 1080p,
400 MB at 4K. Asserts nothing; prints the machine's load average beside the figures.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import types
from argparse import Namespace
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = {"1080p": (1920, 1080), "4k": (3840, 2160)}
FORMATS = ["demo", "svoyak", "brainring", "written (40 teams)", "duel", "tournament"]
FRAMES = 40  # a scene's frames: its transition (~27 frames) and entrances run out


def rss_mb() -> tuple[float, float]:
    """(resident now, peak resident) in MB (MiB), from /proc/self/status."""
    now = peak = float("nan")
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    return now, peak


def surface_bytes(surface) -> int:
    """The pixels a surface owns (a subsurface owns none: its parent's are counted)."""
    if surface.get_parent() is not None:
        return 0
    return surface.get_pitch() * surface.get_height()


def census(roots: dict[str, object], depth: int = 3) -> dict[str, tuple[int, int]]:
    """Bytes and count of the pictures reachable from `roots`, by owner: the root's name and the attribute
    or global names the picture was first reached through (at most `depth` of them)."""
    import pygame

    owners: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    seen: set[int] = set()
    queue: list[tuple[object, str, int]] = [(obj, name, 1) for name, obj in roots.items()]
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, str, bytes, int, float)
    while queue:
        nxt: list[tuple[object, str, int]] = []
        for obj, label, names in queue:
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if isinstance(obj, pygame.Surface):
                entry = owners[label]
                entry[0] += surface_bytes(obj)
                entry[1] += 1
                continue
            if isinstance(obj, skip) and not (names == 1 and isinstance(obj, types.FunctionType)):
                if isinstance(obj, types.FunctionType):  # a closure may hold pictures: its cells
                    for cell in obj.__closure__ or ():
                        nxt.append((cell, label, names))
                continue
            attrs = getattr(obj, "__dict__", None) if not isinstance(obj, dict) else None
            if isinstance(attrs, dict) and names < depth:
                for key, value in attrs.items():
                    nxt.append((value, f"{label}.{key}", names + 1))
                continue
            for ref in gc.get_referents(obj):
                nxt.append((ref, label, names))
        queue = nxt
    return {k: (v[0], v[1]) for k, v in owners.items()}


def module_roots() -> dict[str, object]:
    """Every global of the quizshow modules loaded (the picture caches live there)."""
    roots: dict[str, object] = {}
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("quizshow") or module is None:
            continue
        for key, value in vars(module).items():
            if isinstance(value, types.ModuleType) or key.startswith("__"):
                continue
            if getattr(value, "__module__", name) not in (name, None) and isinstance(value, (type, types.FunctionType)):
                continue  # imported from elsewhere: counted where it lives
            roots[f"{name.removeprefix('quizshow.')}.{key}"] = value
    return roots


def one(fmt: str, size_name: str, display: str | None, want_census: bool) -> dict:
    """A show of `fmt` walked at `size_name` in this process: its RSS figures and (if asked) its census."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if display:
        os.environ["DISPLAY"] = display
        os.environ.pop("SDL_VIDEODRIVER", None)
    else:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as the app runs
    try:  # as the app does (runtime/memory/trim.py; a tree from before has none)
        from quizshow.runtime.memory.trim import tune_allocator
    except ImportError:
        pass
    else:
        tune_allocator()
    import pygame

    pygame.init()
    from quizshow.app import ShowApp
    from quizshow.display.windows import Windows

    start_rss = rss_mb()[0]  # the interpreter, pygame and the show's modules
    from bench.frames import shows

    size = SIZES[size_name]
    found = [s for s in shows() if s[0] == fmt]
    bench_mb = rss_mb()[0] - start_rss  # the walks' modules (tests/, pytest): no show loads them
    if not found:
        raise SystemExit(f"no format {fmt!r}: one of {', '.join(FORMATS)}")
    _, config, make_engine, scenes = found[0]
    seed = getattr(make_engine(), "seed", None)
    folder = Path(tempfile.mkdtemp(prefix="quizshow-memory-"))
    app = ShowApp(config, journal_path=folder / "journal.jsonl", sound=False, devices=False,
                  seed=seed if isinstance(seed, int) else 7)
    args = Namespace(size=size, display=None, console_display=None, no_console=False, fullscreen=False)
    windows = Windows(args, config.title, headless=not display)
    projector_surface = (lambda: windows.projector.get_surface()) if windows.projector else (lambda: windows.offscreen)
    console_surface = windows.console.get_surface() if windows.console else pygame.Surface((1280, 800))

    def draw(now: float) -> None:
        pygame.event.pump()
        target = projector_surface()
        app.projector.render(target, app.engine.state, now)
        app.console.render(console_surface, now, app.status, target)
        if windows.projector is not None:
            windows.projector.flip()
        if windows.console is not None:
            windows.console.flip()

    now = 0.0
    draw(now)
    first = rss_mb()[0]
    per_scene: list[tuple[str, float, float, str]] = []  # (scene, RSS at its end, its highest, where)
    for name, commands in scenes:
        high, where = rss_mb()[0], "start"
        for cmd in commands:
            while app.projector.ahead(app.engine.state, app.engine.propose, now, size):
                if rss_mb()[0] > high:
                    high, where = rss_mb()[0], "idle"
            app.submit(cmd)
            now = max(now, cmd.at)
        for i in range(FRAMES):
            draw(now + i / 60)
            if rss_mb()[0] > high:
                high, where = rss_mb()[0], f"frame {i}"
        now += FRAMES / 60 + 1
        per_scene.append((name, rss_mb()[0], high, where))
    after, peak = rss_mb()
    result = {"format": fmt, "size": size_name, "windows": "Xvfb" if display else "headless",
              "start": start_rss, "bench": bench_mb, "first": first, "after": after, "peak": peak,
              "load": os.getloadavg()[0], "scenes": per_scene}
    if want_census:
        roots: dict[str, object] = {"app": app, "windows": windows}
        roots.update(module_roots())
        result["census"] = census(roots)
        result["surfaces_total"] = sum(b for b, _ in result["census"].values())
    app.close()
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()
    return result


def run(fmt: str, size: str, display: str | None, want_census: bool) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--one", "--format", fmt, "--size", size]
    if display:
        cmd += ["--display", display]
    if want_census:
        cmd.append("--census")
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=False)
    if out.returncode:
        raise SystemExit(f"{fmt} {size}: failed\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def print_census(result: dict, top: int) -> None:
    rows = sorted(result["census"].items(), key=lambda kv: -kv[1][0])
    total = result["surfaces_total"]
    show = result["after"] - result["bench"]
    print(f"census: {result['format']} {result['size']} ({result['windows']}), after the walk: pictures reachable "
          f"{total / 2**20:.1f} MB of the show's RSS {show:.0f} MB (load average {result['load']:.2f})")
    print("| owner | MB | pictures |\n|---|---:|---:|")
    for owner, (nbytes, count) in rows[:top]:
        if nbytes < 64 * 1024:
            break
        print(f"| `{owner}` | {nbytes / 2**20:.1f} | {count} |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--format", help="one format: " + ", ".join(FORMATS))
    parser.add_argument("--size", choices=sorted(SIZES), help="one size (both without)")
    parser.add_argument("--display", help="an X display for real windows (e.g. :123, Xvfb); headless without")
    parser.add_argument("--census", action="store_true", help="a census for every run (default: «Своя игра» only)")
    parser.add_argument("--top", type=int, default=25, help="owners printed in a census")
    parser.add_argument("--scenes", action="store_true", help="RSS after each scene and its highest in it")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.format, args.size, args.display, args.census)))
        return
    formats = [args.format] if args.format else FORMATS
    sizes = [args.size] if args.size else list(SIZES)
    print(f"quizshow memory, both windows ({'X display ' + args.display if args.display else 'headless'}), "
          f"{FRAMES} frames a scene; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start\n")
    print("RSS of the show: the process's less what the bench's own imports (the walks' tests/ modules, pytest)")
    print("took; «start-up»: the interpreter, pygame and the show's modules.\n")
    print("| format | size | start-up MB | first frame MB | after the walk MB | peak MB | (bench imports MB) | load |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    censuses = []
    for fmt in formats:
        for size in sizes:
            want = args.census or (fmt == "svoyak" and not args.format)
            r = run(fmt, size, args.display, want)
            b = r["bench"]
            print(f"| {fmt} | {size} | {r['start']:.0f} | {r['first'] - b:.0f} | {r['after'] - b:.0f} | "
                  f"{r['peak'] - b:.0f} | {b:.0f} | {r['load']:.2f} |", flush=True)
            if want:
                censuses.append(r)
            if args.scenes:
                b = r["bench"]
                for scene, end, high, where in r["scenes"]:
                    print(f"|   {scene} | | | {end - b:.0f} | {high - b:.0f} ({where}) | | |", flush=True)
    print()
    for r in censuses:
        print_census(r, args.top)


if __name__ == "__main__":
    main()
