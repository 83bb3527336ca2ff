"""Memory of a running show, second pass (issue 28): a transition holds no full screens of its own, the
special cards draw over their still layer (no backdrop kept beside it).

The pictures are counted as bench/memory.py's census counts them (tests/display/test_memory.py's `pixels`)."""

from __future__ import annotations

import pygame

from quizshow.core.effects import EventKind
from quizshow.display.projector.projector import Projector
from quizshow.display.scenes import plates
from quizshow.display.theme import load_theme
from quizshow.formats.svoyak import commands as sc
from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
from tests.memory_kit import SIZE, pixels, play_kind, screens, walked
from tests.svoyak_display_kit import walk as svoyak_walk


def _to_board():
    """A «Своя игра» projector on its board, drawn, with its idle work done."""
    engine = svoyak_engine()
    projector = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
                          views=views_of(engine.format))
    surface = pygame.Surface(SIZE)
    projector.start(surface, engine.state, 0.0)
    now = 0.0
    for _, commands in svoyak_walk()[:3]:  # to the board
        for cmd in commands:
            projector.on_events(engine.dispatch(cmd).events, cmd.at)
            now = cmd.at
        for i in range(40):
            projector.render(surface, engine.state, now + i / 60)
        while projector.ahead(engine.state, engine.propose, now + 1, SIZE):
            pass
        now += 1
    return engine, projector, surface, now


def test_no_transition_buffer_is_kept_while_nothing_transitions():
    """After a whole «Своя игра» walk, the picture standing still: no buffer of a transition is held (two
    full screens were kept between transitions, 16 MB at 1080p, 63 MB at 4K)."""
    projector = walked()
    assert projector.cut.buffer is None and projector.cut.incoming is None
    assert screens(pixels([projector.cache.layers, projector.cut.buffer, projector.cut.incoming])) <= 3.01


def test_a_zoom_borrows_its_buffers_from_the_still_layers():
    """A cell's question zooms out of the board: while it runs, its outgoing and incoming pictures are held
    in surfaces lent by the still layers, and no more than the layers' three full screens are alive
    (there were five: three layers and two buffers); when it ends they are given back."""
    engine, projector, surface, now = _to_board()
    out = engine.dispatch(sc.SelectCell(at=now + 1, theme=1, question=2))
    projector.on_events(out.events, now + 1)
    zooming = 0
    for i in range(60):
        t = now + 1 + i / 60
        projector.render(surface, engine.state, t)
        if projector.transitioning(t):
            zooming += 1
            assert projector.cut.buffer is not None and projector.cut.incoming is not None
            alive = {id(s): s for s in [*projector.cache.layers._layers.values(), *projector.cache.layers._spare,
                                        projector.cut.buffer, projector.cut.incoming]}
            assert screens(sum(s.get_pitch() * s.get_height() for s in alive.values())) <= 3.01
        while projector.ahead(engine.state, engine.propose, t, SIZE):  # the frame's idle time
            pass
    assert zooming > 10
    assert not projector.transitioning(now + 2)
    assert projector.cut.buffer is None and projector.cut.incoming is None


def test_a_rehearsal_in_idle_time_leaves_the_picture_on_screen_untouched():
    """What the next presses may show is drawn offscreen on the surface the last frame was drawn on, clipped
    to its corner pixel, which is put back: the window shows exactly the last frame."""
    engine, projector, surface, now = _to_board()
    projector.render(surface, engine.state, now + 5)
    before = pygame.image.tobytes(surface, "RGB")
    projector.idle.forget()  # start the idle work over: every rehearsal runs again
    while projector.ahead(engine.state, engine.propose, now + 5, SIZE):
        pass
    assert pygame.image.tobytes(surface, "RGB") == before
    assert surface.get_clip() == surface.get_rect()


def _open_card(cell: tuple[int, int]):
    engine, projector, surface, now = _to_board()
    plates_before = {name: value for name, value in vars(plates).items() if isinstance(value, list | dict)}
    cmd = sc.SelectCell(at=now + 1, theme=cell[0], question=cell[1])
    projector.on_events(engine.dispatch(cmd).events, cmd.at)
    for i in range(90):  # a second and a half: the card has sprung open
        projector.render(surface, engine.state, cmd.at + i / 60)
        while projector.ahead(engine.state, engine.propose, cmd.at + i / 60, SIZE):
            pass
    return engine, projector, surface, cmd.at + 89 / 60, plates_before


def test_the_cat_card_draws_the_same_pixels_without_its_backdrop():
    """The cat's open card is the studio background with the card on it, then its words, as with the
    full-screen backdrop kept before; now that picture is the scene's still layer (one of the three) and
    nothing beside it is kept (8 MB at 1080p, 32 MB at 4K)."""
    engine, projector, surface, at, _ = _open_card((2, 2))
    assert play_kind(engine) == "cat"
    scene = projector.scene(engine.state)
    frame = projector.frame(engine.state, at, SIZE)
    assert plates.card_grow(frame, EventKind.QUESTION, 0.6) >= plates.OPEN
    expected = pygame.Surface(SIZE)
    frame.paint_background(expected)  # what the backdrop held
    plates.card(expected, frame, plates.plate_rect(frame, 0.8, 700), frame.color("accent"))
    scene.draw_moving(expected, frame)
    shown = pygame.Surface(SIZE)
    projector.render(shown, engine.state, at)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")
    kept = [value for value in vars(plates).values() if isinstance(value, dict | list | tuple)]
    assert screens(pixels(kept)) < 0.01


def test_the_sponsor_card_opens_on_its_still_layer_and_keeps_no_backdrop():
    """The sponsor's card: once open, its background and card are the scene's still layer, and the module
    that drew the cards keeps no picture of its own."""
    engine, projector, surface, at, _ = _open_card((1, 3))
    assert play_kind(engine) == "sponsor"
    scene = projector.scene(engine.state)
    frame = projector.frame(engine.state, at, SIZE)
    layer = projector.cache.layers.get((scene.name, scene.static_key(frame), SIZE))
    assert layer is not None
    plate = plates.plate_rect(frame, 0.76, 620)
    corner = (plate.x + frame.u(40), plate.bottom - frame.u(8))  # the card's own pixels, no words there
    assert surface.get_at(corner) == layer.get_at(corner)
    assert surface.get_at((2, 2)) == layer.get_at((2, 2))  # the background
    kept = [value for value in vars(plates).values() if isinstance(value, dict | list | tuple)]
    assert screens(pixels(kept)) < 0.01
