"""Which language the screens speak: `--language` on the command line, else the show file's `language:`,
else the user's locale (LC_ALL, LC_MESSAGES, LANG: `en…` → English, `ru…` → Russian), else Russian.
The command line sets it once (cli.py) before any file is read; the loaders ask `pick`."""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("ru", "en")
_forced: str | None = None  # --language
_default = "ru"  # from the locale, for a show file that names none


def choose(command_line: str | None, environ: Mapping[str, str]) -> None:
    global _forced, _default
    _forced = command_line
    _default = from_locale(environ) or "ru"


def reset() -> None:
    """Back to Russian, whatever the command line chose (an in-process caller of cli.main, a test)."""
    choose(None, {})


def from_locale(environ: Mapping[str, str]) -> str | None:
    """The language of the user's locale, as POSIX ranks its variables (the first one set decides)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value[:2].lower()
            return code if code in LANGUAGES else None
    return None


def pick(from_file: str | None) -> str:
    """The show's language: --language, else the file's, else the locale's, else Russian."""
    return _forced or from_file or _default
