"""QA wave 6, the console's words: the journal (and the undo button) names who did what — the duel's choice of
who leaves, the «Брейн-ринг» answerer named by the captain —, the cat in the bag is worth nothing until its
receiver chooses, «Своя игра»'s final is «финал», never «раунд 3», and a tie prompt only when someone is tied.
Each new line is read as the operator sees it: drawn whole on the console at 1280×800 (SDL dummy)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.display.console_words import describe
from quizshow.formats.brainring import commands as bc
from tests.conftest import ROOT, svoyak_config
from tests.duel_kit import ALPHA, RED

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
    return describe(entry, [t.name for t in state.teams], "en", app.spec.journal_words, app.format,
                    [t.players for t in state.teams])


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


# --- 1. the duel: who chose and whom -----------------------------------------------------------------------

def test_the_duels_choice_names_who_chose_and_who_leaves(tmp_path):
    from tests.test_duel_display import duel_app

    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        for at in (2.0, 5.0):  # the red player of Альфа answers right twice in a row: they choose
            app.submit(c.Buzz(at=at, team=ALPHA, player=RED, source_time=at))
            app.action(Action("correct", at + 1))
            if at == 2.0:
                app.action(Action("go", 4.0))
        assert app.engine.state.phase == "choosing"
        chooser = app.engine.state.teams[ALPHA].players[RED]
        app.action(Action("duel_choose", 7.0, "console", (1,)))  # Бета's yellow player leaves
        gone = app.engine.state.teams[1].players[1]
        line = _last(app)
        assert line == f"{chooser} выбирает, кто выбывает: {gone}", line
        assert _in_english(app) == f"{chooser} chooses who leaves: {gone}"
        drawn = _drawn_whole(app, line, "duel_choice")
        assert any(t.startswith("Отменить:") and gone in t for t in drawn), drawn  # the undo button says it too
    finally:
        app.close()


# --- 2. «Брейн-ринг»: the answerer named by the captain ------------------------------------------------------

def test_the_brainring_answerer_the_captain_names_is_named_in_the_journal(tmp_path):
    app = _app(tmp_path, "brainring.yaml")
    try:
        for at in (1.0, 2.0, 3.0):  # ready, «Внимание! Вопрос!», «Время!»
            _ok(app, c.Go(at=at))
        _ok(app, c.Buzz(at=4.0, team=0))
        team = app.engine.state.teams[0]
        _ok(app, bc.SetAnswerer(at=5.0, team=0, player=2))
        line = _last(app)
        assert line == f"{team.name}: отвечает {team.players[2]}", line
        assert _in_english(app) == f"{team.name}: {team.players[2]} answers"
        _drawn_whole(app, line, "brainring_answerer")
    finally:
        app.close()
