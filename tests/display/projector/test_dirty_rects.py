"""Issue 28 item 7: a steady frame (the same state and still layer as the last frame, on the same surface)
draws only the rectangles that changed: restored from the still layer and drawn again. Its pixels are a
whole frame's; anything in doubt (a new scene, the score overlay, a flash, an exposed window) is drawn
whole. Real frames (SDL's dummy driver): each frame of one projector is compared with the whole frame another
projector, fed the same events, draws of the same state at the same moment."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests import written_display_kit as written
from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
from tests.duel_display_kit import mockup_walk
from tests.duel_display_kit import show_engine as duel_engine
from tests.duel_kit import config as duel_config
from tests.svoyak_display_kit import walk as svoyak_walk

SIZE = (1280, 720)


class Twins:
    """Two projectors of one show fed the same events: `steady` draws as on air (steady frames draw what
    changed), `whole` draws every frame whole (its surface forgotten before each)."""

    def __init__(self, engine: Engine, config) -> None:
        self.engine = engine
        theme = load_theme(config.theme)

        def make() -> Projector:
            return Projector(engine.format, theme, config.title, words_of(engine.format, config.language),
                             views=views_of(engine.format))

        self.steady, self.whole = make(), make()
        self.on_air, self.reference = pygame.Surface(SIZE), pygame.Surface(SIZE)
        self.at = 0.0

    def do(self, commands: Iterable[c.Command]) -> None:
        for cmd in commands:
            events = self.engine.dispatch(cmd).events
            self.steady.on_events(events, cmd.at)
            self.whole.on_events(events, cmd.at)
            self.at = max(self.at, cmd.at)

    def frame(self, now: float) -> list[pygame.Rect] | None:
        """One frame on each; asserts the pixels are the same; what the steady one changed (None: all)."""
        state = self.engine.state
        self.steady.render(self.on_air, state, now)
        self.whole.invalidate()
        self.whole.render(self.reference, state, now)  # (its surface forgotten: drawn whole)
        assert same(self.on_air, self.reference), f"{state.phase} at +{now - self.at:.3f} s"
        return self.steady.dirty

    def frames(self, seconds: float, fps: int = 60) -> list[list[pygame.Rect] | None]:
        """Frames from the last command on, `fps` a second, each compared with a whole frame."""
        start = self.at
        return [self.frame(start + i / fps) for i in range(int(seconds * fps))]


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def walk_to(twins: Twins, walk: list[tuple[str, list[c.Command]]], until: str,
            each: Callable[[str], None] | None = None) -> None:
    for name, commands in walk:
        twins.do(commands)
        if each is not None:
            each(name)
        if name == until:
            return
    raise AssertionError(until)


def partial(dirty: list[pygame.Rect] | None) -> bool:
    return dirty is not None and sum(r.width * r.height for r in dirty) < SIZE[0] * SIZE[1] // 2


def svoyak() -> Twins:
    return Twins(svoyak_engine(), svoyak_config())


def test_svoyak_answering_steady_frames_draw_the_clock_and_its_pulse_as_a_whole_frame():
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "answering")
    assert twins.engine.state.answering is not None and twins.engine.state.timer.armed
    dirty = twins.frames(3.0)
    steady = [d for d in dirty if partial(d)]
    assert len(steady) > len(dirty) // 2  # after the entrance, only the clock's square is drawn again
    assert dirty[0] is None  # the press's first frame is whole


def test_svoyak_answering_with_its_clock_running_out_draws_as_a_whole_frame():
    """The answer's clock started: its ring creeps and its digits count down to zero over the same layer."""
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "answering")
    twins.frames(1.0)
    twins.do([c.TimerStart(at=twins.at + 1.0)])
    assert twins.engine.state.timer.running
    dirty = twins.frames(3.5, fps=30)
    assert dirty[0] is None
    assert sum(partial(d) for d in dirty) > len(dirty) // 2


def test_svoyak_wrong_answer_steady_frames_draw_the_banner_spring_and_clock_as_a_whole_frame():
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "wrong")
    assert twins.engine.state.banner is not None
    dirty = twins.frames(3.0)
    assert dirty[0] is None
    assert sum(partial(d) for d in dirty) > len(dirty) // 2


def test_svoyak_question_with_the_clock_running_draws_as_a_whole_frame():
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "question")
    dirty = twins.frames(3.0)
    assert dirty[0] is None
    assert sum(partial(d) for d in dirty) > len(dirty) // 3  # (the zoom out of the board's cell first)


def test_the_score_counting_up_draws_as_a_whole_frame():
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "answering")
    twins.frames(1.0)
    twins.do([c.ScoreSet(at=twins.at + 1.0, team=2, points=900)])  # the strip counts up over the same layer
    dirty = twins.frames(1.5)
    assert sum(partial(d) for d in dirty[1:]) > len(dirty) // 2


def test_written_results_rows_moving_and_counting_draw_as_a_whole_frame():
    twins = Twins(written.engine(), written.config())
    walk_to(twins, written.walk(), "results table (re-ordering)")
    dirty = twins.frames(2.6, fps=30)  # the rows move for 1.6 s + 0.02 s a row
    assert sum(partial(d) for d in dirty) > len(dirty) // 2


def test_duel_result_plate_growing_draws_as_a_whole_frame():
    twins = Twins(duel_engine(), duel_config())
    walk_to(twins, mockup_walk(), "result")
    dirty = twins.frames(2.0)
    assert dirty[0] is None
    assert sum(partial(d) for d in dirty) > len(dirty) // 2


def test_a_steady_frame_after_an_exposed_window_is_drawn_whole():
    """The window system lost the picture (the loop's `exposed`): the projector is told (`invalidate`) and
    its next frame is drawn whole, though nothing changed."""
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "answering")
    twins.frames(1.0)
    at = twins.at + 1.0
    assert partial(twins.frame(at))
    twins.on_air.fill((255, 0, 255))  # what a lost window's surface may hold
    twins.steady.invalidate()
    assert twins.frame(at + 1 / 60) is None
    assert partial(twins.frame(at + 2 / 60))


def test_the_window_loop_draws_the_frame_after_its_window_was_exposed_whole(tmp_path):
    """Through the window loop (headless): steady frames draw what changed; the window system says the
    window was exposed (its picture lost) and the next frame is drawn whole."""
    from argparse import Namespace

    from quizshow.display.windows import Windows
    from tests.hardware_kit import make_app, open_question, show_file

    app = make_app(tmp_path, show_file(tmp_path), devices=False)
    windows = Windows(Namespace(size=SIZE), "test", headless=True)
    render = app.projector.render
    seen: list[str] = []

    def projector(surface, state, now):
        render(surface, state, now)
        dirty = app.projector.dirty
        if seen and seen[-1] == "exposed":
            seen.append("whole" if dirty is None else "part")
            app.running = False
        elif partial(dirty) and len([s for s in seen if s == "steady"]) >= 3:
            seen.append("exposed")
            pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
        else:
            seen.append("steady" if partial(dirty) else "whole")
        if len(seen) > 600:
            app.running = False

    app.projector.render = projector
    try:
        open_question(app)
        windows.loop(app)
        assert seen[-2:] == ["exposed", "whole"], seen
    finally:
        app.close()


def test_a_scene_change_and_a_new_surface_are_drawn_whole():
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "answering")
    twins.frames(1.0)
    assert partial(twins.frame(twins.at + 1.0))
    other = pygame.Surface(SIZE)  # another target (a resized window's new surface)
    twins.steady.render(other, twins.engine.state, twins.at + 1.01)
    assert twins.steady.dirty is None
    twins.do([c.Judge(at=twins.at + 1.1, correct=True)])  # the reveal: a new state, a new layer
    assert twins.frame(twins.at) is None


def test_the_score_overlay_sliding_and_up_is_never_a_steady_frame():
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "answering")
    twins.frames(1.0)
    twins.do([c.ViewScores(at=twins.at + 1.0, on=True)])
    dirty = twins.frames(1.0)
    assert all(d is None or not d for d in dirty)  # drawn whole, or (up and settled) nothing to draw
    twins.do([c.ViewScores(at=twins.at + 1.0, on=False)])
    dirty = twins.frames(1.0)
    assert dirty[0] is None
    assert partial(dirty[-1])  # the overlay gone, steady frames again


def test_a_buzz_flash_is_drawn_whole_and_its_last_frame_restored():
    twins = svoyak()
    walk_to(twins, svoyak_walk(), "question")
    twins.frames(2.0)
    twins.do([c.Buzz(at=twins.at + 2.0, team=1)])
    dirty = twins.frames(1.5)  # the flash lasts 0.7 s: every frame with it is whole, then steady again
    assert all(d is None for d in dirty[:40])
    assert partial(dirty[-1])


@pytest.mark.parametrize("size", [(3840, 2160)], ids=["4k"])
def test_a_4k_steady_frame_of_the_answering_redraws_a_small_part_of_the_screen(size):
    global SIZE
    old, SIZE = SIZE, size
    try:
        twins = svoyak()
        walk_to(twins, svoyak_walk(), "answering")
        twins.do([])
        at = twins.at + 1.0
        twins.frame(at)
        dirty = twins.frame(at + 1 / 60)
        assert dirty is not None and sum(r.width * r.height for r in dirty) < size[0] * size[1] // 10
    finally:
        SIZE = old


def test_written_result_rows_blitted_by_their_inked_parts_are_the_same_as_whole():
    """A row's picture is blitted by the parts that hold a pixel (a clear pixel blended changes nothing): over
    a picture with every channel varying, the same pixels as the whole row blitted."""
    from quizshow.display.written.results import ResultsScene
    from tests.steady_kit import a_picture

    twins = Twins(written.engine(), written.config())
    walk_to(twins, written.walk(), "results table (re-ordering)")
    twins.frame(twins.at + 5.0)
    scene, sprites = ResultsScene(), ResultsScene.sprites
    frame = twins.whole.frame(twins.engine.state, twins.at + 5.0, SIZE)
    placed = scene._placed(frame)
    assert len(placed) == 40
    under = a_picture(SIZE)
    whole, parts = under.copy(), under.copy()
    for sprite, at in placed:
        whole.blit(sprite, at)
        sprites.blit(parts, sprite, at)
        assert sprites._parts.get(sprite)  # (blitted by its parts, not whole)
    assert same(whole, parts)
    assert not same(whole, under)
