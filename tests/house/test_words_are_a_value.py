"""A show's words are a value built once by whoever composes the show (issue 38): quizshow/i18n.py is a pure
lookup at the bottom floor — it imports nothing of the package above the core and changes nothing when it is
imported — and no module adds to a phrase table (a registry's `add_phrases`, an imported table changed in
place), nor looks words up by a language string (a module-level `phrase`, `spoken`, `refusal`, `duration`).
The lists of exceptions are empty; a new one needs its reason, and leaves the list once it is gone."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

I18N = ROOT / "quizshow" / "i18n.py"
# Functions of i18n.py that may import a phrase table of an upper floor, and why (none).
TRANSITION_IMPORTS: dict[str, str] = {}
# Calls that add to a process-wide phrase registry: allowed only in these files, each with its reason (none).
REGISTRY_CALLS = ("add_phrases", "add_refusals", "adopt")
NOT_YET_CONVERTED: dict[str, str] = {}

# Lookups by a language string: allowed only in these files, each with its reason (none).
TRANSITION_LOOKUPS = ("phrase", "spoken", "refusal", "duration")
LOOKS_UP_BY_LANGUAGE: dict[str, str] = {}


def lookups(source: str) -> list[str]:
    """Where a module looks words up by a language string: a transition lookup imported from quizshow.i18n, or
    called on the module (`i18n.phrase(…)`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "quizshow.i18n":
            found += [f"line {node.lineno}: imports {a.name}" for a in node.names if a.name in TRANSITION_LOOKUPS]
        elif isinstance(node, ast.Attribute) and node.attr in TRANSITION_LOOKUPS and \
                isinstance(node.value, ast.Name) and node.value.id == "i18n":
            found.append(f"line {node.lineno}: i18n.{node.attr}")
    return found


def _imported(tree: ast.Module) -> set[str]:
    """Names a module binds by importing them (another module's tables among them)."""
    return {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            for alias in node.names}


def table_changes(source: str) -> list[str]:
    """Where a module adds to a phrase table: a call of the registry's adders, or an imported table (a constant
    of another module, `PHRASES` or `module.PHRASES`) changed in place (`update`, `setdefault`, an item set)."""
    tree = ast.parse(source)
    imported = _imported(tree)

    def foreign(target: ast.expr) -> bool:
        while isinstance(target, ast.Subscript):
            target = target.value
        if isinstance(target, ast.Name):  # a table is a constant: PHRASES, WORDS, REFUSALS_RU
            return target.id in imported and target.id.isupper()
        return isinstance(target, ast.Attribute) and target.attr.isupper()

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in REGISTRY_CALLS:
                found.append(f"line {node.lineno}: {name}(…)")
            elif name in ("update", "setdefault") and isinstance(func, ast.Attribute) and foreign(func.value):
                found.append(f"line {node.lineno}: {ast.unparse(func.value)}.{name}(…)")
        elif isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Subscript) and foreign(target):
                    found.append(f"line {node.lineno}: {ast.unparse(target)} = …")
    return found


def test_i18n_imports_nothing_of_the_package_above_the_core():
    tree = ast.parse(I18N.read_text(encoding="utf-8"))
    allowed = {id(inner) for node in tree.body if isinstance(node, ast.FunctionDef)
               and node.name in TRANSITION_IMPORTS for inner in ast.walk(node)}
    upward = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("quizshow"):
            names = [node.module] if node.module != "quizshow" else [f"quizshow.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("quizshow")]
        else:
            continue
        above = [name for name in names if not name.startswith("quizshow.core")]
        if above and id(node) not in allowed:
            upward.append(f"line {node.lineno}: {', '.join(above)}")
    assert not upward, upward


def test_i18n_changes_nothing_when_it_is_imported():
    """Its top level defines (classes, functions, constants); it calls nothing that fills a table."""
    tree = ast.parse(I18N.read_text(encoding="utf-8"))
    doings = [f"line {node.lineno}: {ast.unparse(node)[:60]}" for node in tree.body[1:]
              if isinstance(node, ast.Expr | ast.For | ast.While | ast.With | ast.If | ast.AugAssign)]
    assert not doings, doings


def test_no_module_adds_to_a_phrase_table():
    found = {}
    for path in sorted((ROOT / "quizshow").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        changes = table_changes(path.read_text(encoding="utf-8"))
        if changes and name not in NOT_YET_CONVERTED:
            found[name] = changes
    assert not found, found


def test_every_allowed_file_still_needs_its_place():
    """A converted file leaves the allow-list: the list names only what still adds to a table."""
    stale = [name for name in NOT_YET_CONVERTED if not table_changes((ROOT / name).read_text(encoding="utf-8"))]
    assert not stale, stale


def test_no_module_looks_words_up_by_a_language_string():
    found = {}
    for path in sorted((ROOT / "quizshow").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name == "quizshow/i18n.py":
            continue
        said = lookups(path.read_text(encoding="utf-8"))
        if said and name not in LOOKS_UP_BY_LANGUAGE:
            found[name] = said
    assert not found, found


def test_every_file_allowed_a_lookup_still_needs_its_place():
    stale = [name for name in LOOKS_UP_BY_LANGUAGE if not lookups((ROOT / name).read_text(encoding="utf-8"))]
    assert not stale, stale


def test_the_check_finds_a_lookup_by_a_language_string():
    source = ("from quizshow import i18n\nfrom quizshow.i18n import Words, spoken\n"
              "i18n.phrase('k', 'ru')\nwords: Words\nwords.refusal('t', {})\nwords.duration(1.0)\n")
    assert lookups(source) == ["line 2: imports spoken", "line 3: i18n.phrase"]


def test_the_check_finds_a_table_changed_in_place_or_added_to_the_registry():
    source = ("from quizshow import i18n\nfrom quizshow.core.phrases import PHRASES\n"
              "from quizshow.display import projector_phrases\n"
              "i18n.add_phrases({'ru': {}})\nPHRASES['ru'].update({'x': 'y'})\nPHRASES['ru']['k'] = 'v'\n"
              "projector_phrases.PHRASES['en'].setdefault('k', 'v')\n"
              "OWN = {'ru': {}}\nOWN['ru']['k'] = 'v'\n")
    assert sorted(table_changes(source)) == ["line 4: add_phrases(…)", "line 5: PHRASES['ru'].update(…)",
                                             "line 6: PHRASES['ru']['k'] = …",
                                             "line 7: projector_phrases.PHRASES['en'].setdefault(…)"]


def test_the_house_rule_names_files_that_exist():
    assert all(Path(ROOT / name).is_file() for name in (*NOT_YET_CONVERTED, *LOOKS_UP_BY_LANGUAGE))
