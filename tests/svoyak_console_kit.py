"""Helpers, fixtures and constants that several test files share, first written for
tests/display/svoyak/test_svoyak_console.py."""

from __future__ import annotations

from pathlib import Path

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.event_file import load_any
from quizshow.formats.svoyak import commands as sc
from quizshow.yamlfile import Problems


def app_of(path: Path, tmp_path: Path) -> ShowApp:
    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems.errors, problems.items
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def to_board(app: ShowApp, chooser: int = 0) -> None:
    assert app.submit(c.Go(at=1.0)).accepted
    if app.engine.state.fmt.chooser != chooser:
        assert app.submit(sc.PickTeam(at=1.5, team=chooser)).accepted
    assert app.submit(c.Go(at=2.0)).accepted


def cell_of(app: ShowApp, kind: str) -> tuple[int, int]:
    rnd = app.format.game.rounds[app.engine.state.fmt.round]
    return next(cell for cell in sorted(rnd.cells) if rnd.question(cell).type == kind)
