"""The tests' own house rules: a test file is named after what it covers (never after the week or the QA
round it was written in), sits in a package, and no test module imports another one — what several test
files share lives in a kit (tests/<area>_kit.py) or a folder's conftest.py."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.conftest import ROOT

TESTS = ROOT / "tests"

# test_w3_…, test_w28_… (the week), …_qa…, …_qa3_… (the QA round), memory2, words2 (the second session).
WHEN_WRITTEN = re.compile(r"^test_w\d+_|(^|_)qa\d*(_|$)|[a-z]\d+$")


def _test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("test_*.py") if "fixtures" not in p.relative_to(TESTS).parts)


def _python_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "fixtures" not in p.relative_to(TESTS).parts)


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _is_test_module(dotted: str) -> bool:
    """A module of our tests (`tests.….test_x`, or a bare `test_x`); not a library's (aiohttp.test_utils)."""
    parts = dotted.split(".")
    return (parts[0] == "tests" or len(parts) == 1) and any(part.startswith("test_") for part in parts)


def test_the_pattern_knows_a_name_by_when_from_a_name_by_what():
    for stem in ("test_w3_qa3_svoyak", "test_w6_fixsv", "test_w28_memory2", "test_ring_qa", "test_words2"):
        assert WHEN_WRITTEN.search(stem), stem
    for stem in ("test_memory_transitions", "test_first_frames_4k", "test_quality", "test_siq_roundtrip"):
        assert not WHEN_WRITTEN.search(stem), stem


def test_no_test_file_is_named_after_when_it_was_written():
    named_by_when = [_name(p) for p in _test_files() if WHEN_WRITTEN.search(p.stem)]
    assert not named_by_when, f"name these after what they test: {named_by_when}"


def test_every_folder_of_test_files_is_a_package():
    loose = sorted({_name(p.parent) for p in _test_files() if not (p.parent / "__init__.py").exists()})
    assert not loose, f"add an __init__.py to {loose}"


def test_no_test_module_imports_another():
    found = []
    for path in _python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found += [f"{_name(path)}:{node.lineno} import {a.name}" for a in node.names if _is_test_module(a.name)]
            elif isinstance(node, ast.ImportFrom) and node.module:
                if _is_test_module(node.module):
                    found.append(f"{_name(path)}:{node.lineno} from {node.module}")
                found += [f"{_name(path)}:{node.lineno} from {node.module} import {a.name}"
                          for a in node.names if a.name.startswith("test_") and node.module.split(".")[0] == "tests"]
    assert not found, "move what they share into a kit (tests/<area>_kit.py) or a conftest.py:\n" + "\n".join(found)
