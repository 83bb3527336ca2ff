"""What each phone says, issue 35 items 5–8: a taken stake stays shown; the cat's value is one of its legal values;
the written quiz's marks reach a phone only with the projector's results; no misleading words (the author team's
own question, the final without buttons, a team's extra minute as its own clock shows it, an old join link).
Shipped shows, real sockets on 127.0.0.1; time driven by the commands' own times, never by sleeps."""

from __future__ import annotations

import asyncio

import aiohttp

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.written import commands as wc
from tests.phones_kit import FakePhone, phone_app, with_phones


def step(app: ShowApp, cmd: c.Command) -> None:
    out = app.submit(cmd)
    assert out.accepted, (cmd, out.refused)


async def stake(phone: FakePhone, value: int) -> dict:
    phone.next_id += 1
    await phone.ws.send_str(f'{{"t": "stake", "id": {phone.next_id}, "value": {value}}}')
    return await phone.wait("ack", id=phone.next_id)


# --- «Своя игра»: stakes ------------------------------------------------------------------------------------

def test_a_taken_bid_stays_on_the_phone_until_the_bidding_is_over(tmp_path):
    app = phone_app(tmp_path, "phones.yaml")

    async def play(phones: list[FakePhone]) -> None:
        step(app, c.Go(at=app.now()))
        step(app, c.Go(at=app.now()))
        for team in range(3):  # everyone can outbid a bid of 40
            step(app, c.ScoreSet(at=app.now(), team=team, points=200))
        opener = app.engine.state.fmt.chooser
        step(app, sc.SelectCell(at=app.now(), theme=0, question=3))  # the auction
        asked = await phones[opener].wait("state", phase="stake")
        assert asked["stake"]["kind"] == "bid" and asked["stake"]["choices"] == []
        assert (await stake(phones[opener], 40))["code"] == 200
        held = await phones[opener].wait("state", held=40)
        assert held["title"] == "Ваша ставка: 40" and held["phase"] == "idle"  # not an empty form, not gone
        nxt = app.engine.state.fmt.auction.current
        step(app, sc.Pass(at=app.now(), team=nxt))
        assert app.engine.state.phase == "auction"
        told = [m for m in phones[opener].seen if m["t"] == "state"]
        assert told[-1]["held"] == 40  # still shown while the others bid
        while app.engine.state.phase == "auction":
            step(app, sc.Pass(at=app.now(), team=app.engine.state.fmt.auction.current))
        done = await phones[opener].wait("state", phase="answering")
        assert done["held"] is None  # the bidding is over: the phase moved on

    with_phones(app, [0, 1, 2], play)


def test_a_finalists_stake_stays_shown_on_its_form_and_the_cats_value_is_one_of_its_own(tmp_path):
    app = phone_app(tmp_path, "phones.yaml")

    async def play(phones: list[FakePhone]) -> None:
        step(app, c.Go(at=app.now()))
        step(app, c.Go(at=app.now()))
        chooser = app.engine.state.fmt.chooser
        receiver = (chooser + 1) % 3
        step(app, sc.SelectCell(at=app.now(), theme=2, question=2))  # the cat
        step(app, sc.GiveCat(at=app.now(), team=receiver))
        cat = (await phones[receiver].wait("state", phase="stake"))["stake"]
        assert cat["kind"] == "catvalue" and cat["choices"] == [10, 40]  # the round's legal values, no «½»
        assert (await stake(phones[receiver], 20))["code"] == 409
        assert (await stake(phones[receiver], 40))["code"] == 200
        step(app, c.Judge(at=app.now(), correct=True))
        step(app, c.Go(at=app.now()))  # the board
        for team in range(3):  # everyone in the final
            step(app, c.ScoreSet(at=app.now(), team=team, points=300))
        while app.engine.state.phase != "final_themes":  # the rounds ended early
            if app.engine.state.phase == "board" and not app.format.round_over(app.engine.state.fmt):
                step(app, sc.EndRound(at=app.now()))
            step(app, c.Go(at=app.now()))
        # The final has no button: the phones say so, never «Кнопка загорится».
        themes = await phones[0].wait("state", prompt="В финале кнопок нет: ответ пишут")
        assert not themes["can_press"]
        while app.engine.state.phase == "final_themes":  # each removes a theme in turn, then Next
            removed = any(app.submit(sc.FinalRemove(at=app.now(), theme=theme)).accepted for theme in range(5))
            if not removed:
                step(app, c.Go(at=app.now()))
        assert app.engine.state.phase == "final_stakes"
        await phones[0].wait("state", phase="stake")
        assert (await stake(phones[0], 250))["code"] == 200
        kept = await phones[0].wait("state", held=250)
        assert kept["phase"] == "stake" and kept["stake"]["held"] == 250  # the form says what it holds

    with_phones(app, [0, 1, 2], play)


# --- the written quiz ---------------------------------------------------------------------------------------

class Quiz:
    """The written quiz driven by the commands' own times (a minute passes in one tick)."""

    def __init__(self, app: ShowApp) -> None:
        self.app, self.t = app, app.now()

    def at(self, seconds: float = 0.01) -> float:
        self.t = max(self.t + seconds, self.app.now())
        return self.t

    def question(self) -> None:  # the question on screen
        step(self.app, c.Go(at=self.at()))

    def minute_and_hand_in(self) -> None:
        step(self.app, c.Go(at=self.at()))  # the minute
        step(self.app, c.Tick(at=self.at(61)))  # over: the hand-in seconds
        step(self.app, c.Tick(at=self.at(11)))  # sheets in: the answer

    def answer(self) -> None:
        self.question()
        self.minute_and_hand_in()


def test_the_written_quizs_marks_reach_a_phone_only_with_the_projectors_results(tmp_path):
    app = phone_app(tmp_path, "written-phones.yaml")
    quiz = Quiz(app)

    async def play(phones: list[FakePhone]) -> None:
        owls = phones[0]
        quiz.answer()  # question 1.1 shown, its answer on screen
        for correct in (True, False, True):  # the operator marks, corrects, marks again
            step(app, wc.Mark(at=quiz.at(), team=0, number=0, correct=correct))
        assert app.engine.state.teams[0].score == 1
        for _ in range(9):  # the rest of tour 1
            step(app, c.Go(at=quiz.at()))
            quiz.minute_and_hand_in()
        step(app, c.Go(at=quiz.at()))  # the results table of tour 1
        assert app.engine.state.phase == "results"
        await owls.wait("state", score=1)
        scores = [m["score"] for m in owls.seen if m["t"] == "state"]
        assert scores[-1] == 1 and set(scores[:-1]) <= {0}  # 0 until the projector showed the table

    with_phones(app, [0], play)


def test_the_author_team_is_told_it_does_not_play_its_own_question_and_a_team_on_its_extra_minute_counts_it(
        tmp_path):
    app = phone_app(tmp_path, "written-phones.yaml")
    quiz = Quiz(app)

    async def play(phones: list[FakePhone]) -> None:
        owls, cactus = phones
        quiz.question()
        step(app, wc.ExtraMinute(at=quiz.at(), team=1))  # Кактус takes its extra minute on question 1.1
        step(app, c.Go(at=quiz.at()))  # the minute
        step(app, c.Tick(at=quiz.at(61)))  # the common minute is over: Кактус's own minute runs
        own = (await cactus.wait("state", phase="answer"))["answer"]
        while own.get("clock") != "extra_minute":
            own = (await cactus.wait("state", phase="answer"))["answer"]
        # The phone counts the minute the projector shows for that team, then the hand-in seconds by name.
        assert own["then"] == "hand_in" and abs(own["until_ms"] - own["clock_until_ms"] - 10_000) <= 50
        step(app, c.Tick(at=quiz.at(71)))  # its minute and hand-in are over: the answer is shown
        assert app.engine.state.phase == "answer"
        while app.engine.state.fmt.number < 9:  # on through tour 1...
            step(app, c.Go(at=quiz.at()))
            quiz.minute_and_hand_in()
        while app.engine.state.fmt.number < 10:  # ...its results, and tour 2
            step(app, c.Go(at=quiz.at()))
        assert app.engine.state.phase == "question"  # 2.1, sent in by Совы
        idle = await owls.wait("state", prompt="Совы: автор вопроса, его не играет")
        assert idle["phase"] == "idle" and idle["title"] == idle["prompt"]

    with_phones(app, [0, 1], play)


# --- an old join link --------------------------------------------------------------------------------------

def test_an_unknown_or_old_join_link_answers_a_page_in_the_shows_language(tmp_path):
    app = phone_app(tmp_path, "phones.yaml")
    host, port = app.web.address

    async def fetch() -> tuple[int, str, str]:
        async with aiohttp.ClientSession() as session, session.get(f"http://{host}:{port}/p/old-link") as page:
            return page.status, page.content_type, await page.text()

    try:
        status, kind, text = asyncio.run(fetch())
    finally:
        app.close()
    assert status == 404 and kind == "text/html"
    assert 'lang="ru"' in text and "Попросите ведущего показать новый код" in text
