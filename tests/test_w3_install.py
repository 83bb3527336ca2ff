"""Issue 27, items 1–6: installing and running (requirements, bundled shows by name, where a journal goes,
a quiet start without sound, the windows side by side, portable calls, the command line)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEV_TOOLS = {"pytest", "hypothesis", "ruff", "mypy", "playwright", "av"}


def _names(path: Path) -> set[str]:
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            names.add(re.split(r"[=<>~!\[ ]", line)[0].lower())
    return names


def _code_lines(markdown: str) -> list[str]:
    """The one-line code blocks of a markdown page."""
    return re.findall(r"```\n([^\n`]+)\n```", markdown)


# --- item 1: requirements --------------------------------------------------------------------------

def test_runtime_requirements_hold_no_test_tools():
    runtime = _names(ROOT / "requirements.txt")
    assert not runtime & DEV_TOOLS and not any(n.startswith("types-") for n in runtime), runtime
    assert {"pygame-ce", "platformdirs", "filelock"} <= runtime
    dev_text = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")
    assert "-r requirements.txt" in dev_text.splitlines()
    assert DEV_TOOLS <= _names(ROOT / "requirements-dev.txt")


def test_package_dependencies_are_the_runtime_requirements():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {re.split(r"[=<>~!\[ ]", d)[0].lower() for d in project["dependencies"]}
    assert declared == _names(ROOT / "requirements.txt")


def test_readme_test_command_installs_the_dev_tools_and_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = _code_lines(readme)
    run = next(line for line in commands if "main.py" in line)
    test = next(line for line in commands if "pytest" in line)
    assert run.startswith("pip install -r requirements.txt ")
    assert test.startswith("pip install -r requirements-dev.txt ")
    ci = [line for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
          if line and not line.startswith("#")]
    assert test in ci, "CI runs exactly the README's test command"
    assert any("chromium" in line for line in ci)


def test_readme_says_which_python_and_how_on_a_fresh_debian():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Python 3.11 or newer" in readme
    assert "PEP 668" in readme
    assert any("python3 -m venv .venv" in line for line in _code_lines(readme))
