"""«Брейн-ринг» on the projector and the console: every phase at 720p, 1080p and 4K with its text in
its boxes; the false-start plate on the offender's side; the question text hidden unless switched on;
the console's roster, discipline and tally buttons are the same commands as the engine's."""

from __future__ import annotations

import pygame
import pytest

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.display.brainring.scenes import panel_rect
from quizshow.display.projector.projector import Projector
from quizshow.formats.brainring import commands as bc
from tests.brainring_display_kit import (
    _app,
    config,
    engine,
    theme,  # noqa: F401 - fixtures
    walk,
)
from tests.conftest import click, views_of, words_of
from tests.display_kit import SIZES, RecordingText


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_match_phase_renders_with_text_inside_its_boxes(theme, size):  # noqa: F811
    e = engine()
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface(size)
    phases = []
    for name, commands in walk():
        for cmd in commands:
            out = e.dispatch(cmd)
            assert out.refused is None, f"{name}: {cmd}: {out.refused}"
            projector.on_events(out.events, cmd.at)
        now = commands[-1].at if commands else 0.0
        text.fitted.clear()
        projector.render(surface, e.state, now + 0.1)
        projector.render(surface, e.state, now + 2)
        phases.append(e.state.phase)
        assert text.fitted, name
        for what, box, got in text.fitted:
            assert got[0] <= box[0] and got[1] <= box[1], f"{name}: {what!r} {got} overflows {box}"
    assert phases[-1] == "result" and "attention" in phases and "answering" in phases


def _near(color, target, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(color[:3], pygame.Color(target)[:3], strict=True))


def test_false_start_plate_shows_under_the_offenders_panel_only(theme):  # noqa: F811
    size = (1920, 1080)
    e = engine()
    for cmd in (c.Go(at=1), c.Announce(at=10), c.Buzz(at=11, team=1), c.TimerStart(at=12)):
        e.dispatch(cmd)
    projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), views=views_of(e.format))
    surface = pygame.Surface(size)
    projector.render(surface, e.state, 13)
    projector.render(surface, e.state, 16)
    frame = projector.frame(e.state, 16, size)
    accent = theme.color("accent")
    for team, expected in ((0, False), (1, True)):
        rect = panel_rect(frame, team)
        y = rect.bottom + frame.u(20) + frame.u(8)
        gold = sum(_near(surface.get_at((x, y)), accent) for x in range(rect.x + 20, rect.right - 20, 10))
        assert (gold > 10) == expected, team


def test_question_text_is_hidden_unless_the_preset_switch_shows_it(theme):  # noqa: F811
    for show, expected in ((False, False), (True, True)):
        e = engine(show_question=show)
        for cmd in (c.Go(at=1), c.Announce(at=10), c.TimerStart(at=12)):
            e.dispatch(cmd)
        text = RecordingText(theme.fonts)
        projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), text, views=views_of(e.format))
        projector.render(pygame.Surface((1280, 720)), e.state, 13)
        question = e.format.current(e.state).q
        assert any(what == question for what, _, _ in text.fitted) == expected


def test_removed_player_is_drawn_hollow(theme):  # noqa: F811
    size = (1280, 720)
    e = engine()
    for cmd in (c.Go(at=1), c.Announce(at=10), c.TimerStart(at=12), c.Buzz(at=12.5, team=0),
                c.Judge(at=13, correct=False)):
        e.dispatch(cmd)
    assert e.state.fmt.benched == ((0, 0, 0),)
    projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), views=views_of(e.format))
    surface = pygame.Surface(size)
    projector.render(surface, e.state, 14)
    projector.render(surface, e.state, 16)
    frame = projector.frame(e.state, 16, size)
    rect = panel_rect(frame, 0)
    gap = min(frame.u(98), (rect.width - frame.u(60)) // 5)
    x0, y = rect.centerx - gap * 2, rect.y + frame.u(440)
    color = theme.team_color(0, e.state.teams[0].color)
    assert not _near(surface.get_at((x0, y)), color)  # the captain: away, hollow
    assert _near(surface.get_at((x0 + gap, y)), color)  # the next player: at the table


def test_console_roster_discipline_and_tally_buttons_drive_the_match(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    click(app, "single", 2.0, 1, 2)
    assert app.engine.state.fmt.single == ((1, 2),)
    app.action(Action("announce", 3.0))
    app.action(Action("timer", 4.0))
    app.action(Action("buzz", 6.0, args=(0,)))
    click(app, "answerer", 7.0, 0, 3)
    assert app.engine.state.fmt.answerer == (0, 3)
    click(app, "provisional", 8.0)
    assert app.engine.state.fmt.provisional == 0 and app.engine.state.phase == "clock"
    click(app, "disc", 9.0, 1, "audience_hint")
    assert app.engine.state.teams[1].score == -1
    click(app, "tally", 10.0, 2)
    assert app.engine.state.fmt.tally == frozenset({(0, 2)})
    click(app, "withdraw", 11.0)
    assert app.engine.state.phase == "clock"  # the first press only asks to confirm
    click(app, "withdraw", 11.5)
    assert app.engine.state.phase == "ready" and app.engine.state.fmt.source == ("reserve", 0)


def test_match_renders_the_same_prepared_as_fresh(theme):  # noqa: F811
    """The still layer's key covers what it draws: a layer built for one state is not reused wrongly."""
    e = engine()
    for cmd in (c.Go(at=1), c.Announce(at=10), c.TimerStart(at=12), c.Buzz(at=13, team=0)):
        e.dispatch(cmd)
    first = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), views=views_of(e.format))
    surface = pygame.Surface((1280, 720))
    first.render(surface, e.state, 14)
    e.dispatch(bc.SetAnswerer(at=14.5, team=0, player=4))
    first.render(surface, e.state, 20)
    reused = pygame.image.tobytes(surface, "RGB")
    fresh = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), views=views_of(e.format))
    fresh.render(surface, e.state, 20)
    fresh.render(surface, e.state, 20)
    assert reused == pygame.image.tobytes(surface, "RGB")


def test_stalling_countdown_and_one_click_ruling_on_the_console(tmp_path):
    """Seed 001 §1.B: «В случае затяжки времени команда лишается права на ответ и другая команда может
    продолжить обсуждение в пределах остаточного времени»."""
    from dataclasses import replace

    from quizshow.display.console import rules as console_rules

    cfg = config()
    app = ShowApp(replace(cfg, rules={**cfg.rules, "answer_start_s": 5}), journal_path=tmp_path / "j.jsonl",
                  fresh=True, sound=False, seed=9)
    app.action(Action("go", 1.0))
    app.action(Action("announce", 3.0))
    app.action(Action("timer", 4.0))
    app.action(Action("buzz", 6.0, args=(0,)))  # called at 6: 5 s to start the answer
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, 8.0, app.status)
    call = app.engine.state.fmt.call
    assert console_rules.call_text(app.console.ui, call) == "Начать ответ: 3,0 с"
    app.console.render(surface, 11.5, app.status)
    assert console_rules.call_text(app.console.ui, call) == "Время на начало ответа вышло"
    click(app, "disc", 11.5, 0, "stall")
    assert app.engine.state.phase == "clock" and 0 in app.engine.state.locked


def test_team_size_problem_line_shows_on_the_console_before_the_match(tmp_path):
    """Seed 004 §6.1: «Команды к играм допускаются ТОЛЬКО В ПОЛНОМ СОСТАВЕ (5 человек)»."""
    from dataclasses import replace

    from quizshow.display.console import rules as console_rules
    from quizshow.display.console.style import BAD

    cfg = config()
    teams = (replace(cfg.teams[0], players=cfg.teams[0].players[:4]), *cfg.teams[1:])
    app = ShowApp(replace(cfg, teams=teams), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, 0.5, app.status)
    assert console_rules.size_lines(app.console.ui) == [("Альфа: игроков 4, по правилам 5", True)]
    reds = sum(1 for x in range(0, 1280, 2) for y in range(200, 700, 2) if _near(surface.get_at((x, y)), BAD))
    assert reds > 20  # the line is drawn in the error colour
    full = ShowApp(cfg, journal_path=tmp_path / "k.jsonl", fresh=True, sound=False, seed=9)
    full.console.render(surface, 0.5, full.status)
    assert console_rules.size_lines(full.console.ui) == []
