"""A new format is its own folders plus its entry in the registry (issue 13, "done means").

The fixture format «Блиц» (tests/fixtures/quickfire/) is dropped into a copy of quizshow/: its
formats/quickfire/ and display/quickfire/ folders, and its entry in registry.py (the import of its spec
and its line in the table). A show of it then
plays headless (keys, a console button of its own action, its own namespaced command, lamps from its
phase flags, both pictures, the journal and a restart) while app.py, console.py, lamps.py and
core/commands.py stay byte for byte as they are.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from tests.conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "quickfire"
UNTOUCHED = ("app.py", "display/console/window.py", "outputs/lamps.py", "core/commands.py")
REGISTRY_IMPORT = "from quizshow.formats.quickfire.spec import SPEC as QUICKFIRE\n"
REGISTRY_LINE = '    "quickfire": Entry(QUICKFIRE, "quizshow.display.quickfire"),\n'


def test_a_format_is_its_own_folders_plus_its_registry_entry(tmp_path):
    copy = tmp_path / "quizshow"
    shutil.copytree(ROOT / "quizshow", copy, symlinks=False, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(FIXTURE / "formats" / "quickfire", copy / "formats" / "quickfire")
    shutil.copytree(FIXTURE / "display" / "quickfire", copy / "display" / "quickfire")
    registry = (copy / "registry.py").read_text(encoding="utf-8")
    table = "FORMATS: dict[str, Entry] = {\n"
    imports = "\nif TYPE_CHECKING:"  # the registry's own imports end here
    assert table in registry and imports in registry
    added = registry.replace(imports, REGISTRY_IMPORT.rstrip("\n") + "\n" + imports, 1)
    (copy / "registry.py").write_text(added.replace(table, table + REGISTRY_LINE), encoding="utf-8")
    changed = [line for line in (copy / "registry.py").read_text(encoding="utf-8").splitlines(keepends=True)
               if line not in registry.splitlines(keepends=True)]
    assert changed == [REGISTRY_IMPORT, REGISTRY_LINE]  # its import and its line
    for name in UNTOUCHED:
        assert (copy / name).read_bytes() == (ROOT / "quizshow" / name).read_bytes(), name
        assert "quickfire" not in (copy / name).read_text(encoding="utf-8")

    show = tmp_path / "blitz.yaml"
    show.write_text('title: "Блиц"\nformat: quickfire\nrules: {questions: 2}\n'
                    'teams: [{name: "Альфа"}, {name: "Бета"}, {name: "Гамма"}]\n', encoding="utf-8")
    many = tmp_path / "eleven.yaml"  # its own limit of teams (12), above the usual 10
    many.write_text('title: "Блиц"\nformat: quickfire\nteams: [' + ", ".join(f'{{name: "T{n}"}}' for n in range(11))
                    + ']\n', encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    check = subprocess.run([sys.executable, "-m", "quizshow", "--check", str(many)], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    done = subprocess.run([sys.executable, str(FIXTURE / "play.py"), str(show), str(tmp_path / "j.jsonl")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["rules"]["points"] == 5 and seen["rules"]["questions"] == 2  # its own preset, the show's rule
    assert seen["next"] == "next.qf_open" and seen["phase_open"] == "qf_open"
    assert seen["lamps"] == ["ON", "OFF", "OFF"]  # from its phase flags: lamps.py knows no phase names
    assert seen["after_panel_key"] == [1, False]  # its panel's own key, before the key map's S (scores)
    assert seen["steal_button"] and seen["answering"] == 2  # its own action, on its own panel
    assert seen["note"] == "Зал шуми"  # a typed action: text, Backspace, Enter
    assert seen["scores"] == [0, 0, 5] and seen["phase_end"] == "qf_done" and seen["winner"] == [2]
    assert {"quickfire.Steal", "quickfire.Note"} <= set(seen["journal_types"])  # its own commands, namespaced
    assert seen["after_restart"] == [0, 0, 5]
