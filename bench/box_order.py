"""Order accuracy of the QBX/1 firmware (firmware/qbx-avr) in a simulated chip, read by the show: pairs of
presses on two inputs, a known gap apart, which first at random; is the first press first in the box's own
stamps, and in the show's press log (the BoxDriver converting the box's clock to show time, the engine's
PressLog ordering the two)?

    python bench/box_order.py                 # 10,000 pairs, about three minutes
    python bench/box_order.py --pairs 2000

The chip runs in real time on a pseudo-terminal (the driver measures and follows its clock as it would a
real box's); four pairs at a time on inputs 1–2, 3–4, 5–6, 7–8, one round every 60 ms (each input's 20 ms
debounce lockout is over before its next press). Needs gcc-avr, avr-libc, simavr, libsimavr-dev. Prints a
table; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quizshow.config import SerialConfig  # noqa: E402
from quizshow.core.clock import ShowClock  # noqa: E402
from quizshow.core.presslog import Press, PressLog  # noqa: E402
from quizshow.inputs.messages import BoxPress  # noqa: E402
from quizshow.inputs.serialbox import BoxDriver  # noqa: E402
from quizshow.tools import boxsim  # noqa: E402

GAPS_US = (1, 2, 3, 5, 10, 20, 50, 100, 300, 1000, 5000)
ROUND_US = 60_000
SLOT_US = 12_000  # the four pairs of a round start this far apart
RELEASE_US = 50_000
START_US = 5_000_000  # the driver has found the box and measured its clock by then


@dataclass(frozen=True)
class Pair:
    first: int  # input pressed first
    second: int
    gap_us: int


def plan(pairs: int, rng: random.Random) -> tuple[list[Pair], list[str]]:
    """The pairs, each gap as often as the others, and the simulator's script (absolute simulated times)."""
    chosen = [Pair(0, 0, GAPS_US[i % len(GAPS_US)]) for i in range(pairs)]
    rng.shuffle(chosen)
    made, script = [], []
    for index, pair in enumerate(chosen):
        slot, round_at = index % 4, START_US + (index // 4) * ROUND_US
        a, b = 2 * slot + 1, 2 * slot + 2
        first, second = (a, b) if rng.random() < 0.5 else (b, a)
        at = round_at + slot * SLOT_US
        script += [f"@{at} press {first}", f"@{at + pair.gap_us} press {second}",
                   f"@{round_at + RELEASE_US} release {first}", f"@{round_at + RELEASE_US} release {second}"]
        made.append(Pair(first, second, pair.gap_us))
    end_us = START_US + (len(chosen) // 4 + 2) * ROUND_US
    return made, sorted(script, key=lambda line: int(line.split()[0][1:])) + [f"@{end_us} mark done"]


def by_input(presses: list[tuple[int, float]]) -> dict[int, list[float]]:
    found: dict[int, list[float]] = {}
    for number, when in presses:
        found.setdefault(number, []).append(when)
    return found


def first_in_log(first: int, second: int, times: dict[int, float]) -> int:
    """Which input the show's press log puts first (inputs as teams: a tie goes to the lower number)."""
    log = PressLog()
    for number in (first, second):
        log = log.add(Press(source_time=times[number], arrival=0.0, team=number - 1))
    assert log.first is not None
    return log.first.team + 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args(argv)
    reason = boxsim.missing()
    if reason is not None:
        print(f"box_order: {reason}", file=sys.stderr)
        return 1
    pairs, script = plan(args.pairs, random.Random(args.seed))
    with tempfile.TemporaryDirectory() as folder:
        firmware = boxsim.build(Path(folder) / "build")
        box = boxsim.SimBox(firmware, Path(folder) / "box1", realtime=True)
        shown: list[tuple[int, float]] = []
        lock = threading.Lock()

        def emit(press: BoxPress) -> None:
            with lock:
                shown.append((press.input, press.source_time))

        driver = BoxDriver(SerialConfig(id="box1", port=str(box.link)), emit, ShowClock().now)
        driver.start()
        started = time.monotonic()
        try:
            box.do(*script)
            seconds = (int(script[-1].split()[0][1:]) - START_US) / 1e6 + 10
            if not box.wait(lambda trace: "done" in trace.marks, seconds + 60):
                print("box_order: the simulation did not finish", file=sys.stderr)
                return 1
            deadline = time.monotonic() + 5
            while len(shown) < 2 * len(pairs) and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            driver.stop()
            driver.join(3)
            box.stop()
        status = driver.status
    stamped = by_input([(p.input, p.t_us) for p in box.trace.presses()])
    converted = by_input(shown)
    taken: dict[int, int] = {}
    rows: dict[int, list[int]] = {gap: [0, 0, 0, 0] for gap in GAPS_US}  # pairs, box right, show right, ties
    for pair in pairs:
        at = {n: taken.get(n, 0) for n in (pair.first, pair.second)}
        for n in at:
            taken[n] = at[n] + 1
        box_times = {n: stamped[n][at[n]] for n in at}
        show_times = {n: converted[n][at[n]] for n in at}
        row = rows[pair.gap_us]
        row[0] += 1
        row[1] += first_in_log(pair.first, pair.second, {n: float(t) for n, t in box_times.items()}) == pair.first
        row[2] += first_in_log(pair.first, pair.second, show_times) == pair.first
        row[3] += box_times[pair.first] == box_times[pair.second]
    print(f"QBX/1 firmware (avr-1.0) in simavr, read by the show: {len(pairs)} pairs in "
          f"{time.monotonic() - started:.0f} s; round trip {status.rtt_ms or 0:.1f} ms, "
          f"lost lines {status.lost_lines}, garbage {status.dropped}")
    print()
    print("| gap between the presses | pairs | first by the box's stamps | first in the show | same stamp |")
    print("|---|---|---|---|---|")
    for gap in sorted(rows, reverse=True):
        total, box_right, show_right, ties = rows[gap]
        print(f"| {gap} µs | {total} | {100 * box_right / total:.1f} % | {100 * show_right / total:.1f} % | {ties} |")
    right = {gap: rows[gap][1] == rows[gap][2] == rows[gap][0] for gap in rows}
    always = next((gap for gap in sorted(rows) if all(right[g] for g in rows if g >= gap)), None)
    print()
    print("no gap was always ordered right" if always is None else
          f"smallest gap always ordered right (it and every larger one, by the box and by the show): {always} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
