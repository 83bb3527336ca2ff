"""QA wave 6, the console's words (2): words an operator would misread, found by playing every format — no
round in a «Брейн-ринг» match (only the final's battles), «Время вышло» journalled when the ring's clock runs
out, the duel's «бой», not «раунд». Each line is read as the operator sees it: drawn whole on the console at
1280×800 (SDL dummy; W6_SHOTS=<folder> saves each console as a PNG to look at)."""

from __future__ import annotations

from pathlib import Path

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.display.console.header import header_line
from quizshow.display.console.words import where_words
from quizshow.formats.svoyak import commands as sc
from tests.conftest import ROOT, svoyak_config, words_of
from tests.console_words_kit import _app, _drawn_whole, _in_english, _last, _ok


def _header(app: ShowApp) -> str:
    app.pump_views()
    _drawn_whole(app, _last(app), "header") if app.console.journal else None
    assert app.console.ui is not None
    return header_line(app.console.ui)


# --- 1. «Брейн-ринг»: a match has no rounds ----------------------------------------------------------------

def test_a_brainring_match_names_no_round_in_the_header_or_the_journal(tmp_path):
    app = _app(tmp_path, "brainring.yaml")
    try:
        for at in (1.0, 2.0, 3.0):  # the first question, «Внимание! Вопрос!», «Время!»
            _ok(app, c.Go(at=at))
        lines = [text for _, text in app.console.journal]
        assert lines[0] == "Далее: вопрос 1 · перед вопросом", lines
        assert where_words(app.format, app.engine.state, words_of(app.format)) == "вопрос 1 · идёт время"
        assert where_words(app.format, app.engine.state, words_of(app.format, "en")).startswith("question 1")
        header = _header(app)
        assert "раунд" not in header.lower() and "вопрос 1" in header, header
    finally:
        app.close()


def _ring_final(tmp_path: Path) -> ShowApp:
    """The ring's final (battles to 1 point, so a right answer wins one)."""
    text = (ROOT / "shows" / "brainring.yaml").read_text(encoding="utf-8")
    text = text.replace("match: match5", "match: final\n  battle_target: 1")
    text = text.replace("../packs/", f"{(ROOT / 'packs').as_posix()}/")
    show = tmp_path / "final.yaml"
    show.write_text(text, encoding="utf-8")
    return ShowApp(svoyak_config(show), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9, web=False)


def test_the_brainring_final_names_its_battle_not_a_round(tmp_path):
    app = _ring_final(tmp_path)
    try:
        for at in (1.0, 2.0, 3.0):
            _ok(app, c.Go(at=at))
        assert where_words(app.format, app.engine.state, words_of(app.format)) == "бой 1, вопрос 1 · идёт время"
        _ok(app, c.Buzz(at=4.0, team=0))
        _ok(app, c.Judge(at=5.0, correct=True))
        _ok(app, c.Go(at=6.0))  # Альфа takes battle 1
        line = _last(app)
        assert line == "Далее: начат бой 2 (бой 1 выиграла команда Альфа)", line
        assert _in_english(app) == "Next: battle 2 started (battle 1 won by Альфа)", _in_english(app)
        _drawn_whole(app, line, "ring_battle_2")
        header = _header(app)
        assert "раунд" not in header.lower(), header
    finally:
        app.close()


def test_a_tournaments_ring_match_and_its_draw_name_no_round(tmp_path):
    app = _app(tmp_path, "tournament-004.yaml")
    try:
        at = 1.0
        said = where_words(app.format, app.engine.state, words_of(app.format))
        assert said == "жеребьёвка"  # never «жеребьёвка, раунд 1»
        while app.engine.state.fmt.match is None or app.engine.state.fmt.match.phase != "clock":
            _ok(app, c.Go(at=at))
            at += 1
        assert where_words(app.format, app.engine.state, words_of(app.format)) == "вопрос 1 · идёт время"
        header = _header(app)
        assert "раунд" not in header.lower(), header
        _ok(app, c.Tick(at=at + 100))  # the match's clock runs out: the ring's words
        assert _last(app) == "Время вышло: верного ответа нет, показан ответ", _last(app)
        _drawn_whole(app, _last(app), "tournament_time_up")
    finally:
        app.close()


# --- 2. «Брейн-ринг»: the clock runs out ---------------------------------------------------------------------

def test_the_brainring_clock_running_out_is_journalled_with_what_follows(tmp_path):
    app = _app(tmp_path, "brainring.yaml")
    try:
        for at in (1.0, 2.0, 3.0):
            _ok(app, c.Go(at=at))
        assert _last(app) == "Далее: время пошло"
        _ok(app, c.Tick(at=200.0))  # 60 s of clean time, nobody pressed
        assert app.engine.state.phase == "reveal"
        line = _last(app)
        assert line == "Время вышло: верного ответа нет, показан ответ", line
        assert _in_english(app) == "Time is up: no right answer, the answer is shown"
        _drawn_whole(app, line, "ring_time_up")
        _ok(app, c.Tick(at=201.0))  # a tick that changes nothing journals nothing
        assert [t for _, t in app.console.journal].count(line) == 1
    finally:
        app.close()


def test_the_brainring_clock_running_out_after_a_wrong_answer_says_there_was_no_right_answer(tmp_path):
    app = _app(tmp_path, "brainring.yaml")
    try:
        for at in (1.0, 2.0, 3.0):
            _ok(app, c.Go(at=at))
        _ok(app, c.Buzz(at=10.0, team=0))
        _ok(app, c.Judge(at=11.0, correct=False))  # Альфа is out of this question; the clock resumes for Бета
        assert app.engine.state.phase == "clock"
        _ok(app, c.Tick(at=300.0))
        assert app.engine.state.phase == "reveal"
        assert _last(app) == "Время вышло: верного ответа нет, показан ответ", _last(app)
    finally:
        app.close()


# --- 4. the duel: «бой 2» ------------------------------------------------------------------------------------

def test_the_duels_next_bout_is_journalled_as_a_bout(tmp_path):
    from tests.duel_display_kit import duel_app

    app = duel_app(tmp_path)
    try:
        for at in (1.0, 2.0, 17.5, 18.0, 19.0, 34.5):  # two questions without a press: the bout ends 0:0
            assert app.action(Action("go", at)).accepted
        assert app.engine.state.phase == "result"
        assert app.action(Action("go", 36.0)).accepted
        line = _last(app)
        assert line == "Далее: начат бой 2", line
        assert _in_english(app) == "Next: bout 2 started", _in_english(app)
        _drawn_whole(app, line, "duel_bout_2")
    finally:
        app.close()


# --- 3. «Куча мала»: the table that pressed, then its teams ---------------------------------------------------

def test_a_melee_press_names_the_table_by_its_colour_before_its_teams(tmp_path):
    app = _app(tmp_path, "melee.yaml")
    try:
        for at in (1.0, 2.0):  # the tables (by lot), question 1
            _ok(app, c.Go(at=at))
        _ok(app, c.Buzz(at=4.0, team=0))  # the red table
        teams = app.engine.format.seated(app.engine.state, app.engine.state.fmt, 0)
        line = _last(app)
        assert line == f"Первое нажатие: красный стол ({teams})", line
        assert _in_english(app) == f"First to press: the red table ({teams})"
        drawn = _drawn_whole(app, line, "melee_press")
        assert any(t.startswith("Отменить:") and "красный стол" in t for t in drawn), drawn  # the undo button too
    finally:
        app.close()


def test_a_tournaments_melee_press_names_the_table_too(tmp_path):
    app = _app(tmp_path, "tournament-001.yaml")
    try:
        for at in (1.0, 2.0, 3.0):  # the melee begun, the tables, question 1
            _ok(app, c.Go(at=at))
        _ok(app, c.Buzz(at=4.0, team=1))  # the green table
        assert _last(app).startswith("Первое нажатие: зелёный стол ("), _last(app)
    finally:
        app.close()


# --- 5. the written quiz: the results and the podium name no question ------------------------------------------

class _Through:
    """The app driven as tests/written_kit drives an engine (dispatch, state, format): through app.submit, so
    the console journals and draws what an operator's keys would."""

    def __init__(self, app: ShowApp) -> None:
        self.app = app

    def dispatch(self, cmd: c.Command):
        return self.app.submit(cmd)

    @property
    def state(self):
        return self.app.engine.state

    @property
    def format(self):
        return self.app.format


def test_the_written_results_and_podium_after_a_tie_break_name_no_question(tmp_path):
    import sys

    sys.path.insert(0, str(ROOT / "tests"))  # tests/formats/written/test_written.py imports its kit by its bare name
    from quizshow.outputs.overlay.snapshot import where
    from tests.written_kit import go, mark, play_question
    from tests.written_rules_kit import _to_the_end

    app = _app(tmp_path, "written.yaml")
    try:
        e = _Through(app)
        t = _to_the_end(e, 0.0, {0: (0, 1), 1: (0, 1)})  # two teams share first place: a tie-break question
        number = e.state.fmt.number
        assert app.format.is_extra(number)
        t = play_question(e, t)
        mark(e, number, 0, at=t)  # settled
        go(e, t)
        for phase, words in (("results", "результаты"), ("podium", "пьедестал")):
            assert e.state.phase == phase
            header = _header(app)
            assert header == words.upper(), header  # not «РЕЗУЛЬТАТЫ · дополнительный вопрос 1»
            assert where_words(app.format, e.state, words_of(app.format)) == words
            assert where_words(app.format, e.state, words_of(app.format, "en")) == \
                {"results": "results", "podium": "podium"}[phase]
            # the video overlay's line too
            assert where(app.format.position(e.state), words_of(app.format)) == (None, None)
            _drawn_whole(app, _last(app), f"written_{phase}")
            if phase == "results":
                go(e, t + 1)
    finally:
        app.close()


def test_the_written_results_of_a_tour_name_the_tour_and_no_question(tmp_path):
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from tests.written_kit import go, play_question

    app = _app(tmp_path, "written.yaml")
    try:
        e = _Through(app)
        t = 1.0
        go(e, 0.0)  # the first question
        while e.state.phase != "results":
            if e.state.phase == "question":
                t = play_question(e, t)
            go(e, t)
            t += 1
        assert where_words(app.format, e.state, words_of(app.format)) == "результаты, тур 1"
        assert _header(app) == "РЕЗУЛЬТАТЫ", _header(app)
    finally:
        app.close()


# --- 6. the sprint: the phase words match the phase --------------------------------------------------------

def test_the_sprint_header_after_a_question_says_its_answer_is_shown_not_before_the_question(tmp_path):
    app = _app(tmp_path, "tournament-sprint.yaml")
    try:
        at = 1.0
        while app.engine.state.fmt.match is None or app.engine.state.fmt.match.phase != "sprint_open":
            _ok(app, c.Go(at=at))
            at += 1
        _ok(app, c.Buzz(at=at, team=0))
        _ok(app, c.Judge(at=at + 1, correct=True))
        header = _header(app)
        assert header.startswith("СПРИНТ: ОТВЕТ ПОКАЗАН · вопрос 1"), header  # not «СПРИНТ: ПЕРЕД ВОПРОСОМ»
        said = where_words(app.format, app.engine.state, words_of(app.format, "en"))
        assert said == "question 1 · sprint: answer shown"
        _ok(app, c.Go(at=at + 2))  # question 2: nobody answers, Next shows its answer
        _ok(app, c.Go(at=at + 3))
        assert _last(app) == "Далее: показан ответ", _last(app)
        assert _header(app).startswith("СПРИНТ: ОТВЕТ ПОКАЗАН · вопрос 2"), _header(app)
        _drawn_whole(app, _last(app), "sprint_shown")
    finally:
        app.close()


# --- 7. «Своя игра»: the end after a shoot-out is the game's end -------------------------------------------------

def test_the_end_after_a_shootout_reads_game_over_alone(tmp_path):
    from tests.undo_kit import svoyak_shootout_won

    app = svoyak_shootout_won(tmp_path)
    try:
        # not «перестрелка, вопрос 4 · …»
        assert where_words(app.format, app.engine.state, words_of(app.format)) == "игра окончена"
        assert where_words(app.format, app.engine.state, words_of(app.format, "en")) == "game over"
        assert _last(app) == "Далее: объявлен победитель", _last(app)
        header = _header(app)
        assert "перестрелка" not in header.lower() and "вопрос" not in header.lower(), header
    finally:
        app.close()


# --- 9. «Своя игра»: the round ended early is named ----------------------------------------------------------

def test_a_round_ended_early_is_named_in_the_journal_and_on_the_undo_button(tmp_path):
    app = _app(tmp_path, "svoyak.yaml")
    try:
        at = 1.0
        for ending in range(3):  # rounds 1, 2 and 3 ended early from their boards
            while app.format.next_action(app.engine.state).key != "next.pick_cell":
                _ok(app, c.Go(at=at))
                at += 1
            _ok(app, sc.EndRound(at=at))
            at += 1
            line = _last(app)
            assert line == f"Раунд {ending + 1} закончен досрочно", line
            assert _in_english(app) == f"Round {ending + 1} ended early"
        drawn = _drawn_whole(app, line, "end_round_3")
        assert any(t.startswith("Отменить:") and "Раунд 3" in t for t in drawn), drawn
    finally:
        app.close()


# --- 8. the duel: a right answer names the opponent the rules removed -----------------------------------------

def test_a_duel_right_answer_names_the_opponent_who_leaves_by_the_rules(tmp_path):
    from tests.duel_display_kit import duel_app
    from tests.duel_kit import ALPHA, BETA, RED

    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        app.submit(c.Buzz(at=2.0, team=ALPHA, player=RED, source_time=2.0))
        app.action(Action("correct", 3.0))
        answerer = app.engine.state.teams[ALPHA].players[RED]
        gone = app.engine.state.teams[BETA].players[RED]  # the same colour at the other team: out by the rules
        line = _last(app)
        assert line == f"{answerer}: ответ верный, выбывает {gone}", line
        assert _in_english(app) == f"{answerer}: right answer, {gone} leaves"
        drawn = _drawn_whole(app, line, "duel_right_out")
        assert any(t.startswith("Отменить:") and gone in t for t in drawn), drawn  # the undo button says it too
        app.action(Action("go", 4.0))  # the next question: right again, twice in a row — the answerer chooses
        app.submit(c.Buzz(at=5.0, team=ALPHA, player=RED, source_time=5.0))
        app.action(Action("correct", 6.0))
        assert app.engine.state.phase == "choosing"
        assert _last(app) == f"{answerer}: ответ верный, выбирает, кто выбывает", _last(app)
        _drawn_whole(app, _last(app), "duel_right_chooses")
    finally:
        app.close()
