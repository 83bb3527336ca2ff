"""Issue 22 (QA on the tournament days): the traps a host and an operator tripped on between matches —
typing a score, the confirm prompts, the undo button, the journal, the projector's words."""

from __future__ import annotations

import pygame
import pytest

from quizshow import registry
from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.event import day as D
from quizshow.formats.tournament import model as m
from tests.conftest import click, every_format_words, notices
from tests.tournament_day_kit import after_the_draw, day_app, drawn, journal, seed001_after_the_draw, submit
from tests.tournament_kit import SEED001, SEED004, config

DIGITS = {"0": pygame.K_0, "1": pygame.K_1, "2": pygame.K_2, "3": pygame.K_3, "4": pygame.K_4}


def pair(app: ShowApp, fixture: str) -> tuple[str, str]:
    day = app.runtime.state.fmt.day
    a, b = D.plan(day).get(fixture).teams
    return day.teams[a].name, day.teams[b].name


def type_keys(app: ShowApp, digits: str, at: float = 5.0) -> list[object]:
    return [app.key(DIGITS[d], 0, at) for d in digits]


# --- 1. a score typed between matches -----------------------------------------------------------------


def test_digits_between_matches_type_the_score_and_enter_records_it(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        type_keys(app, "21")
        assert str(app.status.amount) == "21"
        assert not any("Buzz" in n.text for n in notices(app))  # no raw «Команда Buzz …» refusal
        assert "Набран счёт: 2:1" in drawn(app)
        click(app, "enter", 6.0, "A2")
        result = app.runtime.state.fmt.day.result("A2")
        assert result is not None and result.scores == (2, 1)
        assert not app.status.amount  # the next result starts from nothing
    finally:
        app.close()


def test_enter_without_a_typed_score_is_refused_with_a_clear_word(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        click(app, "enter", 6.0, "A2")
        assert app.runtime.state.fmt.day.result("A2") is None  # never 0:0 by itself
        assert any("Сначала наберите счёт" in n.text for n in notices(app))
    finally:
        app.close()


def test_a_seed001_qualifying_result_is_typed_and_recorded(tmp_path):
    app = seed001_after_the_draw(tmp_path)
    try:
        assert app.runtime.state.fmt.day.result("Q1") is None
        type_keys(app, "31", 6.0)
        click(app, "enter", 6.5, "Q1")
        result = app.runtime.state.fmt.day.result("Q1")
        assert result is not None and result.scores == (3, 1) and result.winner == result.teams[0]
    finally:
        app.close()


def test_a_correction_takes_its_typed_score_and_refuses_none_before_asking_the_reason(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        submit(app, m.Enter(at=3, fixture="A1", scores="3:1"))
        click(app, "fix_result", 4.0, "A1")
        assert app.status.typing is None  # no reason asked: no score typed
        assert any("Сначала наберите счёт" in n.text for n in notices(app))
        type_keys(app, "13", 4.2)
        click(app, "fix_result", 4.5, "A1")
        assert app.status.typing == ""
        app.text_input("протокол")
        assert app.key(pygame.K_RETURN, 0, 4.8).accepted
        assert app.runtime.state.fmt.day.result("A1").scores == (1, 3)
    finally:
        app.close()


# --- 2. the confirm prompts ------------------------------------------------------------------------------


def prompt_text(app: ShowApp) -> str:
    app.pump_views()
    return app.status.prompt[0] if app.status.prompt else ""


def test_every_confirm_prompt_phrase_exists_in_both_languages():
    """Every destructive action any format declares (ActionDef.confirm) has its question in Russian and English;
    so has Ctrl+Z on a recorded result and «Начать заново»."""
    keys = {"console.undo_confirm", "console.start_over_confirm"}
    for name in registry.names():
        keys |= {f"console.{a.name}_confirm" for a in registry.spec(name).actions if a.confirm}
    assert "console.remove_confirm" in keys and "console.undo_result_confirm" in keys
    for language in ("ru", "en"):
        missing = [k for k in sorted(keys) if not every_format_words(language).knows(k)]
        assert not missing, (language, missing)


def test_removing_a_team_asks_by_its_name(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        orion = next(i for i, t in enumerate(app.runtime.state.fmt.day.teams) if t.name == "Орион")
        from quizshow.app import Action

        app.action(Action("remove", 5.0, "console", (orion,)))
        assert prompt_text(app) == "Снять команду «Орион» с турнира? Нажмите ещё раз"
        assert orion not in app.runtime.state.fmt.day.removed_teams
        app.action(Action("remove", 5.5, "console", (orion,)))
        assert orion in app.runtime.state.fmt.day.removed_teams
    finally:
        app.close()


def test_taking_back_the_last_result_asks_naming_it(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        type_keys(app, "21")
        click(app, "enter", 6.0, "A2")
        click(app, "undo_result", 6.5)
        a, b = pair(app, "A2")
        assert prompt_text(app) == f"Отменить: Результат А2: {a} 2:1 {b}? Нажмите ещё раз"
        click(app, "undo_result", 6.8)
        assert app.runtime.state.fmt.day.result("A2") is None
    finally:
        app.close()


# --- 3. Ctrl+Z right after a typed result ----------------------------------------------------------------


def test_ctrl_z_after_a_typed_result_asks_then_takes_it_back(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        type_keys(app, "21")
        click(app, "enter", 6.0, "A2")
        a, b = pair(app, "A2")
        assert f"Отменить результат (2×): Результат А2: {a} 2:1 {b} (Ctrl+Z)" in drawn(app)
        app.key(pygame.K_z, pygame.KMOD_CTRL, 7.0)
        assert prompt_text(app) == f"Отменить записанный результат (Результат А2: {a} 2:1 {b})? Нажмите ещё раз"
        assert app.runtime.state.fmt.day.result("A2") is not None
        app.key(pygame.K_z, pygame.KMOD_CTRL, 7.5)
        assert app.runtime.state.fmt.day.result("A2") is None
        assert not any("только с подтверждением" in n.text for n in notices(app))
    finally:
        app.close()


# --- 4. the day's journal says what happened ---------------------------------------------------------------


def test_the_draw_steps_say_which_number_went_to_whom(tmp_path):
    app = day_app(tmp_path)
    try:
        submit(app, c.Go(at=1.0))
        day = app.runtime.state.fmt.day
        assert journal(app)[-1] == f"Далее: номер 1 — {day.teams[day.order[0]].name}"
    finally:
        app.close()


def test_a_typed_result_a_screen_a_removal_and_a_match_are_journalled_in_words(tmp_path):
    app = after_the_draw(tmp_path)
    try:
        type_keys(app, "21")
        click(app, "enter", 6.0, "A2")
        a, b = pair(app, "A2")
        assert journal(app)[-1] == f"Результат А2: {a} 2:1 {b}"
        submit(app, m.Show(at=7.0, screen="ev_bracket"))
        assert journal(app)[-1] == "На проекторе: сетка"
        orion = next(i for i, t in enumerate(app.runtime.state.fmt.day.teams) if t.name == "Орион")
        submit(app, m.Remove(at=8.0, team=orion, reason="§6.15"))
        assert journal(app)[-1] == "Команда «Орион» снята с турнира (§6.15)"
        submit(app, c.Go(at=9.0))
        a, b = pair(app, "A1")
        assert journal(app)[-1] == f"Далее: матч А1: {a} — {b}"
    finally:
        app.close()


def test_the_seed001_melee_start_is_journalled_as_the_melee(tmp_path):
    app = day_app(tmp_path, SEED001)
    try:
        submit(app, c.Go(at=1.0))
        assert journal(app)[-1] == "Далее: начата «Куча мала»"
    finally:
        app.close()


# --- 5. fixture codes on the projector read in the show's language ----------------------------------------


def projected_texts(engine, language: str = "ru") -> list[str]:
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    theme = load_theme(config(SEED004).theme)
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Кубок", words_of(engine.format, language), text,
                          views=views_of(engine.format))
    projector.render(pygame.Surface((1280, 720)), engine.state, 100.0)
    return [t for t, _, _ in text.fitted]


def test_a_group_match_title_reads_its_code_in_cyrillic():
    from tests.tournament_kit import tournament

    e = tournament(SEED004)
    e.replay([c.Go(at=1.0 + i * 0.1) for i in range(12)])
    assert e.dispatch(m.Play(at=5.0, fixture="C1")).accepted
    texts = projected_texts(e)
    assert "В1 · Группа В" in texts and not any("C1" in t for t in texts)
    assert "В1 · Group В" in projected_texts(e, "en")  # the code's letter is the group's, as its table says


def test_a_qualifying_game_title_reads_o1_and_the_melee_only_its_name():
    from tests.tournament_kit import tournament

    e = tournament(SEED001)
    assert e.dispatch(c.Go(at=1.0)).accepted
    assert not any("M0" in t for t in projected_texts(e))
    e = tournament(SEED001)
    e.replay([m.Enter(at=1, fixture="M0", order="3,1,2"), m.Pick(at=2, team=5)])
    while D.draw_stage(e.state.fmt.day) == "lot":
        e.dispatch(c.Go(at=3.0))
    assert e.dispatch(m.Play(at=5.0, fixture="Q1")).accepted
    texts = projected_texts(e)
    assert "О1 · Отборочная игра" in texts and not any("Q1" in t for t in texts)


# --- 6. a drawn match's card names both teams ------------------------------------------------------------


def drawn_group_match():
    """Seed 004's A1 played here to 2:2 (four questions answered in turn, the fifth by nobody)."""
    from tests.tournament_kit import tournament

    e = tournament(SEED004)
    e.replay([c.Go(at=1.0 + i * 0.1) for i in range(12)])
    assert e.dispatch(m.Play(at=5.0, fixture="A1")).accepted
    at, answered = 6.0, 0
    while e.state.fmt.day.result("A1") is None:
        at += 0.5
        phase = e.state.phase
        if phase == "clock":
            free = [t for t in (0, 1) if t not in e.state.locked]
            cmd: c.Command = c.Buzz(at=at, team=free[0] if answered >= 4 else answered % 2, source_time=at)
        elif phase == "answering":
            cmd = c.Judge(at=at, correct=answered < 4)
            answered += answered < 4
        else:
            cmd = c.Go(at=at)
        assert e.dispatch(cmd).accepted, (phase, cmd)
    return e


def test_a_drawn_match_card_names_both_teams():
    e = drawn_group_match()
    result = e.state.fmt.day.result("A1")
    assert result.outcome == "draw" and result.scores == (2, 2)
    names = " — ".join(e.state.fmt.day.teams[t].name for t in result.teams)
    assert names in projected_texts(e)


# --- 7. group tables: answers, names, one caption per tie, a four-way tie ------------------------------------


def group_tables(results, size=(1280, 720)):
    """Seed 004's standings after `results` (a, b, score of a, score of b), every fitted text with its box."""
    from dataclasses import replace

    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText
    from tests.event_kit import play as play_pair
    from tests.tournament_kit import tournament

    e = tournament(SEED004)
    ev = e.state.fmt
    day = replace(ev.day, order=tuple(range(12)))
    for a, b, sa, sb in results:
        day = play_pair(day, a, b, sa, sb)
    e.state = replace(e.state, phase="ev_standings", fmt=replace(ev, day=day))
    theme = load_theme(config(SEED004).theme)
    text = RecordingText(theme.fonts)
    Projector(e.format, theme, "Кубок", words_of(e.format), text,
              views=views_of(e.format)).render(pygame.Surface(size), e.state, 10)
    return day, text.fitted


# Group А (0, 3, 6, 9): two draws, everyone level at 1 point; group В (2, 5, 8, 11): a win with a penalty score.
ONE_ROUND = [(0, 3, 2, 2), (6, 9, 0, 0), (2, 11, 1, -1), (5, 8, 3, 2)]


def test_answers_with_a_negative_score_read_with_a_real_minus_and_apart_from_the_difference():
    from quizshow.display.event.table import answer_boxes, answers_text

    _, fitted = group_tables(ONE_ROUND)
    texts = [t for t, _, _ in fitted]
    assert "1:−1" in texts and "−1:1" in texts and "3–2" in texts
    assert not any("–-" in t or "-1-" in t for t in texts)
    assert answers_text("0", "0") == "0–0"
    both, difference = answer_boxes(pygame.Rect(100, 0, 90, 40), 12)
    assert difference.x - both.right >= 12  # «3–2 +1», never «3–2+1»


def test_a_team_name_keeps_clear_of_the_numbers():
    day, fitted = group_tables(ONE_ROUND)
    column = next(box for t, box, _ in fitted if t == "КОМАНДА")[0]  # the name column's width
    names = {t.name for t in day.teams}
    widths = [box[0] for t, box, _ in fitted if t in names and box[0] < 2 * column]  # the tables' rows
    assert widths and all(w <= column - 16 for w in widths)  # 26 px of 1080 between the name and «3»


def test_every_tie_has_its_own_caption_with_its_places_and_points():
    day, fitted = group_tables(ONE_ROUND)
    texts = [t for t, _, _ in fitted]
    assert "МЕСТА 1 И 2 · ПО 2 ОЧКА" in texts and "МЕСТА 3 И 4 · ПО 0 ОЧКОВ" in texts


def test_a_four_way_tie_after_a_round_is_framed_and_captioned():
    day, fitted = group_tables(ONE_ROUND)
    texts = [t for t, _, _ in fitted]
    names = [day.teams[t].name for t in (0, 3, 6, 9)]
    assert "МЕСТА 1–4 · ПО 1 ОЧКУ" in texts
    assert any(t.endswith("делят места 1–4") and all(n in t for n in names) and " и " in t for t in texts)
    # no frame or caption for a group that has not played (every team level at 0 is no tie)
    assert "МЕСТА 1–4 · ПО 0 ОЧКОВ" not in texts


# --- 8. the bracket ---------------------------------------------------------------------------------------


def test_no_quarter_final_pairs_two_teams_of_one_group_before_or_after_the_groups():
    from dataclasses import replace

    from quizshow.event import seed004
    from tests.event_kit import make_day
    from tests.tournament_kit import tournament

    e = tournament(SEED004)
    e.replay([c.Go(at=1.0 + i * 0.1) for i in range(12)])
    pending = [s for s in D.plan(e.state.fmt.day).pending if s.fixture.stage == "quarterfinal"]
    assert len(pending) == 4
    for slot in pending:
        groups = [src[2] for src in slot.sources if src.startswith("G:")]
        assert len(groups) == len(set(groups)), slot
    # the real bracket: winners C, A, B; runners-up B, C, A; best thirds B, C (1–8 alone: C1 v C3)
    day = replace(make_day(12, groups=3, advance_per_group=2, playoff_teams=8))
    group = {t: g for g, teams in seed004.groups(day).items() for t in teams}
    seeds = seed004.apart([2, 0, 7, 1, 8, 3, 4, 5], group.get)
    from quizshow.event.common import bracket_pairs

    for a, b in bracket_pairs(8):
        assert group[seeds[a]] != group[seeds[b]], (seeds[a], seeds[b])
    assert seeds[0] == 2 and seeds[1] == 0  # the two best still meet only in the final


def bracket_drawn():
    """The pending bracket at 720p: every text with the rect it went into, every match box."""
    from quizshow.display.event import bracket as B
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of
    from tests.tournament_kit import tournament

    e = tournament(SEED004)
    e.replay([c.Go(at=1.0 + i * 0.1) for i in range(12)])
    e.dispatch(m.Show(at=5.0, screen="ev_bracket"))
    said: list[tuple[str, pygame.Rect]] = []
    boxes: list[pygame.Rect] = []
    words, panel = B.words, B.panel
    B.words = lambda surface, frame, text, box, *a, **k: (said.append((text, box)), words(surface, frame, text, box,
                                                                                          *a, **k))[1]
    B.panel = lambda surface, frame, rect, *a, **k: (boxes.append(rect), panel(surface, frame, rect, *a, **k))[1]
    try:
        theme = load_theme(config(SEED004).theme)
        Projector(e.format, theme, "Кубок", words_of(e.format), None, views=views_of(e.format)).render(
            pygame.Surface((1280, 720)), e.state, 10.0)
    finally:
        B.words, B.panel = words, panel
    return said, boxes


def test_the_bracket_names_the_best_thirds_and_keeps_its_codes_off_the_borders():
    said, boxes = bracket_drawn()
    texts = [t for t, _ in said]
    assert "Лучшая 3-я команда групп" in texts and "Лучшая из следующих" not in texts
    for text, rect in said:
        if text.startswith(("ЧФ", "ПФ")) and len(text) <= 3:
            box = next(b for b in boxes if b.contains(rect) or b.colliderect(rect))
            assert rect.top >= box.top + 4, (text, rect, box)  # inside, clear of the top border


# --- 9. the help and the devices line name the tables' buzzers ------------------------------------------------


def help_texts(app: ShowApp) -> list[str]:
    app.status.help = True
    try:
        return drawn(app)
    finally:
        app.status.help = False


@pytest.mark.parametrize("path", [SEED004, SEED001])
def test_the_help_and_the_devices_line_name_the_tables_buzzers_not_a_key_per_team(tmp_path, path):
    app = day_app(tmp_path, path)
    try:
        texts = help_texts(app)
        assert "Кнопка: красный стол" in texts and "Кнопка: зелёный стол" in texts
        teams = [t.name for t in app.runtime.state.fmt.day.teams]
        assert not any(t == f"Кнопка: {name}" for t in texts for name in teams)
        assert "Счёт между матчами («31» = 3:1)" in texts
        lines = [line for line, _ in app.hardware.device_lines()]
        assert "Клавиатура: кнопки 1–2" in lines, lines
        submit(app, c.Go(at=1.0))  # a match (seed 001: the melee) or the draw: still the tables
        assert "Кнопка: красный стол" in help_texts(app)
    finally:
        app.close()


# --- 10. the seed-001 play-off -------------------------------------------------------------------------------


def test_the_shipped_seed001_day_can_never_tie_across_the_line_its_ratings_all_differ():
    """shows/tournament-001.yaml: the rating breaks every tie left after «two wins» and the points, and no
    two teams share one, so its play-off (1 point a question) cannot come up, whatever is typed."""
    ratings = [t.rating for t in config(SEED001).rules["plan"].teams]
    assert len(set(ratings)) == len(ratings)


def test_a_seed001_day_with_equal_ratings_reaches_the_playoff_from_typed_results(tmp_path):
    """The same day without ratings: every qualifying game typed as 2:1 for its first team leaves all eight
    level (one win, three points each): the play-off across the line of four is scheduled and shown."""
    import re

    path = tmp_path / "day.yaml"
    text = re.sub(r"rating: \d+, ", "", SEED001.read_text(encoding="utf-8"))
    path.write_text(text.replace("../packs/", str(SEED001.parent.parent / "packs") + "/"), encoding="utf-8")
    app = day_app(tmp_path, path)
    try:
        submit(app, m.Enter(at=1, fixture="M0", order="3,1,2"))
        submit(app, m.Pick(at=2, team=5))
        at = 3.0
        while D.draw_stage(app.runtime.state.fmt.day) == "lot":
            submit(app, c.Go(at=at))
            at += 0.1
        quals = [f.id for f in D.plan(app.runtime.state.fmt.day).fixtures if f.stage == "qualifying"]
        for k, fid in enumerate(quals):
            type_keys(app, "21", 10.0 + k)
            click(app, "enter", 10.5 + k, fid)
        day = app.runtime.state.fmt.day
        plan = D.plan(day)
        assert plan.due == "playoff" and plan.fixtures[-1].id == "PO1" and len(plan.fixtures[-1].teams) == 8
        assert any(t.startswith("ДБ1  ") for t in drawn(app))  # on the console's schedule
    finally:
        app.close()
