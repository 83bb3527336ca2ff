"""The console after issue 14 (issue 16): uneven themes of a YAML pack, empty cells, many teams, journal
words, host notes (real console frames at 1280×800, pixels and buttons checked)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.yamlfile import Problems

SIQ = Path("/work/shared/siq")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


def show_app(tmp_path: Path, show: str, **files: str) -> ShowApp:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "show.yaml").write_text(show, encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert config is not None and not problems.errors, problems.items
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def render(app: ShowApp, size: tuple[int, int] = (1280, 800)) -> pygame.Surface:
    surface = pygame.Surface(size)
    assert app.console.render(surface, app.clock.now(), app.status) is not False
    return surface


def test_the_console_board_of_a_yaml_pack_whose_themes_differ_in_length(tmp_path):
    """Uneven themes are legal (SIGame packs): a YAML theme of 2 questions beside one of 1 gave an
    IndexError on every console frame. The shorter theme has no button where it has no question."""
    pack = ('title: t\nrounds:\n  - name: r\n    themes:\n      - name: a\n        questions:\n'
            '          - {q: "Один", a: "1"}\n          - {q: "Два", a: "2"}\n'
            '      - name: b\n        questions:\n          - {q: "Три", a: "3"}\n')
    app = show_app(tmp_path, "title: t\nformat: svoyak\npack: p.yaml\nteams: [{name: А}, {name: Б}]\n",
                   **{"p.yaml": pack})
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        assert app.engine.state.phase == "board"
        render(app)
        cells = {call.args for _, call in app.console.buttons if call.name == "cell"}
        assert cells == {(0, 0), (0, 1), (1, 0)}
    finally:
        app.close()


def test_an_empty_cell_on_the_console_board_shows_as_played_with_no_value_and_no_phrase_key(tmp_path):
    """SIGameTest-v4.siq has empty cells (price −1): the console showed «1100 console.kind_empty»."""
    app = show_app(tmp_path, f"title: t\nformat: svoyak\npack: {SIQ / 'SIGameTest-v4.siq'}\n"
                   "teams: [{name: А}, {name: Б}]\n")
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        rnd = app.format.game.rounds[app.engine.state.fmt.round]
        themes, columns = rnd.size
        holes = {(t, q) for t in range(themes) for q in range(len(rnd.round.themes[t].questions))} - rnd.cells
        assert holes, "the pack has empty cells"
        render(app)
        labels: list[str] = []
        original = app.console.text.fit

        def spy(text, *args, **kwargs):
            labels.append(text)
            return original(text, *args, **kwargs)

        app.console.text.fit = spy  # type: ignore[method-assign]
        render(app)
        assert not [text for text in labels if "console." in text], labels
        cells = {call.args for _, call in app.console.buttons if call.name == "cell"}
        assert not cells & holes  # nothing to open there
    finally:
        app.close()
