"""The console's DEVICES line: every input device and whether it works, the latest notices, and the buttons
the runtime asks for (let an OSC desk in, accept a phone). Every item is drawn whole and clear of the buttons;
what has no room is counted («и ещё 3 на связи», «и ещё 2 неполадки»), a problem last of all."""

from __future__ import annotations

import time

import pygame

from quizshow.display.console.status import ConsoleStatus
from quizshow.display.console.style import BAD, GOOD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI


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


def draw_devices(ui: PanelUI, box: pygame.Rect, status: ConsoleStatus, question: str | None) -> None:
    """`question`: the runtime's question standing in the middle now (prompt.standing)."""
    surface, unit, text = ui.surface, ui.unit, ui.text
    x = box.x
    if status.osc_admit is not None:  # an OSC desk refused its passcode: the operator may let it in
        admit_w = min(box.width // 3, text.layout(status.osc_admit, "heading", (10**5, box.height),
                                                  int(unit * 0.9), wrap=False).width + unit * 2)
        ui.button(pygame.Rect(box.right - admit_w, box.y, admit_w, box.height), status.osc_admit, "osc_admit")
        box = pygame.Rect(box.x, box.y, box.width - admit_w - unit // 2, box.height)
    widths = button_widths(ui, box, status)
    for (label, call), button_w in zip(reversed(status.device_buttons), reversed(widths), strict=True):
        ui.button(pygame.Rect(box.right - button_w, box.y, button_w, box.height), label, call.name, *call.args)
        box = pygame.Rect(box.x, box.y, box.width - button_w - unit // 2, box.height)
    heading = ui.fitted(ui.say("console.devices"), "heading", (unit * 8, box.height), MUTED, int(unit * 0.8))
    surface.blit(heading, (x, box.y + 4))
    x += heading.get_width() + unit
    right = box.right - unit // 2  # the words stay clear of the buttons beside them
    px, items = devices_plan(ui, right - x, box.height, status, question)
    for words, level in items:
        marked = level in ("ok", "problem", "info")
        color = BAD if level in ("problem", "more_problems") else MUTED if level == "more" else TEXT
        left = x + unit if marked else x
        if right - left < ui.min_px * 2:
            break  # never drawn over the buttons (devices_plan leaves room: this guards a rounding)
        if marked:
            state_mark(surface, (x + unit // 3, box.centery), unit // 3, level)
        img = ui.fitted(words, "body", (right - left, box.height), color, px)
        surface.blit(img, (left, box.y + 4))
        x = left + img.get_width() + unit


def button_widths(ui: PanelUI, box: pygame.Rect, status: ConsoleStatus) -> list[int]:
    """Each button's width, right of the line: a phone waiting to be accepted first, whole (its button names the
    seat: «Принять телефон: Ёжики в тумане»); the others share what is left of two thirds of the line,
    the last third kept for the words."""
    unit = ui.unit
    natural = [ui.text.layout(label, "heading", (10**5, box.height), int(unit * 0.9), wrap=False).width + unit * 5 // 4
               for label, _ in status.device_buttons]
    urgent = [call.name in ("phone_accept", "follow_admit") for _, call in status.device_buttons]
    budget = box.width * 2 // 3 - unit // 2 * len(natural)
    first = [min(w, budget // max(1, sum(urgent))) for w, u in zip(natural, urgent, strict=True) if u]
    left = max(0, budget - sum(first))
    others = max(1, len(natural) - len(first))
    found, taken = [], iter(first)
    for w, u in zip(natural, urgent, strict=True):
        found.append(next(taken) if u else min(w, max(left // others, unit * 3)))
    return found


def devices_plan(ui: PanelUI, room: int, height: int, status: ConsoleStatus,
                 question: str | None) -> tuple[int, list[tuple[str, str]]]:
    """What the devices line shows in `room` pixels, and at which size: the working devices in the runtime's
    order (the phones' summary first), then the problems, then the latest information — every one whole, at
    one size no smaller than the console's smallest readable text. Without room, information gives way first,
    then working devices from the end but the first (counted: «и ещё 3 на связи»), then that count, then
    problems from the end (counted in red: «и ещё 2 неполадки»); last, the first device is counted too and
    the problems get its room."""
    unit, top = ui.unit, int(ui.unit * 0.9)
    # The operator's last refused action stays here as information once its plate in the middle is gone (it
    # stands there only a moment: looked at later, the console still says why nothing happened).
    refusal = [n for n in status.notices if n.level == "refused"][-1:]
    shown = sorted([n for n in status.notices if n.level != "refused"][-2:]
                   + [n for n in refusal if n.text != question], key=lambda n: n.at)
    stamped = [(f"{time.strftime('%H:%M:%S', time.localtime(n.at))} {n.text}",
                "info" if n.level == "refused" else n.level) for n in shown]
    ok = [words for words, good in status.devices if good]
    bad = [words for words, good in status.devices if not good] + [w for w, level in stamped if level != "info"]
    info = [words for words, level in stamped if level == "info"]

    def width(words: str, px: int) -> int:
        return ui.text.layout(words, "body", (10**5, height), px, wrap=False).width

    def listed(n_ok: int, n_bad: int, n_info: int, count_ok: bool) -> list[tuple[str, str]]:
        items = [(words, "ok") for words in ok[:n_ok]]
        if n_ok < len(ok) and (count_ok or not n_ok):  # with none shown, the working ones are counted
            items.append((ui.say("console.more_devices", n=len(ok) - n_ok), "more"))
        items += [(words, "problem") for words in bad[:n_bad]]
        if n_bad < len(bad):
            items.append((ui.say("console.more_problems", n=len(bad) - n_bad), "more_problems"))
        return items + [(words, "info") for words in info[len(info) - n_info:]]

    def size(items: list[tuple[str, str]]) -> int | None:  # the size at which all fit whole, if any
        gaps = sum(unit * 2 if level in ("ok", "problem", "info") else unit for _, level in items) - unit
        natural = max(1, sum(width(words, top) for words, _ in items))
        px = min(top, int(top * (room - gaps) / natural))
        while px >= ui.min_px:
            if sum(width(words, px) for words, _ in items) + gaps <= room:
                return px
            px -= 1
        return None

    n_ok, n_bad, n_info = len(ok), len(bad), len(info)
    tries = [(n_ok, n_bad, i, True) for i in range(n_info, -1, -1)]  # information gives way first
    tries += [(i, n_bad, 0, True) for i in range(n_ok - 1, 0, -1)]  # then working devices after the first
    tries += [(min(1, n_ok), i, 0, False) for i in range(n_bad, -1, -1)]  # their count, then problems
    tries += [(0, i, 0, True) for i in range(n_bad, -1, -1)]  # the first device too: problems get its room
    for n_ok, n_bad, n_info, count_ok in tries:
        items = listed(n_ok, n_bad, n_info, count_ok)
        px = size(items)
        if px is not None:
            return px, items
    return ui.min_px, listed(0, 0, 0, True)  # the counts alone, at the smallest size
