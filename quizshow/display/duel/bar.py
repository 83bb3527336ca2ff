"""The duel's 15-second thinking bar between the rows: its frame and heading in the still layer, its
segments, seconds and caption moving; once the question is over, the answer in its place."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.display import paint
from quizshow.display.duel.common import duel_of, fmt_of, light_ink, phase_of
from quizshow.display.duel.grid import bar_rect
from quizshow.display.scenes.base import Frame, Piece
from quizshow.display.scenes.plates import words
from quizshow.display.tween import pulse
from quizshow.formats.duel.model import Phase

SEGMENTS = 15


def panel(surface: pygame.Surface, frame: Frame) -> None:
    """The thinking bar's frame and words (its segments and seconds move); once the question is
    over, the answer instead."""
    state = frame.state
    box = bar_rect(frame)
    dark = frame.color("panel_dark")
    surface.blit(paint.panel(box.size, paint.rgb(paint.mix(dark, frame.color("panel"), 0.25)), paint.rgb(dark),
                             paint.rgb(frame.color("panel_edge")), frame.u(16), max(2, frame.u(2))), box)
    phase = phase_of(frame)
    if phase in (Phase.REVEAL, Phase.RESULT, Phase.CHOOSING):
        question = fmt_of(frame).current(state)
        asking = duel_of(frame).asking
        label = frame.say("scene.answer").upper()
        if asking is not None and asking.closed:
            label += " · " + frame.say("scene.duel_unplayed")
        img = frame.text.fit(label, "heading", (box.width - frame.u(60), frame.u(36)), frame.color("muted"),
                             frame.u(28), wrap=False, align="left")
        surface.blit(img, (box.x + frame.u(30), box.y + frame.u(16)))
        words(surface, frame, question.a if question else "", pygame.Rect(box.x + frame.u(30), box.y + frame.u(54),
              box.width - frame.u(60), frame.u(86)), color=frame.color("accent"), px=64, anchor="midleft")
        return
    img = frame.text.fit(frame.say("scene.duel_thinking").upper(), "heading", (frame.u(560), frame.u(40)),
                         frame.color("text"), frame.u(32), wrap=False, align="left")
    surface.blit(img, (box.x + frame.u(30), box.y + frame.u(22)))
    # (its note beside it is drawn moving, `draw`: once the time is over, «можно показать ответ» takes
    # its place, and the layer does not change when the time runs out; both over it were unreadable)


def piece(frame: Frame) -> Piece:
    """Where the moving bar is drawn, and what it shows there."""
    return bar_rect(frame).inflate(frame.u(6) * 2, frame.u(6) * 2), key(frame)


def key(frame: Frame) -> Hashable:
    """What the thinking bar shows (as `draw` draws it): its lit segments, its digits and their size (they
    pulse in the last seconds), its colours and caption."""
    fmt = fmt_of(frame)
    left = fmt.thinking_left(frame.state, frame.now)
    think = fmt.think_s()
    filled = SEGMENTS if left is None else int(round(SEGMENTS * left / think + 0.4999))
    warn = left is not None and 0 < left <= float(fmt.rules.get("warning_s", 5))
    if left is None:
        text = f"{think:g}"
    elif left <= 0:
        text = "0"
    else:
        text = str(int(left + 0.999))
    px = int(frame.u(130) * (1.0 + (0.08 * pulse(frame.now, 1.0) if warn else 0.0)))
    return "bar", filled, warn, left is None, left is not None and left <= 0, text, px


def draw(surface: pygame.Surface, frame: Frame) -> None:
    box = bar_rect(frame)
    left = fmt_of(frame).thinking_left(frame.state, frame.now)
    think = fmt_of(frame).think_s()
    filled = SEGMENTS if left is None else int(round(SEGMENTS * left / think + 0.4999))
    gap = frame.u(10)
    seg_w = (frame.u(870) - gap * (SEGMENTS - 1)) // SEGMENTS
    y = box.y + frame.u(82)
    warn = left is not None and 0 < left <= float(fmt_of(frame).rules.get("warning_s", 5))
    on = frame.color("warning") if warn else frame.color("accent")
    if left is None:  # still reading: the bar waits, full and cool
        on = paint.mix(frame.color("panel_edge"), frame.color("panel_dark"), 0.35)
    off = paint.mix(frame.color("panel"), frame.color("panel_dark"), 0.45)
    for i in range(SEGMENTS):
        rect = pygame.Rect(box.x + frame.u(30) + i * (seg_w + gap), y, seg_w, frame.u(46))
        lit = i < filled
        pygame.draw.rect(surface, on if lit else off, rect, border_radius=frame.u(8))
        if lit:
            pygame.draw.rect(surface, paint.mix(on, light_ink(frame), 0.35),
                             (rect.x + frame.u(4), rect.y + frame.u(4), rect.width - frame.u(8), frame.u(6)),
                             border_radius=frame.u(3))
    _note(surface, frame, left)
    digits_box = pygame.Rect(box.x + frame.u(930), box.y + frame.u(6), frame.u(220), box.height - frame.u(12))
    if left is None:
        text, color = f"{think:g}", frame.color("muted")
    elif left <= 0:
        text, color = "0", frame.color("muted")
    else:
        text, color = str(int(left + 0.999)), frame.color("warning") if warn else frame.color("accent")
    scale = 1.0 + (0.08 * pulse(frame.now, 1.0) if warn else 0.0)
    img = frame.text.fit(text, "numbers", (frame.u(150), frame.u(140)), color, int(frame.u(130) * scale),
                         wrap=False, shadow=True)
    surface.blit(img, img.get_rect(midright=(digits_box.right - frame.u(50), digits_box.centery)))
    unit = frame.text.fit(frame.say("unit.duel_s"), "numbers", (frame.u(50), frame.u(60)), color, frame.u(50),
                          wrap=False)
    surface.blit(unit, unit.get_rect(bottomleft=(digits_box.right - frame.u(44), digits_box.centery + frame.u(40))))


def _note(surface: pygame.Surface, frame: Frame, left: float | None) -> None:
    """One caption right of «ВРЕМЯ НА РАЗМЫШЛЕНИЕ»: «идёт чтение…», «от конца первого чтения · 15 с», or
    once the time is over, «можно показать ответ» in its place (not over it: QA, both were drawn)."""
    box = bar_rect(frame)
    asking = duel_of(frame).asking
    if left is not None and left <= 0:
        note, ink = frame.say("scene.duel_think_over"), frame.color("good")
    elif asking is not None and asking.read_end is None:
        note, ink = frame.say("scene.duel_reading"), frame.color("muted")
    else:
        note, ink = frame.say("scene.duel_thinking_note", s=f"{fmt_of(frame).think_s():g}"), frame.color("muted")
    img = frame.text.fit(note, "body", (frame.u(420), frame.u(34)), ink, frame.u(24), wrap=False, align="right")
    surface.blit(img, img.get_rect(topright=(box.x + frame.u(900), box.y + frame.u(28))))
