"""Helpers, fixtures and constants that several test files share, first written for
tests/display/brainring/test_ring_console.py."""

from __future__ import annotations

from tests.brainring_display_kit import BRAINRING_SHOW
from tests.conftest import svoyak_config


def _ring_app(tmp_path, show: str = "brainring.yaml"):
    from quizshow.app import ShowApp

    return ShowApp(svoyak_config(BRAINRING_SHOW.parent / show), journal_path=tmp_path / "j.jsonl", fresh=True,
                   sound=False, seed=9)
