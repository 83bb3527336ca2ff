"""The demo format's pictures: the shared cards and a later round's title card (no console panel of its own:
the press queue)."""

from quizshow.display.demo.round_card import RoundCardScene
from quizshow.display.scenes import COMMON
from quizshow.display.views import FormatViews
from quizshow.formats.demo.model import DemoPhase

VIEWS = FormatViews(scenes={
    DemoPhase.TITLE: COMMON["title"], DemoPhase.ROUND_CARD: RoundCardScene(), DemoPhase.QUESTION: COMMON["question"],
    DemoPhase.ANSWERING: COMMON["question"], DemoPhase.REVEAL: COMMON["question"], DemoPhase.SCORES: COMMON["scores"],
    DemoPhase.END: COMMON["scores"]})
