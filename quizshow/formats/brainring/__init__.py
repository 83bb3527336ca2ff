"""«Брейн-ринг» (rules.md §2)."""

from quizshow.formats.brainring.format import BrainringFormat

__all__ = ["BrainringFormat"]
