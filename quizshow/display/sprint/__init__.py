"""«Спринт» pictures: the shared title and question cards, the race board between questions and at the end."""

from quizshow.display.scenes import COMMON
from quizshow.display.sprint.scenes import PHASES
from quizshow.display.views import FormatViews
from quizshow.formats.sprint.format import SprintPhase

VIEWS = FormatViews(scenes={SprintPhase.TITLE: COMMON["title"], SprintPhase.OPEN: COMMON["question"],
                            SprintPhase.ANSWER: COMMON["question"], **PHASES})
