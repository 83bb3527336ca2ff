"""`python main.py --follow http://HOST:PORT`: a read-only replica of a running show (docs/screens.md).

It fetches the show's files (`GET /follow/files`), builds the show from them in a temporary folder, and
replays the main show's journal (`WS /follow/journal?from=N`) with the same engine as its lines arrive,
drawing the same projector scenes. It sends nothing back and journals nothing. When the link drops it
keeps its last picture, says so in a corner, reconnects with back-off and asks from the line it had.
Whenever it has applied every line the main show has, it logs `follow: in step at line N` (at most once
a second). `--host-view` adds the answer and the host's notes beside the picture (display/follow_view.py).

Threads: the stream (its own asyncio loop, aiohttp) only receives and queues; the main thread applies
lines to the engine and draws.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import os
import queue
import shutil
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from argparse import Namespace
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from quizshow import i18n
from quizshow.core.engine import Engine
from quizshow.core.journal import Cursor, JournalError, LineError, header, parse_command, read_line

log = logging.getLogger(__name__)

PHRASES = {
    "ru": {"follow.lost": "Нет связи с шоу", "follow.waiting": "Ждём шоу…"},
    "en": {"follow.lost": "No link to the show", "follow.waiting": "Waiting for the show…"},
}
BACKOFF_FIRST_S = 0.25
BACKOFF_MAX_S = 5.0
IN_STEP_EVERY_S = 1.0
QUIET_BATCH = 64  # a batch longer than this (catching up) replays without animations


@dataclass
class Item:
    generation: int
    kind: str  # "lines" | "at" | "reset" | "up" | "down" | "refused"
    lines: list[str] = field(default_factory=list)
    first: int = 0  # the line number of lines[0]
    number: int = 0  # "at": the main show's lines; "refused": the HTTP status
    text: str = ""


class Refused(Exception):
    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status


def _url(base: str, path: str, **query: object) -> str:
    return f"{base.rstrip('/')}{path}?{urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})}"


def fetch_files(base: str, passcode: str | None, into: Path, timeout: float = 30.0) -> Path:
    """The show's files from the main show, unpacked into `into`; the show file's path. Refused (401,
    403) as it is; an OSError when the main show cannot be reached."""
    try:
        with urllib.request.urlopen(_url(base, "/follow/files", passcode=passcode), timeout=timeout) as answer:
            body = answer.read()
    except urllib.error.HTTPError as why:
        raise Refused(why.code, why.read().decode("utf-8", "replace").strip() or str(why)) from None
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        for name in archive.namelist():
            target = (into / name).resolve()
            if not target.is_relative_to(into.resolve()):
                raise OSError(f"the show's files hold a path outside their folder: {name}")
        archive.extractall(into)
        manifest = json.loads(archive.read("follow.json"))
    return into / manifest["show"]


class Stream:
    """The journal's socket on a thread of its own: each message becomes an Item on `items`."""

    def __init__(self, base: str, passcode: str | None) -> None:
        self.base, self.passcode = base, passcode
        self.items: queue.Queue[Item] = queue.Queue()
        self.generation = 0
        self.received = 0  # lines received in this generation: the next connection asks from received + 1
        self.wake = threading.Event()  # the main thread waits on it for items
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="follow", daemon=True)

    def start(self) -> Stream:
        self._thread.start()
        return self

    def _put(self, item: Item) -> None:
        self.items.put(item)
        self.wake.set()

    def restart(self) -> None:
        """From line 1 again (the main show's journal is not the one we had): a new generation."""
        self.generation += 1
        self.received = 0
        ws, loop = self._ws, self._loop
        if ws is not None and loop is not None:
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(ws.close(), loop)

    def stop(self) -> None:
        self._stopping = True
        self.restart()
        self._thread.join(timeout=3)

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._serve())
        finally:
            loop.close()

    async def _serve(self) -> None:
        delay = BACKOFF_FIRST_S
        async with aiohttp.ClientSession() as session:
            while not self._stopping:
                generation = self.generation
                url = _url(self.base, "/follow/journal", **{"from": self.received + 1, "passcode": self.passcode})
                try:
                    async with session.ws_connect(url, heartbeat=2.0, timeout=aiohttp.ClientWSTimeout(ws_close=2.0),
                                                  max_msg_size=0) as ws:
                        self._ws = ws
                        self._put(Item(generation, "up", first=self.received + 1))
                        delay = BACKOFF_FIRST_S
                        async for msg in ws:
                            if msg.type != aiohttp.WSMsgType.TEXT or generation != self.generation:
                                continue
                            data: str = msg.data
                            if data == "#reset":
                                self._put(Item(generation, "reset"))
                                continue
                            if data.startswith("#at "):
                                self._put(Item(generation, "at", number=int(data[4:])))
                                continue
                            lines = data.split("\n")
                            self._put(Item(generation, "lines", lines, first=self.received + 1))
                            self.received += len(lines)
                        why = "the main show closed the link"
                except aiohttp.WSServerHandshakeError as error:
                    why = f"{error.status} {error.message}"
                    if error.status in (401, 403):
                        self._put(Item(generation, "refused", number=error.status, text=why))
                        delay = BACKOFF_MAX_S
                except (TimeoutError, aiohttp.ClientError, OSError) as error:
                    why = str(error) or type(error).__name__
                self._ws = None
                if self._stopping:
                    break
                self._put(Item(generation, "down", text=why))
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF_MAX_S)


class Replica:
    """The engine fed by the main show's journal lines (no journal of its own)."""

    def __init__(self, fmt: Any) -> None:
        self.format = fmt
        self.engine: Engine | None = None
        self.cursor = Cursor(version=1)
        self.lines = 0  # lines applied (the header is line 1)
        self.offset = -1e18  # the main show's clock minus ours (monotonic), its lower bound so far
        self.teams = len(fmt.initial_state(0).teams)

    def reset(self) -> None:
        self.engine, self.cursor, self.lines = None, Cursor(version=1), 0

    def now(self) -> float:
        return time.monotonic() + self.offset if self.offset > -1e17 else 0.0

    def apply(self, raw: str, quiet: bool) -> list[Any]:
        """One line (the next one): the events its command made (none when `quiet`). LineError when it
        does not follow the lines before it (another journal: the caller starts over)."""
        line = raw.encode("utf-8")
        data = read_line(line, self.cursor)
        self.lines += 1
        if self.engine is None:
            try:
                _, seed = header(data, "follow", str(data.get("show")))
            except JournalError as why:
                raise LineError(str(why)) from None
            self.engine = Engine(self.format, seed)
            return []
        command = parse_command(data, self.teams, complete=self.cursor.version >= 3)
        self.offset = max(self.offset, float(command.at) - time.monotonic())
        if quiet:
            self.engine.dispatch(command)
            return []
        outcome = self.engine.dispatch(command)
        return list(outcome.events) if outcome.changed else []


def report(path: Path, replica: Replica, main_lines: int, connected: bool) -> None:
    engine = replica.engine
    state = engine.state if engine is not None else None
    data = {"line": replica.lines, "main_lines": main_lines, "in_step": replica.lines == main_lines,
            "connected": connected, "phase": None if state is None else state.phase,
            "scores": [] if state is None else [t.score for t in state.teams],
            "teams": [] if state is None else [t.name for t in state.teams]}
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    os.replace(temporary, path)


def run_follow(args: Namespace) -> int:
    """The follower's life: files, the show, the stream, the window."""
    from quizshow.stopping import stop_requested

    base: str = args.follow
    if not base.startswith(("http://", "https://")):
        base = "http://" + base
    folder = Path(tempfile.mkdtemp(prefix="quizshow-follow-"))
    try:
        delay = BACKOFF_FIRST_S
        while True:
            try:
                show = fetch_files(base, args.passcode, folder)
                break
            except Refused as why:
                print(f"follow: {base}: {why.status}: {why}", file=sys.stderr, flush=True)
                return 1
            except (OSError, zipfile.BadZipFile, KeyError, ValueError) as why:
                print(f"follow: {base}: the show's files cannot be had yet ({why}); trying again", file=sys.stderr,
                      flush=True)
            if stop_requested.wait(delay):
                return 0
            delay = min(delay * 2, BACKOFF_MAX_S)
        return _show(args, base, show)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _show(args: Namespace, base: str, show: Path) -> int:
    from quizshow import registry
    from quizshow.packs.play import load_playable
    from quizshow.yamlfile import Problems

    problems = Problems()
    config = load_playable(show, problems)
    if config is None or any(not p.warning for p in problems.items):
        for problem in problems.items:
            print(f"follow: {problem}", file=sys.stderr)
        print(f"follow: {base}: the show's files do not load here", file=sys.stderr)
        return 1
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from quizshow.assemble import make_format
    from quizshow.display.follow_view import FollowScreen
    from quizshow.display.projector import Projector
    from quizshow.display.text import TextCache
    from quizshow.display.theme import load_theme
    from quizshow.stopping import stop_requested

    pygame.init()
    spec = registry.spec(config.format)
    i18n.add_phrases(spec.phrases)
    i18n.add_refusals(spec.refusals)
    i18n.add_phrases(PHRASES)
    fmt = make_format(config)
    theme = load_theme(config.theme)
    text = TextCache(theme.fonts)
    projector = Projector(fmt, theme, config.title, config.language, text, registry.views(config.format),
                          sound=False)
    replica = Replica(fmt)
    screen = FollowScreen(projector, theme, text, config.language, fmt, host_view=args.host_view)
    window: pygame.Window | None = None
    if not args.headless:
        from quizshow.display.windows import _on_display

        window = pygame.Window(f"{config.title} — {base}", args.size, position=_on_display(args.display),
                               resizable=True)
        if not args.windowed:
            window.set_fullscreen(desktop=True)
    surface = window.get_surface() if window is not None else pygame.Surface(args.size)
    stream = Stream(base, args.passcode).start()
    print(f"follow: following {base} ({config.title})", file=sys.stderr, flush=True)
    main_lines, connected = -1, False
    logged: tuple[int, float] = (-1, -1e9)  # (line, when) of the last «in step»
    drawn_at, dirty = 0.0, True
    try:
        while not stop_requested.is_set():
            stream.wake.wait(1 / 30)
            stream.wake.clear()
            while True:
                try:
                    item = stream.items.get_nowait()
                except queue.Empty:
                    break
                if item.generation != stream.generation:
                    continue  # from before a restart
                if item.kind == "lines":
                    quiet = len(item.lines) > QUIET_BATCH
                    try:
                        for number, raw in enumerate(item.lines, start=item.first):
                            if number <= replica.lines:
                                continue  # had it
                            events = replica.apply(raw, quiet)
                            if events:
                                projector.on_events(events, replica.now())
                    except LineError as why:
                        print(f"follow: line {replica.lines + 1} does not follow the lines before it ({why}): "
                              "the main show's journal is another one; starting over from line 1",
                              file=sys.stderr, flush=True)
                        replica.reset()
                        stream.restart()
                        main_lines = -1
                    dirty = True
                elif item.kind == "reset":
                    print("follow: the main show's journal is a new one; starting over from line 1", file=sys.stderr,
                          flush=True)
                    replica.reset()
                    stream.restart()
                    main_lines, dirty = -1, True
                elif item.kind == "at":
                    main_lines = item.number
                elif item.kind == "up":
                    connected, dirty = True, True
                    print(f"follow: connected, from line {item.first}", file=sys.stderr, flush=True)
                elif item.kind == "down":
                    if connected:
                        print(f"follow: lost the show ({item.text}); keeping the last picture, reconnecting",
                              file=sys.stderr, flush=True)
                    connected, dirty = False, True
                elif item.kind == "refused":
                    print(f"follow: {base}: {item.text}", file=sys.stderr, flush=True)
            wall = time.monotonic()
            if connected and replica.lines == main_lines and replica.lines != logged[0] \
                    and wall - logged[1] >= IN_STEP_EVERY_S:
                logged = (replica.lines, wall)
                if args.follow_report is not None:
                    report(args.follow_report, replica, main_lines, connected)
                print(f"follow: in step at line {replica.lines}", file=sys.stderr, flush=True)
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.WINDOWCLOSE) or \
                        (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    return 0
                dirty = True
            state = replica.engine.state if replica.engine is not None else None
            now = replica.now()
            since = wall - drawn_at
            if dirty or (state is not None and screen.needs_frame(state, now, surface.get_size(), since)):
                if window is not None:
                    surface = window.get_surface()
                elif since < 0.1 and not dirty:
                    continue  # headless: a few pictures a second are enough to keep drawing honest
                drawn_at, dirty = wall, False
                try:
                    screen.draw(surface, state, now, connected)
                except Exception:
                    log.exception("follow: drawing failed; the last picture stays")
                if window is not None:
                    window.flip()
    finally:
        stream.stop()
        pygame.quit()
    return 0
