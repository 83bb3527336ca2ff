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
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests import written_display_kit as written
from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
from tests.duel_display_kit import mockup_walk
from tests.duel_display_kit import show_engine as duel_engine
from tests.duel_kit import config as duel_config
from tests.svoyak_display_kit import walk as svoyak_walk

SIZE = (1280, 720)
# Ticks a second compared with whole frames (a glow pulses over ~1 s; the loop stops drawing a still picture
# after 2.5 s)
FPS = 15


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


class Loop:
    """Two projectors of one show fed the same events: `on_air` is drawn as the window loop draws it (a frame
    only when `needs_frame` says so; steady frames draw what changed), `reference` is drawn whole every tick."""

    def __init__(self, engine: Engine, config, every: bool = False) -> None:
        self.engine = engine
        self.every = every  # every tick drawn (steady frames: the named pieces), a running clock's too
        theme = load_theme(config.theme)

        def make() -> Projector:
            return Projector(engine.format, theme, config.title, words_of(engine.format, config.language),
                             views=views_of(engine.format))

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
        if self.every or self.loop.needs_frame(state, now, SIZE, now - self.drawn_at):
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


def test_every_duel_phase_drawn_every_tick_is_a_whole_frame():
    """Each tick drawn (a steady frame draws only the pieces the scene names): the same pixels as a whole
    frame in every phase, the thinking clock running too."""
    steps(Loop(duel_engine(), duel_config(), every=True), mockup_walk(), 3.0)


def test_every_question_card_phase_drawn_every_tick_is_a_whole_frame():
    steps(Loop(svoyak_engine(), svoyak_config(), every=True), svoyak_walk(), 2.0)


def test_the_written_results_drawn_every_tick_are_a_whole_frame():
    loop = Loop(written.engine(), written.config(), every=True)
    for name, commands in written.walk():
        loop.do(commands)
        if name.startswith("results"):
            loop.run(4.0)


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


# --- 2. «Своя игра»: «Время вышло!» with the answer shown stays clear of the score strip ----------------------

def test_the_time_up_banner_over_the_shown_answer_leaves_the_score_strip_in_sight():
    """The clock runs out and the answer is shown (`reveal_on_time_up`): «Время вышло!» springs open on the
    question card, above the answer, and every team's score on the strip stays in sight (it hid two of three
    for the banner's ~3 s); the answer is never covered either."""
    from dataclasses import replace

    from tests.tv_walk_kit import _at, _walk_to

    engine = _walk_to("question")
    assert engine.format.rules["reveal_on_time_up"]
    at = _at(engine)
    engine.dispatch(c.TimerStart(at=at + 1.0))
    engine.dispatch(c.Tick(at=at + 10.0))  # nobody pressed: the clock ran out
    banner = engine.state.banner
    assert banner is not None and banner.text_key == "banner.time_over"
    at = _at(engine) + 1.0  # the banner sprung open
    shown = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
                      views=views_of(engine.format))
    size = (1920, 1080)
    surface, without = pygame.Surface(size), pygame.Surface(size)
    shown.render(surface, engine.state, at)
    shown.render(without, replace(engine.state, banner=None), at + 10.0)  # the same picture, no banner
    frame = shown.frame(engine.state, at, size)
    box = shown.scene(engine.state)._layout(frame)
    assert box.answer is not None  # the answer is on the card
    for rect in (box.strip, box.answer):
        part = rect.clip(surface.get_rect())
        assert same(surface.subsurface(part), without.subsurface(part)), f"the banner covers {rect}"
    assert not same(surface, without)  # (the banner is drawn)


# --- 3. «Брейн-ринг»: after the verdict the answerer is named in the past, for any name ----------------------

def test_brainring_after_a_right_answer_names_who_answered_in_the_past_for_any_name():
    """«ВЕРНО» beside «Отвечает: Елена Волкова» read as if she were still answering: after the verdict the line
    reads «Ответил(а): Елена Волкова» (a name's gender is unknown: the house's «нажал(а)»); while she answers,
    «Отвечает: …» as before."""
    from tests.cards_kit import _fitted, _projector, ring_answering

    engine, config = ring_answering()
    at = engine.state.last_buzz_at or 1.0  # the press
    name = engine.state.teams[0].players[engine.state.fmt.answerer[1]]
    shown = _projector(engine, config, "Брейн-ринг")
    surface = pygame.Surface((1280, 720))
    shown.start(surface, engine.state, at)
    with _fitted(shown) as texts:
        shown.render(surface, engine.state, at + 1.0)
    assert "Отвечает:" in texts and name in texts, texts
    assert engine.dispatch(c.Judge(at=at + 2.0, correct=True)).accepted
    assert engine.state.fmt.correct_by == 0
    with _fitted(shown) as texts:
        for i in range(40):
            shown.render(surface, engine.state, at + 2.0 + i / 10)
    assert "Ответил(а):" in texts and name in texts, texts
    assert "Отвечает:" not in texts, texts


def test_the_duel_while_a_player_answers_redraws_only_the_glow_and_the_bar():
    """With the buzzers live and a player answering, a steady frame draws again only what moves (the glow
    round the answering table, the thinking bar), not the 4K picture 60 times a second."""
    loop = Loop(duel_engine(), duel_config(), every=True)
    walk = mockup_walk()
    for _name, commands in walk[:3]:  # «answering»: three presses in the reading
        loop.do(commands)
    start = loop.at
    dirty = []
    for i in range(3 * FPS):
        loop.tick(start + i / FPS)
        dirty.append(loop.loop.dirty)
    steady = [d for d in dirty if d is not None and sum(r.width * r.height for r in d) < SIZE[0] * SIZE[1] // 3]
    assert len(steady) > len(dirty) // 2, dirty[-3:]
