"""The console's colours: dark, high contrast, one accent; state is colour plus a symbol. Their values are the
theme table's `console_*` (quizshow/themefile.py): the house's, whatever the show's theme."""

import pygame

from quizshow.themefile import DEFAULT_COLORS


def _color(name: str) -> pygame.Color:
    return pygame.Color(DEFAULT_COLORS[f"console_{name}"])


BG = _color("background")
PANEL = _color("panel")
EDGE = _color("edge")
TEXT = _color("text")
MUTED = _color("muted")
GOLD = _color("accent")
GOOD = _color("good")
BAD = _color("bad")
BUTTON = _color("button")  # a button's face
LIT = _color("button_lit")  # the current choice: a lit button, the chosen team's row
DIM = _color("cell_played")  # a played cell, an empty one
TYPING = _color("typing")  # the plate of a text being typed
PROMPT = _color("prompt")  # the plate of a question to the operator
SHADE = _color("shade")  # under the help
CODES_SHADE = _color("codes_shade")  # under the phones' codes
