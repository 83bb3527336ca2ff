"""Issue 22 — «Куча мала» and the duel as a QA engineer played them: the console marks the teams actually at
the answering table, a verdict by key is journalled in the format's own words."""

from __future__ import annotations

import os

import pygame

from quizshow.app import ShowApp
from quizshow.display.console.style import GOLD
from quizshow.formats.melee.format import MeleeFormat
from tests.conftest import ROOT, svoyak_config
from tests.melee_console_kit import _app, _key

SHOTS = os.environ.get("QUIZSHOW_SHOTS")


def _rows(app: ShowApp) -> tuple[pygame.Surface, dict[int, pygame.Rect]]:
    """The console rendered; each team row's rectangle in the team list."""
    rows: dict[int, pygame.Rect] = {}
    draw = app.console._team_row

    def spy(surface, row, i, *args, **kwargs):
        rows[i] = pygame.Rect(row)
        return draw(surface, row, i, *args, **kwargs)

    app.console._team_row = spy
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, app.clock.now(), app.status)
    app.console._team_row = draw
    return surface, rows


def _framed(surface: pygame.Surface, row: pygame.Rect) -> bool:
    got = surface.get_at((row.x + 1, row.centery))
    return all(abs(a - b) <= 30 for a, b in zip(got[:3], GOLD[:3], strict=True))


# --- item 2: the shared fields hold teams; the tables live in the melee's own state ----------------------------


def test_melee_console_marks_the_teams_at_the_table_that_pressed(tmp_path):
    """Key 1 is the red table's button: the console frames the teams seated at the red table (not team 1,
    «Северяне», wherever it sits); a wrong answer rings the teams at that table as out of the question,
    never a team at the other table or one already gone."""
    app = _app(tmp_path)
    try:
        _key(app, pygame.K_RIGHT, 1.0)  # the split by lot
        _key(app, pygame.K_RIGHT, 2.0)  # the question
        m = app.engine.state.fmt
        red, green = set(m.red), set(m.green)
        _key(app, pygame.K_1, 3.0)
        state = app.engine.state
        assert state.answering is None or state.answering in red
        surface, rows = _rows(app)
        if SHOTS:
            pygame.image.save(surface, os.path.join(SHOTS, "melee-console-red.png"))
        framed = {i for i, row in rows.items() if _framed(surface, row)}
        assert framed == red, (framed, red, green)
        _key(app, pygame.K_n, 4.0)  # the red table answered wrong: its teams are out of this question
        assert app.engine.state.locked == frozenset(red)
        _key(app, pygame.K_2, 5.0)
        surface, rows = _rows(app)
        assert {i for i, row in rows.items() if _framed(surface, row)} == green
    finally:
        app.close()


def test_melee_out_ring_after_the_second_split_falls_on_the_table_not_on_a_team_gone(tmp_path):
    """After a table left, a wrong answer marks only the teams still seated at that table."""
    app = _app(tmp_path)
    try:
        for at, key in ((1.0, pygame.K_RIGHT), (2.0, pygame.K_RIGHT), (3.0, pygame.K_2), (4.0, pygame.K_y),
                        (5.0, pygame.K_RIGHT), (6.0, pygame.K_2), (7.0, pygame.K_n)):
            _key(app, key, at)
        state = app.engine.state
        m = state.fmt
        gone = {t for t, _ in m.out}
        assert state.locked == frozenset(m.green) and not state.locked & gone
        assert isinstance(app.format, MeleeFormat)
    finally:
        app.close()


# --- item 3: a verdict by key in the format's own words ------------------------------------------------------


def test_melee_verdict_by_key_is_journalled_as_the_tables_answer(tmp_path):
    """Y by key after the green table pressed: «Зелёный стол ответил верно: <the green table's teams>», not
    every team of the melee with «верно, 0»; N after the red one: «Красный стол ответил неверно: …»."""
    app = _app(tmp_path)
    try:
        for at, key in ((1.0, pygame.K_RIGHT), (2.0, pygame.K_RIGHT), (3.0, pygame.K_1), (4.0, pygame.K_n)):
            _key(app, key, at)
        red = ", ".join(app.engine.state.teams[t].name for t in app.engine.state.fmt.red)
        green_teams = app.engine.state.fmt.green
        green = ", ".join(app.engine.state.teams[t].name for t in green_teams)
        _key(app, pygame.K_2, 5.0)
        _key(app, pygame.K_y, 6.0)
        lines = [text for _, text in app.console.journal]
        assert lines[-1] == f"Зелёный стол ответил верно: {green}", lines
        assert lines[-3] == f"Красный стол ответил неверно: {red}", lines
        assert not any("верно, 0" in line for line in lines), lines
    finally:
        app.close()


def test_duel_verdict_by_key_names_the_player_without_a_zero(tmp_path):
    """The duel scores no points: a verdict by key reads «<player>: ответ верный», never «…: верно, 0»."""
    from quizshow.core import commands as c

    app = _app(tmp_path, "duel.yaml")
    try:
        for cmd in (c.Go(at=1.0), c.Buzz(at=1.2, team=0, player=0), c.Judge(at=2.0, correct=True)):
            assert app.submit(cmd).accepted, cmd
        app.pump_views()
        lines = [text for _, text in app.console.journal]
        assert lines[-1].startswith("Ирина Белова: ответ верный"), lines  # (and who leaves: QA wave 6)
        assert not any("верно, 0" in line for line in lines), lines
    finally:
        app.close()


# --- item 8: words that fit anyone, print readable from the back of a hall, no cut heading --------------------


def test_duel_press_of_a_disqualified_player_is_refused_in_words_that_fit_anyone(tmp_path):
    """«Денис Ковалёв: дисквалифицирован(а)» read like a form: the refusal says «вне боя»."""
    from quizshow.core import commands as c
    from quizshow.formats.duel import commands as dc

    app = _app(tmp_path, "duel.yaml")
    try:
        assert app.submit(c.Go(at=1.0)).accepted
        assert app.submit(dc.Disqualify(at=1.5, team=1, player=1)).accepted
        refused = app.submit(c.Buzz(at=2.0, team=1, player=1, source_time=2.0))
        assert not refused.accepted
        app.pump_views()
        said = app.status.notices[-1].text
        assert "вне боя" in said and "(а)" not in said and "дисквалифицирован" not in said, said
    finally:
        app.close()


def _fitted_px(text_cache, calls, wanted: str) -> int:
    sizes = [text_cache.layout(text, role, box, max_px).px for text, role, box, max_px in calls if text == wanted]
    assert sizes, (wanted, [t for t, *_ in calls])
    return min(sizes)


def test_melee_out_list_reads_from_the_back_of_the_hall(tmp_path):
    """At 1080 lines the «ВЫБЫЛИ» heading, the «после вопроса N» captions and the names of those who left
    are at least 30 px."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of

    app = _app(tmp_path)
    try:
        for at, key in ((1.0, pygame.K_RIGHT), (2.0, pygame.K_RIGHT), (3.0, pygame.K_2), (4.0, pygame.K_y)):
            _key(app, key, at)
        state = app.engine.state
        gone = ", ".join(state.teams[t].name for t, _ in state.fmt.out)
        theme = load_theme(svoyak_config(ROOT / "shows" / "melee.yaml").theme)
        projector = Projector(app.format, theme, "Куча мала", words_of(app.format), views=views_of(app.format))
        calls: list[tuple] = []
        text = projector.text
        fit = text.fit

        def spy(words, role, box, color, max_px, *args, **kwargs):
            calls.append((words, role, box, max_px))
            return fit(words, role, box, color, max_px, *args, **kwargs)

        text.fit = spy
        surface = pygame.Surface((1920, 1080))
        projector.render(surface, state, 10.0)
        projector.render(surface, state, 12.0)
        del text.fit
        if SHOTS:
            pygame.image.save(surface, os.path.join(SHOTS, "melee-out.png"))
        for wanted in ("ВЫБЫЛИ", "после вопроса 1", gone):
            assert _fitted_px(text, calls, wanted) >= 30, wanted
    finally:
        app.close()


def test_duel_console_queue_rows_have_a_visible_gap_after_the_number(tmp_path):
    """«1.Зелёный»: the font's space after a full stop is a hair. The gap after «1.» is at least a
    third of the type size."""
    from quizshow.core import commands as c

    app = _app(tmp_path, "duel.yaml")
    try:
        assert app.submit(c.Go(at=1.0)).accepted
        assert app.submit(c.Buzz(at=1.2, team=0, player=0, source_time=1.2)).accepted
        calls: list[tuple] = []
        text = app.console.text
        fit = text.fit

        def spy(words, role, box, color, max_px, *args, **kwargs):
            calls.append((words, role, box, max_px))
            return fit(words, role, box, color, max_px, *args, **kwargs)

        text.fit = spy
        surface = pygame.Surface((1280, 800))
        app.console.render(surface, app.clock.now(), app.status)
        del text.fit
        row = next((t, role, box, px) for t, role, box, px in calls if t.startswith("1."))
        size = text.layout(row[0], row[1], row[2], row[3]).px
        font = text.font(row[1], size)
        first = next(k for k, ch in enumerate(row[0]) if ch.isalpha())  # the colour's first letter
        gap = font.size(row[0][:first])[0] - font.size(row[0][:2])[0]
        assert gap >= size / 3, (row[0], gap, size)
    finally:
        app.close()


def test_ring_panel_headings_are_not_cut_in_english(tmp_path):
    """In English the ring's tally heading («TEAMS AWAY FROM THE TA…») was cut: every heading of the panel
    fits whole."""
    from dataclasses import replace

    from quizshow.core import commands as c

    config = replace(svoyak_config(ROOT / "shows" / "brainring.yaml"), language="en")
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        assert app.submit(c.Go(at=1.0)).accepted
        calls: list[tuple] = []
        text = app.console.text
        fit = text.fit

        def spy(words, role, box, color, max_px, min_px=None, *args, **kwargs):
            calls.append((words, role, box, max_px, min_px, kwargs.get("wrap", True)))
            return fit(words, role, box, color, max_px, min_px, *args, **kwargs)

        text.fit = spy
        app.console.render(pygame.Surface((1280, 800)), app.clock.now(), app.status)
        del text.fit
        heading = app.say("console.tally")
        found = [text.layout(t, role, box, px, low, wrap) for t, role, box, px, low, wrap in calls if t == heading]
        assert found and not any(layout.cut for layout in found), heading
    finally:
        app.close()
