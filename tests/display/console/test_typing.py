"""The duel's hint typed on the console (QA 5): the console is drawn only when `Console.needs_frame` says
something changed, and an opened prompt or a typed character did not count — the blue prompt never
appeared, or stood at its first letter, while the operator typed blind. Every keystroke is a new frame
that shows what was typed."""

from __future__ import annotations

import os

import pygame

from quizshow.app import Action
from quizshow.core import commands as c
from tests.console_kit import console_texts
from tests.duel_display_kit import duel_app
from tests.duel_kit import ALPHA, GREEN

OUT = os.environ.get("QS_SHOTS")


def frame_texts(app, at: float, name: str | None = None) -> list[str]:
    """The texts one real console frame fitted (every label it drew)."""
    said, surface = console_texts(app, at=at)
    if name and OUT:
        pygame.image.save(surface, os.path.join(OUT, f"{name}.png"))
    return said


def at_rest(app, at: float) -> None:
    """The console drawn and nothing left to draw (the clock stopped: no timed frames)."""
    assert not app.engine.state.timer.running
    if app.console.needs_frame(app.status):
        frame_texts(app, at)
    assert not app.console.needs_frame(app.status)


def test_the_hint_prompt_and_every_typed_character_are_drawn_at_once(tmp_path):
    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        app.submit(c.Buzz(at=2.0, team=ALPHA, player=GREEN, source_time=2.0))
        assert app.engine.state.phase == "answering", app.engine.state.phase
        at_rest(app, 2.1)
        app.action(Action("duel_hint", 2.2, "console"))
        assert app.status.typing == ""
        assert app.console.needs_frame(app.status), "the opened prompt was not drawn"
        assert any("|" in t for t in frame_texts(app, 2.2, "hint-open")), "no prompt in the frame"
        assert not app.console.needs_frame(app.status)
        typed = ""
        for n, ch in enumerate("abc"):
            app.text_input(ch)
            typed += ch
            assert app.console.needs_frame(app.status), f"«{typed}» typed, the console kept «{typed[:-1]}»"
            said = frame_texts(app, 2.3 + n / 10, f"hint-{typed}")
            assert any(typed in t for t in said), (typed, said)
            assert not app.console.needs_frame(app.status)
        app.key(pygame.K_BACKSPACE, 0, 2.7)
        assert app.console.needs_frame(app.status), "Backspace left the old text on the console"
        assert any("ab" in t and "abc" not in t for t in frame_texts(app, 2.7))
        app.key(pygame.K_ESCAPE, 0, 2.8)
        assert app.console.needs_frame(app.status), "Esc left the prompt on the console"
        assert not any("ab" in t for t in frame_texts(app, 2.8))
    finally:
        app.close()
