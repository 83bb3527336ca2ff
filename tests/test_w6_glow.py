"""QA 7 after the dirty rectangles (issue 28 item 7): what the window loop leaves on screen is a whole frame.

The loop draws a frame only when the projector says something on screen can have changed (`needs_frame`),
and then, for a steady frame, only the pieces the scene names (`Scene.moving`). A glow that pulses on its own
(the duel's answering table) must keep the loop drawing and be redrawn: at every tick the picture on air
(drawn, or kept from the last frame drawn) is compared with a whole frame of the same state at that moment.
Real frames (SDL's dummy driver)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.projector import Projector
from quizshow.display.theme import load_theme
from tests import test_written_display as written
from tests.conftest import svoyak_config, svoyak_engine, views_of
from tests.duel_kit import config as duel_config
from tests.test_duel_display import mockup_walk
from tests.test_duel_display import show_engine as duel_engine
from tests.test_svoyak_display import walk as svoyak_walk

SIZE = (1280, 720)
FPS = 60


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


class Loop:
    """Two projectors of one show fed the same events: `on_air` is drawn as the window loop draws it (a frame
    only when `needs_frame` says so; steady frames draw what changed), `reference` is drawn whole every tick."""

    def __init__(self, engine: Engine, config) -> None:
        self.engine = engine
        theme = load_theme(config.theme)

        def make() -> Projector:
            return Projector(engine.format, theme, config.title, config.language, views=views_of(engine.format))

        self.loop, self.whole = make(), make()
        self.on_air, self.reference = pygame.Surface(SIZE), pygame.Surface(SIZE)
        self.at = 0.0
        self.drawn_at = -1.0

    def do(self, commands: Iterable[c.Command]) -> None:
        for cmd in commands:
            events = self.engine.dispatch(cmd).events
            self.loop.on_events(events, cmd.at)
            self.whole.on_events(events, cmd.at)
            self.at = max(self.at, cmd.at)

    def tick(self, now: float) -> None:
        """One tick of the loop at `now`; asserts the picture on air is a whole frame's (except while a clock
        runs: the loop then draws CLOCK_FPS frames a second by design)."""
        state = self.engine.state
        if self.loop.needs_frame(state, now, SIZE, now - self.drawn_at):
            self.loop.render(self.on_air, state, now)
            self.drawn_at = now
        elif state.timer.running:
            return
        self.whole.invalidate()
        self.whole.render(self.reference, state, now)
        assert same(self.on_air, self.reference), f"{state.phase} at +{now - self.at:.3f} s: a frozen picture"

    def run(self, seconds: float) -> None:
        start = self.at
        for i in range(int(seconds * FPS)):
            self.tick(start + i / FPS)


def steps(loop: Loop, walk, seconds: float = 4.0) -> list[str]:
    """Each step of a walk, then `seconds` of ticks compared with whole frames; the steps' names."""
    names = []
    for name, commands in walk:
        loop.do(commands)
        loop.run(seconds)
        names.append(name)
    return names


def test_the_duel_answering_tables_glow_pulses_on_air_in_every_phase_as_a_whole_frame():
    """The walk's every phase: reading with presses (the glow round the answering table, nothing else
    moving), the thinking time run out, the result; each tick's picture on air is a whole frame's."""
    loop = Loop(duel_engine(), duel_config())
    steps(loop, mockup_walk())


def test_the_duel_glow_keeps_pulsing_after_an_undo():
    loop = Loop(duel_engine(), duel_config())
    walk = mockup_walk()
    for _name, commands in walk[:3]:  # «answering»: three presses in the reading
        loop.do(commands)
    loop.run(4.0)
    loop.do([c.Undo(at=loop.at + 4.0)])  # the last press taken back: the first still answers
    loop.run(4.0)


def test_the_question_card_on_air_is_a_whole_frame_in_every_phase():
    loop = Loop(svoyak_engine(), svoyak_config())
    steps(loop, svoyak_walk(), 3.0)


def test_the_written_results_on_air_are_a_whole_frame():
    loop = Loop(written.engine(), written.config())
    for name, commands in written.walk():
        loop.do(commands)
        if name.startswith("results"):
            loop.run(4.0)
