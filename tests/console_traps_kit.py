"""Helpers, fixtures and constants that several test files share, first written for
tests/display/console/test_traps.py."""

from __future__ import annotations

from pathlib import Path

import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.conftest import svoyak_config


def submit(app: ShowApp, cmd: c.Command) -> None:
    out = app.submit(cmd)
    assert out.accepted, (cmd, out.refused)


def svoyak_at_the_stakes(tmp_path: Path) -> ShowApp:
    """«Своя игра» with Анна 300, Борис 200, Вера 100, at the final's stakes."""
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    e, at = app.engine, 1.0
    for team, points in enumerate((300, 200, 100)):
        submit(app, c.ScoreSet(at=at, team=team, points=points))
    while e.state.phase != "final_themes":
        submit(app, sc.EndRound(at=at) if app.format.next_action(e.state).key == "next.pick_cell" else c.Go(at=at))
        at += 1
    theme = 0
    while e.state.phase == "final_themes":
        out = app.submit(sc.FinalRemove(at=at, theme=theme))
        theme += 1
        if out.accepted and app.format.next_action(e.state).key == "next.stakes":
            submit(app, c.Go(at=at))
    assert e.state.phase == "final_stakes"
    return app


def frame(app: ShowApp, at: float = 1.0) -> pygame.Surface:
    app.pump_views()
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, at, app.status, None)
    return surface


def next_line(app: ShowApp, at: float = 1.0) -> str:
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    frame(app, at)
    app.console.text.fit = fit
    return next(text for text in drawn if text.startswith("ДАЛЕЕ"))
