"""Resume and undo on a long journal: a «Своя игра» show journal of N lines (default 100,000), about
10 % of them undos, written through the real journal (checksums, snapshots) on a tmpfs when there is
one (the lines are O_DSYNC; a disk would only make writing it slow, not reading it).

    python bench/resume.py [--lines 100000]

Prints: seconds from launching a headless show on that journal to its first rendered frame (target
≤ 1 s, measured in a fresh process, with the snapshot and, for comparison, without it: a replay of
every line; then the restart after that one, from the snapshot its resume wrote), and the time of one
undo at several journal lengths (target ≤ 2 ms at any length).
Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
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

from quizshow.core import commands as c  # noqa: E402
from quizshow.runtime.journal.file import Journal, dispatch_journalled  # noqa: E402
from tests.conftest import svoyak_config, svoyak_engine  # noqa: E402


def command(rng: random.Random, at: float) -> c.Command:
    """A long day's mix: scores, corrections (undo), the score view, clock ticks."""
    pick = rng.random()
    if pick < 0.11:
        return c.Undo(at=at)
    if pick < 0.2:
        return c.ViewScores(at=at, on=rng.random() < 0.5)
    return c.ScoreAdd(at=at, team=rng.randrange(3), points=rng.choice([100, 200, 300, -100]))


def write_journal(path: Path, lines: int) -> tuple[int, int]:
    """A journal of about `lines` lines through the live path; (lines, undos) written."""
    journal, loaded = Journal.open(path, str(svoyak_config().path), fresh=True, seed=5)
    engine = svoyak_engine(5)
    rng = random.Random(12)
    written = undos = 0
    at = 0.0
    while written < lines - 1:
        at += 0.5
        cmd = command(rng, at)
        if dispatch_journalled(engine, journal, cmd).changed:
            written += 1
            undos += isinstance(cmd, c.Undo)
    journal.close()
    return written + 1, undos


FIRST_FRAME = ("import time; t = time.perf_counter(); import sys; sys.path.insert(0, {root!r});"
               "import pygame; pygame.init(); from pathlib import Path;"
               "from quizshow.app import ShowApp; from tests.conftest import svoyak_config;"
               "app = ShowApp(svoyak_config(), journal_path=Path({path!r}), sound=False, devices=False);"
               "s = pygame.Surface((1920, 1080)); app.projector.render(s, app.engine.state, app.clock.now());"
               "print(time.perf_counter() - t, len(app.engine.entries)); app.close()")


def first_frame(path: Path) -> tuple[float, float, int]:
    """(seconds from launch to the first frame, of which in the process after the interpreter, entries)."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME.format(root=str(ROOT), path=str(path))],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    total = time.perf_counter() - started
    inside, entries = out.stdout.split()
    return total, float(inside), int(entries)


def undo_times(lengths: list[int], samples: int = 200) -> list[tuple[int, float, float]]:
    """(commands played, median ms, max ms) of one undo (propose + commit) after each length of show."""
    engine = svoyak_engine(5)
    rng = random.Random(3)
    rows = []
    at = 0.0
    played = 0
    for length in lengths:
        while played < length:
            at += 0.5
            played += 1
            engine.dispatch(c.ScoreAdd(at=at, team=rng.randrange(3), points=100))
        spent = []
        for _ in range(samples):
            at += 0.5
            started = time.perf_counter()
            engine.dispatch(c.Undo(at=at))
            spent.append((time.perf_counter() - started) * 1000)
            engine.dispatch(c.ScoreAdd(at=at + 0.1, team=rng.randrange(3), points=100))
        rows.append((length, statistics.median(spent), max(spent)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=100_000)
    args = parser.parse_args()
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(prefix="quizshow-resume-", dir=shm if shm.is_dir() else None))
    path = folder / "journal.jsonl"
    started = time.perf_counter()
    lines, undos = write_journal(path, args.lines)
    print(f"journal: {lines} lines, {undos} undos ({undos / lines:.0%}), {path.stat().st_size / 1e6:.1f} MB, "
          f"written in {time.perf_counter() - started:.1f} s")
    print()
    print("| resume (fresh process)           | launch → first frame | of which in the app | entries |")
    print("|----------------------------------|---------------------:|--------------------:|--------:|")
    total, inside, entries = first_frame(path)
    print(f"| snapshot + tail                  | {total:18.2f} s | {inside:17.2f} s | {entries:7} |")
    snapshot = path.with_name(path.name + ".snapshot")
    snapshot.unlink()
    total, inside, entries = first_frame(path)
    print(f"| no snapshot: every line replayed | {total:18.2f} s | {inside:17.2f} s | {entries:7} |")
    # That resume wrote a snapshot (issue 23, item 3): the restart after it replays only the tail again.
    written = snapshot.exists()
    total, inside, entries = first_frame(path)
    print(f"| next restart: the resume's snap. | {total:18.2f} s | {inside:17.2f} s | {entries:7} |")
    if not written:
        print("(the resume without a snapshot wrote none: the next restart replayed every line again)")
    print()
    print("| commands played | one undo, median | one undo, max |")
    print("|----------------:|-----------------:|--------------:|")
    for length, median, worst in undo_times([1_000, 4_000, 10_000, 100_000]):
        print(f"| {length:15} | {median:13.3f} ms | {worst:10.3f} ms |")
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()


if __name__ == "__main__":
    main()
