"""Who may read the follower screens' routes (docs/screens.md «Wrong passcodes and known followers»).

The passcode is the lock, with the OSC door's back-off against guessing (inputs/osc/access.py): five wrong from
one address lock it for a minute; after ten wrong from anywhere every address waits, the fresh ones sharing one
check every 10 s. That back-off alone would keep a screen the crew relies on out for as long as someone sprays
guesses from fresh addresses, so:

- **known followers** — an address on `devices.web.follow_allow`, or one that followed this show already (the
  right passcode once, or let in by the operator) — skip the shared back-off: their passcode is checked at once.
  A known address is still locked for a minute after five wrong passcodes of its own, so being known is worth
  at most five guesses a minute;
- a follower refused by the back-off whose passcode was in fact right (checked, never said: it gets the same 401)
  is offered to the operator: the console says so and shows «Впустить экран …» (as OSC's «Впустить»), which makes
  it known. Someone guessing never appears there unless a guess was right.

Time is the monotonic seconds of the `clock` the door is given.
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Callable

from quizshow.config import OscConfig
from quizshow.core.clock import Clock
from quizshow.i18n import Notice
from quizshow.inputs.osc.access import GLOBAL_FORGET_S, KNOCKING_MAX, MAX_SOURCES, Access
from quizshow.inputs.osc.args import Rejected

CONNECT = "/quiz/connect"  # the OSC door's name for a passcode check (its back-off applies to it)


class FollowDoor:
    def __init__(self, passcode: str, allow: tuple[str, ...], notice: Notice, clock: Clock,
                 knocked: Callable[[str], None] = lambda host: None) -> None:
        self.passcode = passcode
        self.clock = clock
        # The OSC door's passcode rules and back-off; every address may try (the passcode is the lock).
        self.access = Access(OscConfig(allow=("0.0.0.0/0", "::/0"), passcode=passcode, rate_limit=1000), notice,
                             clock.monotonic)
        self.networks = [ipaddress.ip_network(cidr, strict=False) for cidr in allow]
        self.known: set[str] = set()  # addresses that followed this show (the right passcode, or the operator)
        self.knocking: dict[str, float] = {}  # refused by the back-off with the right passcode (newest last) → when
        self.knocked = knocked  # told once when an address starts knocking (the console's notice)

    def is_known(self, host: str) -> bool:
        if host in self.known:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in net for net in self.networks)

    def enter(self, host: str, given: str) -> None:
        """A follower's request with its passcode: let in, or Rejected (401)."""
        sender = (host, 0)
        right = hmac.compare_digest(given.encode(), self.passcode.encode())
        if self.is_known(host):
            if self.clock.monotonic() < self.access.peer(sender).locked_until:
                raise Rejected(401, "locked after wrong passcodes; try again later")
            if right:
                return
            self.access.connect(sender, given)  # counted like any wrong passcode (raises)
        try:
            self.access.check(sender, CONNECT)
        except Rejected:
            if right:
                self._knock(host)
            raise
        self.access.connect(sender, given)  # raises when wrong
        self._know(host)

    def _know(self, host: str) -> None:
        if host not in self.known and len(self.known) < MAX_SOURCES:
            self.known.add(host)
        self.knocking.pop(host, None)

    def _knock(self, host: str) -> None:
        first = host not in self.knocking
        self.knocking.pop(host, None)
        self.knocking[host] = self.clock.monotonic()
        while len(self.knocking) > KNOCKING_MAX:
            del self.knocking[next(iter(self.knocking))]
        if first:
            self.knocked(host)

    def latest_knocking(self) -> str | None:
        """The address refused most recently (within GLOBAL_FORGET_S) although its passcode was right."""
        now = self.clock.monotonic()
        for host, when in reversed(list(self.knocking.items())):
            if now - when <= GLOBAL_FORGET_S:
                return host
        return None

    def admit(self, host: str | None = None) -> str | None:
        """The operator lets a follower in (`host`, or the one refused most recently): it is known from now on.
        Returns the address let in (None: nobody was knocking)."""
        host = host if host is not None else self.latest_knocking()
        if host is None:
            return None
        self._know(host)
        return host
