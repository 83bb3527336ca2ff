"""Projector and overlay cosmetics a QA pass found: the standings card counts the questions finished, the team
colour stripes keep within their cards' rounded corners, the tournament draw's undecided places, the melee's
table lists, the gap after «Отвечает:». Real frames (SDL's dummy driver); texts read off the text cache's
calls, stripes and gaps measured in pixels."""

from __future__ import annotations

import os

import pygame

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.scenes import widgets
from quizshow.display.scenes.cards import StandingsCard
from quizshow.display.theme import load_theme
from quizshow.formats.svoyak import commands as sc
from tests.cards_kit import _fitted, _projector, ring_answering
from tests.conftest import demo_config, demo_engine, svoyak_config, svoyak_engine, views_of, words_of

SHOTS = os.environ.get("QUIZSHOW_SHOTS")  # a folder: the pictures the tests look at are saved there
HD = (1920, 1080)


def _shot(surface: pygame.Surface, name: str) -> None:
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, name))


# --- item 1: the standings card counts the questions finished, not the one being played --------------------------


def _standings_heading(engine, config, size: tuple[int, int] = HD) -> str:
    """The heading of the score overlay's card for the engine's state: the text fitted at the card's top."""
    shown = _projector(engine, config)
    with _fitted(shown) as texts:
        StandingsCard().card(shown.frame(engine.state, 10.0, size))
    heading = [t for t in texts if t.startswith("ПОЛОЖЕНИЕ")]
    assert len(heading) == 1, texts
    return heading[0]


def test_standings_card_during_the_first_question_says_no_question_is_finished():
    """Demo, question 1 on screen (and a team answering it): the card reads «ПОЛОЖЕНИЕ · РАУНД 1», never
    «после 1 вопроса» (the question is still being played); once its answer is shown, «после 1 вопроса»."""
    engine = demo_engine()
    engine.dispatch(c.Go(at=1.0))
    assert _standings_heading(engine, demo_config()) == "ПОЛОЖЕНИЕ · РАУНД 1"
    engine.dispatch(c.Go(at=2.0))  # the answer shown
    assert _standings_heading(engine, demo_config()) == "ПОЛОЖЕНИЕ · РАУНД 1 · ПОСЛЕ 1 ВОПРОСА"


def test_svoyak_standings_card_counts_the_cells_played_out_not_the_open_one():
    """«Своя игра»: on the first question the card names no count; back on the board after it, «после 1
    вопроса»; on the second question, still «после 1 вопроса»."""
    engine = svoyak_engine()
    config = svoyak_config()
    for cmd in (c.Go(at=1.0), c.Go(at=2.0), sc.SelectCell(at=3.0, theme=0, question=0)):
        engine.dispatch(cmd)
    assert _standings_heading(engine, config) == "ПОЛОЖЕНИЕ · РАУНД 1"
    for cmd in (c.Go(at=4.0), c.Go(at=5.0)):  # the answer shown, back on the board
        engine.dispatch(cmd)
    assert _standings_heading(engine, config) == "ПОЛОЖЕНИЕ · РАУНД 1 · ПОСЛЕ 1 ВОПРОСА"
    engine.dispatch(sc.SelectCell(at=6.0, theme=0, question=1))
    assert _standings_heading(engine, config) == "ПОЛОЖЕНИЕ · РАУНД 1 · ПОСЛЕ 1 ВОПРОСА"


# --- item 2: a team's colour stripe keeps within its card's rounded corners -------------------------------------


def _outside_the_card(surface: pygame.Surface, color: pygame.Color, card: pygame.Rect, width: int,
                      radius: int) -> list[tuple[int, int]]:
    """The pixels of the team's colour in the card's stripe columns (and a few rows either side) that lie
    outside the card's rounded outline (where its panel, drawn with `radius` corners, is not)."""
    outline = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(outline, (255, 255, 255, 255), card, border_radius=radius)
    found = []
    for x in range(card.x, card.x + width):
        for y in range(card.y - 8, card.bottom + 8):
            if tuple(surface.get_at((x, y)))[:3] == tuple(color)[:3] and outline.get_at((x, y)).a == 0:
                found.append((x, y))
    return found


def test_score_strip_stripes_keep_within_their_cards_rounded_corners():
    """The score strip at 1080 and 2160 lines: no pixel of a team's colour stripe sticks out above or below
    its card's rounded corners (they peeked out 4 px: the stripe's own corners were rounder-cut)."""
    engine = demo_engine()
    for size in (HD, (3840, 2160)):
        shown = _projector(engine, demo_config())
        frame = shown.frame(engine.state, 10.0, size)
        surface = pygame.Surface(size)
        strip = pygame.Rect(frame.u(60), size[1] - frame.u(150), size[0] - frame.u(120), frame.u(110))
        widgets.score_strip(surface, frame, strip)
        _shot(surface, f"strip-{size[1]}.png")
        assert _outside_the_card(surface, frame.team_color(0), pygame.Rect(strip.x, strip.y, frame.u(200),
                                                                            strip.height),
                                 frame.u(10), frame.u(14)) == []


def test_standings_card_stripes_keep_within_their_rows_rounded_corners():
    """The score overlay's card: each row's team stripe keeps within the row's rounded corners."""
    engine = demo_engine()
    shown = _projector(engine, demo_config())
    frame = shown.frame(engine.state, 10.0, HD)
    card = StandingsCard().card(frame)
    _shot(card, "standings-card.png")
    teams = len(engine.state.teams)
    row_h = min(frame.u(96), (HD[1] // 2) // teams)
    for rank in range(teams):  # all at 0: the teams in their own order
        row = pygame.Rect(frame.u(40), frame.u(130) + rank * row_h, card.get_width() - frame.u(80),
                          row_h - frame.u(10))
        assert _outside_the_card(card, frame.team_color(rank), row, frame.u(12), frame.u(14)) == [], rank


# --- item 3: the draw's numbers not given yet say what they wait for, not «?» -------------------------------------


def _draw_texts(engine, language: str) -> list[str]:
    """The texts the draw screen fits, at 1080 lines, settled."""
    from tests.tournament_kit import SEED001, config

    shown = Projector(engine.format, load_theme(config(SEED001).theme), "Турнир", words_of(engine.format, language),
                      views=views_of(engine.format))
    surface = pygame.Surface(HD)
    with _fitted(shown) as texts:
        shown.start(surface, engine.state, 100.0)
        for i in range(40):
            shown.render(surface, engine.state, 105.0 + i / 30)
    _shot(surface, f"draw-{len(engine.state.fmt.day.order)}-{language}.png")
    return texts


def test_tournament_draw_says_what_each_number_not_given_waits_for():
    """Seed 001 before the melee: number 1 «победитель «Кучи малы»», number 2 «по выбору победителя «Кучи
    малы»», the six others «по жребию»; no row reads «?». After the melee and the pick, the numbers left
    are «по жребию» (English: «by lot»)."""
    from quizshow.event import day as D
    from quizshow.formats.melee.format import Decide
    from quizshow.formats.tournament import model as m
    from tests.tournament_kit import SEED001, tournament

    engine = tournament(SEED001)
    texts = _draw_texts(engine, "ru")
    assert "?" not in texts
    assert texts.count("победитель «Кучи малы»") == 1
    assert texts.count("по выбору победителя «Кучи малы»") == 1
    assert texts.count("по жребию") == 6
    engine.dispatch(c.Go(at=1.0))
    at = 2.0
    while engine.state.phase != "melee_result":
        engine.dispatch(c.Go(at=at))
        if engine.state.phase == "melee_question":
            engine.dispatch(Decide(at=at + 0.1, side=0))
        at += 1
    engine.dispatch(c.Go(at=at))
    winner = D.melee_winner(engine.state.fmt.day)
    engine.dispatch(m.Pick(at=at + 1, team=(winner + 3) % 8))
    engine.dispatch(c.Go(at=at + 2))
    texts = _draw_texts(engine, "en")
    assert "?" not in texts and texts.count("by lot") == 5


# --- item 4: «Куча мала»'s table lists wear their table's colour, not each team's ---------------------------------


def test_melee_table_rows_wear_their_table_colour_not_a_clashing_team_colour(tmp_path):
    """Down the rows of each table's list (the column of their stripes, 1080 lines) the table's own colour
    shows and no team's colour does: «Северяне»'s red stripe at the green table read as a red-table seat."""
    from quizshow.app import ShowApp
    from quizshow.display.melee.scenes import TABLE_COLOURS
    from quizshow.formats.melee.format import GREEN, RED
    from tests.conftest import ROOT

    config = svoyak_config(ROOT / "shows" / "melee.yaml")
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        for at in (1.0, 2.0):  # the split by lot, the first question
            app.key(pygame.K_RIGHT, 0, at)
            app.pump_views()
        state = app.engine.state
        shown = _projector(app.engine, config, "Куча мала")
        surface = pygame.Surface(HD)
        shown.start(surface, state, 50.0)
        shown.render(surface, state, 55.0)
        _shot(surface, "melee-tables.png")
        frame = shown.frame(state, 55.0, HD)
        u = frame.u
        for side in (RED, GREEN):
            table = frame.color(TABLE_COLOURS[side])
            x = (u(80) if side == RED else HD[0] // 2 + u(40)) + u(30) + u(5)  # the stripes' column
            column = {tuple(surface.get_at((x, y)))[:3] for y in range(u(130) + u(90), u(130) + u(660))}
            assert tuple(table)[:3] in column, side
            teams = {tuple(frame.team_color(t))[:3] for t in range(len(state.teams))} - {tuple(table)[:3]}
            assert not column & teams, (side, column & teams)
    finally:
        app.close()


# --- item 5: the gap after «Отвечает:» is the design's, whatever letter the name begins with ----------------------


def _ink_gaps(surface: pygame.Surface, box: pygame.Rect) -> list[int]:
    """The runs of columns with no ink (nothing off the panel's colour, the letters' soft edges included)
    between the first and the last inked column of `box`, left to right."""
    ground = tuple(surface.get_at((box.left, box.top)))[:3]
    ink = [any(max(abs(a - b) for a, b in zip(tuple(surface.get_at((x, y)))[:3], ground, strict=True)) > 24
               for y in range(box.top, box.bottom)) for x in range(box.left, box.right)]
    first, last = ink.index(True), len(ink) - 1 - ink[::-1].index(True)
    gaps, run = [], 0
    for inked in ink[first:last + 1]:
        if inked:
            if run:
                gaps.append(run)
            run = 0
        else:
            run += 1
    return gaps


def test_brainring_answering_line_sets_the_name_apart_from_the_colon_by_the_design_gap():
    """«Отвечает: Анна Смирнова» and «Отвечает: Иван Петров» under the dots (1080 lines): the visible gap
    from the colon to the name is 0.4 of the type size (the overlay mock-up's, 13 px at 33), wider than the
    word space inside the name; PT Sans kerned it to a word gap or less («Отвечает: Анна» 0.29)."""
    from dataclasses import replace

    from quizshow.display.brainring import scenes as ring

    engine, config = ring_answering()  # the captain answers: player 1
    for name in ("Иван Петров", "Анна Смирнова"):
        alpha = engine.state.teams[0]
        state = replace(engine.state, teams=(replace(alpha, players=(name, *alpha.players[1:])),
                                             *engine.state.teams[1:]))
        shown = _projector(engine, config, "Брейн-ринг")
        surface = pygame.Surface(HD)
        shown.start(surface, state, 10.0)
        shown.render(surface, state, 12.0)
        _shot(surface, f"ring-answers-{name.split()[0]}.png")
        frame = shown.frame(state, 12.0, HD)
        box = ring.MatchScene._label_rect(frame, 0).inflate(-frame.u(60), 0)  # inside the panel's glowing edge
        gaps = [g for g in _ink_gaps(surface, box) if g >= frame.u(8)]  # word gaps, not letter gaps
        assert len(gaps) == 2, (name, gaps)  # after the colon, inside the name
        after_colon, inside = gaps
        px = frame.u(34)  # the line's type size at 1080 lines (a short name keeps it)
        assert round(px * 0.4) - 1 <= after_colon <= round(px * 0.4) + 2, (name, gaps)
        assert after_colon > inside, (name, gaps)
