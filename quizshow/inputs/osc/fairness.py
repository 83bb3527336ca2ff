"""Fairness and turn-taking at the OSC door (issue 23, docs/reliability.md).

The reader thread queues each datagram on its sending socket's queue (address AND port), stamped with
its arrival; the server thread takes them here in fair turns: sockets within their rate limit ("desks")
take turns first, sockets that flood share one capped budget, and whatever waited longer than a deadline
is dropped and counted, never served seconds late. Each sender's messages keep their order. A socket
sending far past its rate is sampled in the kernel (a BPF filter), so a flood cannot fill the receive
buffer and push a desk's datagrams out of it.
"""

from __future__ import annotations

import ctypes
import ipaddress
import logging
import socket
import struct
import sys
import threading
from collections import deque
from collections.abc import Callable

from quizshow.inputs.messages import Address
from quizshow.inputs.osc.access import make_room

log = logging.getLogger(__name__)

# A sending socket over its rate limit is "flooding" for FLOOD_MEMORY_S; flooding sockets are served only
# when no desk waits, and together they journal at most `rate_limit` commands a second. A datagram that
# waited DEADLINE_S is dropped (counted, replied 429).
QUEUE_MAX = 64  # datagrams waiting per sending socket; past it the oldest is dropped
DEADLINE_S = 0.25
FLOOD_MEMORY_S = 2.0
CROWD_BURST = 10  # commands the flooding sockets together may journal at once, then `rate_limit` a second
BUSY_REPLY_S = 0.5  # a flooding socket is told it was dropped at most this often
# A socket sending more than KERNEL_BLOCK_FACTOR × rate_limit datagrams a second is filtered in the kernel
# (Linux, IPv4: a classic BPF socket filter): only one datagram in KERNEL_SAMPLE reaches the socket. Lifted
# after two seconds in which none of its datagrams got through (it sends less than about KERNEL_SAMPLE / 2
# a second).
KERNEL_BLOCK_FACTOR = 4  # × rate_limit (default: 200 datagrams a second)
KERNEL_SAMPLE = 256
FILTER_GRACE_S = 0.25  # what was already in the receive buffer when a socket was filtered: not estimated
MAX_BLOCKED = 600  # sockets in the filter at most (5 instructions each; the kernel takes 4,096)
SO_ATTACH_FILTER, SO_DETACH_FILTER = 26, 27  # Linux

# A dropped datagram's sender is told (429) through this: (sender, the datagram, why)
TellDropped = Callable[[Address, bytes, str], None]


def in_turns(batch: list[tuple[bytes, Address]]) -> list[tuple[bytes, Address]]:
    """Datagrams from several sources, one from each in turn (in order of first appearance); each
    source's own datagrams keep their order."""
    queues: dict[Address, deque[tuple[bytes, Address]]] = {}
    for item in batch:
        queues.setdefault(item[1], deque()).append(item)
    turns = []
    while queues:
        for source in list(queues):
            turns.append(queues[source].popleft())
            if not queues[source]:
                del queues[source]
    return turns


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


class Fairness:
    """The queues between the reader thread (`queue`) and the server thread (`next`), under one condition.
    `tell_dropped` is how a dropped datagram's sender is told (the server: if allowed, 429). Every rate,
    deadline and flood memory is judged on `clock` (the server's; tests drive their own)."""

    def __init__(self, sock: socket.socket, rate_limit: int, tell_dropped: TellDropped,
                 clock: Callable[[], float]) -> None:
        self.socket = sock
        self.rate_limit = rate_limit
        self.tell_dropped = tell_dropped
        self.clock = clock
        self.stopping = False
        self.received = 0
        self._ready = threading.Condition(threading.Lock())
        self.queues: dict[Address, deque[tuple[bytes, float]]] = {}  # (data, arrived) in arrival order
        self._desk_turns: deque[Address] = deque()  # sockets with datagrams waiting, in turn
        self._crowd_turns: deque[Address] = deque()  # the same, for sockets that flood
        # [tokens, when, flooding until, last busy reply, window start, datagrams in window, filtered 0/1]
        self.buckets: dict[Address, list[float]] = {}
        self.kernel_guard = sys.platform == "linux" and sock.family == socket.AF_INET
        self._filter_due = False
        self._refiltered = 0.0
        self.filtered: list[Address] = []  # sockets the kernel filter samples now
        self._attached: dict[Address, float] = {}  # each of them → since when
        self._filter_buffer: ctypes.Array[ctypes.c_char] | None = None
        self._crowd_tokens = float(CROWD_BURST)
        self._crowd_when = clock()
        # datagrams dropped unserved: waited past DEADLINE_S, their queue was full, or (an estimate) refused
        # by the kernel filter
        self.dropped = 0
        self.dropped_from: dict[str, int] = {}  # by host

    def stop(self) -> None:
        with self._ready:
            self.stopping = True
            self._ready.notify_all()

    def queue(self, batch: list[tuple[bytes, Address]], now: float) -> None:
        """Each datagram onto its socket's queue (the oldest dropped past QUEUE_MAX); a socket over its
        rate (a token bucket of `rate_limit` a second) is marked flooding for FLOOD_MEMORY_S."""
        rate = float(self.rate_limit)
        full: list[tuple[bytes, Address]] = []
        with self._ready:
            for data, sender in batch:
                self.received += 1
                bucket = self.buckets.get(sender)
                if bucket is None:
                    make_room(self.buckets)
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
                    make_room(self.queues)
                    waiting = self.queues[sender] = deque()
                    self._desk_turns.append(sender)  # served as a desk or moved to the crowd when due
                elif len(waiting) >= QUEUE_MAX:
                    self._count_dropped(sender)
                    full.append((waiting.popleft()[0], sender))
                waiting.append((data, now))
            self._ready.notify()
        for data, sender in full:
            self._dropped(sender, data, "too many messages waiting")

    def _estimate(self, bucket: list[float], now: float) -> None:
        """Count one datagram in its socket's one-second window (under `_ready`); a filtered socket's
        datagram stands for KERNEL_SAMPLE. Past KERNEL_BLOCK_FACTOR × rate_limit the socket goes into the
        kernel filter (until `_refilter` finds it silent)."""
        if now - bucket[4] >= 1.0:
            bucket[4], bucket[5] = now, 0.0
        bucket[5] += KERNEL_SAMPLE if bucket[6] else 1
        if not bucket[6] and bucket[5] > KERNEL_BLOCK_FACTOR * self.rate_limit and self.kernel_guard:
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
                self.socket.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, fprog)
            else:
                self.socket.setsockopt(socket.SOL_SOCKET, SO_DETACH_FILTER, 0)
            self.filtered = filtered
            self._attached = {sender: self._attached.get(sender, now) for sender in filtered}
        except (OSError, ValueError) as why:
            log.debug("osc: kernel filter not set: %s", why)
            self.kernel_guard = False
            for bucket in self.buckets.values():
                bucket[6] = 0.0

    def next(self) -> tuple[bytes, Address, bool] | None:
        """The next datagram to serve and whether its socket floods, waiting for one (None: stopping):
        desks in turn first; then the flooding sockets in turn. Whatever waited past DEADLINE_S is
        dropped on the way (counted, and its sender told at once, outside the lock)."""
        while True:
            late: list[tuple[bytes, Address]] = []
            got: tuple[bytes, Address, bool] | None = None
            with self._ready:
                while not self.stopping and got is None and not late:
                    now = self.clock()
                    if self._filter_due or now - self._refiltered >= 1.0:
                        self._refiltered = now
                        self._refilter(now)
                    got = self._take(self._desk_turns, False, now, late) \
                        or self._take(self._crowd_turns, True, now, late)
                    if got is None and not late and not self._desk_turns:  # (a socket that stopped
                        self._ready.wait(1.0 if self.filtered else None)  # flooding may have moved there)
                stopping = self.stopping
            for data, sender in late:
                self._dropped(sender, data, f"waited more than {DEADLINE_S:g} s")
            if got is not None or stopping:
                return got

    def _take(self, turns: deque[Address], crowd: bool, now: float,
              late: list[tuple[bytes, Address]]) -> tuple[bytes, Address, bool] | None:
        """The first datagram in time from `turns` (under `_ready`); a socket of the other kind moves over."""
        while turns:
            sender = turns.popleft()
            waiting = self.queues.get(sender)
            if not waiting:
                continue  # forgotten (make_room)
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
            make_room(self.dropped_from)
        self.dropped_from[sender[0]] = self.dropped_from.get(sender[0], 0) + count

    def _dropped(self, sender: Address, data: bytes, why: str) -> None:
        """A dropped datagram's sender is told; a flooding one at most every BUSY_REPLY_S."""
        now = self.clock()
        bucket = self.buckets.get(sender)
        if bucket is not None and self._flooding(sender, now):
            if now - bucket[3] < BUSY_REPLY_S:
                return
            bucket[3] = now
        self.tell_dropped(sender, data, why)

    def crowd_may_journal(self) -> bool:
        """The flooding sockets together journal at most `rate_limit` commands a second (CROWD_BURST at
        once); called by the server thread for a flooding socket's command."""
        now = self.clock()
        rate = float(self.rate_limit)
        self._crowd_tokens = min(float(CROWD_BURST), self._crowd_tokens + (now - self._crowd_when) * rate)
        self._crowd_when = now
        if self._crowd_tokens < 1.0:
            return False
        self._crowd_tokens -= 1.0
        return True

    def flood_counts(self) -> list[tuple[str, int]]:
        """Each host some of whose datagrams were dropped unserved, with their count."""
        return list(self.dropped_from.items())


def enlarge_receive_buffer(sock: socket.socket, wanted: int) -> int:
    """A burst from a desk waits in the socket rather than being dropped by the kernel (the default
    buffer holds a few hundred datagrams). The kernel may grant less (Linux: net.core.rmem_max)."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, wanted)
    except OSError as why:
        log.debug("osc: SO_RCVBUF not enlarged: %s", why)
    granted: int = sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    if granted < wanted:
        log.debug("osc: receive buffer %d bytes (asked %d; raise net.core.rmem_max)", granted, wanted)
    return granted
