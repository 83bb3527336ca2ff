"""The pictures of format `brainring`: its projector scenes and its console panel."""

from quizshow.display.brainring import panel, scenes, walk
from quizshow.display.views import FormatViews

VIEWS = FormatViews(scenes=scenes.BY_PHASE, panel=panel.draw, walk=walk.walk)
