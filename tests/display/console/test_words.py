"""QA wave 6, the console's words: the journal (and the undo button) names who did what — the duel's choice of
who leaves, the «Брейн-ринг» answerer named by the captain —, the cat in the bag is worth nothing until its
receiver chooses, «Своя игра»'s final is «финал», never «раунд 3», and a tie prompt only when someone is tied.
Each new line is read as the operator sees it: drawn whole on the console at 1280×800 (SDL dummy)."""

from __future__ import annotations

from pathlib import Path

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.display.console.words import where_words
from quizshow.formats.brainring import commands as bc
from quizshow.formats.svoyak import commands as sc
from quizshow.runtime.show.startup import resumed_text
from tests.conftest import words_of
from tests.console_words_kit import _app, _drawn_whole, _in_english, _last, _ok
from tests.duel_kit import ALPHA, RED

# --- 1. the duel: who chose and whom -----------------------------------------------------------------------

def test_the_duels_choice_names_who_chose_and_who_leaves(tmp_path):
    from tests.duel_display_kit import duel_app

    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        for at in (2.0, 5.0):  # the red player of Альфа answers right twice in a row: they choose
            app.submit(c.Buzz(at=at, team=ALPHA, player=RED, source_time=at))
            app.action(Action("correct", at + 1))
            if at == 2.0:
                app.action(Action("go", 4.0))
        assert app.engine.state.phase == "choosing"
        chooser = app.engine.state.teams[ALPHA].players[RED]
        app.action(Action("duel_choose", 7.0, "console", (1,)))  # Бета's yellow player leaves
        gone = app.engine.state.teams[1].players[1]
        line = _last(app)
        assert line == f"{chooser} выбирает, кто выбывает: {gone}", line
        assert _in_english(app) == f"{chooser} chooses who leaves: {gone}"
        drawn = _drawn_whole(app, line, "duel_choice")
        assert any(t.startswith("Отменить:") and gone in t for t in drawn), drawn  # the undo button says it too
    finally:
        app.close()


# --- 2. «Брейн-ринг»: the answerer named by the captain ------------------------------------------------------

def test_the_brainring_answerer_the_captain_names_is_named_in_the_journal(tmp_path):
    app = _app(tmp_path, "brainring.yaml")
    try:
        for at in (1.0, 2.0, 3.0):  # ready, «Внимание! Вопрос!», «Время!»
            _ok(app, c.Go(at=at))
        _ok(app, c.Buzz(at=4.0, team=0))
        team = app.engine.state.teams[0]
        _ok(app, bc.SetAnswerer(at=5.0, team=0, player=2))
        line = _last(app)
        assert line == f"{team.name}: отвечает {team.players[2]}", line
        assert _in_english(app) == f"{team.name}: {team.players[2]} answers"
        _drawn_whole(app, line, "brainring_answerer")
    finally:
        app.close()


# --- 3. «Своя игра»: the cat's value once it is chosen ------------------------------------------------------

def _svoyak_board(tmp_path: Path) -> ShowApp:
    app = _app(tmp_path, "svoyak.yaml")
    _ok(app, c.Go(at=1.0))
    _ok(app, c.Go(at=2.0))
    assert app.engine.state.phase == "board"
    return app


def test_the_cat_in_the_bag_is_journalled_without_a_value_until_its_receiver_chooses_one(tmp_path):
    app = _svoyak_board(tmp_path)
    try:
        _ok(app, sc.SelectCell(at=3.0, theme=2, question=2))  # «Химические элементы», the cell of 30: a cat
        assert app.engine.state.phase == "cat"
        opened = _last(app)
        assert opened == "Открыт кот в мешке (тема «Химические элементы»)", opened
        assert "30" not in _in_english(app) and "Cat in the bag" in _in_english(app)
        drawn = _drawn_whole(app, opened, "cat_opened")
        assert not any("за 30" in t for t in drawn), [t for t in drawn if "30" in t]  # nor on the undo button
        _ok(app, sc.GiveCat(at=4.0, team=1))
        assert _last(app) == "Кот в мешке отдан: Борис"  # before the value: who got the cat
        _ok(app, sc.CatValue(at=5.0, value=40))
        assert _last(app) == "Кот в мешке: стоимость 40"  # after: the value
        _drawn_whole(app, _last(app), "cat_value")
    finally:
        app.close()


def test_a_regular_cell_is_still_journalled_with_its_value(tmp_path):
    app = _svoyak_board(tmp_path)
    try:
        _ok(app, sc.SelectCell(at=3.0, theme=3, question=1))
        assert _last(app) == "Открыт вопрос «Кино» за 20"
    finally:
        app.close()


# --- 4. «Своя игра»: the final is «Финал», not «раунд 3» ----------------------------------------------------

def _svoyak_final(tmp_path: Path) -> ShowApp:
    """«Своя игра» with Анна 300, Борис 200, Вера 100, at the final's stakes."""
    from tests.console_traps_kit import svoyak_at_the_stakes

    return svoyak_at_the_stakes(tmp_path)


def test_the_final_is_never_called_round_3_on_the_console(tmp_path):
    app = _svoyak_final(tmp_path)
    try:
        assert _last(app) == "Далее: финал: ставки", _last(app)
        assert where_words(app.format, app.engine.state, words_of(app.format)) == "финал: ставки"
        assert where_words(app.format, app.engine.state, words_of(app.format, "en")) == "final: stakes"
        for team, stake in enumerate((10, 20, 30)):
            _ok(app, sc.FinalStake(at=50.0 + team, team=team, amount=stake))
        # a far undo names where the picture would go back to: the stakes, not «раунд 3»
        drawn = _drawn_whole(app, _last(app), "final_stakes")
        _ok(app, c.Go(at=60.0))
        assert _last(app) == "Далее: финал: вопрос"
        drawn = _drawn_whole(app, _last(app), "final_question")
        undo = next(t for t in drawn if t.startswith("Отменить (2×)"))
        assert "финал: ставки" in undo and "раунд" not in undo, undo
        assert not any("раунд 3" in t for t in drawn), [t for t in drawn if "раунд" in t]
    finally:
        app.close()


def test_the_shootout_and_the_end_after_the_final_name_no_round(tmp_path):
    from tests.undo_kit import svoyak_shootout_won

    app = svoyak_shootout_won(tmp_path)
    try:
        lines = [text for _, text in app.console.journal]
        assert "Далее: перестрелка" in lines, lines  # the shoot-out's title: not «перестрелка, раунд 3»
        assert not any("раунд 3" in text for text in lines[lines.index("Далее: перестрелка"):]), lines
        # «перестрелка, вопрос 4 · игра окончена»
        assert "раунд" not in where_words(app.format, app.engine.state, words_of(app.format))
    finally:
        app.close()


def test_a_show_resumed_at_the_shootout_says_the_shootout_not_a_round(tmp_path):
    app = _app(tmp_path, "svoyak.yaml")
    try:
        at = 1.0
        while app.engine.state.phase != "shootout":  # nobody scores: all three play the shoot-out
            _ok(app, sc.EndRound(at=at) if app.format.next_action(app.engine.state).key == "next.pick_cell"
                else c.Go(at=at))
            at += 1
        assert where_words(app.format, app.engine.state, words_of(app.format)) == "перестрелка"
        said = resumed_text(app.show, None)
        assert "раунд" not in said and "Перестрелка" in said, said
    finally:
        app.close()


# --- 5. a tie prompt only when someone is tied -------------------------------------------------------------

def _svoyak_final_themes(tmp_path: Path, scores: tuple[int, int, int]) -> ShowApp:
    app = _app(tmp_path, "svoyak.yaml")
    at = 1.0
    for team, points in enumerate(scores):
        _ok(app, c.ScoreSet(at=at, team=team, points=points))
    while app.engine.state.phase != "final_themes":
        picking = app.format.next_action(app.engine.state).key == "next.pick_cell"
        _ok(app, sc.EndRound(at=at) if picking else c.Go(at=at))
        at += 1
    return app


def _tie_words(app: ShowApp, name: str) -> list[str]:
    drawn = _drawn_whole(app, _last(app), name)
    return [t for t in drawn if "равном счёте" in t or "Равный счёт" in t]


def test_the_finals_removal_order_offers_no_tie_pick_when_nobody_is_level(tmp_path):
    app = _svoyak_final_themes(tmp_path, (300, 200, 100))  # Вера, Борис, Анна remove in turn: no tie
    try:
        assert not _tie_words(app, "final_themes_no_tie")
        _ok(app, sc.FinalRemove(at=100.0, theme=0))
        assert not _tie_words(app, "final_themes_no_tie_2")
    finally:
        app.close()


def test_the_finals_removal_order_offers_the_tie_pick_when_the_remover_is_level_with_a_later_one(tmp_path):
    app = _svoyak_final_themes(tmp_path, (300, 200, 200))  # Борис and Вера level: the host says who removes first
    try:
        assert _tie_words(app, "final_themes_tie") == ["При равном счёте ведущий выбирает, кто убирает: кнопка игрока"]
        _ok(app, sc.FinalRemove(at=100.0, theme=0))  # the first of the two removed: the second is settled
        assert not _tie_words(app, "final_themes_tie_settled")
    finally:
        app.close()


def _auction(tmp_path: Path, scores: tuple[int, int, int]) -> ShowApp:
    app = _svoyak_board(tmp_path)
    for team, points in enumerate(scores):
        _ok(app, c.ScoreSet(at=2.5, team=team, points=points))
    _ok(app, sc.PickTeam(at=2.6, team=0))
    _ok(app, sc.SelectCell(at=3.0, theme=0, question=3))  # «Реки и озёра» 40: the auction
    assert app.engine.state.phase == "auction"
    return app


def test_the_auction_offers_who_bids_first_only_on_a_tie(tmp_path):
    app = _auction(tmp_path / "level", (300, 100, 100))
    try:
        assert _tie_words(app, "auction_tie") == ["Равный счёт — кто ставит раньше:"]
    finally:
        app.close()
    app = _auction(tmp_path / "apart", (300, 200, 100))
    try:
        assert not _tie_words(app, "auction_no_tie")
    finally:
        app.close()


def _next_words(app: ShowApp) -> str:
    drawn = _drawn_whole(app, _last(app), "next")
    return next(t for t in drawn if t.startswith("ДАЛЕЕ"))


def test_next_after_the_last_round_says_shootout_when_nobody_reaches_the_final_and_first_place_is_shared(tmp_path):
    app = _app(tmp_path, "svoyak.yaml")
    try:
        at = 1.0
        while app.format.next_action(app.engine.state).key not in ("next.final", "next.shootout", "next.winner"):
            _ok(app, sc.EndRound(at=at) if app.format.next_action(app.engine.state).key == "next.pick_cell"
                else c.Go(at=at))
            at += 1
        assert "Перестрелка (первое место делят)" in _next_words(app)  # not «Перейти к финалу»: nobody is in it
        _ok(app, c.Go(at=at))
        assert app.engine.state.phase == "shootout"
    finally:
        app.close()


def _final_answer(tmp_path: Path, stakes: tuple[int, int, int], right: tuple[bool, bool, bool]) -> ShowApp:
    """Анна 300, Борис 200, Вера 100 through the final to its answer: `stakes` and verdicts by team."""
    app = _svoyak_final(tmp_path)
    at = 50.0
    for team, stake in enumerate(stakes):
        _ok(app, sc.FinalStake(at=at, team=team, amount=stake))
    for _ in range(2):  # the question, «Время!»
        _ok(app, c.Go(at=at))
    _ok(app, c.Tick(at=at + 100))
    at += 101
    _ok(app, c.Go(at=at))  # the reveal
    while app.engine.state.phase == "final_reveal":
        team = app.engine.state.fmt.final.order[app.engine.state.fmt.final.showing]
        _ok(app, c.Judge(at=at, correct=right[team]))
        _ok(app, c.Go(at=at + 0.5))
        at += 1
    assert app.engine.state.phase == "final_answer", app.engine.state.phase
    return app


def test_next_after_the_finals_answer_says_shootout_only_when_first_place_is_shared(tmp_path):
    app = _final_answer(tmp_path / "tie", (100, 200, 1), (True, True, False))  # Анна 400, Борис 400
    try:
        assert "Перестрелка (первое место делят)" in _next_words(app)
        _ok(app, c.Go(at=500.0))
        assert app.engine.state.phase == "shootout"
    finally:
        app.close()
    app = _final_answer(tmp_path / "lead", (100, 50, 1), (True, True, False))  # Анна 400 alone
    try:
        words = _next_words(app)
        assert "Объявить победителя" in words and "Перестрелка" not in words, words
    finally:
        app.close()
