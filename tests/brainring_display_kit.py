"""Helpers, fixtures and constants that several test files share, first written for
tests/display/brainring/test_brainring_display.py."""

from __future__ import annotations

import pytest

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.display.theme import load_theme
from quizshow.formats.brainring import commands as bc
from tests.conftest import ROOT, svoyak_config

BRAINRING_SHOW = ROOT / "shows" / "brainring.yaml"


def config():
    return svoyak_config(BRAINRING_SHOW)


def engine(**rules):
    from quizshow.assemble import make_format
    from quizshow.core.engine import Engine

    cfg = config()
    fmt = make_format(cfg)
    fmt.rules = {**fmt.rules, **rules}
    return Engine(fmt, 3)


@pytest.fixture(scope="module")
def theme():
    return load_theme(config().theme)


def walk():
    return [
        ("title", []),
        ("ready", [c.Go(at=1), bc.SinglePlayer(at=2, team=1, player=2)]),
        ("attention", [c.Announce(at=10)]),
        ("false start", [c.Buzz(at=11, team=1)]),
        ("clock", [c.TimerStart(at=12), c.Tick(at=20)]),
        ("answering", [c.Buzz(at=21, team=0, player=3)]),
        ("wrong, clock on", [c.Judge(at=22, correct=False)]),
        ("reveal", [c.Tick(at=80)]),
        ("next", [c.Go(at=81), c.Announce(at=90), c.TimerStart(at=91), c.Tick(at=140)]),
        ("result", [c.Tick(at=160), c.Go(at=161)] + [cmd for k in range(3) for cmd in (
            c.Announce(at=200 + k * 50), c.TimerStart(at=201 + k * 50), c.Buzz(at=203 + k * 50, team=1),
            c.Judge(at=204 + k * 50, correct=True), c.Go(at=205 + k * 50))]),
    ]


def _app(tmp_path) -> ShowApp:
    return ShowApp(config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
