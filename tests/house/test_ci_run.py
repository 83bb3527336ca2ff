""".ci/run, as CI runs it: the README's test command in a home and a temporary folder of its own (removed
after), with every Debian package the suite's skips name installed, and only those that are missing."""

from __future__ import annotations

import os
import re
import stat
import subprocess
from pathlib import Path

from tests.conftest import ROOT

CI_RUN = ROOT / ".ci" / "run"
# "(apt-get install chromium)", "(Debian, Ubuntu: apt install liblo-tools)", "(Debian: simavr libsimavr-dev)"
NAMED = re.compile(r"\((?:Debian(?:, Ubuntu)?: (?:apt(?:-get)? install )?|apt(?:-get)? install )"
                   r"([a-z0-9][a-z0-9.+-]*(?: [a-z0-9.+-]+)*)\)")


def lines() -> list[str]:
    return CI_RUN.read_text(encoding="utf-8").splitlines()


def block(first: str, last: str) -> str:
    """The script's lines from the one starting with `first` to the next one starting with `last`."""
    text = lines()
    start = next(i for i, line in enumerate(text) if line.startswith(first))
    end = next(i for i in range(start, len(text)) if text[i].startswith(last))
    return "\n".join(text[start:end + 1]) + "\n"


def packages() -> set[str]:
    found = re.search(r'^PACKAGES="([^"]*)"', CI_RUN.read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None, "one list of the Debian packages"
    return set(found.group(1).split())


def test_every_debian_package_a_skip_names_is_installed_by_ci():
    sources = [*sorted((ROOT / "tests").rglob("*.py")), *sorted((ROOT / "quizshow").rglob("*.py"))]
    named: dict[str, str] = {}
    for path in sources:
        if path != Path(__file__):
            for match in NAMED.finditer(path.read_text(encoding="utf-8")):
                named.update((name, str(path.relative_to(ROOT))) for name in match.group(1).split())
    assert {"chromium", "liblo-tools", "gcc-avr", "simavr", "libsimavr-dev"} <= set(named), named
    assert set(named) - packages() == set(), named
    assert {"zbar-tools", "chromium-driver", "xvfb"} <= packages()  # zbarimg, the driver, the benches' window


def fake_tools(folder: Path, installed: set[str]) -> Path:
    """`id` saying root, `dpkg-query` knowing `installed`, `apt-get` writing down what it was asked."""
    folder.mkdir(parents=True)
    tools = {
        "id": "echo 0\n",
        "dpkg-query": ('for last; do :; done\n'
                       f'case " {" ".join(sorted(installed))} " in *" $last "*) printf installed;; '
                       '*) echo "dpkg-query: no packages found matching $last" >&2; exit 1;; esac\n'),
        "apt-get": f'echo "$*" >> {folder / "asked"}\n',
    }
    for name, body in tools.items():
        (folder / name).write_text("#!/bin/sh\n" + body, encoding="utf-8")
        (folder / name).chmod(stat.S_IRWXU)
    return folder / "asked"


def install(tmp_path: Path, installed: set[str]) -> list[str]:
    asked = fake_tools(tmp_path / "bin", installed)
    script = "set -euo pipefail\n" + block("PACKAGES=", "fi")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"})
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""  # quiet
    return asked.read_text(encoding="utf-8").splitlines() if asked.exists() else []


def test_ci_installs_only_the_missing_packages_and_nothing_when_all_are_there(tmp_path):
    every = packages()
    assert install(tmp_path / "all", every) == []
    asked = install(tmp_path / "two", every - {"simavr", "zbar-tools"})
    assert asked[0] == "update -qq"
    assert asked[1].startswith("install -y -qq") and set(asked[1].split()[3:]) == {"simavr", "zbar-tools"}
    assert len(asked) == 2


def test_the_readme_command_runs_in_a_fresh_home_and_temporary_folder_removed_after(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "pip install -r requirements-dev.txt && ruff check . && mypy && python -m pytest"
    assert f"```\n{command}\n```" in readme
    text = lines()
    assert text[-1] == command, "the README's command, as it is, closes the script"
    assert text.index(". .venv/bin/activate") < len(text) - 1
    fresh = block("scratch=", "unset ")
    assert "mktemp -d" in fresh and "trap " in fresh
    probe = ('set -euo pipefail\n' + fresh +
             'echo "$HOME"; echo "$TMPDIR"; touch "$HOME/left" "$TMPDIR/left"; ls -A "$HOME" "$TMPDIR"\n')
    outer = tmp_path / "outer"
    outer.mkdir()
    env = {**os.environ, "TMPDIR": str(outer), "HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": "/elsewhere",
           "QUIZSHOW_CACHE": "/elsewhere"}
    done = subprocess.run(["bash", "-c", probe + 'echo "${XDG_CACHE_HOME-unset} ${QUIZSHOW_CACHE-unset}"'],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    home, temp, *listed, unset = done.stdout.splitlines()
    assert Path(home).parent == Path(temp).parent and Path(home).parent.parent == outer
    assert Path(home) != tmp_path / "home"
    assert [name for name in listed if name and not name.endswith(":")] == ["left", "left"], "both empty before"
    assert unset == "unset unset"
    assert list(outer.iterdir()) == [], "removed when the script ends"
