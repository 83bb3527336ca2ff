"""«Своя игра» (rules.md §1)."""

from quizshow.formats.svoyak.format import SvoyakFormat

__all__ = ["SvoyakFormat"]
