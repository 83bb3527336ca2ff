"""A journal that belongs to another show: which journal this show may use instead, and the exact command
line that runs it so (the stage manager copies it, nothing to work out at the venue)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from quizshow.core.journal import OtherShowJournal
from quizshow.userdirs import journal_path, recorded_show, show_key


def own_journal(taken: Path, show: Path) -> Path:
    """A journal of `show`'s own: its default one when that is not `taken` and no other show's, else a file
    named by the show's key (stem and path hash) beside `taken`."""
    default = journal_path(show)
    if os.path.abspath(default) != os.path.abspath(taken) and recorded_show(default) in (None, str(show)):
        return default
    return taken.parent / f"{show_key(show)}.journal.jsonl"


def program(argv0: str) -> str:
    """How the user started us: `python main.py`, `python -m quizshow` or the installed `quizshow`."""
    name = Path(argv0).name
    if name == "__main__.py":
        return "python -m quizshow"
    if name.endswith(".py"):
        return shlex.join(["python", argv0])
    return "quizshow"


def with_journal(argv: list[str], journal: Path) -> list[str]:
    """The same arguments with `--journal` (and `--fresh`, which would put a journal aside) replaced."""
    kept: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--journal":
            skip = True
        elif not arg.startswith("--journal=") and arg != "--fresh":
            kept.append(arg)
    return [*kept, "--journal", str(journal)]


def advice(why: OtherShowJournal, show: Path, argv0: str, argv: list[str]) -> str:
    """The one line the command line prints: whose journal it is and the command to run instead."""
    mine = own_journal(Path(why.where), show)
    return (f"{why.where}:1: this journal belongs to another show ({why.owner}), not to {show}; "
            f"to run this show with a journal of its own: {program(argv0)} {shlex.join(with_journal(argv, mine))}")
