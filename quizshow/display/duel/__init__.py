"""The pictures of format `duel`: its projector scene (scenes.py, composed of a module per part) and its
console panel (panel.py)."""

from quizshow.display.duel import panel, scenes
from quizshow.display.scenes import COMMON
from quizshow.display.views import FormatViews

_BY_NAME = {**COMMON, **scenes.SCENES}
VIEWS = FormatViews(scenes={phase: _BY_NAME[name] for phase, name in scenes.PHASES.items()}, panel=panel.draw,
                    keys=panel.key, choices=scenes.choices)
