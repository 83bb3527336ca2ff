"""What a format shows: its scenes by phase, its console panel and the keys that panel takes
(quizshow/registry.py ties them to the format's name). The shared cards (title, question, scores) serve
any phase a format leaves out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from quizshow.core.actions import Call
from quizshow.core.commands import Command
from quizshow.core.engine import Outcome
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display.scenes.base import Scene

if TYPE_CHECKING:
    from quizshow.display.console.ui import PanelUI
    from quizshow.display.driver import Walk
    from quizshow.display.scenes.cards import StandingsCard

# draw(ui, box) -> drawn? (False: the console's press queue is the right panel for this phase)
Panel = Callable[["PanelUI", pygame.Rect], bool]


# splash(old state, new state) -> the phrase key of a splash word for that change («Аукцион!»), or None
SplashFn = Callable[[ShowState, ShowState], "str | None"]


@dataclass(frozen=True)
class PanelKeys:
    """What a panel's key handler may use: the state and format shown, the panel's own memory on this
    console (a cursor: never journalled; the same dict its drawing gets as `PanelUI.memory`), and `call`,
    which runs an action call through the action registry (journal, then engine) and gives its outcome."""

    state: ShowState
    format: Format
    memory: dict[str, object]
    call: Callable[[Call], Outcome | None]


# keys(view, key, mod, at) -> taken? Keys reach it before the key map; it takes them only while its panel
# is active (the same test its drawing makes) and returns False for any key it leaves to the key map.
KeyHandler = Callable[[PanelKeys, int, int, float], bool]


# choices(format, state, at) -> the host's choices from `state` that lead to a picture of another kind (a board's
# special cells): each is drawn once offscreen in idle time, so its texts, panels and art exist when chosen.
ChoicesFn = Callable[[Format, ShowState, float], "list[Command]"]


@dataclass(frozen=True)
class FormatViews:
    scenes: Mapping[str, Scene] = field(default_factory=dict)  # phase -> scene
    panel: Panel | None = None
    keys: KeyHandler | None = None  # the panel's own keys (a grid's arrows), taken first
    splash: SplashFn | None = None
    standings: StandingsCard | None = None  # the score overlay card (its own by default)
    walk: Walk | None = None  # the contact sheet's scripted walk (display/sheet.py), else a generic one
    choices: ChoicesFn | None = None  # choices whose picture is rehearsed in idle time (Projector.ahead)

    def scene(self, phase: str, fallback: Scene) -> Scene:
        return self.scenes.get(phase, fallback)
