"""The first frame after a press at 3840×2160, the buzz flash at its brightest (the frame bench's walks draw a
press's scene seconds after it, the flash over): a fresh projector a run, started and given its idle time as
the app does, a question open, then one press and its frame. Prints each run's CPU ms (the thread's clock)
and the flash's part, with the load average. Asserts nothing.

    python bench/press_frame.py                        # «Брейн-ринг», the duel and the demo, 3 runs each
    python bench/press_frame.py --format duel --runs 5
    python bench/press_frame.py --tree DIR              # another tree's files (`git archive C | tar -x -C DIR`)

Compare two trees by running both, one after the other, a few times (the machine may be shared).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
parser = argparse.ArgumentParser()
parser.add_argument("--tree", help="the tree whose code runs (this one by default)")
parser.add_argument("--format", action="append", choices=("brainring", "duel", "demo"))
parser.add_argument("--runs", type=int, default=3)
args = parser.parse_args()
ROOT = Path(args.tree or Path(__file__).resolve().parent.parent).resolve()
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)

import pygame  # noqa: E402

SIZE = (3840, 2160)


def show(name: str):
    """(config, engine, the walk, the step to stop after, a press at a time)."""
    from quizshow.core import commands as c

    if name == "brainring":
        from tests import brainring_display_kit as ring
        return ring.config(), ring.engine(), ring.walk(), "clock", lambda at: c.Buzz(at=at, team=0, player=3)
    if name == "duel":
        from tests import duel_display_kit as duel
        return (duel.config(), duel.show_engine(), duel.mockup_walk(), "reading",
                lambda at: c.Buzz(at=at, team=0, player=2, source_time=at))
    from tests.conftest import demo_config, demo_engine
    return demo_config(), demo_engine(), [("question", [c.Go(at=1.0)])], "question", lambda at: c.Buzz(at=at, team=1)


def one(name: str) -> tuple[float, float]:
    """A press's first frame: (its CPU ms, the flash's)."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from quizshow.house_words import show_words
    from quizshow.registry import spec as registry_spec
    from quizshow.registry import views as registry_views

    config, engine, walk, stop, press = show(name)
    spec = registry_spec(engine.format.id)
    words = show_words(config.language, spec.phrases, refusals=spec.refusals)
    projector = Projector(engine.format, load_theme(config.theme), config.title, words,
                          views=registry_views(engine.format.id))
    surface = pygame.Surface(SIZE)
    now = 0.0
    projector.start(surface, engine.state, now)
    for step, commands in walk:
        for cmd in commands:
            while projector.ahead(engine.state, engine.propose, cmd.at, SIZE):
                pass
            projector.on_events(engine.dispatch(cmd).events, cmd.at)
            now = max(now, cmd.at)
        projector.render(surface, engine.state, now)
        projector.render(surface, engine.state, now + 3)
        now += 3
        if step == stop:
            break
    while projector.ahead(engine.state, engine.propose, now, SIZE):
        pass
    projector.render(surface, engine.state, now + 0.5)
    at = now + 1
    out = engine.dispatch(press(at))
    assert out.refused is None, out.refused
    projector.on_events(out.events, at)
    flash: list[float] = []
    look = type(projector.look)  # what goes on air draws the flash
    real = look.draw_flash

    def timed(self, *a):
        started = time.thread_time()
        real(self, *a)
        flash.append((time.thread_time() - started) * 1000)

    look.draw_flash = timed  # type: ignore[method-assign]
    try:
        started = time.thread_time()
        projector.render(surface, engine.state, at)
        return (time.thread_time() - started) * 1000, sum(flash)
    finally:
        look.draw_flash = real  # type: ignore[method-assign]


def main() -> None:
    from quizshow.runtime.memory.trim import tune_allocator

    tune_allocator()
    pygame.init()
    print(f"a press's first frame at {SIZE[0]}x{SIZE[1]}, CPU ms, tree {ROOT} "
          f"(load average {os.getloadavg()[0]:.2f})")
    for name in args.format or ["brainring", "duel", "demo"]:
        runs = [one(name) for _ in range(args.runs)]
        frames = [f for f, _ in runs]
        print(f"  {name:10} frame {' '.join(f'{f:5.1f}' for f in frames)}  median {statistics.median(frames):5.1f}"
              f"  flash {' '.join(f'{x:4.1f}' for _, x in runs)}  (load {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
