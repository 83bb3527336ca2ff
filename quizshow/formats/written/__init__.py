"""The written quiz («ЧГК»-style, rules.md §5)."""

from quizshow.formats.written.format import WrittenFormat

__all__ = ["WrittenFormat"]
