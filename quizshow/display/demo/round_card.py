"""The demo's title card of a later round: «Раунд 2» over the round's name from the pack, the score strip
under it (the title card's plate and strip)."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.display import paint
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.cards import TitleScene


class RoundCardScene(TitleScene):
    name = "round_card"

    def static_key(self, frame: Frame) -> Hashable:
        return self.name, frame.state.round

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        w, h = frame.size
        round_no = frame.state.round or 0
        pack = frame.fmt.setup.pack
        rounds = pack.playing_rounds if pack is not None else ()
        name = rounds[round_no].name if round_no < len(rounds) else ""
        plate = pygame.Rect(0, 0, int(w * 0.78), int(h * 0.36))
        plate.center = (w // 2, int(h * 0.46))
        body = paint.panel(plate.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                           paint.rgb(frame.color("panel_edge")), frame.u(28), frame.u(3))
        surface.blit(body, plate)
        label = frame.text.fit(frame.say("scene.demo_round", n=round_no + 1).upper(), "heading",
                               (plate.width - frame.u(120), frame.u(70)), frame.color("muted"), frame.u(56))
        surface.blit(label, label.get_rect(midtop=(plate.centerx, plate.y + frame.u(36))))
        title = frame.text.fit(name or frame.title, "heading",
                               (plate.width - frame.u(120), plate.height - frame.u(170)), frame.color("accent"),
                               frame.u(120), shadow=True)
        surface.blit(title, title.get_rect(center=(plate.centerx, plate.centery + frame.u(30))))
