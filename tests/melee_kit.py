"""Helpers, fixtures and constants that several test files share, first written for
tests/formats/melee/test_melee.py."""

from __future__ import annotations

from quizshow.core.engine import Engine
from quizshow.core.format import Setup
from quizshow.core.state import Team
from quizshow.formats.melee.spec import SPEC


def melee(n: int = 7, seed: int = 3) -> Engine:
    return Engine(SPEC.make(Setup("Куча мала", tuple(Team(f"К{i + 1}", "") for i in range(n)), {})), seed)
