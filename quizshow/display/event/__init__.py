"""The pictures of a tournament day (format `tournament`): the draw, group tables, the bracket, the
standings, the next match; while a match is played, the match's own format's scenes and panel."""

from quizshow.display.event import panel, scenes, walk
from quizshow.display.views import FormatViews

VIEWS = FormatViews(scenes=scenes.BY_PHASE, panel=panel.draw, walk=walk.walk)
