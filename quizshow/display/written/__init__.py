"""The pictures of format `written`: the question, the minute, hand-in, the answer, the results table, the
podium (scenes.py, results.py), and the operator's grid on the console with its keys (grid.py)."""

from quizshow.display.scenes import COMMON
from quizshow.display.views import FormatViews
from quizshow.display.written import grid
from quizshow.display.written.results import ResultsScene
from quizshow.display.written.scenes import PodiumScene, WrittenQuestionScene
from quizshow.display.written.standings_card import WrittenStandingsCard
from quizshow.formats.written.model import Phase

_QUESTION, _RESULTS, _PODIUM = WrittenQuestionScene(), ResultsScene(), PodiumScene()
VIEWS = FormatViews(
    scenes={Phase.TITLE: COMMON["title"], Phase.QUESTION: _QUESTION, Phase.MINUTE: _QUESTION,
            Phase.HAND_IN: _QUESTION, Phase.ANSWER: _QUESTION, Phase.RESULTS: _RESULTS, Phase.PODIUM: _PODIUM},
    panel=grid.draw, keys=grid.key, standings=WrittenStandingsCard())
