"""Issue 22, the duel: disqualifying one player for the bout (seed 002, 7.8); a sheet of another size is a
warning (7.2 «как правило»); a long queue on the console and the projector; Next that does nothing says why."""

from __future__ import annotations

import pygame
import pytest

from quizshow.app import Action
from quizshow.core import commands as c
from quizshow.display.console.words import describe
from quizshow.formats.duel import commands as dc
from quizshow.formats.duel.spec import journal_words
from quizshow.house_words import show_words
from tests.conftest import notices, words_of
from tests.duel_display_kit import _buttons, duel_app, render_walk, show_engine  # noqa: F401 (fixtures below)
from tests.duel_kit import ALPHA, BETA, BLUE, GREEN, RED, YELLOW, asked, go, judge, out, press, started
from tests.duel_osc_kit import duel  # noqa: F401 (the OSC fixture)


def disqualify(eng, team: int, player: int, at: float):
    return eng.dispatch(dc.Disqualify(at=at, team=team, player=player))


# --- item 3: a player disqualified for the bout ---------------------------------------------------------


def test_disqualifying_the_player_being_asked_asks_the_next_in_the_queue():
    eng = started()
    press(eng, BETA, RED, 2.0)
    press(eng, ALPHA, GREEN, 2.1)
    assert asked(eng) == (BETA, RED)
    outcome = disqualify(eng, BETA, RED, 3.0)
    assert outcome.accepted
    assert asked(eng) == (ALPHA, GREEN) and eng.state.phase == "answering"
    assert out(eng) == {(BETA, RED)} and eng.state.fmt.bout.disqualified == ((BETA, RED),)
    assert [e.status for e in eng.format.queue(eng.state)] == ["dq", "answering"]
    assert judge(eng, True, 4.0).accepted  # Альфа's green is right: Бета's green leaves, as without it
    assert out(eng) == {(BETA, RED), (BETA, GREEN)}


def test_a_disqualified_players_colour_counts_as_gone_so_a_correct_answer_there_is_a_choice():
    eng = started()
    assert disqualify(eng, ALPHA, GREEN, 1.5).accepted
    press(eng, BETA, GREEN, 2.0)
    assert judge(eng, True, 3.0).accepted
    assert eng.state.phase == "choosing"  # the green opponent is gone already: Бета's green chooses
    assert eng.format.choice_pool(eng.state, ALPHA) == [YELLOW, RED]  # the captain last
    assert eng.state.fmt.asking.removed is None


def test_a_disqualified_player_cannot_press_and_is_told_why():
    eng = started()
    disqualify(eng, ALPHA, YELLOW, 1.5)
    outcome = press(eng, ALPHA, YELLOW, 2.0)
    assert outcome.refused and "disqualified" in outcome.refused


def test_disqualifying_a_teams_last_player_loses_it_the_bout():
    eng = started()
    for i, player in enumerate((GREEN, YELLOW, RED)):
        assert disqualify(eng, BETA, player, 1.2 + i * 0.1).accepted
    assert eng.state.fmt.bout.result is None
    assert disqualify(eng, BETA, BLUE, 1.6).accepted
    assert eng.state.phase == "result" and eng.state.fmt.bout.winner == ALPHA


def test_disqualify_is_refused_while_the_answerer_chooses_and_after_the_bout():
    eng = started()
    press(eng, ALPHA, RED, 2.0)
    judge(eng, True, 3.0)
    go(eng, 4.0)
    press(eng, ALPHA, RED, 5.0)
    judge(eng, True, 6.0)  # twice in a row: a choice
    assert eng.state.phase == "choosing"
    assert disqualify(eng, BETA, GREEN, 6.5).refused


def test_undoing_a_disqualification_brings_the_player_back_and_asks_them_again():
    eng = started()
    press(eng, BETA, RED, 2.0)
    press(eng, ALPHA, GREEN, 2.1)
    disqualify(eng, BETA, RED, 3.0)
    assert eng.dispatch(c.Undo(at=3.5)).accepted
    assert out(eng) == set() and asked(eng) == (BETA, RED) and eng.state.fmt.bout.disqualified == ()


def test_a_disqualification_has_a_readable_journal_line():
    from quizshow import registry

    words = show_words("ru", registry.spec("duel").phrases)  # as a duel show's words
    eng = started()
    disqualify(eng, BETA, YELLOW, 1.5)
    line = describe(eng.entries[-1], ["Альфа", "Бета"], words, journal_words)
    assert line == "Дисквалифицирован на бой: Бета, жёлтый стол"
    assert describe(eng.entries[-1], ["Alpha", "Beta"], words.into("en"), journal_words) == \
        "Disqualified for the bout: Beta, yellow table"


def test_the_console_disqualify_button_turns_the_tables_into_disqualify_buttons(tmp_path):
    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        app.submit(c.Buzz(at=2.0, team=BETA, player=RED, source_time=2.0))
        buttons, _ = _buttons(app)
        assert not any(name.startswith("duel_disqualify") for name in buttons)  # a table is no trap
        arm = next(name for name in buttons if name.startswith("panel.duel_disqualify"))
        assert app.console.click(buttons[arm].center) is None  # the console's own switch: nothing journalled
        buttons, _ = _buttons(app)
        assert "duel_disqualify:1:2" in buttons and "duel_disqualify:0:0" in buttons
        call = app.console.click(buttons["duel_disqualify:1:2"].center)
        assert call is not None
        assert app.call(call, 3.0, "console").accepted
        assert (BETA, RED) in app.engine.state.fmt.bout.disqualified
        buttons, _ = _buttons(app)  # done: the tables are plain tables again
        assert not any(name.startswith("duel_disqualify") for name in buttons)
    finally:
        app.close()


def test_the_projector_marks_a_disqualified_player_on_the_table_and_in_the_queue(theme):
    from quizshow.display.duel.grid import tile_rect
    from quizshow.display.projector.projector import Projector
    from quizshow.display.scenes.base import Frame
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    e = show_engine()
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Дуэль", words_of(e.format), text, views=views_of(e.format))
    for cmd in (c.Go(at=1), c.Buzz(at=2, team=ALPHA, player=GREEN, source_time=2),
                dc.Disqualify(at=3, team=ALPHA, player=GREEN)):
        assert e.dispatch(cmd).accepted
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, e.state, 3.05)
    projector.render(surface, e.state, 6.0)  # the leaving motion is over
    said = [t for t, _box, _got in text.fitted]
    assert said.count("дисквалифицирован") >= 2  # its tile and its row of the queue
    frame = Frame(e.state, e.format, theme, None, 0, (1920, 1080), show_words("ru"), "", None)
    tile = tile_rect(frame, ALPHA, GREEN)
    pill = [surface.get_at((x, tile.bottom - 40)) for x in range(tile.x + 20, tile.right - 20, 4)]
    assert any(px.r > 180 and px.g < 110 for px in pill)  # a red «дисквалифицирован» on the dimmed tile


def test_osc_action_disqualifies_a_player(duel):  # noqa: F811
    from tests.osc_kit import go as osc_go

    app, desk, to = duel
    desk.send(to, "/quiz/subscribe", 1)
    desk.wait_for("/quiz/out/state/phase")
    osc_go(desk, to)
    desk.send(to, "/quiz/action/duel_disqualify", 2, 2)  # Бета, yellow (teams and players from 1: 1 green … 4 blue)
    assert desk.wait_for("/quiz/out/event/player/out") == (2, 2, "Б2", 3)
    assert app.engine.state.fmt.bout.disqualified == ((BETA, YELLOW),)


@pytest.fixture(scope="module")
def theme():
    from quizshow.display.theme import load_theme
    from tests.duel_kit import config

    return load_theme(config().theme)


# --- item 5: a sheet of another size is a warning (seed 002, 7.2 «как правило») ---------------------------


def _odd_sheet_show(tmp_path):
    """A show whose only sheet has three themes, the last of them three questions."""
    themes = []
    for t in range(3):
        rows = range(4 if t < 2 else 3)
        questions = "\n".join(f'          - {{q: "Вопрос {t + 1}.{n + 1}", a: "Ответ"}}' for n in rows)
        themes.append(f'      - name: "Тема {t + 1}"\n        questions:\n{questions}')
    pack = tmp_path / "odd.yaml"
    pack.write_text('title: "Нестандартный лист"\nrounds:\n  - name: "Лист 1"\n    themes:\n' + "\n".join(themes)
                    + "\n", encoding="utf-8")
    show = tmp_path / "show.yaml"
    show.write_text(f'''title: "Дуэль"
format: duel
pack: "{pack}"
teams:
  - {{name: "Альфа", players: ["А1", "А2", "А3", "А4"], captain: "А4"}}
  - {{name: "Бета", players: ["Б1", "Б2", "Б3", "Б4"], captain: "Б4"}}
''', encoding="utf-8")
    return show, pack


def test_a_sheet_of_another_size_is_a_warning_with_its_line_and_the_show_still_loads(tmp_path):
    import io

    from quizshow.cli import check_files
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems

    show, pack = _odd_sheet_show(tmp_path)
    out = io.StringIO()
    assert check_files([show], out) == 0
    said = out.getvalue()
    assert f"{pack}:3: warning: sheet 'Лист 1' has 3 themes" in said  # the sheet's line
    assert f"{pack}:17: warning: theme 'Тема 3'" in said
    assert "3 questions" in said and "0 error(s), 2 warning(s)" in said
    problems = Problems()
    config = load_show(show, problems)
    assert config is not None and not problems.errors and len(problems.items) == 2


def test_a_sheet_of_another_size_plays_every_question(tmp_path):
    from quizshow.app import ShowApp
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems

    show, _pack = _odd_sheet_show(tmp_path)
    app = ShowApp(load_show(show, Problems()), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False,
                  devices=False)
    try:
        assert len(app.engine.format.order(app.engine.state)) == 11
        assert app.action(Action("go", 1.0)).accepted and app.engine.state.phase == "reading"
    finally:
        app.close()


# --- item 16: eight presses on the console; a Next that does nothing says why --------------------------

EIGHT = [(BETA, RED), (ALPHA, GREEN), (ALPHA, YELLOW), (BETA, GREEN), (ALPHA, BLUE), (BETA, YELLOW),
         (ALPHA, RED), (BETA, BLUE)]


def _drawn_at(app, size) -> list[str]:
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    try:
        _buttons(app, size)
    finally:
        app.console.text.fit = fit
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_console_lists_all_eight_presses_or_says_how_many_more(tmp_path, size):
    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        for i, (team, player) in enumerate(EIGHT):
            assert app.submit(c.Buzz(at=2.0 + i * 0.1, team=team, player=player, source_time=2.0 + i * 0.1)).accepted
        drawn = _drawn_at(app, size)
        listed = [n for n in range(1, 9) if any(t.startswith(f"{n}. ") for t in drawn)]
        more = [t for t in drawn if t.startswith("… и ещё")]
        assert listed == list(range(1, 9)) or (listed == list(range(1, len(listed) + 1))
                                               and more == [f"… и ещё {8 - len(listed)}"]), (listed, more)
    finally:
        app.close()


def test_next_held_just_after_a_press_says_why_on_the_console(tmp_path):
    """A show may set the Next guard (next_guard_s) for the duel too: a Next it held was dropped without a
    journal line and without a word — the only way a Next does nothing in silence."""
    app = duel_app(tmp_path)
    show = tmp_path / "shows" / "duel.yaml"
    app.close()
    show.write_text(show.read_text(encoding="utf-8") + "rules:\n  next_guard_s: 1\n", encoding="utf-8")
    from quizshow.app import ShowApp
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems

    app = ShowApp(load_show(show, Problems()), fresh=True, sound=False, devices=False)
    try:
        app.action(Action("go", 1.0))
        app.action(Action("go", 1.5))  # the first reading is over
        app.submit(c.Buzz(at=2.0, team=BETA, player=RED, source_time=2.0))
        app.submit(c.Buzz(at=2.4, team=ALPHA, player=GREEN, source_time=2.4))
        assert app.action(Action("correct", 2.5)).accepted
        app.submit(c.Buzz(at=2.8, team=BETA, player=GREEN, source_time=2.8))  # refused: the answer is given
        assert app.engine.state.phase == "reveal"
        entries = len(app.engine.entries)
        assert app.action(Action("go", 3.0)) is None  # held: 0.6 s after the last accepted press
        assert len(app.engine.entries) == entries
        said = [n.text for n in notices(app)]
        assert any("«Далее» не сработало" in t and "(пауза 1 с)" in t for t in said), said
    finally:
        app.close()


# --- item 22: eight presses read from the back of a hall --------------------------------------------------


@pytest.mark.parametrize("hint", [False, True], ids=["no hint", "with a hint"])
def test_eight_presses_read_from_the_back_of_the_hall_and_each_badge_stays_in_its_row(theme, hint, monkeypatch):
    from quizshow.display.duel import rows
    from quizshow.display.duel.grid import entry_rects, queue_rect
    from quizshow.display.projector.projector import Projector
    from quizshow.display.scenes.base import Frame
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    class Sizes(RecordingText):
        def __init__(self, fonts):
            super().__init__(fonts)
            self.px: dict[str, int] = {}

        def fit(self, text, role, box, color, max_px, min_px=None, align="center", shadow=False, wrap=True):
            self.px[text] = min(self.px.get(text, 10**6), self.layout(text, role, box, max_px, min_px, wrap).px)
            return super().fit(text, role, box, color, max_px, min_px, align, shadow, wrap)

    pills: list[tuple[str, pygame.Rect]] = []
    real_pill = rows.pill
    monkeypatch.setattr(rows, "pill", lambda surface, frame, text, *a, **k:
                        pills.append((text, real_pill(surface, frame, text, *a, **k))) or pills[-1][1])
    e = show_engine()
    text = Sizes(theme.fonts)
    projector = Projector(e.format, theme, "Дуэль", words_of(e.format), text, views=views_of(e.format))
    commands = [c.Go(at=1)] + [c.Buzz(at=2 + i * 0.1, team=t, player=p, source_time=2 + i * 0.037)
                               for i, (t, p) in enumerate(EIGHT)] + [c.Judge(at=3, correct=False)]
    if hint:
        commands.append(dc.Hint(at=3.5, text="Он открыл морской путь в Индию вокруг Африки", show=True))
    for cmd in commands:
        assert e.dispatch(cmd).accepted
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, e.state, 4.0)
    projector.render(surface, e.state, 6.0)
    teams = ["Альфа", "Бета"]
    colours = ["Зелёный", "Жёлтый", "Красный", "Синий"]
    for team, player in EIGHT:
        title = f"{teams[team]} · {colours[player]}"
        name = e.format.player_name(e.state, (team, player))
        assert text.px[title] >= 30, (title, text.px[title])
        assert text.px[name] >= 28, (name, text.px[name])
    assert all(w <= box[0] and h <= box[1] for _t, box, (w, h) in text.fitted)
    frame = Frame(e.state, e.format, theme, None, 0, (1920, 1080), show_words("ru"), "", None)
    places = entry_rects(frame, 8, hint)
    queue_pills = [(t, r) for t, r in pills if r.x >= queue_rect(frame).x]
    assert {t for t, _r in queue_pills} >= {"ОТВЕЧАЕТ", "неверно"}
    for t, r in queue_pills:
        assert any(row.contains(r) for row in places), (t, r, places)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_queue_with_a_disqualified_player_and_a_hint_keeps_its_text_in_its_boxes(theme, size):
    from quizshow.display.projector.projector import Projector
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    e = show_engine()
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Дуэль", words_of(e.format), text, views=views_of(e.format))
    commands = [c.Go(at=1)] + [c.Buzz(at=2 + i * 0.1, team=t, player=p, source_time=2 + i * 0.037)
                               for i, (t, p) in enumerate(EIGHT)]
    commands += [dc.Disqualify(at=3, team=BETA, player=RED), c.Judge(at=3.2, correct=False),
                 dc.Hint(at=3.5, text="Он открыл морской путь в Индию вокруг Африки", show=True)]
    for cmd in commands:
        assert e.dispatch(cmd).accepted, cmd
    surface = pygame.Surface(size)
    projector.render(surface, e.state, 4.0)
    projector.render(surface, e.state, 6.0)
    assert "дисквалифицирован" in [t for t, _b, _g in text.fitted]
    for what, box, got in text.fitted:
        assert got[0] <= box[0] and got[1] <= box[1], f"{what!r} {got} overflows {box}"


def test_the_keys_d_then_a_table_number_disqualify_and_esc_drops_it(tmp_path):
    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        app.key(pygame.K_d, 0, 1.5)
        app.key(pygame.K_ESCAPE, 0, 1.6)  # dropped: the digit below is the key map's again
        assert app.engine.state.fmt.bout.disqualified == ()
        app.key(pygame.K_d, 0, 2.0)
        app.key(pygame.K_6, 0, 2.1)  # 5–8: the second team's green … blue
        assert app.engine.state.fmt.bout.disqualified == ((BETA, YELLOW),)
        assert describe(app.engine.entries[-1], ["Альфа", "Бета"], words_of(app.format), journal_words) == \
            "Дисквалифицирован на бой: Бета, жёлтый стол"
        app.key(pygame.K_6, 0, 2.5)  # not armed any more: nothing disqualified twice
        assert app.engine.state.fmt.bout.disqualified == ((BETA, YELLOW),)
    finally:
        app.close()
