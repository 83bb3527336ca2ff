"""Wiring the phones' web server (runtime/web.py) to a running show: its seats and tokens, what each
phone shows, its presses into the input feed, and the console's devices line. Called by the composition
root, which keeps only a line or two for it."""

from __future__ import annotations

import errno
import logging
import sys
from pathlib import Path
from typing import Any, TextIO

from quizshow import i18n
from quizshow.inputs.messages import Action
from quizshow.inputs.phones.seats import Seat, join_url, load_tokens, phone_seats, tokens_path, venue_address
from quizshow.inputs.phones.view import PhoneView, seat_view
from quizshow.inputs.phones.words import PHRASES
from quizshow.runtime.follow_server import follow_routes
from quizshow.runtime.web import Host, PhonePress, WebServer
from quizshow.yamlfile import Problems

log = logging.getLogger(__name__)

CONSOLE = {
    "ru": {"console.phones": "Телефоны {host}:{port} · подключено {n} из {seats}",
           "console.phone_waiting": "Второй телефон ждёт места «{name}»: подтвердите на консоли",
           "console.phone_rtt": "{name}: телефон, {ms} мс",
           "console.phones_rtt": " · связь до {ms} мс",
           "console.phone_syncing": "{name}: телефон, сверяем часы",
           "console.phone_none": "{name}: телефон не подключён",
           "console.web_port_busy": "Веб-сервер: порт {port} занят — телефоны не подключатся",
           "console.web_cannot_listen": "Веб-сервер: нельзя слушать {host}:{port} ({why})"},
    "en": {"console.phones": "Phones {host}:{port} · {n} of {seats} connected",
           "console.phone_waiting": "A second phone waits for seat «{name}»: accept it on the console",
           "console.phone_rtt": "{name}: phone, {ms} ms",
           "console.phones_rtt": " · round trips up to {ms} ms",
           "console.phone_syncing": "{name}: phone, syncing the clock",
           "console.phone_none": "{name}: phone not connected",
           "console.web_port_busy": "Web server: port {port} is taken — phones cannot join",
           "console.web_cannot_listen": "Web server: cannot listen on {host}:{port} ({why})"},
}


def start_web(app: Any, port: int | None) -> WebServer | None:
    """The server for the show's phone seats, listening; None (and said on the console) when it cannot."""
    i18n.add_phrases(PHRASES)
    i18n.add_phrases(CONSOLE)
    config, language = app.config, app.config.language
    web = config.devices.web
    host_name = web.listen[0] if web is not None else "0.0.0.0"
    wanted = port if port is not None else (web.listen[1] if web is not None else 8080)
    seats, problem = load_tokens(tokens_path(app.journal.path), phone_seats(config))
    if problem:
        app.notice(problem)
    fmt = app.format

    def view(seat: Seat, accepted: bool) -> PhoneView:
        state = app.engine.state
        return seat_view(state, app.spec.flags(state.phase), seat.team, seat.player, fmt.answering_seat(state),
                         finished(fmt, state), accepted, language)

    def hello(seat: Seat) -> dict[str, Any]:
        team = app.engine.state.teams[seat.team]
        colour = app.theme.team_color(seat.team, team.color or None)  # the projector's colour for the team
        return {"t": "hello", "team": seat.team + 1, "player": None if seat.player is None else seat.player + 1,
                "name": seat.name, "team_name": seat.team_name, "lang": language,
                "colour": f"#{colour.r:02x}{colour.g:02x}{colour.b:02x}",
                "title": config.title}

    server = WebServer(Host(app.now, app.deliver, view, hello, lambda text, level: app.notice(text, level)),
                       seats, (host_name, wanted), language)
    server.routes.append(follow_routes(app))  # follower screens (docs/screens.md)
    try:
        server.start()
    except OSError as why:  # the port is taken: the show goes on without phones, and says so in words
        if why.errno == errno.EADDRINUSE:
            app.notice(app.say("console.web_port_busy", port=wanted))
        else:
            app.notice(app.say("console.web_cannot_listen", host=host_name, port=wanted, why=why.strerror or why))
        return None
    app.sinks.direct.append(lambda outcome, now: server.state_changed() if outcome.changed else None)
    return server


def finished(fmt: Any, state: Any) -> bool:
    """The game is over (as the app's own `finished`)."""
    return bool(fmt.next_action(state) == "next.none" or state.phase == "end")


def phone_action(press: PhonePress) -> Action:
    """A phone's press → its seat's `buzz` call with the thumb's own time, as a box press is (the line check
    may take it); the phone hears what became of it through `done`."""
    b = press.buzz
    return Action("buzz", b.at, b.device or "phone", (b.team, b.player), b.press_time, done=press.done)


def device_lines(app: Any, server: WebServer) -> list[tuple[str, bool]]:
    """The console's devices lines: the server and how many phones, then each seat — its round trip, no
    phone yet, or a second phone waiting."""
    host, port = server.address
    held = {seat.token: rtt for seat, rtt in server.connected()}
    waiting = {seat.token for seat in server.waiting_seats()}
    text = app.say("console.phones", host=venue_address(host), port=port, n=len(held), seats=len(server.seats))
    rtts = [rtt for rtt in held.values() if rtt is not None]
    if rtts:  # the slowest phone's round trip: the one fairness depends on
        text += app.say("console.phones_rtt", ms=round(max(rtts) * 1000))
    lines = [(text, True)]
    for seat in sorted(server.seats.values(), key=lambda s: (s.team, s.player or 0)):
        if seat.token in held:  # each connected seat with its own round trip (after the problems, if room)
            rtt = held[seat.token]
            text = app.say("console.phone_rtt", name=seat.name, ms=round(rtt * 1000)) if rtt is not None else \
                app.say("console.phone_syncing", name=seat.name)
            lines.append((text, True))
        else:
            lines.append((app.say("console.phone_none", name=seat.name), False))
        if seat.token in waiting:
            lines.append((app.say("console.phone_waiting", name=seat.name), False))
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
