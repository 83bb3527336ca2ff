"""The written quiz on the projector and the console: 40 teams readable at 1920×1080 (a pixel test),
the re-ordering after a tour, every phase's picture, and the operator's grid by keyboard."""

from __future__ import annotations

import pygame

from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.projector.projector import Projector
from quizshow.display.written import grid
from quizshow.display.written.results import MIN_PX, MOVE_S, NAME_PX, STAGGER_S
from quizshow.formats.written import commands as wc
from tests.conftest import ROOT, views_of, words_of
from tests.display_kit import RecordingText
from tests.written_display_kit import (
    SHOW_12,
    SizeRecorder,
    _app,
    _to_answer,
    config,
    layout_for,
    played_tours,
    render,
    theme,  # noqa: F401 - fixtures
)


def ink_height(surface: pygame.Surface, rect: pygame.Rect, threshold: int = 150) -> int:
    """How many pixel rows of `rect` hold a bright (text) pixel: the height of the letters there."""
    rows = 0
    for y in range(rect.top, rect.bottom):
        if any(max(surface.get_at((x, y))[:3]) >= threshold and min(surface.get_at((x, y))[:3]) >= 120
               for x in range(rect.left, rect.right, 2)):
            rows += 1
    return rows


def cap_height(theme, px: int) -> int:  # noqa: F811
    """The ink height of a capital «Н» at `px` in the heading font: the smallest readable letter."""
    font = pygame.font.Font(str(theme.fonts["heading"]), px)
    glyph = font.render("Н", True, (255, 255, 255), (0, 0, 0))
    return ink_height(glyph, glyph.get_rect())


def test_forty_teams_are_readable_on_one_1080p_screen(theme):  # noqa: F811
    """mockups/README.md: «40 teams on one screen in two columns of 20; names at 32 px, nothing under 24 px»."""
    e, t = played_tours(2)
    text = SizeRecorder(theme.fonts)
    surface, _ = render(theme, e, t + 60, text=text)  # long after the re-ordering
    lines = e.format.lines(e.state)
    assert len(lines) == 40
    box = layout_for(e, lines)
    assert len(box.panels) == 2 and box.per_column == 20
    smallest = cap_height(theme, MIN_PX)
    x, wd = box.columns["name"]
    for row, line in enumerate(lines):
        slot = box.slot(row)
        name = pygame.Rect(slot.x + x, slot.y, wd, slot.height)
        # Every row's name is on screen, its letters at least as tall as a 24 px capital.
        assert ink_height(surface, name) >= smallest, (row, line.name)
        assert slot.bottom <= 1080 and slot.right <= 1920
    # The names themselves are drawn at 32 px (fitted once; no name of the show needed shrinking).
    sizes = [text.layout(line.name, "heading", (wd, round(NAME_PX * 1.35)), NAME_PX, MIN_PX, False).px
             for line in lines]
    assert min(sizes) == NAME_PX
    # And no text on the screen is laid out below 24 px.
    assert len(text.sizes) > 100
    small = [(t_, px) for t_, px in text.sizes if px < MIN_PX]
    assert not small, small


def test_a_shared_place_is_one_block_with_its_range_on_every_row(theme):  # noqa: F811
    e, t = played_tours(2)
    lines = e.format.lines(e.state)
    shared = [line for line in lines if line.place[0] != line.place[1]]
    assert shared, "with 40 teams some places are shared"
    first = shared[0]
    assert all(line.place_text == f"{first.place[0]}–{first.place[1]}" for line in shared if line.place == first.place)


def test_the_table_reorders_after_a_tour(theme):  # noqa: F811
    """The rows slide from their places before the tour to their new places, then stand still."""
    e, t = played_tours(2)
    projector = Projector(e.format, theme, "ЧГК", words_of(e.format), views=views_of(e.format))
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, e.state, t)  # the table appears: the rows start moving now
    projector.render(surface, e.state, t + 0.6)
    moving = surface.copy()
    settle = t + MOVE_S + STAGGER_S * 40 + 0.5
    projector.render(surface, e.state, settle)
    still = surface.copy()
    assert pygame.image.tobytes(moving, "RGB") != pygame.image.tobytes(still, "RGB")
    projector.render(surface, e.state, settle + 1)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(still, "RGB")


def test_every_phase_renders_with_its_words(theme):  # noqa: F811
    """The question with its handout picture, the minute, «Сдаём ответы!» with an extra minute's own
    clock, the answer with its comment, the results, the podium."""
    e = Engine(make_format(config(SHOW_12)), 1)
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "ЧГК", words_of(e.format), text, views=views_of(e.format))
    surface = pygame.Surface((1920, 1080))
    seen = {}

    def shot(name, now):
        text.fitted.clear()
        projector.render(surface, e.state, now)
        projector.render(surface, e.state, now + 2)
        seen[name] = ({t for t, _, _ in text.fitted}, surface.copy())
        for t_, box, size in text.fitted:
            assert size[0] <= box[0] and size[1] <= box[1], (name, t_)

    e.dispatch(c.Go(at=1))
    for _ in range(2):  # to the third question: the handout
        e.dispatch(c.Go(at=2))
        e.dispatch(c.Tick(at=62.1))
        e.dispatch(c.Tick(at=72.2))
        e.dispatch(c.Go(at=73))
    assert e.format.current(e.state).image is not None
    shot("handout", 74)
    e.dispatch(c.Go(at=80))
    e.dispatch(wc.ExtraMinute(at=81, team=3))
    shot("minute", 82)
    e.dispatch(c.Tick(at=140.1))
    shot("hand_in", 141)
    e.dispatch(c.Tick(at=151))
    shot("extra only", 160)
    e.dispatch(c.Tick(at=210.2))
    shot("answer", 211)
    assert "Сатурн" in seen["answer"][0] and any("Кольца" in t for t in seen["answer"][0])
    assert any("Сдаём ответы" in t.replace("СДАЁМ ОТВЕТЫ", "Сдаём ответы") for t in seen["hand_in"][0])
    assert "Кот Шрёдингера" in seen["hand_in"][0] and "дополнительная минута" in seen["hand_in"][0]
    assert "Кот Шрёдингера" in seen["extra only"][0]
    # The handout picture is on the card's right half: Saturn's colours, not the card's blue.
    pic = seen["handout"][1].subsurface(pygame.Rect(1000, 300, 600, 500))
    colours = {pic.get_at((x, y))[:3] for x in range(0, 600, 20) for y in range(0, 500, 20)}
    assert any(r > 120 and g > 90 and b < 120 for r, g, b in colours)
    e2, t = played_tours(3, path=SHOW_12)
    e2.dispatch(c.Go(at=t + 1))
    while e2.state.phase != "podium":  # extra questions, if the demo tied
        e2.dispatch(c.Go(at=t + 2))
        e2.dispatch(c.Tick(at=t + 62.1))
        e2.dispatch(c.Tick(at=t + 72.2))
        leader = e2.format.lines(e2.state)[0].team
        if leader in e2.format.players_of(e2.state.fmt, e2.state.fmt.number):
            e2.dispatch(wc.Mark(at=t + 73, team=leader, number=e2.state.fmt.number))
        e2.dispatch(c.Go(at=t + 74))
        e2.dispatch(c.Go(at=t + 75))
        t += 100
    text2 = RecordingText(theme.fonts)
    projector2 = Projector(e2.format, theme, "ЧГК", words_of(e2.format), text2, views=views_of(e2.format))
    projector2.render(surface, e2.state, t)
    projector2.render(surface, e2.state, t + 5)
    winner = e2.format.lines(e2.state)[0].name
    assert any(winner in t_ for t_, _, _ in text2.fitted)


def test_forty_teams_are_marked_for_one_question_with_forty_keys(tmp_path):
    """Issue 18: marking 40 teams for one question must take under 30 s by keyboard — one key a team."""
    app = _app(tmp_path)
    t = _to_answer(app)
    right = {team for team in range(40) if team % 3}
    keys = 0
    for team in range(40):
        app.key(pygame.K_SPACE if team in right else pygame.K_DOWN, 0, t + team * 0.1)
        keys += 1
    assert keys == 40
    assert app.engine.state.fmt.grid.correct == {(team, 0) for team in right}
    assert [line.total for line in sorted(app.format.lines(app.engine.state), key=lambda ln: ln.team)] == \
        [int(team in right) for team in range(40)]
    # The grid's keys went through the format's actions: journalled as its own namespaced command.
    marks = [e.command for e in app.engine.entries if e.command.journal_name == "written.Mark"]
    assert len(marks) == len(right)


def test_the_grid_takes_no_key_before_the_first_question(tmp_path):
    """Before the first question the grid is not shown: its keys (Space, digits) go to the key map."""
    app = _app(tmp_path, SHOW_12)
    assert not app.console.panel_key(pygame.K_SPACE, 0, 1.0, lambda call: None)
    app.key(pygame.K_PAGEDOWN, 0, 1.0)  # the first question: now the grid takes its keys
    assert app.console.panel_key(pygame.K_DOWN, 0, 2.0, lambda call: None)
    assert not app.console.panel_key(pygame.K_PAGEDOWN, 0, 3.0, lambda call: None)  # Next stays the key map's


def test_a_show_lists_as_many_teams_as_its_format_allows(tmp_path):
    """FormatSpec.max_teams: the written quiz takes 40 teams, a format that says nothing 10."""
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems

    def show(fmt: str, teams: int) -> list[str]:
        path = tmp_path / f"{fmt}-{teams}.yaml"
        rows = "".join(f'  - {{name: "Команда {i}"}}\n' for i in range(teams))
        path.write_text(f'title: "T"\nformat: {fmt}\nteams:\n{rows}', encoding="utf-8")
        problems = Problems()
        load_show(path, problems)
        return [str(p) for p in problems.items]

    assert not [p for p in show("written", 40) if ": warning:" not in p]  # (no pack: a warning, it runs on paper)
    assert any("a show needs 1 to 40 teams (found 41)" in p and ":4:" in p for p in show("written", 41))
    assert any("a show needs 1 to 10 teams (found 11)" in p for p in show("svoyak", 11))


def test_typing_a_team_number_jumps_and_arrows_move(tmp_path):
    app = _app(tmp_path)
    t = _to_answer(app)
    app.key(pygame.K_2, 0, t)
    app.key(pygame.K_7, 0, t + 0.3)
    cursor = grid.cursor_for(app.console.panel_memory, app.engine.state)
    assert cursor.team == 26
    app.key(pygame.K_UP, 0, t + 3)
    assert cursor.team == 25
    app.key(pygame.K_SPACE, 0, t + 4)
    assert app.engine.state.fmt.grid.is_correct(25, 0) and cursor.team == 26
    app.key(pygame.K_UP, 0, t + 5)
    app.key(pygame.K_l, 0, t + 6)  # late, with one key
    assert (25, 0) in app.engine.state.fmt.grid.late and app.engine.state.teams[25].score == 0
    app.key(pygame.K_z, pygame.KMOD_CTRL, t + 7)  # undo the late mark
    assert (25, 0) not in app.engine.state.fmt.grid.late


def test_the_console_grid_draws_the_cursor_and_totals(tmp_path):
    app = _app(tmp_path, SHOW_12)
    t = _to_answer(app)
    app.key(pygame.K_SPACE, 0, t)
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, t, app.status)
    assert any(rect.width for rect, _ in app.console.buttons)
    # The marked cell is green on the console (GOOD), somewhere on the left part.
    greens = sum(1 for x in range(0, 880, 4) for y in range(200, 700, 4)
                 if surface.get_at((x, y))[:3] == (0x2f, 0xbf, 0x71))
    assert greens > 10


def test_the_cli_exports_the_grid_from_the_journal(tmp_path):
    from quizshow.cli import main

    app = _app(tmp_path, SHOW_12)
    t = _to_answer(app)
    app.key(pygame.K_SPACE, 0, t)
    app.close()
    code = main([str(SHOW_12), "--journal", str(tmp_path / "j.jsonl"), "--export-results", str(tmp_path / "out")])
    assert code == 0
    table = (tmp_path / "out.csv").read_text(encoding="utf-8").splitlines()
    assert table[1].startswith("1,Совы,1,")
    assert "Совы" in (tmp_path / "out.html").read_text(encoding="utf-8")


def test_a_format_without_results_to_export_says_so(tmp_path, capsys):
    from quizshow.cli import main

    code = main([str(ROOT / "shows" / "svoyak.yaml"), "--journal", str(tmp_path / "j.jsonl"),
                 "--export-results", str(tmp_path / "out")])
    assert code == 1 and not (tmp_path / "out.csv").exists()
    said = capsys.readouterr().out
    assert "format 'svoyak' has no results to export (formats that have: written" in said  # and others


