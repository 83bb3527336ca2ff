"""The console's row of action buttons (each a name and the key that does the same) and the undo button,
which says in words what Ctrl+Z takes back and where a far undo leaves the picture."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from quizshow.core.engine import Engine, Outcome
from quizshow.core.spec import JournalWords
from quizshow.display.console.ui import PanelUI
from quizshow.display.console.words import describe, where_words
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
        keys = keymap.keys_of(action, ui.words)
        ui.button(rect, name, action, hint=keys[0] if keys else None, px=px, lit=action == "blank" and blank)


def draw_undo(ui: PanelUI, rect: pygame.Rect, engine: Engine, words: JournalWords | None,
              rosters: Sequence[Sequence[str]],
              locked: Callable[[Callable[[], Outcome | None]], Outcome | None]) -> None:
    """What Ctrl+Z takes back, in words; a far undo says where the picture goes (and asks twice).
    `locked`: runs work on the engine's entries while no input is applied (the undo's preview)."""
    target = engine.undo_target()
    teams = [t.name for t in engine.state.teams]
    label = f"{ui.say('console.nothing_to_undo')} (Ctrl+Z)"
    if target is not None:
        preview = locked(engine.undo_preview)
        # Two lines at a readable size (docs/console.md): the format's short words when the full ones take
        # more, and at last without «(Ctrl+Z)» (the «Отменить» button in the row below shows the key).
        for brief, key in ((False, " (Ctrl+Z)"), (True, " (Ctrl+Z)"), (True, "")):
            what = describe(target, teams, ui.words, words, engine.format, rosters, brief=brief)
            undo = ui.say("console.undo", what=what)
            if engine.format.undo_rule(target.command, target.events)[1]:  # a recorded result: two presses
                undo = ui.say("console.undo_confirm_button", what=what)
            elif preview is not None and preview.lost:  # more than one step back: it says where, asks twice
                where = where_words(engine.format, preview.state, ui.words)
                undo = ui.say("console.undo_far_button", what=what, where=where)
            label = f"{undo}{key}"
            if two_lines(ui, rect, label):
                break
    ui.button(rect, label, "undo")


def two_lines(ui: PanelUI, rect: pygame.Rect, label: str) -> bool:
    """Whether the undo button's label fits two lines at the console's smallest readable size or larger
    (docs/console.md), as ui.button lays it out."""
    layout = ui.text.layout(label, "body", (rect.width - 8, rect.height - 2), int(ui.unit * 0.9), ui.min_px)
    return not layout.cut and len(layout.lines) <= 2 and layout.px >= ui.min_px
