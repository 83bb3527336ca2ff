"""Helpers, fixtures and constants that several test files share, first written for
tests/inputs/osc/test_duel_osc.py."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tests.osc_desk import osc_show


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
    yield from osc_show(path, tmp_path / "duel.jsonl")
