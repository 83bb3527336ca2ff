"""The console's help (F1): every key — the actions, the buzzer keys of the buttons that can press (the
format's `buttons`), typing an amount where the format takes one — in two columns over a shade, the keys in
gold, large enough to read from the host's chair."""

from __future__ import annotations

import pygame

from quizshow import registry
from quizshow.display.console.buttons import BUTTONS
from quizshow.display.console.style import GOLD, SHADE, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.inputs.keymap import KeyMap


def draw_help(ui: PanelUI, keymap: KeyMap) -> None:
    """Every key: the actions, each team's buzzer keys, and typing an amount; two columns, the keys
    in gold, large enough to read from the host's chair."""
    surface, unit, words = ui.surface, ui.unit, ui.words
    w, h = surface.get_size()
    box = pygame.Rect(w // 12, h // 12, w * 5 // 6, h * 5 // 6)
    ui.sheet(box, SHADE)
    surface.blit(ui.fitted(ui.say("console.help_title"), "heading", (box.width, unit * 2), GOLD, unit * 2),
                 (box.x + unit, box.y + unit))
    # With phones: the codes on the console (F6) and on the projector (F7).
    phones = ("phone_codes", "join") if getattr(ui.status, "join_board", None) is not None else ()
    rows = [(ui.say(f"action.{action}"), ", ".join(keymap.keys_of(action, words)))
            for action in (*BUTTONS, "replay", "replay_earlier", *phones, "escape")]
    for team, button in enumerate(ui.format.buttons(ui.state)):  # those that can press: a team's, a table's
        team_keys = keymap.keys_of(f"buzz{team + 1}", words)
        if team_keys:
            name = ui.say(button.name) if button.phrase else button.name
            rows.append((ui.say("console.help_buzzer", team=name), ", ".join(team_keys)))
    entry = registry.FORMATS.get(ui.format.id)
    # Only where digits type an amount (bids, stakes, a score), and not while they are the buttons (a format
    # may type scores between its matches and buzz with the same digits during one).
    if entry is None or (entry.spec.takes_amounts() and not entry.spec.flags(ui.state.phase).buzzers_live):
        own = f"console.help_amount.{ui.format.id}"  # a format's own words for what digits type
        amount = ui.say(own)
        rows.append((amount if amount != own else ui.say("console.help_amount"), "0–9, Backspace"))
    half = (len(rows) + 1) // 2
    col_w = (box.width - unit * 3) // 2
    row_h = min(int(unit * 2.2), (box.height - unit * 4) // max(1, half))
    label_w, keys_w = col_w // 2, col_w // 2 - unit
    px = min(int(unit * 1.4), int(row_h * 0.7))
    # One size for every label and one for every key list: the longest decides, so the rows match.
    label_px = min(ui.text.layout(name, "body", (label_w, row_h), px, wrap=False).px for name, _ in rows)
    keys_px = min(ui.text.layout(keys, "heading", (keys_w, row_h), px, wrap=False).px for _, keys in rows)
    for i, (name, keys) in enumerate(rows):
        x = box.x + unit + (i // half) * (col_w + unit)
        y = box.y + unit * 3 + (i % half) * row_h
        for text, role, color, size, left, width in ((name, "body", TEXT, label_px, x, label_w),
                                                     (keys, "heading", GOLD, keys_px, x + label_w + unit, keys_w)):
            img = ui.fitted(text, role, (width, row_h), color, size)
            surface.blit(img, (left, y + (row_h - img.get_height()) // 2))
