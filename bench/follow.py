"""Follower screens (docs/screens.md): how soon a follower shows what the main show did, how fast a
follower started late catches up, and what followers and overlays cost the main show.

1. Command → follower's frame over loopback: a headless main show (its web server, a follow passcode) and
   a follower in the same process on a thread of its own (the real stream client, replica and follower of
   runtime/follow/client.py, a projector drawing 1280×720 offscreen): a score change submitted on the main show
   (journalled, fsync included) → the follower has applied its line → and drawn the frame; p50 / p99.
2. Catch-up: a journal of N lines (score changes) written beforehand; the main show resumes it; a
   follower starts: it loads the main show's snapshot (made when asked) and replays the lines after it
   (`--from-line-1`: also without the snapshot, every line from line 1): seconds until it is in step.
   And the same for a follower process launched (`main.py --follow --headless`) on a main show process:
   seconds to its files loaded, and to «in step».
3. Cost: the main show as a process of its own (headless, `main.py`), score changes coming over OSC at
   `--rate` a second; its CPU (% of one core, from /proc) over `--seconds` alone, then with four follower
   processes (`--follow --headless`) and two overlay readers (WS /overlay/ws) connected.

    python bench/follow.py                  # 300 commands, a 100,000-line day, 2 × 30 s of cost
    python bench/follow.py --commands 100 --lines 20000 --seconds 60 --from-line-1
    python bench/follow.py --skip latency cost

The 1-minute load average is printed beside each figure (the machine may be shared).
Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import queue
import re
import shutil
import statistics
import subprocess
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

from quizshow import registry  # noqa: E402
from quizshow.app import ShowApp  # noqa: E402
from quizshow.assemble import make_format  # noqa: E402
from quizshow.config import load_show  # noqa: E402
from quizshow.core import commands as c  # noqa: E402
from quizshow.core.clock import SYSTEM  # noqa: E402
from quizshow.core.journal import Cursor, advance, command_line, encode_line, header_line  # noqa: E402
from quizshow.display.follow_view import FollowScreen  # noqa: E402
from quizshow.display.projector.projector import Projector  # noqa: E402
from quizshow.display.text import TextCache  # noqa: E402
from quizshow.display.theme import load_theme  # noqa: E402
from quizshow.house_words import show_words  # noqa: E402
from quizshow.runtime.follow.client import PHRASES, Follower, Replica, Stream  # noqa: E402
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


class BenchFollower:
    """The follower's receiving side on a thread (runtime/follow/client.py's Stream, Replica and Follower, as
    `--follow` runs them): applies what comes, draws a frame, notes when."""

    def __init__(self, app: ShowApp, base: str, draw: bool, use_snapshot: bool = True) -> None:
        self.replica = Replica(make_format(app.config), SYSTEM)
        self.stream = Stream(base, PASSCODE)
        self.stream.use_snapshot = use_snapshot
        self.told: list[str] = []
        self.follower = Follower(self.stream, self.replica, lambda events, at: None, base, self.told.append)
        self.applied: dict[int, float] = {}  # line number → perf_counter when it was on the follower's frame
        self.in_step = threading.Event()
        self.draw = draw
        if draw:
            theme = load_theme(app.config.theme)
            text = TextCache(theme.fonts)
            spec = registry.spec(app.config.format)  # a follower's words: the house's, the format's, its own
            words = show_words("ru", spec.phrases, PHRASES, refusals=spec.refusals)
            projector = Projector(self.replica.format, theme, app.config.title, words, text,
                                  registry.views(app.config.format), sound=False)
            self.screen = FollowScreen(projector, theme, text, words, self.replica.format)
            self.surface = pygame.Surface((1280, 720))
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.running = True

    def start(self) -> BenchFollower:
        self.stream.start()
        self.thread.start()
        return self

    def _run(self) -> None:
        while self.running:
            self.stream.wake.wait(0.05)
            self.stream.wake.clear()
            before = self.replica.lines
            self.follower.take()
            if self.replica.lines != before:
                if self.draw and self.replica.engine is not None:
                    self.screen.draw(self.surface, self.replica.engine.state, self.replica.now(), True)
                self.applied[self.replica.lines] = time.perf_counter()
            if self.follower.in_step():
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
        follower = BenchFollower(app, base, draw=True).start()
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


def catch_up(lines: int, use_snapshot: bool) -> tuple[float, bool, str]:
    """Seconds from a follower's start to «in step» on a main show resumed from a journal of `lines` lines;
    whether it shows the same scores; the first thing it said (the snapshot's line)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        journal = folder / "day.jsonl"
        write_journal(journal, str((folder / "bench.yaml").resolve()), lines)
        app, base = start_app(folder, journal, fresh=False)
        try:
            assert app.journal._lines == lines, (app.journal._lines, lines)
            started = time.perf_counter()
            follower = BenchFollower(app, base, draw=False, use_snapshot=use_snapshot).start()
            assert follower.in_step.wait(120), "the follower never got in step"
            took = time.perf_counter() - started
            follower.stop()
            with app.lock:
                same = [t.score for t in app.engine.state.teams] == \
                    [t.score for t in follower.replica.engine.state.teams]  # type: ignore[union-attr]
            return took, same, (follower.told or ["?"])[0]
        finally:
            app.close()


# --- what followers and overlays cost the main show ------------------------------------------------------


class Child:
    """A process of quizshow whose stderr lines are read by a thread."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], stderr=subprocess.PIPE,
                                     text=True, env=env)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(x) for x in self.proc.stderr or ()], daemon=True).start()

    def wait_line(self, pattern: str, timeout: float = 120) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                found = re.search(pattern, self.lines.get(timeout=0.5))
            except queue.Empty:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"ended before «{pattern}»") from None
                continue
            if found:
                return found
        raise RuntimeError(f"no «{pattern}» within {timeout} s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def window(pid: int, seconds: float) -> tuple[float, float]:
    """(% of one core the process used over `seconds`, the 1-minute load average at the end)."""
    before, start = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    used, took = cpu_seconds(pid) - before, time.monotonic() - start
    return 100 * used / took, os.getloadavg()[0]


def overlays(host: str, port: int, count: int, stop: threading.Event) -> None:
    """`count` overlay readers (WS /overlay/ws) reading every snapshot until `stop`."""
    import aiohttp

    async def go() -> None:
        async with aiohttp.ClientSession() as session:
            sockets = [await session.ws_connect(f"http://{host}:{port}/overlay/ws") for _ in range(count)]

            async def read(ws: aiohttp.ClientWebSocketResponse) -> None:
                async for _ in ws:
                    pass

            tasks = [asyncio.ensure_future(read(ws)) for ws in sockets]
            while not stop.is_set():
                await asyncio.sleep(0.2)
            for task in tasks:
                task.cancel()

    asyncio.run(go())


def launched(lines: int) -> tuple[float, float, str]:
    """A follower process launched (`main.py --follow --headless`) on a main show process resumed from a
    journal of `lines` lines: seconds to its «following» line (Python, pygame, the show's files) and to
    «in step» (plus the snapshot and the tail); the line it is in step at."""
    folder = Path(tempfile.mkdtemp(prefix="follow-bench-"))
    show = make_show(folder)
    journal = folder / "day.jsonl"
    write_journal(journal, str(show.resolve()), lines)
    main = Child(str(show), "--headless", "--web-port", "0", "--journal", str(journal))
    children = [main]
    try:
        web = main.wait_line(r"web: listening on ([\d.]+):(\d+)", timeout=600)
        started = time.perf_counter()
        follower = Child("--follow", f"http://127.0.0.1:{web[2]}", "--passcode", PASSCODE, "--headless")
        children.append(follower)
        follower.wait_line(r"follow: following ")
        loaded = time.perf_counter() - started
        at = follower.wait_line(r"follow: in step at line (\d+)")
        return loaded, time.perf_counter() - started, at[1]
    finally:
        for child in children:
            child.stop()
        shutil.rmtree(folder, ignore_errors=True)


def cost(seconds: float, rate: float, followers: int, readers: int) -> list[tuple[str, float, float]]:
    """The main show (a process of its own, headless) with score changes coming over OSC at `rate` a
    second: the % of a core it uses alone, then with `followers` followers and `readers` overlay readers."""
    from pythonosc.udp_client import SimpleUDPClient

    folder = Path(tempfile.mkdtemp(prefix="follow-bench-"))
    show = make_show(folder)
    show.write_text(show.read_text(encoding="utf-8") + '  osc: {listen: "127.0.0.1:0", rate_limit: 10000}\n',
                    encoding="utf-8")
    main = Child(str(show), "--headless", "--osc-port", "0", "--web-port", "0", "--journal", str(folder / "j.jsonl"))
    children = [main]
    stop = threading.Event()
    try:
        osc = main.wait_line(r"osc: listening on ([\d.]+):(\d+)")
        web = main.wait_line(r"web: listening on ([\d.]+):(\d+)")
        desk = SimpleUDPClient(osc[1], int(osc[2]))

        def flow() -> None:
            n = 0
            while not stop.wait(1 / rate):
                desk.send_message(f"/quiz/team/{n % 3 + 1}/score/add", 1 if n % 4 else -2)
                n += 1

        threading.Thread(target=flow, daemon=True).start()
        time.sleep(3)  # started, the flow steady
        rows = [("the main show alone", *window(main.proc.pid, seconds))]
        base = f"http://127.0.0.1:{web[2]}"
        for _ in range(followers):
            children.append(Child("--follow", base, "--passcode", PASSCODE, "--headless"))
        for child in children[1:]:
            child.wait_line(r"follow: in step at line \d+")
        threading.Thread(target=overlays, args=("127.0.0.1", int(web[2]), readers, stop), daemon=True).start()
        time.sleep(3)
        rows.append((f"with {followers} followers and {readers} overlay readers", *window(main.proc.pid, seconds)))
        return rows
    finally:
        stop.set()
        for child in children:
            child.stop()
        shutil.rmtree(folder, ignore_errors=True)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--from-line-1", action="store_true", help="also the catch-up without the snapshot")
    parser.add_argument("--seconds", type=float, default=30.0, help="each window of the cost measure")
    parser.add_argument("--rate", type=float, default=5.0, help="score changes a second during the cost measure")
    parser.add_argument("--skip", nargs="*", default=[], choices=["latency", "catch-up", "launch", "cost"])
    args = parser.parse_args()
    pygame.init()
    load = lambda: f"load {os.getloadavg()[0]:.1f}"  # noqa: E731
    if "latency" not in args.skip:
        times = latency(args.commands)
        print(f"{'command journalled → follower applied + drew (ms)':<60} p50 {statistics.median(times):6.2f}  "
              f"p99 {pct(times, 99):6.2f}  max {max(times):6.2f}   ({load()})", flush=True)
    if "catch-up" not in args.skip:
        for use_snapshot in (True, False) if args.from_line_1 else (True,):
            took, same, said = catch_up(args.lines, use_snapshot)
            how = "from the snapshot" if use_snapshot else "from line 1"
            print(f"{f'catch-up of a {args.lines:,}-line day, {how} (s)':<60} {took:6.2f}   "
                  f"{'same state' if same else 'STATE DIFFERS'} ({load()}; it said: {said})", flush=True)
    if "launch" not in args.skip:
        loaded, took, at = launched(args.lines)
        print(f"{f'a follower process launched on a {args.lines:,}-line day → in step (s)':<60} {took:6.2f}   "
              f"(of which {loaded:.2f} s to its files; in step at line {at}; {load()})", flush=True)
    if "cost" not in args.skip:
        rows = cost(args.seconds, args.rate, 4, 2)
        for what, used, average in rows:
            print(f"{f'main show CPU, {what} (% of a core)':<60} {used:6.1f}   "
                  f"({args.rate:g} changes/s, {args.seconds:g} s, load {average:.1f})", flush=True)
        print(f"{'cost of 4 followers and 2 overlays on the main show (% of a core)':<60} "
              f"{rows[1][1] - rows[0][1]:6.1f}", flush=True)


if __name__ == "__main__":
    main()
