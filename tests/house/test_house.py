"""The house (issue 13): rule values checked against each format's schema, presets fit their schemas,
one action registry, namespaced commands, a show's several packs, the package's own files."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass

import pytest

from quizshow import registry
from quizshow.cli import check_files
from quizshow.core import commands as c
from quizshow.core.actions import ActionContext, BadCall, Call, registry_for
from quizshow.formats import presets
from quizshow.formats.svoyak import commands as sc
from quizshow.resources import data_dir, demo_show
from tests.conftest import ROOT, demo_engine


def _show(tmp_path, rules: str, fmt: str = "svoyak", pack: str = "svoyak-demo.yaml") -> tuple[str, list[str]]:
    rule_lines = "".join(f"  {line}\n" for line in rules.splitlines())
    text = (f'title: "Проверка"\nformat: {fmt}\npack: {ROOT / "packs" / pack}\nrules:\n{rule_lines}'
            'teams:\n  - {name: "Анна"}\n  - {name: "Борис"}\n')
    path = tmp_path / "show.yaml"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "out.txt"
    with out.open("w", encoding="utf-8") as stream:
        code = check_files([path], stream)
    return str(path), [code, *out.read_text(encoding="utf-8").splitlines()]


def test_rule_values_outside_their_schema_fail_check_at_their_line(tmp_path):
    path, (code, *lines) = _show(tmp_path, "window_from: reed\nlater_round_chooser: lowst\nanswer_window_s: -3\n")
    assert code == 1
    assert f"{path}:5: rule 'window_from' is 'reed'; expected one of read | shown" in lines, lines
    assert f"{path}:6: rule 'later_round_chooser' is 'lowst'; expected one of lowest | keep" in lines, lines
    assert any(line.startswith(f"{path}:7: rule 'answer_window_s' is -3; expected at least 0") for line in lines)


def test_good_rule_values_pass_check(tmp_path):
    _, (code, *lines) = _show(tmp_path, "window_from: shown\nanswer_window_s: 5\n")
    assert code == 0, lines


def test_every_preset_fits_its_formats_schema_and_the_schema_names_every_rule():
    for name, sets in presets().items():
        spec = registry.spec(name)
        for preset, rules in sets.items():
            assert spec.check_rules(rules) == [], (name, preset)
            assert set(rules) <= set(spec.schema()), (name, preset, set(rules) - set(spec.schema()))


def test_a_command_name_taken_twice_is_an_error_not_an_overwrite():
    with pytest.raises(TypeError, match="taken"):
        @dataclass(frozen=True)
        class Go(c.Command):  # noqa: F811 — the shared Go exists
            pass

    @dataclass(frozen=True)
    class Guess(c.Command, namespace="house_test"):
        word: str = ""

    try:
        line = c.to_json(Guess(at=1.0, word="да"))
        assert line["type"] == "house_test.Guess" and c.from_json(line) == Guess(at=1.0, word="да")
    finally:  # a test's command is not one of the product's (the console's journal test reads them all)
        c._REGISTRY.pop("house_test.Guess", None)


def test_an_action_is_defined_once_and_its_arguments_are_typed():
    actions = registry_for(registry.spec("svoyak").actions)
    with pytest.raises(ValueError, match="twice"):
        registry_for([*registry.spec("svoyak").actions, *registry.spec("svoyak").actions])
    state = demo_engine().state
    context = ActionContext(state, 3.0, {}, amount=300)
    assert actions.build(Call("cell", (1, 2)), context) == sc.SelectCell(at=3.0, theme=1, question=2)
    assert actions.build(Call("bid", (0,)), context) == sc.Bid(at=3.0, team=0, amount=300)
    for bad in (Call("cell", (1,)), Call("cell", ("1", 2)), Call("nope"), Call("pick", (True,))):
        with pytest.raises(BadCall):
            actions.build(bad, context)


def test_a_shows_packs_are_played_in_order(tmp_path):
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems

    show = tmp_path / "two.yaml"
    show.write_text(textwrap.dedent(f"""\
        title: "Два пакета"
        format: demo
        pack: [{ROOT / 'packs' / 'demo.yaml'}, {ROOT / 'packs' / 'demo.yaml'}]
        teams: [{{name: A}}, {{name: B}}]
        """), encoding="utf-8")
    problems = Problems()
    config = load_show(show, problems)
    assert config is not None and not problems.errors
    one = config.packs[0]
    assert config.pack is not None and config.pack.rounds == one.rounds + one.rounds


def test_a_final_round_before_another_pack_is_refused_at_its_line(tmp_path):
    show = tmp_path / "final-first.yaml"
    show.write_text(textwrap.dedent(f"""\
        title: "Финал не в конце"
        format: svoyak
        pack:
          - {ROOT / 'packs' / 'svoyak-demo.yaml'}
          - {ROOT / 'packs' / 'demo.yaml'}
        teams: [{{name: A}}, {{name: B}}]
        """), encoding="utf-8")
    out = tmp_path / "out.txt"
    with out.open("w", encoding="utf-8") as stream:
        assert check_files([show], stream) == 1
    assert f"{show}:4: pack 'svoyak-demo.yaml' has a final round" in out.read_text(encoding="utf-8")


def test_the_bundled_files_are_package_data():
    assert (data_dir("themes") / "broadcast" / "theme.yaml").is_file()
    assert demo_show().is_file() and (data_dir("packs") / "svoyak-demo.yaml").is_file()


def test_python_dash_m_quizshow_checks_files_from_any_folder(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # as if installed: `pip install .` puts it on the path
    done = subprocess.run([sys.executable, "-m", "quizshow", "--check", str(demo_show())], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 file(s) checked: 0 error(s)" in done.stdout


def test_every_formats_phases_and_phrases_are_named_in_both_languages():
    from quizshow.house_words import HOUSE
    from quizshow.i18n import compose

    house = compose("ru", HOUSE).phrases
    for name in registry.names():
        spec = registry.spec(name)
        own = spec.phrases
        assert set(own.get("ru", {})) == set(own.get("en", {})), name
        for phase in spec.phases:
            for language in ("ru", "en"):
                key = f"phase.{phase.value}"
                assert key in house[language] or key in own.get(language, {}), (name, language, key)


def test_a_show_in_a_folder_nobody_may_write_to_journals_in_the_users_data_folder(tmp_path, monkeypatch):
    """The bundled demo of an installed copy lives in site-packages; its journal must not."""
    import dataclasses

    from tests.conftest import demo_config

    (tmp_path / "shows").mkdir()
    config = dataclasses.replace(demo_config(), path=tmp_path / "shows" / "demo.yaml")
    assert config.journal_path == tmp_path / "shows" / ".quizshow" / "demo.journal.jsonl"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    real_access = os.access
    # As root every folder is writable: the read-only folder is played by os.access.
    monkeypatch.setattr(os, "access", lambda p, mode: False if str(p).endswith("shows") else real_access(p, mode))
    from quizshow.userdirs import show_key

    key = show_key(config.path)
    assert config.journal_path == tmp_path / "data" / "quizshow" / "journals" / key / "demo.journal.jsonl"


SHARED = ("app.py", "display/console/window.py", "display/console/ui.py", "display/windows.py", "outputs/lamps.py",
          "outputs/osc_out.py", "inputs/hardware.py", "inputs/keymap.py", "inputs/buzzers.py",
          "runtime/show/journalled.py", "runtime/operator/controls.py", "runtime/inputs/feed.py", "runtime/osc/link.py",
          "runtime/show/sinks.py", "runtime/inputs/keys.py", "runtime/operator/notices.py", "runtime/show/startup.py",
          "runtime/show/media_wait.py", "inputs/messages.py", "inputs/osc/server.py", "inputs/osc/access.py",
          "inputs/osc/fairness.py", "inputs/osc/datagram.py")


def test_the_shared_parts_name_no_format_nor_its_own_actions():
    """Design principle 9: nothing shared (app, console, lamps, inputs, runtime) learns a format's names;
    what a format needs (buttons per player, a typed text, confirmed buttons) is a generic mechanism."""
    for path in SHARED:
        text = (ROOT / "quizshow" / path).read_text(encoding="utf-8").lower()
        for name in registry.names():
            assert name in ("demo",) or name not in text, (path, name)
            for action in registry.spec(name).actions:
                assert f'"{action.name}"' not in text, (path, action.name)


def test_a_text_typed_on_the_console_is_cut_at_its_limit_and_esc_drops_it(tmp_path):
    """An action with `text_max` called without its text (a console button) makes the console take a
    text: typing never reaches the show's keys, Esc drops it, Enter gives it to the action."""
    import pygame

    from quizshow.core.actions import Call
    from tests.duel_display_kit import duel_app

    app = duel_app(tmp_path)
    try:
        limit = app.actions.get("duel_hint").text_max
        app.call(Call("go"), 1.0, "console")
        app.call(Call("duel_hint"), 2.0, "console")
        assert app.status.typing == ""
        app.text_input("я" * (limit + 10))
        assert app.status.typing == "я" * limit
        assert app.key(pygame.K_n, 0, 2.1) is None and app.engine.state.phase == "reading"  # not «Неверно»
        entries = len(app.engine.entries)
        app.key(pygame.K_ESCAPE, 0, 2.2)
        assert app.status.typing is None and len(app.engine.entries) == entries  # dropped: nothing journalled
        app.text_input("lost")
        assert app.status.typing is None  # text typed while nothing asks for one goes nowhere
        app.call(Call("duel_hint"), 3.0, "console")
        app.text_input("Волга")
        outcome = app.key(pygame.K_RETURN, 0, 3.1)
        assert outcome is not None and outcome.accepted and app.engine.state.fmt.asking.hint == "Волга"
    finally:
        app.close()


def test_a_formats_pictures_import_no_other_formats_pictures():
    """A format is its own folders: its scenes draw with the shared pieces (display/scenes/), never with
    another format's (the ring, the duel and the tournament once drew their words with «Своя игра»'s)."""
    import re

    from quizshow import registry

    folders = {entry.views.rsplit(".", 1)[-1] for entry in registry.FORMATS.values()}
    for folder in folders:
        for path in (ROOT / "quizshow" / "display" / folder).glob("*.py"):
            imported = set(re.findall(r"quizshow\.display\.(\w+)", path.read_text(encoding="utf-8")))
            others = (imported & folders) - {folder}
            assert not others, (path.relative_to(ROOT), sorted(others))
