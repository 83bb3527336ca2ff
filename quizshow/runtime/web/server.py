"""The web server for players' phones (spec/web.md, docs/phones.md): aiohttp on its own thread with its
own asyncio loop, so it never blocks a frame or a press.

A phone's press is a `Press` of its seat like a box's (inputs/messages.py), its time the phone's own touch
time mapped onto the show clock by the seat's clock estimate (inputs/phones/clock.py). It goes to the show's
input feed like every source's (its press stages make the Buzz: journalled first, the same refusals) and is
acked with what became of it. Whenever the show's state changes, each phone gets its `state` if what it shows
changed (inputs/phones/view.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, TypedDict

from aiohttp import WSMsgType, web

from quizshow.core import commands as c
from quizshow.core.clock import Clock
from quizshow.core.engine import Outcome
from quizshow.guarded import guarded, reason
from quizshow.i18n import Words
from quizshow.inputs import messages as m
from quizshow.inputs.phones import protocol as p
from quizshow.inputs.phones.clock import MISSED_PINGS, PING_EVERY_S, ClockEstimate, PressTime, ping_gaps
from quizshow.inputs.phones.messages import PhoneAnswer, PhoneStake
from quizshow.inputs.phones.seats import Seat
from quizshow.inputs.phones.view import PhoneView
from quizshow.inputs.phones.words import PAGE_WORDS
from quizshow.runtime.inputs.presses import reply_code
from quizshow.runtime.web.limits import Gate, GatedSite, frames
from quizshow.runtime.web.seating import MAX_DEVICE, Seating

if TYPE_CHECKING:
    from quizshow.runtime.web.overlay import OverlayFeed

log = logging.getLogger(__name__)

MAX_WS_FRAME = 64 * 1024  # beyond 4 KiB a message is answered 400; beyond this the socket closes
LONG_AGO_MS = -1e18  # a phone clock reading before any press: its press time is the clamp's earliest


class Hello(TypedDict):
    """A phone's first message (spec/web.md «hello»), as the show makes it: the server adds the page's words."""

    t: str  # "hello"
    team: int  # from 1
    player: int | None  # from 1; None: a team's seat
    name: str
    team_name: str
    lang: str
    colour: str  # "#rrggbb", the projector's colour for the team
    title: str
    buttons: bool  # whether the phone is a button (else it only types answers)
    solo: bool  # each seat is one contestant


@dataclass(eq=False)
class Phone:
    """One phone's socket on a seat."""

    ws: web.WebSocketResponse
    seat: Seat
    device: str
    clock: ClockEstimate = field(default_factory=ClockEstimate)
    limit: p.RateLimit = field(default_factory=p.RateLimit)
    pings: dict[int, float] = field(default_factory=dict)  # ping id → send time (show clock)
    last: dict[str, object] | None = None  # the last state sent
    warned: float = -1.0  # when the last 429 went out (the machine's monotonic clock)
    next_ping: int = 0
    lag: float = 0.0  # the longest its press can take to arrive after its own time, by the press clamp (s)


class Host:
    """What the server needs from the show (the composition root gives these)."""

    def __init__(self, now: Callable[[], float], deliver: Callable[[object], None],
                 view: Callable[[Seat, bool], PhoneView], hello: Callable[[Seat], Hello],
                 notice: Callable[[str, str], None], clock: Clock) -> None:
        self.now = now  # show time
        self.deliver = deliver
        self.view = view
        self.hello = hello
        self.notice = notice
        self.clock = clock  # the machine's (a phone's rate of messages)


class WebServer:
    def __init__(self, host: Host, seats: list[Seat], listen: tuple[str, int], words: Words) -> None:
        self.host = host
        self.seats = {s.token: s for s in seats}
        self.listen = listen
        self.words = words  # the show's, with the phone page's (inputs/phones/words.py)
        # Who holds each seat, who waits for the operator, whose seat waits for its dropped phone (web/seating.py).
        self.seating: Seating[Phone] = Seating(host.now)
        self.holders = self.seating.holders  # seat token → the phone that holds it
        self.waiting = self.seating.waiting  # seat token → phones waiting for the operator
        # The page of «Подключение игроков» on the projector (runtime/web/phones.py); None: not shown.
        self.join_page: int | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.address: tuple[str, int] = listen
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._failed: BaseException | None = None
        self._stopping: asyncio.Event | None = None
        self.ping_every_s = PING_EVERY_S
        self._push_pending = False  # a push of every phone's state is on its way (state_changed)
        self.rate = p.RATE  # messages a second from one phone
        # More clients on the same server (the overlay, web/overlay.py; followers, follow/server.py): their routes.
        self.mounts: list[Callable[[web.Application], None]] = []
        self.overlay: OverlayFeed | None = None
        self.gate: Gate | None = None  # the limits on connections (runtime/web/limits.py), made as it starts
        # A follower screen kept out by someone's guessing (runtime/follow/server.py): the console's «Впустить экран».
        self.follower_knocking: Callable[[], str | None] = lambda: None

    # --- the thread -----------------------------------------------------------------------------------

    def start(self) -> WebServer:
        """Bind and serve on a thread of its own; raises OSError when the address cannot be had."""
        self._thread = guarded("web", self._run, self._died)  # a death is told, never waited on for ever
        self._thread.start()
        self._started.wait()
        if self._failed is not None:
            raise self._failed
        return self

    def _run(self) -> None:
        loop = self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._serve())
        finally:
            loop.close()

    def _died(self, why: BaseException) -> None:
        """The thread ended on an exception: before it listened, start() raises it; after, the console says so."""
        if not self._started.is_set():
            self._failed = why
            self._started.set()
        elif self._stopping is None or not self._stopping.is_set():
            self.host.notice(self.words.say("console.web_stopped", why=reason(why)), "problem")

    async def _serve(self) -> None:
        gate = self.gate = Gate(self._seat_of, len(self.seats))
        app = web.Application(middlewares=[gate.middleware])
        app.router.add_get("/p/{token}", self._page)
        app.router.add_get("/p/{token}/ws", self._socket)
        app.router.add_get("/static/{name}", self._static)
        for mount in self.mounts:
            mount(app)
        self._stopping = asyncio.Event()
        runner = self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                              keepalive_timeout=gate.limits.request_s)
        await runner.setup()
        site = GatedSite(runner, self.listen[0], self.listen[1], gate)
        try:
            await site.start()
        except OSError as why:
            self._failed = why
            self._started.set()
            await runner.cleanup()
            return
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.address = (self.listen[0], int(sockets[0].getsockname()[1]))
        self._started.set()
        pinger = asyncio.ensure_future(self._ping_all())
        await self._stopping.wait()
        pinger.cancel()
        for phone in self.phones():
            with contextlib.suppress(Exception):
                await phone.ws.close()
        await runner.cleanup()

    def stop(self) -> None:
        loop, stopping = self.loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def phones(self) -> list[Phone]:
        return [*self.holders.values(), *(w for ws in self.waiting.values() for w in ws)]

    # --- what the show calls (any thread) ----------------------------------------------------------------

    def state_changed(self) -> None:
        """The show's state changed: each phone gets its new `state` if what it shows changed. Changes that
        come faster than the server's loop takes them are pushed once (the push reads the latest state)."""
        if self._push_pending or self.loop is None or self.loop.is_closed():
            return
        self._push_pending = True
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self._push_soon)

    def accept(self, seat_key: str) -> bool:
        """The operator lets the phone waiting longest on a seat (its key, «3» or «3.2») take it; the phone
        that held it gets `bye` «replaced». False when no phone waits there."""
        token = next((t for t, s in self.seats.items() if s.key == seat_key), None)
        if token is None or not self.waiting.get(token) or self.loop is None:
            return False
        asyncio.run_coroutine_threadsafe(self._accept(token), self.loop).result(timeout=5)
        return True

    def connected(self) -> list[tuple[Seat, float | None]]:
        """The seats held now, with each phone's round trip (s) where measured."""
        return [(phone.seat, phone.clock.rtt) for phone in list(self.holders.values())]

    def lag_bound(self, team: int, player: int | None) -> float | None:
        """How long after a press's own time an earlier press may still arrive from a phone (docs/phones.md,
        «Who answers is said once»): the longest lag the press clamp allows any connected phone but the
        pressing seat's own. None: no other phone is connected (nothing to wait for)."""
        lags = [phone.lag for phone in list(self.holders.values())
                if (phone.seat.team, phone.seat.player) != (team, player)]
        return max(lags) if lags else None

    def untrusted(self) -> list[Seat]:
        """The seats held by a phone whose clock cannot be trusted (its presses count at their arrival)."""
        now = self.host.now()
        return [phone.seat for phone in list(self.holders.values())
                if phone.clock.synced and not phone.clock.trusted(now)]

    def waiting_seats(self) -> list[Seat]:
        return [self.seats[t] for t, ws in list(self.waiting.items()) if ws]

    # --- HTTP --------------------------------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if request.match_info["token"] not in self.seats:  # an old or mistyped link: say so, in the show's words
            return web.Response(status=404, text=_unknown_seat_page(self.words), content_type="text/html",
                                charset="utf-8", headers={"Cache-Control": "no-store"})
        return web.Response(body=_static_file("phone.html"), content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store"})

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kinds = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}
        kind = kinds.get(name.rpartition(".")[2])
        if kind is None or not static_name_ok(name):
            raise web.HTTPNotFound()
        try:
            body = _static_file(name)
        except (FileNotFoundError, IsADirectoryError):
            raise web.HTTPNotFound() from None
        return web.Response(body=body, content_type=kind, charset="utf-8", headers={"Cache-Control": "no-cache"})

    # --- a phone's socket ------------------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        seat = self.seats.get(token)
        if seat is None:
            raise web.HTTPNotFound(text="This join link is not one of this show's seats.")
        ws = web.WebSocketResponse(max_msg_size=MAX_WS_FRAME, heartbeat=None, autoping=False)
        await ws.prepare(request)
        device = request.query.get("device", "")[:MAX_DEVICE]
        phone = Phone(ws, seat, device, limit=p.RateLimit(self.rate))
        self._seat(phone)
        await self._send(phone, {**self.host.hello(seat), "words": self._words()})
        await self._send_state(phone, force=True)
        pinger = asyncio.ensure_future(self._first_pings(phone))
        try:
            async for msg in frames(ws):
                arrival = self.host.now()
                if msg.type == WSMsgType.TEXT:
                    await self._message(phone, msg.data, arrival)
                elif msg.type == WSMsgType.BINARY:
                    await self._send(phone, p.ack(None, 400, "messages are JSON text"))
        finally:
            pinger.cancel()
            self._leave(phone)
        return ws

    def _seat_of(self, path: str) -> str | None:
        """The seat token a request's path is for (`/p/<token>`, `/p/<token>/ws`), None when it names no seat."""
        parts = path.split("/")
        return parts[2] if len(parts) in (3, 4) and parts[1] == "p" and parts[2] in self.seats else None

    def _seat(self, phone: Phone) -> None:
        joined = self.seating.join(phone.seat.token, phone)
        if joined.replaced is not None:  # the same phone back: its old socket goes
            asyncio.ensure_future(joined.replaced.ws.close())
        if not joined.holds:
            self.host.notice(self.words.say("console.phone_waiting", name=phone.seat.name), "info")

    def _leave(self, phone: Phone) -> None:
        self.seating.leave(phone.seat.token, phone)  # a waiting phone never takes the seat: the operator accepts

    async def _accept(self, token: str) -> None:
        accepted = self.seating.accept(token)
        if accepted is None:
            return
        phone, old = accepted
        if old is not None:
            await self._send(old, {"t": "bye", "why": "replaced"})
            await old.ws.close()
        await self._send_state(phone, force=True)

    def _accepted(self, phone: Phone) -> bool:
        return self.holders.get(phone.seat.token) is phone

    async def _message(self, phone: Phone, text: str, arrival: float) -> None:
        if not phone.limit.allow(self.host.clock.monotonic()):
            now = self.host.clock.monotonic()
            if now - phone.warned >= 1.0:  # one 429 a second: the answer to a flood is no flood
                phone.warned = now
                await self._send(phone, p.ack(None, 429, "too many messages: at most 20 a second"))
            return
        try:
            msg = p.parse(text)
        except p.Bad as why:
            await self._send(phone, p.ack(why.id, 400, str(why)))
            return
        if isinstance(msg, p.Pong):
            self._pong(phone, msg, arrival)
        elif isinstance(msg, p.Press):
            await self._press(phone, msg, arrival)
        elif isinstance(msg, p.Stake):
            await self._stake(phone, msg, arrival)
        else:
            await self._typed(phone, msg, arrival)

    def _pong(self, phone: Phone, msg: p.Pong, arrival: float) -> None:
        sent = phone.pings.pop(msg.id, None)
        if sent is None:
            return  # not a ping of ours, or answered twice
        for older in [ping for ping in phone.pings if ping < msg.id]:  # not "missed in a row" any more
            del phone.pings[older]
        before = phone.clock.best
        phone.clock.add(sent, arrival, msg.c)
        # The clamp's earliest time for a press arriving now: how far behind its arrival a press can be placed.
        phone.lag = arrival - phone.clock.press_time(LONG_AGO_MS, arrival).at
        if phone.last is not None and phone.last.get("answer") and phone.clock.best is not before:
            asyncio.ensure_future(self._send_state(phone))  # its deadline on the phone's clock, better known

    async def _press(self, phone: Phone, msg: p.Press, arrival: float) -> None:
        if not self._accepted(phone):
            await self._send(phone, p.ack(msg.id, 403, "the host has not accepted this phone yet"))
            return
        when = phone.clock.press_time(msg.c, arrival)
        seat = phone.seat
        answered, done = _answered_on_this_loop()
        self.host.deliver(m.Press(m.Seat(seat.team, seat.player), when.at, _press_device(when), arrival, phone=True,
                                clock_error=when.error, done=done))
        await self._answer(phone, msg.id, await answered, worded=True)

    async def _stake(self, phone: Phone, msg: p.Stake, arrival: float) -> None:
        """A stake or a bid: to the show like a press (journalled as the console's `bid`/`stake` would be)."""
        if not self._accepted(phone):
            await self._send(phone, p.ack(msg.id, 403, "the host has not accepted this phone yet"))
            return
        if phone.seat.player is not None:
            await self._send(phone, p.ack(msg.id, 409, "stakes are a team's, not a player's"))
            return
        answered, done = _answered_on_this_loop()
        self.host.deliver(PhoneStake(phone.seat.team, phone.seat.player, msg.value, arrival, done))
        await self._answer(phone, msg.id, await answered, worded=True)

    async def _typed(self, phone: Phone, msg: p.Answer, arrival: float) -> None:
        """A typed answer: to the show like a press, judged by its own (mapped) time. A late one is journalled
        as late and answered 409 «поздно» (docs/phones.md)."""
        if not self._accepted(phone):
            await self._send(phone, p.ack(msg.id, 403, "the host has not accepted this phone yet"))
            return
        if phone.seat.player is not None:
            await self._send(phone, p.ack(msg.id, 409, "answers are a team's, not a player's"))
            return
        if not msg.text.strip():
            await self._send(phone, p.ack(msg.id, 400, self.words.say("phone.answer_empty")))
            return
        when = phone.clock.press_time(msg.c, arrival)
        answered, done = _answered_on_this_loop()
        self.host.deliver(PhoneAnswer(phone.seat.team, msg.question, msg.text, when.at, arrival, done))
        outcome = await answered
        cmd = outcome.command if outcome is not None and outcome.accepted else None
        if isinstance(cmd, c.TypedAnswer) and cmd.late:
            log.info("phone %s: answer to %d late by %.3f s", phone.seat.key, msg.question, arrival - when.at)
            await self._send(phone, p.ack(msg.id, 409, self.words.say("phone.answer_late")))
            await self._send_state(phone)
            return
        await self._answer(phone, msg.id, outcome, worded=True)

    async def _answer(self, phone: Phone, msg_id: int, outcome: Outcome | None, worded: bool = False) -> None:
        """The ack of what became of a phone's message, then its state if that changed. `worded`: a refusal
        in the show's language (the phone shows it to the player), else the rule's English. A refusal is
        logged with the seat and the same words."""
        if outcome is None:
            log.info("phone %s «%s»: message %d not taken", phone.seat.key, phone.seat.name, msg_id)
            await self._send(phone, p.ack(msg_id, 409, "not taken"))
        elif outcome.refused:
            why = outcome.refusal
            said = self.words.refusal(why.template, why.values) if worded and why else str(outcome.refused)
            log.info("phone %s «%s»: message %d refused: %s", phone.seat.key, phone.seat.name, msg_id, said)
            await self._send(phone, p.ack(msg_id, reply_code(outcome), said))
        else:
            await self._send(phone, p.ack(msg_id, 200, "ok"))
            await self._send_state(phone)

    # --- clock sync ---------------------------------------------------------------------------------------

    async def _first_pings(self, phone: Phone) -> None:
        """A phone that just joined: 8 pings at once, then 16 more a quarter second apart (clock.ping_gaps),
        so it is as fair as the others seconds after joining."""
        for gap in ping_gaps():
            await self._ping(phone)
            await asyncio.sleep(gap)

    async def _ping_all(self) -> None:
        while True:
            await asyncio.sleep(self.ping_every_s)
            now = self.host.now()
            for phone in self.phones():
                # Three rounds without an answer to the oldest ping: the phone is gone. Counted in time, not in
                # pings: the quick pings after joining are not missed by a phone whose answers take 0.3 s.
                if phone.pings and now - min(phone.pings.values()) >= MISSED_PINGS * self.ping_every_s:
                    await phone.ws.close()
                    continue
                await self._ping(phone)

    async def _ping(self, phone: Phone) -> None:
        phone.next_ping = ping = phone.next_ping + 1
        phone.pings[ping] = self.host.now()
        rtt = phone.clock.rtt
        # rtt_ms, trusted (beyond the spec): the seat's round trip now and whether its clock judges its presses
        # (inputs/phones/clock.py: false, its presses count at their arrival), for the page's connection pill.
        trusted = phone.clock.trusted(phone.pings[ping]) if phone.clock.synced else None
        await self._send(phone, {"t": "ping", "id": ping, "rtt_ms": None if rtt is None else round(rtt * 1000),
                                 "trusted": trusted})

    # --- sending --------------------------------------------------------------------------------------

    def _push_soon(self) -> None:
        """After what the loop has queued already: the ack a press waits for goes before 47 other states."""
        assert self.loop is not None
        self.loop.call_soon(self._push_all)

    def _push_all(self) -> None:
        self._push_pending = False  # first: a change from now on is pushed again
        for phone in self.phones():
            asyncio.ensure_future(self._send_state(phone))

    async def _send_state(self, phone: Phone, force: bool = False) -> None:
        message = self.host.view(phone.seat, self._accepted(phone)).message()
        answer = message.get("answer")
        if isinstance(answer, dict):  # the deadline on the phone's own clock (null: not known yet)
            best = phone.clock.best

            def mapped(at: object) -> int | None:
                return None if not isinstance(at, float) or best is None else round((at - best.offset) * 20) * 50

            until = answer.pop("until", None)
            sent = {**answer, "until_ms": mapped(until)}
            if "clock_until" in sent:  # the hall's clock's end, before the hand-in seconds
                sent["clock_until_ms"] = mapped(sent.pop("clock_until"))
            message["answer"] = sent
        if force or message != phone.last:
            phone.last = message
            await self._send(phone, message)

    async def _send(self, phone: Phone, message: Mapping[str, object]) -> None:
        if phone.ws.closed:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            await phone.ws.send_str(json.dumps(message, ensure_ascii=False))

    def _words(self) -> dict[str, str]:
        return {key: self.words.say(f"phone.{key}") for key in PAGE_WORDS}


def _press_device(when: PressTime) -> str:
    """The journal's `device` of a phone's press: `phone` (judged by its clock), else by its arrival."""
    return "phone-unsynced" if not when.synced else "phone" if when.trusted else "phone-untrusted"


def _unknown_seat_page(words: Words) -> str:
    """The page an unknown or old join link gets: what happened and what to do, in the show's language."""
    def say(key: str) -> str:
        return html.escape(words.say(f"phone.{key}"))

    return (f'<!doctype html><html lang="{html.escape(words.language)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{say("unknown_title")}</title><link rel="stylesheet" href="/static/phone.css"></head>'
            f'<body class="phase-unknown"><main><section class="card" id="unknown"><h1>{say("unknown_title")}</h1>'
            f'<p class="hint">{say("unknown_hint")}</p></section></main></body></html>')


STATIC_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}")


def static_name_ok(name: str) -> bool:
    """A file of the page's own folder, on every system: letters, digits, «_-.», not starting with a dot —
    no separator of any system (a backslash is one on Windows), no NUL, no «..»."""
    return STATIC_NAME.fullmatch(name) is not None


def _static_file(name: str) -> bytes:
    return resources.files("quizshow.web").joinpath("static", name).read_bytes()


def _answered_on_this_loop() -> tuple[asyncio.Future[Outcome | None], Callable[[Outcome | None], None]]:
    """A future on the server's loop and the `done` that settles it from the thread that applies the input
    (the show's feed): a phone's message waits for what became of it without blocking the loop."""
    loop = asyncio.get_running_loop()
    answered: asyncio.Future[Outcome | None] = loop.create_future()

    def done(outcome: Outcome | None) -> None:
        def settle() -> None:
            if not answered.done():
                answered.set_result(outcome)
        with contextlib.suppress(RuntimeError):  # the loop has closed: the phone is gone
            loop.call_soon_threadsafe(settle)

    return answered, done
