"""Helpers, fixtures and constants that several test files share, first written for
tests/runtime/test_phone_buzzers.py."""

from __future__ import annotations

import pytest

from quizshow.config import load_show
from quizshow.yamlfile import Problems
from tests.conftest import closed_at_end
from tests.phones_kit import show_file, web_show


@pytest.fixture
def rig(tmp_path):
    def make(teams: int = 3):
        problems = Problems()
        config = load_show(show_file(tmp_path, teams), problems)
        assert config is not None and not problems.errors, [str(p) for p in problems.items]
        return web_show(config, tmp_path / "phones.jsonl")

    yield from closed_at_end(make)
