"""QA pass 6 (duel, tournament, brain-ring, console): what the operator reads on the console matches what the
hall sees, nothing offered that cannot apply, refusals worded in the console's language."""

from __future__ import annotations

from pathlib import Path

from quizshow.core import commands as c
from quizshow.event import day as D
from quizshow.formats.tournament import model as m
from tests.tournament_day_kit import day_app, drawn, journal, seed001_after_the_draw, submit
from tests.tournament_kit import SEED001

# --- 1. a tournament's match code: the projector's «О1» on the console too ----------------------------------


def test_the_consoles_match_list_and_undo_name_a_match_by_the_projectors_code(tmp_path):
    app = seed001_after_the_draw(tmp_path)
    try:
        texts = drawn(app)
        rows = [t for t in texts if "—" in t and t[:1] in "ОQ"]
        assert any(t.startswith("О1  ") for t in rows) and not any(t.startswith("Q1") for t in rows), rows
        assert "Куча мала (8)" in texts and not any(t.startswith("M0") for t in texts)
        submit(app, c.Go(at=9.0))  # «Играть следующий матч»: Q1
        said = journal(app)[-1]
        assert said.startswith("Далее: матч О1: ") and "Q1" not in said, said
        undo = next(t for t in drawn(app) if t.startswith("Отменить:"))
        assert "О1" in undo and "Q1" not in undo, undo
    finally:
        app.close()


# --- 2. a command a format does not use: refused in the console's words, no class or format name ------------


def test_right_between_matches_is_refused_in_russian_saying_what_next_does(tmp_path):
    import pygame

    from tests.conftest import notices

    app = seed001_after_the_draw(tmp_path)
    try:
        app.key(pygame.K_y, 0, 9.0)
        said = " ".join(n.text for n in notices(app))
        assert "Judge" not in said and "tournament" not in said, said
        assert "«Верно»" in said and "между матчами" in said and "«Далее»" in said, said
    finally:
        app.close()


def test_a_command_a_format_does_not_use_is_named_as_the_console_names_it_in_both_languages():
    from quizshow.core.format import Refused
    from quizshow.house_words import show_words

    russian, english = show_words("ru"), show_words("en")
    why = Refused("{command} is not used by format {format}", command="Judge", format="demo")
    ru, en = russian.refusal(why.template, why.values), english.refusal(why.template, why.values)
    assert ru == "«Верно» / «Неверно» в этой игре не действует", ru
    assert en == "«Right» / «Wrong» does nothing in this game", en
    other = Refused("{command} is not used by format {format}", command="Decide", format="melee")
    assert "Decide" not in russian.refusal(other.template, other.values)


# --- 3. the duel's bout over: nothing offered that cannot apply, refusals with the real reason -------------


def duel_bout_over(tmp_path: Path):
    from quizshow.app import Action
    from quizshow.formats.duel import commands as dc
    from tests.duel_display_kit import duel_app

    app = duel_app(tmp_path)
    app.action(Action("go", 1.0))
    for player in range(4):  # Бета's four players disqualified: Альфа wins the bout
        assert app.submit(dc.Disqualify(at=2.0 + player * 0.1, team=1, player=player)).accepted
    assert app.engine.state.phase == "result"
    return app


def test_after_the_bout_the_question_steps_are_not_offered(tmp_path):
    from tests.duel_display_kit import _buttons

    app = duel_bout_over(tmp_path)
    try:
        buttons, _ = _buttons(app)
        offered = [n for n in buttons if n.split(":")[0] in (
            "duel_reread", "duel_end_early", "duel_hint", "duel_hint_off", "panel.duel_disqualify")]
        assert offered == [], offered
    finally:
        app.close()


def test_after_the_bout_d_and_reread_are_refused_because_the_bout_is_over(tmp_path):
    import pygame

    from tests.conftest import notices

    app = duel_bout_over(tmp_path)
    try:
        app.key(pygame.K_d, 0, 3.0)
        said = [n.text for n in notices(app)]
        assert any("Бой окончен" in t for t in said), said  # never silence
        from quizshow.formats.duel import commands as dc

        for cmd in (dc.Reread(at=3.5), dc.EndEarly(at=3.5), dc.Hint(at=3.5, text="подсказка", show=True)):
            out = app.submit(cmd)
            assert out.refused == "the bout is over: Next starts the next one", (cmd, out.refused)  # «Бой окончен…»
    finally:
        app.close()


# --- 4. the tournament's melee: the teams that have left are dimmed, «выбыл» instead of [−][+] ---------


def test_teams_that_left_the_tournaments_melee_are_dimmed_with_their_word_not_buttons(tmp_path):
    from tests.duel_display_kit import _buttons

    app = day_app(tmp_path, SEED001)
    try:
        at = 1.0
        for _ in range(3):  # «Куча мала», the tables, question 1
            submit(app, c.Go(at=at))
            at += 1
        submit(app, c.Buzz(at=at, team=1))  # the green table answers question 1 right
        submit(app, c.Judge(at=at + 1, correct=True))
        at += 2
        while not app.format.teams_out(app.runtime.state) and app.runtime.state.phase != "melee_tables":
            submit(app, c.Go(at=at))
            at += 1
        gone = app.format.teams_out(app.runtime.state)
        assert gone, app.runtime.state.phase  # the red table's players have left
        texts = drawn(app)
        assert texts.count("выбыл") == len(gone), texts
        buttons, _ = _buttons(app)
        assert not any(name.startswith(f"score_add:{t}:") for t in gone for name in buttons), list(buttons)
    finally:
        app.close()


# --- 5. the duel: Next refused before the thinking minimum says the seconds the clock shows ---------------


def test_next_before_the_thinking_minimum_is_over_names_the_seconds_the_clock_shows():
    from tests.duel_kit import go, started

    eng = started()
    assert go(eng, 2.0).accepted and eng.state.phase == "thinking"  # the first reading over at 2.0
    at = 2.0 + 2.6  # 12.4 s of the 15 left: the clock and the console read «12,4» as 13
    out = go(eng, at)
    assert not out.accepted
    left = eng.state.timer.remaining(at)
    shown = int(left + 0.999)  # the header's clock (display/console/header.py)
    assert shown == 13 and out.refused.startswith(f"{shown} s of the 15 s"), (left, out.refused)


# --- 6. «Брейн-ринг»: «Неверно (предварительно)» is not offered once the answer is shown -------------------


def test_the_ring_offers_no_provisional_wrong_once_the_answer_is_shown(tmp_path):
    from quizshow.runtime.operator.controls import Action
    from tests.duel_display_kit import _buttons
    from tests.ring_console_kit import _ring_app

    app = _ring_app(tmp_path)
    try:
        for at in (1.0, 2.0, 3.0):  # the question, «Внимание! Вопрос!», the clock
            assert app.action(Action("go", at)).accepted
        assert app.submit(c.Buzz(at=5.0, team=0, source_time=5.0)).accepted
        assert "provisional" in _buttons(app)[0]  # an answer being judged: offered
        assert app.action(Action("correct", 5.1)).accepted
        assert app.engine.state.phase == "reveal"
        assert "provisional" not in _buttons(app)[0]
    finally:
        app.close()


# --- 7. the question panel: the pack's author labelled as the author, a comment only when there is one -------


def test_the_question_panel_labels_the_author_and_shows_a_comment_only_where_the_question_has_one(tmp_path):
    from quizshow.display.console.question import question_rows
    from tests.duel_display_kit import duel_app

    app = duel_app(tmp_path)
    try:
        app.submit(c.Go(at=1.0))
        question = app.format.current(app.engine.state)
        assert question is not None and not question.comment
        rows = {app.say(label): text for label, text, _ in question_rows(question, app.say, app.format.setup.pack)}
        assert rows.get("АВТОР") == "Команда quizshow" and "КОММЕНТАРИЙ" not in rows, rows
        texts = drawn(app)
        assert "АВТОР" in texts and "КОММЕНТАРИЙ" not in texts
    finally:
        app.close()


def test_a_questions_comment_is_shown_alone_under_its_label_and_the_author_under_his():
    from quizshow.display.console.question import question_rows
    from quizshow.house_words import show_words
    from quizshow.packs.model import Question

    said = {}
    for language in ("ru", "en"):
        words = show_words(language)  # the console's words are the house's
        rows = question_rows(Question(q="Вопрос", a="Ответ", comment="Около 3530 км.", author="Иванов"), words.say)
        said[language] = [(words.say(label), text) for label, text, _ in rows[2:]]
    assert said["ru"] == [("КОММЕНТАРИЙ", "Около 3530 км."), ("АВТОР", "Иванов")]
    assert said["en"] == [("COMMENT", "Около 3530 км."), ("AUTHOR", "Иванов")]


# --- 8. cosmetics: the melee's heading in one case, «после вопроса N» at 36 px or more, the gold frame -------


def _melee_projected(tmp_path: Path):
    """The melee after question 1 (shows/melee.yaml) on a 1920×1080 projector: the texts fitted, their px."""
    import pygame

    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import ROOT, svoyak_config, views_of, words_of
    from tests.melee_console_kit import _app, _key

    app = _app(tmp_path)
    for at, key in ((1.0, pygame.K_RIGHT), (2.0, pygame.K_RIGHT), (3.0, pygame.K_2), (4.0, pygame.K_y)):
        _key(app, key, at)
    theme = load_theme(svoyak_config(ROOT / "shows" / "melee.yaml").theme)
    projector = Projector(app.format, theme, "Куча мала", words_of(app.format), views=views_of(app.format))
    calls: dict[str, int] = {}
    text = projector.text
    fit = text.fit

    def spy(words, role, box, color, max_px, *args, **kwargs):
        calls[words] = min(calls.get(words, 10**3), text.layout(words, role, box, max_px).px)
        return fit(words, role, box, color, max_px, *args, **kwargs)

    text.fit = spy
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, app.engine.state, 10.0)
    projector.render(surface, app.engine.state, 12.0)
    return app, calls


def test_the_melee_heading_is_in_one_case_and_after_question_n_reads_at_36_px(tmp_path):
    app, calls = _melee_projected(tmp_path)
    try:
        heads = [t for t in calls if t.startswith("КУЧА МАЛА")]
        assert heads and all(t == t.upper() for t in heads), heads
        assert calls["после вопроса 1"] >= 36, calls["после вопроса 1"]
    finally:
        app.close()


def test_the_answering_teams_gold_frame_runs_round_its_buttons_not_under_them(tmp_path):
    from quizshow.display.console.style import GOLD
    from tests.duel_display_kit import _buttons

    app = day_app(tmp_path, SEED001)
    try:
        app.submit(m.Enter(at=1, fixture="M0", order="3,1,2"))
        app.submit(m.Pick(at=2, team=5))
        at = 3.0
        while D.draw_stage(app.runtime.state.fmt.day) == "lot":
            submit(app, c.Go(at=at))
            at += 0.1
        for _ in range(4):  # Q1: the title, ready, «Внимание!», the clock
            if app.runtime.state.phase == "clock":
                break
            submit(app, c.Go(at=at))
            at += 1
        submit(app, c.Buzz(at=at, team=0, source_time=at))
        answering = app.runtime.state.answering
        assert answering is not None
        buttons, surface = _buttons(app)
        plus = buttons[f"score_add:{answering}:1"] if f"score_add:{answering}:1" in buttons else next(
            r for n, r in buttons.items() if n.startswith(f"score_add:{answering}:") and not n.endswith(":-1"))

        def gold(x: int, y: int) -> bool:
            px = surface.get_at((x, y))
            return all(abs(a - b) <= 40 for a, b in zip(px[:3], GOLD[:3], strict=True))

        # the frame's top and bottom edges run past the buttons: gold just above and below the [+]
        above = [any(gold(x, plus.top - k) for k in range(1, 7)) for x in range(plus.left + 4, plus.right - 4)]
        below = [any(gold(x, plus.bottom - 1 + k) for k in range(1, 7)) for x in range(plus.left + 4, plus.right - 4)]
        assert all(above) and all(below), (plus, sum(above), sum(below))
    finally:
        app.close()


def test_the_lit_schedule_button_after_the_melee_names_the_draw_as_next_does(tmp_path):
    """The melee decided: ДАЛЕЕ said «Результат записан: к жеребьёвке» and the lit button «… к таблице» (QA 8):
    both name where Next goes."""
    from quizshow.core.actions import Call
    from tests.layout_kit import ROOT, app_of

    app = app_of(ROOT / "shows" / "tournament-001.yaml", tmp_path)
    try:
        at = 1.0
        for _ in range(200):
            if app.format.next_action(app.engine.state).key == "next.close_match_draw":
                break
            if app.engine.state.phase == "melee_question":
                assert app.call(Call("decide", (0,)), at, "console").accepted
            else:
                assert app.submit(c.Go(at=at)).accepted
            at += 1.0
        assert app.format.next_action(app.engine.state).key == "next.close_match_draw"
        texts = drawn(app)
        assert "Результат записан: к жеребьёвке" in texts, texts
        assert "Результат записан: к таблице" not in texts
    finally:
        app.close()
