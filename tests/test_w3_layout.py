"""Issue 22, layout on the console and the board: no button label is ever cut, the board keeps its place,
a 12-column board breaks no word or number, the written quiz's console, «Куча мала» on the console, the
written results' tabs (real console frames at 1280×800, buttons and pixels checked)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.core.actions import Call
from quizshow.display.console import CONSOLE_OWN
from quizshow.event_file import load_any
from quizshow.yamlfile import Problems

ROOT = Path(__file__).resolve().parent.parent
SIQ = Path("/work/shared/siq")
V4 = SIQ / "SIGameTest-v4.siq"


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


def app_of(path: Path, tmp_path: Path) -> ShowApp:
    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems.errors, problems.items
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def show_app(tmp_path: Path, show: str) -> ShowApp:
    (tmp_path / "show.yaml").write_text(show, encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert config is not None and not problems.errors, problems.items
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def render(app: ShowApp, at: float | None = None, size: tuple[int, int] = (1280, 800)) -> pygame.Surface:
    surface = pygame.Surface(size)
    app.console.render(surface, app.clock.now() if at is None else at, app.status)
    return surface


def cut_labels(app: ShowApp, at: float | None = None) -> list[str]:
    render(app, at)
    assert app.console.ui is not None
    return list(app.console.ui.cut)


# --- 12: no button label is ever cut ---------------------------------------------------------------------


@pytest.mark.parametrize("show", ["brainring.yaml", "svoyak.yaml", "written-40.yaml", "melee.yaml", "duel.yaml",
                                  "tournament-001.yaml"])
def test_walking_every_panel_of_a_show_cuts_no_button_label(tmp_path, show):
    """An operator's evening, seeded: Next, presses and clicks on whatever the console offers; on every
    frame each button's label is drawn whole (PanelUI.cut records one that would end in «…»)."""
    app = app_of(ROOT / "shows" / show, tmp_path)
    rng = random.Random(5)
    cut: dict[str, str] = {}
    try:
        at = 1.0
        for _ in range(80):
            for label in cut_labels(app, at):
                cut.setdefault(label, app.engine.state.phase)
            at += 1.0
            roll = rng.random()
            if roll < 0.3:
                app.submit(c.Go(at=at))
            elif roll < 0.45:
                app.submit(c.Buzz(at=at, team=rng.randrange(len(app.engine.state.teams))))
            else:
                buttons = [(r, call) for r, call in app.console.buttons
                           if call.name not in ("quit", "start_over", "help")]
                if buttons:
                    rect, call = rng.choice(buttons)
                    if call.name in CONSOLE_OWN:
                        app.console.click(rect.center)
                    else:
                        app.call(call, at, "console")
    finally:
        app.close()
    assert not cut, cut


def test_brainring_dispute_buttons_read_whole_when_a_wrong_answer_is_provisional(tmp_path):
    """«Неверно (предварительно)», both rulings, «Апелляция: принята» and «Апелляция: отклонена» side by side:
    each label whole, the two appeals told apart."""
    app = app_of(ROOT / "shows" / "brainring.yaml", tmp_path)
    try:
        for at in (1.0, 2.0, 3.0):
            app.submit(c.Go(at=at))
        app.submit(c.Buzz(at=5.0, team=0))
        app.call(Call("provisional", ()), 6.0, "console")
        app.submit(c.Buzz(at=7.0, team=1))
        for size in ((1280, 800), (1024, 768)):
            render(app, 8.0, size)
            assert app.console.ui is not None and not app.console.ui.cut, (size, app.console.ui.cut)
        labels = {call.args[1] for _, call in app.console.buttons if call.name == "disc"}
        assert {"appeal_accepted", "appeal_rejected"} <= labels
        assert any(call.name == "ruling" for _, call in app.console.buttons)
    finally:
        app.close()


# --- 8: the board keeps its place -----------------------------------------------------------------------


def v4_app(tmp_path: Path) -> ShowApp:
    return show_app(tmp_path, f"title: t\nformat: svoyak\npack: {V4}\nteams: [{{name: Анна}}, {{name: Борис}}]\n")


def cell_rects(app: ShowApp) -> dict[tuple, tuple[int, int, int, int]]:
    render(app)
    return {call.args: tuple(rect) for rect, call in app.console.buttons if call.name == "cell"}


def test_the_board_cells_keep_their_rectangles_before_and_after_a_question_with_a_long_comment(tmp_path):
    """Back on the board after a question with host notes, the empty question panel kept that question's
    height and every row sat 70 px lower: a click meant for «40 аукц.» landed elsewhere."""
    app = v4_app(tmp_path)
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        before = cell_rects(app)
        rnd = app.format.game.rounds[0]
        cell = next(cell for cell in sorted(rnd.cells) if rnd.question(cell).type == "regular"
                    and len(rnd.question(cell).comment or rnd.question(cell).host or "") > 40)
        assert app.submit(c.SelectCell(at=3.0, theme=cell[0], question=cell[1])).accepted
        render(app)
        at = 4.0
        while app.engine.state.phase != "board":
            assert app.submit(c.Go(at=at)).accepted, app.engine.state.phase
            at += 1.0
        after = cell_rects(app)
        assert set(after) == set(before) and after == before
    finally:
        app.close()


# --- 9: a 12-column board breaks no word or number, one size per row -------------------------------------


def test_twelve_columns_on_the_console_board_keep_words_and_numbers_whole_at_one_size_per_row(tmp_path,
                                                                                              monkeypatch):
    """SIGameTest-v4 (12 columns): the cells read «20|0 а|укц|.», a letter or two a line."""
    from quizshow.display.console_ui import PanelUI

    drawn: list = []  # (label, its layout) of every button, in the order the buttons are drawn
    original = PanelUI.button_text

    def spy(self, label, role, box, color, px, wrap=False):
        drawn.append((label, self.text.layout(label, role, box, max(px, self.min_px), self.min_px, wrap)))
        return original(self, label, role, box, color, px, wrap)

    monkeypatch.setattr(PanelUI, "button_text", spy)
    app = v4_app(tmp_path)
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        drawn.clear()
        render(app)
        assert app.console.ui is not None and not app.console.ui.cut, app.console.ui.cut
        assert len(drawn) == len(app.console.buttons)
        rnd = app.format.game.rounds[0]
        assert rnd.size[1] == 12
        sizes: dict[int, set[int]] = {}
        for (label, layout), (_, call) in zip(drawn, app.console.buttons, strict=True):
            if call.name != "cell":
                continue
            words = label.replace("\n", " ").split(" ")
            shown = " ".join(layout.lines).replace("\u00a0", " ").split(" ")
            assert [w for w in shown if w] == words, (label, layout.lines)  # every word and number whole
            sizes.setdefault(call.args[0], set()).add(layout.px)
        assert len(sizes) == 2 and all(len(px) == 1 for px in sizes.values()), sizes
    finally:
        app.close()


def test_the_projector_board_draws_every_value_of_a_twelve_column_round_at_one_size(tmp_path):
    """On the projector «1000», «1100», «1200» were drawn smaller than «900» in the same row."""
    app = v4_app(tmp_path)
    try:
        for at in (1.0, 2.0, 3.0):
            app.submit(c.Go(at=at))
        assert app.engine.state.phase == "board"
        rnd = app.format.game.rounds[0]
        text = app.projector.text if hasattr(app.projector, "text") else None
        assert text is not None
        drawn: list = []
        original = text._draw

        def spy(layout, role, *args, **kwargs):
            if role == "numbers":
                drawn.append(layout)
            return original(layout, role, *args, **kwargs)

        text._draw = spy  # type: ignore[method-assign]
        for size in ((1280, 720), (1920, 1080)):
            drawn.clear()
            app.projector.render(pygame.Surface(size), app.engine.state, 10.0)
            prices = {str(rnd.value(cell)) for cell in rnd.cells}
            values = {layout.lines[0]: layout.px for layout in drawn if layout.lines and layout.lines[0] in prices}
            assert {"900", "1000", "1200"} <= set(values), values
            assert len(set(values.values())) == 1, (size, values)
    finally:
        app.close()
