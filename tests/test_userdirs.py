"""The user's journal folder: one per show file (its full path), so two shows of one name never share a
journal; a journal kept under the old key (the show's stem only) is still resumed by its own show."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from quizshow import userdirs
from quizshow.app import ShowApp
from quizshow.config import ShowConfig, load_show
from quizshow.resources import copy_demo
from quizshow.yamlfile import Problems


@pytest.fixture
def two_seasons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ShowConfig, ShowConfig]:
    """The same show file name in two folders nobody may write to (a clone and an installed copy, two
    seasons' final.yaml): both journal in the user's data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    configs = []
    for season in ("2024", "2025"):
        copy_demo(tmp_path / season)
        problems = Problems()
        config = load_show(tmp_path / season / "shows" / "brainring.yaml", problems)
        assert config is not None and not problems
        configs.append(config)
    real_access = os.access
    shows = {str(c.path.parent) for c in configs}
    monkeypatch.setattr(userdirs.os, "access", lambda p, mode: str(p) not in shows and real_access(p, mode))
    return configs[0], configs[1]


def test_two_shows_of_one_name_each_run_with_a_journal_of_their_own(two_seasons):
    first, second = two_seasons
    assert first.journal_path != second.journal_path
    for config in two_seasons:
        assert config.journal_path.parent.parent == userdirs.journals_home()
        assert config.journal_path.parent.name.startswith("brainring-")  # readable, then the path's hash
    for config in (first, second, first):  # the second used to stop: «this journal belongs to another show»
        app = ShowApp(config, sound=False, devices=False, seed=3)
        app.close()
    assert first.journal_path.is_file() and second.journal_path.is_file()


def test_a_journal_under_the_old_key_is_resumed_by_its_own_show_only(two_seasons):
    first, second = two_seasons
    old = userdirs.journals_home() / "brainring" / "brainring.journal.jsonl"
    app = ShowApp(first, journal_path=old, sound=False, devices=False, seed=41)
    app.close()
    assert first.journal_path == old  # its own: resumed where it is
    assert second.journal_path != old  # another show's: left alone
    app = ShowApp(first, sound=False, devices=False)
    try:
        assert app.runtime.journal.path == old and app.runtime.loaded.seed == 41  # the same show, resumed
    finally:
        app.close()
    app = ShowApp(second, sound=False, devices=False)
    app.close()


def test_the_key_is_the_stem_and_a_hash_of_the_resolved_path(tmp_path):
    show = tmp_path / "a" / "final.yaml"
    show.parent.mkdir()
    show.write_text("title: x\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(show.parent)
    key = userdirs.show_key(show)
    assert key.startswith("final-") and len(key) == len("final-") + 8
    assert userdirs.show_key(tmp_path / "link" / "final.yaml") == key  # the same file, however named
    assert userdirs.show_key(tmp_path / "b" / "final.yaml") != key


def test_a_header_that_is_not_a_journal_names_no_show(tmp_path):
    for text in ("", "null\n", "[1]\n", '{"show": 3}\n', "\x00" * 10, '{"type": "header", "show": "/x.yaml"}\n'):
        path = tmp_path / "j.jsonl"
        path.write_text(text, encoding="utf-8")
        assert userdirs.recorded_show(path) == ("/x.yaml" if "header" in text else None)
    assert userdirs.recorded_show(tmp_path / "none.jsonl") is None
