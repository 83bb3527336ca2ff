"""What the duel's pictures share: typed access to the duel (through SPEC) and the inks of its tables."""

from __future__ import annotations

import pygame

from quizshow.display.scenes.base import Frame
from quizshow.display.theme import Theme
from quizshow.formats.duel.format import DuelFormat
from quizshow.formats.duel.model import COLOURS, DuelState, Phase
from quizshow.formats.duel.spec import SPEC


def fmt_of(frame: Frame) -> DuelFormat:
    """The duel's reducer, typed (its queue, sheets and rules)."""
    return SPEC.format_of(frame.fmt)


def duel_of(frame: Frame) -> DuelState:
    """The duel's own state, typed (the bout, the sheet, the question in play)."""
    return SPEC.state_of(frame.state)


def phase_of(frame: Frame) -> Phase:
    return SPEC.phase_of(frame.state)


def table_colour(theme: Theme, player: int) -> pygame.Color:
    """A player's table colour (the theme's duel_green … duel_blue)."""
    return theme.color(f"duel_{COLOURS[player]}")


def dark_ink(frame: Frame) -> pygame.Color:
    """Ink on light plates: the yellow table, the gold pills, the white badges."""
    return frame.color("duel_ink_dark")


def light_ink(frame: Frame) -> pygame.Color:
    return frame.color("duel_ink_light")


def on_table(frame: Frame, player: int) -> pygame.Color:
    return dark_ink(frame) if COLOURS[player] == "yellow" else light_ink(frame)
