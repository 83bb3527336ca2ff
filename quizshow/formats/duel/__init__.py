"""The coloured-table duel (rules.md §4, seed 002)."""

from quizshow.formats.duel.format import DuelFormat

__all__ = ["DuelFormat"]
