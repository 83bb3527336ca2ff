"""Issue 38, «One clock»: every read of time in the package goes through a Clock the composition root gives
(quizshow/core/clock.py), so a test drives time instead of sleeping or patching the `time` module.

A read is the `time` module's clocks (called, or handed on as a function: a default `= time.monotonic` is a
read waiting to happen), `from time import monotonic`, datetime's and date's now and today, and the `time`
functions that read the clock when given no time (`strftime(fmt)`, `localtime()`). Formatting a time given
(`time.strftime(fmt, time.localtime(wall))`) is no read.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"
PORT = "quizshow/core/clock.py"  # the one place that reads the machine's clocks
CLOCKS = {"monotonic", "monotonic_ns", "time", "time_ns", "perf_counter", "perf_counter_ns", "process_time",
          "process_time_ns", "thread_time", "thread_time_ns"}
NOW_WHEN_NOT_GIVEN = {"strftime": 1, "localtime": 0, "gmtime": 0, "ctime": 0, "asctime": 0}  # args that read now
DATE_NOW = {"now", "utcnow", "today"}

# Files that still read the machine's clocks themselves, each until the engineer rebuilding it gives it a Clock
# from the composition root. An entry leaves this list when its file is converted (the last test says when).
NOT_YET: dict[str, str] = {}


def _reads(path: Path) -> list[str]:
    """Each read of the machine's clocks in one module, as `line: what`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {"time"}  # names the time module goes by here
    dates = {"datetime", "date"}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "time":
                    modules.add(alias.asname or "time")
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            found += [f"{node.lineno}: from time import {a.name}" for a in node.names if a.name in CLOCKS]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in modules and node.attr in CLOCKS:
                found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
            elif node.value.id in dates and node.attr in DATE_NOW:
                found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                and node.value.attr in dates and node.attr in DATE_NOW:
            found.append(f"{node.lineno}: {node.value.attr}.{node.attr}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in modules \
                and NOW_WHEN_NOT_GIVEN.get(node.func.attr) == len(node.args) and not node.keywords:
            found.append(f"{node.lineno}: time.{node.func.attr} of now")
    return sorted(found, key=lambda read: int(read.split(":")[0]))


def _package_reads() -> dict[str, list[str]]:
    reads = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        found = _reads(path)
        if found and name != PORT:
            reads[name] = found
    return reads


def test_no_module_reads_the_machines_clocks_but_the_clock_port():
    stray = {name: found for name, found in _package_reads().items() if name not in NOT_YET}
    assert not stray, "read time through the Clock the part is given (quizshow/core/clock.py): " + repr(stray)


def test_every_module_not_yet_converted_still_reads_the_clocks_itself():
    """A file converted leaves NOT_YET, so the list says what remains."""
    reads = _package_reads()
    converted = sorted(name for name in NOT_YET if name not in reads)
    assert not converted, f"these read no clock now: take them off NOT_YET: {converted}"


def test_the_rule_sees_each_kind_of_read(tmp_path):
    """The reads this rule is about, and the formatting it leaves alone."""
    module = tmp_path / "m.py"
    module.write_text(
        "import time\nimport time as t\nfrom time import monotonic\nimport datetime\nfrom datetime import date\n"
        "a = time.monotonic()\nb = t.time()\ndef f(now=time.perf_counter): ...\n"
        "c = datetime.datetime.now()\nd = date.today()\ne = time.strftime('%H')\n"
        "ok = time.strftime('%H', time.localtime(1.0))\nfine = time.sleep\n", encoding="utf-8")
    assert [read.split(": ")[0] for read in _reads(module)] == ["3", "6", "7", "8", "9", "10", "11"]
