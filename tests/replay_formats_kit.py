"""Helpers, fixtures and constants that several test files share, first written for
tests/core/test_replay_formats.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from quizshow.core import commands as c
from quizshow.core.engine import Engine

Make = Callable[[float], c.Command]


def _play(make_engine: Callable[[], Engine], steps: list[Make]) -> None:
    live = make_engine()
    journalled: list[c.Command] = []
    at = 0.0
    for make in steps:
        at += 0.25
        cmd = make(at)
        at = max(at, cmd.at)
        before = live.state
        outcome = live.dispatch(cmd)
        if outcome.changed:  # exactly what the app writes to the journal
            journalled.append(c.from_json(c.to_json(cmd)))
        # Undoable as the format says (a tournament's Next that started a match is); a confirmed Undo
        # takes back a recorded result as well (formats without such steps treat it as a plain Undo).
        undoable = live.format.undo_rule(cmd, tuple(outcome.events))[0]
        if outcome.changed and undoable and not isinstance(cmd, (c.Undo, c.Back)):
            probe = make_engine()
            probe.replay(journalled)
            undone = probe.dispatch(c.Undo(at=at + 0.01, confirmed=True))
            # A step that stopped the running clock (a press) gives it back: it shows the time it showed
            # then and runs on from the undo. All else is exactly as before the step.
            held = Engine._held_at(before, outcome.state)
            assert undone.accepted and replace(probe.state, timer=before.timer) == before, \
                f"undo of {cmd} did not restore the state"
            if held is None:
                assert probe.state.timer == before.timer
            else:
                assert probe.state.timer.remaining(at + 0.01) == pytest.approx(before.timer.remaining(held))
    replayed = make_engine()
    replayed.replay(journalled)
    assert replayed.state == live.state
    assert [e.command for e in replayed.entries] == [e.command for e in live.entries]
