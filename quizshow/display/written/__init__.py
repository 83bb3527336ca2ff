"""The pictures of format `written`: the question, the minute, hand-in, the answer, the results table, the
podium (scenes.py, results.py), and the operator's grid on the console with its keys (grid.py)."""

from quizshow.display.scenes import COMMON
from quizshow.display.views import FormatViews
from quizshow.display.written import grid
from quizshow.display.written.results import ResultsScene
from quizshow.display.written.scenes import PodiumScene, WrittenQuestionScene

_QUESTION, _RESULTS, _PODIUM = WrittenQuestionScene(), ResultsScene(), PodiumScene()
VIEWS = FormatViews(
    scenes={"title": COMMON["title"], "question": _QUESTION, "minute": _QUESTION, "hand_in": _QUESTION,
            "answer": _QUESTION, "results": _RESULTS, "podium": _PODIUM},
    panel=grid.draw, keys=grid.key)
