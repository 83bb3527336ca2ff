"""The pictures of format `duel`: its projector scene (scene.py) and its console panel (panel.py)."""

from quizshow.display.duel import panel, scene
from quizshow.display.scenes import COMMON
from quizshow.display.views import FormatViews

_BY_NAME = {**COMMON, **scene.SCENES}
VIEWS = FormatViews(scenes={phase: _BY_NAME[name] for phase, name in scene.PHASES.items()}, panel=panel.draw,
                    keys=panel.key, choices=scene.choices)
