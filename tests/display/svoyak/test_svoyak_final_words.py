"""QA round 3 — «Своя игра» as a QA engineer played it: the final's journal and undo name the theme removed and
the stake made (ph2-05, ph2-07c), the «выбирает» tab follows whoever chooses the cat's value (sv-09), the
sponsor's question reads right with a plural team name (st-02, st-03), the stake rows' dots sit on their line
(sv-11c, ph2-07c)."""

from __future__ import annotations

import os

import pygame

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.conftest import svoyak_config, words_of
from tests.console_traps_kit import frame, submit, svoyak_at_the_stakes
from tests.svoyak_final_kit import SHOTS, _texts


def test_a_final_theme_removed_is_journalled_and_undone_by_its_name(tmp_path):
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        e, at = app.engine, 1.0
        for team, points in enumerate((300, 200, 100)):
            submit(app, c.ScoreSet(at=at, team=team, points=points))
        while e.state.phase != "final_themes":
            assert e.state.phase != "end"
            submit(app, sc.EndRound(at=at) if app.format.next_action(e.state).key == "next.pick_cell" else c.Go(at=at))
            at += 1
        name = app.format.game.final_themes[1]
        submit(app, sc.FinalRemove(at=at, theme=1))
        app.pump_views()
        lines = [text for _, text in app.console.journal]
        assert lines[-1] == f"Убрана тема «{name}»", lines
        assert any(f"Убрана тема «{name}»" in text and text.startswith("Отменить") for text in _texts(app))
    finally:
        app.close()


def test_a_final_stake_on_the_console_says_its_amount(tmp_path):
    app = svoyak_at_the_stakes(tmp_path)
    try:
        for digit in "150":
            app.action(Action("amount", 2.0, args=(digit,)))
        app.action(Action("stake", 2.0, args=(1,)))  # Борис, 200 points
        assert dict(app.engine.state.fmt.final.stakes)[1] == 150
        app.pump_views()
        boris = app.engine.state.teams[1].name
        lines = [text for _, text in app.console.journal]
        assert lines[-1] == f"{boris}: ставка в финале — 150", lines
        assert any(text.startswith("Отменить") and "150" in text for text in _texts(app))
    finally:
        app.close()


def _tabbed(phase: str) -> tuple[set[int], object]:
    """The teams the projector's score strip marks «выбирает» at a step of the walk (the gold tab above the
    card), and the game's state there."""
    from quizshow.display.svoyak.common import chooser_strip, strip_rect
    from quizshow.display.theme import load_theme
    from tests.tv_walk_kit import HD, _projector, _walk_to

    engine = _walk_to(phase)
    frame = _projector(engine, load_theme(svoyak_config().theme)).frame(engine.state, 1.0, HD)
    surface = pygame.Surface(HD)
    chooser_strip(surface, frame)
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, f"qa3-strip-{phase}.png"))
    rect, teams = strip_rect(frame), len(engine.state.teams)
    gap = frame.u(28)
    card_w = (rect.width - gap * (teams - 1)) // teams
    accent = frame.color("accent")
    tabbed = set()
    for i in range(teams):
        got = surface.get_at((rect.x + i * (card_w + gap) + frame.u(28) + frame.u(6), rect.y - frame.u(24)))
        if all(abs(a - b) <= 12 for a, b in zip(got[:3], accent[:3], strict=True)):
            tabbed.add(i)
    return tabbed, engine.state


def test_the_chooses_tag_follows_the_cats_receiver_while_they_choose_its_value():
    tabbed, state = _tabbed("cat")
    assert tabbed == {state.fmt.chooser}  # handing the cat over: the chooser chooses to whom
    tabbed, state = _tabbed("cat_value")
    assert state.phase == "cat_value" and state.fmt.solo != state.fmt.chooser
    assert tabbed == {state.fmt.solo}, (tabbed, state.fmt.solo, state.fmt.chooser)


def _teams_at_the_sponsor():
    from quizshow.assemble import make_format
    from quizshow.core.engine import Engine
    from tests.conftest import ROOT
    from tests.svoyak_display_kit import play_walk

    engine = Engine(make_format(svoyak_config(ROOT / "shows" / "svoyak-teams.yaml")), 7)
    for _ in play_walk(engine, until="sponsor"):
        pass
    assert engine.state.phase == "sponsor" and engine.state.fmt.solo is not None
    return engine


def test_the_sponsor_card_names_a_team_so_the_verb_agrees_with_any_name():
    from quizshow.display.text import TextCache
    from quizshow.display.theme import load_theme
    from tests.tv_walk_kit import HD, _projector

    engine = _teams_at_the_sponsor()
    team = engine.state.teams[engine.state.fmt.solo].name
    drawn: list[str] = []
    original = TextCache.fit

    def spy(self, text, *args, **kwargs):
        drawn.append(text.replace("\u00a0", " "))
        return original(self, text, *args, **kwargs)

    TextCache.fit = spy  # type: ignore[method-assign]
    try:
        projector = _projector(engine, load_theme(svoyak_config().theme))
        surface = pygame.Surface(HD)
        projector.render(surface, engine.state, 100_000.0)
    finally:
        TextCache.fit = original  # type: ignore[method-assign]
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, "qa3-sponsor.png"))
    assert any(f"Отвечает команда «{team}»" in text for text in drawn), drawn
    assert not any(f"Отвечает {team}" in text for text in drawn), drawn


def test_a_press_by_another_team_on_the_sponsors_question_is_refused_naming_the_team():
    engine = _teams_at_the_sponsor()
    solo = engine.state.fmt.solo
    other = next(t for t in range(len(engine.state.teams)) if t != solo)
    engine.dispatch(c.Go(at=100_000.0))  # the question is shown: the buttons open
    out = engine.dispatch(c.Buzz(at=100_001.0, team=other))
    assert out.refusal is not None, engine.state.phase
    said = words_of("svoyak").refusal(out.refusal.template, out.refusal.values)
    assert said == f"На этот вопрос отвечает только команда «{engine.state.teams[solo].name}»", said


def _dots_and_text(app: ShowApp, name: str) -> list[tuple[int, int]]:
    """For each team row of the console's bid or stake panel: its dot's centre line and the middle of the
    ink of the text beside it (pixels), the console rendered at 1280×800."""
    from quizshow.display.console.ui import PanelUI

    centers: list[tuple[int, int]] = []
    dot = PanelUI.dot

    def spy(self, center, color, filled=True):
        centers.append(center)
        return dot(self, center, color, filled)

    PanelUI.dot = spy  # type: ignore[method-assign]
    try:
        surface = frame(app)
    finally:
        PanelUI.dot = dot  # type: ignore[method-assign]
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, f"qa3-rows-{name}.png"))
    unit = max(12, 800 // 40)  # the console's base type size at 1280×800 (display/console/window.py)
    rows = []
    background = surface.get_at((centers[0][0], centers[0][1] - unit))
    for x, y in centers[-len(app.engine.state.teams):]:
        inked = [yy for yy in range(y - unit, y + unit)  # inside the row: not the current row's gold frame
                 if any(sum(abs(a - b) for a, b in zip(surface.get_at((xx, yy))[:3], background[:3], strict=True)) > 150
                        for xx in range(x + unit // 2 + 4, x + unit * 5))]
        assert inked, (x, y)
        rows.append((y, (inked[0] + inked[-1]) // 2))
    return rows


def test_the_stake_rows_dots_sit_on_their_names_line(tmp_path):
    app = svoyak_at_the_stakes(tmp_path)
    try:
        app.action(Action("amount", 2.0, args=("5",)))
        app.action(Action("stake", 2.0, args=(1,)))
        for dot_y, text_y in _dots_and_text(app, "stakes"):
            assert abs(dot_y - text_y) <= 3, (dot_y, text_y)
    finally:
        app.close()


def test_the_auction_rows_dots_sit_on_their_names_line(tmp_path):
    from tests.svoyak_display_kit import walk

    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        for name, commands in walk():
            for cmd in commands:
                app.submit(cmd)
            if name == "auction":
                break
        assert app.engine.state.phase == "auction"
        for dot_y, text_y in _dots_and_text(app, "auction"):
            assert abs(dot_y - text_y) <= 3, (dot_y, text_y)
    finally:
        app.close()
