"""Helpers, fixtures and constants that several test files share, first written for
tests/inputs/osc/test_duel_osc.py."""

from __future__ import annotations

import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.osc_desk import Desk


@pytest.fixture
def duel(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(f'''title: "OSC"
format: duel
pack: "{ROOT / "packs" / "duel-demo.yaml"}"
teams:
  - {{name: "Альфа", players: ["А1", "А2", "А3", "А4"], captain: "А4"}}
  - {{name: "Бета", players: ["Б1", "Б2", "Б3", "Б4"], captain: "Б4"}}
devices:
  osc:
    listen: "127.0.0.1:7400"
    cues:
      player/out: [{{to: "127.0.0.1:9", address: "/eos/cue/{{team}}{{player}}/fire"}}]
''', encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    app = ShowApp(config, journal_path=tmp_path / "duel.jsonl", fresh=True, sound=False, devices=False, osc=True,
                  osc_port=0)
    app.go_live()
    desk = Desk()
    yield app, desk, app.osc.address
    app.running = False
    app.close()
    desk.close()
