"""Helpers, fixtures and constants that several test files share, first written for
tests/inputs/osc/test_osc_access.py."""

from __future__ import annotations

import time

from tests.osc_desk import Desk

PASSCODE = '    passcode: "zebra"\n'


def replies(desk: Desk, seconds: float = 0.3) -> list[tuple]:
    desk.pump(seconds)
    return [args for addr, args in desk.got if addr == "/quiz/reply"]


def score_becomes(app, team: int, points: int, timeout: float = 2.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.engine.state.teams[team].score == points:
            return True
        time.sleep(0.02)
    return False
