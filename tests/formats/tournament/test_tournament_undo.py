"""QA 5, the tournament's undo (shows/tournament-001.yaml): after «Далее: вопрос 1» Ctrl+Z offered to take back
«Далее: начата «Куча мала»», but the two Nexts after it were re-applied from before the match — the
first started the match again — so the picture went back one step only, the journal struck the match start
and left «Далее: столы» and «Далее: вопрос 1» standing, and the button offered the same step again. A Next
that would now do something else goes with the step taken back: the button, the journal's strike-through and
the show name the same steps."""

from __future__ import annotations

from pathlib import Path

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from tests.tournament_day_kit import drawn, journal
from tests.tournament_kit import SEED001, config


def melee_at_question_1(tmp_path: Path) -> ShowApp:
    app = ShowApp(config(SEED001), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    before = app.engine.state.phase
    for at in (1.0, 2.0, 3.0):
        assert app.submit(c.Go(at=at)).accepted
    assert journal(app) == ["Далее: начата «Куча мала»", "Далее: столы", "Далее: вопрос 1"]
    app.before_match = before  # type: ignore[attr-defined]
    return app


def undo_label(app: ShowApp) -> str:
    return next(t for t in drawn(app) if t.startswith("Отменить") and t != "Отменить")


def struck(app: ShowApp) -> list[str]:
    app.pump_views()
    return [line[1] for line in app.console._undone]


def test_undoing_the_melee_start_takes_back_the_steps_its_button_names_and_strikes_them(tmp_path):
    app = melee_at_question_1(tmp_path)
    try:
        label = undo_label(app)
        assert label.startswith("Отменить (2×): Далее: начата «Куча мала»"), label
        assert "вернётся к: столы" not in label, label  # «столы» comes after the match start
        first = app.action(Action("undo", 10.0, "console"))  # the first press only asks
        assert first is not None and not first.changed and app.engine.state.phase == "melee_question"
        asked = app.status.prompt
        assert asked is not None and "Пропадут ещё 2 шага" in asked[0], asked
        done = app.action(Action("undo", 10.5, "console"))
        assert done is not None and done.accepted
        state = app.engine.state
        assert state.phase == app.before_match and state.fmt.match is None, state.phase  # before the melee
        assert struck(app) == ["Далее: начата «Куча мала»", "Далее: столы", "Далее: вопрос 1"]
        assert "начата «Куча мала»" not in undo_label(app)  # never the same step offered again
        assert app.submit(c.Go(at=11.0)).accepted  # Next starts the melee once more, journalled once
        assert journal(app)[-1] == "Далее: начата «Куча мала»"
        assert app.engine.state.fmt.match is not None
    finally:
        app.close()
