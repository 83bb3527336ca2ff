"""OSC in (spec/osc.md): a reader thread drains the UDP socket into one bounded queue per sending socket
(address AND port), each datagram stamped with its arrival; a server thread serves those queues fairly
(see `Fairness`): sockets within their rate limit ("desks") take turns first, sockets that flood share
one capped budget, and whatever waited longer than a deadline is dropped and counted, never served
seconds late. Each sender's messages keep their order. The protection rules are applied at the door,
and every accepted input is delivered to the app as the same action the presenter or the console
performs. Queries are answered at once.

At the door, in this order: the allowlist (a denied source costs no parsing), then `check_datagram`
(sizes, nesting and types, in one bounded pass) before python-osc's parser sees a byte — that parser
loops for ever on a bundle element of negative size — then the rate limit and the passcode.
"""

from __future__ import annotations

import ctypes
import hmac
import ipaddress
import logging
import math
import os
import re
import socket
import struct
import sys
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from pythonosc import osc_packet
from pythonosc.dispatcher import Dispatcher
from pythonosc.osc_server import BlockingOSCUDPServer

from quizshow.config import OscConfig
from quizshow.core.limits import MAX_CLOCK_S, MAX_POINTS
from quizshow.outputs.osc_out import message

log = logging.getLogger(__name__)

Address = tuple[str, int]
FIRE = {"/quiz/go": "go", "/quiz/back": "back", "/quiz/undo": "undo", "/quiz/timer/start": "timer_start",
        "/quiz/timer/stop": "timer_stop", "/quiz/announce": "announce", "/quiz/judge/correct": "correct",
        "/quiz/judge/wrong": "wrong"}
TEAM = re.compile(r"^/quiz/team/(\d{1,6})/(buzz|score/add|score/set)$")
# A format's own action by name (docs/osc.md, "A format's own actions"): its arguments are checked
# against the action registry by the app (runtime/osc_link.py); here only their kinds and sizes.
ACTION = re.compile(r"^/quiz/action/([a-z][a-z0-9_]{0,39})$")
MAX_ACTION_ARGS = 8
MAX_TEXT = 1000  # characters of one text argument (an action may allow fewer: its text_max)
QUERIES = ("/quiz/state", "/quiz/ping", "/quiz/connect")  # allowed before a passcode is given
WILDCARDS = set("*?[]{}")
LOCKOUT_S = 60.0
WRONG_PASSCODES = 5  # from one address: that address is locked for LOCKOUT_S
GLOBAL_FREE_FAILURES = 10  # wrong passcodes from all sources together before everyone must wait
GLOBAL_BACKOFF_MAX_S = 300.0  # the wait doubles with each further failure, up to this
GLOBAL_FORGET_S = 600.0  # ten quiet minutes forget the failures
FRESH_CHECK_S = 10.0  # during a guessing run, addresses without a wrong passcode get one check per this, together
KNOCKING_MAX = 8  # sockets refused at /quiz/connect remembered for the console («Впустить»)
UNLOCK_IDLE_S = 3600.0  # an unlocked sender (address AND port) silent this long must connect again
MAX_SOURCES = 4096  # addresses and sending sockets remembered at most (rate limit, lockout)
BATCH = 64  # datagrams taken from the socket at once, at most
# Fairness under a flood (issue 23, docs/reliability.md): a sending socket over its rate limit is "flooding"
# for FLOOD_MEMORY_S; flooding sockets are served only when no desk waits, and together they journal at
# most `rate_limit` commands a second. A datagram that waited DEADLINE_S is dropped (counted, replied 429).
QUEUE_MAX = 64  # datagrams waiting per sending socket; past it the oldest is dropped
DEADLINE_S = 0.25
FLOOD_MEMORY_S = 2.0
CROWD_BURST = 10  # commands the flooding sockets together may journal at once, then `rate_limit` a second
BUSY_REPLY_S = 0.5  # a flooding socket is told it was dropped at most this often
# A socket sending more than KERNEL_BLOCK_FACTOR × rate_limit datagrams a second is filtered in the kernel
# (Linux, IPv4: a classic BPF socket filter): only one datagram in KERNEL_SAMPLE reaches the socket, so a flood cannot
# fill the receive buffer and push a desk's datagrams out of it. Lifted after two seconds in which
# none of its datagrams got through (it sends less than about KERNEL_SAMPLE / 2 a second).
KERNEL_BLOCK_FACTOR = 4  # × rate_limit (default: 200 datagrams a second)
KERNEL_SAMPLE = 256
FILTER_GRACE_S = 0.25  # what was already in the receive buffer when a socket was filtered: not estimated
MAX_BLOCKED = 600  # sockets in the filter at most (5 instructions each; the kernel takes 4,096)
SO_ATTACH_FILTER, SO_DETACH_FILTER = 26, 27  # Linux
RCVBUF_BYTES = 4 * 1024 * 1024  # asked of the kernel: a burst waits in the socket instead of being dropped

# What one datagram may hold (docs/reliability.md): the work a datagram causes is bounded by these.
MAX_DATAGRAM = 8192  # bytes; a desk's message is well under 200
MAX_DEPTH = 4  # bundles inside bundles, and arrays inside arrays
MAX_MESSAGES = 64  # messages in one datagram (each counts against the rate limit)
MAX_ARGS = 64  # type tags of one message
MAX_ADDRESS = 256  # characters of an address
MAX_PLAYER = 99
MAX_CELL = 999  # a theme or question number
FIXED_SIZE = {"i": 4, "f": 4, "r": 4, "m": 4, "h": 8, "d": 8, "t": 8, "T": 0, "F": 0, "N": 0}
BUNDLE = b"#bundle\0"
_DONTWAIT = getattr(socket, "MSG_DONTWAIT", 0)  # none on Windows: one datagram at a time there


# --- a tournament day (issue 16): another table reports the result of the match it played -------------------
# /quiz/tournament/result s FIXTURE i SCORE_A i SCORE_B [s OUTCOME]: the scores follow the fixture's teams
# (red table first); OUTCOME is win | draw | disqualified (default: from the scores). Needs the passcode.
TOURNAMENT_RESULT = "/quiz/tournament/result"
FIXTURE_ID = re.compile(r"[A-Z]{1,3}[0-9]{0,3}")  # the whole text (fullmatch: "A3\n" is not a fixture)
OUTCOMES = ("win", "draw", "disqualified")
MAX_SCORE = 1000


def tournament_result(args: tuple) -> tuple:
    """The values of a reported result, checked at the door (400 with what was expected)."""
    expected = "expected s fixture, i score, i score [, s win|draw|disqualified]"
    if not 3 <= len(args) <= 4 or not isinstance(args[0], str) or not FIXTURE_ID.fullmatch(args[0]):
        raise Rejected(400, expected)
    scores = tuple(_whole(v) for v in args[1:3])  # a whole float is an i, as everywhere (TouchOSC sends f)
    if not all(v is not None and 0 <= v <= MAX_SCORE for v in scores):
        raise Rejected(400, expected)
    if len(args) == 4 and args[3] not in OUTCOMES:
        raise Rejected(400, expected)
    return (args[0], *scores, *args[3:])


class Malformed(ValueError):
    """A datagram that is not OSC this server reads; the text says what is wrong."""


def check_datagram(data: bytes) -> None:
    """Raise Malformed unless `data` is one OSC message or bundle that python-osc parses exactly, within
    the limits above: every size positive and inside the datagram, known types only, bounded nesting.
    One pass over the bytes: the work is linear in the (bounded) size."""
    if not data:
        raise Malformed("empty")
    if len(data) > MAX_DATAGRAM:
        raise Malformed(f"{len(data)} bytes (at most {MAX_DATAGRAM})")
    messages = [0]
    if data.startswith(BUNDLE):
        _check_bundle(data, 0, len(data), 1, messages)
    elif data.startswith(b"/"):
        _check_message(data, 0, len(data), messages)
    else:
        raise Malformed("neither a message nor a bundle")


def _check_bundle(data: bytes, start: int, end: int, depth: int, messages: list[int]) -> None:
    i = start + len(BUNDLE) + 8  # the prefix and the time tag
    if i > end:
        raise Malformed("bundle without a time tag")
    while i < end:
        if i + 4 > end:
            raise Malformed("bundle element without a size")
        size = int.from_bytes(data[i:i + 4], "big", signed=True)
        i += 4
        if size <= 0 or size % 4 or i + size > end:
            raise Malformed(f"bundle element of size {size}")
        if data.startswith(BUNDLE, i):
            if depth >= MAX_DEPTH:
                raise Malformed(f"bundles nested deeper than {MAX_DEPTH}")
            _check_bundle(data, i, i + size, depth + 1, messages)
        elif data.startswith(b"/", i):
            _check_message(data, i, i + size, messages)
        else:
            raise Malformed("bundle element is neither a message nor a bundle")
        i += size


def _check_message(data: bytes, start: int, end: int, messages: list[int]) -> None:
    messages[0] += 1
    if messages[0] > MAX_MESSAGES:
        raise Malformed(f"more than {MAX_MESSAGES} messages")
    address, i = _string(data, start, end)
    if len(address) > MAX_ADDRESS:
        raise Malformed(f"address longer than {MAX_ADDRESS}")
    if i == end:
        return  # no type tags: no arguments
    tags, i = _string(data, i, end)
    if not tags.startswith(","):
        raise Malformed("type tags do not start with a comma")
    if len(tags) - 1 > MAX_ARGS:
        raise Malformed(f"more than {MAX_ARGS} arguments")
    depth = 0
    for tag in tags[1:]:
        if tag in FIXED_SIZE:
            i += FIXED_SIZE[tag]
        elif tag == "s":
            _, i = _string(data, i, end)
        elif tag == "b":
            size = int.from_bytes(data[i:i + 4], "big", signed=True) if i + 4 <= end else -1
            if size < 0:
                raise Malformed("blob without a size")
            i += 4 + size + (-size % 4)
        elif tag == "[":
            depth += 1
            if depth > MAX_DEPTH:
                raise Malformed(f"arrays nested deeper than {MAX_DEPTH}")
        elif tag == "]" and depth:
            depth -= 1
        else:
            raise Malformed(f"type tag {tag!r} is not read here")
        if i > end:
            raise Malformed("arguments run past the end")
    if depth:
        raise Malformed("an array is not closed")
    if data[i:end].strip(b"\0"):
        raise Malformed("bytes after the arguments")


def _string(data: bytes, start: int, end: int) -> tuple[str, int]:
    """An OSC string at `start`: its text and where the next field starts (padded to 4 bytes)."""
    nul = data.find(b"\0", start, end)
    if nul < 0:
        raise Malformed("a string without its terminating zero")
    after = start + (nul - start + 4) // 4 * 4
    if after > end:
        raise Malformed("a string runs past the end")
    try:
        return data[start:nul].decode("utf-8"), after
    except UnicodeDecodeError as why:
        raise Malformed("a string is not UTF-8") from why


def address_of(data: bytes) -> str:
    """The address a datagram names, read without parsing it (for a refusal's reply)."""
    head = data[:MAX_ADDRESS].split(b"\0", 1)[0]
    return head.decode("utf-8", "replace") if head.startswith((b"/", b"#")) else ""


class _ParserWarnings(logging.Filter):
    """python-osc warns on the root logger once per odd datagram: counted here, never logged."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if f"{os.sep}pythonosc{os.sep}" in record.pathname:
            self.count += 1
            return False
        return True


PARSER_WARNINGS = _ParserWarnings()


def in_turns(batch: list[tuple[bytes, Address]]) -> list[tuple[bytes, Address]]:
    """Datagrams from several sources, one from each in turn (in order of first appearance); each
    source's own datagrams keep their order."""
    queues: dict[Address, deque] = {}
    for item in batch:
        queues.setdefault(item[1], deque()).append(item)
    turns = []
    while queues:
        for source in list(queues):
            turns.append(queues[source].popleft())
            if not queues[source]:
                del queues[source]
    return turns


@dataclass(frozen=True)
class OscRequest:
    """An accepted input for the app (applied by the server thread itself): `kind` names the action,
    `values` its numbers."""

    sender: Address
    address: str
    kind: str
    values: tuple = ()
    at: float = 0.0


@dataclass
class Peer:
    """What the server remembers of one source address (every port on it)."""

    wrong: int = 0
    locked_until: float = 0.0
    reply_all: bool = False
    malformed: int = 0
    denied_shown: bool = False


class Rejected(Exception):
    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code


class OscServer:
    """The listening side. `submit` delivers an OscRequest to the app; `send_state` answers a query.
    `teams` is how many teams the show has: another team number is an unknown address (404)."""

    def __init__(self, config: OscConfig, submit: Callable[[OscRequest], None], now: Callable[[], float],
                 notice: Callable[..., None], send_state: Callable[[Address], None],
                 subscribe: Callable[[Address, bool], None], port: int | None = None, teams: int = 99) -> None:
        self.config = config
        self.submit = submit
        self.now = now
        self.notice = notice
        self.send_state = send_state
        self.subscribe = subscribe
        self.teams = teams
        self.wall: Callable[[], float] = time.monotonic
        self.networks = [ipaddress.ip_network(cidr, strict=False) for cidr in config.allow]
        self.peers: dict[str, Peer] = {}  # by host: lockout, malformed count
        self.rates: dict[Address, deque] = {}  # by host and port: the rate limit
        self.sessions: dict[Address, float] = {}  # unlocked senders (host AND port) → when the unlock ends
        self.unlock_idle_s = UNLOCK_IDLE_S
        self.failures = 0  # wrong passcodes from everywhere (the global budget)
        self.last_failure = -1e9
        self.global_until = 0.0  # no /quiz/connect from anyone is tried before this
        self.guessers: set[str] = set()
        self._fresh_at = -1e9  # the last check of a passcode from an address without failures, in a guessing run
        self.knocking: dict[Address, float] = {}  # sockets refused at /quiz/connect (the newest last) → when
        self._allow_cache: dict[str, bool] = {}
        self._replies: dict[tuple, bytes] = {}  # the same refusal again (a flood): built once
        self.last_go = -1e9
        self.received = 0
        self.malformed = 0
        if PARSER_WARNINGS not in logging.getLogger().filters:
            logging.getLogger().addFilter(PARSER_WARNINGS)
        self.dispatcher = Dispatcher(strict_timing=False)  # a future time tag is never waited for
        self.dispatcher.set_default_handler(self._message, needs_reply_address=True)
        host, default_port = config.listen
        # python-osc's server binds the socket; the serving loop is ours (see _serve).
        self.server = BlockingOSCUDPServer((host, default_port if port is None else port), self.dispatcher)
        self.rcvbuf = self._enlarge_receive_buffer()
        self._stopping = False
        # Fairness (the reader fills, the server serves; both under `_ready`): a queue per sending socket.
        self._ready = threading.Condition(threading.Lock())
        self.queues: dict[Address, deque] = {}  # (data, arrived) in arrival order
        self._desk_turns: deque[Address] = deque()  # sockets with datagrams waiting, in turn
        self._crowd_turns: deque[Address] = deque()  # the same, for sockets that flood
        # [tokens, when, flooding until, last busy reply, window start, datagrams in window, filtered 0/1]
        self.buckets: dict[Address, list[float]] = {}
        self.kernel_guard = sys.platform == "linux" and self.server.address_family == socket.AF_INET
        self._filter_due = False
        self._refiltered = 0.0
        self.filtered: list[Address] = []  # sockets the kernel filter samples now
        self._attached: dict[Address, float] = {}  # each of them → since when
        self._filter_buffer: ctypes.Array | None = None
        self._crowd_tokens = float(CROWD_BURST)
        self._crowd_when = time.monotonic()
        self._serving_crowd = False
        # datagrams dropped unserved: waited past DEADLINE_S, their queue was full, or (an estimate) refused
        # by the kernel filter
        self.dropped = 0
        self.dropped_from: dict[str, int] = {}  # by host
        self.thread = threading.Thread(target=self._work, name="osc-serve", daemon=True)
        self.reader = threading.Thread(target=self._read, name="osc-in", daemon=True)

    def _enlarge_receive_buffer(self) -> int:
        """A burst from a desk waits in the socket rather than being dropped by the kernel (the default
        buffer holds a few hundred datagrams). The kernel may grant less (Linux: net.core.rmem_max)."""
        sock = self.server.socket
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RCVBUF_BYTES)
        except OSError as why:
            log.debug("osc: SO_RCVBUF not enlarged: %s", why)
        granted = sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
        if granted < RCVBUF_BYTES:
            log.debug("osc: receive buffer %d bytes (asked %d; raise net.core.rmem_max)", granted, RCVBUF_BYTES)
        return granted

    @property
    def parser_warnings(self) -> int:
        """python-osc's own warnings, counted instead of logged (process-wide)."""
        return PARSER_WARNINGS.count

    @property
    def address(self) -> Address:
        return self.server.server_address[:2]

    def start(self) -> OscServer:
        self.thread.start()
        self.reader.start()
        log.debug("osc: listening on %s:%d", *self.address)  # printed at every level by the command line
        return self

    def stop(self) -> None:
        self._stopping = True
        host, port = self.address
        wake = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
        try:  # an empty datagram ends the blocking receive
            with socket.socket(self.server.address_family, socket.SOCK_DGRAM) as nudge:
                nudge.sendto(b"", (wake, port))
        except OSError:
            pass
        with self._ready:
            self._ready.notify_all()
        for thread in (self.reader, self.thread):
            if thread.is_alive():
                thread.join(1.0)
        self.server.server_close()

    def _read(self) -> None:
        """The reader: wait for a datagram, take every other one already waiting (up to BATCH), stamp them
        with their arrival and queue each on its sending socket's queue. Nothing else: the socket is
        drained as fast as it fills, so the kernel's buffer never holds seconds of backlog. One blocking
        receive, not socketserver's select, receive and handler object per datagram: every system call is
        a wait for the interpreter (the GIL) while the projector draws."""
        sock = self.server.socket
        while not self._stopping:
            try:
                batch = [sock.recvfrom(65536)]
                while len(batch) < BATCH and _DONTWAIT:
                    batch.append(sock.recvfrom(65536, _DONTWAIT))
            except (BlockingIOError, InterruptedError):
                pass  # nothing more waiting
            except OSError as why:  # an ICMP echo of an earlier reply (Windows), or the socket closed
                if self._stopping or sock.fileno() == -1:
                    break
                log.debug("osc: receive failed: %s", why)
                continue
            if self._stopping:
                break
            self._queue(batch, time.monotonic())
        with self._ready:
            self._ready.notify_all()

    def _queue(self, batch: list[tuple[bytes, Address]], now: float) -> None:
        """Each datagram onto its socket's queue (the oldest dropped past QUEUE_MAX); a socket over its
        rate (a token bucket of `rate_limit` a second) is marked flooding for FLOOD_MEMORY_S."""
        rate = float(self.config.rate_limit)
        full: list[tuple[bytes, Address]] = []
        with self._ready:
            for data, sender in batch:
                self.received += 1
                bucket = self.buckets.get(sender)
                if bucket is None:
                    _make_room(self.buckets)
                    bucket = self.buckets[sender] = [rate, now, 0.0, -1e9, now, 0.0, 0.0]
                tokens = min(rate, bucket[0] + (now - bucket[1]) * rate)
                bucket[1] = now
                if tokens >= 1.0 and not bucket[6]:
                    bucket[0] = tokens - 1.0
                else:
                    bucket[0], bucket[2] = tokens, now + FLOOD_MEMORY_S
                self._estimate(bucket, now)
                since = self._attached.get(sender)
                if since is not None and now - since > FILTER_GRACE_S:  # it stands for KERNEL_SAMPLE - 1 refused
                    self._count_dropped(sender, KERNEL_SAMPLE - 1)
                waiting = self.queues.get(sender)
                if waiting is None:
                    _make_room(self.queues)
                    waiting = self.queues[sender] = deque()
                    self._desk_turns.append(sender)  # served as a desk or moved to the crowd when due
                elif len(waiting) >= QUEUE_MAX:
                    self._count_dropped(sender)
                    full.append((waiting.popleft()[0], sender))
                waiting.append((data, now))
            self._ready.notify()
        for data, sender in full:
            self._tell_dropped(sender, data, "too many messages waiting")

    def _estimate(self, bucket: list[float], now: float) -> None:
        """Count one datagram in its socket's one-second window (under `_ready`); a filtered socket's
        datagram stands for KERNEL_SAMPLE. Past KERNEL_BLOCK_FACTOR × rate_limit the socket goes into the kernel filter
        (until `_refilter` finds it silent)."""
        if now - bucket[4] >= 1.0:
            bucket[4], bucket[5] = now, 0.0
        bucket[5] += KERNEL_SAMPLE if bucket[6] else 1
        if not bucket[6] and bucket[5] > KERNEL_BLOCK_FACTOR * self.config.rate_limit and self.kernel_guard:
            bucket[6], self._filter_due = 1.0, True

    def _refilter(self, now: float) -> None:
        """Under `_ready`, at most once a second or when the reader asks: a filtered socket silent for two
        seconds is taken out; then the kernel filter is rebuilt if its sockets changed."""
        for bucket in self.buckets.values():
            if bucket[6] and now - bucket[4] > 2.0:
                bucket[6], self._filter_due = 0.0, True
        if not self._filter_due:
            return
        self._filter_due = False
        filtered = [sender for sender, bucket in self.buckets.items() if bucket[6]][:MAX_BLOCKED]
        if filtered == self.filtered:
            return
        try:
            if filtered:
                program = kernel_filter(filtered)
                self._filter_buffer = ctypes.create_string_buffer(program, len(program))  # kept alive
                fprog = struct.pack("HL", len(program) // 8, ctypes.addressof(self._filter_buffer))
                self.server.socket.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, fprog)
            else:
                self.server.socket.setsockopt(socket.SOL_SOCKET, SO_DETACH_FILTER, 0)
            self.filtered = filtered
            self._attached = {sender: self._attached.get(sender, now) for sender in filtered}
        except (OSError, ValueError) as why:
            log.debug("osc: kernel filter not set: %s", why)
            self.kernel_guard = False
            for bucket in self.buckets.values():
                bucket[6] = 0.0

    def _next(self) -> tuple[bytes, Address, bool] | None:
        """The next datagram to serve, waiting for one: desks in turn first; then the flooding sockets in
        turn. Whatever waited past DEADLINE_S is dropped on the way (counted, and its sender told)."""
        late: list[tuple[bytes, Address]] = []
        try:
            with self._ready:
                while not self._stopping:
                    now = time.monotonic()
                    if self._filter_due or now - self._refiltered >= 1.0:
                        self._refiltered = now
                        self._refilter(now)
                    got = self._take(self._desk_turns, False, now, late) \
                        or self._take(self._crowd_turns, True, now, late)
                    if got is not None:
                        return got
                    if not self._desk_turns:  # (a socket that stopped flooding may have moved there)
                        self._ready.wait(1.0 if self.filtered else None)
                return None
        finally:
            for data, sender in late:
                self._tell_dropped(sender, data, f"waited more than {DEADLINE_S:g} s")

    def _take(self, turns: deque[Address], crowd: bool, now: float,
              late: list[tuple[bytes, Address]]) -> tuple[bytes, Address, bool] | None:
        """The first datagram in time from `turns` (under `_ready`); a socket of the other kind moves over."""
        while turns:
            sender = turns.popleft()
            waiting = self.queues.get(sender)
            if not waiting:
                continue  # forgotten (_make_room)
            if self._flooding(sender, now) != crowd:
                (self._desk_turns if crowd else self._crowd_turns).append(sender)
                continue
            data, arrived = waiting.popleft()
            if waiting:
                turns.append(sender)
            else:
                del self.queues[sender]
            if now - arrived > DEADLINE_S:
                self._count_dropped(sender)
                late.append((data, sender))
                continue
            return data, sender, crowd
        return None

    def _flooding(self, sender: Address, now: float) -> bool:
        bucket = self.buckets.get(sender)
        return bucket is not None and bucket[2] > now

    def _count_dropped(self, sender: Address, count: int = 1) -> None:
        """Datagrams not served (under `_ready`): counted by host."""
        self.dropped += count
        if sender[0] not in self.dropped_from:
            _make_room(self.dropped_from)
        self.dropped_from[sender[0]] = self.dropped_from.get(sender[0], 0) + count

    def _tell_dropped(self, sender: Address, data: bytes, why: str) -> None:
        """429 to a sender whose datagram was dropped; a flooding one is told at most every BUSY_REPLY_S."""
        now = time.monotonic()
        bucket = self.buckets.get(sender)
        if bucket is not None and self._flooding(sender, now):
            if now - bucket[3] < BUSY_REPLY_S:
                return
            bucket[3] = now
        if self._allowed(sender[0]):
            self.reply(sender, address_of(data), 429, f"the show is busy: dropped ({why})")

    def _work(self) -> None:
        """The server: datagrams in fair turns (`_next`), each handled whole."""
        while True:
            item = self._next()
            if item is None:
                return
            data, sender, crowd = item
            self._serving_crowd = crowd
            try:
                self._datagram(data, sender)
            except Exception:  # noqa: BLE001 - nothing a sender does stops the server
                log.exception("osc: handling a datagram from %s failed", sender[0])

    def _submit(self, request: OscRequest) -> None:
        """Deliver an input to the app. The flooding sockets together journal at most `rate_limit`
        commands a second (CROWD_BURST at once): past that, 429."""
        if self._serving_crowd:
            now = time.monotonic()
            rate = float(self.config.rate_limit)
            self._crowd_tokens = min(float(CROWD_BURST), self._crowd_tokens + (now - self._crowd_when) * rate)
            self._crowd_when = now
            if self._crowd_tokens < 1.0:
                raise Rejected(429, "the show is busy: too many commands from flooding senders")
            self._crowd_tokens -= 1.0
        self.submit(request)

    def flood_counts(self) -> list[tuple[str, int]]:
        """Each host some of whose datagrams were dropped unserved, with their count."""
        return list(self.dropped_from.items())

    # --- every datagram ------------------------------------------------------------------------------

    def _datagram(self, data: bytes, sender: Address) -> None:
        """The allowlist first (a denied source costs no parsing), then the datagram is checked within
        its limits, and only then parsed and its messages handled in order."""
        if not self._allowed(sender[0]):
            self._deny(sender, address_of(data))
            return
        try:
            check_datagram(data)
            packet = osc_packet.OscPacket(data)  # parsed once; a bundle's time tag is not waited for
        except Exception as why:  # noqa: BLE001 - anything that does not parse is one malformed packet
            log.debug("osc: malformed from %s: %s", sender[0], why)
            self._malformed(sender)
            return
        try:
            for timed in packet.messages:
                self._message(sender, timed.message.address, *timed.message.params)
        except Exception as why:  # noqa: BLE001 - a bad message never stops the server
            log.debug("osc: %s from %s: %s", type(why).__name__, sender[0], why)
            self._malformed(sender)

    def _deny(self, sender: Address, address: str) -> None:
        """403 for a source outside the allowlist, within its rate limit (a flood is not echoed)."""
        peer = self._peer(sender)
        if not peer.denied_shown:
            peer.denied_shown = True
            self.notice("console.osc_denied", host=sender[0])
        if self._within_rate(sender, self.wall()):
            self.reply(sender, address, 403, "address not allowed")

    def _malformed(self, sender: Address) -> None:
        self.malformed += 1
        peer = self._peer(sender)
        peer.malformed += 1

    def _allowed(self, host: str) -> bool:
        """Is the host in the allowlist (remembered: the check runs for every datagram)."""
        allowed = self._allow_cache.get(host)
        if allowed is None:
            allowed = self._allow_cache[host] = any(ipaddress.ip_address(host) in net for net in self.networks)
        return allowed

    def _peer(self, sender: Address) -> Peer:
        peer = self.peers.get(sender[0])
        if peer is None:
            _make_room(self.peers)
            peer = self.peers[sender[0]] = Peer()
        return peer

    def _within_rate(self, sender: Address, wall: float) -> bool:
        times = self.rates.get(sender)  # per sending socket: two desks on one laptop
        if times is None:
            _make_room(self.rates)
            times = self.rates[sender] = deque()
        times.append(wall)
        while times and wall - times[0] > 1.0:
            times.popleft()
        return len(times) <= self.config.rate_limit

    def reply(self, to: Address, address: str, code: int, text: str = "") -> None:
        status = "ok" if code == 200 else "denied" if code in (401, 403) else "error"
        if code == 200 and not self._peer(to).reply_all:
            return
        key = (address, code, text)
        data = self._replies.get(key)
        if data is None:
            data = message("/quiz/reply", address, status, code, text)
            if len(self._replies) < 512:
                self._replies[key] = data
        try:
            self.server.socket.sendto(data, to)
        except OSError as why:
            log.debug("osc: reply to %s failed: %s", to, why)

    def _message(self, sender: Address, address: str, *args: object) -> None:
        try:
            self._check(sender, address)
            self._route(sender, address, args)
        except Rejected as why:
            self.reply(sender, address, why.code, str(why))

    # --- protection ------------------------------------------------------------------------------------

    def _check(self, sender: Address, address: str) -> None:
        wall = self.wall()
        if not self._within_rate(sender, wall):
            raise Rejected(429, f"more than {self.config.rate_limit} messages a second")
        if any(ch in WILDCARDS for ch in address):
            raise Rejected(400, "wildcards are not accepted")
        if self.config.passcode is None or address in ("/quiz/ping", "/quiz/state"):
            return
        if address == "/quiz/connect":
            if wall < self._peer(sender).locked_until:
                self._knock(sender, wall)
                raise Rejected(401, "locked after wrong passcodes; try again later, or ask the operator to let "
                                    "this desk in")
            if wall < self.global_until:  # a guessing run: the guessers wait; the others share one check a while
                if sender[0] in self.guessers or wall - self._fresh_at < FRESH_CHECK_S:
                    self._knock(sender, wall)
                    wait = self.global_until - wall if sender[0] in self.guessers else \
                        FRESH_CHECK_S - (wall - self._fresh_at)
                    raise Rejected(401, f"too many wrong passcodes; try again in {math.ceil(wait)} s, or ask the "
                                        "operator to let this desk in")
                self._fresh_at = wall
            return
        if not self._unlocked(sender, wall):
            raise Rejected(401, "passcode needed: /quiz/connect")

    def _unlocked(self, sender: Address, wall: float) -> bool:
        """Is this sender (its address AND port) unlocked? Each message keeps the unlock for another
        `unlock_idle_s`; after that silence the desk connects again."""
        until = self.sessions.get(sender)
        if until is None:
            return False
        if wall > until:
            del self.sessions[sender]
            return False
        self.sessions[sender] = wall + self.unlock_idle_s
        return True

    def _connect(self, sender: Address, given: str) -> None:
        peer, wall = self._peer(sender), self.wall()
        passcode = self.config.passcode
        if passcode is None or hmac.compare_digest(given.encode(), passcode.encode()):
            _make_room(self.sessions)
            self.sessions[sender] = wall + self.unlock_idle_s
            peer.wrong = 0
            self.knocking.pop(sender, None)
            return
        self._knock(sender, wall)
        peer.wrong += 1
        if peer.wrong >= WRONG_PASSCODES:
            peer.locked_until, peer.wrong = wall + LOCKOUT_S, 0
            self.notice("console.osc_locked", host=sender[0], seconds=round(LOCKOUT_S))
        self._global_failure(sender[0], wall)
        raise Rejected(401, "wrong passcode")  # the passcode itself is never logged

    def _knock(self, sender: Address, wall: float) -> None:
        """A socket refused at /quiz/connect: the console offers to let the newest in («Впустить»)."""
        self.knocking.pop(sender, None)
        self.knocking[sender] = wall
        while len(self.knocking) > KNOCKING_MAX:
            del self.knocking[next(iter(self.knocking))]

    def latest_knocking(self) -> Address | None:
        """The socket refused at /quiz/connect most recently (within GLOBAL_FORGET_S), if any."""
        wall = self.wall()
        for sender, when in reversed(list(self.knocking.items())):
            if wall - when <= GLOBAL_FORGET_S and sender not in self.sessions:
                return sender
        return None

    def admit(self, sender: Address | None = None) -> Address | None:
        """The operator lets a desk in from the console, whatever the lockout or the back-off: `sender`, or
        the socket refused most recently. Returns the socket let in (None: nobody was knocking)."""
        sender = sender if sender is not None else self.latest_knocking()
        if sender is None:
            return None
        _make_room(self.sessions)
        self.sessions[sender] = self.wall() + self.unlock_idle_s
        self.knocking.pop(sender, None)
        return sender

    def _global_failure(self, host: str, wall: float) -> None:
        """Many addresses guessing share one budget: after GLOBAL_FREE_FAILURES wrong passcodes (ten
        quiet minutes forget them) the guessing addresses wait, the wait doubling with each further
        failure, and the other addresses together get one check every FRESH_CHECK_S (a spray of fresh
        addresses gains nothing); the console names the guessers and offers to let a desk in."""
        if wall - self.last_failure > GLOBAL_FORGET_S:
            self.failures = 0
            self.guessers.clear()
        self.failures += 1
        self.last_failure = wall
        if len(self.guessers) < MAX_SOURCES:
            self.guessers.add(host)
        if self.failures >= GLOBAL_FREE_FAILURES:
            wait = min(GLOBAL_BACKOFF_MAX_S, 2.0 ** (self.failures - GLOBAL_FREE_FAILURES))
            self.global_until = wall + wait
            named = sorted(self.guessers)[:3]
            hosts = ", ".join(named) + ("…" if len(self.guessers) > len(named) else "")
            self.notice("console.osc_guessing", count=self.failures, sources=len(self.guessers),
                        seconds=math.ceil(wait), hosts=hosts)

    # --- inputs --------------------------------------------------------------------------------------------

    def _route(self, sender: Address, address: str, args: tuple) -> None:
        at = self.now()
        if address in FIRE:
            if not self._fires(args):
                return  # a button's release (0): ignored
            if address == "/quiz/go":
                if time.monotonic() - self.last_go < self.config.go_interval_s:
                    raise Rejected(429, f"/quiz/go again within {self.config.go_interval_s} s")
                self.last_go = time.monotonic()
            self._submit(OscRequest(sender, address, FIRE[address], (), at))
            return
        if found := TEAM.match(address):
            team, what = int(found[1]), found[2]
            if not 1 <= team <= self.teams:
                raise Rejected(404, f"there is no team {team} (teams are 1 to {self.teams})")
            if what == "buzz":
                player = _ints(args, 0, 1, address, (0, MAX_PLAYER), "player")
                self._submit(OscRequest(sender, address, "buzz", (team, *player), at))
            else:
                (points,) = _ints(args, 1, 1, address, (-MAX_POINTS, MAX_POINTS), "points")
                self._submit(OscRequest(sender, address, what.replace("/", "_"), (team, points), at))
            return
        if address == "/quiz/timer/add":
            self._submit(OscRequest(sender, address, "timer_add", (_seconds(args, address),), at))
            return
        if found := ACTION.match(address):
            self._submit(OscRequest(sender, address, "action", (found[1], *_plain(args, address)), at))
            return
        if address == "/quiz/board/select":
            theme, question = _ints(args, 2, 2, address, (1, MAX_CELL), "theme, question")
            self._submit(OscRequest(sender, address, "select", (theme, question), at))
            return
        if address in ("/quiz/view/scores", "/quiz/view/blank"):
            (on,) = _ints(args, 1, 1, address, (0, 1), "0/1")
            self._submit(OscRequest(sender, address, address.rsplit("/", 1)[1], (bool(on),), at))
            return
        if address == TOURNAMENT_RESULT:
            self._submit(OscRequest(sender, address, "report", tournament_result(args), at))
            return
        self._query(sender, address, args)

    def _query(self, sender: Address, address: str, args: tuple) -> None:
        peer = self._peer(sender)
        if address == "/quiz/ping":
            self.server.socket.sendto(message("/quiz/out/pong", *args), sender)
        elif address == "/quiz/state":
            self.send_state(sender)
        elif address == "/quiz/subscribe":
            (on,) = _ints(args, 1, 1, address, (0, 1), "0/1")
            self.subscribe(sender, bool(on))
        elif address == "/quiz/reply/all":
            (on,) = _ints(args, 1, 1, address, (0, 1), "0/1")
            peer.reply_all = bool(on)
        elif address == "/quiz/connect":
            if len(args) != 1 or not isinstance(args[0], str):
                raise Rejected(400, "expected s passcode")
            self._connect(sender, args[0])
        else:
            raise Rejected(404, "unknown address")
        self.reply(sender, address, 200, "ok")

    @staticmethod
    def _fires(args: tuple) -> bool:
        if not args:
            return True
        if len(args) == 1 and _whole(args[0]) in (0, 1):
            return _whole(args[0]) == 1
        raise Rejected(400, "expected no argument, or 1 to fire")

    def malformed_by_source(self) -> list[tuple[str, int]]:
        """Each source that sent malformed packets, with their count: one console line each."""
        return [(host, peer.malformed) for host, peer in self.peers.items() if peer.malformed]


def kernel_filter(senders: list[Address]) -> bytes:
    """A classic BPF socket filter (Linux, a UDP/IPv4 socket): a datagram from one of `senders` (address
    and port) is kept with a chance of 1 in KERNEL_SAMPLE, every other datagram always. The filter sees
    the UDP header at offset 0 and the IP header through SKF_NET_OFF."""
    def op(code: int, jt: int, jf: int, k: int) -> bytes:
        return struct.pack("HBBI", code, jt, jf, k & 0xFFFFFFFF)

    keep, drop = 0xFFFFFFFF, 0
    head = [op(0x28, 0, 0, 0), op(0x02, 0, 0, 0),  # ldh [0] (source port); st M[0]
            op(0x20, 0, 0, -0x100000 + 12), op(0x02, 0, 0, 1)]  # ld [net + 12] (source address); st M[1]
    body: list[bytes] = []
    for index, (host, port) in enumerate(senders):
        to_sample = 5 * (len(senders) - index) - 5 + 1  # from after this `ja`: the rest, then `ret keep`
        body += [op(0x60, 0, 0, 1), op(0x15, 0, 3, int(ipaddress.IPv4Address(host))),  # ld M[1]; jeq host
                 op(0x60, 0, 0, 0), op(0x15, 0, 1, port), op(0x05, 0, 0, to_sample)]  # ld M[0]; jeq port; ja
    sample = [op(0x06, 0, 0, keep),  # none of them: keep
              op(0x20, 0, 0, -0x1000 + 56), op(0x54, 0, 0, KERNEL_SAMPLE - 1),  # ld random; and #(N - 1)
              op(0x15, 0, 1, 0), op(0x06, 0, 0, keep), op(0x06, 0, 0, drop)]  # jeq 0: keep, else drop
    return b"".join(head + body + sample)


def _whole(value: object) -> int | None:
    """An int, or a float that is a whole number (TouchOSC and many desks send every number as `f`)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def _ints(args: tuple, least: int, most: int, address: str, bounds: tuple[int, int], what: str) -> tuple[int, ...]:
    """`least` to `most` whole numbers, each within `bounds` (400 otherwise, saying what was expected)."""
    values = tuple(_whole(a) for a in args)
    low, high = bounds
    if not least <= len(values) <= most or not all(v is not None and low <= v <= high for v in values):
        count = "" if least == most else f"at most {most} "
        raise Rejected(400, f"{address} expects {count}i {what} (whole numbers from {low} to {high})")
    return values  # type: ignore[return-value]


def _seconds(args: tuple, address: str) -> float:
    """One finite number of seconds within ±MAX_CLOCK_S."""
    value = args[0] if len(args) == 1 else None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
            and abs(value) <= MAX_CLOCK_S:
        return float(value)
    raise Rejected(400, f"{address} expects f seconds (a finite number from {-MAX_CLOCK_S:g} to {MAX_CLOCK_S:g})")


def _plain(args: tuple, address: str) -> tuple:
    """A format action's raw arguments: at most MAX_ACTION_ARGS numbers (finite, within ±MAX_POINTS), flags
    and short texts without control characters; their meaning is the registry's to check."""
    if len(args) > MAX_ACTION_ARGS:
        raise Rejected(400, f"{address} takes at most {MAX_ACTION_ARGS} arguments")
    for value in args:
        if isinstance(value, bool):
            continue
        if isinstance(value, (int, float)):
            if not (math.isfinite(value) and abs(value) <= MAX_POINTS):
                raise Rejected(400, f"{address}: a number must be finite, within ±{MAX_POINTS}")
        elif isinstance(value, str):
            if len(value) > MAX_TEXT or any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
                raise Rejected(400, f"{address}: a text has at most {MAX_TEXT} characters and no control characters")
        else:
            raise Rejected(400, f"{address}: arguments are i, f, s or T/F")
    return args


def _make_room(table: dict) -> None:
    """Before a new entry: a table keyed by source forgets its oldest entry at MAX_SOURCES, so a sweep
    of spoofed addresses cannot grow it without bound."""
    while len(table) >= MAX_SOURCES:
        del table[next(iter(table))]
