"""The follower screens' side of the web server (spec/web.md «Follower screens», docs/screens.md).

`GET /follow/files?passcode=P`: the show file and every file it uses (packs, their media, a theme of its
own) as one zip, paths relative to their common folder, with `follow.json` naming the show file in it.
`WS /follow/journal?from=N&passcode=P`: the journal's lines from line N (the header is line 1), then each
new line as it is written. Each text frame holds one or more whole lines joined by "\\n"; after each
batch a frame `#at L` says the journal has L lines now (a follower that has applied L lines is in step).
`#reset` (then the socket closes): this journal is not the one the follower has lines of (the operator
started over, or another show): it starts again from line 1.

`GET /follow/snapshot?passcode=P`: the engine as safe data (runtime/follow/snapshot.py, never a pickle) at the
journal's last line, made when asked (kept while no line follows): a first line of JSON
`{"line": N, "crc": C, "header": "<the journal's line 1>", "at": show time}` (C: the chained checksum
line N ends with), then the state document. A follower loads it, asks the journal from line N, checks
that line N ends with N and C, and replays only the lines after it. 404 when the journal is of an older
kind (no chain): the follower replays from line 1.

All three are 403 unless the show sets `devices.web.follow_passcode`; a missing or wrong passcode is 401,
with the OSC door's back-off (inputs/osc/access.py): five wrong from one address lock it for a minute,
many addresses guessing together make everyone wait — except known followers (runtime/follow/door.py).

The journal's writer only appends to a deque and wakes the server's loop (call_soon_threadsafe): it
never waits for a follower.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import json
import logging
import os
import zipfile
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from aiohttp import web

from quizshow.config import ShowConfig
from quizshow.core.clock import SYSTEM, Clock
from quizshow.inputs.osc.args import Rejected
from quizshow.resources import themes_dir
from quizshow.runtime.follow.door import FollowDoor
from quizshow.runtime.follow.snapshot import SnapshotError, write_snapshot
from quizshow.runtime.web.limits import frames

if TYPE_CHECKING:
    import threading

    from quizshow.core.engine import Engine
    from quizshow.runtime.journal.file import Journal

log = logging.getLogger(__name__)

MANIFEST = "follow.json"
RESET = "#reset"  # the journal is not the one the follower has: start again from line 1
BATCH_LINES = 2000  # lines a frame at most while catching up
MAX_FILES_BYTES = 2 << 30


class Subscriber:
    """One follower's socket: the lines written since it subscribed, for the server's loop to send."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.lines: deque[tuple[int, bytes]] = deque()
        self.wake = asyncio.Event()

    def push(self, number: int, line: bytes) -> None:  # the journal's writer thread: never blocks
        self.lines.append((number, line))
        with contextlib.suppress(RuntimeError):  # the loop closed: the show is stopping
            self.loop.call_soon_threadsafe(self.wake.set)


class FollowApp(Protocol):
    """What the follow routes read of the show (the composition root's app)."""

    @property
    def config(self) -> ShowConfig: ...
    @property
    def journal(self) -> Journal: ...  # a new one after «Начать заново»
    @property
    def engine(self) -> Engine: ...
    @property
    def lock(self) -> threading.RLock: ...

    def now(self) -> float: ...
    def notice(self, text: str, level: str = "problem") -> None: ...
    def say(self, key: str, **values: object) -> str: ...


class FollowHub:
    """The follow routes; `clock` times the door's back-off and a follower socket's control frames."""

    def __init__(self, app: FollowApp, *, clock: Clock = SYSTEM) -> None:
        self.app = app
        self.clock = clock
        web_config = app.config.devices.web
        self.passcode: str | None = None if web_config is None else web_config.follow_passcode
        # The passcode, the OSC door's back-off, and the followers let back in whatever others guess.
        allow = () if web_config is None else web_config.follow_allow
        self.door: FollowDoor | None = None if self.passcode is None else \
            FollowDoor(self.passcode, allow, self._notice, clock, self._knocked)
        self.subscribers: set[Subscriber] = set()
        self._journal = app.journal
        app.journal.listeners.append(self._written)
        self._snapshot: tuple[object, int, bytes] | None = None  # (journal, line, the answer) made last
        self._making: asyncio.Lock | None = None  # one snapshot made at a time (followers starting together)

    def _notice(self, key: str, **values: object) -> None:
        log.warning("follow: %s %s", key, values)

    def _knocked(self, host: str) -> None:
        """A follower with the right passcode kept out by someone's guessing: the operator may let it in."""
        log.warning("follow: %s has the passcode but waits behind wrong guesses from elsewhere", host)
        self.app.notice(self.app.say("console.follow_knocking", host=host))

    def knocking(self) -> str | None:
        """The console's «Впустить экран …» while a follower with the right passcode is kept out."""
        return None if self.door is None else self.door.latest_knocking()

    def admit(self) -> str | None:
        """«Впустить экран»: the follower kept out most recently is let in from now on."""
        return None if self.door is None else self.door.admit()

    def _written(self, number: int, line: bytes) -> None:
        journal = self.app.journal
        if journal is not self._journal:  # «Начать заново»: the followers start again from line 1
            self._journal = journal
            number = 0
        for subscriber in list(self.subscribers):
            subscriber.push(number, line)

    def routes(self, application: web.Application) -> None:
        application.router.add_get("/follow/files", self.files)
        application.router.add_get("/follow/journal", self.journal)
        application.router.add_get("/follow/snapshot", self.snapshot)

    def _authorise(self, request: web.Request) -> None:
        if self.door is None:
            raise web.HTTPForbidden(text="follower screens are off: the show sets no devices.web.follow_passcode")
        try:
            self.door.enter(request.remote or "?", request.query.get("passcode", ""))
        except Rejected as why:
            raise web.HTTPUnauthorized(text=f"follow: {why}") from None

    async def files(self, request: web.Request) -> web.StreamResponse:
        self._authorise(request)
        body = await asyncio.to_thread(show_archive, self.app.config)
        return web.Response(body=body, content_type="application/zip", headers={"Cache-Control": "no-store"})

    async def snapshot(self, request: web.Request) -> web.StreamResponse:
        self._authorise(request)
        if self._making is None:
            self._making = asyncio.Lock()
        async with self._making:
            try:
                body = await self._snapshot_now()
            except (SnapshotError, TypeError) as why:  # a bug: the follower replays from line 1 instead
                log.warning("follow: no snapshot: %s", why)
                raise web.HTTPNotFound(text=f"no snapshot ({why}): replay the journal from line 1") from None
        if body is None:
            raise web.HTTPNotFound(text="no snapshot of this journal (an older kind of journal): replay it from line 1")
        return web.Response(body=body, content_type="application/json", headers={"Cache-Control": "no-store"})

    async def _snapshot_now(self) -> bytes | None:
        return await asyncio.to_thread(self._make_snapshot)  # the loop never waits for the show's lock

    def _make_snapshot(self) -> bytes | None:
        """The snapshot at the journal's last line: taken under the show's lock (the engine and the journal
        as one whole), encoded off it; the one made last if no line was written since."""
        app = self.app
        with app.lock:
            journal = app.journal
            lines, cursor = journal.chain()
            made = self._snapshot
            if made is not None and made[0] is journal and made[1] == lines:
                return made[2]
            if cursor.version < 3 or cursor.seq != lines:
                return None
            taken = app.engine.snapshot()
            at = app.now()
            with journal.path.open("rb") as file:
                first = file.readline().rstrip(b"\n").decode("utf-8")
        head = {"line": lines, "crc": cursor.crc, "header": first, "at": at}
        body = json.dumps(head, ensure_ascii=False).encode("utf-8") + b"\n" + write_snapshot(taken)
        self._snapshot = (journal, lines, body)
        return body

    async def journal(self, request: web.Request) -> web.StreamResponse:
        self._authorise(request)
        try:
            start = max(1, int(request.query.get("from", "1")))
        except ValueError:
            raise web.HTTPBadRequest(text="from must be a line number (1 is the header)") from None
        ws = web.WebSocketResponse(heartbeat=5.0, autoping=False)
        await ws.prepare(request)
        subscriber = Subscriber(asyncio.get_running_loop())
        self.subscribers.add(subscriber)  # before reading the file: no line falls between the two
        reader = asyncio.ensure_future(_until_closed(ws, self.clock))
        try:
            whole = await asyncio.to_thread(_whole_lines, self.app.journal.path)  # a long day's split: off the loop
            if start - 1 > len(whole):  # the follower has lines this journal has not: it is another one
                await ws.send_str(RESET)
                return ws
            sent = len(whole)
            backlog = whole[start - 1:]
            for at in range(0, len(backlog), BATCH_LINES):
                await ws.send_str(b"\n".join(backlog[at:at + BATCH_LINES]).decode("utf-8"))
            await ws.send_str(f"#at {sent}")
            while not ws.closed and not reader.done():
                waiter = asyncio.ensure_future(subscriber.wake.wait())
                await asyncio.wait({waiter, reader}, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
                subscriber.wake.clear()
                fresh: list[bytes] = []
                while subscriber.lines:
                    number, line = subscriber.lines.popleft()
                    if number == 0:  # a new journal (the operator started over)
                        await ws.send_str(RESET)
                        return ws
                    if number > sent:
                        fresh.append(line.rstrip(b"\n"))
                        sent = number
                if fresh and not ws.closed:
                    await ws.send_str(b"\n".join(fresh).decode("utf-8"))
                    await ws.send_str(f"#at {sent}")
        except (ConnectionError, RuntimeError, OSError) as why:
            log.info("follow: a follower's socket ended (%s)", why)
        finally:
            self.subscribers.discard(subscriber)
            reader.cancel()
            with contextlib.suppress(Exception):
                await ws.close()
        return ws


def _whole_lines(path: Path) -> list[bytes]:
    """The journal's whole lines (a line being written comes by the subscriber's queue)."""
    raw = path.read_bytes()
    return raw[:raw.rfind(b"\n") + 1].split(b"\n")[:-1]


async def _until_closed(ws: web.WebSocketResponse, clock: Clock) -> None:
    async for _ in frames(ws, clock=clock):  # a follower sends nothing; its messages are ignored
        pass


# --- the show's files ------------------------------------------------------------------------------------


def used_files(config: ShowConfig) -> list[Path]:
    """The show file and every file it names: packs and their media (any Path in the loaded show), and
    the files of a theme that is not one quizshow brings along."""
    found: dict[Path, None] = {config.path.resolve(): None}
    bundled = themes_dir().resolve()
    for path in _paths(config):
        path = path.resolve()
        if path.is_file():
            found[path] = None
        elif path.is_dir() and path == config.theme.resolve() and not path.is_relative_to(bundled):
            for inner in sorted(path.rglob("*")):
                if inner.is_file():
                    found[inner] = None
    return list(found)


def _paths(value: object, depth: int = 0) -> Iterator[Path]:
    if depth > 12:
        return
    if isinstance(value, Path):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _paths(getattr(value, f.name), depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _paths(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _paths(item, depth + 1)


def show_archive(config: ShowConfig) -> bytes:
    """The zip a follower loads the show from: every used file under its path relative to their common
    folder (so the show's relative references hold), and `follow.json` naming the show file."""
    files = used_files(config)
    common = Path(os.path.commonpath([str(f.parent) for f in files]))
    buffer = io.BytesIO()
    total = 0
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for path in files:
            total += path.stat().st_size
            if total > MAX_FILES_BYTES:
                raise web.HTTPRequestEntityTooLarge(MAX_FILES_BYTES, total)
            archive.write(path, path.relative_to(common).as_posix())
        archive.writestr(MANIFEST, json.dumps({"show": config.path.resolve().relative_to(common).as_posix(),
                                               "title": config.title}, ensure_ascii=False))
    return buffer.getvalue()
