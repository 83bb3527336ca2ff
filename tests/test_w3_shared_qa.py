"""Issue 22 (the written quiz, the demo and the shared console under Xvfb): what a host and an operator
tripped on — Next's keys, the demo's queued press, the far undo's words, the written journal lines, the
blank button, the demo's end and round card, cut texts."""

from __future__ import annotations

from pathlib import Path

import pygame

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from tests.conftest import ROOT, demo_config
from tests.test_w3_console_traps import frame, next_line
from tests.test_written_display import config as written_config

SHOW_12 = ROOT / "shows" / "written.yaml"


def written_app(tmp_path: Path) -> ShowApp:
    return ShowApp(written_config(SHOW_12), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9,
                   devices=False)


def drawn_texts(app: ShowApp, at: float = 1.0) -> list[str]:
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    frame(app, at)
    app.console.text.fit = fit
    return drawn


# --- 1. Next offers no key the active panel takes ---------------------------------------------------------


def test_written_next_line_offers_no_arrow_the_grid_takes(tmp_path):
    app = written_app(tmp_path)
    app.key(pygame.K_PAGEDOWN, 0, 1.0)  # the first question: the grid is shown and takes the arrows
    line = next_line(app, 2.0)
    assert "PgDn" in line and "стрелка" not in line
    before = app.engine.state.phase
    app.key(pygame.K_RIGHT, 0, 3.0)  # Right moves the grid's cursor, not the show
    assert app.engine.state.phase == before
    app.key(pygame.K_PAGEDOWN, 0, 4.0)  # PgDn, the key named, does the step
    assert app.engine.state.phase != before
    app.close()
