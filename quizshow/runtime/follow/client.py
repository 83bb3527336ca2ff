"""`python main.py --follow http://HOST:PORT`: a read-only replica of a running show (docs/screens.md).

It fetches the show's files (`GET /follow/files`), builds the show from them in a temporary folder, loads
the main show's engine as safe data (`GET /follow/snapshot`, runtime/follow/snapshot.py: never a pickle),
and replays the main show's journal after it (`WS /follow/journal?from=N`) with the same engine as its
lines arrive, drawing the same projector scenes. The snapshot is checked against the journal's chain: line
N, the first the socket sends, must end with the sequence number and checksum the snapshot names; if it
does not (or the snapshot cannot be had or read) the follower replays from line 1. It sends nothing back
and journals nothing. When the link drops it keeps its last picture, says so in a corner, reconnects with
back-off and asks from the line it had.
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
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from argparse import Namespace
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import aiohttp

from quizshow.core.clock import Clock
from quizshow.core.engine import Engine
from quizshow.core.journal import Cursor, JournalError, LineError, header, line_end, parse_command, read_line
from quizshow.guarded import guarded, reason
from quizshow.runtime.follow.snapshot import SnapshotError, read_engine

if TYPE_CHECKING:
    from quizshow.core.effects import Event
    from quizshow.core.format import Format

log = logging.getLogger(__name__)

PHRASES = {
    "ru": {"follow.lost": "Нет связи с шоу", "follow.waiting": "Ждём шоу…"},
    "en": {"follow.lost": "No link to the show", "follow.waiting": "Waiting for the show…"},
}
BACKOFF_FIRST_S = 0.25
BACKOFF_MAX_S = 5.0
IN_STEP_EVERY_S = 1.0
QUIET_BATCH = 64  # a batch longer than this (catching up) replays without animations


@dataclass(frozen=True)
class Snapshot:
    """The main show's engine at its journal's line `line` (`GET /follow/snapshot`)."""

    line: int
    crc: int  # the chained checksum line `line` ends with
    header: str  # the journal's line 1 (the seed)
    at: float  # the main show's clock when it was taken
    engine: dict[str, object]  # for Engine.restore


MAX_CRC = (1 << 32) - 1


def parse_snapshot(body: bytes, where: str) -> Snapshot:
    """The answer of /follow/snapshot, or SnapshotError saying what is wrong with it."""
    first, _, state = body.partition(b"\n")
    try:
        head = json.loads(first)
    except ValueError:
        raise SnapshotError(f"{where}:1: not a JSON head line") from None
    if not (isinstance(head, dict) and type(head.get("line")) is int and head["line"] >= 1
            and type(head.get("crc")) is int and 0 <= head["crc"] <= MAX_CRC and isinstance(head.get("header"), str)
            and type(head.get("at")) in (int, float)):
        raise SnapshotError(f"{where}:1: the head line is not {{line, crc, header, at}}: {str(head)[:80]}")
    return Snapshot(head["line"], head["crc"], head["header"], float(head["at"]), read_engine(state, where))


@dataclass
class Item:
    generation: int
    kind: str  # "lines" | "at" | "reset" | "up" | "down" | "refused" | "snapshot" | "no snapshot" | "stopped"
    lines: list[str] = field(default_factory=list)
    first: int = 0  # the line number of lines[0]
    number: int = 0  # "at": the main show's lines; "refused": the HTTP status
    text: str = ""
    snapshot: Snapshot | None = None


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
        self.generation = 0  # bumped by restart() (the drawing thread); the stream's thread follows it
        # The stream's thread's own (reset by it when it sees a new generation, never by another thread):
        self.received = 0  # lines received in this generation: the next connection asks from received + 1
        self.use_snapshot = True  # this generation starts from the main show's snapshot, if it has one
        self._restart_snapshot = True  # what restart() asked for the next generation
        self.wake = threading.Event()  # the main thread waits on it for items
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._stopping = False
        self._thread = guarded("follow", self._run, self._died)  # a death is told, never a frozen mirror

    def start(self) -> Stream:
        self._thread.start()
        return self

    def _put(self, item: Item) -> None:
        self.items.put(item)
        self.wake.set()

    def restart(self, use_snapshot: bool = True) -> None:
        """From the start again (the main show's journal is not the one we had): a new generation, from the
        main show's snapshot or (`use_snapshot` False: the last one did not fit) from line 1."""
        self._restart_snapshot = use_snapshot
        self.generation += 1  # before looking for a socket to close: one opening now sees it and closes
        ws, loop = self._ws, self._loop
        if ws is not None and loop is not None:
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(ws.close(), loop)

    def stop(self) -> None:
        self._stopping = True
        self.restart()
        self._thread.join(timeout=3)

    async def _snapshot(self, session: aiohttp.ClientSession, generation: int) -> None:
        """The main show's snapshot, read here (off the drawing thread): the lines before it are not asked
        for. Without one (an older journal, a snapshot that cannot be read) the lines come from line 1."""
        where = f"{self.base.rstrip('/')}/follow/snapshot"
        try:
            async with session.get(_url(self.base, "/follow/snapshot", passcode=self.passcode),
                                   timeout=aiohttp.ClientTimeout(total=60)) as answer:
                if answer.status in (401, 403):
                    return  # the journal's socket is refused too, and says so
                if answer.status != 200:
                    why = f"{answer.status} {(await answer.text())[:200]}"
                    raise SnapshotError(f"{where}: {why.strip()}")
                body = await answer.read()
            snapshot = parse_snapshot(body, where)
        except (TimeoutError, aiohttp.ClientError, OSError):
            return  # the main show is not there: the journal's socket finds out and says so
        except SnapshotError as why:
            self.use_snapshot = False
            self._put(Item(generation, "no snapshot", text=str(why)))
            return
        if generation == self.generation:
            self._put(Item(generation, "snapshot", first=snapshot.line, snapshot=snapshot))
            self.received = snapshot.line - 1  # the socket sends line N itself: it is checked against the snapshot

    def _died(self, why: BaseException) -> None:
        self._put(Item(self.generation, "stopped", text=reason(why)))

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._serve())
        finally:
            loop.close()

    async def _serve(self) -> None:
        delay = BACKOFF_FIRST_S
        current = self.generation
        async with aiohttp.ClientSession() as session:
            while not self._stopping:
                if self.generation != current:  # restarted: from the start of the main show's journal
                    current = self.generation
                    self.received, self.use_snapshot, delay = 0, self._restart_snapshot, BACKOFF_FIRST_S
                generation = current
                if self.received == 0 and self.use_snapshot:
                    await self._snapshot(session, generation)
                url = _url(self.base, "/follow/journal", **{"from": self.received + 1, "passcode": self.passcode})
                try:
                    async with session.ws_connect(url, heartbeat=2.0, timeout=aiohttp.ClientWSTimeout(ws_close=2.0),
                                                  max_msg_size=0) as ws:
                        self._ws = ws
                        if generation != self.generation:
                            continue  # restarted while it opened: it asks from the wrong line (closed on leaving)
                        self._put(Item(generation, "up", first=self.received + 1))
                        delay = BACKOFF_FIRST_S
                        async for msg in ws:
                            if generation != self.generation:
                                break  # restarted: this socket asks from the wrong line
                            if msg.type != aiohttp.WSMsgType.TEXT:
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
                if generation != self.generation:
                    continue  # restarted: open again at once, from the new start
                self._put(Item(generation, "down", text=why))
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF_MAX_S)


class Replica:
    """The engine fed by the main show's journal lines (no journal of its own); its show time is the main
    show's, told from `clock`'s monotonic seconds."""

    def __init__(self, fmt: Format, clock: Clock) -> None:
        self.format = fmt
        self.clock = clock
        self.engine: Engine | None = None
        self.cursor = Cursor(version=1)
        self.lines = 0  # lines applied (the header is line 1)
        self.offset = -1e18  # the main show's clock minus ours (monotonic), its lower bound so far
        self.teams = len(fmt.initial_state(0).teams)
        self.expect: tuple[int, int] | None = None  # (line, checksum) the next line must end with (a snapshot's)

    def reset(self) -> None:
        self.engine, self.cursor, self.lines, self.expect = None, Cursor(version=1), 0, None

    def load(self, snapshot: Snapshot) -> None:
        """The main show's engine at line N; line N itself, the next to come, must end as the snapshot says
        (its sequence number and chained checksum), else LineError. LineError if it cannot be loaded."""
        cursor = Cursor(version=1)
        try:
            data = read_line(snapshot.header.encode("utf-8"), cursor)
            _, seed = header(data, "follow", str(data.get("show")))
            engine = Engine(self.format, seed)
            engine.restore(snapshot.engine)
        except (JournalError, ValueError) as why:  # LineError is a ValueError
            raise LineError(f"the snapshot does not load here ({why})") from None
        self.engine, self.lines = engine, snapshot.line - 1
        self.cursor = Cursor(3, snapshot.line, snapshot.crc)
        self.expect = (snapshot.line, snapshot.crc)
        self.offset = max(self.offset, snapshot.at - self.clock.monotonic())

    def now(self) -> float:
        return self.clock.monotonic() + self.offset if self.offset > -1e17 else 0.0

    def apply(self, raw: str, quiet: bool) -> list[Event]:
        """One line (the next one): the events its command made (none when `quiet`). LineError when it
        does not follow the lines before it (another journal: the caller starts over)."""
        line = raw.encode("utf-8")
        if self.expect is not None:  # the snapshot's own line: the chain must be the one it was taken at
            if line_end(line) != self.expect:
                raise LineError(f"line {self.expect[0]} is not the one the snapshot was taken at (it ends with "
                                f"{line_end(line)}, the snapshot says {self.expect})")
            self.expect = None
            self.lines += 1
            return []
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
        self.offset = max(self.offset, float(command.at) - self.clock.monotonic())
        if quiet:
            self.engine.dispatch(command)
            return []
        outcome = self.engine.dispatch(command)
        return list(outcome.events) if outcome.changed else []


def say(text: str) -> None:
    print(f"follow: {text}", file=sys.stderr, flush=True)


class Follower:
    """What the stream brings, applied on the thread that draws: lines to the replica (their events to
    `on_events`, but while catching up), a snapshot, the link's ups and downs (said on stderr)."""

    def __init__(self, stream: Stream, replica: Replica, on_events: Callable[[list[Event], float], None],
                 base: str, tell: Callable[[str], None] = say) -> None:
        self.stream, self.replica, self.on_events, self.base, self.tell = stream, replica, on_events, base, tell
        self.main_lines = -1  # the main show's journal's lines, as last told
        self.connected = False

    def in_step(self) -> bool:
        return self.connected and self.replica.lines == self.main_lines

    def take(self) -> bool:
        """Apply every item waiting; whether the picture may have changed."""
        dirty = False
        stream, replica = self.stream, self.replica
        while True:
            try:
                item = stream.items.get_nowait()
            except queue.Empty:
                return dirty
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
                            self.on_events(events, replica.now())
                except LineError as why:
                    self.tell(f"line {replica.lines + 1} does not follow the lines before it ({why}): the main "
                              "show's journal is another one; starting over from line 1")
                    self._restart(use_snapshot=False)  # from line 1 itself: the chain decides
                dirty = True
            elif item.kind == "snapshot" and item.snapshot is not None:
                try:
                    replica.reset()
                    replica.load(item.snapshot)
                    self.tell(f"the main show's snapshot at line {item.snapshot.line}; replaying the lines after it")
                except LineError as why:
                    self.tell(f"{why}; replaying from line 1")
                    self._restart(use_snapshot=False)
                dirty = True
            elif item.kind == "no snapshot":
                self.tell(f"no snapshot ({item.text}); replaying from line 1")
            elif item.kind == "reset":
                self.tell("the main show's journal is a new one; starting over from line 1")
                self._restart(use_snapshot=True)
                dirty = True
            elif item.kind == "at":
                self.main_lines = item.number
            elif item.kind == "up":
                self.connected, dirty = True, True
                self.tell(f"connected, from line {item.first}")
            elif item.kind == "down":
                if self.connected:
                    self.tell(f"lost the show ({item.text}); keeping the last picture, reconnecting")
                self.connected, dirty = False, True
            elif item.kind == "stopped":  # the stream's thread died: nothing more comes; say so, keep the picture
                self.tell(f"the link to the show stopped ({item.text}); keeping the last picture; "
                          "start the follower again to follow the show")
                self.connected, dirty = False, True
            elif item.kind == "refused":
                self.tell(f"{self.base}: {item.text}")

    def _restart(self, use_snapshot: bool) -> None:
        self.replica.reset()
        self.stream.restart(use_snapshot)
        self.main_lines = -1


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


def run_follow(args: Namespace, clock: Clock) -> int:
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
        return _show(args, base, show, clock)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _show(args: Namespace, base: str, show: Path, clock: Clock) -> int:
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
    # A follower plays no sound (its projector is silent): no audio device is opened, so libasound never prints
    # its «ALSA lib …» lines on the crew's terminal.
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from quizshow.assemble import make_format
    from quizshow.display.follow_view import FollowScreen
    from quizshow.display.projector.projector import Projector
    from quizshow.display.text import TextCache
    from quizshow.display.theme import load_theme
    from quizshow.house_words import show_words
    from quizshow.stopping import stop_requested

    pygame.init()
    spec = registry.spec(config.format)
    words = show_words(config.language, spec.phrases, PHRASES, refusals=spec.refusals)  # the follower's words
    fmt = make_format(config)
    theme = load_theme(config.theme)
    text = TextCache(theme.fonts)
    replica = Replica(fmt, clock)
    projector = Projector(fmt, theme, config.title, words, text, registry.views(config.format),
                          sound=False,  # the buzz replay reads the steps the replica has applied
                          history=lambda: replica.engine.history() if replica.engine is not None else None,
                          clock=clock)
    screen = FollowScreen(projector, theme, text, words, fmt, host_view=args.host_view)
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
    follower = Follower(stream, replica, projector.on_events, base)
    logged: tuple[int, float] = (-1, -1e9)  # (line, when) of the last «in step»
    drawn_at, dirty = 0.0, True
    try:
        while not stop_requested.is_set():
            stream.wake.wait(1 / 30)
            stream.wake.clear()
            dirty = follower.take() or dirty
            connected = follower.connected
            mono = clock.monotonic()
            if follower.in_step() and replica.lines != logged[0] and mono - logged[1] >= IN_STEP_EVERY_S:
                logged = (replica.lines, mono)
                if args.follow_report is not None:
                    report(args.follow_report, replica, follower.main_lines, connected)
                print(f"follow: in step at line {replica.lines}", file=sys.stderr, flush=True)
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.WINDOWCLOSE) or \
                        (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    return 0
                dirty = True
            # What the main show's hall sees (a press being settled is not told yet), from the same journal lines.
            state = replica.engine.state.hall if replica.engine is not None else None
            now = replica.now()
            since = mono - drawn_at
            if dirty or (state is not None and screen.needs_frame(state, now, surface.get_size(), since)):
                if window is not None:
                    surface = window.get_surface()
                elif since < 0.1 and not dirty:
                    continue  # headless: a few pictures a second are enough to keep drawing honest
                drawn_at, dirty = mono, False
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
