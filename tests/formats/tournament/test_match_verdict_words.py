"""QA: a verdict in a tournament's match is worded from what it did («Альфа: верно, +1»), never by the
melee's table words («Стол ответил верно: » with no one), which only the melee's own commands take."""

from __future__ import annotations

from quizshow.core import commands as c
from tests.conftest import words_of
from tests.tournament_day_kit import after_the_draw, day_app, journal, submit
from tests.tournament_kit import SEED001


def test_a_verdict_in_a_tournament_ring_match_names_the_team_not_an_empty_table(tmp_path):
    app = after_the_draw(tmp_path)  # seed 004: no melee at all
    try:
        at = 10.0
        while app.runtime.state.phase != "clock":  # Next to the first question of match A1, its clock running
            submit(app, c.Go(at=at))
            at += 1
        ev = app.runtime.state.fmt
        first = ev.match.teams[0].name if ev.match is not None else ""
        submit(app, c.Buzz(at=at, team=0))
        submit(app, c.Judge(at=at + 1, correct=True))
        said = journal(app)[-1]
        assert "Стол" not in said and first in said and "верно" in said, said
    finally:
        app.close()


def test_the_tournaments_melee_still_words_its_tables(tmp_path):
    app = day_app(tmp_path, SEED001)
    try:
        for at in (1.0, 2.0, 3.0):
            submit(app, c.Go(at=at))
        submit(app, c.Buzz(at=4.0, team=1))  # the green table
        submit(app, c.Judge(at=5.0, correct=True))
        said = journal(app)[-1]
        assert "ответил верно: " in said and not said.rstrip().endswith(":"), said  # who sits there
    finally:
        app.close()


def test_an_amount_typed_before_all_in_does_not_stand_as_the_next_stake(tmp_path):
    """QA: 50 typed in the auction, then «ва-банк»: the final's stake buttons read «Ставка 50» rounds later.
    A step that moves the game on clears what was typed for the step before it."""
    from quizshow.core.actions import Call
    from quizshow.formats.svoyak import commands as sc
    from tests.conftest import ROOT
    from tests.svoyak_console_kit import app_of, cell_of, to_board

    app = app_of(ROOT / "shows" / "svoyak.yaml", tmp_path)
    try:
        for team, points in enumerate((100, 150, 40)):
            assert app.submit(c.ScoreSet(at=0.5, team=team, points=points)).accepted
        to_board(app, 0)
        theme, question = cell_of(app, "auction")
        assert app.submit(sc.SelectCell(at=3.0, theme=theme, question=question)).accepted
        app.status.amount = "100"
        assert app.call(Call("bid", (0,)), 4.0, "console").accepted
        app.status.amount = "50"  # typed, then Борис goes «ва-банк» 150 instead and the bidding is over
        assert app.call(Call("allin", (1,)), 5.0, "console").accepted
        assert app.engine.state.answering == 1 and app.status.amount == ""
    finally:
        app.close()


def test_a_tournaments_melee_names_its_tables_in_help_and_lists_no_amount_keys_while_digits_buzz(tmp_path):
    """QA: inside seed 001's melee the devices line said «кнопки 1–2» and F1 offered «Счёт между матчами 0–9»
    while the digits were the tables' buttons."""
    from tests.tournament_day_kit import drawn

    app = day_app(tmp_path, SEED001)
    try:
        for at in (1.0, 2.0, 3.0):
            submit(app, c.Go(at=at))  # the melee's first question: the tables' buttons live
        names = [b.name for b in app.format.buttons(app.runtime.state)]
        assert names == ["melee.button_red", "melee.button_green"]
        app.status.help = True
        texts = drawn(app)
        assert not any("0–9" in t for t in texts), texts
    finally:
        app.close()


def test_the_match_result_puts_the_winners_number_first_under_the_winners_name():
    """QA: «ПОБЕДА Северяне · 1 : 5» — the score was in table order, so the loser's number came first."""
    import pygame

    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from quizshow.i18n import number
    from tests.brainring_display_kit import config, engine, walk
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    e = engine()
    text = RecordingText(load_theme(config().theme).fonts)
    projector = Projector(e.format, load_theme(config().theme), "Брейн-ринг", words_of(e.format), text,
                          views=views_of(e.format))
    for _, commands in walk():
        for cmd in commands:
            out = e.dispatch(cmd)
            projector.on_events(out.events, cmd.at)
    ring = e.state.fmt
    assert ring.winner == 1 and e.state.teams[1].score > e.state.teams[0].score
    text.fitted.clear()
    projector.render(pygame.Surface((1280, 720)), e.state, 400.0)
    shown = [what for what, _, _ in text.fitted]
    assert f"{number(e.state.teams[1].score)} : {number(e.state.teams[0].score)}" in shown, shown


def test_after_the_melee_next_and_the_journal_say_the_draw_that_the_projector_shows(tmp_path):
    """QA: after seed 001's melee ДАЛЕЕ read «Результат записан: к таблице» and the journal «…на экране
    таблица» while the projector showed «ЖЕРЕБЬЁВКА»."""
    from quizshow.formats.melee.commands import Decide

    app = day_app(tmp_path, SEED001)
    try:
        at = 1.0
        while not app.format.next_action(app.runtime.state).key.startswith("next.close_match"):
            melee_asks = str(app.runtime.state.phase).endswith("melee_question")
            submit(app, Decide(at=at, side=1) if melee_asks else c.Go(at=at))
            at += 1
        assert app.say(app.format.next_action(app.runtime.state).key) == "Результат записан: к жеребьёвке"
        submit(app, c.Go(at=at))
        assert app.runtime.state.fmt.screen == "ev_draw"
        assert journal(app)[-1] == "Далее: матч записан, на экране жеребьёвка"
    finally:
        app.close()


def test_the_appeals_one_budget_is_counted_once_on_the_teams_line_not_on_both_buttons(tmp_path):
    """QA: one accepted appeal turned both buttons to «принята 1/2» and «отклонена 1/2», which read as one
    appeal rejected too."""
    from quizshow.core.actions import Call
    from tests.brainring_display_kit import _app
    from tests.tournament_day_kit import drawn

    app = _app(tmp_path)
    try:
        submit(app, c.Go(at=1.0))
        assert app.call(Call("disc", (0, "appeal_accepted")), 2.0, "console").accepted
        texts = drawn(app)
        assert any(t.endswith("· апелляций 1 из 2") and t.startswith(app.engine.state.teams[0].name) for t in texts)
        appeal_buttons = [t for t in texts if t.startswith("Апелляция")]
        assert appeal_buttons and not any(ch.isdigit() for t in appeal_buttons for ch in t), appeal_buttons
    finally:
        app.close()


def test_the_tally_buttons_of_the_hall_teams_stay_inside_the_match_panel(tmp_path):
    """QA: in seed 001's ring match the last «Команда за столом» button ran past the panel's right border
    (the gaps between the buttons were not counted)."""
    import pygame

    from quizshow.display.console.ui import PanelUI
    from tests.tournament_day_kit import seed001_after_the_draw

    app = seed001_after_the_draw(tmp_path)
    buttons: list[tuple[str, pygame.Rect]] = []
    button = PanelUI.button

    def recording(self, rect, label, name, *args, **kw):
        buttons.append((name, pygame.Rect(rect)))
        return button(self, rect, label, name, *args, **kw)

    try:
        at = 10.0
        while app.runtime.state.phase != "ready":  # Next to the first qualifying match's first question
            submit(app, c.Go(at=at))
            at += 1
        PanelUI.button = recording
        app.pump_views()
        app.console.render(pygame.Surface((1280, 800)), at, app.status)
        tally = [rect for name, rect in buttons if name == "tally"]
        inside = max(rect.right for name, rect in buttons if name == "disc")  # the panel's right column ends here
        assert len(tally) >= 6 and max(r.right for r in tally) <= inside, (tally, inside)
    finally:
        PanelUI.button = button
        app.close()


def test_svoyak_title_next_starts_the_first_round_not_the_next():
    from tests.conftest import svoyak_engine

    e = svoyak_engine()
    assert e.format.next_action(e.state).key == "next.first_round"


def test_a_match_with_no_hall_teams_draws_no_empty_tally_heading(tmp_path):
    """QA: seed 004's matches (two teams) showed «КОМАНДА ЗА СТОЛОМ» over nothing."""
    from tests.tournament_day_kit import after_the_draw, drawn

    app = after_the_draw(tmp_path)
    try:
        at = 10.0
        while app.runtime.state.phase != "ready":
            submit(app, c.Go(at=at))
            at += 1
        assert not any(t.upper() == "КОМАНДА ЗА СТОЛОМ" for t in drawn(app))
    finally:
        app.close()


def test_a_wrong_answer_is_journalled_like_a_right_one_with_its_comma():
    """QA: the journal mixed «Борис: неверно −10» with «Вера: верно, +10»."""
    from quizshow.core.effects import Event, EventKind
    from quizshow.core.engine import Entry
    from quizshow.display.console.words import describe

    teams = ["Борис"]
    wrong = Entry(c.Judge(at=1.0, correct=False), (Event(EventKind.WRONG, team=0, points=10),))
    right = Entry(c.Judge(at=1.0, correct=True), (Event(EventKind.CORRECT, team=0, points=10),))
    assert describe(wrong, teams, words_of("brainring")) == "Борис: неверно, −10"
    assert describe(right, teams, words_of("brainring")) == "Борис: верно, +10"
