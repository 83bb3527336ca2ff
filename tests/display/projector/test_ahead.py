"""What the projector composes ahead in idle time (Projector.ahead), and the drawing that keeps an entrance's
frames short: the host's next press must show on the very next frame without a slow one."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display import paint
from quizshow.display.motion.transitions import Push, Wipe
from quizshow.display.projector.projector import Projector
from quizshow.display.projector.transitions import Transitions
from quizshow.display.theme import load_theme
from quizshow.formats.svoyak import commands as sc
from tests.conftest import demo_config, svoyak_engine, views_of, words_of
from tests.duel_display_kit import answering_with_projector, mockup_walk, show_engine
from tests.svoyak_display_kit import play_walk

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def theme():
    return load_theme(demo_config().theme)


def settle(projector: Projector, engine, at: float) -> None:
    """The app's idle time until nothing is left to compose."""
    while projector.ahead(engine.state, engine.propose, at, SIZE):
        pass


@pytest.mark.parametrize("correct", [True, False], ids=["correct", "wrong"])
def test_either_verdict_shows_on_the_next_frame_without_composing_its_picture(theme, monkeypatch, correct):
    """While the host judges a duel answer, the pictures of both verdicts are composed in idle time: the
    first frame after the verdict only blits (its still layer is not drawn then)."""
    engine, projector = answering_with_projector(theme)
    surface = pygame.Surface(SIZE)
    at = engine.entries[-1].command.at
    projector.render(surface, engine.state, at + 0.5)
    settle(projector, engine, at + 0.5)
    scene = projector.scene(engine.state)
    composed: list[str] = []
    monkeypatch.setattr(scene, "draw_static", lambda surface, frame: composed.append(frame.state.phase))
    out = engine.dispatch(c.Judge(at=at + 1, correct=correct))
    assert out.accepted
    projector.on_events(out.events, at + 1)
    projector.render(surface, engine.state, at + 1.01)
    assert composed == []


def test_a_special_cells_card_is_rehearsed_on_the_board_so_its_entrance_renders_no_new_text(theme, monkeypatch):
    """A cat, an auction or a sponsor's question is a choice, not Next: its card cannot be kept ready as a
    layer, but on the board it is drawn once offscreen, so its entrance only blits texts already made."""
    engine = svoyak_engine()
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface(SIZE)
    for _ in play_walk(engine, until="reveal"):
        pass
    at = engine.entries[-1].command.at + 1
    engine.dispatch(c.Go(at=at))
    assert engine.state.phase == "board"
    projector.render(surface, engine.state, at)
    settle(projector, engine, at)
    renders: list[str] = []
    draw = projector.text._draw
    monkeypatch.setattr(projector.text, "_draw", lambda layout, *rest: renders.append(layout) or draw(layout, *rest))
    out = engine.dispatch(sc.SelectCell(at=at + 1, theme=1, question=3))  # the demo pack's sponsor cell
    assert out.accepted and engine.state.fmt.kind == "sponsor"
    projector.on_events(out.events, at + 1)
    for i in range(60):  # the wipe, then the card springing open with its words
        projector.render(surface, engine.state, at + 1 + i / 60)
    assert renders == []


def compose_half_way(transition) -> tuple[pygame.Surface, pygame.Surface, list[pygame.Rect]]:
    """One frame half way through `transition` from a red picture to a blue one with a green top edge:
    (the frame, the incoming buffer, the clip each draw of the new picture had)."""
    outgoing, incoming, target = (pygame.Surface((400, 200)) for _ in range(3))
    outgoing.fill((200, 0, 0))
    clips: list[pygame.Rect] = []

    def draw(surface: pygame.Surface) -> None:
        clips.append(surface.get_clip())
        surface.fill((0, 0, 200))
        surface.fill((0, 200, 0), pygame.Rect(0, 0, 400, 10))

    transition.compose(target, outgoing, incoming, draw, 0.5)
    return target, incoming, clips


def test_a_wipe_draws_the_new_picture_only_where_it_is_uncovered():
    target, _incoming, clips = compose_half_way(Wipe(0.0, 1.0, "right"))
    assert clips == [pygame.Rect(0, 0, 200, 200)]  # the half the edge has passed
    assert target.get_clip() == target.get_rect()  # the clip is given back
    assert target.get_at((50, 100))[:3] == (0, 0, 200) and target.get_at((350, 100))[:3] == (200, 0, 0)


@pytest.mark.parametrize("direction", ["up", "left", "down", "right"])
def test_a_push_draws_only_the_part_of_the_new_picture_already_in_the_frame(direction):
    target, incoming, clips = compose_half_way(Push(0.0, 1.0, direction))
    vertical = direction in ("up", "down")
    assert [clip.size for clip in clips] == [(400, 100) if vertical else (200, 200)]  # the half that has come in
    assert incoming.get_clip() == incoming.get_rect()
    old, new = {"up": ((200, 50), (200, 150)), "down": ((200, 150), (200, 50)), "left": ((100, 100), (300, 100)),
                "right": ((300, 100), (100, 100))}[direction]
    assert target.get_at(old)[:3] == (200, 0, 0)  # the old picture, half pushed out
    assert target.get_at(new)[:3] == (0, 0, 200)  # the new one, half in
    # The new picture's top edge where it belongs: coming down, its top half is still above the frame.
    edge, colour = {"up": ((200, 105), (0, 200, 0)), "down": ((200, 5), (0, 0, 200)),
                    "left": ((300, 5), (0, 200, 0)), "right": ((100, 5), (0, 200, 0))}[direction]
    assert target.get_at(edge)[:3] == colour


def test_a_scaled_card_is_the_same_picture_as_a_fresh_scale_and_its_source_is_untouched():
    card = paint.panel((300, 160), (40, 60, 200, 255), (10, 20, 60, 255), (250, 200, 60, 255), 20, 3)
    before = pygame.image.tobytes(card, "RGBA")
    for grow in (0.2, 0.55, 0.9, 0.3):  # a spring's sizes, shrinking again too
        shown = paint.scaled(card, grow)
        fresh = pygame.transform.scale(card, shown.get_size())
        assert shown.get_size() == (int(300 * grow), int(160 * grow))
        assert pygame.image.tobytes(shown, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    assert paint.scaled(card, 1.08) is card  # a spring's overshoot shows the card at its full size
    assert pygame.image.tobytes(card, "RGBA") == before


def test_a_clocks_track_is_ready_before_its_first_tick_and_a_pulsing_arc_makes_no_picture_a_frame():
    """A clock drawn full ahead of time (a prepared picture) has its track ring made then, not on its first
    tick; while its arc pulses in warning colours, no ring picture is made per frame."""
    surface = pygame.Surface((400, 400))
    track = (40, 40, 90, 255)
    paint.ring_image.cache_clear()
    paint.ring(surface, (200, 200), 150, 16, 1.0, (250, 200, 60, 255), track, paint.never)  # full, before it runs
    made = paint.ring_image.cache_info().misses
    for i in range(30):  # running, in a colour that pulses frame by frame
        paint.ring(surface, (200, 200), 150, 16, 0.5 - i / 100, (225 + i, 60, 60, 255), track, paint.never)
    assert made == 2 and paint.ring_image.cache_info().misses == made


def test_a_second_projector_warms_its_own_texts(theme):
    """What the board warms (the question texts a cell may open) is made in a projector's own text cache, so
    a new projector on the same show (a new window, a language switch) warms them again rather than
    finding them marked done by the first one."""
    engine = svoyak_engine()
    for _ in play_walk(engine, until="board"):
        pass
    at = engine.entries[-1].command.at
    made = []
    for _ in range(2):
        projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
        projector.render(pygame.Surface(SIZE), engine.state, at)
        settle(projector, engine, at)
        made.append(len(projector.text._surfaces))
    assert made[0] > 20 and made[1] == made[0]


def test_a_card_zooming_out_of_its_cell_is_drawn_once_and_looks_the_same(theme, monkeypatch):
    """While the question card grows out of its board cell and nothing on it moves, its picture is drawn
    once and only scaled afterwards; every frame of the zoom is the same as with the card drawn anew."""
    engine = svoyak_engine()
    for _ in play_walk(engine, until="board"):
        pass
    at = engine.entries[-1].command.at + 1
    kept, fresh = (Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
                   for _ in range(2))
    cut = fresh.cut  # `fresh` draws its incoming card anew in every frame: it never knows what the buffer holds
    monkeypatch.setattr(cut, "_draw_incoming", lambda target, scene, frame: (
        setattr(cut, "incoming_shows", None), Transitions._draw_incoming(cut, target, scene, frame)))
    shown = {p: pygame.Surface(SIZE) for p in (kept, fresh)}
    for p in (kept, fresh):
        p.render(shown[p], engine.state, at)
    out = engine.dispatch(sc.SelectCell(at=at + 1, theme=1, question=2))
    assert out.accepted and engine.state.phase == "question"
    scene = kept.scene(engine.state)
    draws: list[bool] = []
    draw = type(scene).draw
    monkeypatch.setattr(type(scene), "draw", lambda self, target, frame: draws.append(target is kept.cut.incoming)
                        or draw(self, target, frame))
    zooming = 0
    for p in (kept, fresh):
        p.on_events(out.events, at + 1)
    for i in range(50):
        t = at + 1 + i / 60
        for p in (kept, fresh):
            p.render(shown[p], engine.state, t)
        zooming += kept.transitioning(t)
        assert pygame.image.tobytes(shown[kept], "RGB") == pygame.image.tobytes(shown[fresh], "RGB"), i
    assert zooming > 20
    assert draws.count(True) == 1 and draws.count(False) >= 1  # drawn once for the card, then the settled frames


def test_a_springing_cards_words_wait_until_the_card_is_nearly_full_size(theme):
    """The bout's result plate springs open: its words are laid out on the full plate, so they appear only
    once the plate is nearly full size (shown at 60 % they ran across its edges, as the QA pass saw)."""
    from quizshow.display.tween import WORDS_AT, ease_out_back
    from tests.display_kit import RecordingText

    engine = show_engine()
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Дуэль", words_of(engine.format), text, views=views_of(engine.format))
    surface = pygame.Surface(SIZE)
    for _name, commands in mockup_walk():
        for cmd in commands:
            projector.on_events(engine.dispatch(cmd).events, cmd.at)
    assert engine.state.fmt.bout.winner is not None
    at = engine.entries[-1].command.at
    won = "БОЙ ВЫИГРАЛА КОМАНДА"
    for i in range(40):
        text.fitted.clear()
        projector.render(surface, engine.state, at + i / 60)
        shown = any(t.upper() == won for t, _box, _size in text.fitted)
        grow = ease_out_back(min(1.0, i / 60 / 0.6))
        assert shown == (grow >= WORDS_AT), (i, grow)


def test_the_auctions_score_strip_still_counts_up_after_a_verdict_just_before_it(theme):
    """The auction keeps its rows as a still layer; the score strip is not part of it, so a score that is
    still counting up when the auction opens (a verdict a moment before) reaches its value on screen."""
    from quizshow.i18n import number
    from tests.display_kit import RecordingText

    engine = svoyak_engine()
    for _ in play_walk(engine, until="cat_question"):
        pass
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), text,
                          views=views_of(engine.format))
    surface = pygame.Surface(SIZE)
    at = engine.entries[-1].command.at + 1
    projector.render(surface, engine.state, at)
    for cmd in (c.Judge(at=at, correct=True), c.Go(at=at + 0.1), sc.SelectCell(at=at + 0.2, theme=0, question=3)):
        out = engine.dispatch(cmd)
        assert out.accepted, cmd
        projector.on_events(out.events, cmd.at)
    assert engine.state.phase == "auction"
    final = number(engine.state.teams[0].score)
    for i in range(130):  # the push into the auction, the count-up, then standing still
        text.fitted.clear()
        projector.render(surface, engine.state, at + 0.25 + i / 60)
    assert final in [t for t, _box, _size in text.fitted]  # the strip, drawn over the layer, shows the score
