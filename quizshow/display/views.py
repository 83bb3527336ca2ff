"""What a format shows: its scenes by phase and its console panel (quizshow/registry.py ties them to
the format's name). The shared cards (title, question, scores) serve any phase a format leaves out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from quizshow.display.scenes.base import Scene

if TYPE_CHECKING:
    from quizshow.display.console_ui import PanelUI

# draw(ui, box) -> drawn? (False: the console's press queue is the right panel for this phase)
Panel = Callable[["PanelUI", pygame.Rect], bool]


# splash(old state, new state) -> the phrase key of a splash word for that change («Аукцион!»), or None
SplashFn = Callable[[Any, Any], "str | None"]


@dataclass(frozen=True)
class FormatViews:
    scenes: Mapping[str, Scene] = field(default_factory=dict)  # phase -> scene
    panel: Panel | None = None
    splash: SplashFn | None = None
    standings: Any = None  # the score overlay card (scenes.cards.StandingsCard by default)
    walk: Any = None  # the contact sheet's scripted walk (display/sheet.py), else a generic one

    def scene(self, phase: str, fallback: Scene) -> Scene:
        return self.scenes.get(phase, fallback)
