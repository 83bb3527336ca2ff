"""The journal: resume, --fresh, a torn last line, and SIGKILL at random moments."""

from __future__ import annotations

import json
import os
import random
import time

import pytest

from quizshow.core import commands as c
from quizshow.core.clock import ManualClock
from quizshow.runtime.journal.file import Journal, JournalError, dispatch_journalled
from tests.conftest import demo_engine
from tests.crash_worker import fingerprint, kill_at_random


def test_journal_resumes_the_same_scores(tmp_path):
    path = tmp_path / "show.journal.jsonl"
    journal, loaded = Journal.open(path, "show", seed=11)
    engine = demo_engine(loaded.seed)
    for cmd in [c.Go(at=1), c.Buzz(at=2, team=1), c.Judge(at=3, correct=True), c.ScoreAdd(at=4, team=2, points=-5)]:
        dispatch_journalled(engine, journal, cmd)
    journal.close()
    reader, again = Journal.open(path, "show")
    reader.close()
    assert again.resumed and again.seed == 11 and again.last_at == 4
    replayed = demo_engine(again.seed)
    again.restore(replayed)
    assert replayed.state == engine.state


def test_fresh_keeps_the_old_journal_renamed(tmp_path):
    path = tmp_path / "show.journal.jsonl"
    journal, _ = Journal.open(path, "show", seed=1)
    journal.append(c.ScoreAdd(at=1, team=0, points=10))
    journal.close()
    journal, loaded = Journal.open(path, "show", fresh=True, seed=2)
    journal.close()
    assert not loaded.commands and loaded.seed == 2
    kept = [p for p in tmp_path.iterdir() if p != path and p.suffix != ".lock"]
    assert len(kept) == 1 and "ScoreAdd" in kept[0].read_text()


def test_each_line_and_a_copy_kept_aside_are_dated_by_the_journals_clock(tmp_path):
    path = tmp_path / "show.journal.jsonl"
    clock = ManualClock(wall=1_800_000_000.0)
    journal, _ = Journal.open(path, "show", seed=1, clock=clock)
    clock.advance(90.0)
    journal.append(c.ScoreAdd(at=1, team=0, points=10))
    journal.close()
    assert [json.loads(line)["wall"] for line in path.read_text().splitlines()] == [1_800_000_000.0, 1_800_000_090.0]
    clock.advance(3600.0)  # «Начать заново» an hour later: the old day is kept under the time it was put aside
    Journal.open(path, "show", fresh=True, seed=2, clock=clock)[0].close()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(1_800_003_690.0))
    assert "ScoreAdd" in (tmp_path / f"show.journal.{stamp}.jsonl").read_text()


def test_a_line_torn_by_a_crash_is_dropped_and_trimmed(tmp_path):
    path = tmp_path / "show.journal.jsonl"
    journal, _ = Journal.open(path, "show", seed=1)
    journal.append(c.ScoreAdd(at=1, team=0, points=10))
    journal.close()
    with path.open("a") as f:
        f.write('{"type": "ScoreAdd", "at": 2, "te')  # killed mid-write
    journal, loaded = Journal.open(path, "show")
    journal.append(c.ScoreAdd(at=3, team=1, points=5))
    journal.close()
    assert [type(x).__name__ for x in loaded.commands] == ["ScoreAdd"]
    lines = path.read_text().splitlines()
    assert all(json.loads(line) for line in lines) and len(lines) == 3


def test_a_journal_of_another_show_is_refused_with_a_hint(tmp_path):
    path = tmp_path / "j.jsonl"
    Journal.open(path, "show-a", seed=1)[0].close()
    with pytest.raises(JournalError, match="--fresh"):
        Journal.open(path, "show-b")


def test_kill_minus_nine_at_random_moments_loses_nothing_accepted(tmp_path):
    path = tmp_path / "crash.journal.jsonl"
    rng = random.Random(2026)
    acked = None  # the state every restart must come back to, at least
    for run in range(8):
        # Running (its first line is out): killed at a random moment.
        acked, pending = kill_at_random("crash_worker.py", path, run, rng.uniform(0.0, 0.25), lambda line: True,
                                        acked)
        reader, loaded = Journal.open(path, "crash-test")
        reader.close()
        engine = demo_engine(loaded.seed)
        loaded.restore(engine)
        # The command being written when the kill came may or may not have reached the disk.
        got = fingerprint(engine)
        assert got in {acked, pending}, f"run {run}: restart shows {got}; last ack {acked}; being written {pending}"
        acked = fingerprint(engine)
    reader, loaded = Journal.open(path, "crash-test")
    reader.close()
    assert len(loaded.commands) > 20


@pytest.mark.skipif(not hasattr(os, "O_DSYNC"), reason="no O_DSYNC here: every line is fsync'd instead")
def test_each_journal_line_is_on_the_disk_when_its_write_returns(tmp_path):
    """O_DSYNC: the write of a line returns only once the line is stored, so a command whose write
    returned survives a power cut as well as a kill."""
    import fcntl

    journal, _ = Journal.open(tmp_path / "j.jsonl", "show", seed=1)
    try:
        assert fcntl.fcntl(journal._file.fileno(), fcntl.F_GETFL) & os.O_DSYNC
        journal.append(c.Go(at=1.0))
        assert (tmp_path / "j.jsonl").read_text(encoding="utf-8").splitlines()[-1].startswith('{"type": "Go"')
    finally:
        journal.close()
    resumed, loaded = Journal.open(tmp_path / "j.jsonl", "show")
    try:
        assert fcntl.fcntl(resumed._file.fileno(), fcntl.F_GETFL) & os.O_DSYNC  # also when resumed
        assert [type(cmd).__name__ for cmd in loaded.commands] == ["Go"]
    finally:
        resumed.close()


def test_a_snapshot_is_tied_to_the_code_of_the_core_and_the_formats(monkeypatch):
    """A snapshot holds pickled state: only the core and formats that pickled it may unpickle it. Its code id
    is read from their sources, wherever this module lives in the package."""
    from quizshow.runtime.journal import file as journal_file
    from tests.conftest import ROOT

    read: list[bytes] = []
    crc32 = journal_file.zlib.crc32

    def spy(data: bytes, value: int = 0) -> int:
        read.append(data)
        return crc32(data, value)

    monkeypatch.setattr(journal_file, "_CODE_ID", None)
    monkeypatch.setattr(journal_file.zlib, "crc32", spy)
    journal_file._code_id()
    assert (ROOT / "quizshow" / "core" / "engine.py").read_bytes() in read
    assert (ROOT / "quizshow" / "formats" / "svoyak" / "spec.py").read_bytes() in read
