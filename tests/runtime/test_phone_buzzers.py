"""Issue 25: phones as buzzers, fair by the thumb's own time. Real WebSocket clients (aiohttp's) against
the show's web server on 127.0.0.1, port 0; fake phone clocks with random offsets; everything waits on
messages, never on sleeps."""

from __future__ import annotations

import asyncio
import io
import json
import random
import time

import aiohttp
import pytest

from quizshow import registry
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.core.format import PressAnswer, PressKind, Refused, Setup
from quizshow.core.state import ShowState, Team
from quizshow.house_words import show_words
from quizshow.inputs.phones import protocol
from quizshow.inputs.phones.clock import SLACK_S, ClockEstimate
from quizshow.inputs.phones.seats import load_tokens, phone_seats, tokens_path
from quizshow.inputs.phones.view import SeatFacts, seat_view
from quizshow.inputs.phones.words import PHRASES as PHONE_PAGE
from quizshow.runtime.web.phones import print_seats
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.phone_server_kit import rig  # noqa: F401 - fixtures
from tests.phones_kit import FakePhone, run, show_file, urls

# --- joining, hello, clock sync, a press -------------------------------------------------------------------

def test_a_phone_joins_hears_hello_syncs_and_its_press_is_a_journalled_buzz_at_its_thumb_time(rig):  # noqa: F811
    app = rig()
    url = urls(app)[0]

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, url, offset_ms=1.7e12) as phone:
            hello = await phone.wait("hello")
            assert hello["team"] == 1 and hello["player"] is None and hello["name"] == "Ёжики в тумане"
            assert hello["lang"] == "ru" and hello["colour"].startswith("#") and hello["title"] == "Телефоны"
            assert hello["words"]["press"] == "ЖМИ!"
            assert (await phone.wait("state"))["phase"] == "idle"
            await phone.wait("synced")
            app.submit(c.Go(at=app.now()))  # the question: buttons open
            opened = await phone.wait("state", phase="open")
            assert opened["can_press"] is True
            sent = app.now()
            ack = await phone.wait("ack", id=await phone.press(ago_s=0.120))
            assert ack["code"] == 200
            assert (await phone.wait("state"))["phase"] == "answering"
            buzz = app.engine.state.presses.first
            assert buzz is not None and buzz.team == 0 and buzz.device == "phone"
            # Judged by the thumb's time: 120 ms before the message was sent, within the loopback's error.
            assert buzz.source_time == pytest.approx(sent - 0.120, abs=0.010)
            assert buzz.arrival - buzz.source_time == pytest.approx(0.120, abs=0.010)

    run(play())
    assert '"device": "phone"' in app.journal.path.read_text(encoding="utf-8")  # journalled


def test_a_press_before_the_first_clock_sample_counts_at_its_arrival_marked_unsynced(rig):  # noqa: F811
    app = rig()
    app.submit(c.Go(at=app.now()))

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[1], deaf=True) as phone:
            await phone.wait("state", phase="open")
            assert (await phone.wait("ack", id=await phone.press(ago_s=0.1)))["code"] == 200

    run(play())
    press = app.engine.state.presses.first
    assert press.device == "phone-unsynced" and press.source_time == press.arrival


def test_a_phone_cannot_claim_a_press_long_before_its_message_could_have_left(rig):  # noqa: F811
    app = rig()
    app.submit(c.Go(at=app.now()))

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[0], offset_ms=5e6) as phone:
            await phone.wait("synced")
            await phone.wait("ack", id=await phone.press(ago_s=10.0))

    run(play())
    press = app.engine.state.presses.first
    assert press.arrival - press.source_time <= SLACK_S + 0.01  # half a loopback round trip + 0.25 s at most


def test_presses_are_ordered_by_the_thumbs_time_never_by_arrival(rig):  # noqa: F811
    """Six phones with random clocks; each presses 5–150 ms before its message leaves, in a shuffled order
    of sending: the press log follows the thumbs. Twenty rounds of presses at a fixed seed."""
    app = rig(teams=6)
    app.web.rate = 1000  # twenty rounds in a fraction of a second would be a flood (429) at 20 a second
    rng = random.Random(25)

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            phones = [FakePhone(session, url, offset_ms=rng.uniform(1e9, 2e12)) for url in urls(app)]
            for phone in phones:
                await phone.__aenter__()
                await phone.wait("synced")
            try:
                app.submit(c.Go(at=app.now()))  # the question
                for _ in range(20):
                    for phone in phones:
                        await phone.wait("state", phase="open")
                    # ms before sending, ≥ 25 ms apart: wider than a loaded loopback's round trip (the sync's
                    # uncertainty is half of it); the bench measures closer presses (docs/phones.md)
                    lags = rng.sample(range(5, 155, 25), len(phones))
                    order = list(range(len(phones)))
                    rng.shuffle(order)  # the order the messages are sent (and arrive) in
                    acks, thumb = [], {}
                    for i in order:  # the thumb touched the glass lags[i] ms before its message left
                        thumb[i] = time.monotonic() - lags[i] / 1000
                        acks.append((phones[i], await phones[i].press(ago_s=lags[i] / 1000)))
                    for phone, id in acks:
                        assert (await phone.wait("ack", id=id))["code"] == 200
                    # Every two presses further apart than the sync's uncertainty (each seat's rtt/2, as the
                    # server measured it) are in their thumbs' order, whatever order they arrived in.
                    rtts = {seat.team: rtt or 0.0 for seat, rtt in app.web.connected()}
                    placed = app.engine.state.presses.team_order()
                    # A message slower than rtt/2 + 0.25 s (a loaded machine) is clamped by the rule: not judged.
                    kept = {p.team for p in app.engine.state.presses.presses if p.arrival - p.source_time < SLACK_S}
                    for i in kept:
                        for j in kept:
                            apart = thumb[j] - thumb[i]  # i touched the glass this much before j
                            if apart > (rtts[i] + rtts[j]) / 2:
                                assert placed.index(i) < placed.index(j), (lags, order, rtts, placed)
                    for _press in phones:  # the operator takes the presses back: the same question, open again
                        assert app.submit(c.Undo(at=app.now())).accepted
            finally:
                for phone in phones:
                    await phone.__aexit__()

    run(play())


# --- limits and refusals ----------------------------------------------------------------------------------

def test_bad_messages_get_400_and_the_socket_stays_and_a_flood_gets_429(rig):  # noqa: F811
    app = rig()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[0]) as phone:
            await phone.wait("synced")
            for bad in ("{not json", '{"t": "dance", "id": 3}', '{"t": "press", "id": 4, "c": "soon"}',
                        '{"t": 5}', "[1, 2]", json.dumps({"t": "press", "id": 9, "c": 1, "pad": "x" * 5000})):
                await phone.ws.send_str(bad)
                assert (await phone.wait("ack"))["code"] == 400, bad
            assert not phone.ws.closed
            ack = await phone.wait("ack", id=await phone.press())  # still there: buttons closed, so 409
            assert ack["code"] == 409
            for i in range(30):
                await phone.ws.send_str(json.dumps({"t": "press", "id": 100 + i, "c": phone.clock()}))
            assert (await phone.wait("ack", code=429))["id"] is None

    run(play())
    assert not app.engine.state.presses.presses


def test_an_unknown_join_token_is_404_and_a_known_one_is_the_page(rig):  # noqa: F811
    app = rig()
    host, port = app.web.address

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://{host}:{port}/p/nobody-has-this-token-at-all") as r:
                assert r.status == 404
            with pytest.raises(aiohttp.WSServerHandshakeError) as why:
                await session.ws_connect(f"http://{host}:{port}/p/nobody-has-this-token-at-all/ws")
            assert why.value.status == 404
            async with session.get(urls(app)[0]) as r:
                assert r.status == 200 and "phone.js" in await r.text()
            async with session.get(f"http://{host}:{port}/static/phone.js") as r:
                assert r.status == 200

    run(play())


# --- one phone a seat ---------------------------------------------------------------------------------------

def test_a_second_phone_waits_until_the_operator_accepts_it_then_the_first_hears_bye(rig):  # noqa: F811
    app = rig()
    url = urls(app)[0]

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, url) as first:
            assert (await first.wait("state"))["phase"] == "idle"
            async with FakePhone(session, url) as second:
                assert (await second.wait("state"))["phase"] == "waiting"
                assert (await second.wait("ack", id=await second.press()))["code"] == 403
                assert await asyncio.to_thread(app.web.accept, "1")
                assert (await first.wait("bye"))["why"] == "replaced"
                assert (await second.wait("state"))["phase"] == "idle"
                await first.wait("closed")

    run(play())


def test_a_phone_that_drops_and_comes_back_takes_its_seat_at_once(rig):  # noqa: F811
    app = rig()
    url = urls(app)[0]

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            async with FakePhone(session, url, device="my-phone") as phone:
                await phone.wait("state", phase="idle")
            async with FakePhone(session, url, device="my-phone") as again:  # the socket closed: its seat back
                assert (await again.wait("state"))["phase"] == "idle"
                async with FakePhone(session, url, device="another") as other:  # another phone: it waits
                    assert (await other.wait("state"))["phase"] == "waiting"
            # The same page reconnecting before its old socket was seen to close (the phone slept): its seat
            # at once, and the old socket goes.
            async with FakePhone(session, url, device="my-phone") as back:
                async with FakePhone(session, url, device="my-phone") as woke:
                    assert (await woke.wait("state"))["phase"] == "idle"
                    await back.wait("closed")

    run(play())


def test_a_phone_that_misses_three_pings_loses_its_socket_and_gets_its_seat_back_when_it_wakes(rig):  # noqa: F811
    app = rig()
    app.web.ping_every_s = 0.02
    url = urls(app)[0]

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            async with FakePhone(session, url, deaf=True, device="my-phone") as asleep:
                await asleep.wait("state", phase="idle")
                await asleep.wait("closed")
            async with FakePhone(session, url, device="my-phone") as woke:
                assert (await woke.wait("state"))["phase"] == "idle"

    run(play())


# --- the pure parts ----------------------------------------------------------------------------------------

def test_the_clock_estimate_is_the_least_queued_of_the_last_sixteen_samples():
    clock = ClockEstimate()
    clock.add(10.0, 10.002, 5000.0)  # rtt 2 ms: the best, until 16 later samples push it out
    for i in range(15):
        clock.add(20.0 + i, 20.0 + i + 0.010, 1000.0 * i)
    assert clock.rtt == pytest.approx(0.002) and clock.best.offset == pytest.approx(10.001 - 5.0)
    clock.add(40.0, 40.011, 0.0)
    assert clock.rtt == pytest.approx(0.010)
    assert clock.add(5.0, 4.0, 1.0) is None  # back before it left: no sample
    # A press: its claim, clamped into [arrival − (rtt/2 + 0.25), arrival], `rtt` the best of the last two minutes
    # (the 2 ms one: a phone cannot widen its slack by answering late from now on, issue 37).
    offset = clock.estimate(50.1).offset  # the offset: the samples' intersection (clock.py)
    at = clock.press_time((50.0 - offset) * 1000, 50.1)
    assert at.at == pytest.approx(50.0) and at.synced and not at.clamped
    assert clock.press_time(0.0, 50.1).at == pytest.approx(50.1 - 0.002 / 2 - SLACK_S)
    assert clock.press_time(1e12, 50.1).at == 50.1
    assert not ClockEstimate().press_time(1.0, 7.0).synced


def test_the_phone_is_told_its_phase_from_the_formats_answer_and_the_state_never_a_phase_name():
    teams = (Team("А", "#ff0000", 5), Team("Б", "#00ff00"))
    state = ShowState(phase="anything", teams=teams)
    closed = SeatFacts(PressAnswer(PressKind.CLOSED, Refused("buzzers are closed")))
    open_ = SeatFacts(PressAnswer(PressKind.OPEN), live=True, score=5)
    words = show_words("ru", PHONE_PAGE)  # with the phone page's, as the composition root composes them
    idle = seat_view(state, 0, None, closed, False, words)
    assert (idle.phase, idle.can_press, idle.prompt) == ("idle", False, "Кнопки сейчас закрыты")
    assert seat_view(state, 0, None, open_, False, words).phase == "open"
    assert seat_view(state, 0, None, open_, False, words).can_press
    assert seat_view(state, 0, None, open_, False, words, accepted=False).phase == "waiting"
    assert seat_view(state, 0, None, open_, True, words).phase == "ended"
    assert seat_view(state, 0, None, SeatFacts(PressAnswer(PressKind.ANSWERING)), False, words).phase == "answering"
    from dataclasses import replace

    from quizshow.core.presslog import Press
    pressed = replace(state, presses=state.presses.add(Press(1.0, 1.0, 0)).add(Press(1.041, 1.05, 1)))
    second = seat_view(pressed, 1, None, SeatFacts(PressAnswer(PressKind.QUEUED, Refused("x"))), False, words)
    assert (second.phase, second.place, second.place_text, second.behind) == \
        ("pressed", 2, "вы вторые", "+0,041\u00a0с")
    assert seat_view(state, 1, None, SeatFacts(PressAnswer(PressKind.OUT)), False, words).phase == "locked"
    message = seat_view(state, 0, None, open_, False, words.into("en")).message()
    assert message["t"] == "state" and message["score"] == 5 and message["stake"] is None
    assert "answer" in message and message["answer"] is None


def test_the_protocol_reads_what_the_spec_allows_and_nothing_else():
    assert protocol.parse('{"t":"pong","id":3,"c":12.5}') == protocol.Pong(3, 12.5)
    for bad in ('{"t":"press","id":true,"c":1}', '{"t":"press","id":1,"c":NaN}', '{"t":"press","id":-1,"c":1}',
                '{"t":"pong","id":1}', '"press"', "{}"):
        with pytest.raises(protocol.Bad):
            protocol.parse(bad)
    limit = protocol.RateLimit()
    assert all(limit.allow(0.01 * i) for i in range(20)) and not limit.allow(0.2)
    assert not any(limit.allow(0.2 + 0.01 * i) for i in range(100))  # a flood stays dropped
    assert limit.allow(3.0)  # until it slows down


# --- seats and links ---------------------------------------------------------------------------------------

def test_seats_prints_a_join_link_a_seat_kept_across_restarts_and_new_makes_new_ones(tmp_path):
    path = show_file(tmp_path, 2)
    journal = tmp_path / "j.jsonl"
    runs = []
    for new in (False, False, True):
        out = io.StringIO()
        assert print_seats(path, journal, new, None, out) == 0
        runs.append(out.getvalue().splitlines())
    first, again, fresh = runs
    assert first == again and len(first) == 2 and first != fresh
    team, player, *name, url = first[0].split(" ")
    assert (team, player, " ".join(name)) == ("1", "-", "Ёжики в тумане")
    assert url.startswith("http://127.0.0.1:8080/p/") and len(url.rsplit("/", 1)[1]) >= 22
    assert (tokens_path(journal).stat().st_mode & 0o077) == 0  # the seats' keys: the user's alone


def test_a_team_and_a_duel_player_may_have_buzzer_phone(tmp_path):
    problems = Problems()
    config = load_show(show_file(tmp_path, 3), problems)
    assert config is not None and not problems.errors and config.devices.web is not None
    seats, problem = load_tokens(tokens_path(tmp_path / "x.jsonl"), phone_seats(config))
    assert problem is None and [s.key for s in seats] == ["1", "2", "3"] and len({s.token for s in seats}) == 3
    # The duel: a phone per player, beside keys; many phones are never "one button, one owner".
    duel = (ROOT / "shows" / "duel.yaml").read_text(encoding="utf-8")
    duel = duel.replace('["key:Q", "key:W", "key:E", "key:R"]', '["phone", "phone", "key:E", "phone"]')
    duel = duel.replace("pack: ../", f"pack: {ROOT}/")
    path = tmp_path / "duel.yaml"
    path.write_text(duel, encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    seats = phone_seats(config)
    assert [(s.team, s.player) for s in seats] == [(0, 0), (0, 1), (0, 3)]
    assert seats[1].name == config.teams[0].players[1] and seats[1].key == "1.2"
    # Whose turn: the player the duel asks, not the whole team.
    # Whose turn: the player the duel asks (the format's answer for that player's seat), not the whole team.
    fmt = registry.spec("duel").make(Setup("Дуэль", tuple(Team(t.name, "#ff0000", players=t.players)
                                                           for t in config.teams), dict(config.rules)))
    state = fmt.initial_state(1)
    assert fmt.press_answer(state, 0, 1, 0.0).kind is not PressKind.ANSWERING
