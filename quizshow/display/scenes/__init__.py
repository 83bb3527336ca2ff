"""Scenes: one kind of picture each; the projector picks one per format and phase."""

from __future__ import annotations

from quizshow.display.scenes.base import Scene
from quizshow.display.scenes.cards import BlankScene, LineCheckScene, QuestionScene, ScoresScene, TitleScene

COMMON: dict[str, Scene] = {
    "title": TitleScene(),
    "question": QuestionScene(),
    "scores": ScoresScene(),
    "blank": BlankScene(),
    "line_check": LineCheckScene(),
}

# format id -> phase -> scene name
BY_FORMAT: dict[str, dict[str, str]] = {
    "demo": {"title": "title", "question": "question", "answering": "question", "reveal": "question",
             "scores": "scores", "end": "scores"},
}


from quizshow.display.scenes import brainring, svoyak  # noqa: E402  (they use the shared ones above)

COMMON.update(svoyak.SCENES)
COMMON.update(brainring.SCENES)
BY_FORMAT["svoyak"] = svoyak.PHASES
BY_FORMAT["brainring"] = brainring.PHASES

from quizshow.display.duel import scene as duel  # noqa: E402

COMMON.update(duel.SCENES)
BY_FORMAT["duel"] = duel.PHASES


def scene_for(format_id: str, phase: str) -> Scene:
    name = BY_FORMAT.get(format_id, {}).get(phase, "title")
    return COMMON[name]
