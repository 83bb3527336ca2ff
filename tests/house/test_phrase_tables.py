"""The phrase tables are data kept by the part of the program that says them (core/phrases.py,
display/console/phrases.py, display/projector_phrases.py, inputs/device_phrases.py, inputs/key_phrases.py,
inputs/phones/console_words.py, each format's folder…); quizshow/i18n.py keeps only the lookup, and
quizshow/house_words.py composes the house's tables. Every table says each of its keys in Russian and in
English, and no two tables say a key otherwise."""

from __future__ import annotations

import ast
import importlib

import pytest

from quizshow import i18n, registry
from quizshow.house_words import HOUSE, show_words
from quizshow.outputs.overlay import words as overlay_words
from tests.conftest import ROOT

SHARED = ("quizshow.core.phrases", "quizshow.display.console.phrases", "quizshow.display.projector_phrases",
          "quizshow.inputs.device_phrases", "quizshow.inputs.key_phrases", "quizshow.inputs.phones.console_words",
          "quizshow.display.replay.phrases", "quizshow.packs.siq.words")
# Tables other parts compose into their words (the phone page, a follower, the sheet's captions, the overlay's
# labels, the night's report, a season, a pack played directly).
ADDED = (("quizshow.inputs.phones.words", "PHRASES"), ("quizshow.runtime.follow.client", "PHRASES"),
         ("quizshow.display.sheet", "CAPTIONS"), ("quizshow.outputs.overlay.words", "WORDS"),
         ("quizshow.report.page", "PHRASES"), ("quizshow.season.words", "PHRASES"), ("quizshow.packs.play", "PHRASES"))


def _tables() -> dict[str, dict[str, dict[str, str]]]:
    found = {name: importlib.import_module(name).PHRASES for name in SHARED}
    found.update({f"{module}.{attr}": getattr(importlib.import_module(module), attr) for module, attr in ADDED})
    found.update({f"format {name}": registry.spec(name).phrases for name in registry.names()})
    return found


def test_i18n_writes_no_table_and_the_house_composes_every_shared_one():
    tree = ast.parse((ROOT / "quizshow" / "i18n.py").read_text(encoding="utf-8"))
    phrases = [node for node in ast.walk(tree) if isinstance(node, ast.Dict) and len(node.keys) > 3]
    assert not phrases  # no table of words is written in i18n.py
    shared = {id(importlib.import_module(name).PHRASES) for name in SHARED}
    assert {id(table) for table in HOUSE} == shared | {id(overlay_words.WORDS)}
    words = show_words("ru")
    for language in ("ru", "en"):
        for table in HOUSE:
            for key, text in table[language].items():
                assert words.phrases[language][key] == text
    assert words.say("console.undo", what="x") == "Отменить: x"


def test_words_refuse_a_key_two_tables_give_other_words_when_they_are_built():
    with pytest.raises(ValueError, match="scene.x"):
        i18n.compose("ru", ({"ru": {"scene.x": "Раз"}}, {"ru": {"scene.x": "Два"}}))
    with pytest.raises(ValueError, match="too late"):
        i18n.compose("ru", (), ({"too late": "Поздно"}, {"too late": "Слишком поздно"}))
    same = i18n.compose("en", ({"ru": {"scene.x": "Раз"}, "en": {"scene.x": "One"}}, {"en": {"scene.x": "One"}}))
    assert same.say("scene.x") == "One" and same.into("ru").say("scene.x") == "Раз"


def test_a_phrase_table_is_data_alone():
    """A table imports nothing: whoever composes a show's words reads it, and a pure layer (a format) may say
    its words."""
    for name in (*SHARED, "quizshow.outputs.overlay.words"):
        path = ROOT / (name.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
        assert all(isinstance(node, ast.ImportFrom) and node.module == "__future__" for node in imports), name


def test_every_phrase_table_says_each_key_in_russian_and_in_english():
    for name, table in _tables().items():
        ru, en = set(table.get("ru", {})), set(table.get("en", {}))
        assert ru == en, (name, sorted(ru ^ en))
        assert all(table["ru"][key].strip() and table["en"][key].strip() for key in ru), name


def test_no_two_phrase_tables_give_a_key_other_words():
    """A key said in two tables says the same in both (a show's words refuse it otherwise, when built)."""
    said: dict[tuple[str, str], tuple[str, str]] = {}
    clashes = []
    for name, table in _tables().items():
        for language, words in table.items():
            for key, text in words.items():
                first = said.setdefault((language, key), (name, text))
                if first[1] != text:
                    clashes.append(f"{key} ({language}): {first[0]} says {first[1]!r}, {name} says {text!r}")
    assert not clashes, "\n".join(clashes)
