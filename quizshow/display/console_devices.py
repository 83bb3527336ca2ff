"""The console's DEVICES line: every input device and whether it works, the latest notices, and the buttons
the runtime asks for (let an OSC desk in, accept a phone). A problem is never pushed off the line."""

from __future__ import annotations

import time

import pygame

from quizshow.display.console_status import ConsoleStatus
from quizshow.display.console_style import BAD, GOOD, MUTED, TEXT
from quizshow.display.console_ui import PanelUI


def state_mark(surface: pygame.Surface, center: tuple[int, int], r: int, level: str) -> None:
    """Colour plus shape, never colour alone: a dot for working, a warning triangle for a problem,
    a ring for information."""
    x, y = center
    if level == "problem":
        pygame.draw.polygon(surface, BAD, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)])
    elif level == "info":
        pygame.draw.circle(surface, MUTED, center, r, width=max(2, r // 3))
    else:
        pygame.draw.circle(surface, GOOD, center, r)


def draw_devices(ui: PanelUI, box: pygame.Rect, status: ConsoleStatus) -> None:
    surface, unit, text = ui.surface, ui.unit, ui.text
    x = box.x
    if status.osc_admit is not None:  # an OSC desk refused its passcode: the operator may let it in
        admit_w = min(box.width // 3, text.layout(status.osc_admit, "heading", (10**5, box.height),
                                                  int(unit * 0.9), wrap=False).width + unit * 2)
        ui.button(pygame.Rect(box.right - admit_w, box.y, admit_w, box.height), status.osc_admit, "osc_admit")
        box = pygame.Rect(box.x, box.y, box.width - admit_w - unit // 2, box.height)
    for label, call in reversed(status.device_buttons):  # the phones' («Принять телефон: Альфа»), right
        button_w = min(box.width // 4, text.layout(label, "heading", (10**5, box.height), int(unit * 0.9),
                                                   wrap=False).width + unit * 2)
        ui.button(pygame.Rect(box.right - button_w, box.y, button_w, box.height), label, call.name, *call.args)
        box = pygame.Rect(box.x, box.y, box.width - button_w - unit // 2, box.height)
    heading = ui.fitted(ui.say("console.devices"), "heading", (unit * 8, box.height), MUTED, int(unit * 0.8))
    surface.blit(heading, (x, box.y + 4))
    x += heading.get_width() + unit
    shown = [n for n in status.notices if n.level != "refused"][-2:]
    devices = [(words, "ok" if ok else "problem") for words, ok in status.devices]
    notices = [(f"{time.strftime('%H:%M:%S', time.localtime(n.at))} {n.text}", n.level) for n in shown]
    items = devices + notices
    top = int(unit * 0.9)
    width = {words: text.layout(words, "body", (10**5, box.height), top, wrap=False).width for words, _ in items}
    room = box.right - x

    def scale(listed: list[tuple[str, str]]) -> float:  # the size at which they all fit (≤ 1: as is)
        gaps = len(listed) * unit * 2
        return min(1.0, max(1, room - gaps) / max(1, sum(width[t] for t, _ in listed)))

    # Every device is listed: the words shrink to the smallest readable size first; then information
    # gives way, then working devices are counted («ещё 3 на связи») — a problem is never pushed out.
    low = ui.min_px / top
    while scale(items) < low and any(level == "info" for _, level in items):
        items.remove(next(item for item in items if item[1] == "info"))
    hidden = 0
    while scale(items) < low and any(level == "ok" for _, level in items) and len(items) > 1:
        items.remove(next(item for item in reversed(items) if item[1] == "ok"))
        hidden += 1
        more = ui.say("console.more_devices", n=hidden)
        width[more] = text.layout(more, "body", (10**5, box.height), top, wrap=False).width
        items = [item for item in items if item[1] != "more"]
        at = max((i + 1 for i, item in enumerate(items) if item in devices), default=0)
        items.insert(at, (more, "more"))
    px = max(ui.min_px, int(top * scale(items)))
    for words, level in items:
        if level == "more":
            img = ui.fitted(words, "body", (box.right - x, box.height), MUTED, px)
            surface.blit(img, (x, box.y + 4))
            x += img.get_width() + unit
            continue
        state_mark(surface, (x + unit // 3, box.centery), unit // 3, level)
        color = BAD if level == "problem" else TEXT
        img = ui.fitted(words, "body", (box.right - x - unit, box.height), color, px)
        surface.blit(img, (x + unit, box.y + 4))
        x += unit + img.get_width() + unit
