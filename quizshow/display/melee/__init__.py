"""The pictures of format `melee` («Куча мала»): the tables emptying round by round."""

from quizshow.display.melee import scenes
from quizshow.display.views import FormatViews
from quizshow.formats.melee.format import Phase

VIEWS = FormatViews(scenes={phase: scenes.TABLES for phase in Phase}, panel=scenes.panel)
