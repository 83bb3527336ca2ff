"""«Своя игра» on the projector and the console: every scene at 720p, 1080p and 4K with its text in its
boxes, the board as the mock-up lays it out, the final's secrets kept, the console's panels clickable."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.svoyak.scenes import board_grid
from quizshow.display.theme import load_theme
from quizshow.formats.svoyak import commands as sc
from tests.conftest import ROOT, click, svoyak_config, svoyak_engine, views_of, words_of
from tests.display_kit import SIZES, RecordingText
from tests.svoyak_display_kit import play_walk, walk


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config().theme)


def test_the_walk_reaches_every_phase_it_names():
    engine = svoyak_engine()
    seen = {name: engine.state.phase for name in play_walk(engine)}
    assert seen["cat_value"] == "cat_value" and seen["auction"] == "auction" and seen["sponsor"] == "sponsor"
    assert seen["final_stakes"] == "final_stakes" and seen["final_answer"] == "final_answer"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_svoyak_scene_renders_with_text_inside_its_boxes(theme, size):
    engine = svoyak_engine()
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), text,
                          views=views_of(engine.format))
    surface = pygame.Surface(size)
    for name in play_walk(engine):
        now = engine.entries[-1].command.at if engine.entries else 0.0
        projector.on_events(list(engine.entries[-1].events) if engine.entries else [], now)
        text.fitted.clear()
        projector.render(surface, engine.state, now + 0.1)
        projector.render(surface, engine.state, now + 5)
        assert text.fitted, name
        for what, box, got in text.fitted:
            assert got[0] <= box[0] and got[1] <= box[1], f"{name}: {what!r} {got} overflows {box}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_fits_the_longest_theme_names_of_the_demo_pack_readably(theme, size):
    engine = svoyak_engine()
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), text,
                          views=views_of(engine.format))
    surface = pygame.Surface(size)
    for round_no, rnd in enumerate(engine.format.game.rounds):
        engine.state = replace(engine.state, phase="board", fmt=replace(engine.state.fmt, round=round_no))
        text.fitted.clear()
        projector.render(surface, engine.state, 100.0 + round_no)
        projector.render(surface, engine.state, 110.0 + round_no)
        longest = max((t.name for t in rnd.round.themes), key=len).upper()
        fitted = [(box, got) for what, box, got in text.fitted if what == longest]
        assert fitted, longest
        box, got = fitted[0]
        assert got[0] <= box[0] and got[1] <= box[1]
        layout = text.layout(longest, "heading", box, 10_000)
        # Readable from the back of the hall: at least 3% of the screen height (32 px at 1080p).
        assert layout.px >= size[1] * 0.03, (longest, layout.px)


def test_board_shows_values_leaves_played_cells_empty_and_marks_the_chooser(theme):
    size = (1920, 1080)
    engine = svoyak_engine()
    list(play_walk(engine, until="board"))
    engine.dispatch(sc.SelectCell(at=500, theme=0, question=0))
    engine.dispatch(c.Go(at=501))
    engine.dispatch(c.Tick(at=505))  # nobody pressed: the answer; the cell is played
    engine.dispatch(c.Go(at=506))
    assert engine.state.phase == "board"
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface(size)
    projector.render(surface, engine.state, 510.0)
    projector.render(surface, engine.state, 520.0)
    frame = projector.frame(engine.state, 520.0, size)
    _plates, cells = board_grid(frame, 4, 4)
    accent = theme.color("accent")

    def gold_pixels(rect: pygame.Rect) -> int:
        return sum(1 for x in range(rect.x, rect.right, 4) for y in range(rect.y, rect.bottom, 4)
                   if _near(surface.get_at((x, y)), accent))

    assert gold_pixels(cells[0][0]) == 0  # played: empty
    assert gold_pixels(cells[0][1]) > 50  # a value in gold
    assert _near(surface.get_at(cells[0][0].center), theme.color("panel_played"))
    # The chooser (Борис, the second card) has the gold frame; Анна's card has none.
    strip_y = size[1] - frame.u(36) - frame.u(104)
    card_w = (size[0] - frame.u(120) - frame.u(28) * 2) // 3
    boris_top = [(frame.u(60) + card_w + frame.u(28) + x, strip_y) for x in range(40, card_w - 40, 8)]
    anna_top = [(frame.u(60) + x, strip_y) for x in range(40, card_w - 40, 8)]
    assert sum(_near(surface.get_at(p), accent, 60) for p in boris_top) > len(boris_top) // 2
    assert sum(_near(surface.get_at(p), accent, 60) for p in anna_top) == 0


def _near(color, target, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color[:3], pygame.Color(target)[:3], strict=True))


def test_stakes_screen_never_shows_the_amounts(theme):
    size = (1280, 720)
    pictures = []
    for amount in (1, 299):
        engine = svoyak_engine()
        list(play_walk(engine, until="final_stakes"))
        for team in engine.state.fmt.final.order:
            assert engine.dispatch(sc.FinalStake(at=900, team=team, amount=min(amount, engine.state.teams[team].score))
                                   ).refused is None
        projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
        surface = pygame.Surface(size)
        projector.render(surface, engine.state, 901.0)
        projector.render(surface, engine.state, 950.0)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert pictures[0] == pictures[1]


def test_final_removal_is_struck_through(theme):
    size = (1920, 1080)
    engine = svoyak_engine()
    list(play_walk(engine, until="final_themes"))  # themes 2 and 4 removed
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface(size)
    projector.render(surface, engine.state, 1000.0)
    projector.render(surface, engine.state, 1010.0)
    frame = projector.frame(engine.state, 1010.0, size)
    warning = theme.color("warning")
    top, row_h = frame.u(150), min(frame.u(130), (frame.u(820) - frame.u(150)) // 5)
    for i, struck in enumerate((False, True, False, True, False)):
        y = top + i * row_h + (row_h - frame.u(18)) // 2
        red = sum(_near(surface.get_at((x, y)), warning, 50) for x in range(size[0] // 4, size[0] * 3 // 4, 6))
        assert (red > 20) == struck, (i, red)


def test_chosen_cell_zooms_into_the_question(theme):
    size = (1280, 720)
    engine = svoyak_engine()
    list(play_walk(engine, until="board"))
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface(size)
    projector.render(surface, engine.state, 499.0)
    out = engine.dispatch(sc.SelectCell(at=500, theme=3, question=3))
    projector.on_events(out.events, 500.0)
    projector.render(surface, engine.state, 500.05)
    projector.render(surface, engine.state, 500.2)
    early = pygame.image.tobytes(surface, "RGB")
    projector.render(surface, engine.state, 502.0)
    settled = pygame.image.tobytes(surface, "RGB")
    # Mid-zoom the card is still small, near its cell (bottom right): the top-left is still the board.
    assert early != settled
    frame = projector.frame(engine.state, 502.0, size)
    _plates, cells = board_grid(frame, 4, 4)
    assert cells[3][3].right > size[0] * 0.8 and cells[3][3].bottom > size[1] * 0.6


# --- the console ----------------------------------------------------------------------------------------


def _app(tmp_path) -> ShowApp:
    return ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def test_console_board_cells_open_questions_and_chooser_buttons_override(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    app.action(Action("go", 2.0))
    other = (app.engine.state.fmt.chooser + 1) % 3
    click(app, "pick", 3.0, other)
    assert app.engine.state.fmt.chooser == other
    click(app, "cell", 4.0, 2, 1)
    assert app.engine.state.phase == "question" and app.engine.state.fmt.cell == (2, 1)


def test_console_amount_typed_with_digits_becomes_a_bid_and_a_stake(tmp_path):
    app = _app(tmp_path)
    for i, points in enumerate((300, 500, 200)):
        app.action(Action("score_add", 0.5, args=(i, points)))
    app.action(Action("go", 1.0))
    app.action(Action("pick", 1.5, args=(0,)))
    app.action(Action("go", 2.0))
    click(app, "cell", 3.0, 0, 3)  # the auction
    for key in (pygame.K_2, pygame.K_5, pygame.K_0):
        app.key(key, 0, 4.0)
    assert app.status.amount == "250"
    app.key(pygame.K_BACKSPACE, 0, 4.1)
    app.key(pygame.K_0, 0, 4.2)
    click(app, "bid", 5.0, 0)
    auction = app.engine.state.fmt.auction
    assert auction.bid == 250 and auction.leader == 0 and app.status.amount == ""
    click(app, "allin", 6.0, auction.current)
    assert app.engine.state.fmt.auction.all_in


def test_ending_a_round_early_needs_a_second_press(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    app.action(Action("go", 2.0))
    click(app, "end_round", 3.0)
    assert not app.engine.state.fmt.played
    assert app.status.prompt is not None and "ещё раз" in app.status.prompt[0]  # asked, not a problem line
    assert not any("ещё раз" in text for _, text, _ in app.status.notices)
    click(app, "end_round", 3.5)
    assert len(app.engine.state.fmt.played) == 16


def test_console_journal_names_svoyak_steps_in_words(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    app.action(Action("pick", 1.5, args=(2,)))
    app.action(Action("go", 2.0))
    app.action(Action("cell", 3.0, args=(1, 0)))
    words = [text for _, text in app.console.journal]
    assert "Выбирает Вера" in words or app.engine.state.fmt.chooser == 2
    assert words[-1] == "Открыт вопрос «Русская литература XIX века» за 10"  # the theme's name, not its row
    assert app.console.engine.undo_target().command == sc.SelectCell(at=3.0, theme=1, question=0)


def test_svoyak_effects_play_their_sound_cues_through_the_final_to_the_winner():
    from quizshow.outputs.sound import SoundCues

    cues = SoundCues(teams=3, enabled=True)
    cues.wait_ready()
    engine = svoyak_engine()
    commands = [cmd for _, step in walk() for cmd in step] + [c.Go(at=9_000)]
    for cmd in commands:
        cues.on_events(engine.dispatch(cmd).events)
    played = cues.played
    for cue in ("round_start", "buzz0", "wrong", "correct", "special", "final_music", "winner"):
        assert cue in played, cue
    assert played.index("final_music") < played.index("winner")


def test_a_refusal_reaches_the_console_in_russian(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    app.action(Action("pick", 1.5, args=(0,)))
    app.action(Action("go", 2.0))
    app.action(Action("cell", 3.0, args=(2, 2)))  # the cat
    app.action(Action("give", 4.0, args=(0,)))
    assert app.status.notices[-1].text == "Кота нужно отдать сопернику"


def test_answer_at_once_countdown_and_one_click_ruling_on_the_console(tmp_path):
    """Seed 000, «Бессмертный подвиг»: «Отвечать необходимо сразу» — the console counts the time to start
    the answer down, and its «Затяжка» button rules the stalled answer wrong (it called an action the
    format did not have, so the click did nothing)."""
    from quizshow.display.console import rules as console_rules

    cfg = svoyak_config(ROOT / "shows" / "svoyak-teams.yaml")
    app = ShowApp(replace(cfg, rules={**cfg.rules, "answer_start_s": 5}), journal_path=tmp_path / "j.jsonl",
                  fresh=True, sound=False, seed=9)
    try:
        app.action(Action("go", 1.0))
        app.action(Action("go", 2.0))
        app.action(Action("cell", 3.0, args=(0, 0)))
        app.action(Action("buzz", 6.0, args=(0,)))  # called at 6: 5 s to start the answer
        surface = pygame.Surface((1280, 800))
        app.console.render(surface, 8.0, app.status)
        call = app.engine.state.fmt.call
        assert console_rules.call_text(app.console.ui, call) == "Начать ответ: 3,0 с"
        app.console.render(surface, 11.5, app.status)
        assert console_rules.call_text(app.console.ui, call) == "Время на начало ответа вышло"
        click(app, "disc", 11.5, 0, "stall")
        assert app.engine.state.phase == "question" and 0 in app.engine.state.locked
        assert app.engine.state.teams[0].score == -app.engine.format.value(app.engine.state)
    finally:
        app.close()
