"""Disputes and appeals in the written quiz (MAII rules 1.5–1.6, docs/written.md): a disputed answer keeps its text
until the game jury turns it into 1 or 0; an upheld appeal counts an answer or removes a question for every team;
every step journalled in Russian and English, undone exactly; the jury's rulings over OSC on a real UDP socket."""

from __future__ import annotations

import pytest

from quizshow.core import commands as c
from quizshow.core.actions import registry_for
from quizshow.display.console.words import describe
from quizshow.formats.written import commands as wc
from quizshow.formats.written.rating import upload_rows
from quizshow.formats.written.spec import SPEC, journal_words
from quizshow.inputs.osc.args import Rejected
from quizshow.inputs.osc.routes import route
from quizshow.runtime.osc.link import format_call
from tests.conftest import ROOT, words_of
from tests.osc_desk import Desk, osc_show
from tests.written_kit import engine, go, mark, play_question


def _played(teams: int = 4, questions: int = 2):
    e = engine(teams)
    t = 1.0
    for _ in range(questions):
        while e.state.phase in ("title", "answer", "results"):
            go(e, t)
        t = play_question(e, t)
    return e, t


def _ok(e, command):
    out = e.dispatch(command)
    assert out.accepted, out.refused
    return out


def test_a_disputed_answer_waits_for_the_jury_which_turns_it_into_1_or_0():
    e, t = _played()
    mark(e, 0, 0, at=t)
    _ok(e, wc.Dispute(at=t, team=1, number=0, text="  Пётр   Первый "))
    w = e.state.fmt
    assert w.dispute_of(1, 0).text == "Пётр Первый" and w.awaiting() and w.awaiting(1) and not w.awaiting(0)
    assert [x.score for x in e.state.teams] == [1, 0, 0, 0]  # the cell keeps its mark meanwhile
    assert upload_rows(e.format, e.state, False)[1:][[r[1] for r in upload_rows(e.format, e.state, False)[1:]]
                                                       .index("Бета")][3] == "Пётр Первый"
    out = _ok(e, wc.Verdict(at=t, team=1, number=0, accepted=True))
    assert [x.score for x in e.state.teams] == [1, 1, 0, 0] and not e.state.fmt.awaiting()
    assert [(ev.team, ev.points) for ev in out.events] == [(1, 1)]
    _ok(e, wc.Verdict(at=t, team=1, number=0, accepted=False))  # the jury corrects itself: 0 again
    assert e.state.teams[1].score == 0
    refused = e.dispatch(wc.Dispute(at=t, team=1, number=0, text="другой"))
    assert not refused.accepted and "ruled on this answer already" in refused.refused
    assert "not disputed" in e.dispatch(wc.Verdict(at=t, team=2, number=0, accepted=True)).refused
    assert "needs its text" in e.dispatch(wc.Dispute(at=t, team=2, number=0, text="  ")).refused
    assert "not been played" in e.dispatch(wc.Dispute(at=t, team=2, number=5, text="x")).refused


def test_an_upheld_appeal_on_the_question_removes_it_for_everyone_and_undo_puts_it_back():
    e, t = _played(4, 2)
    mark(e, 0, 0, 1, at=t)
    mark(e, 1, 2, at=t)
    _ok(e, wc.Appeal(at=t, team=3, number=0, kind="question", text="ошибка в условии"))
    assert e.state.fmt.awaiting(3)
    before = e.state
    out = _ok(e, wc.AppealVerdict(at=t, team=3, number=0, upheld=True))
    assert e.state.fmt.removed == {0} and [x.score for x in e.state.teams] == [0, 0, 1, 0]
    assert sorted((ev.team, ev.points) for ev in out.events) == [(0, -1), (1, -1)]
    figures = e.format.figures(e.state)
    assert [(f.taken, f.of, f.removed) for f in figures] == [(2, 4, True), (1, 4, False)]
    assert [r[3] for r in upload_rows(e.format, e.state, False)[1:]] == ["X"] * 4
    assert "removed already" in e.dispatch(wc.Appeal(at=t, team=2, number=0, kind="answer", text="x")).refused
    _ok(e, c.Undo(at=t))
    assert e.state == before


def test_an_upheld_appeal_on_an_answer_counts_it_and_a_rejected_one_changes_nothing():
    e, t = _played(3, 1)
    _ok(e, wc.Appeal(at=t, team=0, number=0, kind="answer", text="Нева — ответ точен"))
    _ok(e, wc.Appeal(at=t, team=1, number=0, kind="answer", text="Ладога"))
    _ok(e, wc.AppealVerdict(at=t, team=1, number=0, upheld=False))
    _ok(e, wc.AppealVerdict(at=t, team=0, number=0, upheld=True))
    assert [x.score for x in e.state.teams] == [1, 0, 0]
    assert [(a.team, a.upheld) for a in e.state.fmt.appeals] == [(0, True), (1, False)]
    assert "no appeal on question" in e.dispatch(wc.AppealVerdict(at=t, team=1, number=0, upheld=True)).refused


def test_the_places_wait_while_a_dispute_or_appeal_does():
    e, t = _played(3, 1)
    assert not e.state.fmt.awaiting()
    _ok(e, wc.Appeal(at=t, team=2, number=0, kind="answer", text="…"))
    assert e.state.fmt.awaiting() and e.state.fmt.awaiting(2) and not e.state.fmt.awaiting(0)


@pytest.mark.parametrize(("command", "ru", "en"), [
    (wc.Dispute(at=0, team=1, number=0, text="Пётр I"), "Бета: вопрос 1.1 — спорный ответ «Пётр I»",
     "Бета: question 1.1 disputed: «Пётр I»"),
    (wc.Verdict(at=0, team=1, number=0, accepted=True), "Бета: вопрос 1.1 — жюри засчитало спорный ответ",
     "Бета: question 1.1, the jury accepted the disputed answer"),
    (wc.Verdict(at=0, team=1, number=0, accepted=False), "Бета: вопрос 1.1 — жюри не засчитало спорный ответ",
     "Бета: question 1.1, the jury did not accept the disputed answer"),
    (wc.Appeal(at=0, team=1, number=0, kind="answer", text="точно"),
     "Бета: апелляция на зачёт ответа, вопрос 1.1: «точно»",
     "Бета: appeal to accept the answer, question 1.1: «точно»"),
    (wc.Appeal(at=0, team=1, number=0, kind="question", text="ошибка"),
     "Бета: апелляция на снятие вопроса 1.1: «ошибка»",
     "Бета: appeal to remove question 1.1: «ошибка»"),
    (wc.AppealVerdict(at=0, team=1, number=0, upheld=True), "Бета: апелляция по вопросу 1.1 удовлетворена",
     "Бета: the appeal on question 1.1 is upheld"),
    (wc.AppealVerdict(at=0, team=1, number=0, upheld=False), "Бета: апелляция по вопросу 1.1 отклонена",
     "Бета: the appeal on question 1.1 is rejected"),
])
def test_each_step_is_journalled_in_russian_and_english(command, ru, en):
    from quizshow.core.engine import Entry

    e, _ = _played(2, 1)
    entry = Entry(command, ())
    names = [x.name for x in e.state.teams]
    assert describe(entry, names, words_of(e.format), journal_words, e.format) == ru
    assert describe(entry, names, words_of(e.format, "en"), journal_words, e.format) == en


def test_the_console_and_osc_name_a_question_by_its_column_in_the_rating_table():
    """`question` counts the scored questions in play order: the warm-up has none (the builder gives the game's
    own number), and the OSC route counts from 1."""
    e, t = _played(3, 2)
    actions = registry_for(SPEC.actions)
    from quizshow.core.actions import ActionContext

    cmd = actions.build(c_call("dispute_verdict", 1, 1, True), ActionContext(e.state, t, SPEC.presets["written"]))
    assert cmd == wc.Verdict(at=t, team=1, number=1, accepted=True)
    routed = route("/quiz/team/2/verdict", (12, 1))
    assert routed is not None and routed.call == c_call("dispute_verdict", 1, 11, True)
    routed = route("/quiz/team/1/appeal/verdict", (3.0, False))
    assert routed is not None and routed.call == c_call("appeal_verdict", 0, 2, False)
    routed = route("/quiz/team/3/dispute", (2, "Толстой"))
    assert routed is not None and routed.call == c_call("dispute", 2, 1, "Толстой")
    for address, args in (("/quiz/team/1/verdict", (0, 1)), ("/quiz/team/1/verdict", (2,)),
                          ("/quiz/team/1/verdict", (2, 5)), ("/quiz/team/1/dispute", (2, 3))):
        with pytest.raises(Rejected) as why:
            route(address, args)
        assert why.value.code == 400
    call = format_call("dispute", [2, 0, "Ответ"], actions, {a.name for a in SPEC.actions})
    assert call == c_call("dispute", 1, 0, "Ответ")


def c_call(name: str, *args: object):
    from quizshow.core.actions import Call

    return Call(name, tuple(args))


@pytest.fixture
def written_show(tmp_path):
    path = tmp_path / "written.yaml"
    path.write_text(f'''title: "OSC"
format: written
pack: "{ROOT / "packs" / "written-demo.yaml"}"
teams: [{{name: "Совы"}}, {{name: "Кактус"}}, {{name: "Ежи"}}]
devices:
  osc: {{listen: "127.0.0.1:7400"}}
''', encoding="utf-8")
    yield from osc_show(path, tmp_path / "written.jsonl")


def _reply(desk: Desk, address: str) -> tuple:
    args = desk.wait_for("/quiz/reply", where=lambda a: a[0] == address)
    desk.got.clear()
    return tuple(args[2:])


def test_the_jury_rules_over_osc_and_the_journal_keeps_it(written_show):
    app, desk, to = written_show
    desk.send(to, "/quiz/reply/all", 1)
    e = app.engine
    for _ in range(2):  # the title, then question 1 and its minute, run out on the show clock
        app.call(c_call("go"), app.clock.now(), "console")
    app.submit(c.Tick(at=app.clock.now() + 100))
    app.submit(c.Tick(at=app.clock.now() + 200))
    assert e.state.phase == "answer", e.state.phase
    desk.send(to, "/quiz/team/3/verdict", 1, 1)
    assert _reply(desk, "/quiz/team/3/verdict")[0] == 409  # not disputed yet: the engine's words
    desk.send(to, "/quiz/team/3/dispute", 1, "Нева")
    assert _reply(desk, "/quiz/team/3/dispute") == (200, "ok")
    desk.send(to, "/quiz/team/3/verdict", 1, 1)
    assert _reply(desk, "/quiz/team/3/verdict") == (200, "ok")
    assert e.state.teams[2].score == 1
    kinds = [type(entry.command) for entry in e.entries]
    assert kinds[-2:] == [wc.Dispute, wc.Verdict]
    desk.send(to, "/quiz/team/9/verdict", 1, 1)
    assert _reply(desk, "/quiz/team/9/verdict")[0] == 404
