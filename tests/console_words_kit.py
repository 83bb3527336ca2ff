"""Helpers, fixtures and constants that several test files share, first written for
tests/display/console/test_words.py."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.display.console.words import describe
from tests.conftest import ROOT, svoyak_config, words_of

SHOTS = os.environ.get("W6_SHOTS")  # a folder: each test's console saved there as a PNG to look at


def _app(tmp_path: Path, show: str) -> ShowApp:
    return ShowApp(svoyak_config(ROOT / "shows" / show), journal_path=tmp_path / "j.jsonl", fresh=True,
                   sound=False, seed=9, web=False)


def _ok(app: ShowApp, cmd: c.Command) -> None:
    out = app.submit(cmd)
    assert out.accepted, out.refused


def _last(app: ShowApp) -> str:
    return app.console.journal[-1][1]


def _in_english(app: ShowApp) -> str:
    """The last journal line in the English phrase table."""
    entry = app.console._line_of[-1][0]
    state = app.engine.state
    return describe(entry, [t.name for t in state.teams], words_of(app.format, "en"), app.spec.journal_words,
                    app.format, [t.players for t in state.teams])


def _drawn_whole(app: ShowApp, line: str, name: str) -> list[str]:
    """Render the console at 1280×800: the journal's newest line `line` is laid out whole (not cut) and no
    button label is cut. Returns every text drawn (the undo button's label among them)."""
    app.pump_views()
    text = app.console.text
    layouts: list[tuple[str, bool]] = []
    drawn: list[str] = []
    layout, fit = text.layout, text.fit

    def recording_layout(words: str, *args, **kwargs):
        found = layout(words, *args, **kwargs)
        layouts.append((words, found.cut))
        return found

    text.layout = recording_layout
    text.fit = lambda words, *a, **k: (drawn.append(words), fit(words, *a, **k))[1]
    surface = pygame.Surface((1280, 800))
    try:
        app.console.render(surface, 1.0, app.status, None)
    finally:
        del text.layout, text.fit
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(Path(SHOTS) / f"{name}.png"))
    assert any(line in words and not cut for words, cut in layouts), [w for w in layouts if line in w[0]]
    assert app.console.ui is not None and not app.console.ui.cut, app.console.ui.cut
    return drawn
