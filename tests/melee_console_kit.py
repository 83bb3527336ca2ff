"""Helpers, fixtures and constants that several test files share, first written for
tests/display/melee/test_melee_console.py."""

from __future__ import annotations

from quizshow.app import ShowApp
from tests.conftest import ROOT, svoyak_config


def _app(tmp_path, show: str = "melee.yaml") -> ShowApp:
    return ShowApp(svoyak_config(ROOT / "shows" / show), journal_path=tmp_path / "j.jsonl", fresh=True,
                   sound=False, seed=9)


def _key(app: ShowApp, key: int, at: float) -> None:
    app.key(key, 0, at)
    app.pump_views()
