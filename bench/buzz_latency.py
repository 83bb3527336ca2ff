"""Buzzer latency: a press written into the box emulator's terminal → the buzz effect in the engine,
and → the end of the first projector frame that shows it (where the window loop flips it, before it draws
the console). A headless «Своя игра» show with one QBX/1 box; the emulator runs in its own process, as a
real box is its own device, and reports when each press line went into the terminal (CLOCK_MONOTONIC is
the same clock in both processes).

    python bench/buzz_latency.py            # 1,000 presses
    python bench/buzz_latency.py --presses 200

Targets (2-core reference machine): ≤ 2 ms p99 to the engine (journalled, fsync included), ≤ one
frame (16.7 ms) p99 to the screen. Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
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

from quizshow.app import ShowApp  # noqa: E402
from quizshow.config import load_show  # noqa: E402
from quizshow.core import commands as c  # noqa: E402
from quizshow.core.effects import EventKind  # noqa: E402
from quizshow.display.windows import CONSOLE_SIZE, FPS  # noqa: E402
from quizshow.formats.svoyak import commands as sc  # noqa: E402
from quizshow.launch import SWITCH_INTERVAL_S  # noqa: E402
from quizshow.yamlfile import Problems  # noqa: E402

# The box: a FakeBox in a second process. On `press N DELAY` from the bench it waits DELAY seconds (so
# presses fall anywhere in a frame), writes the press into the terminal and prints when it did.
BOX = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from quizshow.core.clock import SYSTEM
from quizshow.tools.fakebox import FakeBox
box = FakeBox("box1", inputs=3, link=sys.argv[2], clock=SYSTEM).start()
print("ready", flush=True)
for line in sys.stdin:
    _, number, delay = line.split()
    time.sleep(float(delay))
    written = time.monotonic()
    box.press(int(number))
    print(written, flush=True)
box.stop()
"""


def box_show(folder: Path, link: Path | None = None) -> Path:
    """A «Своя игра» show of three players on box1's buttons 1-3, written into `folder`; the box on `link`
    (none: the presses are delivered by hand, as bench/press_path.py does)."""
    show = folder / "show.yaml"
    devices = f'devices:\n  serial:\n    - {{id: box1, port: "{link}"}}\n' if link is not None else ""
    show.write_text(f'''title: "Бенчмарк"
format: svoyak
pack: "{ROOT / 'packs' / 'svoyak-demo.yaml'}"
teams:
  - {{name: "Анна", buzzer: "box1:1"}}
  - {{name: "Борис", buzzer: "box1:2"}}
  - {{name: "Вера", buzzer: "box1:3"}}
''' + devices, encoding="utf-8")
    return show


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class TimedApp(ShowApp):
    """The real app; it notes when each buzz effect leaves the engine (journalled, committed) on its
    way to the outputs: the first of the sinks that run on the submitting thread (runtime/show/sinks.py)."""

    buzz_at: float | None = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)

        def timed(outcome, now):
            if self.buzz_at is None and any(ev.kind == EventKind.BUZZ for ev in outcome.events):
                self.buzz_at = time.monotonic()

        self.sinks.direct.insert(0, timed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=1000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="quizshow-bench-"))
    link = folder / "box1"
    box = subprocess.Popen([sys.executable, "-c", BOX, str(ROOT), str(link)], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    assert box.stdout.readline().strip() == "ready"
    show = box_show(folder, link)
    sys.setswitchinterval(SWITCH_INTERVAL_S)  # as the app does
    pygame.init()
    config = load_show(show, Problems())
    app = TimedApp(config, journal_path=folder / "journal.jsonl", fresh=True, sound=False)
    driver = app.hardware.boxes["box1"]
    deadline = time.monotonic() + 5
    while not driver.status.connected and time.monotonic() < deadline:
        time.sleep(0.01)
    for cmd in (c.Go(at=app.clock.now()), c.Go(at=app.clock.now()), sc.SelectCell(at=app.clock.now())):
        app.submit(cmd)
    surface = pygame.Surface((1920, 1080))
    console = pygame.Surface(CONSOLE_SIZE)
    to_engine: list[float] = []
    to_screen: list[float] = []

    def press(i: int) -> None:
        box.stdin.write(f"press {1 + i % 3} {0.003 + (i % 7) * 0.002}\n")
        box.stdin.flush()

    press(0)
    frame = 1 / FPS
    next_frame = time.monotonic()
    app.go_live()  # as the window loop does
    app.projector.latest = lambda: app.engine.state  # a frame of an older state is stale: it stops
    later = False
    while len(to_screen) < args.presses:
        next_frame = max(next_frame + frame, time.monotonic())
        with app.lock:
            app.tick()
        now = app.clock.now()
        state = app.engine.state  # what this frame shows: a press applied while it is drawn is the next one's
        app.projector.render(surface, state, now)
        if getattr(app.projector, "abandoned", False):  # stopped, stale: the press's frame at once instead
            app.changed.clear()
            now = app.clock.now()
            state = app.engine.state
            app.projector.render(surface, state, now)
        drawn = time.monotonic()  # the projector's frame is flipped here (the console is drawn after it)
        # The operator's window, as the loop draws it: after the projector's next frame when a press came
        # while this one was drawn (once in a row).
        later = app.changed.is_set() and not later
        if not later:
            app.console.render(console, now, app.status, surface)
        if state.answering is not None and app.buzz_at is not None:
            shown = drawn
            written = float(box.stdout.readline())
            to_engine.append((app.buzz_at - written) * 1000)
            to_screen.append((shown - written) * 1000)
            app.buzz_at = None
            with app.lock:
                app.submit(c.Undo(at=app.clock.now()))  # back to the open question for the next press
            if len(to_screen) < args.presses:
                press(len(to_screen))
        if app.inputs.empty():
            app.prepare_next(surface.get_size())
        if app.wait_inputs(next_frame):  # as the window loop: a change is drawn at once
            next_frame = time.monotonic() - frame
    app.close()
    box.stdin.close()
    box.wait(5)
    print(f"quizshow buzz latency: {args.presses} presses through a pseudo-terminal ({os.cpu_count()} cores, "
          f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())})\n")
    print(f"  {'path':34} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  target")
    print(f"  {'press → buzz effect in the engine':34} {statistics.median(to_engine):8.2f} "
          f"{percentile(to_engine, 99):8.2f} {max(to_engine):8.2f}  p99 ≤ 2 ms")
    print(f"  {'press → first frame showing it':34} {statistics.median(to_screen):8.2f} "
          f"{percentile(to_screen, 99):8.2f} {max(to_screen):8.2f}  p99 ≤ 16.7 ms")
    print(f"\n  box: lost lines {driver.status.lost_lines}, dropped {driver.status.dropped}, "
          f"round trip {driver.status.rtt_ms or 0:.2f} ms")


if __name__ == "__main__":
    main()
