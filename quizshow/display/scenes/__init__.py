"""Scenes: one kind of picture each. The shared cards are here; a format's own live in display/<name>/,
and its phase -> scene map in its FormatViews (display/views.py)."""

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
