"""A tournament day on the projector and the console: every screen at 720p, 1080p and 4K with its text in
its boxes; the group table's marks (green edge, gold ring on close places); the match being played is
the match format's own picture; the console's «Играть следующий матч», the draw, the typed result, the
nested match panel — clicked like a mouse, through the app."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.scenes.base import Frame
from quizshow.event.model import Result
from quizshow.formats.tournament import model as m
from quizshow.house_words import show_words
from tests.conftest import click, views_of, words_of
from tests.display_kit import SIZES, RecordingText
from tests.event_kit import play as play_pair
from tests.event_rules_kit import GROUP_RESULTS
from tests.tournament_display_kit import (
    _count,
    _groups,
    projector,
    theme,  # noqa: F401 - fixtures
)
from tests.tournament_kit import SEED001, SEED004, config, play, tournament, walk


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_tournament_screen_renders_with_text_inside_its_boxes(theme, size):  # noqa: F811
    e = tournament(SEED004)
    text = RecordingText(theme.fonts)
    p = projector(e, theme, text)
    surface = pygame.Surface(size)
    for name, commands in walk():
        for cmd in commands:
            out = e.dispatch(cmd)
            assert out.accepted, (name, cmd, out.refused)
            p.on_events(out.events, cmd.at)
        text.fitted.clear()
        p.render(surface, e.state, commands[-1].at + 0.1)
        p.render(surface, e.state, commands[-1].at + 3)
        assert text.fitted, name
        for what, box, got in text.fitted:
            assert got[0] <= box[0] and got[1] <= box[1], f"{name}: {what!r} {got} overflows {box}"


def test_group_table_rings_close_places_in_gold_and_edges_those_who_go_on_in_green(theme):  # noqa: F811
    """6.4 (on screen): the places split by head-to-head or the difference are ringed, with the criterion
    named under the table; the two who go on have a green edge."""
    tied = _groups(theme, GROUP_RESULTS)
    # The same matches with no tie: the lower number wins every match 3:0.
    plain = _groups(theme, [(min(a, b), max(a, b), 3, 0) for a, b, _, _ in GROUP_RESULTS])
    gold = tuple(theme.color("accent"))[:3]
    assert _count(tied, gold) > _count(plain, gold) + 200
    assert _count(tied, (0x2f, 0xbf, 0x71), 20) > 50


def test_the_match_being_played_is_the_match_formats_own_picture(theme):  # noqa: F811
    """Design principle 10: the nested match is drawn by its own format's scene from its own state."""
    e = tournament(SEED001)
    while e.state.fmt.playing != "Q1" or e.state.phase != "ready":
        assert play(e, steps=1)
    ev: m.EventState = e.state.fmt
    nested_fmt = e.format.match_format(ev)
    ours = pygame.Surface((960, 540))
    projector(e, theme).render(ours, e.state, 50.0)
    theirs = pygame.Surface((960, 540))
    Projector(nested_fmt, theme, "Кубок", words_of(nested_fmt),
              views=views_of(nested_fmt)).render(theirs, ev.match, 50.0)
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(theirs, "RGB")


def test_melee_tables_empty_round_by_round(theme):  # noqa: F811
    """3 Ведущий задает вопрос. Представители стола, не ответившие на вопрос, уходят, победивший стол делится
    на два стола."""
    e = tournament(SEED001)
    for _ in range(2):
        assert play(e, steps=1)  # the melee starts; the players split between the tables
    ev: m.EventState = e.state.fmt
    assert e.state.phase == "melee_tables" and len(ev.match.fmt.red) + len(ev.match.fmt.green) == 8
    surface = pygame.Surface((960, 540))
    projector(e, theme).render(surface, e.state, 10.0)
    assert _count(surface, (0xd8, 0x3a, 0x3a), 25) > 50 and _count(surface, (0x2f, 0xbf, 0x71), 25) > 50
    frame = Frame(ev.match, e.format.match_format(ev), theme, None, 0, (960, 540), show_words("ru"), "", None)  # type: ignore
    assert frame.state.fmt.red  # the nested state is the melee's own


def test_console_plays_the_day_in_clicks(tmp_path):
    """The console: the draw, «Играть следующий матч» in one click, the nested match panel, a typed result."""
    app = ShowApp(config(SEED004), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        at = 1.0
        for _ in range(12):
            at += 0.1
            click(app, "draw", at)
        day = app.runtime.state.fmt.day
        assert len(day.order) == 12
        click(app, "play_next", at + 1)
        ev: m.EventState = app.runtime.state.fmt
        assert ev.playing == "A1" and app.runtime.state.phase == "title"
        # During the match the panel is the match's own: its buttons are the nested format's actions.
        for cmd_at in (at + 2, at + 3):
            app.runtime.submit(c.Go(at=cmd_at))
        surface = pygame.Surface((1280, 800))
        app.console.render(surface, at + 4, app.status)
        assert any(call.name in ("answerer", "single") for _, call in app.console.buttons)
        # Undo until the match's start is taken back (Undo replays the rest: a Next pressed inside the
        # match starts it again until that Next is taken back too): the schedule again, nothing recorded.
        undos = 0
        while app.runtime.state.fmt.match is not None:
            assert app.runtime.submit(c.Undo(at=at + 5 + undos)).accepted
            undos += 1
        assert undos <= 3 and not app.runtime.state.fmt.day.results
        # A result typed for a match played at another table: «31» then «Ввести» on its row.
        second = "A2"
        app.status.amount = 31
        click(app, "enter", at + 10, second)
        assert app.runtime.state.fmt.day.result(second).scores == (3, 1)
    finally:
        app.close()


def test_result_row_numbers_add_up(theme):  # noqa: F811
    """The tables are computed from the match results: points = 2 per win + 1 per draw."""
    from quizshow.event import day as D

    e = tournament(SEED004)
    day = replace(e.state.fmt.day, order=tuple(range(12)))
    for a, b, sa, sb in GROUP_RESULTS:
        day = play_pair(day, a, b, sa, sb)
    day = replace(day, results=(*day.results, Result("RC1", (5, 8), (1, 2), "win", winner=8)))
    for table in D.tables(day):
        for row in table.rows:
            cells = dict(row.cells)
            assert int(cells["points"]) == 2 * int(cells["won"]) + int(cells["drawn"])
            assert int(cells["played"]) == int(cells["won"]) + int(cells["drawn"]) + int(cells["lost"])


def test_console_corrects_a_result_with_its_reason_typed_and_says_what_changed(tmp_path):
    """Corrections from the console: the new score typed («13» = 1:3), «Исправить» on the played row, the
    reason typed, Enter."""
    app = ShowApp(config(SEED004), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        for k in range(12):
            app.runtime.submit(c.Go(at=1 + k * 0.1))
        app.runtime.submit(m.Enter(at=3, fixture="A1", scores="3:1"))
        app.status.amount = 13
        click(app, "fix_result", 4.0, "A1")
        assert app.status.typing == "" and app.runtime.state.fmt.day.result("A1").scores == (3, 1)
        app.text_input("протокол судьи")
        outcome = app.key(pygame.K_RETURN, 0, 4.5)
        assert outcome is not None and outcome.accepted
        ev: m.EventState = app.runtime.state.fmt
        assert ev.day.result("A1").scores == (1, 3) and ev.corrections[-1].reason == "протокол судьи"
        assert ev.changes  # the console lists what changed
    finally:
        app.close()


def test_sixteen_teams_in_four_groups_fit_at_1080p(theme, tmp_path):  # noqa: F811
    """Readable for 16 teams at 1920×1080: every group table's text inside its box, names on one line."""
    import random

    from quizshow.event import day as D
    from quizshow.event.model import EventTeam

    e = tournament(SEED004)
    ev = e.state.fmt
    names = ["Северяне", "Атланты", "Альфа", "Гамма", "Эрудиты", "Омега", "Сфинкс", "Знатоки", "Меридиан",
             "Пульсар", "Квант", "Орион", "Ладога", "Байкал", "Полюс", "Пилигримы"]
    day = replace(ev.day, teams=tuple(EventTeam(n) for n in names),
                  regulation=replace(ev.day.regulation, groups=4), order=tuple(range(16)))
    rng = random.Random(5)
    for f in D.plan(day).fixtures:
        a, b = rng.randrange(5), rng.randrange(5)
        day = replace(day, results=(*day.results, Result(f.id, f.teams, (a, b), "win" if a != b else "draw",
                                                         f.teams[0] if a > b else f.teams[1] if b > a else None)))
    e.state = replace(e.state, phase="ev_standings", fmt=replace(ev, day=day))
    text = RecordingText(theme.fonts)
    surface = pygame.Surface((1920, 1080))
    projector(e, theme, text).render(surface, e.state, 5.0)
    shown = {what for what, _, _ in text.fitted}
    assert set(names) <= shown and len(D.tables(day)) == 4
    for what, box, got in text.fitted:
        assert got[0] <= box[0] and got[1] <= box[1], f"{what!r} {got} overflows {box}"
        if what in names:
            assert box[1] >= 40, (what, box)  # a row tall enough to read from the back of the hall
