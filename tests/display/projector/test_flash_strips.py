"""The buzz flash drawn a strip of the screen at a time (a give-way point between, for a press): a fading
flash's pieces are made once a frame, not once a strip (27 strips at 3840×2160 made them 27 times: a frame
with a fading flash cost 33 ms of CPU there, 12 ms once)."""

from __future__ import annotations

import pygame

from quizshow.core.effects import Event, EventKind
from quizshow.display.motion import overlays
from tests.hardware_kit import make_app, open_question, show_file


def test_a_fading_flash_makes_its_pieces_once_a_frame_not_once_a_strip(tmp_path, monkeypatch):
    app = make_app(tmp_path, show_file(tmp_path, buzzers=("box1:1", "box1:2", "box1:3"), serial_port="/dev/null"),
                   devices=False)
    try:
        open_question(app)
        surface = pygame.Surface((1920, 1080))  # seven strips
        now = app.clock.now()
        app.projector.render(surface, app.engine.state, now)
        app.projector.on_events([Event(EventKind.BUZZ, team=team, margin_s=0.0) for team in (0, 1)], now)
        made: list[int] = []
        real = overlays._draw_pieces

        def draw_pieces(color, thickness, alpha):
            made.append(alpha)
            return real(color, thickness, alpha)

        monkeypatch.setattr(overlays, "_draw_pieces", draw_pieces)
        for i in range(1, 4):  # three frames while the two flashes fade
            app.projector.render(surface, app.engine.state, now + 0.05 * i)
        assert len(made) == 3 * 2  # each flash's pieces once a frame
        assert overlays._fading.pieces is None  # and none kept after it
        drawn = pygame.image.tobytes(surface, "RGB")
        monkeypatch.setattr(overlays, "_pieces", lambda color, thickness, alpha: (
            overlays._full(color, thickness) if alpha >= 255 else real(color, thickness, alpha)))
        app.projector.render(surface, app.engine.state, now + 0.15)
        assert pygame.image.tobytes(surface, "RGB") == drawn  # the same picture
    finally:
        app.close()
