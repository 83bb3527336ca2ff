"""`/quiz/view/replay i 0/1 [i back]` (docs/osc.md): the buzz replay from a desk, over real UDP on 127.0.0.1,
journalled like the key R; arguments that do not fit are a 400 that says what was expected."""

from __future__ import annotations

import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.osc_desk import Desk


@pytest.fixture
def show(tmp_path):
    path = tmp_path / "svoyak.yaml"
    path.write_text(f'''title: "OSC"
format: svoyak
pack: "{ROOT / "packs" / "svoyak-demo.yaml"}"
teams:
  - {{name: "Анна"}}
  - {{name: "Борис"}}
devices:
  osc:
    listen: "127.0.0.1:7400"
''', encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    app = ShowApp(config, journal_path=tmp_path / "svoyak.jsonl", fresh=True, sound=False, devices=False, osc=True,
                  osc_port=0)
    app.go_live()  # as the window loop does: OSC inputs are applied as they arrive
    desk = Desk()
    desk.send(app.osc.address, "/quiz/reply/all", 1)
    yield app, desk, app.osc.address
    app.running = False
    app.close()
    desk.close()


def reply(desk: Desk, address: str) -> tuple:
    found = desk.wait_for("/quiz/reply", where=lambda args: args[0] == address)
    desk.got.clear()
    return found[2:]


def test_a_desk_shows_the_replay_goes_back_and_takes_it_off(show):
    app, desk, to = show
    desk.send(to, "/quiz/view/replay", 1)
    assert reply(desk, "/quiz/view/replay") == (200, "ok")
    assert app.engine.state.view.replay == 0
    assert isinstance(app.engine.entries[-1].command, c.ViewReplay)  # journalled, as every input
    desk.send(to, "/quiz/view/replay", 1, 2)
    assert reply(desk, "/quiz/view/replay") == (200, "ok")
    assert app.engine.state.view.replay == 2
    desk.send(to, "/quiz/view/replay", 0.0)  # a whole float is an i (TouchOSC)
    assert reply(desk, "/quiz/view/replay") == (200, "ok")
    assert app.engine.state.view.replay is None
    desk.send(to, "/quiz/view/replay", True)  # T/F as a flag (Companion)
    assert reply(desk, "/quiz/view/replay") == (200, "ok")
    assert app.engine.state.view.replay == 0


@pytest.mark.parametrize("args, says", [
    ((), "expects i 0/1"),
    ((2,), "expects i 0/1"),
    ((1, -1), "expects i back (whole numbers from 0 to 999)"),
    ((1, 1.5), "expects i back"),
    ((1, "x"), "expects i back"),
    ((1, 2, 3), "expects i 0/1"),
])
def test_arguments_that_do_not_fit_are_refused_at_the_door(show, args, says):
    app, desk, to = show
    desk.send(to, "/quiz/view/replay", *args)
    code, text = reply(desk, "/quiz/view/replay")
    assert code == 400 and says in text, text
    assert app.engine.state.view.replay is None
