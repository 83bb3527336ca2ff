"""A phase is a member of its format's Phase enum, never its name in a string: a format's own folders compare,
set and key its phases by member (a renamed phase fails the type check and the import, not a scene at
showtime), and the shared modules name no format's phase at all — they read the phase's flags (PhaseFlags:
`beyond_rounds`, `game_over`, …). The shared modules that still read a phase by its name are listed, each with
its reason, until they read a flag."""

from __future__ import annotations

import ast

from quizshow import registry
from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"
NOT_YET = {
    "core/format.py": "the base Format's defaults: a show starts at «title» and «Затяжка» is judged while "
                      "«answering» (each format's own once the formats give them)",
    "display/console/header.py": "«end», the phase every format ends in, offers a new game (PhaseFlags.game_over "
                                 "says the same)",
    "runtime/web/phones.py": "a phone's game is over at «end», the phase every format ends in (PhaseFlags.game_over "
                         "says the same)",
    "tools/proof.py": "the pack proofer steps «Своя игра», the demo quiz and the written quiz to the cards it draws",
}


def rooms() -> dict[str, tuple[str, ...]]:
    """Each format's own folders, relative to the package (the tournament's day model, event/, with its own)."""
    return {name: (f"formats/{name}", "display/" + registry.FORMATS[name].views.rsplit(".", 1)[-1],
                   *(("event",) if name == "tournament" else ())) for name in registry.names()}


def phase_names(*formats: str) -> set[str]:
    return {phase.value for name in formats for phase in registry.spec(name).phases}


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [s for item in node.elts for s in _strings(item)]
    return []


def _reads_phase(node: ast.AST) -> bool:
    """An expression that reads a phase: `state.phase`, `phase`, `shown_phase`, `phase_of(state)`."""
    return any(isinstance(n, ast.Attribute) and "phase" in n.attr or isinstance(n, ast.Name) and "phase" in n.id
               for n in ast.walk(node))


def _only_names(node: ast.AST, names: set[str]) -> bool:
    """A literal of phase names alone: `"board"`, `("board", "question")`."""
    items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    return bool(items) and all(_strings(item) and set(_strings(item)) <= names for item in items)


def _enum_bodies(tree: ast.Module) -> set[int]:
    """The nodes inside a Phase enum's body: the one place its names are written."""
    return {id(inner) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            and any("Phase" in ast.unparse(base) for base in node.bases) for inner in ast.walk(node)}


def phase_names_used(source: str, names: set[str], tables: bool = True) -> list[str]:
    """Where a source compares a phase with one of `names`, sets or hands one as a phase (`phase = "board"`,
    `phase="ready"`, a walk's `until(("board", …))`), starts a phase's name with a prefix
    (`phase.startswith("final")`), or (with `tables`) keys a table by them. A shared module's table keyed by
    «title» or «auction» is no table of phases (a pack's fields, a question's kinds): tables are looked for in
    a format's own folders, where the names are its phases."""
    tree = ast.parse(source)
    inside_enum = _enum_bodies(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in inside_enum:
            continue
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            literal = {s for part in parts for s in _strings(part)} & names
            if literal and any(_reads_phase(part) for part in parts):
                found.append(f"{line}: compares a phase with {sorted(literal)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("startswith", "endswith") and _reads_phase(node.func.value):
            found.append(f"{line}: a phase's {node.func.attr}")
        elif isinstance(node, ast.Call) and any(_only_names(arg, names) for arg in node.args) \
                and (_reads_phase(node.func) or getattr(node.func, "attr", getattr(node.func, "id", "")) == "until"):
            found.append(f"{line}: hands phase names to {ast.unparse(node.func)}")
        elif isinstance(node, ast.keyword) and node.arg and "phase" in node.arg and set(_strings(node.value)) & names:
            found.append(f"{line}: {node.arg}= a phase name")
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None \
                and set(_strings(node.value)) & names:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_reads_phase(target) for target in targets):
                found.append(f"{line}: sets a phase to a name")
        elif tables and isinstance(node, ast.Dict) and node.keys and all(key is not None and _only_names(key, names)
                                                              for key in node.keys):
            found.append(f"{line}: a table keyed by phase names")
    return sorted(found, key=lambda hit: int(hit.split(":", 1)[0]))


def _package() -> dict[str, str]:
    return {path.relative_to(PACKAGE).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(PACKAGE.rglob("*.py"))}


def _owner(module: str) -> str | None:
    return next((name for name, places in rooms().items() if any(module.startswith(p + "/") for p in places)), None)


def in_own_folders(sources: dict[str, str]) -> list[str]:
    """Where a format's folders name one of its own phases."""
    return [f"{module}:{hit}" for module, source in sources.items() if (owner := _owner(module)) is not None
            for hit in phase_names_used(source, phase_names(owner))]


def in_shared_modules(sources: dict[str, str]) -> dict[str, list[str]]:
    """Where a module of no format names any format's phase."""
    every = phase_names(*registry.names())
    found = {module: phase_names_used(source, every, tables=False) for module, source in sources.items()
             if _owner(module) is None}
    return {module: hits for module, hits in found.items() if hits}


def test_a_formats_folders_compare_set_and_key_its_phases_by_member():
    assert in_own_folders(_package()) == []


def test_the_shared_modules_name_no_formats_phase():
    found = in_shared_modules(_package())
    assert {module: hits for module, hits in found.items() if module not in NOT_YET} == {}


def test_every_module_not_yet_reading_flags_still_names_a_phase():
    """A module that reads flags now leaves the list."""
    found = in_shared_modules(_package())
    assert [module for module in NOT_YET if module not in found] == []


def test_the_check_finds_a_phase_named_in_a_string():
    source = ('if state.phase == "reveal" or frame.phase in ("title", "ready"):\n    pass\n'
              'if play.kind == "reveal":\n    pass\n'  # a kind that shares a phase's name: not a phase
              'state = replace(state, phase="ready")\nstate.phase = "result"\n'
              'SCENES = {"title": title_scene, "reveal": reveal_scene}\n'
              'driver.until(("board", "question"))\n'
              'if state.phase.startswith("final"):\n    pass\n'
              'class Phase(StrEnum):\n    TITLE = "title"\n')
    assert phase_names_used(source, {"title", "ready", "reveal", "result", "board", "question"}) == [
        "1: compares a phase with ['reveal']", "1: compares a phase with ['ready', 'title']",
        "5: phase= a phase name", "6: sets a phase to a name", "7: a table keyed by phase names",
        "8: hands phase names to driver.until", "9: a phase's startswith"]
    package = _package()
    probe = {"app.py": package["app.py"] + '\nif state.phase.startswith("final"):\n    pass\n',
             "display/svoyak/board.py": package["display/svoyak/board.py"] + '\nBOARD = state.phase == "board"\n'}
    assert [hit.split(": ", 1)[1] for hit in in_own_folders(probe)] == ["compares a phase with ['board']"]
    assert [hit.split(": ", 1)[1] for hit in in_shared_modules(probe)["app.py"]] == ["a phase's startswith"]
