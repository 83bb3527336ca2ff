"""Which scene shows each phase of the written quiz, and the scenes by name."""

from __future__ import annotations

from quizshow.display.scenes.base import Scene
from quizshow.display.written.results import ResultsScene
from quizshow.display.written.scenes import PodiumScene, WrittenQuestionScene

SCENES: dict[str, Scene] = {scene.name: scene for scene in (WrittenQuestionScene(), ResultsScene(), PodiumScene())}
PHASES = {"title": "title", "question": "written_question", "minute": "written_question",
          "hand_in": "written_question", "answer": "written_question", "results": "written_results",
          "podium": "written_podium"}
