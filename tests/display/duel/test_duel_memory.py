"""Issue 28, the duel at 4K: 412-439 MB after its walk (target 400). Its kept table pictures
(`duel.tables._TILES`) grew with every look, number and player drawn (55 tables, 82 MB at 3840×2160); they are
bounded by their bytes, scaled with the screen, the least recently used out, and a press's first frame still
only blits its tables. Real frames (SDL's dummy driver)."""

from __future__ import annotations

import pygame
import pytest

from quizshow.display.duel import tables
from quizshow.display.duel.grid import tile_rect
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import views_of, words_of
from tests.memory_kit import pixels

UHD = (3840, 2160)
FRAMES = 3  # a scene's frames in the walk: its first (a press's, a verdict's) and two after


def table_bytes(projector: Projector, state, size: tuple[int, int]) -> int:
    """One table's picture at this size (its tile and the margin its glow may take)."""
    frame = projector.frame(state, 0.0, size)
    rect = tile_rect(frame, 0, 0).inflate(frame.u(18) * 2, frame.u(18) * 2)
    return rect.width * rect.height * 4


@pytest.fixture(scope="module")
def walked_at_4k():
    """The duel's whole walk at 3840×2160 with the app's idle time before each of the host's presses: (the
    projector, the engine, the kept tables' bytes after each scene, the tables a frame made again)."""
    from tests.duel_display_kit import mockup_walk, show_engine
    from tests.duel_kit import config

    engine = show_engine()
    shown = Projector(engine.format, load_theme(config().theme), "Дуэль", words_of(engine.format),
                      views=views_of(engine.format))
    made: set[tuple] = set()
    again: list[tuple[str, tuple]] = []
    in_frame = [False, ""]
    real = tables._tile

    def tile(frame, *args):
        if in_frame[0] and args in made:
            again.append((str(in_frame[1]), args))
        made.add(args)
        return real(frame, *args)

    surface = pygame.Surface(UHD)
    kept: list[tuple[str, int]] = []
    patch = pytest.MonkeyPatch()
    patch.setattr(tables, "_tile", tile)
    try:
        now = 0.0
        shown.start(surface, engine.state, now)
        shown.render(surface, engine.state, now)
        for name, commands in mockup_walk():
            for cmd in commands:
                while shown.ahead(engine.state, engine.propose, now, UHD):
                    pass
                out = engine.dispatch(cmd)
                shown.on_events(out.events, cmd.at)
                now = max(now, cmd.at)
            in_frame[:] = [True, name]
            for i in range(FRAMES):
                shown.render(surface, engine.state, now + i / 60)
            in_frame[0] = False
            kept.append((name, pixels(tables._TILES.get(shown.text))))
            now += 2.0
    finally:
        patch.undo()
    return shown, engine, kept, again, len(made)


def test_the_duels_kept_tables_stay_within_their_byte_budget_through_a_walk_at_4k(walked_at_4k):
    """20 tables' pictures with their margins at most (30 MB at 4K; the starting commit kept up to 51 MB by
    this scene), whatever the walk drew: it draws more than twice as many different tables (looks, numbers,
    players who left)."""
    shown, engine, kept, _, made = walked_at_4k
    one = table_bytes(shown, engine.state, UHD)
    assert made > 2 * 20
    for name, nbytes in kept:
        assert nbytes <= 20 * one, (name, nbytes / 2**20)
    assert kept[-1][1] > 8 * one  # still a state's tables and the next presses' (not dropped wholesale)


def test_no_frame_of_the_duel_walk_at_4k_makes_again_a_table_it_made_before(walked_at_4k):
    """Bounded, the kept tables still hold what a frame wants: a press's first frame, a verdict's, a leaving
    table's motion only blit tables made in idle time (remaking one costs 2-3 ms of a 4K frame)."""
    _, _, _, again, _ = walked_at_4k
    assert again == []


@pytest.mark.parametrize("seat", [(0, 1), (1, 3)], ids=["Альфа, жёлтый", "Бета, капитан"])
def test_the_first_frame_after_any_press_at_4k_makes_no_table_with_the_tables_bounded(monkeypatch, seat):
    """At 3840×2160 (the budget holds 20-27 tables there, not the 45-60 a 1280×720 screen's does) the frame after
    any player's press makes no table picture: idle time's were kept."""
    from quizshow.core import commands as c
    from tests.duel_kit import config
    from tests.first_frames_kit import duel_at_reading

    engine, shown = duel_at_reading(load_theme(config().theme))
    surface = pygame.Surface(UHD)
    shown.start(surface, engine.state, 1.0)
    shown.render(surface, engine.state, 1.0)
    while shown.ahead(engine.state, engine.propose, 1.5, UHD):
        pass
    tiles: list[tuple] = []
    real = tables._tile
    monkeypatch.setattr(tables, "_tile", lambda frame, *a: (tiles.append(a), real(frame, *a))[1])
    out = engine.dispatch(c.Buzz(at=2.0, team=seat[0], player=seat[1], source_time=2.0))
    assert out.refused is None
    shown.on_events(out.events, 2.0)
    shown.render(surface, engine.state, 2.0)
    assert tiles == []
    assert pixels(tables._TILES.get(shown.text)) <= 20 * table_bytes(shown, engine.state, UHD)


@pytest.mark.parametrize("size", [(1280, 720), UHD], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_duel_tables_picture_is_tight_to_the_table_and_its_glow(size):
    """A table's picture took an 18-unit margin on every side whatever its look (1.5 MB a table at 4K, 1.2
    tight). Now only the gold glow's reach is kept (asked, chooser), and a numberless live table's margin
    (a leaving table is that picture scaled: its motion's pixels stay); the others are the table's size.
    Blitted where `tile_at` says, each covers the table with nothing outside it but the glow."""
    from tests.duel_kit import config
    from tests.first_frames_kit import duel_at_reading

    engine, shown = duel_at_reading(load_theme(config().theme))
    frame = shown.frame(engine.state, 1.0, size)
    glow = frame.u(5) * 3
    for team, player in [(0, 0), (1, 1), (0, 3)]:
        rect = tile_rect(frame, team, player)
        for look, number, reach in [("live", 2, 0), ("out", None, 0), ("dq", None, 0), ("candidate", None, 0),
                                    ("asked", 1, glow), ("chooser", None, glow), ("live", None, frame.u(18))]:
            picture = tables.tile(frame, team, player, look, number)
            assert picture.get_size() == rect.inflate(reach * 2, reach * 2).size, (look, number)
            at = pygame.Rect(tables.tile_at(frame, team, player, picture), picture.get_size())
            assert at.center == rect.center


def test_the_duels_pictures_are_the_same_with_its_tables_drawn_tight(monkeypatch):
    """Every scene of the duel's walk (the tables live, asked, chooser and candidates, out, the result): a
    fresh projector draws the same pixels with the tight tables as with every table given its old margin."""
    from tests.duel_display_kit import mockup_walk, show_engine
    from tests.duel_kit import config

    engine = show_engine()
    theme = load_theme(config().theme)
    margin = tables.tile_margin
    for name, commands in mockup_walk():
        for cmd in commands:
            assert engine.dispatch(cmd).refused is None
        pictures = []
        for old in (False, True):
            if old:
                monkeypatch.setattr(tables, "tile_margin", lambda frame, look, number: frame.u(18))
            shown = Projector(engine.format, theme, "Дуэль", words_of(engine.format), views=views_of(engine.format))
            surface = pygame.Surface((1280, 720))
            shown.render(surface, engine.state, 100.0)
            shown.render(surface, engine.state, 100.2)  # (a leaving table's motion: halfway)
            pictures.append(pygame.image.tobytes(surface, "RGB"))
            monkeypatch.setattr(tables, "tile_margin", margin)
        assert pictures[0] == pictures[1], name
