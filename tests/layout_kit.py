"""Helpers, fixtures and constants that several test files share, first written for
tests/display/console/test_layout.py."""

from __future__ import annotations

from pathlib import Path

from quizshow.app import ShowApp
from quizshow.event_file import load_any
from quizshow.yamlfile import Problems

ROOT = Path(__file__).resolve().parent.parent


def app_of(path: Path, tmp_path: Path, language: str | None = None) -> ShowApp:
    from dataclasses import replace

    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems.errors, problems.items
    if language is not None:
        config = replace(config, language=language)
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
