"""A phone lights «ЖМИ!» exactly when its tap would be taken (issue 35, items 1–2): the rebound after a wrong
answer is open to a phone that pressed before; an auction, a cat, a sponsor question and another player's answer
leave every other phone dark, with the reason. Real shows (the shipped files), real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio

import aiohttp

from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.phones_kit import FakePhone, phone_app, seat_url, with_phones

YOZH, BORIS, VERA = 0, 1, 2  # shows/phones.yaml: «Ёжики в тумане», «Борис» (phones), «Вера» (a key)


def step(app, cmd: c.Command) -> None:
    out = app.submit(cmd)
    assert out.accepted, (cmd, out.refused)


def to_board(app) -> None:
    step(app, c.Go(at=app.now()))  # the first round's card
    step(app, c.Go(at=app.now()))  # the board


async def tap(phone: FakePhone) -> dict:
    return await phone.wait("ack", id=await phone.press())


def test_the_rebound_after_a_wrong_answer_is_open_to_a_phone_that_pressed_before(tmp_path):
    """The issue's repro: «Кино 10», Next, tap Борис then Ёжики, N — Ёжики's phone lights again and its tap
    answers (it used to stay on «Нажатие принято · вы вторые» and the window ran out)."""
    app = phone_app(tmp_path, "phones.yaml", keys_too=True)

    async def play() -> None:
        async with aiohttp.ClientSession() as session, \
                FakePhone(session, seat_url(app, YOZH)) as yozh, FakePhone(session, seat_url(app, BORIS)) as boris:
            await asyncio.gather(yozh.wait("synced"), boris.wait("synced"))
            to_board(app)
            step(app, sc.SelectCell(at=app.now(), theme=3, question=0))  # «Кино», 10
            step(app, c.Go(at=app.now()))  # read: the window opens
            await asyncio.gather(yozh.wait("state", can_press=True), boris.wait("state", can_press=True))
            assert (await tap(boris))["code"] == 200
            await boris.wait("state", phase="answering")  # said once no earlier press can come
            late = await tap(yozh)  # after Борис's press
            step(app, c.Judge(at=app.now(), correct=False))  # «Это неправильный ответ»: a fresh window
            lit = await yozh.wait("state", can_press=True)
            assert lit["phase"] == "open"
            assert (await tap(yozh))["code"] == 200
            await yozh.wait("state", phase="answering")
            assert app.engine.state.answering == YOZH
            # That tap came too late for Борис's answer (a wrong one opens a fresh window): refused, and said why.
            assert late["code"] == 409 and late["message"] == "Отвечает Борис"

    try:
        asyncio.run(play())
    finally:
        app.close()


def test_brain_ring_wants_a_fresh_press_after_a_wrong_answer_and_the_phone_offers_it(tmp_path):
    app = phone_app(tmp_path, "brainring.yaml")

    async def play() -> None:
        async with aiohttp.ClientSession() as session, \
                FakePhone(session, seat_url(app, 0)) as alpha, FakePhone(session, seat_url(app, 1)) as beta:
            await asyncio.gather(alpha.wait("synced"), beta.wait("synced"))
            for cmd in (c.Go, c.Announce):
                step(app, cmd(at=app.now()))
            dark = await beta.wait("state", can_press=False)  # a tap now is a false start: no «ЖМИ!»
            assert dark["phase"] == "idle"
            step(app, c.TimerStart(at=app.now()))
            await asyncio.gather(alpha.wait("state", can_press=True), beta.wait("state", can_press=True))
            assert (await tap(alpha))["code"] == 200
            await alpha.wait("state", phase="answering")
            late = await tap(beta)
            step(app, c.Judge(at=app.now(), correct=False))
            assert (await beta.wait("state", can_press=True))["phase"] == "open"
            assert (await tap(beta))["code"] == 200
            await beta.wait("state", phase="answering")
            assert late["code"] == 409  # too late for Альфа's answer: a fresh press was needed, and it came

    try:
        asyncio.run(play())
    finally:
        app.close()


def test_no_phone_is_lit_in_an_auction_a_cat_a_sponsor_question_or_while_another_answers(tmp_path):
    """Every phone of «Своя игра» through the specials: dark with the reason whenever its tap would be refused,
    and its tap then refused with the same words."""
    app = phone_app(tmp_path, "phones.yaml")  # all three on phones
    names = [t.name for t in app.engine.state.teams]

    async def dark(phones: list[FakePhone], who: list[int], words: str | None = None) -> None:
        for i in who:
            state = await phones[i].wait("state", **({"prompt": words} if words else {"can_press": False}))
            assert (state["phase"], state["can_press"]) == ("idle", False), (names[i], state)
            ack = await tap(phones[i])
            assert ack["code"] == 409 and (words is None or ack["message"] == words), (names[i], ack)

    async def play(phones: list[FakePhone]) -> None:
        to_board(app)
        chooser = app.engine.state.fmt.chooser
        others = [t for t in range(3) if t != chooser]
        # The auction: nobody presses; the bidder gets the stake screen, the others the reason.
        step(app, sc.SelectCell(at=app.now(), theme=0, question=3))
        await phones[chooser].wait("state", phase="stake")
        await dark(phones, others, "Вопрос-аукцион: отвечает тот, кто выиграет торги")
        step(app, sc.Bid(at=app.now(), team=chooser, amount=40))
        for _ in others:
            if app.engine.state.phase == "auction":
                step(app, sc.Pass(at=app.now(), team=app.engine.state.fmt.auction.current))
        assert app.engine.state.phase == "answering"  # the bidder answers alone
        await phones[chooser].wait("state", phase="answering")
        await dark(phones, others, f"На этот вопрос отвечает только {names[chooser]}")
        step(app, c.Judge(at=app.now(), correct=True))
        step(app, c.Go(at=app.now()))  # the board
        # The cat: nobody presses; the one it is given to chooses its value, then answers alone.
        step(app, sc.SelectCell(at=app.now(), theme=2, question=2))
        await dark(phones, [0, 1, 2], "Кот в мешке: отвечает тот, кому его отдали")
        receiver = others[0]
        step(app, sc.GiveCat(at=app.now(), team=receiver))
        await phones[receiver].wait("state", phase="stake")
        rest = [t for t in range(3) if t != receiver]
        await dark(phones, rest, f"На этот вопрос отвечает только {names[receiver]}")
        step(app, sc.CatValue(at=app.now(), value=app.format.cat_options(app.engine.state)[0]))
        await phones[receiver].wait("state", phase="answering")
        await dark(phones, rest, f"На этот вопрос отвечает только {names[receiver]}")
        step(app, c.Judge(at=app.now(), correct=True))
        step(app, c.Go(at=app.now()))
        # The sponsor's question: the chooser answers alone.
        step(app, sc.SelectCell(at=app.now(), theme=1, question=3))
        solo = app.engine.state.fmt.solo
        rest = [t for t in range(3) if t != solo]
        await dark(phones, rest, f"На этот вопрос отвечает только {names[solo]}")
        step(app, c.Go(at=app.now()))
        await phones[solo].wait("state", phase="answering")
        await dark(phones, rest, f"На этот вопрос отвечает только {names[solo]}")
        step(app, c.Judge(at=app.now(), correct=True))
        step(app, c.Go(at=app.now()))
        # A regular question: while one answers, the others' phones are dark and say who answers.
        step(app, sc.SelectCell(at=app.now(), theme=3, question=1))
        step(app, c.Go(at=app.now()))
        await asyncio.gather(*(p.wait("state", can_press=True) for p in phones))
        assert (await tap(phones[0]))["code"] == 200
        await phones[0].wait("state", phase="answering")
        await dark(phones, [1, 2], f"Отвечает {names[0]}")

    with_phones(app, [0, 1, 2], play)


def test_a_phones_tap_during_the_line_check_is_taken_by_it_and_the_game_is_untouched(tmp_path):
    """«Проверка кнопок»: a phone's tap lights its team's panel, as a box's does, and the phone hears it was taken
    (it was answered «not taken», in English, as a refusal)."""
    app = phone_app(tmp_path, "phones.yaml", keys_too=True)
    app.hardware.toggle_line_check()

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, seat_url(app, BORIS)) as boris:
            await boris.wait("synced")
            assert (await tap(boris))["code"] == 200

    try:
        asyncio.run(play())
    finally:
        app.close()
    assert BORIS in app.hardware.last_press  # its panel lit
    assert not any(isinstance(entry.command, c.Buzz) for entry in app.engine.entries)
