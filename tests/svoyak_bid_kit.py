"""Helpers, fixtures and constants that several test files share, first written for
tests/display/svoyak/test_auction_opener.py."""

from __future__ import annotations

from pathlib import Path

import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.conftest import ROOT, svoyak_config

NOMINAL = 40


def auction_opened(tmp_path: Path, opener_score: int) -> ShowApp:
    """The demo pack's auction (theme 1, question 4: nominal 40) opened by Вера with `opener_score`."""
    app = ShowApp(svoyak_config(ROOT / "shows" / "svoyak.yaml"), journal_path=tmp_path / "j.jsonl", fresh=True,
                  sound=False, seed=9, web=False)
    at = 1.0
    while app.engine.state.phase != "board":
        assert app.submit(c.Go(at=at)).accepted
        at += 1.0
    for team, points in enumerate((10, 0, opener_score)):
        assert app.submit(c.ScoreSet(at=at, team=team, points=points)).accepted
    assert app.submit(sc.SelectCell(at=at + 1, theme=0, question=3)).accepted
    auction = app.engine.state.fmt.auction
    assert app.engine.state.phase == "auction" and auction.opener == 2 and app.engine.state.fmt.value == NOMINAL
    return app


def frame(app: ShowApp, at: float) -> list[str]:
    """The texts of one real console frame."""
    said: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (said.append(text), fit(text, *a, **k))[1]
    try:
        app.pump_views()
        app.console.render(pygame.Surface((1280, 800)), at, app.status)
    finally:
        app.console.text.fit = fit
    return said
