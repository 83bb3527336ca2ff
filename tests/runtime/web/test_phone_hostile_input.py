"""What a hostile page or a curious browser sends the phones' server: a typed answer no journal line can hold, a
clock no float can hold, a /static name with a NUL or a backslash. Each is refused with its code, the socket stays
and the show goes on. Real sockets on 127.0.0.1, port 0."""

from __future__ import annotations

import json

import aiohttp
import pygame

from quizshow.core import commands as c
from quizshow.core.typed import find, shown
from quizshow.runtime.web.server import static_name_ok
from tests.conftest import notices
from tests.phones_kit import FakePhone, run, urls
from tests.written_display_kit import drawn_on_console
from tests.written_phones_kit import answer, journal_answers, rig  # noqa: F401  (the written quiz's rig)


def test_a_lone_surrogate_in_a_typed_answer_is_400_before_the_show_and_the_next_answer_is_taken(rig):  # noqa: F811
    app = rig()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[0]) as phone:
            await phone.wait("synced")
            app.submit(c.Go(at=app.now()))
            await phone.wait("state", phase="answer")
            phone.next_id += 1  # what JSON.stringify makes of a lone surrogate: the escape, sent as it is
            text = '"Окно\\ud800"'
            await phone.ws.send_str(f'{{"t": "answer", "id": {phone.next_id}, "question": 0, "text": {text}, '
                                    f'"c": {phone.clock()}}}')
            refused = await phone.wait("ack", id=phone.next_id)
            assert refused["code"] == 400 and "surrogate" in refused["message"]
            assert (await phone.wait("ack", id=await answer(phone, 0, "Окно")))["code"] == 200

    run(play())
    assert [line["text"] for line in journal_answers(app)] == ["Окно"]
    assert app.say("console.internal_error") not in [n.text for n in notices(app)]  # no «Внутренняя ошибка»


def test_a_clock_no_float_can_hold_is_400_and_the_socket_stays(rig):  # noqa: F811
    app = rig()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[0]) as phone:
            await phone.wait("synced")
            for bad in (f'{{"t": "press", "id": 5, "c": {2**4000}}}', '{"t": "pong", "id": 1, "c": 1e400}',
                        f'{{"t": "answer", "id": 6, "question": 0, "text": "x", "c": -{2**4000}}}',
                        '{"t": "\\udfff", "id": 7}'):
                await phone.ws.send_str(bad)
                assert (await phone.wait("ack"))["code"] == 400, bad
            assert not phone.ws.closed
            assert (await phone.wait("ack", id=await answer(phone, 0, "Окно")))["code"] == 409  # no question yet

    run(play())


def test_a_static_name_with_a_nul_or_a_backslash_is_404(rig):  # noqa: F811
    app = rig()
    host, port = app.web.address

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            for name in ("phone%00.js", "%00", "x%5C..%5Cphone.js", "..%5Cphone.js", "phone.js%00.css"):
                async with session.get(f"http://{host}:{port}/static/{name}") as r:
                    assert r.status == 404, name
            async with session.get(f"http://{host}:{port}/static/phone.js") as r:
                assert r.status == 200

    run(play())
    assert not static_name_ok("..\\web.py") and not static_name_ok("static\\phone.js")  # Windows' separator
    assert not static_name_ok("a\x00.js") and not static_name_ok(".hidden.js") and static_name_ok("phone.css")


def test_control_bidi_and_invisible_characters_of_a_typed_answer_reach_the_operator_harmlessly(rig, monkeypatch):  # noqa: F811
    app = rig()
    sneaky = "Ок\x00но\x1b[2J\r\n\u202eоннИ\u200b\u2066"
    app.submit(c.Go(at=app.now()))
    assert app.submit(c.TypedAnswer(at=app.now(), team=0, question=0, text=sneaky, sent=app.now())).accepted
    kept = find(app.engine.state.fmt.typed, 0, 0).text
    assert "\x00" in kept and "\u202e" in kept  # kept as sent: the journal is the evidence
    pygame.font.init()
    texts = drawn_on_console(app, monkeypatch)  # a NUL reaching the font would raise here
    on_screen = [t for t in texts if "Ок" in t]
    assert on_screen and all(ch not in t for t in on_screen for ch in "\x00\x1b\r\n\u202e\u200b\u2066")
    assert shown(kept) in on_screen
    line = next(json.loads(t) for t in app.journal.path.read_text(encoding="utf-8").splitlines() if "TypedAnswer" in t)
    assert line["text"] == sneaky
