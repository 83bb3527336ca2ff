"""What works on one system only lives in one small module each, so the rest of the package runs on Linux,
macOS and Windows alike: the journal's lock goes through filelock (runtime/journal/lock.py), a Linux input
device's ioctls stay in inputs/evdev.py, O_DSYNC in runtime/journal/durable.py, and the user's folders come
from platformdirs (userdirs.py), never from a hand-written XDG path."""

from __future__ import annotations

import re

from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"
USES = {  # what a POSIX-only call looks like in code → the one module allowed to make it
    r"\bimport fcntl\b|\bfcntl\.": {"inputs/evdev.py"},
    r"os\.O_DSYNC|[\"']O_DSYNC[\"']": {"runtime/journal/durable.py"},
    r"[\"']XDG_|[\"']\.local[\"']|[\"']\.cache[\"']": {"userdirs.py"},
}


def misplaced(sources: dict[str, str]) -> list[str]:
    """(module, pattern) of each POSIX-only call outside its one module; comments are not code."""
    found = []
    for module, source in sorted(sources.items()):
        code = "\n".join(line.split("#")[0] for line in source.splitlines())
        found += [f"{module}: {pattern}" for pattern, modules in USES.items()
                  if re.search(pattern, code) and module not in modules]
    return found


def _package() -> dict[str, str]:
    return {path.relative_to(PACKAGE).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(PACKAGE.rglob("*.py"))}


def test_posix_only_calls_live_in_one_small_module_each():
    package = _package()
    assert misplaced(package) == []
    assert "filelock" in package["runtime/journal/lock.py"]
    assert "platformdirs" in package["userdirs.py"]


def test_the_check_finds_a_posix_call_elsewhere():
    probe = {"runtime/journal/file.py": "import fcntl\nflags = os.O_DSYNC  # fcntl in a comment is fine\n",
             "config.py": "home = os.environ['XDG_DATA_HOME']\n", "inputs/evdev.py": "import fcntl\n"}
    assert misplaced(probe) == ["config.py: " + r"[\"']XDG_|[\"']\.local[\"']|[\"']\.cache[\"']",
                                "runtime/journal/file.py: " + r"\bimport fcntl\b|\bfcntl\.",
                                "runtime/journal/file.py: " + r"os\.O_DSYNC|[\"']O_DSYNC[\"']"]
