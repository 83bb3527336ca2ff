"""Follower screens (docs/screens.md): how soon a follower shows what the main show did, and how fast a
follower started late catches up.

1. Command → follower's frame over loopback: a headless main show (its web server, a follow passcode) and
   a follower in the same process on a thread of its own (the real stream client and replica of
   runtime/follow.py, a projector drawing 1280×720 offscreen): a score change submitted on the main show
   (journalled, fsync included) → the follower has applied its line → and drawn the frame; p50 / p99.
2. Catch-up: a journal of N lines (score changes) written beforehand; the main show resumes it; a
   follower connects from line 1 and replays all of it (no animations while catching up): seconds until
   it is in step.

    python bench/follow.py                  # 300 commands, a 100,000-line journal
    python bench/follow.py --commands 100 --lines 20000

Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
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

from quizshow import i18n, registry  # noqa: E402
from quizshow.app import ShowApp  # noqa: E402
from quizshow.assemble import make_format  # noqa: E402
from quizshow.config import load_show  # noqa: E402
from quizshow.core import commands as c  # noqa: E402
from quizshow.core.journal import Cursor, advance, command_line, encode_line, header_line  # noqa: E402
from quizshow.display.follow_view import FollowScreen  # noqa: E402
from quizshow.display.projector import Projector  # noqa: E402
from quizshow.display.text import TextCache  # noqa: E402
from quizshow.display.theme import load_theme  # noqa: E402
from quizshow.runtime.follow import PHRASES, Replica, Stream  # noqa: E402
from quizshow.yamlfile import Problems  # noqa: E402

PASSCODE = "bench"


def make_show(folder: Path) -> Path:
    path = folder / "bench.yaml"
    path.write_text(f'''title: "Бенч"
format: svoyak
pack: "{ROOT / 'packs' / 'svoyak-demo.yaml'}"
teams: [{{name: "Анна"}}, {{name: "Борис"}}, {{name: "Вера"}}]
devices:
  web: {{listen: "127.0.0.1:8080", follow_passcode: "{PASSCODE}"}}
''', encoding="utf-8")
    return path


class Follower:
    """The follower's receiving side on a thread: applies each line, draws a frame, notes when."""

    def __init__(self, app: ShowApp, base: str, draw: bool) -> None:
        self.replica = Replica(make_format(app.config))
        self.stream = Stream(base, PASSCODE)
        self.applied: dict[int, float] = {}  # line number → perf_counter when it was on the follower's frame
        self.main_lines = -1
        self.in_step = threading.Event()
        self.draw = draw
        if draw:
            theme = load_theme(app.config.theme)
            text = TextCache(theme.fonts)
            projector = Projector(self.replica.format, theme, app.config.title, "ru", text,
                                  registry.views(app.config.format), sound=False)
            self.screen = FollowScreen(projector, theme, text, "ru", self.replica.format)
            self.surface = pygame.Surface((1280, 720))
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.running = True

    def start(self) -> Follower:
        self.stream.start()
        self.thread.start()
        return self

    def _run(self) -> None:
        while self.running:
            self.stream.wake.wait(0.05)
            self.stream.wake.clear()
            while not self.stream.items.empty():
                item = self.stream.items.get()
                if item.kind == "lines":
                    quiet = len(item.lines) > 64
                    for number, raw in enumerate(item.lines, start=item.first):
                        if number > self.replica.lines:
                            self.replica.apply(raw, quiet)
                    if self.draw and self.replica.engine is not None:
                        self.screen.draw(self.surface, self.replica.engine.state, self.replica.now(), True)
                    self.applied[self.replica.lines] = time.perf_counter()
                elif item.kind == "at":
                    self.main_lines = item.number
                if self.replica.lines == self.main_lines:
                    self.in_step.set()

    def stop(self) -> None:
        self.running = False
        self.stream.stop()


def start_app(folder: Path, journal: Path, fresh: bool) -> tuple[ShowApp, str]:
    config = load_show(make_show(folder), Problems())
    assert config is not None
    app = ShowApp(config, journal_path=journal, fresh=fresh, sound=False, devices=False, web=True, web_port=0)
    assert app.web is not None
    return app, f"http://127.0.0.1:{app.web.address[1]}"


def latency(commands: int) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        app, base = start_app(Path(tmp), Path(tmp) / "j.jsonl", fresh=True)
        follower = Follower(app, base, draw=True).start()
        try:
            assert follower.in_step.wait(30), "the follower never got in step"
            times = []
            for n in range(commands):
                follower.in_step.clear()
                sent = time.perf_counter()
                with app.lock:
                    app.submit(c.ScoreAdd(at=app.now(), team=n % 3, points=10))
                line = app.journal._lines
                deadline = time.monotonic() + 10
                while line not in follower.applied and time.monotonic() < deadline:
                    follower.in_step.wait(0.5)
                    follower.in_step.clear()
                times.append((follower.applied[line] - sent) * 1000)
                time.sleep(0.01)  # one change at a time, as on a show
            return times
        finally:
            follower.stop()
            app.close()


def write_journal(path: Path, show_id: str, lines: int) -> None:
    cursor = Cursor()
    out = bytearray()
    first = encode_line(header_line(show_id, 1, time.time()), cursor)
    advance(cursor, first)
    out += first
    for n in range(lines - 1):
        line = encode_line(command_line(c.ScoreAdd(at=1.0 + n * 0.01, team=n % 3, points=1), time.time()), cursor)
        advance(cursor, line)
        out += line
    path.write_bytes(bytes(out))


def catch_up(lines: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        journal = folder / "day.jsonl"
        write_journal(journal, str((folder / "bench.yaml").resolve()), lines)
        app, base = start_app(folder, journal, fresh=False)
        try:
            assert app.journal._lines == lines, (app.journal._lines, lines)
            started = time.perf_counter()
            follower = Follower(app, base, draw=False).start()
            assert follower.in_step.wait(120), "the follower never got in step"
            took = time.perf_counter() - started
            follower.stop()
            with app.lock:
                same = [t.score for t in app.engine.state.teams] == \
                    [t.score for t in follower.replica.engine.state.teams]  # type: ignore[union-attr]
            return took, 1.0 if same else 0.0
        finally:
            app.close()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--lines", type=int, default=100_000)
    args = parser.parse_args()
    pygame.init()
    i18n.add_phrases(PHRASES)
    times = latency(args.commands)
    took, same = catch_up(args.lines)
    print(f"{'measure':<52} {'p50':>9} {'p99':>9} {'max':>9}")
    print(f"{'command journalled → follower applied + drew (ms)':<52} {statistics.median(times):9.2f} "
          f"{pct(times, 99):9.2f} {max(times):9.2f}")
    print(f"{f'catch-up of a {args.lines:,}-line journal from line 1 (s)':<52} {took:9.2f}"
          f"{'':>20}  {'same state' if same else 'STATE DIFFERS'}")


if __name__ == "__main__":
    main()
