"""OSC in (spec/osc.md): the listening socket, its two threads, and every datagram's way through the door.

A reader thread drains the UDP socket into the fair queues (fairness.py); a server thread takes them in
turns and handles each datagram whole, in this order: the allowlist (a denied source costs no parsing,
access.py), the byte check (datagram.py) before python-osc's parser sees a byte, then per message the
rate limit and the passcode (access.py), its time tag (later.py), and the route (routes.py): an input
becomes an `OscRequest` carrying its action call, delivered to the app like a key's or a box's.
"""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Callable

from pythonosc import osc_packet

from quizshow.config import OscConfig
from quizshow.core.clock import SYSTEM, Clock
from quizshow.guarded import guarded, reason
from quizshow.i18n import Notice
from quizshow.inputs.messages import Address, OscRequest
from quizshow.inputs.osc.access import Access, Peer
from quizshow.inputs.osc.args import Rejected, flag
from quizshow.inputs.osc.datagram import PARSER_WARNINGS, address_of, check_datagram
from quizshow.inputs.osc.fairness import Fairness, enlarge_receive_buffer
from quizshow.inputs.osc.later import EARLY_S, Later
from quizshow.inputs.osc.listening import Listening
from quizshow.inputs.osc.routes import route
from quizshow.outputs.osc_out import message

log = logging.getLogger(__name__)

BATCH = 64  # datagrams taken from the socket at once, at most
RCVBUF_BYTES = 4 * 1024 * 1024  # asked of the kernel: a burst waits in the socket instead of being dropped
_DONTWAIT = getattr(socket, "MSG_DONTWAIT", 0)  # none on Windows: one datagram at a time there


class OscServer:
    """The listening side. `submit` delivers an OscRequest to the show; `send_state` answers a query.
    `now` is the show's clock: requests are stamped with it, and the door judges every rate, deadline and
    unlock on it too (a test drives its own). `appeared` hears of the first datagram from each allowed host
    (a feedback target's machine that came up late). `clock`'s wall time tells how far ahead a bundle's time
    tag (wall-clock time) is."""

    def __init__(self, config: OscConfig, submit: Callable[[OscRequest], None], now: Callable[[], float],
                 notice: Notice, send_state: Callable[[Address], None],
                 subscribe: Callable[[Address, bool], None], port: int | None = None,
                 appeared: Callable[[Address], None] | None = None, *, clock: Clock = SYSTEM) -> None:
        self.config = config
        self.submit = submit
        self.now = now
        self.clock = clock
        self.send_state = send_state
        self.subscribe = subscribe
        self.appeared = appeared
        self._hosts_seen: set[str] = set()
        self.access = Access(config, notice, now)  # the door's clock is the show's (a test gives its own)
        self._replies: dict[tuple[str, int, str], bytes] = {}  # the same refusal again (a flood): built once
        self.last_go = -1e9
        self.malformed = 0
        if PARSER_WARNINGS not in logging.getLogger().filters:
            logging.getLogger().addFilter(PARSER_WARNINGS)
        host, default_port = config.listen
        # The socket bound; the serving loop is ours (see _read and _work).
        self.server = Listening((host, default_port if port is None else port))
        self.rcvbuf = enlarge_receive_buffer(self.server.socket, RCVBUF_BYTES)
        self._stopping = False
        self.fairness = Fairness(self.server.socket, config.rate_limit, self._tell_dropped, now)
        self._serving_crowd = False
        self._serving = threading.Lock()  # one message handled at a time: the server's, or one held for its time
        self.later = Later(now)  # messages of a bundle time-tagged for later, held until then
        # A thread that dies says so on the console and in the log; the show goes on without OSC.
        self.thread = guarded("osc-serve", self._work, self._died)
        self.reader = guarded("osc-in", self._read, self._died)

    # --- what the console shows -----------------------------------------------------------------------

    @property
    def parser_warnings(self) -> int:
        """python-osc's own warnings, counted instead of logged (process-wide)."""
        return PARSER_WARNINGS.count

    @property
    def address(self) -> Address:
        host, port = self.server.server_address[:2]
        return str(host), int(port)

    @property
    def peers(self) -> dict[str, Peer]:
        return self.access.peers

    @property
    def received(self) -> int:
        return self.fairness.received

    @property
    def dropped(self) -> int:
        return self.fairness.dropped

    def flood_counts(self) -> list[tuple[str, int]]:
        return self.fairness.flood_counts()

    def malformed_by_source(self) -> list[tuple[str, int]]:
        return self.access.malformed_by_source()

    def latest_knocking(self) -> Address | None:
        return self.access.latest_knocking()

    def admit(self, sender: Address | None = None) -> Address | None:
        return self.access.admit(sender)

    # --- the threads ----------------------------------------------------------------------------------

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
        self.fairness.stop()
        self.later.stop()
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
            self.fairness.queue(batch, self.now())

    def _work(self) -> None:
        """The server: datagrams in fair turns, each handled whole."""
        while True:
            item = self.fairness.next()
            if item is None:
                return
            data, sender, crowd = item
            try:
                with self._serving:
                    self._serving_crowd = crowd
                    self._datagram(data, sender)
            except Exception:  # noqa: BLE001 - nothing a sender does stops the server
                log.exception("osc: handling a datagram from %s failed", sender[0])

    def _died(self, why: BaseException) -> None:
        if not self._stopping:
            self.access.notice("console.osc_stopped", why=reason(why))

    def _tell_dropped(self, sender: Address, data: bytes, why: str) -> None:
        if self.access.allowed(sender[0]):
            self.reply(sender, address_of(data), 429, f"the show is busy: dropped ({why})")

    # --- every datagram ------------------------------------------------------------------------------

    def _datagram(self, data: bytes, sender: Address) -> None:
        """The allowlist first (a denied source costs no parsing), then the datagram is checked within
        its limits, and only then parsed and its messages handled in order."""
        if not self.access.allowed(sender[0]):
            self._deny(sender, address_of(data))
            return
        if sender[0] not in self._hosts_seen and len(self._hosts_seen) < 4096:
            self._hosts_seen.add(sender[0])
            if self.appeared is not None:
                self.appeared(sender)
        try:
            check_datagram(data)
            parsed_at = self.clock.wall()  # a time tag is wall-clock time: how far ahead it is, told on the show clock
            packet = osc_packet.OscPacket(data)  # parsed once; its messages in time order
        except Exception as why:  # noqa: BLE001 - anything that does not parse is one malformed packet
            log.debug("osc: malformed from %s: %s", sender[0], why)
            self._malformed(sender)
            return
        try:
            for timed in packet.messages:
                self._timed(sender, timed.message.address, tuple(timed.message.params), timed.time - parsed_at)
        except Exception as why:  # noqa: BLE001 - a bad message never stops the server
            log.debug("osc: %s from %s: %s", type(why).__name__, sender[0], why)
            self._malformed(sender)

    def _deny(self, sender: Address, address: str) -> None:
        """403 for a source outside the allowlist, within its rate limit (a flood is not echoed)."""
        peer = self.access.peer(sender)
        if not peer.denied_shown:
            peer.denied_shown = True
            self.access.notice("console.osc_denied", host=sender[0])
        if self.access.within_rate(sender, self.access.wall()):
            self.reply(sender, address, 403, "address not allowed")

    def _malformed(self, sender: Address) -> None:
        self.malformed += 1
        self.access.peer(sender).malformed += 1

    def reply(self, to: Address, address: str, code: int, text: str = "") -> None:
        status = "ok" if code == 200 else "denied" if code in (401, 403) else "error"
        if code == 200 and not self.access.peer(to).reply_all:
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

    def _timed(self, sender: Address, address: str, args: tuple[object, ...], ahead: float) -> None:
        """A message `ahead` seconds before its bundle's time tag: past the door at once, then handled now
        (an immediate tag, or one in the past) or held for its time, never early (later.py)."""
        try:
            self.access.check(sender, address)
            if ahead <= EARLY_S:
                self._route(sender, address, args)
            else:
                self.later.hold(ahead, f"{address} from {sender[0]}:{sender[1]}",
                                lambda due: self._in_time(sender, address, args))
        except Rejected as why:
            self.reply(sender, address, why.code, str(why))

    def _in_time(self, sender: Address, address: str, args: tuple[object, ...]) -> None:
        """A held message, at its time (the later thread): handled as if it arrived then."""
        try:
            with self._serving:
                self._serving_crowd = False
                self._route(sender, address, args)  # journalled now: at its time, never before it
        except Rejected as why:
            self.reply(sender, address, why.code, str(why))
        except Exception:  # noqa: BLE001 - nothing a sender does stops the server
            log.exception("osc: a time-tagged %s from %s failed", address, sender[0])

    # --- inputs and queries ---------------------------------------------------------------------------

    def _route(self, sender: Address, address: str, args: tuple[object, ...]) -> None:
        at = self.now()
        routed = route(address, args)
        if routed is None:
            self._query(sender, address, args)
            return
        if routed.call is None:
            return  # a button's release (0): ignored
        if routed.call.name == "go":
            if at - self.last_go < self.config.go_interval_s:
                raise Rejected(429, f"/quiz/go again within {self.config.go_interval_s} s")
            self.last_go = at
        # The flooding sockets together journal at most `rate_limit` commands a second: past that, 429.
        if self._serving_crowd and not self.fairness.crowd_may_journal():
            raise Rejected(429, "the show is busy: too many commands from flooding senders")
        self.submit(OscRequest(sender, address, routed.call, at, routed.format_action))

    def _query(self, sender: Address, address: str, args: tuple[object, ...]) -> None:
        peer = self.access.peer(sender)
        if address == "/quiz/ping":
            self.server.socket.sendto(message("/quiz/out/pong", *args), sender)
        elif address == "/quiz/state":
            self.send_state(sender)
        elif address == "/quiz/subscribe":
            self.subscribe(sender, flag(args, address))
        elif address == "/quiz/reply/all":
            peer.reply_all = flag(args, address)
        elif address == "/quiz/connect":
            if len(args) != 1 or not isinstance(args[0], str):
                raise Rejected(400, "expected s passcode")
            self.access.connect(sender, args[0])
        else:
            raise Rejected(404, "unknown address")
        self.reply(sender, address, 200, "ok")
