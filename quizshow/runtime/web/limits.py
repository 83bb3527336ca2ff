"""The web server's limits on a hostile venue network (spec/web.md «Limits on the venue network», docs/phones.md
«Security on the venue network»): descriptors, connections per address, unfinished requests, control frames,
foreign pages.

A `Gate` stands between the listening socket and aiohttp: every accepted connection is counted by its address
before aiohttp sees a byte of it. An address at its cap makes room by losing its own oldest idle connection (one
with no request in progress for `fresh_s` at least); the whole server at its budget of descriptors does the same to
the address holding the most (at any age). An address may have at most `per_address` requests in progress that
are not a seat's (`/p/<token>…`), and `sockets_per_address` WebSockets, beyond that 429. So a thousand silent
sockets from one address never take the descriptors the show needs, and a seat's phone always gets back in (the
reserve: requests of other kinds may not hold the last of the budget). aiohttp's keep-alive timeout, armed when
the connection opens, closes one whose request is not whole within `request_s` (slowloris) and a kept-alive one
idle as long.

On every WebSocket the server reads control frames itself (autoping off): a socket that sends more than
`control_per_s` pings or pongs in a second is closed (1008), so a ping flood costs one chunk's parse and a
close, not a pong per ping.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import WSMessage, WSMsgType, hdrs, web
from yarl import URL

from quizshow.core.clock import SYSTEM, Clock

log = logging.getLogger(__name__)

WANT_FILES = 4096  # the soft limit asked for at start (never above the hard one)
MIN_BUDGET = 32  # connections the server keeps room for however low the limit
POLICY_CLOSE = 1008  # the WebSocket close code for a peer that broke the rules
CLIENT_GONE = 499  # the status logged for a request whose client went away before its answer (as nginx)


@dataclass(frozen=True)
class Limits:
    """The numbers (docs/phones.md «Security on the venue network»)."""

    per_address: int = 16  # connections from one address at once (a phone's page takes up to 7 while loading)
    sockets_per_address: int = 8  # WebSockets from one address that are not a seat's (the overlay's, followers')
    request_s: float = 10.0  # to send a whole request, and how long a kept-alive connection may sit idle
    spare_files: int = 64  # descriptors kept for the show's own files (journal, media, fonts), at most a quarter
    seat_sockets: int = 2  # sockets a seat may always have (its phone and that phone reconnecting): the reserve
    seat_most: int = 4  # a seat's sockets at most (the holder and phones waiting for the operator)
    control_per_s: int = 10  # pings and pongs a socket may send in a second
    read_bytes_per_s: int = 4096  # what a connection may send, on average (a phone sends well under 1 KiB a second)
    read_burst: int = 16384  # … and at once (a 4 KiB message and its request's headers)
    fresh_s: float = 1.0  # a new connection's time to send its request before its own address's next may replace it


LIMITS = Limits()  # the server's; a test's worker may put its own here before the show starts


def raise_file_limit(want: int = WANT_FILES) -> int:
    """Raise the soft limit on open files towards `want`, never above the hard limit (not on Windows, which has
    none to raise). Returns the soft limit now."""
    if sys.platform == "win32":
        return 1 << 13  # the C runtime's own cap; sockets are not counted in it
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    goal = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < goal:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (goal, hard))
            soft = goal
        except (ValueError, OSError) as why:  # macOS refuses above OPEN_MAX: keep what there is
            log.info("web: the file limit stays %d (%s)", soft, why)
    return int(min(soft, 1 << 20))


def open_files() -> int:
    """Descriptors this process has open now (0 where it cannot be told)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        with contextlib.suppress(OSError):
            return len(os.listdir(folder))
    return 0


def connection_budget(soft: int, open_now: int, limits: Limits) -> int:
    """How many connections the server may hold at once: the limit less what the show has open and its spare."""
    spare = min(limits.spare_files, soft // 4)
    return max(MIN_BUDGET, soft - open_now - spare)


# --- Origin ------------------------------------------------------------------------------------------------


def same_origin(origin: str | None, host: str | None) -> bool:
    """May a WebSocket with this `Origin` header open, asked of this `Host`? No Origin (OBS's browser source, a
    follower, a phone's own page in some browsers) is let in; else its host and port must be the request's."""
    if origin is None:
        return True
    if not host:
        return False
    try:
        seen = URL(origin.strip())
        asked = URL(f"http://{host.strip()}")
        if seen.scheme not in ("http", "https") or not seen.host or not asked.host:
            return False
        if seen.path not in ("", "/") or seen.query_string or seen.user is not None:
            return False
        return seen.host.lower() == asked.host.lower() and seen.port == asked.port
    except (ValueError, TypeError):
        return False


async def _answered(handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                    request: web.Request) -> web.StreamResponse:
    """The handler's response. A client gone in the middle of it (a phone's page reloaded while its socket's
    handshake was being answered) is no server error: aiohttp would log a traceback for each on the operator's
    terminal. Its writing of this answer fails as quietly (the connection is closed)."""
    try:
        return await handler(request)
    except ConnectionResetError:
        return web.Response(status=CLIENT_GONE, reason="Client Closed Request")


# --- control frames ------------------------------------------------------------------------------------


class ControlLimit:
    """At most `per_s` control frames in any second."""

    def __init__(self, per_s: int) -> None:
        self.per_s = per_s
        self.times: deque[float] = deque()

    def allow(self, now: float) -> bool:
        while self.times and now - self.times[0] >= 1.0:
            self.times.popleft()
        self.times.append(now)
        return len(self.times) <= self.per_s


# aiohttp's WSMessage carries its payload as Any (text, bytes or a close code by the frame's type)
async def frames(ws: web.WebSocketResponse, per_s: int | None = None, *,
                 clock: Clock = SYSTEM) -> AsyncIterator[WSMessage]:
    """The data frames of a socket prepared with `autoping=False`: pings are answered here, and a socket that
    sends more than `per_s` pings or pongs in a second (of `clock`) is closed (1008)."""
    limit = ControlLimit(LIMITS.control_per_s if per_s is None else per_s)
    async for msg in ws:
        if msg.type in (WSMsgType.PING, WSMsgType.PONG):
            if not limit.allow(clock.monotonic()):
                log.info("web: a socket sent more than %d control frames in a second: closed", limit.per_s)
                await ws.close(code=POLICY_CLOSE, message=b"too many control frames")
                return
            if msg.type == WSMsgType.PING:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.pong(msg.data)
            continue
        yield msg


# --- connections -----------------------------------------------------------------------------------------


@dataclass(eq=False)
class Conn:
    """One accepted connection."""

    transport: asyncio.Transport
    address: str
    opened: float
    busy: int = 0  # requests in progress (a WebSocket is one for its whole life)
    idle_since: float = 0.0
    seat: str | None = None  # the seat token of its request in progress
    socket: bool = False  # its request in progress is a WebSocket that is not a seat's
    credit: float = -1.0  # bytes it may still send now (-1: not metered yet)
    metered_at: float = 0.0


@dataclass
class Counts:
    """What the gate holds now (for the console, tests and the bench)."""

    connections: int = 0
    refused: int = 0  # connections closed at once: no room
    evicted: int = 0  # idle connections closed to make room
    limited: int = 0  # requests answered 429
    foreign: int = 0  # WebSockets refused for their Origin
    addresses: dict[str, int] = field(default_factory=dict)


class Gate:
    """Counts connections by address and decides who gets in (the module's doc); `clock` says how long a
    connection has been idle and meters what it sends."""

    def __init__(self, is_seat: Callable[[str], str | None], seats: int, limits: Limits | None = None,
                 soft: int | None = None, open_now: int | None = None, *, clock: Clock = SYSTEM) -> None:
        self.limits = limits or LIMITS
        self.clock = clock
        self.is_seat = is_seat  # a request's path → its seat token, None when it is not a seat's
        files = soft if soft is not None else raise_file_limit()
        self.budget = connection_budget(files, open_files() if open_now is None else open_now, self.limits)
        # Room kept for the seats' phones: the rest may hold requests of any other kind.
        self.reserve = min(self.budget // 2, seats * self.limits.seat_sockets + self.limits.per_address)
        self.conns: dict[asyncio.BaseTransport, Conn] = {}
        self.by_address: dict[str, list[Conn]] = {}
        self.counts = Counts()
        log.info("web: room for %d connections (%d kept for the seats' phones)", self.budget, self.reserve)

    # --- accepting ------------------------------------------------------------------------------------

    def admit(self, transport: asyncio.Transport) -> Conn | None:
        """A connection just accepted: counted, or None (to be closed at once) when there is no room at all."""
        now = self.clock.monotonic()
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        mine = self.by_address.get(address, [])
        if len(mine) >= self.limits.per_address:  # (none idle for long: let in, its request is judged)
            self._evict(mine, now - self.limits.fresh_s)
        if len(self.conns) >= self.budget:
            crowded = max(self.by_address.values(), key=len, default=[])
            if not self._evict(crowded) and not self._evict([c for cs in self.by_address.values() for c in cs]):
                self.counts.refused += 1
                return None
        conn = Conn(transport, address, now, idle_since=now)
        self.conns[transport] = conn
        self.by_address.setdefault(address, []).append(conn)
        return conn

    def _evict(self, conns: list[Conn], idle_before: float = float("inf")) -> bool:
        """Close the oldest idle connection among `conns` (idle since before `idle_before`); False when none is."""
        idle = [c for c in conns if c.busy == 0 and c.idle_since < idle_before]
        if not idle:
            return False
        victim = min(idle, key=lambda c: c.idle_since)
        self.forget(victim)
        self.counts.evicted += 1
        victim.transport.abort()
        return True

    def forget(self, conn: Conn) -> None:
        if self.conns.pop(conn.transport, None) is None:
            return
        mine = self.by_address.get(conn.address, [])
        with contextlib.suppress(ValueError):
            mine.remove(conn)
        if not mine:
            self.by_address.pop(conn.address, None)

    def metered(self, conn: Conn, size: int) -> None:
        """`size` bytes read from `conn`: past its credit its reading pauses until the credit is back, so a flood of
        frames costs the server a bounded amount of work a second (the kernel's buffers hold the rest)."""
        now = self.clock.monotonic()
        rate, burst = self.limits.read_bytes_per_s, self.limits.read_burst
        credit = burst if conn.credit < 0 else min(burst, conn.credit + (now - conn.metered_at) * rate)
        conn.credit, conn.metered_at = credit - size, now
        if conn.credit < 0:
            transport = conn.transport
            transport.pause_reading()

            def resume() -> None:
                if not transport.is_closing():
                    with contextlib.suppress(RuntimeError):
                        transport.resume_reading()
            asyncio.get_running_loop().call_later(-conn.credit / rate, resume)

    def factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """The protocol factory for the listening socket: aiohttp's, behind the gate."""
        return lambda: _Guarded(self, inner())

    # --- requests -------------------------------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request,
                         handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        conn = self.conns.get(request.transport) if request.transport is not None else None
        upgrade = request.headers.get(hdrs.UPGRADE, "").lower() == "websocket"
        if upgrade and not same_origin(request.headers.get(hdrs.ORIGIN), request.host):
            self.counts.foreign += 1
            raise web.HTTPForbidden(text="this show's sockets open only from its own pages")
        if conn is None:  # not through the gate (a test's own runner)
            return await _answered(handler, request)
        seat = self.is_seat(request.path)
        refusal = self._refusal(conn, seat, upgrade)
        if refusal:
            self.counts.limited += 1
            raise web.HTTPTooManyRequests(text=refusal, headers={"Retry-After": "5", "Connection": "close"})
        conn.busy += 1
        conn.seat, conn.socket = seat, upgrade and seat is None
        try:
            return await _answered(handler, request)
        finally:
            conn.busy -= 1
            conn.seat, conn.socket = None, False
            conn.idle_since = self.clock.monotonic()

    def _refusal(self, conn: Conn, seat: str | None, upgrade: bool) -> str:
        """Why this request may not go on ("" when it may)."""
        if seat is not None:
            held = sum(1 for c in self.conns.values() if c.seat == seat)
            return f"this seat has {held} connections already" if held >= self.limits.seat_most else ""
        mine = [c for c in self.by_address.get(conn.address, []) if c.busy and c.seat is None]
        if len(mine) >= self.limits.per_address:
            return f"too many requests from {conn.address}"
        if upgrade and sum(1 for c in mine if c.socket) >= self.limits.sockets_per_address:
            return f"too many sockets from {conn.address}"
        others = sum(1 for c in self.conns.values() if c.busy and c.seat is None)
        if others >= self.budget - self.reserve:
            return "the server is full"
        return ""

    def snapshot(self) -> Counts:
        counts = Counts(len(self.conns), self.counts.refused, self.counts.evicted, self.counts.limited,
                        self.counts.foreign, {a: len(cs) for a, cs in self.by_address.items()})
        return counts


class _Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, behind the gate."""

    def __init__(self, gate: Gate, inner: asyncio.Protocol) -> None:
        self.gate = gate
        self.inner = inner
        self.conn: Conn | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.conn = self.gate.admit(transport)
        if self.conn is None:
            transport.abort()
            return
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is None:
            return
        self.gate.forget(self.conn)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)
        if self.conn is not None:
            self.gate.metered(self.conn, len(data))

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class GatedSite(web.TCPSite):
    """aiohttp's TCP site with the gate's protocol factory."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, gate: Gate) -> None:
        super().__init__(runner, host, port, reuse_address=True)
        self.gate = gate

    async def start(self) -> None:
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            self.gate.factory(server), self._host, self._port, backlog=self._backlog,
            reuse_address=self._reuse_address)
