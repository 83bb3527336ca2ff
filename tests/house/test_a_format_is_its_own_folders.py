"""A format is its own folders (formats/<name>/ and its pictures' folder, display/<name>/) plus its line in
registry.py: its folders import no other format's; no module outside them imports them or names the format
(`"sprint"`), but the registry and the few listed below, each with its reason; and a phrase key only the
format says appears nowhere but its folders. What nests a match (the tournament) reaches the match through the
contract (FormatSpec.match), never by a format's name."""

from __future__ import annotations

import ast

from quizshow import registry
from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"
REGISTRY = "registry.py"
# A format's rooms beyond its two folders, each with its reason.
MORE_ROOMS = {"tournament": ("event",)}  # event/: a tournament day's model, pure functions of its data
STAGE = "«melee» is also the name of a stage of seed 001 («Куча мала»), not only of the format"
# (module, format) → why this module outside the format's folders imports them or names it.
ALLOWED = {
    ("tools/proof.py", "svoyak"): "the pack proofer plays a board pack through «Своя игра» to draw its cards",
    ("tools/proof.py", "demo"): "the pack proofer plays a plain pack through the demo quiz to draw its cards",
    ("tools/proof.py", "written"): "the pack proofer plays a written pack through its format to draw its sheets",
    ("tools/autoplay.py", "svoyak"): "the autoplayer walks a «Своя игра» board by its own commands",
    ("packs/play.py", "svoyak"): "a pack played directly is shown as «Своя игра» when it has a board",
    ("packs/play.py", "demo"): "a pack played directly without a board is shown as the demo quiz",
    ("event_file.py", "tournament"): "the event file is the tournament's show file and builds its plan",
    ("event/matches.py", "brainring"): "seed 001's match plan says which format each stage plays",
    **{(module, "melee"): STAGE for module in ("event_file.py", "event/matches.py", "event/day.py", "event/export.py",
                                               "event/seed001.py", "formats/tournament/format.py",
                                               "display/event/draw.py", "display/event/panel.py")},
}


def folders() -> dict[str, tuple[str, ...]]:
    """Each format's own folders, relative to the package: its rules and its pictures."""
    return {name: (f"formats/{name}", "display/" + registry.FORMATS[name].views.rsplit(".", 1)[-1],
                   *MORE_ROOMS.get(name, ())) for name in registry.names()}


def _package() -> dict[str, str]:
    return {path.relative_to(PACKAGE).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(PACKAGE.rglob("*.py"))}


def _owner(module: str, own: dict[str, tuple[str, ...]]) -> str | None:
    """The format whose folders hold `module` (a path relative to the package), if any."""
    return next((name for name, places in own.items() if any(module.startswith(place + "/") for place in places)),
                None)


def imported(source: str) -> set[str]:
    """The modules a source imports (`import_module("…")` with a literal too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            found.add(str(node.args[0].value))
    return found


def _strings(source: str) -> set[str]:
    return {node.value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def _formats_imported(source: str, own: dict[str, tuple[str, ...]]) -> set[str]:
    dotted = {"quizshow." + place.replace("/", "."): name for name, places in own.items() for place in places}
    return {name for module in imported(source) for prefix, name in dotted.items()
            if module == prefix or module.startswith(prefix + ".")}


def crossings(sources: dict[str, str]) -> list[str]:
    """Where a format's folders import another format's folders."""
    own = folders()
    found = []
    for module, source in sources.items():
        owner = _owner(module, own)
        if owner is not None:
            others = _formats_imported(source, own) - {owner}
            found += [f"{module} imports {other}'s folders" for other in sorted(others)]
    return found


def outside_uses(sources: dict[str, str]) -> list[str]:
    """Where a module outside a format's folders imports them or names the format, but the registry and the
    allowed."""
    own = folders()
    found = []
    for module, source in sources.items():
        if module == REGISTRY:
            continue
        owner = _owner(module, own)
        named = _formats_imported(source, own) | (set(own) & _strings(source))
        found += [f"{module} names {name}" for name in sorted(named - {owner}) if (module, name) not in ALLOWED]
    return found


def own_words() -> dict[str, str]:
    """Each phrase key exactly one format says (in its spec's phrases, in no shared table), → that format. A
    format that nests others (the tournament) speaks their words too: those stay theirs."""
    from quizshow.core.typed import PHRASES as TYPED
    from quizshow.house_words import HOUSE

    shared = {key for table in (*HOUSE, TYPED) for words in table.values() for key in words}
    keys = {name: set(registry.spec(name).phrases.get("ru", {})) for name in registry.names()}
    nesting = {name for name in keys if any(other != name and keys[other] <= keys[name] for other in keys)}
    owners: dict[str, set[str]] = {}
    for name in keys:
        others = set().union(*(keys[other] for other in keys if other != name and other not in nesting))
        for key in keys[name] - shared - (others if name in nesting else set()):
            owners.setdefault(key, set()).add(name)
    return {key: name for key, names in owners.items() if len(names) == 1 for name in names}


def words_outside(sources: dict[str, str]) -> list[str]:
    """Where a module outside a format's folders says a phrase key only that format says."""
    own, words = folders(), own_words()
    found = []
    for module, source in sources.items():
        owner = _owner(module, own)
        said = {key for key in _strings(source) if key in words and words[key] != owner}
        found += [f"{module} says {words[key]}'s {key!r}" for key in sorted(said)]
    return found


def test_a_formats_folders_import_no_other_formats_folders():
    assert crossings(_package()) == []


def test_no_module_outside_a_formats_folders_imports_them_or_names_it_but_the_registry():
    assert outside_uses(_package()) == []


def test_a_phrase_key_only_one_format_says_is_said_only_in_its_folders():
    """The console, the app, the runtime, the outputs and the contact sheet speak of a format only through its
    spec (the sheet's captions of the ring's walk are the ring's own words)."""
    words = own_words()
    assert {"sheet.attention", "console.tally", "sprint.race", "console.give_cat"} <= set(words)
    assert words["sheet.attention"] == "brainring" and words["sprint.race"] == "sprint"
    assert words_outside(_package()) == []


def test_every_allowed_use_is_still_made():
    """A use that is gone leaves the list: it names only what still needs its place."""
    package, own = _package(), folders()
    stale = [(module, name) for module, name in ALLOWED
             if name not in _formats_imported(package[module], own) | _strings(package[module])]
    assert not stale, stale


def test_the_checks_find_a_format_reached_by_its_name():
    package = _package()
    sprint = next(module for module in package if module.startswith("formats/sprint/"))
    probe = {
        sprint: package[sprint] + "\nfrom quizshow.display.brainring import scenes\n",
        "display/event/standings.py": package["display/event/standings.py"]
        + '\nfrom quizshow.formats.sprint.spec import SPEC\nRING = "brainring"\n',
        "app.py": package["app.py"] + '\nif name == "sprint":\n    pass\nRACE = "sprint.race"\n',
        "runtime/web/phones.py": package["runtime/web/phones.py"]
        + '\nmodule = importlib.import_module("quizshow.formats.duel")\n',
    }
    assert crossings(probe) == [f"{sprint} imports brainring's folders", "display/event/standings.py imports "
                                "sprint's folders"]
    assert outside_uses(probe) == [f"{sprint} names brainring", "display/event/standings.py names brainring",
                                   "display/event/standings.py names sprint", "app.py names sprint",
                                   "runtime/web/phones.py names duel"]
    assert words_outside(probe) == ["app.py says sprint's 'sprint.race'"]
