"""The console's journal line: the last steps as sentences (console/words.describe), newest last and always
whole (the oldest give way); a step an undo took back is dimmed, struck through and says «отменено»."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pygame

from quizshow.display.console.style import MUTED, TEXT
from quizshow.display.console.ui import PanelUI

Line = tuple[float, str]  # (wall time, words)


def draw_journal(ui: PanelUI, box: pygame.Rect, journal: Sequence[Line], undone: Sequence[Line]) -> None:
    # The last lines, one size for all; a line whose step was undone is dimmed, struck and says so. Without
    # room the oldest give way: the newest is always whole (cut at its end only if alone it does not fit).
    surface, unit = ui.surface, ui.unit
    heading: tuple[str, pygame.Color, bool] = (ui.say("console.journal"), TEXT, False)
    entries: list[tuple[str, pygame.Color, bool]] = []
    for line in journal[-4:]:
        struck_out = any(line is gone for gone in undone)
        words = f"{time.strftime('%H:%M:%S', time.localtime(line[0]))} {line[1]}"
        if struck_out:
            words += f" ({ui.say('console.undone_mark')})"
        entries.append((words, MUTED if struck_out else TEXT, struck_out))
    gap = unit // 2
    room = (box.right - box.x, box.height)
    pieces, px = [heading, *entries[-1:]], ui.min_px
    for first in range(len(entries)):  # the most entries, newest last, that fit whole at a readable size
        trial = [heading]
        for i, entry in enumerate(entries[first:]):
            trial += [("·", MUTED, False)] if i else []
            trial.append(entry)
        layout = ui.text.layout("   ".join(text for text, _, _ in trial), "body", room, int(unit * 0.9), ui.min_px,
                                wrap=False)
        if not layout.cut:
            pieces, px = trial, layout.px
            break
    x = box.x
    for text, color, struck in pieces:
        if box.right - x < unit * 2:
            break
        img = ui.fitted(text, "body", (box.right - x, box.height), color, px)
        surface.blit(img, (x, box.y + 4))
        if struck:
            middle = box.y + 4 + img.get_height() // 2
            pygame.draw.line(surface, MUTED, (x, middle), (x + img.get_width(), middle), max(1, unit // 10))
        x += img.get_width() + gap
