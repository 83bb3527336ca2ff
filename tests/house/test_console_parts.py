"""Issue 24, the big rooms: display/console/window.py is a thin class that assembles a frame; each part of the
console is drawn by a module of its own in display/console/ (header, question, teams, ...), small enough to
read."""

from __future__ import annotations

import ast
import subprocess
import sys

from quizshow import registry
from tests.conftest import ROOT

CONSOLE = ROOT / "quizshow" / "display" / "console"
PARTS = ("buttons", "devices", "header", "help", "journal", "presses", "preview", "prompt", "question", "status",
         "teams", "words")


def _lines(name: str) -> int:
    return len((CONSOLE / f"{name}.py").read_text(encoding="utf-8").splitlines())


def test_the_console_is_a_thin_class_assembled_from_parts_of_one_job_each():
    assert _lines("window") <= 300
    for name in PARTS:
        assert _lines(name) <= 200, name
    tree = ast.parse((CONSOLE / "window.py").read_text(encoding="utf-8"))
    classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
    functions = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert classes == ["Console"] and not functions  # its sentences and its status live in their own modules


def test_a_part_of_the_console_comes_without_the_window():
    """The console's phrases and sentences are read below it (i18n, the night's report): importing one of them
    brings in neither the window class nor pygame, so the package's __init__ imports nothing."""
    code = ("import sys, quizshow.display.console.phrases, quizshow.display.console.words; "
            "print(sorted(m for m in ('pygame', 'quizshow.display.console.window') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_the_console_parts_name_no_format_nor_its_own_actions():
    """Design principle 9 (tests/house/test_house.py) holds for every part of the console, not only console.py."""
    for name in PARTS:
        text = (CONSOLE / f"{name}.py").read_text(encoding="utf-8").lower()
        for fmt in registry.names():
            assert fmt in ("demo",) or fmt not in text, (name, fmt)
            for action in registry.spec(fmt).actions:
                assert f'"{action.name}"' not in text, (name, action.name)
