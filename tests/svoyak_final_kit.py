"""Helpers, fixtures and constants that several test files share, first written for
tests/display/svoyak/test_svoyak_final_words.py."""

from __future__ import annotations

import os

import pygame

from quizshow.app import ShowApp
from tests.console_traps_kit import frame

SHOTS = os.environ.get("QUIZSHOW_SHOTS")


def _texts(app: ShowApp) -> list[str]:
    """Every text the console draws in one frame."""
    texts: list[str] = []
    fit = app.console.text.fit

    def spy(text, *args, **kwargs):
        texts.append(text)
        return fit(text, *args, **kwargs)

    app.console.text.fit = spy  # type: ignore[method-assign]
    try:
        surface = frame(app)
    finally:
        app.console.text.fit = fit  # type: ignore[method-assign]
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, f"qa3-svoyak-{app.engine.state.phase}.png"))
    return texts
