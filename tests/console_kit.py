"""The operator's console as the tests read it: the texts a frame draws, in order, and the frame."""

from __future__ import annotations

import pygame

from quizshow.app import ShowApp


def console_texts(app: ShowApp, size: tuple[int, int] = (1280, 800), at: float | None = None
                  ) -> tuple[list[str], pygame.Surface]:
    """Every text one real console frame fitted (at show time `at`, now without), and the frame."""
    drawn: list[str] = []
    fit = app.console.text.fit

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return fit(text, *args, **kwargs)

    app.console.text.fit = spy  # type: ignore[method-assign]
    try:
        surface = pygame.Surface(size)
        app.console.render(surface, app.clock.now() if at is None else at, app.status)
    finally:
        app.console.text.fit = fit  # type: ignore[method-assign]
    return drawn, surface
