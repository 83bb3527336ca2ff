"""The tests keep to their own folders: no path under the machine's temporary folder written in tests/ or
bench/ (a folder only the machine that made it has: on a fresh clone such a test fails), the frames kept to
look at only where QUIZSHOW_SHOTS says, and each test's home and user folders its own."""

from __future__ import annotations

import io
import os
import re
import tokenize
from pathlib import Path

import pygame
import pytest
from platformdirs import user_cache_path, user_data_path

from quizshow.userdirs import cache_home, data_home
from tests.conftest import ROOT, SHOTS, keep_shot

# "/tmp" at the start of a path: not "/tmpl", not "x/tmp" (split so that this file does not name it)
TEMP_FOLDER = re.compile(r"(?<![\w.~-])/" + "tmp" + r"(?![\w.-])")
TEXT_FILES = {".sh", ".yaml", ".yml", ".toml", ".json", ".txt", ".cfg", ".ini", ".md"}


def temp_paths_in_python(source: str) -> list[tuple[int, str]]:
    """(line, literal) of each string literal of `source` that names a path under /tmp."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and TEMP_FOLDER.search(token.string):
            found.append((token.start[0], token.string))
    return found


def temp_paths_in(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return [f"{path.relative_to(ROOT)}:{line}: {literal}" for line, literal in temp_paths_in_python(text)]
    return [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            for number, line in enumerate(text.splitlines(), start=1) if TEMP_FOLDER.search(line)]


def test_no_test_or_bench_names_a_path_under_the_machines_temporary_folder():
    files = [p for folder in ("tests", "bench") for p in sorted((ROOT / folder).rglob("*"))
             if p.is_file() and (p.suffix == ".py" or p.suffix in TEXT_FILES) and ".venv" not in p.parts]
    assert len(files) > 100, "the scan sees the tests"
    found = [hit for path in files for hit in temp_paths_in(path)]
    assert found == [], "use tmp_path (or keep_shot for frames to look at):\n" + "\n".join(found)


def test_the_scan_finds_a_temporary_path_in_a_string_and_leaves_comments_and_lookalikes():
    temp = "/" + "tmp"
    source = (f'pygame.image.save(s, "{temp}/s5q/x.png")\n'
              f'out = f"{temp}/shots/{{name}}.png"  # {temp}/in/a/comment\n'
              f'folder = Path("{temp}")\n'
              f'fine = ["x{temp}/y", "{temp}l/a", "~{temp}", "a/tmp.png"]\n')
    assert [line for line, _ in temp_paths_in_python(source)] == [1, 2, 3]


def test_frames_are_kept_only_where_quizshow_shots_names(tmp_path, monkeypatch):
    surface = pygame.Surface((4, 3))
    monkeypatch.delenv(SHOTS, raising=False)
    assert keep_shot(surface, "frame.png") is None
    monkeypatch.setenv(SHOTS, str(tmp_path / "shots"))
    kept = keep_shot(surface, "frame.png")
    assert kept == tmp_path / "shots" / "frame.png"
    assert pygame.image.load(str(kept)).get_size() == (4, 3)


@pytest.mark.parametrize("run", [1, 2])
def test_each_test_has_a_home_and_user_folders_of_its_own(tmp_path_factory, run):
    base = tmp_path_factory.getbasetemp()
    home = Path(os.environ["HOME"])
    assert home.is_relative_to(base) and Path.home() == home
    for folder in (data_home(), cache_home(), user_data_path(), user_cache_path()):
        assert folder.is_relative_to(home), folder
    assert "QUIZSHOW_CACHE" not in os.environ  # unpacked media go to the test's cache folder
    assert list(home.iterdir()) == [], "nothing an earlier test left"
    (home / "left.txt").write_text(str(run), encoding="utf-8")
