"""Helpers, fixtures and constants that several test files share, first written for
tests/display/test_undo_climax.py."""

from __future__ import annotations

from pathlib import Path

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.conftest import svoyak_config


def submit(app: ShowApp, cmd: c.Command) -> None:
    out = app.submit(cmd)
    assert out.accepted, (cmd, out.refused)


def svoyak_shootout_won(tmp_path: Path) -> ShowApp:
    """«Своя игра» played to its end: nobody scored, so all three play the shoot-out; Анна answers the
    shoot-out's first question, nobody the next three, and she wins («ПОБЕДИТЕЛЬ»)."""
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    e, at = app.engine, 1.0
    while e.state.phase != "shootout":
        submit(app, sc.EndRound(at=at) if app.format.next_action(e.state).key == "next.pick_cell" else c.Go(at=at))
        at += 1
    for question in range(4):
        submit(app, c.Go(at=at))  # the shoot-out's question
        submit(app, c.Go(at=at + 1))  # read: the window opens
        if question == 0:
            submit(app, c.Buzz(at=at + 2, team=0))
            submit(app, c.Judge(at=at + 3, correct=True))
        else:
            submit(app, c.Tick(at=at + 200))
        at += 300
    submit(app, c.Go(at=at))
    assert e.state.phase == "end" and app.format.winner(e.state) == [0]
    return app


def prompt(app: ShowApp) -> str:
    app.pump_views()
    return app.status.prompt[0] if app.status.prompt else ""
