"""The demo format's pictures: the shared cards (no console panel of its own: the press queue)."""

from quizshow.display.scenes import COMMON
from quizshow.display.views import FormatViews

VIEWS = FormatViews(scenes={"title": COMMON["title"], "question": COMMON["question"], "answering": COMMON["question"],
                            "reveal": COMMON["question"], "scores": COMMON["scores"], "end": COMMON["scores"]})
