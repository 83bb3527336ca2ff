"""The written quiz («ЧГК»-style, rules.md §5); its declaration is spec.SPEC."""

from quizshow.formats.written.format import WrittenFormat

__all__ = ["WrittenFormat"]
