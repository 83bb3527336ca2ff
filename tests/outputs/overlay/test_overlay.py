"""Issue 26, the broadcast overlay: its snapshot (a pure view of the state, a test per secret it must not
carry) and its feed (real WebSocket clients on 127.0.0.1, port 0: scores changed by submitted commands
and over the real OSC server; everything waits on messages, never on sleeps)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest
from pythonosc.udp_client import SimpleUDPClient

from quizshow import registry
from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.spec import SPEC as SVOYAK
from quizshow.house_words import show_words
from quizshow.outputs.overlay.snapshot import OverlayShow, snapshot
from quizshow.packs.model import Question, Round, Theme
from quizshow.yamlfile import Problems
from tests import svoyak_kit as kit
from tests.conftest import closed_at_end, ok
from tests.phones_kit import show_file
from tests.svoyak_rules_kit import final_engine, to_board

# The show's words, as its composition root builds them: the house's and «Своя игра»'s.
SHOW = OverlayShow("Своя игра", show_words("ru", SVOYAK.phrases, refusals=SVOYAK.refusals),
                   ("#e5484d", "#2fbf71", "#4a8cff", "#ffb020"))
SECRET_ANSWER = "Пенициллин Флеминга"
SECRET_NOTE = "Скажите: подсказка только для ведущего"
SECRET_COMMENT = "Комментарий автора вопроса"


def snap(e: Engine, now: float = 0.0, show: OverlayShow = SHOW) -> dict:
    return snapshot(e.state, e.format, show, now)


def noted_engine() -> Engine:
    """A board whose first question has an answer, a host's note and a comment nobody in the hall sees."""
    secret = Question(q="Что открыл Александр Флеминг в 1928 году?", a=SECRET_ANSWER, accept=("антибиотик",),
                      comment=SECRET_COMMENT, host=SECRET_NOTE, author="Автор Авторов")
    themes = (Theme(name="Медицина", questions=(secret, kit.question("м2"))),
              Theme(name="Кино", questions=(kit.question("к1"), kit.question("к2"))))
    game = kit.pack(Round(name="Раунд", themes=themes, values=(10, 30)), kit.final_round(), kit.reserve())
    e = kit.engine(game, teams=4)
    to_board(e)
    return e


# --- the snapshot: what it carries ----------------------------------------------------------------------------


def test_the_snapshot_has_the_specs_fields_teams_in_the_projectors_colours():
    e = kit.engine(kit.specials_pack(), teams=4)
    s = snap(e)
    assert {"t", "title", "phase", "round", "question", "teams", "clock"} <= s.keys()
    assert s["t"] == "snapshot" and s["title"] == "Своя игра" and s["clock"] is None
    assert [t["name"] for t in s["teams"]] == ["Анна", "Борис", "Вера", "Глеб"]
    assert [t["number"] for t in s["teams"]] == [1, 2, 3, 4]
    assert [t["colour"] for t in s["teams"]] == list(SHOW.colours)
    assert not any(t["answering"] or t["out"] for t in s["teams"])
    json.dumps(s)  # one JSON object, as sent


def test_the_round_line_names_the_board_theme_and_what_the_question_is_worth():
    e = noted_engine()
    ok(e, sc.SelectCell(at=2, theme=1, question=1))
    s = snap(e)
    assert (s["round"], s["question"]) == ("Раунд 1", "Кино · 30 очков")
    english = snap(e, show=OverlayShow("Jeopardy", SHOW.words.into("en"), ()))
    assert (english["round"], english["question"]) == ("Round 1", "Кино · 30 points")


def test_who_answers_is_marked_and_a_wrong_team_is_out_of_the_question():
    e = noted_engine()
    ok(e, sc.SelectCell(at=2, theme=0, question=0))
    ok(e, c.Buzz(at=4, team=2))
    s = snap(e, now=4)
    assert [t["answering"] for t in s["teams"]] == [False, False, True, False]
    ok(e, c.Judge(at=5, correct=False))
    s = snap(e, now=5)
    assert s["teams"][2]["out"] and s["teams"][2]["score"] == -10
    assert not any(t["answering"] for t in s["teams"])


def test_the_clock_says_whether_it_runs_what_is_left_and_of_what():
    e = noted_engine()
    ok(e, sc.SelectCell(at=2, theme=0, question=0))
    ok(e, c.TimerStart(at=10))
    clock = snap(e, now=12)["clock"]
    assert clock["running"] and clock["total_s"] == e.state.timer.duration
    assert clock["left_s"] == pytest.approx(e.state.timer.duration - 2)


def test_a_blanked_projector_blanks_the_overlay():
    e = noted_engine()
    assert snap(e)["blank"] is False
    ok(e, c.ViewBlank(at=2, on=True))
    assert snap(e)["blank"] is True


# --- the snapshot: what it never carries (one test a secret) --------------------------------------------------


def test_the_snapshot_never_carries_the_answer_nor_the_question_text():
    e = noted_engine()
    ok(e, sc.SelectCell(at=2, theme=0, question=0))
    text = json.dumps([snap(e, now=2), snap(e, now=3)], ensure_ascii=False)
    for secret in (SECRET_ANSWER, "антибиотик", "Флеминг"):
        assert secret not in text


def test_the_snapshot_never_carries_the_hosts_notes_nor_the_comment():
    e = noted_engine()
    ok(e, sc.SelectCell(at=2, theme=0, question=0))
    ok(e, c.Buzz(at=4, team=1))
    ok(e, c.Judge(at=5, correct=True))  # the answer is on the projector now: still no notes on the stream
    text = json.dumps(snap(e, now=6), ensure_ascii=False)
    for secret in (SECRET_NOTE, SECRET_COMMENT, "Автор Авторов"):
        assert secret not in text


def test_a_secret_final_stake_changes_nothing_in_the_snapshot():
    e = final_engine([0, 40, 25])
    e.format.setup = replace(e.format.setup, flags=SVOYAK.flags)  # as the show assembles it: the phases' flags
    for theme in range(4):
        ok(e, sc.FinalRemove(at=7, theme=theme))
    ok(e, c.Go(at=8))
    before = snap(e, now=9)
    ok(e, sc.FinalStake(at=9, team=1, amount=37))
    ok(e, sc.FinalStake(at=9, team=2, amount=23))
    after = snap(e, now=9)
    assert after == before  # not a stake, not even that one was entered
    assert "37" not in json.dumps(after) and "23" not in json.dumps(after)
    ok(e, c.Go(at=10))  # the question
    assert snap(e, now=10)["round"] == "Финал: вопрос"  # past the rounds: the final names itself
    ok(e, c.Go(at=11))  # its clock
    ok(e, c.Go(at=20))  # the reveal begins: Вера's answer is shown, her stake is not yet judged
    assert [t["score"] for t in snap(e, now=20)["teams"]] == [0, 40, 25]
    ok(e, c.Judge(at=21, correct=False))  # judged on the projector: now the score may move
    assert [t["score"] for t in snap(e, now=21)["teams"]] == [0, 40, 2]


def test_a_written_quiz_mark_reaches_the_overlay_only_with_the_results_table():
    from tests import written_kit as wk

    e = wk.engine(teams=3, the_pack=wk.pack(tours=(2, 2)))
    show = OverlayShow("ЧГК", show_words("ru", registry.spec("written").phrases), ())
    wk.go(e, 0.0)  # the first question
    t = 1.0
    t = wk.play_question(e, t)
    wk.mark(e, 0, 1, 2)  # the first question's sheets marked while the hall looks at its answer
    assert [team.score for team in e.state.teams] == [0, 1, 1]
    assert [team["score"] for team in snap(e, show=show)["teams"]] == [0, 0, 0]
    wk.go(e, t)
    t = wk.play_question(e, t + 1)
    wk.mark(e, 1, 1)
    assert [team["score"] for team in snap(e, show=show)["teams"]] == [0, 0, 0]
    ok(e, c.ViewScores(at=t, on=True))  # the operator puts the scores on the projector: now they are shown
    assert [team["score"] for team in snap(e, show=show)["teams"]] == [0, 2, 1]
    ok(e, c.ViewScores(at=t, on=False))
    wk.go(e, t)
    assert e.state.phase == "results"  # the table after tour 1
    assert [team["score"] for team in snap(e, show=show)["teams"]] == [0, 2, 1]
    wk.go(e, t + 1)  # tour 2's first question: tour 1's totals stay, tour 2's marks wait for their table
    t = wk.play_question(e, t + 2)
    wk.mark(e, 2, 0)
    assert [team["score"] for team in snap(e, show=show)["teams"]] == [0, 2, 1]


# --- the feed: real sockets ---------------------------------------------------------------------------------


def make_app(tmp_path: Path, extra: str = "", osc: bool = False, web_extra: str = "") -> ShowApp:
    path = show_file(tmp_path, 3, extra)
    if web_extra:
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace('web: {listen: "127.0.0.1:8080"}',
                                     'web: {listen: "127.0.0.1:8080", ' + web_extra + '}'), encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    app = ShowApp(config, journal_path=tmp_path / "overlay.jsonl", fresh=True, sound=False, devices=False,
                  web=True, web_port=0, osc=osc, osc_port=0 if osc else None)
    assert app.web is not None and app.web.overlay is not None
    app.go_live()
    return app


@pytest.fixture
def rig(tmp_path):
    yield from closed_at_end(lambda **kw: make_app(tmp_path, **kw))


class Reader:
    """An overlay reader: every snapshot it receives, in order."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session, self.url = session, url
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()

    async def __aenter__(self) -> Reader:
        self.ws = await self.session.ws_connect(self.url)
        self.task = asyncio.ensure_future(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()
        self.task.cancel()

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                await self.inbox.put(json.loads(msg.data))

    async def next(self, t: str = "snapshot") -> dict:
        while True:
            data = await asyncio.wait_for(self.inbox.get(), 10)
            if data["t"] == t:
                return data


def url(app: ShowApp, path: str, scheme: str = "ws") -> str:
    host, port = app.web.address
    return f"{scheme}://{host}:{port}{path}"


def test_a_reader_gets_a_snapshot_on_connect_and_one_after_every_change_seq_growing_by_one(rig):
    app = rig()

    async def go() -> None:
        async with aiohttp.ClientSession() as session, Reader(session, url(app, "/overlay/ws")) as reader:
            hello = await reader.next("hello")
            assert hello["lang"] == "ru" and hello["words"]["answering"] == "Отвечает"
            first = await reader.next()
            assert [t["score"] for t in first["teams"]] == [0, 0, 0]
            assert first["teams"][0]["name"] == "Ёжики в тумане"
            app.submit(c.ScoreAdd(at=app.now(), team=1, points=30))
            second = await reader.next()
            assert second["seq"] == first["seq"] + 1 and [t["score"] for t in second["teams"]] == [0, 30, 0]
            app.submit(c.Go(at=app.now()))  # the first question: its round line
            third = await reader.next()
            assert third["seq"] == second["seq"] + 1 and third["question"] and third["phase"] != first["phase"]
            await reader.ws.send_str(json.dumps({"t": "press"}))  # read-only: nothing a reader says is heard
            app.submit(c.ScoreAdd(at=app.now(), team=0, points=10))
            fourth = await reader.next()
            assert fourth["seq"] == third["seq"] + 1 and [t["score"] for t in fourth["teams"]] == [10, 30, 0]
            assert app.engine.state.presses.first is None

    asyncio.run(go())


def test_a_score_changed_over_osc_reaches_every_overlay_reader(rig):
    app = rig(osc=True)
    osc_host, osc_port = app.osc.address

    async def go() -> None:
        async with aiohttp.ClientSession() as session, Reader(session, url(app, "/overlay/ws")) as a, \
                Reader(session, url(app, "/overlay/ws")) as b:
            start = [await a.next(), await b.next()]
            SimpleUDPClient(osc_host, osc_port).send_message("/quiz/team/3/score/add", 40)
            for reader, first in zip((a, b), start, strict=True):
                got = await reader.next()
                assert got["seq"] == first["seq"] + 1 and got["teams"][2]["score"] == 40

    asyncio.run(go())


def test_a_reader_outside_overlay_allow_is_refused_403_and_one_inside_reads(rig, tmp_path):
    refused_app = rig(web_extra='overlay_allow: ["10.20.30.0/24"]')

    async def go() -> None:
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.WSServerHandshakeError) as why:
                await session.ws_connect(url(refused_app, "/overlay/ws"))
            assert why.value.status == 403
            async with session.get(url(refused_app, "/overlay", "http")) as page:
                assert page.status == 403

    asyncio.run(go())
    refused_app.close()
    (tmp_path / "b").mkdir()
    allowed = make_app(tmp_path / "b", web_extra='overlay_allow: ["192.168.1.0/24", "127.0.0.1"]')
    try:
        async def read() -> None:
            async with aiohttp.ClientSession() as session, Reader(session, url(allowed, "/overlay/ws")) as reader:
                assert (await reader.next())["seq"] >= 1
                async with session.get(url(allowed, "/overlay?layout=scores", "http")) as page:
                    assert page.status == 200 and "overlay.js" in await page.text()

        asyncio.run(read())
    finally:
        allowed.close()


def test_an_overlay_allow_that_is_not_an_address_is_reported_with_its_line(tmp_path):
    path = show_file(tmp_path, 2)
    text = path.read_text(encoding="utf-8").replace('web: {listen: "127.0.0.1:8080"}',
                                                    'web:\n    listen: "127.0.0.1:8080"\n'
                                                    '    overlay_allow: ["studio-pc/24"]')
    path.write_text(text, encoding="utf-8")
    problems = Problems()
    load_show(path, problems)
    messages = [str(p) for p in problems.items]
    assert any("overlay_allow" in m and "studio-pc/24" in m and f"{path.name}:" in m for m in messages), messages


def test_the_overlay_page_and_its_theme_come_from_the_show_not_the_internet(rig):
    app = rig()

    async def go() -> None:
        async with aiohttp.ClientSession() as session:
            for path in ("/overlay", "/static/overlay.js", "/static/overlay.css", "/overlay/theme.css"):
                async with session.get(url(app, path, "http")) as answer:
                    assert answer.status == 200, path
                    body = await answer.text()
                    assert "http://" not in body and "https://" not in body, path
            async with session.get(url(app, "/overlay/theme.css", "http")) as answer:
                css = await answer.text()
                assert "--accent: #ffc83d" in css and 'url("/overlay/font/heading")' in css
            async with session.get(url(app, "/overlay/font/heading", "http")) as font:
                assert font.status == 200 and len(await font.read()) > 10_000
            async with session.get(url(app, "/overlay?layout=sideways", "http")) as bad:
                assert bad.status == 400 and "scores, clock, lower" in await bad.text()

    asyncio.run(go())
