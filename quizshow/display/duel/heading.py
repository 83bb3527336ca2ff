"""The duel's heading: the question in play by its theme and row on the sheet (or the reserve's, the
host's own), the theme's name under it, and which bout of the match this is."""

from __future__ import annotations

import pygame

from quizshow.display.duel.common import duel_of, fmt_of
from quizshow.display.scenes.base import Frame


def draw(surface: pygame.Surface, frame: Frame) -> None:
    state, fmt = frame.state, fmt_of(frame)
    duel = duel_of(frame)
    w = frame.size[0]
    asking = duel.asking
    title, sub = frame.title, ""
    if asking is not None:
        where = fmt.theme_of(state, asking.source)
        if where is not None:
            title = frame.say("scene.duel_heading", theme=where[0] + 1, row=where[1] + 1)
            sub = where[2]
        else:
            title = frame.say("scene.duel_reserve" if asking.source[0] == "reserve" else "scene.duel_host_question")
    if len(fmt.sheets) > 1:
        sub = f"{frame.say('scene.duel_bout', n=duel.bout.number + 1)} · {sub}" if sub else \
            frame.say("scene.duel_bout", n=duel.bout.number + 1)
    img = frame.text.fit(title.upper(), "heading", (frame.u(1200), frame.u(64)), frame.color("accent"),
                         frame.u(52), wrap=False, shadow=True)
    surface.blit(img, img.get_rect(midtop=(w // 2, frame.u(26))))
    if sub:
        img = frame.text.fit(sub, "body", (frame.u(1200), frame.u(40)), frame.color("muted"), frame.u(32),
                             wrap=False)
        surface.blit(img, img.get_rect(midtop=(w // 2, frame.u(88))))
