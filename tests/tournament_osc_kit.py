"""Helpers, fixtures and constants that several test files share, first written for
tests/inputs/osc/test_tournament_osc.py."""

from __future__ import annotations

import pytest

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.event_file import load_any
from quizshow.yamlfile import Problems
from tests.tournament_kit import SEED004

PASSCODE = "стол-2"


@pytest.fixture
def app(tmp_path):
    text = SEED004.read_text(encoding="utf-8").replace('listen: "127.0.0.1:7400"',
                                                      f'listen: "127.0.0.1:7400"\n    passcode: "{PASSCODE}"')
    text = text.replace("../packs/", str(SEED004.parent.parent / "packs") + "/")
    path = tmp_path / "day.yaml"
    path.write_text(text, encoding="utf-8")
    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    made = ShowApp(config, journal_path=tmp_path / "day.jsonl", fresh=True, sound=False, devices=False, osc=True,
                   osc_port=0, seed=4)
    made.go_live()
    for k in range(12):
        made.runtime.submit(c.Go(at=1 + k * 0.1))  # the draw
    yield made
    made.running = False
    made.close()
