"""Issue 28 items 4 and 7: the first 4K frame after a press and the steady frames draw less. The buzz flash
draws the same pixels from a small piece of each band (no band the screen's width kept); steady frames of
the duel and the ring redraw only what changed. Real frames (SDL's dummy driver)."""

from __future__ import annotations

import types

import pygame
import pytest

from quizshow.display.motion import overlays
from quizshow.display.tween import ease_out_cubic
from tests.memory_kit import pixels, screens
from tests.steady_kit import a_picture


def old_flash(target: pygame.Surface, color: tuple[int, int, int, int], started: float, now: float) -> None:
    """The flash as it was drawn before (45250f8): four whole bands with the strength as surface alpha."""
    w, h = target.get_size()
    thickness = max(8, h // 9)
    top = pygame.Surface((w, thickness), pygame.SRCALPHA)
    for y in range(thickness):
        top.fill((*color[:3], int(230 * (1 - y / thickness) ** 2)), pygame.Rect(0, y, w, 1))
    side = pygame.Surface((thickness, h), pygame.SRCALPHA)
    for x in range(thickness):
        side.fill((*color[:3], int(230 * (1 - x / thickness) ** 2)), pygame.Rect(x, 0, 1, h))
    bottom, right = pygame.transform.flip(top, False, True), pygame.transform.flip(side, True, False)
    alpha = int(255 * (1 - ease_out_cubic((now - started) / 0.7)))
    for band, pos in ((top, (0, 0)), (bottom, (0, h - thickness)), (side, (0, 0)), (right, (w - thickness, 0))):
        band.set_alpha(alpha)
        target.blit(band, pos)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 700)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("age", [0.0, 0.1, 0.35, 0.5])
def test_the_buzz_flash_lights_the_same_pixels_as_its_whole_bands_did(size, age):
    picture = a_picture(size)
    for color in ((200, 60, 40, 255), (255, 255, 255, 255), (20, 220, 90, 255)):
        old, new = picture.copy(), picture.copy()
        old_flash(old, color, 5.0, 5.0 + age)
        overlays.Flash(color, 5.0).draw(new, 5.0 + age)
        assert pygame.image.tobytes(old, "RGB") == pygame.image.tobytes(new, "RGB"), (color, age)
        assert pygame.image.tobytes(new, "RGB") != pygame.image.tobytes(picture, "RGB")  # it did light up


def test_the_buzz_flash_keeps_no_band_the_screens_width():
    """Two teams' flashes kept 2 × 4 whole bands (at 3840×2160 11.5 MB a colour); a piece of each is all
    a band needs (every row of a band is one colour and one opacity): under a third of those bytes."""
    size = (1280, 720)
    thickness = size[1] // 9
    overlays._full.cache_clear()  # (the other tests' flashes)
    for color in ((200, 60, 40, 255), (40, 90, 220, 255)):
        overlays.Flash(color, 1.0).draw(a_picture(size), 1.0)  # at full strength: its pieces are kept
    kept = {name: value for name, value in vars(overlays).items()
            if not isinstance(value, types.ModuleType | type | types.FunctionType)}
    bands = 2 * 2 * (size[0] * thickness + thickness * size[1]) * 4
    assert 0 < pixels(kept) < bands / 3
    assert screens(pixels(kept), size) < 0.25


def _duel_with_presses(presses):
    """The duel at reading, drawn once, then these presses (team, player) and their first frame: (engine,
    projector, surface, the presses' events, now)."""
    from quizshow.core import commands as c
    from quizshow.display.theme import load_theme
    from tests.duel_kit import config
    from tests.first_frames_kit import SIZE, duel_at_reading, idle

    engine, shown = duel_at_reading(load_theme(config().theme))
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 1.0)
    shown.render(surface, engine.state, 1.0)
    events = []
    for i, (team, player) in enumerate(presses):
        idle(shown, engine, 1.5 + i * 0.05)
        out = engine.dispatch(c.Buzz(at=2.0 + i * 0.05, team=team, player=player, source_time=2.0 + i * 0.05))
        assert out.refused is None
        events += out.events
        shown.on_events(out.events, 2.0 + i * 0.05)
    now = 2.0 + len(presses) * 0.05
    shown.render(surface, engine.state, now)
    return engine, shown, surface, events, now


def _layer_copies(monkeypatch) -> list[pygame.Rect]:
    """The parts of a still layer copied to the screen from now on (its own rectangle each)."""
    from quizshow.display import paint

    copied: list[pygame.Rect] = []
    real = paint.blit

    def blit(target, source, dest=(0, 0), special_flags=0, *, give_way):
        if source.get_parent() is not None or source.get_size() == target.get_size():
            copied.append(pygame.Rect(dest[0], dest[1], *source.get_size()))
        real(target, source, dest, special_flags, give_way=give_way)

    monkeypatch.setattr(paint, "blit", blit)
    return copied


@pytest.mark.parametrize("presses", [[(0, 2)], [(0, 2), (1, 0), (0, 1)]], ids=["one press", "three presses"])
def test_a_steady_duel_frame_copies_its_layer_only_around_the_presses_it_keeps(monkeypatch, presses):
    """The presses (the queue's rows, the tables that pressed) are kept as pixels after their first frame; a
    later frame copies the still layer only around them (they cover the rest), and the queue keeps only
    down to its last row. The picture is the whole one: drawn on a surface of garbage, it is the picture a
    fresh projector draws."""
    from quizshow.display.duel.grid import queue_rect
    from tests.first_frames_kit import SIZE, settled_like_a_fresh_projector

    engine, shown, surface, events, now = _duel_with_presses(presses)
    copied = _layer_copies(monkeypatch)
    shown.render(surface, engine.state, now + 0.02)
    frame = shown.frame(engine.state, now + 0.02, SIZE)
    box = queue_rect(frame)
    top = pygame.Rect(box.x, box.y, box.width, box.height // 4)  # its heading and first row: kept pixels
    assert copied and not any(part.colliderect(top) for part in copied)
    assert sum(part.width * part.height for part in copied) <= SIZE[0] * SIZE[1] - top.width * top.height
    monkeypatch.undo()
    settled_like_a_fresh_projector(shown, engine, events, now + 3.0, "Дуэль")  # on a new (black) surface


def _svoyak_at(step: str, size=(1280, 720)):
    """«Своя игра» walked (frames drawn, idle time run) to the end of `step`: (engine, projector, surface, now)."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
    from tests.svoyak_display_kit import walk

    engine = svoyak_engine()
    shown = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
                      views=views_of(engine.format))
    surface = pygame.Surface(size)
    now = 0.0
    for name, commands in walk():
        for cmd in commands:
            while shown.ahead(engine.state, engine.propose, cmd.at, size):
                pass
            shown.on_events(engine.dispatch(cmd).events, cmd.at)
            now = max(now, cmd.at)
        shown.render(surface, engine.state, now)
        shown.render(surface, engine.state, now + 3)
        if name == step:
            return engine, shown, surface, now + 3
    raise AssertionError(step)


def _like_a_fresh_projector(engine, shown, now: float, size=(1280, 720)) -> None:
    from quizshow.display.projector.projector import Projector
    from tests.conftest import views_of, words_of

    fresh = Projector(engine.format, shown.theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
    fresh.render(pygame.Surface(size), engine.state, now - 3)
    pictures = []
    for projector in (shown, fresh):
        surface = pygame.Surface(size)
        projector.render(surface, engine.state, now)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert pictures[0] == pictures[1]


@pytest.mark.parametrize("step, stake", [("final_themes", False), ("final_stakes", False), ("final_stakes", True)],
                         ids=["themes", "stakes", "a stake"])
def test_a_steady_frame_of_the_finals_themes_and_stakes_paints_its_background_no_more(monkeypatch, step, stake):
    """The final's themes and stakes drew the whole picture every frame (the stakes' «thinking» dots move
    as long as a team has not staked): the background, the heading, the plates and cards are a still layer
    now, composed once for the phase; a removal or a stake draws over it. The picture is the same."""
    from quizshow.display.scenes.base import Frame
    from quizshow.formats.svoyak import commands as sc
    from quizshow.formats.svoyak.spec import SPEC

    engine, shown, surface, now = _svoyak_at(step)
    if stake:
        team = SPEC.state_of(engine.state).final.order[0]
        out = engine.dispatch(sc.FinalStake(at=now, team=team, amount=1))
        assert out.refused is None
        shown.on_events(out.events, now)
        shown.render(surface, engine.state, now + 0.1)
        now += 3
    painted: list[int] = []
    real = Frame.paint_background
    monkeypatch.setattr(Frame, "paint_background", lambda self, target: (painted.append(1), real(self, target)))
    shown.render(surface, engine.state, now + 0.5)
    assert painted == []
    monkeypatch.undo()
    _like_a_fresh_projector(engine, shown, now + 1)


def test_the_asked_tables_pulse_fades_its_own_glow_instead_of_copying_it_every_frame(monkeypatch):
    """While a player answers the gold frame round their table pulses (every frame, as long as they answer):
    its glow's pieces were copied every frame to be faded (0.7 ms at 4K); they are copied once. The same
    pixels as the shared glow frame faded the old way."""
    from quizshow.display import paint
    from quizshow.display.duel import motion
    from quizshow.display.duel.grid import tile_rect
    from tests.first_frames_kit import SIZE

    engine, shown, surface, _, now = _duel_with_presses([(0, 2)])
    shown.render(surface, engine.state, now + 0.02)
    made: list[tuple] = []
    real = paint.glow_frame
    monkeypatch.setattr(paint, "glow_frame", lambda *a: (made.append(a), real(*a))[1])
    for i in range(10):
        shown.render(surface, engine.state, now + 0.05 + i / 60)
    assert made == []
    monkeypatch.undo()
    frame = shown.frame(engine.state, now + 1, SIZE)
    rect = tile_rect(frame, 0, 2).inflate(frame.u(10), frame.u(10))
    old, new = a_picture(SIZE), a_picture(SIZE)
    for alpha in (70, 150, 220):
        paint.blit_glow_frame(old, rect, paint.rgb(frame.color("accent")), frame.u(20), frame.u(3), alpha,
                              give_way=paint.never)
        for piece, (x, y) in motion._pulse_pieces(rect.size, paint.rgb(frame.color("accent")), frame.u(20),
                                                      frame.u(3)):
            piece.set_alpha(alpha)
            new.blit(piece, (rect.x - frame.u(3) * 3 + x, rect.y - frame.u(3) * 3 + y))
    assert pygame.image.tobytes(old, "RGB") == pygame.image.tobytes(new, "RGB")


@pytest.mark.parametrize("seat", [(0, 2), (1, 3)], ids=["Альфа, красный", "Бета, капитан"])
def test_the_first_frame_after_any_players_press_in_the_duel_makes_no_table_and_no_words(monkeypatch, seat):
    """Idle time makes, a player a call, the table and the row's words each player who may press next would
    get (the projector rehearses one press a team, its first player's): the frame after any player's press
    only blits them. The picture settles as a fresh projector draws it."""
    from quizshow.core import commands as c
    from quizshow.display.duel import tables
    from quizshow.display.theme import load_theme
    from tests.duel_kit import config
    from tests.first_frames_kit import SIZE, duel_at_reading, idle, settled_like_a_fresh_projector

    engine, shown = duel_at_reading(load_theme(config().theme))
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 1.0)
    shown.render(surface, engine.state, 1.0)
    idle(shown, engine, 1.5)
    tiles: list[tuple] = []
    drawn: list[str] = []
    real_tile, real_draw = tables._tile, type(shown.text)._draw
    monkeypatch.setattr(tables, "_tile", lambda frame, *a: (tiles.append(a), real_tile(frame, *a))[1])
    monkeypatch.setattr(type(shown.text), "_draw", lambda self, layout, *a, **k: (
        drawn.append(layout), real_draw(self, layout, *a, **k))[1])
    out = engine.dispatch(c.Buzz(at=2.0, team=seat[0], player=seat[1], source_time=2.0))
    assert out.refused is None
    shown.on_events(out.events, 2.0)
    shown.render(surface, engine.state, 2.0)
    assert tiles == [] and drawn == []
    monkeypatch.undo()
    settled_like_a_fresh_projector(shown, engine, out.events, 5.0, "Дуэль")


@pytest.mark.parametrize("player", [1, 3])
def test_the_first_frame_after_any_players_press_in_brainring_writes_no_name(monkeypatch, player):
    """«Отвечает: name» for every player at both tables is made in idle time (the projector rehearses each
    team's first player's press): the frame after any player's press lays out no «Отвечает» words of its
    own. Settled, the picture a fresh projector draws."""
    from quizshow.core import commands as c
    from tests.first_frames_kit import ring_before_a_press, settled_like_a_fresh_projector

    shown, engine, surface = ring_before_a_press()
    drawn: list[str] = []
    real_draw = type(shown.text)._draw
    monkeypatch.setattr(type(shown.text), "_draw", lambda self, layout, *a, **k: (
        drawn.append(" ".join(layout.lines)), real_draw(self, layout, *a, **k))[1])
    out = engine.dispatch(c.Buzz(at=21.0, team=0, player=player))
    assert out.refused is None and engine.state.answering == 0
    shown.on_events(out.events, 21.0)
    shown.render(surface, engine.state, 21.0)
    name = engine.state.teams[0].players[player]
    assert not any(name in text for text in drawn), drawn
    monkeypatch.undo()
    settled_like_a_fresh_projector(shown, engine, out.events, 24.0, "Брейн-ринг")
