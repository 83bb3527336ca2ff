"""Issue 25: written answers from the phones, over real WebSocket clients (aiohttp's) against the show's web
server on 127.0.0.1, port 0: the `answer` state with its deadline on the phone's own clock, an answer taken
(200) and shown back, replaced, a late one (409, «поздно», kept in the journal as late) judged by the phone's
fake clock, answers arriving out of the order they were sent; «Своя игра»'s final the same. Everything waits
on messages, never on sleeps."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.typed import find
from quizshow.runtime.journal.file import Journal
from tests.phones_kit import FakePhone, urls
from tests.written_phones_kit import answer, journal_answers, make_app, phones_final_show, rig, to_final_question  # noqa: F401


def run(coro) -> object:
    return asyncio.run(coro)


def test_a_phone_types_its_answer_in_the_minute_and_hears_it_is_taken(rig):  # noqa: F811
    app = rig()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[0], offset_ms=3.3e11) as phone:
            assert (await phone.wait("hello"))["words"]["answer_send"] == "Отправить ответ"
            await phone.wait("synced")
            app.submit(c.Go(at=app.now()))  # question 1.1 on screen: the teams may write
            shown = await phone.wait("state", phase="answer")
            assert shown["answer"] == {"question": 0, "text": None, "until_ms": None}  # no clock yet
            app.submit(c.Go(at=app.now()))  # the minute
            started = app.now()
            running = await phone.wait("state", phase="answer")
            # The deadline on the phone's own clock: the minute + the hand-in seconds from now.
            assert running["answer"]["until_ms"] == pytest.approx(phone.clock() + 70_000 - (app.now() - started) * 1000,
                                                                   abs=150)
            ack = await phone.wait("ack", id=await answer(phone, 0, "  Окно  "))
            assert ack["code"] == 200
            taken = await phone.wait("state", phase="answer")
            assert taken["answer"]["text"] == "Окно"
            assert (await phone.wait("ack", id=await answer(phone, 0, "Форточка")))["code"] == 200
            assert (await phone.wait("state", phase="answer"))["answer"]["text"] == "Форточка"

    run(play())
    w = app.engine.state.fmt
    assert find(w.typed, 0, 0).text == "Форточка"
    lines = journal_answers(app)  # journalled, with the phone's own time mapped
    assert [line["text"] for line in lines] == ["  Окно  ", "Форточка"] and not any(line["late"] for line in lines)
    assert all(0 <= line["at"] - line["sent"] < 0.3 for line in lines)


def test_a_late_answer_by_the_phones_clock_is_409_and_kept_as_late_while_one_sent_in_time_counts(rig):  # noqa: F811
    """The host closes the hand-in (the clock paused, then Next): an answer the phone's clock says it sent
    before that still counts although it arrives after; one sent after is «поздно» — 409, journalled late."""
    app = rig()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[1], offset_ms=2.5e9) as phone:
            await phone.wait("synced")
            for _ in range(2):
                app.submit(c.Go(at=app.now()))
            await phone.wait("state", phase="answer")
            assert app.submit(c.TimerStop(at=app.now())).accepted  # F5: the minute paused
            app.submit(c.Go(at=app.now()))  # Next ends the minute: «Сдаём ответы!»
            app.submit(c.TimerStop(at=app.now()))
            assert app.submit(c.Go(at=app.now())).accepted  # the answer on screen: the window closed now
            closed = app.engine.state.fmt.closed
            assert app.engine.state.phase == "answer" and closed is not None
            idle = await phone.wait("state", phase="idle")
            assert idle["answer"] is None
            late = await phone.wait("ack", id=await answer(phone, 0, "Поздний ответ"))
            assert late["code"] == 409 and late["message"].startswith("Поздно")
            # Sent 80 ms before the close by the phone's clock, arriving after it: in time (reordered arrival).
            ago = app.now() - closed + 0.080
            early = await phone.wait("ack", id=await answer(phone, 0, "Успели", ago_s=ago))
            assert early["code"] == 200

    run(play())
    w = app.engine.state.fmt
    assert find(w.typed, 1, 0).text == "Успели" and find(w.typed, 1, 0, late=True).text == "Поздний ответ"
    assert [line["late"] for line in journal_answers(app)] == [True, False]
    # The journal file replayed from the start lands on the same answers (a resume, an export).
    loaded = Journal.read(app.journal.path, str(app.config.path))
    again = Engine(make_format(app.config), loaded.seed)
    again.replay(loaded.commands)
    assert again.state.fmt.typed == w.typed and again.state.fmt.closed == w.closed


def test_an_answer_sent_earlier_but_arriving_later_does_not_replace_the_later_one(rig):  # noqa: F811
    app = rig()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[2], offset_ms=7.1e10) as phone:
            await phone.wait("synced")
            for _ in range(2):
                app.submit(c.Go(at=app.now()))
            await phone.wait("state", phase="answer")
            second = await answer(phone, 0, "Второй", ago_s=0.02)
            first = await answer(phone, 0, "Первый", ago_s=0.15)  # its thumb was earlier; it comes after
            assert (await phone.wait("ack", id=second))["code"] == 200
            assert (await phone.wait("ack", id=first))["code"] == 200

    run(play())
    assert find(app.engine.state.fmt.typed, 2, 0).text == "Второй"


def test_a_bad_answer_is_400_and_one_for_a_question_not_asked_is_409_in_words(rig):  # noqa: F811
    app = rig()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[0]) as phone:
            await phone.wait("synced")
            app.submit(c.Go(at=app.now()))
            await phone.wait("state", phase="answer")
            assert (await phone.wait("ack", id=await answer(phone, 0, "   ")))["code"] == 400
            phone.next_id += 1
            await phone.ws.send_str(json.dumps({"t": "answer", "id": phone.next_id, "question": 0, "text": "я" * 501,
                                                "c": phone.clock()}))
            assert (await phone.wait("ack", id=phone.next_id))["code"] == 400
            refused = await phone.wait("ack", id=await answer(phone, 7, "Наугад"))
            assert refused["code"] == 409 and refused["message"] == "Сейчас нет вопроса 8, на который можно ответить"

    run(play())
    assert journal_answers(app) == []


def test_the_finals_answers_come_from_the_finalists_phones(rig, tmp_path):  # noqa: F811
    """«Своя игра»: each finalist types the answer during the final's thinking time; the host sees it when
    judging; one typed after the time is «поздно»."""
    app = rig(path=phones_final_show(tmp_path))
    fmt = app.format
    seat_teams = sorted(s.team for s in app.web.seats.values())
    to_final_question(app)
    final = app.engine.state.fmt.final
    theme = fmt.final_theme(app.engine.state.fmt.final)
    seat = urls(app)[seat_teams.index(final.order[0])] if final.order[0] in seat_teams else None
    assert seat is not None

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, seat, offset_ms=1e9) as phone:
            await phone.wait("synced")
            shown = await phone.wait("state", phase="answer")
            assert shown["answer"]["question"] == theme
            assert (await phone.wait("ack", id=await answer(phone, theme, "Борщ")))["code"] == 200
            app.submit(c.Go(at=app.now()))  # the clock
            app.submit(c.Go(at=app.now()))  # the reveal: the time to answer is over
            assert (await phone.wait("ack", id=await answer(phone, theme, "Щи")))["code"] == 409

    run(play())
    typed = app.engine.state.fmt.final.typed
    assert find(typed, final.order[0], theme).text == "Борщ"
    assert find(typed, final.order[0], theme, late=True).text == "Щи"


def test_a_written_quiz_phone_is_no_button_and_its_idle_screen_says_when_to_type(rig):  # noqa: F811
    app = rig()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, urls(app)[0]) as phone:
            hello = await phone.wait("hello")
            assert hello["buttons"] is False  # the page sends no press on a tap
            idle = await phone.wait("state", phase="idle")
            assert idle["prompt"] == "Ответ можно написать, когда на экране вопрос"

    run(play())
