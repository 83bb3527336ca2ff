"""Every word the package says has its words: a phrase key said with a literal (`say("console.undo")`) is in
the house's tables or a format's, in Russian and in English, and every refusal template a module raises
(`Refused("…")`) has its Russian words. A key or a template without them would show its bare English key on
the console."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from quizshow import registry
from quizshow.house_words import HOUSE, HOUSE_REFUSALS
from quizshow.i18n import REFUSAL, compose
from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"
PHRASE_KEY = re.compile(r"(console|scene|unit)\.[a-z_.]+")  # the keys the console and the projector say
# Refusals the engine gives without a `Refused("…")` in the source (Undo and Back with nothing to take back).
ENGINE_REFUSALS = {"nothing to undo", "nothing to go back to"}


def _literals(node: ast.expr) -> list[str]:
    """The strings an argument may be: a literal, or either literal of a conditional (`"a" if x else "b"`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def _calls(source: str, named: str) -> list[str]:
    """The literal first argument of each call of a function whose name ends with `named` (`say`,
    `host.say`, `self._say`; `Refused`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name.endswith(named):
                found += _literals(node.args[0])
    return found


def keys_said(source: str) -> set[str]:
    return {key for key in _calls(source, "say") if PHRASE_KEY.fullmatch(key)}


def refusals_given(source: str) -> set[str]:
    return set(_calls(source, "Refused"))


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _known_keys() -> dict[str, set[str]]:
    """Every key the house's tables or a format's spec words, by language."""
    house = compose("ru", HOUSE).phrases
    return {language: set(house[language]).union(*(registry.spec(name).phrases.get(language, {})
                                                    for name in registry.names()))
            for language in ("ru", "en")}


def _worded_refusals() -> set[str]:
    """Every refusal template with Russian words: the house's, a format's spec (its refusals, or its phrases
    as "refusal." + template), the core's own (in the house's phrases)."""
    worded = set(HOUSE_REFUSALS)
    for name in registry.names():
        spec = registry.spec(name)
        worded |= {key.removeprefix(REFUSAL) for key in spec.phrases.get("ru", {}) if key.startswith(REFUSAL)}
        worded |= set(spec.refusals)
    house = compose("ru", HOUSE).phrases["ru"]
    return worded | {key.removeprefix(REFUSAL) for key in house if key.startswith(REFUSAL)}


def unworded_keys(sources: dict[str, str]) -> dict[str, list[str]]:
    """By language, the keys said in `sources` (name → text) that no table words."""
    said = set().union(*(keys_said(text) for text in sources.values()))
    known = _known_keys()
    return {language: sorted(said - known[language]) for language in known if said - known[language]}


def unworded_refusals(sources: dict[str, str]) -> list[str]:
    given = set().union(*(refusals_given(text) for text in sources.values())) | ENGINE_REFUSALS
    return sorted(given - _worded_refusals())


def _package() -> dict[str, str]:
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in _sources()}


def test_every_phrase_key_the_package_says_exists_in_russian_and_english():
    package = _package()
    assert len(set().union(*(keys_said(text) for text in package.values()))) > 30, "the scan sees the keys said"
    assert unworded_keys(package) == {}
    known = _known_keys()
    assert known["ru"] == known["en"]


def test_every_refusal_the_package_gives_has_russian_words_for_the_console():
    package = _package()
    assert set().union(*(refusals_given(text) for text in package.values())), "the scan sees the refusals"
    assert unworded_refusals(package) == []


def test_the_checks_find_a_key_or_a_refusal_without_words():
    """A key said in single quotes, through any `….say`, and a refusal raised anywhere are all seen."""
    source = ("def f(host, app):\n"
              "    host.say('console.no_such_key')\n"
              '    app._say("scene.no_such_scene" if app else "unit.no_such_unit", n=1)\n'
              '    say("journal.not_a_console_key")\n'
              '    raise Refused("no such refusal {x}", x=1)\n')
    unworded = ["console.no_such_key", "scene.no_such_scene", "unit.no_such_unit"]
    assert keys_said(source) == set(unworded)
    assert unworded_keys({"probe.py": source}) == {language: unworded for language in ("ru", "en")}
    assert unworded_refusals({"probe.py": source}) == ["no such refusal {x}"]
