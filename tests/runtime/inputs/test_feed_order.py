"""The feed keeps a batch in its order: a desk's buzz followed by its verdict, taken together (queued while the
lock was busy, or before the show went live), is judged after the press, never before it; presses taken
together still go in the order of their own times."""

from __future__ import annotations

from quizshow.app import Action, ShowApp
from quizshow.core.actions import Call
from quizshow.event_file import load_any
from quizshow.inputs.messages import OscRequest
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

DESK = ("127.0.0.1", 9)


def _demo_with_osc(tmp_path) -> tuple[ShowApp, list[tuple[str, int]]]:
    config = load_any(ROOT / "shows" / "demo.yaml", Problems())
    assert config is not None
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False, osc=True,
                  osc_port=0)
    replies: list[tuple[str, int]] = []
    assert app.osc is not None
    app.osc.reply = lambda sender, address, code, text="": replies.append((address, code))  # type: ignore[method-assign]
    app.action(Action("go", app.now(), "console", ()))
    app.drain()
    return app, replies


def test_a_verdict_taken_with_the_press_before_it_judges_that_press(tmp_path):
    app, replies = _demo_with_osc(tmp_path)
    try:
        at = app.now()
        assert app.osc is not None
        app.osc.submit(OscRequest(DESK, "/quiz/team/2/buzz", Call("buzz", (1,)), at))
        app.osc.submit(OscRequest(DESK, "/quiz/judge/correct", Call("correct", ()), at + 0.01))
        app.drain()
        assert replies == [("/quiz/team/2/buzz", 200), ("/quiz/judge/correct", 200)]
        assert app.engine.state.teams[1].score > 0 and app.engine.state.answering is None
    finally:
        app.close()


def test_presses_taken_together_still_go_by_their_own_times(tmp_path):
    app, replies = _demo_with_osc(tmp_path)
    try:
        at = app.now()
        assert app.osc is not None
        app.osc.submit(OscRequest(DESK, "/quiz/team/3/buzz", Call("buzz", (2,)), at + 0.02))
        app.osc.submit(OscRequest(DESK, "/quiz/team/1/buzz", Call("buzz", (0,)), at))
        app.drain()
        assert app.engine.state.answering == 0  # the earlier press, though it came second
    finally:
        app.close()
