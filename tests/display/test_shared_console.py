"""Issue 22 (the written quiz, the demo and the shared console under Xvfb): what a host and an operator
tripped on — Next's keys, the demo's queued press, the far undo's words, the written journal lines, the
blank button, the demo's end and round card, cut texts."""

from __future__ import annotations

from pathlib import Path

import pygame

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from tests.conftest import ROOT, demo_config
from tests.console_traps_kit import frame, next_line
from tests.written_display_kit import config as written_config

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


# --- 2. The demo: a press made while another team answers waits its turn ---------------------------------


def demo_app(tmp_path: Path) -> ShowApp:
    return ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9,
                   devices=False)


def test_demo_press_made_while_another_answers_answers_after_a_wrong_verdict(tmp_path):
    app = demo_app(tmp_path)
    app.action(Action("go", 1.0))  # the first question
    app.action(Action("buzz", 2.0, args=(1,)))  # Бета answers
    app.action(Action("buzz", 2.5, args=(0,)))  # Альфа presses meanwhile
    e = app.engine
    assert e.state.answering == 1
    out = app.action(Action("wrong", 3.0))
    assert out is not None and out.accepted
    assert e.state.answering == 0  # Альфа's waiting press answers, no second press needed
    out = app.action(Action("correct", 4.0))  # Y is not refused «Никто не отвечает»
    assert out is not None and out.accepted, out.refused if out else None
    assert e.state.teams[0].score > 0
    assert [p.team for p in e.state.presses.presses].count(0) == 1  # Альфа pressed once
    app.close()


def test_demo_buzzers_reopen_after_a_wrong_verdict_when_nobody_waits(tmp_path):
    app = demo_app(tmp_path)
    app.action(Action("go", 1.0))
    app.action(Action("buzz", 2.0, args=(1,)))
    app.action(Action("wrong", 3.0))
    assert app.engine.state.answering is None and app.engine.state.timer.running
    app.close()


# --- 3. The far undo's question: the verb agrees with the number; the destination says which board --------


def test_far_undo_question_agrees_its_verb_with_the_number_of_steps():
    from quizshow.house_words import show_words

    def asked(n: int) -> str:
        return show_words("ru").say("console.undo_far", where="вопрос 5", n=n)

    assert "Пропадёт ещё 1 шаг." in asked(1)
    assert "Пропадут ещё 2 шага." in asked(2)
    assert "Пропадут ещё 7 шагов." in asked(7)
    assert "Пропадёт ещё 21 шаг." in asked(21)
    assert asked(1).startswith("Проектор вернётся к: вопрос 5.")
    assert "1 later step goes too" in show_words("en").say("console.undo_far", where="question 5", n=1)


def test_far_undo_back_to_a_board_names_the_round_of_that_board(tmp_path):
    from quizshow.formats.svoyak import commands as sc
    from tests.conftest import svoyak_config
    from tests.undo_kit import prompt

    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    e, at = app.engine, 1.0
    while app.format.next_action(e.state).key != "next.pick_cell":
        assert app.submit(c.Go(at=at)).accepted
        at += 1
    assert app.submit(sc.EndRound(at=at)).accepted  # round 1 ended early on its board
    assert app.submit(c.Go(at=at + 1)).accepted  # round 2's card
    app.action(Action("undo", at + 2))  # would take the picture back to round 1's board: it asks
    asked = prompt(app)
    assert asked.startswith("Проектор вернётся к: табло, раунд 1.") and "Пропадёт ещё 1 шаг" in asked
    undo = next(text for text in drawn_texts(app, at + 2) if text.startswith("Отменить (2×)"))
    assert "проектор вернётся к: табло, раунд 1" in undo
    app.close()


# --- 4, 5. The written quiz's journal lines say what happened ---------------------------------------------


def journal_lines(app: ShowApp) -> list[str]:
    app.pump_views()
    return [text for _, text in app.console.journal]


def play_tour_one(app: ShowApp) -> float:
    """Every question of tour 1 to its answer, Next on to the tour's results (journalled as the app does)."""
    e, at = app.engine, 1.0
    while app.format.next_action(e.state).key != "next.written_tour_results":
        before = e.state
        if e.state.timer.running:
            app.submit(c.Tick(at=at + 200))
            at += 201
        else:
            assert app.action(Action("go", at)) is not None
            at += 1
        assert e.state is not before, app.format.next_action(e.state).key
    app.action(Action("go", at))
    assert app.engine.state.phase == "results"
    return at + 1


def test_written_next_to_the_tour_results_is_journalled_as_the_results_shown(tmp_path):
    app = written_app(tmp_path)
    play_tour_one(app)
    last = journal_lines(app)[-1]
    assert last == "Далее: показаны результаты тура 1", last
    assert not any("начат раунд" in line for line in journal_lines(app))
    app.close()


def test_written_right_on_a_late_sheet_says_it_stays_zero(tmp_path):
    app = written_app(tmp_path)
    for _ in range(2):  # the first question and its minute
        app.key(pygame.K_PAGEDOWN, 0, 1.0)
    app.submit(c.Tick(at=62.0))
    app.submit(c.Tick(at=73.0))  # the sheets are in: the grid's cursor on Совы, question 1.1
    app.key(pygame.K_l, 0, 2.0)  # Совы handed in late
    app.key(pygame.K_y, 0, 3.0)  # … and their answer is right
    assert app.engine.state.teams[0].score == 0
    line = journal_lines(app)[-1]
    assert line == "Совы: вопрос 1.1 засчитан, но сдан с опозданием: 0", line
    undo = next(text for text in drawn_texts(app, 4.0) if text.startswith("Отменить:"))
    assert "засчитан, но сдан с опозданием: 0" in undo
    app.key(pygame.K_y, 0, 5.0)  # Кактус (the cursor stepped down), on time: it counts, no «но»
    assert app.engine.state.teams[1].score == 1
    assert journal_lines(app)[-1] == "Кактус: вопрос 1.1 засчитан"
    app.close()


# --- 6. B: the journal says which way the screen went; the button says what it will do --------------------


def test_blank_is_journalled_as_blanked_then_open_and_its_button_opens_the_screen(tmp_path):
    app = demo_app(tmp_path)
    assert "Затемнить" in drawn_texts(app)
    app.action(Action("blank", 1.0))
    assert journal_lines(app)[-1] == "Экран затемнён"
    shown = drawn_texts(app, 1.5)
    assert "Открыть" in shown and "Затемнить" not in shown
    assert not app.console._ui.cut  # the longer name fits its button whole
    app.action(Action("blank", 2.0))
    assert journal_lines(app)[-1] == "Экран открыт"
    assert "Затемнить" in drawn_texts(app, 2.5)
    app.action(Action("scores", 3.0))
    app.action(Action("scores", 4.0))
    assert journal_lines(app)[-2:] == ["Счёт на экране показан", "Счёт убран с экрана"]
    app.close()


# --- 7. The demo: a later round opens with its title card; the header counts per round; the end is clear ---


def demo_to_round_two(app: ShowApp) -> float:
    """Round 1 («Разминка») played with no presses: Next until the title card of round 2."""
    e, at = app.engine, 1.0
    while e.state.phase != "round_card":
        assert e.state.phase != "scores", "no round card before round 2"
        out = app.action(Action("go", at))
        assert out is not None and out.accepted, out.refused if out else None
        at += 1
    return at


def test_demo_round_two_opens_with_its_title_card_on_the_projector(tmp_path):
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    theme = load_theme(demo_config().theme)
    app = demo_app(tmp_path)
    at = demo_to_round_two(app)
    e = app.engine
    assert e.state.round == 1 and app.format.next_action(e.state).key == "next.first_question"
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Демо", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, e.state, at)
    projector.render(surface, e.state, at + 5)
    shown = [what for what, _, _ in text.fitted]
    assert "РАУНД 2" in shown and "Финишная прямая" in shown
    for what, box, got in text.fitted:
        assert got[0] <= box[0] and got[1] <= box[1], what
    app.action(Action("go", at))  # the round's first question
    assert e.state.phase == "question"
    header = next(t for t in drawn_texts(app, at) if t.startswith("ВОПРОС"))
    assert "раунд 2 · вопрос 1 из 2" in header, header
    app.close()


def test_demo_game_over_clears_the_question_and_its_presses(tmp_path):
    app = demo_app(tmp_path)
    e, at = app.engine, demo_to_round_two(app)
    while e.state.phase != "end":
        if e.state.phase == "question":
            app.action(Action("buzz", at, args=(0,)))
            app.action(Action("correct", at + 0.5))
        assert app.action(Action("go", at + 1)) is not None
        at += 2
    shown = drawn_texts(app, at)
    header = next(t for t in shown if t.startswith("ИГРА ОКОНЧЕНА"))
    assert header == "ИГРА ОКОНЧЕНА", header
    last = app.format.questions[-1][1]
    assert last.q not in shown and last.a not in " ".join(shown)  # the question panel is empty
    assert not e.state.presses.presses and "Альфа" not in [t for t in shown if "мс" in t]
    app.close()


# --- 8. Cosmetics: no cut key hint, team names whole where they fit, no presses after the end --------------


def fitted_calls(app: ShowApp, at: float = 2.0) -> list[tuple]:
    """Every text the console fitted this frame: (text, role, box, max_px, min_px, wrap)."""
    calls: list[tuple] = []
    fit = app.console.text.fit

    def recording(text, role, box, color, max_px, min_px=None, align="center", shadow=False, wrap=True):
        calls.append((text, role, box, max_px, min_px, wrap))
        return fit(text, role, box, color, max_px, min_px=min_px, align=align, shadow=shadow, wrap=wrap)

    app.console.text.fit = recording
    frame(app, at)
    app.console.text.fit = fit
    return calls


def cut(app: ShowApp, call: tuple) -> bool:
    text, role, box, max_px, min_px, wrap = call
    return app.console.text.layout(text, role, box, max_px, min_px, wrap).cut


def test_written_grid_key_hint_is_drawn_whole(tmp_path):
    app = written_app(tmp_path)
    app.key(pygame.K_PAGEDOWN, 0, 1.0)
    hint = [call for call in fitted_calls(app) if call[0].startswith("Вверх/вниз: команда")]
    assert hint and not any(cut(app, call) for call in hint)
    assert "X дозаявка" in hint[-1][0]
    app.close()


def test_team_names_are_whole_in_the_written_team_lists(tmp_path):
    from tests.written_display_kit import SHOW_40

    app = written_app(tmp_path)  # 12 teams: one column holds them all
    app.key(pygame.K_PAGEDOWN, 0, 1.0)
    names = {t.name for t in app.engine.state.teams}
    drawn = [call for call in fitted_calls(app) if call[0] in names and call[1] == "heading"]
    assert {call[0] for call in drawn} == names
    assert not [call[0] for call in drawn if cut(app, call)]
    app.close()
    app = ShowApp(written_config(SHOW_40), journal_path=tmp_path / "j40.jsonl", fresh=True, sound=False, seed=9,
                  devices=False)  # 40 teams: two columns, a page at a time
    app.key(pygame.K_PAGEDOWN, 0, 1.0)
    drawn = [call for call in fitted_calls(app) if call[1] == "heading"]
    for name in ("Тёмные лошадки", "Кот Шрёдингера", "Полосатый рейс", "Ёжики в тумане", "Северное сияние",
                 "Бумажный тигр", "Синий троллейбус"):
        call = next(call for call in drawn if call[0] == name)
        assert not cut(app, call), name
    app.close()


def test_presses_list_is_empty_once_the_game_is_over(tmp_path):
    from dataclasses import replace

    from quizshow.core.presslog import Press, PressLog

    app = demo_app(tmp_path)
    e, at = app.engine, demo_to_round_two(app)
    while e.state.phase != "end":
        assert app.action(Action("go", at)) is not None
        at += 1
    # A format that keeps its last question's press log at the end (a shoot-out's last press, say):
    e.state = replace(e.state, presses=PressLog((Press(at, at, 2),)))
    shown = drawn_texts(app, at)
    assert "нажатий пока нет" in shown and not any(t.startswith("Гамма ") for t in shown)
    app.close()
