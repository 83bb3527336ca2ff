"""A format's views (its scenes and console panels in display/<name>/) read the show through the format's spec
(`SPEC.state_of`, `format_of`, `phase_of`), so mypy checks every access: they tell no state by isinstance against
a format's state or format class, read no field of the untyped show (`frame.fmt`, `ui.format`) that the shared
Format does not declare, and a view given another format's show says so by name (the spec's state_of raises) or
asks `state_or_none`.
The views that still tell the state themselves are listed, each with its reason."""

from __future__ import annotations

import ast
import inspect
import textwrap

from quizshow import registry
from quizshow.core.format import Format
from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"
NOT_YET: dict[str, str] = {}
UNTYPED = ("frame.fmt", "ui.format")  # the show's format as the shared frame and console hand it


def view_folders() -> list[str]:
    return sorted({"display/" + registry.FORMATS[name].views.rsplit(".", 1)[-1] for name in registry.names()})


def _format_classes() -> set[str]:
    """The names of every format's state class and format class."""
    found = set()
    for name in registry.names():
        spec = registry.spec(name)
        found |= {cls.__name__ for cls in (spec.state, spec.make) if isinstance(cls, type)}
    return found


def _declared() -> set[str]:
    """What the shared Format declares: its methods and class fields, and the fields its __init__ sets."""
    init = ast.parse(textwrap.dedent(inspect.getsource(Format.__init__)))
    own = {node.attr for node in ast.walk(init) if isinstance(node, ast.Attribute)
           and isinstance(node.value, ast.Name) and node.value.id == "self"}
    return set(dir(Format)) | set(getattr(Format, "__annotations__", {})) | own


def untyped_reads(source: str, classes: set[str]) -> list[str]:
    """Where a view tells a format's state by isinstance or reads a field the shared Format does not declare."""
    declared = _declared()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2:
            told = {n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node.args[1])
                    if isinstance(n, ast.Name | ast.Attribute)}
            reads_fmt = any(isinstance(n, ast.Attribute) and n.attr in ("fmt", "format")
                            for n in ast.walk(node.args[0]))
            if told & classes or reads_fmt:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Attribute) and ast.unparse(node.value) in UNTYPED and node.attr not in declared:
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(found, key=lambda hit: int(hit.split(":", 1)[0]))


def found_in(sources: dict[str, str]) -> dict[str, list[str]]:
    classes = _format_classes()
    folders = view_folders()
    found = {module: untyped_reads(source, classes) for module, source in sources.items()
             if any(module.startswith(folder + "/") for folder in folders)}
    return {module: hits for module, hits in found.items() if hits}


def _package() -> dict[str, str]:
    return {path.relative_to(PACKAGE).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(PACKAGE.rglob("*.py"))}


def test_the_views_read_their_format_through_its_spec():
    found = found_in(_package())
    assert {module: hits for module, hits in found.items() if module not in NOT_YET} == {}


def test_every_view_not_yet_through_its_spec_still_needs_its_place():
    found = found_in(_package())
    assert [module for module in NOT_YET if module not in found] == []


def test_the_check_finds_a_state_told_by_hand():
    assert {"Ring", "Melee", "BrainringFormat", "DuelState"} <= _format_classes()
    package = _package()
    module = "display/brainring/scenes.py"
    probe = {module: package[module] + ("\ndef probe(frame, ui):\n"
                                        "    if isinstance(frame.state.fmt, object):\n        pass\n"
                                        "    if isinstance(ring, (Ring, Melee)):\n        pass\n"
                                        "    return frame.fmt.game.rounds, ui.format.tally, frame.fmt.setup\n")}
    assert sorted(hit.split(": ", 1)[1] for hit in found_in(probe)[module]) == [
        "frame.fmt.game", "isinstance(frame.state.fmt, object)", "isinstance(ring, (Ring, Melee))", "ui.format.tally"]
    assert "setup" in _declared() and "winner" in _declared()
