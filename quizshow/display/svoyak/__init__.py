"""The pictures of format `svoyak`: its projector scenes and its console panel."""

from quizshow.display.scenes import COMMON
from quizshow.display.svoyak import panel, scenes, walk
from quizshow.display.views import FormatViews

_BY_NAME = {**COMMON, **scenes.SCENES}
VIEWS = FormatViews(scenes={phase: _BY_NAME[name] for phase, name in scenes.PHASES.items()}, panel=panel.draw,
                    splash=scenes.splash, walk=walk.walk, choices=scenes.choices)
