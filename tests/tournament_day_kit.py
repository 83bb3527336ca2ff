"""Helpers, fixtures and constants that several test files share, first written for
tests/display/event/test_tournament_day.py."""

from __future__ import annotations

from pathlib import Path

import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.event import day as D
from quizshow.formats.tournament import model as m
from tests.tournament_kit import SEED001, SEED004, config


def day_app(tmp_path: Path, path: Path = SEED004) -> ShowApp:
    return ShowApp(config(path), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def submit(app: ShowApp, cmd: c.Command) -> None:
    out = app.submit(cmd)
    assert out.accepted, (cmd, out.refused)


def drawn(app: ShowApp) -> list[str]:
    """Every text the console draws in one frame."""
    texts: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (texts.append(text), fit(text, *a, **k))[1]
    try:
        app.pump_views()
        app.console.render(pygame.Surface((1280, 800)), 50.0, app.status)
    finally:
        app.console.text.fit = fit
    return texts


def after_the_draw(tmp_path: Path) -> ShowApp:
    """Seed 004 with its twelve numbers drawn: the group stage's schedule on the console."""
    app = day_app(tmp_path)
    for k in range(12):
        submit(app, c.Go(at=1 + k * 0.1))
    return app


def seed001_after_the_draw(tmp_path: Path) -> ShowApp:
    """Seed 001 with the melee entered by hand, the opponent picked and every number drawn."""
    app = day_app(tmp_path, SEED001)
    submit(app, m.Enter(at=1, fixture="M0", order="3,1,2"))
    submit(app, m.Pick(at=2, team=5))
    at = 3.0
    while D.draw_stage(app.runtime.state.fmt.day) == "lot":
        submit(app, c.Go(at=at))
        at += 0.1
    return app


def journal(app: ShowApp) -> list[str]:
    app.pump_views()
    return [line[1] for line in app.console.journal]
