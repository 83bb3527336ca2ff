"""Helpers, fixtures and constants that several test files share, first written for
tests/runtime/test_press_path.py."""

from __future__ import annotations

import pygame

from tests.hardware_kit import make_app, open_question, show_file


def _live_question(tmp_path):
    app = make_app(tmp_path, show_file(tmp_path, buzzers=("box1:1", "box1:2", "box1:3"), serial_port="/dev/null"),
                   devices=False)
    open_question(app)
    surface = pygame.Surface((1280, 720))
    app.projector.render(surface, app.engine.state, app.clock.now())  # the first frame: idle work may begin
    app.go_live()
    return app, surface


class _ConsoleWindow:
    """The operator's window, as the loop uses it (headless tests have none)."""

    def __init__(self) -> None:
        self.surface = pygame.Surface((1024, 600))

    def get_surface(self) -> pygame.Surface:
        return self.surface

    def flip(self) -> None:
        pass
