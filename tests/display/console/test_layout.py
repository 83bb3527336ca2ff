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
from quizshow.display.console.teams import CONSOLE_OWN
from quizshow.formats.svoyak import commands as sc
from quizshow.yamlfile import Problems
from tests.layout_kit import ROOT, app_of

SIQ = Path("/work/shared/siq")
V4 = SIQ / "SIGameTest-v4.siq"


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


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


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("show", ["brainring.yaml", "svoyak.yaml", "written-40.yaml", "melee.yaml", "duel.yaml",
                                  "tournament-001.yaml"])
def test_walking_every_panel_of_a_show_cuts_no_button_label(tmp_path, show, language):
    """An operator's evening, seeded: Next, presses and clicks on whatever the console offers; on every
    frame each button's label is drawn whole (PanelUI.cut records one that would end in «…») and no
    button lies over another."""
    app = app_of(ROOT / "shows" / show, tmp_path, language)
    rng = random.Random(5)
    cut: dict[str, str] = {}
    overlaps: dict[str, str] = {}
    try:
        at = 1.0
        for _ in range(80):
            for label in cut_labels(app, at):
                cut.setdefault(label, app.engine.state.phase)
            rects = [pygame.Rect(rect) for rect, _ in app.console.buttons]
            for i, rect in enumerate(rects):  # a button half under another is a misclick waiting to happen
                for j in rect.collidelistall(rects[i + 1:]):
                    key = f"{app.console.buttons[i][1]} × {app.console.buttons[i + 1 + j][1]}"
                    overlaps.setdefault(key, app.engine.state.phase)
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
    assert not overlaps, overlaps


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
            rects = [pygame.Rect(rect) for rect, _ in app.console.buttons]
            assert not [(rect, rects[i + 1 + j]) for i, rect in enumerate(rects)
                        for j in rect.collidelistall(rects[i + 1:])], size  # no button under another
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
        assert app.submit(sc.SelectCell(at=3.0, theme=cell[0], question=cell[1])).accepted
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
    from quizshow.display.console.ui import PanelUI

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


# --- 13: the written quiz's console ---------------------------------------------------------------------


def written_at_answer(tmp_path: Path) -> ShowApp:
    """shows/written-40.yaml (40 teams) with question 1.1's sheets in: the grid can be marked."""
    app = app_of(ROOT / "shows" / "written-40.yaml", tmp_path)
    for at in (1.0, 2.0, 3.0):  # the question, the minute
        app.submit(c.Go(at=at))
    app.submit(c.Tick(at=3.0 + 60.01))  # hand-in
    app.submit(c.Tick(at=3.0 + 80.0))  # the answer
    assert app.engine.state.phase == "answer", app.engine.state.phase
    return app


def test_a_written_mark_is_journalled_and_offered_for_undo_as_the_team_and_its_question(tmp_path):
    """Every mark read «Счёт исправлен: Совы +1», the undo button the same, without the question."""
    app = written_at_answer(tmp_path)
    labels: list[str] = []
    original = app.console.text.fit

    def spy(text, *args, **kwargs):
        labels.append(text)
        return original(text, *args, **kwargs)

    app.console.text.fit = spy  # type: ignore[method-assign]
    try:
        for at, call, said in ((100.0, Call("mark", (0, 0, True)), "Совы: вопрос 1.1 засчитан"),
                               (101.0, Call("mark", (0, 0, False)), "Совы: вопрос 1.1 не засчитан"),
                               (102.0, Call("extra_players", (1,)), "Кактус: дозаявлено игроков — 1")):
            assert app.call(call, at, "console").accepted
            assert app.console.journal[-1][1] == said
            labels.clear()
            render(app, at + 0.5)
            assert f"Отменить: {said} (Ctrl+Z)" in labels
            assert not [t for t in labels if "Счёт исправлен" in t], labels
    finally:
        app.close()


def test_the_written_console_offers_no_score_buttons_and_names_the_tour(tmp_path):
    """The participants panel invited clicks that were refused («Очки считает сетка»); the header said
    «раунд 1» for «тур 1»."""
    app = written_at_answer(tmp_path)
    labels: list[str] = []
    original = app.console.text.fit

    def spy(text, *args, **kwargs):
        labels.append(text)
        return original(text, *args, **kwargs)

    app.console.text.fit = spy  # type: ignore[method-assign]
    try:
        render(app, 100.0)
        names = {call.name for _, call in app.console.buttons}
        assert not names & {"score_add", "console.teams_chosen"}, names
        assert "console.teams_page" in names  # the pages of the 40 teams still turn
        header = next(t for t in labels if "вопрос 1 из 10" in t)
        assert "тур 1" in header and "раунд" not in header, header
        assert not [t for t in labels if "Нажмите на команду" in t]
    finally:
        app.close()


def test_the_written_grid_of_forty_teams_gets_the_room_and_every_team_can_be_marked(tmp_path):
    """The grid showed 8 of 40 teams while the question panel took the room; team 40 is reached by typing its
    number and marked by a click on its cell."""
    import pygame as pg

    app = written_at_answer(tmp_path)
    try:
        render(app, 100.0)
        rows = {call.args[0] for _, call in app.console.buttons if call.name == "mark"}
        assert len(rows) >= 12, sorted(rows)
        for key in (pg.K_4, pg.K_0):
            assert app.console.panel_key(key, 0, 100.5, lambda call: app.call(call, 100.5, "console"))
        render(app, 101.0)
        rect = next(r for r, call in app.console.buttons if call.name == "mark" and call.args == (39, 0))
        assert app.console.click(rect.center) == Call("mark", (39, 0))
        app.call(Call("mark", (39, 0)), 102.0, "console")
        assert app.engine.state.teams[39].score == 1
        assert app.console.journal[-1][1].endswith("вопрос 1.1 засчитан")
    finally:
        app.close()


# --- 11: «Куча мала» -------------------------------------------------------------------------------------


def texts_of(text_cache, monkeypatch) -> list[str]:
    """Every text the cache is asked to fit, from now on."""
    seen: list[str] = []
    original = text_cache.fit

    def spy(text, *args, **kwargs):
        seen.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(text_cache, "fit", spy)
    return seen


def melee_asking(tmp_path: Path) -> ShowApp:
    app = app_of(ROOT / "shows" / "melee.yaml", tmp_path)
    for at in (1.0, 2.0):  # the split, the first question
        assert app.submit(c.Go(at=at)).accepted
    assert app.engine.state.phase == "melee_question"
    return app


def test_the_melee_console_shows_the_question_and_its_answer_for_the_host(tmp_path, monkeypatch):
    app = melee_asking(tmp_path)
    try:
        question = app.format.current(app.engine.state)
        assert question is not None and question.q and question.a
        seen = texts_of(app.console.text, monkeypatch)
        render(app, 3.0)
        assert question.q in seen and any(t.startswith(question.a) for t in seen), seen
    finally:
        app.close()


def test_a_table_that_answered_is_journalled_and_offered_for_undo_with_the_teams_at_it(tmp_path, monkeypatch):
    """«Красный ответил» with Сфинкс at the red table read «Северяне: верно, 0» (team 0 for table 0)."""
    from quizshow.formats.melee.format import GREEN, RED

    app = melee_asking(tmp_path)
    try:
        m = app.engine.format.own(app.engine.state)
        red = ", ".join(app.engine.state.teams[t].name for t in m.red)
        assert app.call(Call("decide", (RED,)), 3.0, "console").accepted
        said = f"Красный стол ответил верно: {red}"
        assert app.console.journal[-1][1] == said
        seen = texts_of(app.console.text, monkeypatch)
        render(app, 4.0)
        assert f"Отменить: {said} (Ctrl+Z)" in seen
        assert app.submit(c.Go(at=5.0)).accepted  # the next question to the red table, split again
        m = app.engine.format.own(app.engine.state)
        green = ", ".join(app.engine.state.teams[t].name for t in m.green)
        assert app.submit(c.Buzz(at=6.0, team=GREEN)).accepted
        assert app.console.journal[-1][1] == f"Первое нажатие: зелёный стол ({green})"  # the table first (wave 6)
        assert app.submit(c.Judge(at=7.0, correct=True)).accepted
        assert app.console.journal[-1][1] == f"Зелёный стол ответил верно: {green}"  # Y by key: the melee's words (#22)
    finally:
        app.close()


def test_the_melee_console_and_projector_name_the_same_question_without_a_round_or_infinity(tmp_path, monkeypatch):
    """The projector said «Вопрос 5» while the console said «раунд 6 · вопрос 6 из ∞»."""
    app = melee_asking(tmp_path)
    try:
        console_seen = texts_of(app.console.text, monkeypatch)
        projector_seen = texts_of(app.projector.text, monkeypatch)
        at = 3.0
        for _ in range(3):
            for phase_at in (at, at + 0.5):
                console_seen.clear()
                projector_seen.clear()
                render(app, phase_at)
                app.projector.render(pygame.Surface((1280, 720)), app.engine.state, phase_at)
                shown = [t for t in projector_seen if "·" in t and ("ВОПРОС" in t.upper())]
                assert shown, projector_seen
                n = shown[0].upper().rsplit("ВОПРОС ", 1)[1]
                header = next(t for t in console_seen if t.startswith(app.say(f"phase.{app.engine.state.phase}")
                                                                      .upper()))
                assert header.endswith(f"вопрос {n}"), (header, shown)
                assert "∞" not in header and "раунд" not in header
                if app.engine.state.phase == "melee_question":
                    assert app.submit(c.Go(at=phase_at + 0.1)).accepted  # nobody answered: the tables again
            at += 1.0
            assert app.submit(c.Go(at=at)).accepted, app.engine.state.phase  # the next question
            at += 1.0
    finally:
        app.close()


def test_after_the_melee_the_draw_shows_its_winner_at_number_one(tmp_path, monkeypatch):
    """Seed 001: the melee's winner holds start number 1 before it picks (the draw showed «1 ?»); the numbers
    not given yet say what they wait for."""
    from quizshow.event import day as D

    app = app_of(ROOT / "shows" / "tournament-001.yaml", tmp_path)
    try:
        at = 1.0
        for _ in range(200):
            ev = app.engine.state.fmt
            if ev.match is None and D.draw_stage(ev.day) == "pick":
                break
            phase = app.engine.state.phase
            cmd = Call("decide", (0,)) if phase == "melee_question" else None
            if cmd is not None:
                assert app.call(cmd, at, "console").accepted
            else:
                assert app.submit(c.Go(at=at)).accepted, phase
            at += 1.0
        ev = app.engine.state.fmt
        winner = D.melee_winner(ev.day)
        assert winner is not None and not ev.day.order
        assert app.call(Call("screen", ("ev_draw",)), at, "console").accepted
        seen = texts_of(app.projector.text, monkeypatch)
        app.projector.render(pygame.Surface((1280, 720)), app.engine.state, at + 5)
        assert ev.day.teams[winner].name in seen, seen
        # every other number says what it waits for (it read «?» until the draw rows were worded)
        assert seen.count("по выбору победителя «Кучи малы»") == 1
        assert seen.count("по жребию") == len(ev.day.teams) - 2
        assert "?" not in seen
    finally:
        app.close()


# --- 20: the written results' medal frames ----------------------------------------------------------------


def test_a_row_that_drops_to_a_shared_third_place_gets_a_bronze_frame_not_its_old_silver_one():
    """A row's picture was cached by «place ≤ 3»: places 3–8 kept the silver frame drawn for place 2."""
    from dataclasses import replace

    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from quizshow.display.written.results import MEDALS, ResultsScene, RowSprites, layout
    from tests.conftest import views_of, words_of
    from tests.written_display_kit import SHOW_40, config, played_tours

    e, t = played_tours(1)
    projector = Projector(e.format, load_theme(config(SHOW_40).theme), "ЧГК", words_of(e.format),
                          views=views_of(e.format))
    frame = projector.frame(e.state, t, (1920, 1080))
    lines = e.format.lines(e.state)
    tours, extra, penalty = ResultsScene.shape(frame, lines)
    box = layout(frame, len(lines), tours, extra, penalty)
    sprites = RowSprites()
    line = lines[0]
    for place, medal in (((2, 2), MEDALS[1]), ((3, 8), MEDALS[2]), ((1, 1), MEDALS[0])):
        sprite = sprites.get(frame, replace(line, place=place), box, tours, extra, penalty)
        edge = sprite.get_at((sprite.get_width() // 2, 0))
        assert all(abs(a - b) <= 8 for a, b in zip(edge[:3], pygame.Color(medal)[:3], strict=True)), (place, edge)
    plain = sprites.get(frame, replace(line, place=(9, 9)), box, tours, extra, penalty)
    assert plain.get_at((plain.get_width() // 2, 0))[3] == 0  # no frame at all below the podium


def test_a_label_that_misses_one_line_by_a_hinted_pixel_wraps_to_two_instead_of_being_cut():
    """The written quiz in English: «Undo: Северное сияние: question 1.1 right (Ctrl+Z)» measured to fit one
    line at 14 px, the real font was a few pixels wider, and the text was cut although two lines fit."""
    from quizshow.display.text import TextCache
    from quizshow.display.theme import load_theme
    from tests.conftest import svoyak_config

    text = TextCache(load_theme(svoyak_config().theme).fonts)
    label = "Undo: Северное сияние: question 1.1 right (Ctrl+Z)"
    found = text.layout(label, "body", (312, 54), 18, 14, wrap=True)
    assert not found.cut and len(found.lines) == 2 and found.px >= 14, found
    assert " ".join(found.lines) == label
