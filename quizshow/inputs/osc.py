"""OSC in (spec/osc.md): one blocking UDP server thread (each sender's messages keep their order;
senders take turns), receipt time stamped, the protection rules applied at the door, and every
accepted input delivered to the app as the same action the presenter or the console performs.
Queries are answered at once.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from pythonosc import osc_packet
from pythonosc.dispatcher import Dispatcher
from pythonosc.osc_server import BlockingOSCUDPServer

from quizshow.config import OscConfig
from quizshow.outputs.osc_out import message

log = logging.getLogger(__name__)

Address = tuple[str, int]
FIRE = {"/quiz/go": "go", "/quiz/back": "back", "/quiz/undo": "undo", "/quiz/timer/start": "timer_start",
        "/quiz/timer/stop": "timer_stop", "/quiz/announce": "announce", "/quiz/judge/correct": "correct",
        "/quiz/judge/wrong": "wrong"}
TEAM = re.compile(r"^/quiz/team/(\d+)/(buzz|score/add|score/set)$")
QUERIES = ("/quiz/state", "/quiz/ping", "/quiz/connect")  # allowed before a passcode is given
WILDCARDS = set("*?[]{}")
LOCKOUT_S = 60.0
WRONG_PASSCODES = 5
BATCH = 64  # datagrams taken from the socket at once, at most
_DONTWAIT = getattr(socket, "MSG_DONTWAIT", 0)  # none on Windows: one datagram at a time there


# --- a tournament day (issue 16): another table reports the result of the match it played -------------------
# /quiz/tournament/result s FIXTURE i SCORE_A i SCORE_B [s OUTCOME]: the scores follow the fixture's teams
# (red table first); OUTCOME is win | draw | disqualified (default: from the scores). Needs the passcode.
TOURNAMENT_RESULT = "/quiz/tournament/result"
FIXTURE_ID = re.compile(r"^[A-Z]{1,3}[0-9]{0,3}$")
OUTCOMES = ("win", "draw", "disqualified")
MAX_SCORE = 1000


def tournament_result(args: tuple) -> tuple:
    """The values of a reported result, checked at the door (400 with what was expected)."""
    expected = "expected s fixture, i score, i score [, s win|draw|disqualified]"
    if not 3 <= len(args) <= 4 or not isinstance(args[0], str) or not FIXTURE_ID.match(args[0]):
        raise Rejected(400, expected)
    scores = args[1:3]
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_SCORE for v in scores):
        raise Rejected(400, expected)
    if len(args) == 4 and args[3] not in OUTCOMES:
        raise Rejected(400, expected)
    return tuple(args)


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
    unlocked: bool = False
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
    """The listening side. `submit` delivers an OscRequest to the app; `send_state` answers a query."""

    def __init__(self, config: OscConfig, submit: Callable[[OscRequest], None], now: Callable[[], float],
                 notice: Callable[..., None], send_state: Callable[[Address], None],
                 subscribe: Callable[[Address, bool], None], port: int | None = None) -> None:
        self.config = config
        self.submit = submit
        self.now = now
        self.notice = notice
        self.send_state = send_state
        self.subscribe = subscribe
        self.networks = [ipaddress.ip_network(cidr, strict=False) for cidr in config.allow]
        self.peers: dict[str, Peer] = {}  # by host: passcode, lockout, malformed count
        self.rates: dict[Address, deque] = {}  # by host and port: the rate limit
        self._allow_cache: dict[str, bool] = {}
        self._replies: dict[tuple, bytes] = {}  # the same refusal again (a flood): built once
        self.last_go = -1e9
        self.received = 0
        self.malformed = 0
        self.dispatcher = Dispatcher(strict_timing=False)  # a future time tag is never waited for
        self.dispatcher.set_default_handler(self._message, needs_reply_address=True)
        host, default_port = config.listen
        # python-osc's server binds the socket; the serving loop is ours (see _serve).
        self.server = BlockingOSCUDPServer((host, default_port if port is None else port), self.dispatcher)
        self._stopping = False
        self.thread = threading.Thread(target=self._serve, name="osc-in", daemon=True)

    @property
    def address(self) -> Address:
        return self.server.server_address[:2]

    def start(self) -> OscServer:
        self.thread.start()
        log.info("OSC listening on %s:%d", *self.address)
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
        if self.thread.is_alive():
            self.thread.join(1.0)
        self.server.server_close()

    def _serve(self) -> None:
        """Wait for a datagram, take every other one already waiting (up to BATCH), and handle them
        source by source in turns: a desk's press is never queued behind a flooding device, while
        each source's messages keep their order. One blocking receive, not socketserver's select,
        receive and handler object per datagram: every system call is a wait for the interpreter
        (the GIL) while the projector draws."""
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
                    return
                log.debug("osc: receive failed: %s", why)
                continue
            if self._stopping:
                return
            for data, sender in in_turns(batch):
                self._datagram(data, sender)

    # --- every datagram ------------------------------------------------------------------------------

    def _datagram(self, data: bytes, sender: Address) -> None:
        self.received += 1
        try:
            packet = osc_packet.OscPacket(data)  # parsed once; a bundle's time tag is not waited for
        except Exception:  # noqa: BLE001 - anything that does not parse is one malformed packet
            self._malformed(sender)
            return
        try:
            for timed in packet.messages:
                for handler in self.dispatcher.handlers_for_address(timed.message.address):
                    handler.invoke(sender, timed.message)
        except Exception as why:  # noqa: BLE001 - a bad message never stops the server
            log.warning("osc: %s from %s: %s", type(why).__name__, sender[0], why)
            self._malformed(sender)

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
        return self.peers.setdefault(sender[0], Peer())

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
        wall = time.monotonic()
        peer = self._peer(sender)
        if not self._allowed(sender[0]):
            if not peer.denied_shown:
                peer.denied_shown = True
                self.notice("console.osc_denied", host=sender[0])
            raise Rejected(403, "address not allowed")
        times = self.rates.setdefault(sender, deque())  # per sending socket: two desks on one laptop
        times.append(wall)
        while times and wall - times[0] > 1.0:
            times.popleft()
        if len(times) > self.config.rate_limit:
            raise Rejected(429, f"more than {self.config.rate_limit} messages a second")
        if any(ch in WILDCARDS for ch in address):
            raise Rejected(400, "wildcards are not accepted")
        if self.config.passcode is None or peer.unlocked or address in ("/quiz/ping", "/quiz/state"):
            return
        if wall < peer.locked_until:
            raise Rejected(401, "locked after wrong passcodes; try again later")
        if address != "/quiz/connect":
            raise Rejected(401, "passcode needed: /quiz/connect")

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
            self.submit(OscRequest(sender, address, FIRE[address], (), at))
            return
        if found := TEAM.match(address):
            team, what = int(found[1]), found[2]
            if what == "buzz":
                player = self._ints(args, 0, 1, address)
                self.submit(OscRequest(sender, address, "buzz", (team, *player), at))
            else:
                (points,) = self._ints(args, 1, 1, address)
                self.submit(OscRequest(sender, address, what.replace("/", "_"), (team, points), at))
            return
        if address == "/quiz/timer/add":
            if len(args) != 1 or not isinstance(args[0], (int, float)) or isinstance(args[0], bool):
                raise Rejected(400, "expected f seconds")
            self.submit(OscRequest(sender, address, "timer_add", (float(args[0]),), at))
            return
        if address == "/quiz/board/select":
            theme, question = self._ints(args, 2, 2, address)
            self.submit(OscRequest(sender, address, "select", (theme, question), at))
            return
        if address in ("/quiz/view/scores", "/quiz/view/blank"):
            (on,) = self._ints(args, 1, 1, address)
            self.submit(OscRequest(sender, address, address.rsplit("/", 1)[1], (bool(on),), at))
            return
        if address == TOURNAMENT_RESULT:
            self.submit(OscRequest(sender, address, "report", tournament_result(args), at))
            return
        self._query(sender, address, args)

    def _query(self, sender: Address, address: str, args: tuple) -> None:
        peer = self._peer(sender)
        if address == "/quiz/ping":
            self.server.socket.sendto(message("/quiz/out/pong", *args), sender)
        elif address == "/quiz/state":
            self.send_state(sender)
        elif address == "/quiz/subscribe":
            (on,) = self._ints(args, 1, 1, address)
            self.subscribe(sender, bool(on))
        elif address == "/quiz/reply/all":
            (on,) = self._ints(args, 1, 1, address)
            peer.reply_all = bool(on)
        elif address == "/quiz/connect":
            if len(args) != 1 or not isinstance(args[0], str):
                raise Rejected(400, "expected s passcode")
            if self.config.passcode is None or args[0] == self.config.passcode:
                peer.unlocked, peer.wrong = True, 0
            else:
                peer.wrong += 1
                if peer.wrong >= WRONG_PASSCODES:
                    peer.locked_until, peer.wrong = time.monotonic() + LOCKOUT_S, 0
                    self.notice("console.osc_locked", host=sender[0], seconds=round(LOCKOUT_S))
                raise Rejected(401, "wrong passcode")  # the passcode itself is never logged
        else:
            raise Rejected(404, "unknown address")
        self.reply(sender, address, 200, "ok")

    @staticmethod
    def _fires(args: tuple) -> bool:
        if not args:
            return True
        if len(args) == 1 and isinstance(args[0], (int, float)) and not isinstance(args[0], bool):
            if args[0] == 0:
                return False
            if args[0] == 1:
                return True
        raise Rejected(400, "expected no argument, or 1 to fire")

    @staticmethod
    def _ints(args: tuple, least: int, most: int, address: str) -> tuple[int, ...]:
        if not least <= len(args) <= most or not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            want = {0: "no argument", 1: "i", 2: "i i"}
            raise Rejected(400, f"{address} expects {want.get(most, 'i')}" if least == most else
                           f"{address} expects at most {most} i")
        return tuple(args)

    def malformed_by_source(self) -> list[tuple[str, int]]:
        """Each source that sent malformed packets, with their count: one console line each."""
        return [(host, peer.malformed) for host, peer in self.peers.items() if peer.malformed]
