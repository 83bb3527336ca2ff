"""QA round 3, item 6: the undo button's label takes two lines at the console's smallest readable size or
larger (docs/console.md) — the melee's verdict after a split names the table by its colour there, not every
team seated at it — and so does every format's journal wording in it."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pygame
import pytest

from quizshow import registry
from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.house_words import show_words
from tests.conftest import ROOT, svoyak_config


def _app(tmp_path: Path, show: str = "melee.yaml") -> ShowApp:
    return ShowApp(svoyak_config(ROOT / "shows" / show), journal_path=tmp_path / "j.jsonl", fresh=True,
                   sound=False, seed=9, web=False)


def _undo_label(app: ShowApp) -> tuple[str, pygame.Rect]:
    """The undo button's label as the console drew it at 1280×800, and the button."""
    labels: list[str] = []
    text = app.console.text
    fit = text.fit

    def spy(words, *args, **kwargs):
        labels.append(words)
        return fit(words, *args, **kwargs)

    text.fit = spy
    try:
        app.pump_views()
        app.console.render(pygame.Surface((1280, 800)), 5.0, app.status, None)
    finally:
        text.fit = fit
    rect = max((r for r, call in app.console.buttons if call.name == "undo"), key=lambda r: r.width)
    undo = app.say("console.undo", what="").split(":")[0]
    return next((w for w in labels if w.startswith(undo) and w != undo), ""), rect


def _fits_two_lines(app: ShowApp, rect: pygame.Rect, label: str) -> bool:
    ui = app.console.ui
    assert ui is not None
    layout = ui.text.layout(label, "body", (rect.width - 8, rect.height - 2), int(ui.unit * 0.9), ui.min_px)
    return not layout.cut and len(layout.lines) <= 2 and layout.px >= ui.min_px


def test_melee_undo_after_a_verdict_takes_two_lines_at_a_readable_size(tmp_path):
    app = _app(tmp_path)
    try:
        for i, cmd in enumerate((c.Go, c.Go, lambda at: c.Buzz(at=at, team=0), lambda at: c.Judge(at=at, correct=True),
                                 c.Go)):
            out = app.submit(cmd(at=1.0 + i))
            assert out.accepted, out.refused
        label, rect = _undo_label(app)
        assert label.startswith("Отменить (2×): ") and "стол ответил верно" in label, label
        assert _fits_two_lines(app, rect, label), label
    finally:
        app.close()


class _Sample(dict):
    """Long but real values for a phrase's fields: a long team name, four teams at a table."""

    def __missing__(self, key: str) -> str:
        return {"team": "Тёмные лошадки", "name": "Тёмные лошадки", "who": "Атланты, Гамма, Омега, Сфинкс",
                "player": "Ирина Белова", "table": "Зелёный стол"}.get(key, "40")


def _said(table: dict[str, str], key: str) -> str:
    text = re.sub(r"\{(\w+)\|([^}]*)\}", lambda m: m[2].split("|")[-1], table[key])
    return string.Formatter().vformat(text, (), _Sample())


# The words of a verdict (Y / N) in each format: the step the QA undid after the picture had moved on.
VERDICTS = ("journal.correct", "journal.wrong", "journal.Judge", "journal.duel_right", "journal.duel_wrong",
            "melee.journal_right", "melee.journal_wrong", "melee.journal_red", "melee.journal_green",
            "journal.written_mark", "journal.written_unmark")


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_formats_journal_words_fit_the_undo_button_in_two_lines(tmp_path, language):
    """Each journal wording (the formats' own and the shared) as the undo button says it, in two lines at ≥ the
    smallest size, in its short form where it has one; a verdict's also as a far undo back to a question (a
    verdict after which the picture moved on: the QA's melee case)."""
    app = _app(tmp_path, "demo.yaml")
    try:
        _, rect = _undo_label(app)
        where = "вопрос 1 · ответ" if language == "ru" else "question 1 · answer"
        table = dict(show_words(language).phrases[language])  # the house's words
        for name in registry.names():  # every format's own words, not only the demo's
            table.update(registry.spec(name).phrases.get(language, {}))
        keys = [k for k in table if not k.startswith("console.") and not k.endswith(".brief")
                and (k.startswith("journal.") or ".journal" in k)]
        assert "melee.journal_right" in keys and "journal.Tally" in keys  # the formats' own words are there
        too_long = []
        for key in keys:
            what = _said(table, f"{key}.brief" if f"{key}.brief" in table else key)
            verdict = key in VERDICTS
            for template in ("console.undo", "console.undo_far_button") if verdict else ("console.undo",):
                label = show_words(language).say(template, what=what, where=where)
                if not (_fits_two_lines(app, rect, f"{label} (Ctrl+Z)") or _fits_two_lines(app, rect, label)):
                    too_long.append(label)
        assert not too_long, too_long
    finally:
        app.close()
