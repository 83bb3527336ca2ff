"""The pictures of format `brainring`: its projector scenes and its console panel."""

from quizshow.display.brainring import panel, scenes, walk
from quizshow.display.scenes import COMMON
from quizshow.display.views import FormatViews

_BY_NAME = {**COMMON, **scenes.SCENES, "title": scenes.TITLE}
VIEWS = FormatViews(scenes={phase: _BY_NAME[name] for phase, name in scenes.PHASES.items()}, panel=panel.draw,
                    walk=walk.walk)
