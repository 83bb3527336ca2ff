"""QA round 3, item 7: a Next that shows a question or the board says where it went in the journal («Далее:
вопрос 2», «Далее: табло, раунд 1»), never the vague «Далее: следующий шаг»."""

from __future__ import annotations

from pathlib import Path

from quizshow.app import ShowApp
from quizshow.core import commands as c
from tests.conftest import ROOT, svoyak_config


def _app(tmp_path: Path, show: str) -> ShowApp:
    return ShowApp(svoyak_config(ROOT / "shows" / show), journal_path=tmp_path / "j.jsonl", fresh=True,
                   sound=False, seed=9, web=False)


def _next(app: ShowApp, times: int = 1) -> list[str]:
    """Next pressed `times` times: the journal line each press wrote."""
    lines = []
    for i in range(times):
        out = app.submit(c.Go(at=1.0 + i))
        assert out.accepted, out.refused
        lines.append(app.console.journal[-1][1])
    return lines


def test_brainring_next_to_the_first_question_names_the_question(tmp_path):
    app = _app(tmp_path, "brainring.yaml")
    try:
        (line,) = _next(app)
        assert line == "Далее: вопрос 1 · перед вопросом", line  # a match has no rounds (QA wave 6)
    finally:
        app.close()


def test_svoyak_next_to_the_board_says_the_board(tmp_path):
    app = _app(tmp_path, "svoyak.yaml")
    try:
        assert _next(app, 2) == ["Далее: начат раунд 1", "Далее: табло, раунд 1"]
    finally:
        app.close()


def test_a_next_that_opens_a_question_says_which_rather_than_that_the_clock_runs(tmp_path):
    app = _app(tmp_path, "demo.yaml")
    try:
        assert _next(app, 3)[-1] == "Далее: раунд 1, вопрос 2"
    finally:
        app.close()


def test_melee_next_says_the_tables_and_the_question(tmp_path):
    app = _app(tmp_path, "melee.yaml")
    try:
        assert _next(app, 3) == ["Далее: столы", "Далее: вопрос 1", "Далее: вопрос 1 · столы"]
    finally:
        app.close()


def test_no_next_in_any_show_reads_next_step(tmp_path):
    for show in ("brainring.yaml", "svoyak.yaml", "melee.yaml", "written.yaml", "duel.yaml", "demo.yaml"):
        app = _app(tmp_path / show, show)
        try:
            for i in range(4):
                if not app.submit(c.Go(at=1.0 + i)).accepted:
                    break
                assert not app.console.journal[-1][1].endswith("следующий шаг"), (show, app.console.journal[-1])
        finally:
            app.close()
