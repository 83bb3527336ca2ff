"""Helpers, fixtures and constants that several test files share, first written for
tests/inputs/osc/test_osc.py."""

from __future__ import annotations

import time

import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core.clock import SYSTEM
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.osc_desk import Desk


def show(tmp_path, fmt: str = "svoyak", osc: str = "") -> object:
    pack = ROOT / "packs" / ("svoyak-demo.yaml" if fmt == "svoyak" else "brainring-demo.yaml")
    path = tmp_path / f"{fmt}.yaml"
    teams = '''  - {name: "Анна", players: ["А1", "А2", "А3", "А4", "А5"], captain: "А1"}
  - {name: "Борис", players: ["Б1", "Б2", "Б3", "Б4", "Б5"], captain: "Б1"}
''' + ('  - {name: "Вера"}\n' if fmt == "svoyak" else "")
    path.write_text(f'''title: "OSC"
format: {fmt}
pack: "{pack}"
teams:
{teams}devices:
  osc:
    listen: "127.0.0.1:7400"
{osc}''', encoding="utf-8")
    return path


@pytest.fixture
def rig(tmp_path):
    made = []

    def make(fmt: str = "svoyak", osc: str = "", clock=SYSTEM):
        """The show listening on port 0; `clock` is its machine time (a test may drive its own)."""
        problems = Problems()
        config = load_show(show(tmp_path, fmt, osc), problems)
        assert config is not None and not problems.errors, [str(p) for p in problems.items]
        app = ShowApp(config, journal_path=tmp_path / f"{fmt}.jsonl", fresh=True, sound=False, devices=False,
                      osc=True, osc_port=0, clock=clock)
        app.go_live()  # as the window loop does: OSC inputs are applied as they arrive
        desk = Desk()
        made.append((app, desk))
        return app, desk, app.osc.address

    yield make
    for app, desk in made:
        app.running = False
        app.close()
        desk.close()


_GO_SEQ = iter(range(1, 1_000_000))


def go(desk: Desk, to) -> None:
    """Next, handled before we go on: the show answers a ping after everything sent before it, so the
    0.32 s that must pass before another /quiz/go counts from when the show took this one, not when it left."""
    desk.send(to, "/quiz/go")
    settled(desk, to)
    time.sleep(0.32)  # the minimum interval between two /quiz/go


def settled(desk: Desk, to) -> None:
    """Wait until the show has handled everything this desk sent (it answers a ping in order). A show too busy
    to take the ping within its bound says so (429, docs/osc.md): the desk asks again, as a desk would."""
    for _ in range(5):
        mark, since = next(_GO_SEQ), len(desk.got)
        desk.send(to, "/quiz/ping", mark)
        address, args = desk.first_since(since, lambda address, args, mark=mark: (
            address == "/quiz/out/pong" and args == (mark,)) or (
            address == "/quiz/reply" and args[:1] == ("/quiz/ping",) and 429 in args))
        if address == "/quiz/out/pong":
            return
    raise AssertionError(f"the show stayed busy; got {desk.got[-12:]}")
