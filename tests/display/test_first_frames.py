"""Issue 28 item 4: the first frames that still composed a 4K still layer. A press in the duel and in
«Брейн-ринг» names a player nobody can foresee, a duel's hint is typed by the host, the written quiz's answer
follows its hand-in's clock: the layer each shows is composed in idle time, and who pressed, the queue and the
hint are drawn over it. Real frames (SDL's dummy driver); a frame composes nothing, and once settled its
picture is the one a fresh projector draws of the same state."""

from __future__ import annotations

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.duel import queue
from quizshow.display.projector.projector import Projector
from quizshow.formats.duel import commands as dc
from tests.conftest import views_of, words_of
from tests.first_frames_kit import SIZE, duel_at_reading, idle, ring_before_a_press, settled_like_a_fresh_projector


def watch(shown: Projector, engine, monkeypatch) -> tuple[list[str], list[str]]:
    """(the still layers composed, the texts laid out) from now on."""
    composed: list[str] = []
    fitted: list[str] = []
    for scene in {type(s) for s in shown.views.scenes.values()}:
        real = scene.draw_static
        monkeypatch.setattr(scene, "draw_static", lambda self, target, frame, real=real: (
            composed.append(self.name), real(self, target, frame)))
    fit = shown.text.fit
    monkeypatch.setattr(shown.text, "fit", lambda text, *a, **k: (fitted.append(text), fit(text, *a, **k))[1])
    return composed, fitted


@pytest.fixture(scope="module")
def duel_theme():
    from quizshow.display.theme import load_theme
    from tests.duel_kit import config

    return load_theme(config().theme)


@pytest.mark.parametrize("seat", [(0, 2), (1, 3)], ids=["Альфа, красный", "Бета, капитан"])
def test_the_first_frame_after_a_press_in_the_duel_composes_no_still_layer_whoever_pressed(duel_theme, monkeypatch,
                                                                                           seat):
    """Eight players may press: the layer is the same whoever did (the numbers, the gold table and the
    queue are drawn over it), so the frame after any press only blits and names that player; the next
    frame draws the queue no more (its pixels are kept); settled, it is the picture composed at once."""
    engine, shown = duel_at_reading(duel_theme)
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 1.0)
    shown.render(surface, engine.state, 1.0)
    idle(shown, engine, 1.5)
    composed, fitted = watch(shown, engine, monkeypatch)
    out = engine.dispatch(c.Buzz(at=2.0, team=seat[0], player=seat[1], source_time=2.0))
    assert out.refused is None
    shown.on_events(out.events, 2.0)
    shown.render(surface, engine.state, 2.0)
    assert composed == []
    name = engine.format.player_name(engine.state, seat)
    assert name in fitted  # in the queue's first row
    queued: list[int] = []
    real = queue.draw
    monkeypatch.setattr(queue, "draw", lambda target, frame: (queued.append(1), real(target, frame)))
    shown.render(surface, engine.state, 2.02)
    assert composed == [] and queued == []
    settled_like_a_fresh_projector(shown, engine, out.events, 5.0, "Дуэль")


def test_presses_faster_than_frames_and_a_hint_compose_no_still_layer_in_the_duel(duel_theme, monkeypatch):
    """Three presses with only idle time between them (no frame), then the host's hint: neither first frame
    composes a layer; the hint's words and the last press's player are on screen."""
    engine, shown = duel_at_reading(duel_theme)
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 1.0)
    shown.render(surface, engine.state, 1.0)
    events = []
    for i, (team, player) in enumerate([(0, 2), (1, 0), (0, 1)]):
        idle(shown, engine, 1.5 + i * 0.05)
        out = engine.dispatch(c.Buzz(at=2.0 + i * 0.05, team=team, player=player, source_time=2.0 + i * 0.05))
        events += out.events
        shown.on_events(out.events, 2.0 + i * 0.05)
    idle(shown, engine, 2.15)
    composed, fitted = watch(shown, engine, monkeypatch)
    shown.render(surface, engine.state, 2.2)
    assert composed == []
    assert engine.format.player_name(engine.state, (0, 1)) in fitted
    idle(shown, engine, 2.5)
    hint = "Он открыл морской путь в Индию вокруг Африки"
    out = engine.dispatch(dc.Hint(at=3.0, text=hint, show=True))
    assert out.refused is None
    fitted.clear()
    shown.render(surface, engine.state, 3.0)
    assert composed == [] and hint in fitted
    settled_like_a_fresh_projector(shown, engine, events, 6.0, "Дуэль")


@pytest.mark.parametrize("player", [0, 3])
def test_the_first_frame_after_a_press_in_brainring_composes_no_still_layer_whichever_player_pressed(monkeypatch,
                                                                                                   player):
    """A team's press is composed ahead in idle time, whichever of its players presses: the frame after
    it only blits, with «Отвечает» and that player's name; settled, the picture composed at once."""
    shown, engine, surface = ring_before_a_press()
    composed, fitted = watch(shown, engine, monkeypatch)
    out = engine.dispatch(c.Buzz(at=21.0, team=0, player=player))
    assert out.refused is None and engine.state.answering == 0
    shown.on_events(out.events, 21.0)
    shown.render(surface, engine.state, 21.0)
    assert composed == []
    name = engine.state.teams[0].players[player]
    assert any(name in text for text in fitted)  # «Отвечает …»
    settled_like_a_fresh_projector(shown, engine, out.events, 24.0, "Брейн-ринг")


def test_the_written_answer_is_composed_while_the_hand_in_runs(monkeypatch):
    """The hand-in's clock running out brings the answer: its layer is composed in the hand-in's idle time,
    so the answer's first frame only blits; settled, the picture composed at once."""
    from quizshow.display.theme import load_theme
    from tests import written_display_kit as written

    engine = written.engine()
    theme = load_theme(written.config().theme)
    shown = Projector(engine.format, theme, "Письменный", words_of(engine.format), views=views_of(engine.format))
    for name, commands in written.walk():
        if name == "answer":
            break
        for cmd in commands:
            shown.on_events(engine.dispatch(cmd).events, cmd.at)
    assert engine.state.phase == "hand_in"
    surface = pygame.Surface(SIZE)
    shown.start(surface, engine.state, 62.1)
    shown.render(surface, engine.state, 62.1)
    idle(shown, engine, 63.0)
    composed, _ = watch(shown, engine, monkeypatch)
    out = engine.dispatch(c.Tick(at=72.2))
    assert engine.state.phase == "answer"
    shown.on_events(out.events, 72.2)
    shown.render(surface, engine.state, 72.2)
    assert composed == []
    settled_like_a_fresh_projector(shown, engine, out.events, 76.0, "Письменный")

