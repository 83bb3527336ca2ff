"""A show's own part (`ShowState.fmt`, untyped `object`) is read only in core/, behind its typed accessors: a
format reads its own with `self.own(state)` (or `own_or_none`), a view or an action builder with
`SPEC.state_of(state)` (or `state_or_none`), and writes it with `self.keep(state, new)`. No module outside core/
reads `state.fmt` (a ShowState is named for what it is: `state`, `view.state`, `new_state`) nor hands `fmt=` to a
ShowState or `replace`. The modules that still do are listed, each with its reason."""

from __future__ import annotations

import ast

from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"
ALLOWED = {
    "formats/tournament/format.py": "the day's show state is built whole while a match is nested (its own fields, "
                                    "the event as its part): two ShowState(...) constructors write `fmt=`",
    "tools/report.py": "the table's match result is read from whichever format played it (the brain-ring's Ring, "
                       "the duel's DuelState: both name it `result`); the duel plays no MatchPlay to ask instead",
}


def _a_show_state(node: ast.expr) -> bool:
    """An expression naming a ShowState: its last name says `state` (`state`, `view.state`, `before_state`)."""
    last = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return "state" in last.lower()


def _is_fmt(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == "fmt"


def fmt_reads(source: str) -> list[str]:
    """Where a source reads a ShowState's `fmt` (an attribute, `getattr`) or hands `fmt=` to a ShowState or replace."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "fmt" and _a_show_state(node.value):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name == "getattr" and len(node.args) >= 2 and _is_fmt(node.args[1]) and _a_show_state(node.args[0]):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
            elif name in ("ShowState", "replace") and any(kw.arg == "fmt" for kw in node.keywords):
                found.append(f"{node.lineno}: {name}(…, fmt=…)")
    return sorted(found, key=lambda hit: int(hit.split(":", 1)[0]))


def found_in(sources: dict[str, str]) -> dict[str, list[str]]:
    found = {module: fmt_reads(source) for module, source in sources.items() if not module.startswith("core/")}
    return {module: hits for module, hits in found.items() if hits}


def _package() -> dict[str, str]:
    return {path.relative_to(PACKAGE).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(PACKAGE.rglob("*.py"))}


def test_no_module_outside_core_reads_a_shows_own_part():
    found = found_in(_package())
    assert {module: hits for module, hits in found.items() if module not in ALLOWED} == {}


def test_every_allowed_module_still_needs_its_place():
    found = found_in(_package())
    assert [module for module in ALLOWED if module not in found] == []


def test_the_check_finds_a_shows_own_part_read_by_hand():
    probe = ("def probe(state, view, frame, look):\n"
             "    if isinstance(view.state.fmt, object):\n        pass\n"
             "    ring, kept = state.fmt, getattr(new_state, 'fmt', None)\n"
             "    state = replace(state, fmt=ring)\n"
             "    return frame.fmt, look.fmt, state.part(object)\n")  # a frame's format is no show's part
    assert found_in({"display/probe.py": probe, "core/probe.py": probe}) == {"display/probe.py": [
        "2: view.state.fmt", "4: state.fmt", "4: getattr(new_state, 'fmt', None)", "5: replace(…, fmt=…)"]}
