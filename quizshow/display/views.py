"""What a format shows: its scenes by phase and its console panel (quizshow/registry.py ties them to
the format's name). The shared cards (title, question, scores) serve any phase a format leaves out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from quizshow.core.actions import Call
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display.scenes.base import Scene

if TYPE_CHECKING:
    from quizshow.display.console_ui import PanelUI

# draw(ui, box) -> drawn? (False: the console's press queue is the right panel for this phase)
Panel = Callable[["PanelUI", pygame.Rect], bool]


@dataclass(frozen=True)
class PanelKey:
    """A key pressed while the format's panel is on the console."""

    state: ShowState
    format: Format
    key: int
    mod: int
    at: float


# A panel's own keys (a grid's cursor, say): an action call to apply, True when the panel took the key
# itself (it only moved its cursor), None when the key is not the panel's (the key map takes it).
PanelKeys = Callable[[PanelKey], "Call | bool | None"]


@dataclass(frozen=True)
class FormatViews:
    scenes: Mapping[str, Scene] = field(default_factory=dict)  # phase -> scene
    panel: Panel | None = None
    keys: PanelKeys | None = None

    def scene(self, phase: str, fallback: Scene) -> Scene:
        return self.scenes.get(phase, fallback)
