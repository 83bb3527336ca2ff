"""Wiring the phones' web server (runtime/web/server.py) to a running show: its seats and tokens, what each
phone shows, its stakes and typed answers into the input feed (a press is a `Press`, taken by the feed's
press stages like a box's), the operator's desk for the phones, and the console's devices line. The
composition root builds it from narrow ports (`PhonesPorts`), never from the show itself."""

from __future__ import annotations

import contextlib
import errno
import logging
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Protocol, TextIO

from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.actions import ActionContext, ActionRegistry, Call
from quizshow.core.capabilities import NO_TYPED_ANSWERS, stakes, typed_answers
from quizshow.core.clock import Clock
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Format, Refused
from quizshow.core.loose import Args
from quizshow.core.phases import Phase
from quizshow.core.spec import FormatSpec
from quizshow.core.state import ShowState
from quizshow.display.theme import Theme
from quizshow.guarded import reason
from quizshow.i18n import Words
from quizshow.inputs.messages import Action
from quizshow.inputs.phones.board import FREE, JOINED, SYNCING, JoinBoard, JoinSeat, join_pages
from quizshow.inputs.phones.messages import PhoneAnswer, PhoneStake
from quizshow.inputs.phones.seats import Seat, join_url, load_tokens, phone_seats, tokens_path, venue_address
from quizshow.inputs.phones.view import PhoneView, SeatFacts, seat_view
from quizshow.runtime.follow.server import FollowHub
from quizshow.runtime.inputs.feed import Handlers
from quizshow.runtime.journal.file import Journal
from quizshow.runtime.operator.controls import Local
from quizshow.runtime.operator.state import OperatorState
from quizshow.runtime.show.journalled import Runtime
from quizshow.runtime.show.service import finished
from quizshow.runtime.show.sinks import Sinks
from quizshow.runtime.web.overlay import attach as attach_overlay
from quizshow.runtime.web.server import Hello, Host, WebServer
from quizshow.yamlfile import Problems

log = logging.getLogger(__name__)

NOTHING_TO_STAKE = "there is nothing to stake now"


class ServedShow:
    """The show as the phones, the overlay and the follower screens read it (runtime/follow/server.py
    `FollowApp`, runtime/web/overlay.py `OverlayApp`): its parts, read-only, with show time and words (the
    show's, with the phone page's: inputs/phones/words.py)."""

    def __init__(self, runtime: Runtime, config: ShowConfig, fmt: Format, theme: Theme, sinks: Sinks,
                 now: Callable[[], float], notice: Callable[[str, str], None], words: Words) -> None:
        self._runtime = runtime
        self.config = config
        self.format = fmt
        self.theme = theme
        self.sinks = sinks
        self._now = now
        self._notice = notice
        self.words = words

    @property
    def journal(self) -> Journal:
        return self._runtime.journal  # a new one after «Начать заново»

    @property
    def engine(self) -> Engine:
        return self._runtime.engine

    @property
    def lock(self) -> threading.RLock:
        return self._runtime.lock

    def now(self) -> float:
        return self._now()

    def notice(self, text: str, level: str = "problem") -> None:
        self._notice(text, level)

    def say(self, key: str, **values: object) -> str:
        return self.words.say(key, **values)


class JoinShown(Protocol):
    """Who shows «Подключение игроков» (the projector): the board with its page, or None (off)."""

    join: JoinBoard | None


@dataclass(frozen=True)
class PhonesPorts:
    """What the phones' wiring is given (the composition root wires them)."""

    show: ServedShow
    spec: FormatSpec[Format, object, Phase]
    actions: ActionRegistry  # a phone's stake is built as the console's `bid`/`stake` would be
    submit: Callable[[c.Command], Outcome]
    deliver: Callable[[object], None]
    handlers: Handlers  # the feed's table: a held press's due moment is an input of its own
    operator: OperatorState  # the phones' board, buttons and panel of codes on the console
    hall: JoinShown  # the projector: «Подключение игроков» while its codes are shown
    clock: Clock


@dataclass(frozen=True)
class Phones:
    """The phones' server, listening, with what the show's other parts use of it: the operator's switches
    (for the controls), a frame's desk, the devices lines, a typed answer's handler."""

    ports: PhonesPorts
    server: WebServer
    switches: dict[str, Local]

    def tick(self) -> None:
        desk_tick(self.ports, self.server)

    def device_lines(self) -> list[tuple[str, bool]]:
        return device_lines(self.ports, self.server)

    def answer(self, answer: PhoneAnswer) -> None:
        answer_input(self.ports, answer)

    def stake(self, stake: PhoneStake) -> Action:
        return stake_action(stake)


def start_web(ports: PhonesPorts, port: int | None) -> Phones | None:
    """The server for the show's phone seats, listening; None (and said on the console) when it cannot."""
    config, words = ports.show.config, ports.show.words
    web = config.devices.web
    host_name = web.listen[0] if web is not None else "0.0.0.0"
    wanted = port if port is not None else (web.listen[1] if web is not None else 8080)
    seats, problem = load_tokens(tokens_path(ports.show.journal.path), phone_seats(config))
    if problem:
        ports.show.notice(problem)
    fmt = ports.show.format
    buttons, solo = phones_press(ports), plays_solo(ports)

    def view(seat: Seat, accepted: bool) -> PhoneView:
        state = ports.show.engine.state
        facts = seat_facts(fmt, ports.spec.flags(state.phase).buzzers_live, state, seat, ports.show.now(), buttons)
        return seat_view(state, seat.team, seat.player, facts, closing(fmt, state), words, accepted)

    def hello(seat: Seat) -> Hello:
        team = ports.show.engine.state.teams[seat.team]
        colour = ports.show.theme.team_color(seat.team, team.color or None)  # the projector's colour for the team
        return {"t": "hello", "team": seat.team + 1, "player": None if seat.player is None else seat.player + 1,
                "name": seat.name, "team_name": seat.team_name, "lang": words.language,
                "colour": f"#{colour.r:02x}{colour.g:02x}{colour.b:02x}",
                "title": config.title, "buttons": buttons, "solo": solo}

    server = WebServer(Host(ports.show.now, ports.deliver, view, hello, ports.show.notice, ports.clock),
                       seats, (host_name, wanted), words)
    attach_overlay(ports.show, server)  # the broadcast overlay on the same server (docs/overlay.md)
    followers = FollowHub(ports.show)  # follower screens (docs/screens.md)
    server.mounts.append(followers.routes)
    server.follower_knocking = followers.knocking
    try:
        server.start()
    except OSError as why:  # the port is taken: the show goes on without phones, and says so in words
        if why.errno == errno.EADDRINUSE:
            ports.show.notice(ports.show.say("console.web_port_busy", port=wanted))
        else:
            ports.show.notice(ports.show.say("console.web_cannot_listen", host=host_name, port=wanted,
                                             why=why.strerror or why))
        return None
    except Exception as why:  # noqa: BLE001 - the server's thread died before it listened (logged there)
        ports.show.notice(ports.show.say("console.web_cannot_listen", host=host_name, port=wanted, why=reason(why)))
        return None
    ports.show.sinks.direct.append(lambda outcome, now: server.state_changed() if outcome.changed else None)
    ports.show.sinks.direct.append(settler(ports, server))
    switches = desk_switches(ports, server)
    switches["follow_admit"] = lambda args, action: follower_admitted(ports, followers.admit())
    return Phones(ports, server, switches)


def closing(fmt: Format, state: ShowState) -> bool:
    """A phone shows its closing card: the game is over (the show's `finished`), or its last phase reached."""
    return finished(fmt, state) or state.phase == "end"


def follower_admitted(ports: PhonesPorts, host: str | None) -> None:
    """«Впустить экран»: said on the console (nobody, when the follower stopped knocking meanwhile)."""
    if host is not None:
        ports.show.notice(ports.show.say("console.follow_admitted", host=host), "info")


def seat_facts(fmt: Format, live: bool, state: ShowState, seat: Seat, now: float, buttons: bool) -> SeatFacts:
    """What the format says about a seat now: whether its press would be taken (the format's one answer), what
    it may stake or type and the stake it holds, the score the hall has seen."""
    team_seat = seat.player is None  # stakes and typed answers are a team's
    staking = stakes(fmt) if team_seat else None
    typing = typed_answers(fmt) if team_seat else None
    return SeatFacts(press=fmt.press_answer(state, seat.team, seat.player, now) if buttons else None,
                     stake=staking.stake_ask(state, seat.team) if staking is not None else None,
                     held=staking.stake_held(state, seat.team) if staking is not None else None,
                     answer=typing.answer_ask(state, seat.team) if typing is not None else None,
                     typed_why=typing.typed_refusal(state, seat.team) if typing is not None else None, live=live,
                     score=fmt.seat_score(state, seat.team))


@dataclass(frozen=True)
class SettleDue:
    """The moment a held press's announcement is due (an input like any other: applied under the show's lock)."""

    until: float


def settler(ports: PhonesPorts, server: WebServer) -> Callable[[Outcome, float], None]:
    """A direct sink: when a press is held (`ShowState.settling`), the server's loop wakes at its end and the show
    ticks then, so the answerer is announced on time without waiting for a frame (or with no window at all)."""
    scheduled: list[float] = []

    def due(message: SettleDue) -> None:
        held = ports.show.engine.state.settling
        if held is None or held.until != message.until:
            return
        now = ports.show.now()
        if now < held.until:  # the loop's clock ran a little ahead of the show's
            wake(held.until)
            return
        ports.submit(c.Tick(at=now))

    def wake(until: float) -> None:
        loop = server.loop
        if loop is None or loop.is_closed():
            return
        delay = max(0.0, until - ports.show.now())
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(loop.call_later, delay, ports.deliver, SettleDue(until))

    def sink(outcome: Outcome, now: float) -> None:
        held = outcome.state.settling
        if held is not None and (not scheduled or scheduled[-1] != held.until):
            scheduled[:] = [held.until]
            wake(held.until)

    ports.handlers.add(SettleDue, due)
    return sink


# --- the operator's desk: the join scene, the console's codes, accepting a second phone -----------------

def desk_switches(ports: PhonesPorts, server: WebServer) -> dict[str, Local]:
    """The phones' local actions: `join` (F7) puts «Подключение игроков» on the projector and takes it off,
    `phone_codes` (F6) opens the console's panel of codes (Esc closes it), `phone_accept(seat)` lets the
    seat's waiting second phone take it (its button on the devices line)."""
    def join(args: Args, action: Action) -> None:
        # F7: the first page of codes, the next (more seats than a page holds), then off.
        if not server.seats:  # a web server for the overlay or follower screens only: no code to show
            ports.show.notice(ports.show.say("console.no_phones"), "refused")
            return
        pages = join_pages(len(server.seats))
        page = server.join_page
        server.join_page = 0 if page is None else (page + 1 if page + 1 < pages else None)
        desk_tick(ports, server)

    def codes(args: Args, action: Action) -> None:
        ports.operator.phone_codes = not ports.operator.phone_codes

    def accept(args: Args, action: Action) -> None:
        seat = next((s for s in server.seats.values() if s.key == args["seat"]), None)
        if seat is None:
            return
        if server.accept(seat.key):
            ports.show.notice(ports.show.say("console.phone_accepted", name=seat.name), "info")
        else:
            ports.show.notice(ports.show.say("console.phone_none_waiting", name=seat.name), "refused")

    def stake(args: Args, action: Action) -> Outcome:
        """A phone's stake: the format says what the team may stake now and to which action it goes (the
        console's `bid`, `stake` or `catvalue`), built by the action registry with the value as the amount."""
        state, team, value = ports.show.engine.state, args["team"], args["value"]

        def refused(why: Refused) -> Outcome:  # nothing done; the phone hears why in its language
            return Outcome(c.Tick(at=action.at), state, refused=str(why), refusal=why)

        staking = stakes(ports.show.format)
        ask = staking.stake_ask(state, team) if staking is not None else None
        if ask is None:
            return refused(Refused(NOTHING_TO_STAKE))
        if not ask.low <= value <= ask.high:  # (svoyak's own words for it)
            return refused(Refused("a stake is from {low} to {score}", low=ask.low, score=ask.high))
        call = Call(ask.action, (value,) if ask.by_value else (team,))
        try:
            cmd = ports.actions.build(call, ActionContext(state, action.at, ports.show.format.rules, value, str(value)))
        except Refused as why:
            return refused(why)
        if cmd is None:
            return refused(Refused(NOTHING_TO_STAKE))
        outcome: Outcome = ports.submit(cmd)
        return outcome

    return {"join": join, "phone_codes": codes, "phone_accept": accept, "phone_stake": stake}


def join_board(ports: PhonesPorts, server: WebServer) -> JoinBoard:
    """Every seat with its join link and whether a phone holds it now (the join scene, the console)."""
    host, port = server.address
    address = _venue(host)
    held = {seat.token: rtt for seat, rtt in server.connected()}
    waiting = {seat.token for seat in server.waiting_seats()}
    seats = []
    for seat in sorted(server.seats.values(), key=lambda s: (s.team, s.player or 0)):
        rtt = held.get(seat.token)
        status = FREE if seat.token not in held else SYNCING if rtt is None else JOINED
        seats.append(JoinSeat(seat.team, seat.player, seat.name, join_url(address, port, seat.token), status,
                              None if rtt is None else round(rtt * 1000), seat.token in waiting))
    web = ports.show.config.devices.web
    shown = f"[{address}]" if ":" in address else address
    return JoinBoard(tuple(seats), f"http://{shown}:{port}", web.wifi if web is not None else None,
                     phones_press(ports), plays_solo(ports))


def phones_press(ports: PhonesPorts) -> bool:
    """Whether a phone is a button: a format with no phase that takes presses (the written quiz) has phones
    that only type answers (an idle tap is no press)."""
    return any(phase.flags.buzzers_live for phase in ports.spec.phases)


def plays_solo(ports: PhonesPorts) -> bool:
    """Each seat is one contestant (the format's `solo` rule, «Своя игра»): «Игрок», not «Команда»."""
    return bool(ports.show.format.rules.get("solo", False))


@lru_cache(maxsize=4)
def _venue(host: str) -> str:
    """The venue address, found once (it probes the routes with sockets: not once a frame)."""
    return venue_address(host)


def desk_tick(ports: PhonesPorts, server: WebServer) -> None:
    """Once a frame (window thread): the board for the projector (while its codes are shown) and the console,
    and the devices line's buttons — one per seat a second phone waits for, and the codes' two switches."""
    board = join_board(ports, server)
    page = server.join_page
    ports.hall.join = None if page is None else replace(board, page=page, pages=join_pages(len(board.seats)))
    ports.operator.join_board = board
    buttons = [(ports.show.say("console.phone_accept", name=seat.name), Call("phone_accept", (seat.key,)))
               for seat in board.seats if seat.waiting]
    pages = join_pages(len(board.seats))
    key = "console.phone_join" if page is None else \
        "console.phone_join_next" if page + 1 < pages else "console.phone_join_off"
    knocking = server.follower_knocking()
    if knocking is not None:  # a follower screen with the passcode, kept out by someone's guessing
        buttons.insert(0, (ports.show.say("console.follow_admit", host=knocking), Call("follow_admit")))
    buttons.append((ports.show.say(key), Call("join")))
    buttons.append((ports.show.say("console.phone_codes"), Call("phone_codes")))
    ports.operator.device_buttons = buttons


def stake_action(stake: PhoneStake) -> Action:
    """A phone's stake → the local `phone_stake(team, value)`: judged as the console's `bid`/`stake`."""
    return Action("phone_stake", stake.at, "phone", (stake.team, stake.value), done=stake.done)


def answer_input(ports: PhonesPorts, answer: PhoneAnswer) -> None:
    """A phone's typed answer (the feed's handler, under the show's lock): the format judges whether it was
    sent in time, then `TypedAnswer` is journalled and applied like any command; the phone hears back."""
    outcome: Outcome | None = None
    try:
        state = ports.show.engine.state
        typing = typed_answers(ports.show.format)
        try:
            if typing is None:
                raise Refused(NO_TYPED_ANSWERS)
            late = typing.answer_late(state, answer.team, answer.question, answer.sent)
        except Refused as why:  # nothing journalled: no such question now, a team that does not play it
            outcome = Outcome(c.Tick(at=answer.at), state, refused=str(why), refusal=why)
            return
        outcome = ports.submit(c.TypedAnswer(at=answer.at, team=answer.team, question=answer.question,
                                           text=answer.text, sent=answer.sent, late=late))
    finally:
        answer.done(outcome)


def device_lines(ports: PhonesPorts, server: WebServer) -> list[tuple[str, bool]]:
    """The console's devices lines: the server and how many phones, then each seat — its round trip, or no
    phone yet."""
    host, port = server.address
    held = {seat.token: rtt for seat, rtt in server.connected()}
    text = ports.show.say("console.phones", host=_venue(host), port=port, n=len(held), seats=len(server.seats))
    rtts = [rtt for rtt in held.values() if rtt is not None]
    if rtts:  # the slowest phone's round trip: the one fairness depends on
        text += ports.show.say("console.phones_rtt", ms=round(max(rtts) * 1000))
    lines = [(text, True)]
    untrusted = {seat.token for seat in server.untrusted()}
    for seat in sorted(server.seats.values(), key=lambda s: (s.team, s.player or 0)):
        if seat.token in untrusted:  # its presses count at their arrival: a problem, in red
            lines.append((ports.show.say("console.phone_untrusted", name=seat.name,
                                  ms=round((held.get(seat.token) or 0.0) * 1000)), False))
        elif seat.token in held:  # each connected seat with its own round trip (after the problems, if room)
            rtt = held[seat.token]
            text = ports.show.say("console.phone_rtt", name=seat.name, ms=round(rtt * 1000)) if rtt is not None else \
                ports.show.say("console.phone_syncing", name=seat.name)
            lines.append((text, True))
        elif server.seating.kept_for(seat.token):  # dropped: its own phone gets it back, anyone else waits
            lines.append((ports.show.say("console.phone_dropped", name=seat.name), False))
        else:
            lines.append((ports.show.say("console.phone_none", name=seat.name), False))
        # A second phone waiting is named on its own button («Принять телефон: Совы», desk_tick), not
        # among the problems, where a crowded line could only count it.
    return lines


def print_seats(show: Path, journal: Path | None, new: bool, port: int | None, out: TextIO | None = None) -> int:
    """`--seats [--new]`: «<team> <player or -> <name> <join URL>» a phone seat a line."""
    from quizshow.event_file import load_any

    out = out or sys.stdout
    problems = Problems()
    config = load_any(show, problems)
    if config is None or problems:
        for problem in problems.items:
            print(problem, file=sys.stderr)
        return 1
    seats, unreadable = load_tokens(tokens_path(journal or config.journal_path), phone_seats(config), new)
    if unreadable:
        print(unreadable, file=sys.stderr)
    if not seats:
        print(f"{show}: no team or player has 'buzzer: phone'", file=sys.stderr)
        return 1
    listen = config.devices.web.listen if config.devices.web is not None else ("0.0.0.0", 8080)
    host = venue_address(listen[0])
    for seat in seats:
        player = "-" if seat.player is None else str(seat.player + 1)
        print(f"{seat.team + 1} {player} {seat.name} {join_url(host, listen[1] if port is None else port, seat.token)}",
              file=out)
    return 0
