"""Phones as buzzers (docs/phones.md): how fair, how fast, and what 48 of them cost the show.

1. Ordering accuracy, a pure simulation through the real clock estimator and press clamp
   (quizshow/inputs/phones/clock.py): two phones with random clocks (drifting up to ±50 ppm), connected
   0.5 s, 5 s or 1–5 min before they press, pinged on the server's real schedule (clock.ping_gaps, then
   every 2 s), every one-way trip of every message drawn from 5–150 ms independently; the second presses
   5, 10, 20 or 50 ms after the first. How often does the show put them in the thumbs' order — with the
   estimator in use, with the spec's (the least queued of the last 16), and by arrival?
2. Press → engine → ack over loopback: a real phone socket (aiohttp's client) against a headless demo
   show (journalled, fsync included), alone and with 47 more phones connected; p50 / p99.
3. The show at rest (main.py, both windows, under Xvfb :125 if installed): its process's CPU time with
   no phone, then with 48 connected and pinged (40 tables of the written quiz + 8 buzzer seats), as % of a
   core. The phones run in a process of their own.
4. Frame times: bench/frames.py's walk in a process whose web server has 48 seats, none and all connected.
5. The hold-off (issue 35): races of 2–8 phones through the real estimator, clamp and engine; how long the
   hall waits for its answerer (median, p99), and that no announcement is ever taken back.

    python bench/phones.py                               # everything: ~6 minutes
    python bench/phones.py --only order --trials 200
    python bench/phones.py --only rest --seconds 60
    python bench/phones.py --only holdoff --races 10000

Prints tables with the load average beside each figure (the machine may be shared); asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if sys.argv[1:2] != ["--serve"]:  # the show itself opens its windows (under Xvfb)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quizshow.core.format import Format  # noqa: E402
from quizshow.core.state import ShowState  # noqa: E402
from quizshow.inputs.phones.clock import (  # noqa: E402
    PING_EVERY_S,
    ClockEstimate,
    ping_gaps,
    press_time,
)

DELAY_MS: tuple[float, ...] = (5.0, 150.0)  # every one-way trip, drawn independently for every message
DRIFT_PPM = 50.0  # each phone's clock runs up to this much fast or slow against the show's
SPACINGS_MS = (5, 10, 20, 50)
# How long the phones have been connected when the question's presses come (seconds, drawn per phone).
CONNECTED = (("just joined (0.5 s)", 0.5, 0.5), ("joined 5 s before", 5.0, 5.0),
             ("connected 1–5 min (a show)", 60.0, 300.0))


def synced_clock(rng: random.Random, connected_s: float, thumb: float
                 ) -> tuple[ClockEstimate, Callable[[float], float]]:
    """One phone connected `connected_s` before show time `thumb`: its clock (a random offset, a drift of up to
    ±DRIFT_PPM) as the server measured it by then — the server's real ping schedule (clock.ping_gaps, then the
    every-2-s round at a random phase), every trip delayed independently. Returns the estimate and the phone's
    clock (ms) at a show time."""
    offset, drift = rng.uniform(-1e5, 1e5), rng.uniform(-DRIFT_PPM, DRIFT_PPM) * 1e-6

    def phone_ms(t: float) -> float:  # the phone's clock at show time t
        return (t - offset - drift * (t - thumb)) * 1000

    def delay() -> float:
        return rng.uniform(*DELAY_MS) / 1000

    clock = ClockEstimate()
    joined = thumb - connected_s
    sends, t = [], joined
    for gap in ping_gaps():
        sends.append(t)
        t += gap
    round_at = joined + rng.uniform(0, PING_EVERY_S)  # the server's round, not in step with the joining
    while round_at < thumb:
        if round_at > t:
            sends.append(round_at)
        round_at += PING_EVERY_S
    for s0 in sorted(sends):
        up, down = delay(), delay()
        if s0 + up + down < thumb:  # its pong is back before the press
            clock.add(s0, s0 + up + down, phone_ms(s0 + up))
    return clock, phone_ms


def delay(rng: random.Random) -> float:
    """One message's one-way trip (s)."""
    return rng.uniform(*DELAY_MS) / 1000


def press_times(rng: random.Random, connected_s: float, thumb: float) -> tuple[float, float, float]:
    """One phone connected `connected_s` before it presses at show time `thumb` (`synced_clock`), the press
    message delayed too. Returns the press's show time by the estimator in use, by the spec's (the least queued
    of the last 16), and its arrival."""
    clock, phone_ms = synced_clock(rng, connected_s, thumb)
    arrival = thumb + delay(rng)
    now = clock.press_time(phone_ms(thumb), arrival).at
    spec = press_time(clock.best, phone_ms(thumb), arrival).at
    return now, spec, arrival


def ordering(trials: int, spacing_ms: float, connected: tuple[float, float], seed: int) -> dict[str, float]:
    """Two phones press `spacing_ms` apart: the share of trials put in the thumbs' order by the estimator in
    use (`now`), by the spec's (`spec`) and by arrival; the mean |error| of a press time (ms) of each."""
    rng = random.Random(seed)
    right = {"now": 0, "spec": 0, "arrival": 0}
    errors: dict[str, list[float]] = {"now": [], "spec": []}
    for _ in range(trials):
        first = 1000.0 + rng.uniform(0, 1)
        thumbs = (first, first + spacing_ms / 1000)
        placed = [press_times(rng, rng.uniform(*connected), thumb) for thumb in thumbs]
        for i, key in enumerate(("now", "spec", "arrival")):
            right[key] += placed[0][i] < placed[1][i]
        for thumb, (now, spec, _) in zip(thumbs, placed, strict=True):
            errors["now"].append(abs(now - thumb) * 1000)
            errors["spec"].append(abs(spec - thumb) * 1000)
    return {**{k: v / trials for k, v in right.items()},
            **{f"{k}_error": statistics.fmean(v) for k, v in errors.items()}}


# --- the hold-off: who answers is said once (issue 35) -----------------------------------------------------

HOLD_PHONES = (2, 3, 5, 8)  # phones connected in a race
PRESS_SPREAD_S = 0.08  # the thumbs of a race touch the glass within this much of each other
LONG_AGO_MS = -1e18  # a phone clock reading before any press: its press time is the clamp's earliest


def question_engine(teams: int) -> tuple[Format, ShowState]:
    """A «Своя игра» of `teams` solo players (the demo pack), its first question open and read: (the format,
    the state every race starts from)."""
    from quizshow.assemble import make_format
    from quizshow.config import load_show
    from quizshow.core import commands as c
    from quizshow.core.engine import Engine
    from quizshow.formats.svoyak import commands as sc
    from quizshow.yamlfile import Problems

    folder = Path(tempfile.mkdtemp(prefix="holdoff-"))
    try:
        show = folder / "race.yaml"
        names = "".join(f'  - {{name: "Игрок {i + 1}"}}\n' for i in range(teams))
        show.write_text(f'title: "Гонка"\nformat: svoyak\npack: "{ROOT / "packs" / "svoyak-demo.yaml"}"\n'
                        f"teams:\n{names}", encoding="utf-8")
        problems = Problems()
        config = load_show(show, problems)
        assert config is not None and not problems.errors, [str(p) for p in problems.items]
        fmt = make_format(config)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    engine = Engine(fmt, 1)
    # The host's «read» at 999.9 s: the 3 s window runs over every race's presses (at 1000 s and after).
    for cmd in (c.Go(at=996.0), c.Go(at=997.0), sc.SelectCell(at=998.0, theme=3, question=0), c.Go(at=999.9)):
        assert engine.dispatch(cmd).accepted, cmd
    return fmt, engine.state


def race(fmt: Format, start: ShowState, phones: int, rng: random.Random) -> tuple[float, float, bool, bool]:
    """Phones connected 1–5 min; two or more of them press within PRESS_SPREAD_S, each message delayed 5–150 ms.
    Each press is applied as it arrives with the hold the server gives it (the longest lag the press clamp
    allows any other connected phone: WebServer.lag_bound) and the hall is told at the settle (the server's
    loop wakes then). Returns (the hold after the first press arrived, thumb → the hall told, whether another
    press took the answer during the hold, whether the hall was told a name the engine later changed)."""
    from quizshow.core import commands as c
    from quizshow.core.engine import Engine

    thumb0 = 1000.0
    clocks = [synced_clock(rng, rng.uniform(60.0, 300.0), thumb0) for _ in range(phones)]
    pressing = rng.sample(range(phones), rng.randint(2, phones))
    presses = []
    for team in pressing:
        clock, phone_ms = clocks[team]
        thumb = thumb0 + rng.uniform(0.0, PRESS_SPREAD_S)
        arrival = thumb + delay(rng)
        lags = [arrival - other.press_time(LONG_AGO_MS, arrival).at for i, (other, _) in enumerate(clocks) if i != team]
        presses.append((arrival, team, clock.press_time(phone_ms(thumb), arrival).at, max(lags), thumb))
    presses.sort()
    engine = Engine(fmt, 1)
    engine.state = start
    told: int | None = None
    told_at = 0.0
    flipped = False
    for arrival, team, at, hold, _ in presses:
        held = engine.state.settling
        if told is None and held is not None and held.until <= arrival:  # the hold ran out before this one came
            engine.dispatch(c.Tick(at=held.until))
            told, told_at = engine.state.answering, held.until
        before = engine.state.answering
        assert engine.dispatch(c.Buzz(at=arrival, team=team, source_time=at, hold=hold)).accepted or before is not None
        flipped |= before is not None and engine.state.answering != before and told is None
    if told is None:
        held = engine.state.settling
        told_at = held.until if held is not None else presses[0][0]
        engine.dispatch(c.Tick(at=told_at))
        told = engine.state.answering
    return told_at - presses[0][0], told_at - min(p[4] for p in presses), flipped, told != engine.state.answering


def holdoff(races: int, phones: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    fmt, start = question_engine(phones)
    holds, delays, flips, taken_back = [], [], 0, 0
    for _ in range(races):
        hold, told, flipped, wrong = race(fmt, start, phones, rng)
        holds.append(hold * 1000)
        delays.append(told * 1000)
        flips += flipped
        taken_back += wrong
    return {"hold_p50": statistics.median(holds), "hold_p99": p99(holds), "told_p50": statistics.median(delays),
            "told_p99": p99(delays), "flips": flips, "taken_back": taken_back}


# --- 48 phones connected: the show's cost at rest, press → engine, frame times -------------------------

PHONES = 48  # 40 tables and 8 buzzers (issue 25)
SETTLE_S = 6.0  # after the phones join: their catch-up pings are over (clock.ping_gaps: 4.4 s)


def clients(urls: list[str]) -> None:
    """`--clients`: phones at rest in a process of their own (so their work is not the show's): each joins,
    answers every ping at once with its clock, and presses nothing. Prints «ready» when every phone has
    answered its first 8 pings; runs until its stdin closes."""
    import aiohttp

    async def run() -> None:
        synced = asyncio.Event()
        pongs = [0] * len(urls)

        async def phone(i: int, session: aiohttp.ClientSession) -> None:
            async with session.ws_connect(urls[i]) as ws:
                async for msg in ws:
                    data = json.loads(msg.data)
                    if data.get("t") == "ping":
                        await ws.send_str(json.dumps({"t": "pong", "id": data["id"], "c": time.monotonic() * 1000}))
                        pongs[i] += 1
                        if min(pongs) >= 8 and not synced.is_set():
                            synced.set()

        async with aiohttp.ClientSession() as session:
            tasks = [asyncio.ensure_future(phone(i, session)) for i in range(len(urls))]
            await synced.wait()
            print("ready", flush=True)
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the bench says stop
            for task in tasks:
                task.cancel()

    asyncio.run(run())


def start_clients(urls: list[str]) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, __file__, "--clients", *urls], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if line.strip() != "ready":
        raise RuntimeError(f"the phones did not join: {line!r}")
    return proc


def stop(proc: subprocess.Popen) -> None:
    if proc.stdin is not None:
        proc.stdin.close()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.terminate()
        proc.wait(10)


def written_40_with_phones(folder: Path) -> Path:
    """shows/written-40.yaml with a phone for every team (40 tables) and the web server on."""
    text = (ROOT / "shows" / "written-40.yaml").read_text(encoding="utf-8")
    text = text.replace("pack: ../packs/", f"pack: {ROOT / 'packs'}/")
    text = re.sub(r'(  - name: "[^"]+")', r"\1\n    buzzer: phone", text)
    text += "devices:\n  web: {listen: \"127.0.0.1:0\"}\n" if "devices:" not in text else ""
    path = folder / "written-40-phones.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def add_buzzer_seats(app: Any, count: int) -> None:
    """`count` more phone seats, a player's buzzer each on the first teams (a show file's formats with 40
    tables have no player buttons: the 8 buzzers of the issue's 48 phones are seated here)."""
    from quizshow.inputs.phones.seats import Seat, new_token

    for i in range(count):
        team = app.engine.state.teams[i]
        seat = Seat(i, 0, f"{team.name}: игрок 1", team.name, new_token())
        app.web.seats[seat.token] = seat


def serve(argv: list[str]) -> int:
    """`--serve SHOW ARGS…`: the show as main.py runs it (both windows), with PHONES − 40 buzzer seats added;
    prints every seat's socket URL («seat URL») once it listens."""
    from quizshow import app as app_module
    from quizshow import stopping
    from quizshow.cli import main as cli_main

    stopping.install()
    base = app_module.ShowApp

    class WithBuzzers(base):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            assert self.web is not None
            add_buzzer_seats(self, PHONES - len(self.web.seats))
            host, port = self.web.address
            for seat in self.web.seats.values():
                print(f"seat http://{host}:{port}/p/{seat.token}/ws", flush=True)

    app_module.ShowApp = WithBuzzers
    return cli_main(argv)


def start_x() -> tuple[subprocess.Popen | None, dict[str, str]]:
    """Xvfb on :125 (bench/idle.py's, on a display of its own), else SDL's dummy driver."""
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_VIDEODRIVER", None)
    if shutil.which("Xvfb") is None:
        env["SDL_VIDEODRIVER"] = "dummy"
        return None, env
    xvfb = subprocess.Popen(["Xvfb", ":125", "-screen", "0", "3840x1200x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    env["DISPLAY"] = ":125"
    return xvfb, env


def thread_cpu(pid: int, tid: int) -> float:
    fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rest_cost(seconds: float) -> list[tuple[str, float, float, str]]:
    """The show's own CPU (/proc: its process alone) over `seconds` at rest: no phone, then PHONES phones
    joined, pinged every 2 s, then none again. Rows: (what, % of a core for the whole process, % for its
    threads but the main one — the web server's among them; the windows' loop is the main thread —, load
    average)."""
    from bench.idle import cpu_seconds, free_port

    folder = Path(tempfile.mkdtemp(prefix="phones-rest-"))
    xvfb, env = start_x()
    show = subprocess.Popen([sys.executable, __file__, "--serve", str(written_40_with_phones(folder)), "--fresh",
                             "--journal", str(folder / "j.jsonl"), "--osc-port", str(free_port()), "--web-port", "0",
                             "--size", "1920x1080", "--log-level", "warning"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert show.stdout is not None
    urls = [show.stdout.readline().split()[1] for _ in range(PHONES)]
    rows = []

    def measure(what: str) -> None:
        def cpu() -> tuple[float, float]:
            return cpu_seconds(show.pid), thread_cpu(show.pid, show.pid)

        (total, main), started = cpu(), time.monotonic()
        time.sleep(seconds)
        (total2, main2), took = cpu(), time.monotonic() - started
        rows.append((what, 100 * (total2 - total) / took, 100 * ((total2 - main2) - (total - main)) / took, load()))

    phones = None
    try:
        time.sleep(4.0)  # start-up: fonts, the first frames
        measure("no phone")
        phones = start_clients(urls)
        time.sleep(SETTLE_S)
        measure(f"{PHONES} phones connected")
        stop(phones)
        phones = None
        time.sleep(3.0)
        measure("no phone again")
    finally:
        if phones is not None:
            stop(phones)
        show.terminate()
        show.wait(10)
        if xvfb is not None:
            xvfb.terminate()
    return rows


def demo_app(seats: int, folder: Path) -> Any:
    """A headless demo show with `seats` phone seats (the file's 2 teams and more put in, as the 40-phone
    test does: a buzzer format's file lists at most 10), live, the web server on 127.0.0.1."""
    from dataclasses import replace

    import pygame

    from quizshow.app import ShowApp
    from quizshow.config import TeamConfig, load_show
    from quizshow.launch import SWITCH_INTERVAL_S
    from quizshow.yamlfile import Problems

    show = folder / "show.yaml"
    show.write_text(f'''title: "bench"
format: demo
preset: demo
pack: "{ROOT / 'packs' / 'demo.yaml'}"
teams:
  - {{name: "A", buzzer: phone}}
  - {{name: "B", buzzer: phone}}
devices:
  web: {{listen: "127.0.0.1:0"}}
''', encoding="utf-8")
    problems = Problems()
    config = load_show(show, problems)
    assert config is not None and not problems.errors
    config = replace(config, teams=config.teams + tuple(TeamConfig(f"Стол {i + 3}", buzzer="phone")
                                                        for i in range(seats - 2)))
    pygame.init()
    sys.setswitchinterval(SWITCH_INTERVAL_S)  # as the show runs (launch.run)
    app = ShowApp(config, journal_path=folder / "j.jsonl", fresh=True, sound=False, devices=False, web=True,
                  web_port=0)
    assert app.web is not None
    app.go_live()
    return app


def socket_urls(app: Any) -> list[str]:
    host, port = app.web.address
    return [f"http://{host}:{port}/p/{seat.token}/ws" for seat in sorted(app.web.seats.values(), key=lambda s: s.team)]


def loopback(presses: int, others: int) -> tuple[list[float], list[float]]:
    """Press → engine and press → ack over loopback on a demo show, with `others` more phones connected at
    rest (in a process of their own) while one phone presses; each press is taken back (Undo) for the next,
    so every phone gets its state twice a press. Returns (ms from the server reading the press to the
    engine having applied and journalled it, ms from the phone sending it to its ack)."""
    from dataclasses import replace

    import aiohttp

    from quizshow.core import commands as c
    from quizshow.inputs.messages import Press

    app = demo_app(1 + others, Path(tempfile.mkdtemp(prefix="phones-bench-")))
    app.web.rate = 10_000
    engine_ms: list[float] = []
    deliver = app.deliver

    def timed(item: object) -> None:  # the press's `done` runs once the engine has it (journalled first)
        if isinstance(item, Press) and item.done is not None:
            read, done = item.at, item.done

            def applied(outcome: Any) -> None:
                engine_ms.append((app.now() - read) * 1000)
                done(outcome)
            item = replace(item, done=applied)
        deliver(item)

    app.web.host.deliver = timed
    app.submit(c.Go(at=app.now()))
    urls = socket_urls(app)
    phones = start_clients(urls[1:]) if others else None
    if phones is not None:
        time.sleep(SETTLE_S)
    took: list[float] = []

    async def run() -> None:
        async with aiohttp.ClientSession() as session, session.ws_connect(urls[0]) as ws:
            acks: asyncio.Queue[dict] = asyncio.Queue()

            async def read() -> None:
                async for msg in ws:
                    data = json.loads(msg.data)
                    if data["t"] == "ping":
                        await ws.send_str(json.dumps({"t": "pong", "id": data["id"], "c": time.monotonic() * 1000}))
                    elif data["t"] == "ack":
                        await acks.put(data)

            reader = asyncio.ensure_future(read())
            for i in range(presses):
                sent = time.perf_counter()
                await ws.send_str(json.dumps({"t": "press", "id": i, "c": time.monotonic() * 1000}))
                ack = await acks.get()
                took.append((time.perf_counter() - sent) * 1000)
                if ack["code"] == 200:
                    app.submit(c.Undo(at=app.now()))  # the question open again for the next press
            reader.cancel()

    try:
        asyncio.run(run())
    finally:
        if phones is not None:
            stop(phones)
        app.close()
    return engine_ms, took


def frames_with_phones(frames: int, fmt: str) -> list[tuple[str, int, list[float], list[float], str]]:
    """The frame bench's walk (bench/frames.py `walk_once`, 1920×1080) in a process whose web server has
    PHONES seats: with none connected, then with all of them connected at rest (in another process),
    pinged every 2 s. Rows: (scene kind, phones, wall ms, CPU ms, load average)."""
    from bench import frames as frame_bench

    chosen = [s for s in frame_bench.shows() if s[0].startswith(fmt)]
    name, config, make_engine, scenes = chosen[0]
    app = demo_app(PHONES, Path(tempfile.mkdtemp(prefix="phones-frames-")))
    urls = socket_urls(app)
    rows = []
    try:
        for connected in (0, PHONES, 0):
            phones = start_clients(urls) if connected else None
            if phones is not None:
                time.sleep(SETTLE_S)
            wall: list[float] = []
            cpu: list[float] = []
            for _scene, kind, value in frame_bench.walk_once((1920, 1080), frames, config, make_engine, scenes):
                if kind in ("steady", "transition"):
                    wall.append(value)
                elif kind.startswith("cpu_"):
                    cpu.append(value)
            rows.append((name, connected, wall, cpu, load()))
            if phones is not None:
                stop(phones)
    finally:
        app.close()
    return rows


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def load() -> str:
    return f"{os.getloadavg()[0]:.2f}"


def main() -> None:
    global DELAY_MS
    if sys.argv[1:2] == ["--clients"]:
        clients(sys.argv[2:])
        return
    if sys.argv[1:2] == ["--serve"]:
        sys.exit(serve(sys.argv[2:]))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=40.0, help="each CPU window at rest")
    parser.add_argument("--frames", type=int, default=120, help="frames a scene in the frame walk")
    parser.add_argument("--format", default="svoyak", help="the frame walk's show (bench/frames.py)")
    parser.add_argument("--only", choices=("order", "holdoff", "loopback", "rest", "frames"), action="append")
    parser.add_argument("--races", type=int, default=10_000, help="races a row of the hold-off table")
    parser.add_argument("--delay-ms", type=float, nargs=2, default=DELAY_MS, metavar=("LOW", "HIGH"),
                        help="each one-way trip of the ordering simulation (default 5 150: a bad Wi-Fi)")
    args = parser.parse_args()
    DELAY_MS = tuple(args.delay_ms)
    only = set(args.only or ("order", "holdoff", "loopback", "rest", "frames"))
    if "order" in only:
        print(f"Ordering by the thumb's time: one-way delays {DELAY_MS[0]:.0f}–{DELAY_MS[1]:.0f} ms drawn for "
              f"every message, clocks drifting up to ±{DRIFT_PPM:.0f} ppm, {args.trials} trials a row; load "
              f"average {load()}")
        for label, low, high in CONNECTED:
            print(f"  {label}")
            print("    apart   in thumb order (spec's estimator)   by arrival   mean |error| (spec's)")
            for spacing in SPACINGS_MS:
                r = ordering(args.trials, spacing, (low, high), seed=25 + spacing)
                print(f"    {spacing:3d} ms   {r['now']:8.1%} ({r['spec']:6.1%})   {r['arrival']:18.1%}   "
                      f"{r['now_error']:6.1f} ms ({r['spec_error']:4.1f})")
    if "holdoff" in only:
        print(f"The hold-off (who answers is said once): {args.races} races a row, one-way delays "
              f"{DELAY_MS[0]:.0f}–{DELAY_MS[1]:.0f} ms, phones connected 1–5 min, 2 or more pressing within "
              f"{PRESS_SPREAD_S * 1000:.0f} ms; load average {load()}")
        print("  phones   hold after the first press arrives   thumb → the hall told   answer taken over in the "
              "hold   announcements taken back")
        print("             p50 / p99 (ms)                       p50 / p99 (ms)")
        for phones in HOLD_PHONES:
            r = holdoff(args.races, phones, seed=35 + phones)
            print(f"  {phones:6d}   {r['hold_p50']:8.0f} / {r['hold_p99']:4.0f}{'':22}{r['told_p50']:6.0f} / "
                  f"{r['told_p99']:4.0f}   {int(r['flips']):10d} ({r['flips'] / args.races:5.1%})   "
                  f"{int(r['taken_back']):14d}")
    if "loopback" in only:
        print(f"Press → engine → ack over loopback ({args.presses} presses, journalled with fsync, the state "
              "pushed to every phone twice a press):")
        for others in (0, PHONES - 1):
            engine, took = loopback(args.presses, others)
            print(f"  {others + 1:2d} phones connected: press → engine p50 {statistics.median(engine):.2f} ms, "
                  f"p99 {p99(engine):.2f} ms; press → ack p50 {statistics.median(took):.2f} ms, p99 "
                  f"{p99(took):.2f} ms (load average {load()})")
    if "rest" in only:
        print(f"The show at rest (main.py, both windows, the written quiz with 40 phone tables + 8 buzzer seats): "
              f"its process's CPU over {args.seconds:.0f} s")
        rows = rest_cost(args.seconds)
        print(f"  {'':24} {'the process':>12} {'its threads but the windows (web server…)':>42}")
        for what, percent, others, avg in rows:
            print(f"  {what:24} {percent:10.2f} % {others:40.2f} %   (load average {avg})")
        for i, label in ((0, "whole process"), (1, "threads but the windows")):
            base = (rows[0][1 + i] + rows[2][1 + i]) / 2
            print(f"  {PHONES} phones cost {rows[1][1 + i] - base:+.2f} % of a core ({label}; target ≤ 5 %)")
    if "frames" in only:
        print(f"Frame times (bench/frames.py's walk, 1920×1080, {args.frames} frames a scene) in a process whose "
              f"web server has {PHONES} phone seats:")
        print("  show                phones   wall p50   wall p99   CPU p50   CPU p99")
        for name, connected, wall, cpu, avg in frames_with_phones(args.frames, args.format):
            print(f"  {name:18} {connected:6d} {statistics.median(wall):9.2f} {p99(wall):10.2f} "
                  f"{statistics.median(cpu):9.2f} {p99(cpu):9.2f}   (load average {avg})")


if __name__ == "__main__":
    main()
