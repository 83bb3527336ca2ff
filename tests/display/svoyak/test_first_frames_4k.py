"""Wave 5 regressions of «Своя игра»'s first frames at 4K (the lead's A/B, 30 frames a step): a step whose
transition outlasted its frames (the question's zoom, 32 frames; a layer composed in bands first) kept the
transition's buffers until the next frame, and idle time composed nothing meanwhile, so the next picture's
first frame made its texts, panels and still layer itself (auction 12 → 25 ms, sponsor 6 → 26 ms, the final's
5 → 15-28 ms). Now a transition over by the idle call gives its buffers back there. Real frames (SDL's dummy
driver)."""

from __future__ import annotations

import pygame
import pytest

from quizshow.display import paint
from quizshow.display.scenes.base import Scene
from quizshow.display.scenes.cards import StandingsCard
from quizshow.display.text import TextCache
from tests.lean_kit import UHD, walk

FINAL = ("final_themes", "final_stakes", "final_question", "final_reveal", "final_answer")


def _scene_classes() -> set[type[Scene]]:
    found: set[type[Scene]] = set()
    todo = list(Scene.__subclasses__())
    while todo:
        cls = todo.pop()
        if cls not in found:
            found.add(cls)
            todo.extend(cls.__subclasses__())
    return found


@pytest.fixture(scope="module")
def first_frames() -> dict[str, tuple[list[str], list[str]]]:
    """«Своя игра» walked at 3840×2160 as the A/B walks it (idle time before each press, then 30 frames a
    step): per step, (the texts and panels made, the still layers composed) in its first frame; under
    "standings", the phases whose standings card was made in idle time (the S overlay's warm-up)."""
    made: list[str] = []
    composed: list[str] = []
    standings: list[str] = []
    real_text, real_panel, real_card = TextCache._draw, paint.panel.func, StandingsCard.draw_overlay
    patched: list[tuple[type, object]] = []

    def text(self, layout, *args, **kwargs):
        made.append(f"text {' '.join(layout.lines)!r}")
        return real_text(self, layout, *args, **kwargs)

    def panel(size, *args, **kwargs):
        made.append(f"panel {size}")
        return real_panel(size, *args, **kwargs)

    for cls in _scene_classes():
        if "draw_static" in cls.__dict__:
            real = cls.__dict__["draw_static"]
            patched.append((cls, real))
            cls.draw_static = lambda self, target, frame, real=real: (  # type: ignore[method-assign]
                composed.append(self.name), real(self, target, frame))[1]
    def card(self, surface, frame, shown):
        standings.append(str(frame.state.phase))
        return real_card(self, surface, frame, shown)

    TextCache._draw = text  # type: ignore[method-assign]
    paint.panel.func = panel  # type: ignore[misc]
    StandingsCard.draw_overlay = card  # type: ignore[method-assign]
    firsts: dict[str, tuple[list[str], list[str]]] = {}
    try:
        for name, engine, projector, surface, now in walk(UHD, frames=30):
            made.clear()
            composed.clear()
            projector.render(surface, engine.state, now)
            firsts[name] = (list(made), list(composed))
            if name == "auction":
                firsts["standings"] = (list(standings), [])
    finally:
        TextCache._draw = real_text  # type: ignore[method-assign]
        paint.panel.func = real_panel  # type: ignore[misc]
        StandingsCard.draw_overlay = real_card  # type: ignore[method-assign]
        for cls, real in patched:
            cls.draw_static = real  # type: ignore[method-assign]
    return firsts


def test_the_auctions_and_the_sponsors_first_frames_at_4k_make_no_text_or_panel_after_a_short_step(first_frames):
    """After the cat's question (its zoom outlasts the step's 30 frames) and the auction: the auction's
    first frame found «Аукцион!», the bidders' rows and the background's periods made in idle time, the
    sponsor's its card (it made a 2918×1240 panel: 12 → 25 and 6 → 26 ms). The S overlay's standings
    card of the auction was made in idle time before it (the score overlay work kept)."""
    assert "auction" in first_frames["standings"][0]
    assert first_frames["auction"][0] == []
    assert first_frames["sponsor"][0] == []


def test_the_finals_first_frames_at_4k_compose_no_still_layer_and_make_no_text(first_frames):
    """«Своя игра»'s final themes and stakes have a still layer: each step's first frame only blits it
    (they composed it, and the question's and the reveal's theirs, after a step whose layer was composed in
    bands outlasted its frames: 5 → 15-28 ms)."""
    for name in FINAL:
        assert first_frames[name] == ([], []), name


def test_a_transition_given_back_in_idle_time_leaves_the_final_picture_it_left_with_longer_steps():
    """The final walked with 30-frame steps (its transitions' buffers given back by idle time, not by a
    frame) and with 40-frame steps (each transition over within its frames): the same settled picture of
    the final's answer."""
    pictures = []
    for frames in (30, 40):
        for name, engine, projector, surface, _now in walk((1280, 720), frames=frames):
            if name == "final_answer":
                projector.render(surface, engine.state, 10_000.0)
                pictures.append(pygame.image.tobytes(surface, "RGB"))
                break
    assert len(pictures) == 2 and pictures[0] == pictures[1]
