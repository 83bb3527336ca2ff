"""No test reads the package's source but the house's: a rule about the code (its layers, its rooms, the words
it says) is a house rule, in tests/house/, checked over the whole package; every other test asserts what a user
notices. A test module (a kit or a conftest too) outside tests/house/ reads the source when it opens, lists,
parses or copies a path in quizshow/ (`ROOT / "quizshow"`, `Path(quizshow.__file__)`, a name given either)
or asks `inspect` for a source. The few that must, to run the package or to check what it reads, are listed
with their reasons."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tests.conftest import ROOT

TESTS = ROOT / "tests"
ALLOWED = {
    "tests/test_new_format.py": "behaviour: runs a copy of the package with a new format dropped in (its folders "
                                "and one registry line) and checks that the copy's other files are the package's",
    "tests/runtime/journal/test_journal.py": "behaviour: a snapshot's code id is made from the core's and the "
                                             "formats' sources; the test checks the journal reads those files",
}
# Calls that read what they are given: a path's method (`path.read_text()`, `folder.rglob("*.py")`) reads its
# receiver; a module's function (`os.walk(folder)`, `shutil.copytree(package, …)`) and a builtin
# (`open(path)`) read their arguments.
READS = {"read_text", "read_bytes", "open", "rglob", "glob", "iterdir", "walk", "listdir", "scandir", "copytree",
         "parse", "tokenize", "generate_tokens"}
MODULES = {"os", "shutil", "ast", "tokenize", "glob", "io"}
SOURCE = {"getsource", "getsourcelines", "getsourcefile", "getfile"}  # inspect's: whatever they are given
DATA = (".yaml", ".yml", ".json", ".png", ".jpg", ".ttf", ".otf", ".html", ".css", ".js", ".txt", ".wav", ".ogg")


def _names_the_package(node: ast.AST, tainted: set[str]) -> bool:
    """An expression that is a path in quizshow/: built with the string "quizshow", from a module's
    `__file__` (`quizshow.__file__`, `formats.__file__`), or from a name given one."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str) \
                and (inner.value == "quizshow" or inner.value.startswith("quizshow/")):
            return True
        if isinstance(inner, ast.Attribute) and inner.attr == "__file__":
            return True
        if isinstance(inner, ast.Name) and inner.id in tainted:
            return True
    return False


def _data_file(node: ast.AST) -> bool:
    """A path to a data file the package ships (a theme, a font): no source."""
    return any(isinstance(inner, ast.Constant) and isinstance(inner.value, str) and inner.value.endswith(DATA)
               for inner in ast.walk(node))


def _bound(node: ast.AST) -> list[tuple[ast.AST, ast.AST]]:
    """(target, value) of what a statement binds: assignments, for loops, comprehensions, with … as."""
    if isinstance(node, ast.Assign):
        return [(target, node.value) for target in node.targets]
    if isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None:
        return [(node.target, node.value)]
    if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
        return [(node.target, node.iter)]
    if isinstance(node, ast.withitem) and node.optional_vars is not None:
        return [(node.optional_vars, node.context_expr)]
    return []


def _scope_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a module's or a function's own body (not of the functions defined in it)."""
    found, todo = [], list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        found.append(node)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))
    return found


def _taint(nodes: list[ast.AST], tainted: set[str]) -> set[str]:
    tainted = set(tainted)
    changed = True
    while changed:
        changed = False
        for node in nodes:
            for target, value in _bound(node):
                if _names_the_package(value, tainted) and not _data_file(value):
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name) and name.id not in tainted:
                            tainted.add(name.id)
                            changed = True
    return tainted


def _may_read(source: str) -> bool:
    """A quick look first: a module with no "quizshow" string, no `.__file__` and no inspect's source calls
    cannot name the package's source."""
    return any(mark in source for mark in ('"quizshow', "'quizshow", ".__file__", "getsource", "getfile"))


def source_reads(source: str) -> list[str]:
    """Where a test module reads the package's source, as `line: call`."""
    if not _may_read(source):
        return []
    tree = ast.parse(source)
    functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    module_level = _taint(_scope_nodes(tree), set())
    # A helper that returns or yields a path in the package (`def _sources(): yield from root.rglob(…)`) gives
    # one to whoever calls it; a helper called with one (`_imports(path)`) reads it through its parameters.
    givers: set[str] = set()
    given: dict[str, set[str]] = {function.name: set() for function in functions}
    for _ in range(3):
        for function in functions:
            nodes = _scope_nodes(function)
            local = _taint(nodes, module_level | givers | given[function.name])
            gives = [node.value for node in nodes
                     if isinstance(node, ast.Return | ast.Yield | ast.YieldFrom) and node.value is not None]
            if any(_names_the_package(value, local) for value in gives):
                givers.add(function.name)
            for call in nodes:
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in given \
                        and any(_names_the_package(arg, local) for arg in call.args):
                    callee = next(f for f in functions if f.name == call.func.id)
                    given[callee.name] |= {arg.arg for arg in callee.args.args}
    found = []
    for scope in [tree, *functions]:
        own = given.get(scope.name, set()) if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef) else set()
        tainted = _taint(_scope_nodes(scope), module_level | givers | own)
        for node in _scope_nodes(scope):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in SOURCE:
                found.append(node)
            elif name in READS:
                module_call = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                    and func.value.id in MODULES
                if module_call and func.value.id == "ast" and name != "parse":  # ast.walk(tree): no file
                    continue
                read = [func.value] if isinstance(func, ast.Attribute) and not module_call else node.args[:1]
                if any(_names_the_package(part, tainted) and not _data_file(part) for part in read):
                    found.append(node)
    return sorted({f"{node.lineno}: {ast.unparse(node)[:80]}" for node in found},
                  key=lambda hit: int(hit.split(":", 1)[0]))


def _test_modules() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py")
                  if path.relative_to(TESTS).parts[0] not in ("house", "fixtures"))


@functools.cache
def _reading() -> dict[str, list[str]]:
    found = {path.relative_to(ROOT).as_posix(): source_reads(path.read_text(encoding="utf-8"))
             for path in _test_modules()}
    return {module: hits for module, hits in found.items() if hits}


def test_no_test_outside_the_house_reads_the_packages_source():
    assert len(_test_modules()) > 100, "the scan sees the tests"
    found = {module: hits for module, hits in _reading().items() if module not in ALLOWED}
    assert found == {}, "move the rule into tests/house/ (a rule over the whole package), or assert what a " \
                        f"user notices instead: {found}"


def test_every_allowed_test_still_reads_the_source():
    """A test that no longer reads the source leaves the list."""
    assert [module for module in ALLOWED if module not in _reading()] == []


def test_the_check_finds_each_way_of_reading_the_source():
    source = '''
import ast, inspect, shutil
from pathlib import Path

import quizshow
from quizshow import registry
from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"


def _sources():
    root = Path(quizshow.__file__).parent
    yield from sorted(root.rglob("*.py"))


def _imports(path):
    return ast.parse(path.read_text(encoding="utf-8"))


def test_a(tmp_path):
    text = (ROOT / "quizshow" / "app.py").read_text(encoding="utf-8")
    for path in _sources():
        ast.parse(path.read_text(encoding="utf-8"))
    inspect.getsource(registry)
    shutil.copytree(PACKAGE, tmp_path / "copy")
    folder = Path(__file__).resolve().parent.parent / "quizshow" / "formats"
    with open(folder / "svoyak" / "spec.py", encoding="utf-8") as f:
        f.read()
    _imports(folder / "demo" / "spec.py")


def test_b(tmp_path):
    path = tmp_path / "j.jsonl"
    path.read_text(encoding="utf-8")  # a test's own file
    (ROOT / "quizshow" / "data" / "themes" / "broadcast" / "theme.yaml").read_text()  # a theme: data
    (ROOT / "shows" / "demo.yaml").read_text()
'''
    lines = sorted({int(hit.split(": ", 1)[0]) for hit in source_reads(source)})
    assert lines == [14, 18, 22, 24, 25, 26, 28]  # not the test's own file, the theme's data or a show
