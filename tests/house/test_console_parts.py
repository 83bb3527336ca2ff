"""Issue 24, the big rooms: display/console.py is a thin class that assembles a frame; each part of the console
is drawn by a module of its own (console_header, console_question, console_teams, ...), small enough to read."""

from __future__ import annotations

import ast

from quizshow import registry
from tests.conftest import ROOT

DISPLAY = ROOT / "quizshow" / "display"
PARTS = ("console_buttons", "console_devices", "console_header", "console_help", "console_journal",
         "console_presses", "console_preview", "console_prompt", "console_question", "console_status",
         "console_teams", "console_words")


def _lines(name: str) -> int:
    return len((DISPLAY / f"{name}.py").read_text(encoding="utf-8").splitlines())


def test_the_console_is_a_thin_class_assembled_from_parts_of_one_job_each():
    assert _lines("console") <= 300
    for name in PARTS:
        assert _lines(name) <= 200, name
    tree = ast.parse((DISPLAY / "console.py").read_text(encoding="utf-8"))
    classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
    functions = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert classes == ["Console"] and not functions  # its sentences and its status live in their own modules


def test_what_other_modules_import_from_the_console_still_imports_from_it():
    from quizshow.display import console

    for name in ("Console", "ConsoleStatus", "Notice", "describe", "where_words", "question_rows", "sound_rows",
                 "quoted", "margin_text", "CONSOLE_OWN", "PANEL_OWN"):
        assert hasattr(console, name), name
    assert set(console.__all__) <= set(dir(console))


def test_the_console_parts_name_no_format_nor_its_own_actions():
    """Design principle 9 (tests/house/test_house.py) holds for every part of the console, not only console.py."""
    for name in PARTS:
        text = (DISPLAY / f"{name}.py").read_text(encoding="utf-8").lower()
        for fmt in registry.names():
            assert fmt in ("demo",) or fmt not in text, (name, fmt)
            for action in registry.spec(fmt).actions:
                assert f'"{action.name}"' not in text, (name, action.name)
