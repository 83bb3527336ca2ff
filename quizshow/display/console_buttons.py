"""The console's row of action buttons (each a name and the key that does the same) and the undo button,
which says in words what Ctrl+Z takes back and where a far undo leaves the picture."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from quizshow.core.engine import Engine
from quizshow.core.spec import JournalWords
from quizshow.display.console_ui import PanelUI
from quizshow.display.console_words import describe, where_words
from quizshow.inputs.keymap import KeyMap

BUTTONS = ("go", "back", "timer", "announce", "correct", "wrong", "blank", "scores", "undo", "linecheck", "assign",
           "help", "quit")


def draw_buttons(ui: PanelUI, box: pygame.Rect, keymap: KeyMap) -> None:
    """One row: each action's name at one shared size (the largest every name fits), its key below."""
    unit = ui.unit
    gap = unit // 3
    width = (box.width - gap * (len(BUTTONS) - 1)) // len(BUTTONS)
    name_box = (width - 8, int(box.height * 0.55))
    # While the projector is blank its button opens it («Открыть», lit); both names share the size.
    blank = ui.state.view.blank
    names = [ui.say("action.unblank" if action == "blank" and blank else f"action.{action}")
             for action in BUTTONS]
    px = min(ui.text.layout(name, "heading", name_box, int(unit * 0.95), wrap=False).px
             for name in (*names, ui.say("action.unblank")))
    for i, (action, name) in enumerate(zip(BUTTONS, names, strict=True)):
        rect = pygame.Rect(box.x + i * (width + gap), box.y, width, box.height)
        keys = keymap.keys_of(action, ui.language)
        ui.button(rect, name, action, hint=keys[0] if keys else None, px=px, lit=action == "blank" and blank)


def draw_undo(ui: PanelUI, rect: pygame.Rect, engine: Engine, words: JournalWords | None,
              rosters: Sequence[Sequence[str]], locked: Callable[[Callable[[], Any]], Any]) -> None:
    """What Ctrl+Z takes back, in words; a far undo says where the picture goes (and asks twice).
    `locked`: runs work on the engine's entries while no input is applied (the undo's preview)."""
    target = engine.undo_target()
    teams = [t.name for t in engine.state.teams]
    undo = ui.say("console.nothing_to_undo")
    if target is not None:
        what = describe(target, teams, ui.language, words, engine.format, rosters)
        undo = ui.say("console.undo", what=what)
        preview = locked(engine.undo_preview)
        if engine.format.undo_rule(target.command, target.events)[1]:  # a recorded result: two presses
            undo = ui.say("console.undo_confirm_button", what=what)
        elif preview is not None and preview.lost:  # more than one step back: it says where, and asks twice
            where = where_words(engine.format, preview.state, ui.language)
            undo = ui.say("console.undo_far_button", what=what, where=where)
    ui.button(rect, f"{undo} (Ctrl+Z)", "undo")
