"""Access control at the OSC door (docs/osc.md, docs/reliability.md): the allowlist, the rate limit per
sending socket, the passcode and its unlocks (the sending socket while it is in use, and its whole address
for a set time), the back-off after wrong passcodes (per address and for everyone together), and the
sockets refused at /quiz/connect that the operator may let in («Впустить»).

Time is `wall`: the show's clock (the OSC server's), or the follow door's monotonic seconds.
"""

from __future__ import annotations

import hmac
import ipaddress
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from quizshow.config import OscConfig
from quizshow.i18n import Notice
from quizshow.inputs.messages import Address
from quizshow.inputs.osc.args import Rejected

K = TypeVar("K")
V = TypeVar("V")

WILDCARDS = set("*?[]{}")
LOCKOUT_S = 60.0
WRONG_PASSCODES = 5  # from one address: that address is locked for LOCKOUT_S
GLOBAL_FREE_FAILURES = 10  # wrong passcodes from all sources together before everyone must wait
GLOBAL_BACKOFF_MAX_S = 300.0  # the wait doubles with each further failure, up to this
GLOBAL_FORGET_S = 600.0  # ten quiet minutes forget the failures
FRESH_CHECK_S = 10.0  # during a guessing run, addresses without a wrong passcode get one check per this, together
KNOCKING_MAX = 8  # sockets refused at /quiz/connect remembered for the console («Впустить»)
UNLOCK_IDLE_S = 3600.0  # an unlocked sender (address AND port) silent this long must connect again
# After an unlock every port of that address may act this long, counted from the unlock and not extended by
# use: a script of oscsend lines (a new socket each) or a desk that changes its port connects once for it.
ADDRESS_UNLOCK_S = 600.0
MAX_SOURCES = 4096  # addresses and sending sockets remembered at most (rate limit, lockout)


@dataclass
class Peer:
    """What the server remembers of one source address (every port on it)."""

    wrong: int = 0
    locked_until: float = 0.0
    reply_all: bool = False
    malformed: int = 0
    denied_shown: bool = False


def make_room(table: dict[K, V]) -> None:
    """Before a new entry: a table keyed by source forgets its oldest entry at MAX_SOURCES, so a sweep
    of spoofed addresses cannot grow it without bound."""
    while len(table) >= MAX_SOURCES:
        del table[next(iter(table))]


class Access:
    """Who may change the show. `notice(key, **values)` tells the operator (a phrase of the console)."""

    def __init__(self, config: OscConfig, notice: Notice, wall: Callable[[], float]) -> None:
        self.config = config
        self.notice = notice
        self.wall = wall
        self.networks = [ipaddress.ip_network(cidr, strict=False) for cidr in config.allow]
        self.peers: dict[str, Peer] = {}  # by host: lockout, malformed count
        self.rates: dict[Address, deque[float]] = {}  # by host and port: the rate limit
        self.sessions: dict[Address, float] = {}  # unlocked senders (host AND port) → when the unlock ends
        self.unlock_idle_s = UNLOCK_IDLE_S
        self.hosts_unlocked: dict[str, float] = {}  # unlocked addresses (every port) → when that ends
        self.address_unlock_s = ADDRESS_UNLOCK_S
        self.failures = 0  # wrong passcodes from everywhere (the global budget)
        self.last_failure = -1e9
        self.global_until = 0.0  # no /quiz/connect from anyone is tried before this
        self.guessers: set[str] = set()
        self._fresh_at = -1e9  # the last check of a passcode from an address without failures, in a guessing run
        self.knocking: dict[Address, float] = {}  # sockets refused at /quiz/connect (the newest last) → when
        self._allow_cache: dict[str, bool] = {}

    def allowed(self, host: str) -> bool:
        """Is the host in the allowlist (remembered: the check runs for every datagram)."""
        allowed = self._allow_cache.get(host)
        if allowed is None:
            allowed = self._allow_cache[host] = any(ipaddress.ip_address(host) in net for net in self.networks)
        return allowed

    def peer(self, sender: Address) -> Peer:
        peer = self.peers.get(sender[0])
        if peer is None:
            make_room(self.peers)
            peer = self.peers[sender[0]] = Peer()
        return peer

    def within_rate(self, sender: Address, wall: float) -> bool:
        times = self.rates.get(sender)  # per sending socket: two desks on one laptop
        if times is None:
            make_room(self.rates)
            times = self.rates[sender] = deque()
        times.append(wall)
        while times and wall - times[0] > 1.0:
            times.popleft()
        return len(times) <= self.config.rate_limit

    def check(self, sender: Address, address: str) -> None:
        """Rejected unless this message may go on: the rate limit, no wildcards, the passcode."""
        wall = self.wall()
        if not self.within_rate(sender, wall):
            raise Rejected(429, f"more than {self.config.rate_limit} messages a second")
        if any(ch in WILDCARDS for ch in address):
            raise Rejected(400, "wildcards are not accepted")
        if self.config.passcode is None or address in ("/quiz/ping", "/quiz/state"):
            return
        if address == "/quiz/connect":
            if wall < self.peer(sender).locked_until:
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
        """Is this sender unlocked: its socket (address AND port), each message keeping that for another
        `unlock_idle_s` (after that silence the desk connects again), or its whole address, within
        `address_unlock_s` of the unlock (not extended by use: it ends, and a socket acting through it
        gains no unlock of its own)."""
        until = self.sessions.get(sender)
        if until is not None:
            if wall <= until:
                self.sessions[sender] = wall + self.unlock_idle_s
                return True
            del self.sessions[sender]
        until = self.hosts_unlocked.get(sender[0])
        if until is not None:
            if wall <= until:
                return True
            del self.hosts_unlocked[sender[0]]
        return False

    def _unlock(self, sender: Address, wall: float) -> None:
        """The sender's socket, and for `address_unlock_s` its whole address, may act."""
        make_room(self.sessions)
        self.sessions[sender] = wall + self.unlock_idle_s
        self.hosts_unlocked.pop(sender[0], None)
        make_room(self.hosts_unlocked)
        self.hosts_unlocked[sender[0]] = wall + self.address_unlock_s
        self.knocking.pop(sender, None)

    def connect(self, sender: Address, given: str) -> None:
        """/quiz/connect with a passcode: the sender is unlocked, or Rejected (401) and counted."""
        peer, wall = self.peer(sender), self.wall()
        passcode = self.config.passcode
        if passcode is None or hmac.compare_digest(given.encode(), passcode.encode()):
            self._unlock(sender, wall)
            peer.wrong = 0
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
        the socket refused most recently, as a right passcode would (its socket, and its address for a
        while). Returns the socket let in (None: nobody was knocking)."""
        sender = sender if sender is not None else self.latest_knocking()
        if sender is None:
            return None
        self._unlock(sender, self.wall())
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

    def malformed_by_source(self) -> list[tuple[str, int]]:
        """Each source that sent malformed packets, with their count: one console line each."""
        return [(host, peer.malformed) for host, peer in self.peers.items() if peer.malformed]
