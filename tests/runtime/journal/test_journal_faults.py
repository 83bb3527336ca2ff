"""The journal under faults (issue 12, items 8-11): a full disk, damaged lines, start-up faults, two
processes. Each fault ends in a clear refusal or one clear line, never in a traceback or a silent change."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.journal import Cursor, read_line
from quizshow.runtime.journal import file as journal_module
from quizshow.runtime.journal.file import (
    Journal,
    JournalDamaged,
    JournalError,
    JournalLocked,
    LineError,
    dispatch_journalled,
    encode_line,
    parse_command,
    parse_line,
)
from tests.conftest import ROOT, demo_engine

SHOW = "show"


def _write_show(path: Path, commands: list[c.Command], seed: int = 3) -> list[c.Command]:
    journal, _ = Journal.open(path, SHOW, seed=seed)
    engine = demo_engine(seed)
    for cmd in commands:
        engine.dispatch(cmd)
        journal.append(cmd)
    journal.close()
    return commands


PLAY = [c.Go(at=1), c.Buzz(at=2, team=1), c.Judge(at=3, correct=True), c.ScoreAdd(at=4, team=0, points=100),
        c.Go(at=5), c.ScoreAdd(at=6, team=2, points=100)]


def _load(path: Path, **kwargs):
    journal, loaded = Journal.open(path, SHOW, **kwargs)
    journal.close()
    return loaded


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


def _set_line(path: Path, number: int, line: bytes) -> None:
    lines = _lines(path)
    lines[number - 1] = line
    path.write_bytes(b"\n".join(lines))


def _one_clear_line(message: str, where: str) -> None:
    assert "\n" not in message and where in message and ("--" in message or "free" in message), message


# --- 8. disk full ------------------------------------------------------------------------------------

FULL_DISK_WORKER = textwrap.dedent("""
    import json, os, resource, signal, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from quizshow.core import commands as c
    from quizshow.runtime.journal.file import Journal, dispatch_journalled
    from tests.conftest import demo_engine

    path = Path(sys.argv[1])
    journal, loaded = Journal.open(path, "show", seed=3)
    engine = demo_engine(3)
    dispatch_journalled(engine, journal, c.ScoreAdd(at=1, team=0, points=100))
    size = path.stat().st_size
    # The file may grow 20 bytes more: the next line is cut short by the system, as on a full disk.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + 20, hard))
    full = dispatch_journalled(engine, journal, c.ScoreAdd(at=2, team=1, points=100))
    after_full = path.stat().st_size
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # space is freed
    again = dispatch_journalled(engine, journal, c.ScoreAdd(at=3, team=2, points=100))
    journal.close()
    print(json.dumps({"refused": full.refused, "same_size": after_full == size, "again": again.refused,
                      "scores": [t.score for t in engine.state.teams]}))
""")


def test_a_full_disk_refuses_the_command_leaves_no_torn_line_and_the_show_resumes(tmp_path):
    """RLIMIT_FSIZE in a subprocess makes the kernel cut the write short and then fail it (EFBIG), as a
    full disk does (a short write, then ENOSPC), with no root and no mount: the real write path runs."""
    path = tmp_path / "j.jsonl"
    out = subprocess.run([sys.executable, "-c", FULL_DISK_WORKER, str(path), str(ROOT)], capture_output=True,
                         text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["refused"] == "disk full: the command was not journalled"
    assert result["same_size"] and result["again"] is None  # nothing half-written; the next one is taken
    assert result["scores"] == [100, 0, 100]
    loaded = _load(path)  # the restart reads every line: none torn, none lost
    assert loaded.repaired is None and [cmd.at for cmd in loaded.commands] == [1, 3]
    engine = demo_engine(loaded.seed)
    loaded.restore(engine)
    assert [t.score for t in engine.state.teams] == result["scores"]


# --- 9. damaged lines are reported, never skipped silently --------------------------------------------


def test_a_corrupted_command_name_stops_the_resume_and_says_where(tmp_path):
    path = tmp_path / "j.jsonl"
    _write_show(path, PLAY)
    _set_line(path, 3, _lines(path)[2].replace(b'"Buzz"', b'"Bxzz"'))
    with pytest.raises(JournalDamaged) as caught:
        _load(path)
    damage = caught.value.damage
    assert damage.line == 3 and damage.lost_lines == 5 and "checksum" in damage.what
    _one_clear_line(str(caught.value), f"{path}:3")
    assert "--resume-to-damage" in str(caught.value) and "--fresh" in str(caught.value)


def test_a_flipped_digit_is_found_by_the_checksum(tmp_path):
    path = tmp_path / "j.jsonl"
    _write_show(path, PLAY)
    _set_line(path, 5, _lines(path)[4].replace(b'"points": 100', b'"points": 700'))
    with pytest.raises(JournalDamaged, match=":5: damaged journal line: the checksum does not match"):
        _load(path)


def test_a_nul_filled_last_line_is_damage_not_a_torn_write(tmp_path):
    """The disk lost an acknowledged +100 (its line reads as NULs): the operator is told, not served a
    show without it."""
    path = tmp_path / "j.jsonl"
    _write_show(path, PLAY)
    last = _lines(path)[-2]
    _set_line(path, len(_lines(path)) - 1, b"\0" * len(last))
    with pytest.raises(JournalDamaged, match="NUL"):
        _load(path)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))  # also with its newline gone
    with pytest.raises(JournalDamaged, match="NUL"):
        _load(path)


def test_an_empty_journal_does_not_silently_start_a_new_show(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_bytes(b"")
    with pytest.raises(JournalError, match="empty") as caught:
        _load(path)
    _one_clear_line(str(caught.value), str(path))
    assert _load(path, fresh=True).commands == []  # the operator's word: a new show, the empty file kept
    assert len([p for p in tmp_path.iterdir() if p.suffix == ".jsonl"]) == 2


def test_a_torn_last_line_alone_is_repaired_and_reported(tmp_path):
    path = tmp_path / "j.jsonl"
    _write_show(path, PLAY)
    with path.open("ab") as f:
        f.write(encode_line(c.to_json(c.Go(at=9)), Cursor(seq=len(PLAY) + 1))[:25])  # killed mid-write
    loaded = _load(path)
    assert loaded.repaired and f"{path}:8" in loaded.repaired and len(loaded.commands) == len(PLAY)
    assert _load(path).repaired is None  # cut off for good


def test_resume_to_damage_keeps_the_lines_before_it_and_a_copy_of_all(tmp_path):
    path = tmp_path / "j.jsonl"
    _write_show(path, PLAY)
    whole = path.read_bytes()
    _set_line(path, 5, b'{"type": "ScoreAdd", "at": 4, "te\x00')
    damaged = path.read_bytes()
    loaded = _load(path, resume_to_damage=True)
    assert loaded.commands == PLAY[:3] and loaded.damage and loaded.damage.line == 5
    assert loaded.kept_as and loaded.kept_as.read_bytes() == damaged
    assert whole.startswith(path.read_bytes()) and _load(path).commands == PLAY[:3]


def test_a_version_1_journal_without_checksums_still_loads(tmp_path):
    path = tmp_path / "j.jsonl"
    lines = [{"type": "header", "version": 1, "show": SHOW, "seed": 3, "wall": 1.0}] + \
        [{**c.to_json(cmd), "wall": 2.0} for cmd in PLAY]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    loaded = _load(path)
    assert loaded.commands == PLAY and loaded.seed == 3
    journal, _ = Journal.open(path, SHOW)  # lines added later carry a checksum; the file still loads
    journal.append(c.Go(at=7))
    journal.close()
    assert _load(path).commands == [*PLAY, c.Go(at=7)]


def test_lines_added_to_a_version_1_journal_are_checked_from_the_first_checksummed_one(tmp_path):
    """A flipped digit in a line this version added to an old journal is damage, not another score."""
    path = tmp_path / "j.jsonl"
    lines = [{"type": "header", "version": 1, "show": SHOW, "seed": 3, "wall": 1.0}] + \
        [{**c.to_json(cmd), "wall": 2.0} for cmd in PLAY]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    journal, _ = Journal.open(path, SHOW)
    journal.append(c.ScoreAdd(at=7, team=1, points=100))
    journal.append(c.Go(at=8))
    journal.close()
    intact = path.read_bytes()
    added = len(lines) + 1
    _set_line(path, added, _lines(path)[added - 1].replace(b'"points": 100', b'"points": 900'))
    with pytest.raises(JournalDamaged) as caught:
        _load(path)
    assert caught.value.damage.line == added and "checksum" in str(caught.value)
    path.write_bytes(intact)  # after a checksummed line, one without a checksum is damage too
    _set_line(path, added + 1, json.dumps({**c.to_json(c.Go(at=8)), "wall": 3.0}).encode())
    with pytest.raises(JournalDamaged) as caught:
        _load(path)
    assert caught.value.damage.line == added + 1 and "no checksum" in str(caught.value)
    path.write_bytes(intact)
    assert _load(path).commands == [*PLAY, c.ScoreAdd(at=7, team=1, points=100), c.Go(at=8)]


@given(st.binary(max_size=300))
@settings(max_examples=300, deadline=None)
def test_any_bytes_are_a_line_or_a_line_error(raw):
    for checked in (True, False):
        try:
            data = parse_line(raw, checked)
        except LineError:
            continue
        assert isinstance(data, dict)
        try:
            parse_command(data)
        except LineError:
            pass


@st.composite
def _commands(draw):
    kind = draw(st.sampled_from([c.Go, c.Undo, c.Buzz, c.ScoreAdd, c.Judge]))
    at = draw(st.floats(0, 1e6, allow_nan=False))
    if kind is c.Buzz:
        return c.Buzz(at=at, team=draw(st.integers(0, 2)))
    if kind is c.ScoreAdd:
        return c.ScoreAdd(at=at, team=draw(st.integers(0, 2)), points=draw(st.integers(-10**6, 10**6)))
    if kind is c.Judge:
        return c.Judge(at=at, correct=draw(st.booleans()))
    return kind(at=at)


@given(_commands(), st.data())
@settings(max_examples=300, deadline=None)
def test_any_single_byte_changed_in_a_line_is_found(cmd, data):
    line = encode_line({**c.to_json(cmd), "wall": 1.5}, Cursor(seq=4, crc=77))[:-1]
    assert parse_command(read_line(line, Cursor(seq=4, crc=77))) == cmd
    at = data.draw(st.integers(0, len(line) - 1))
    byte = data.draw(st.integers(0, 255).filter(lambda b: b != line[at]))
    with pytest.raises(LineError):
        read_line(line[:at] + bytes([byte]) + line[at + 1:], Cursor(seq=4, crc=77))


@given(st.binary(max_size=200), st.booleans())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_tail_after_a_good_journal_loads_or_says_why(tmp_path, tail, resume):
    path = tmp_path / "fuzz.jsonl"
    for stale in tmp_path.glob("fuzz*"):
        stale.unlink()
    _write_show(path, PLAY[:2])
    with path.open("ab") as f:
        f.write(tail)
    try:
        loaded = _load(path, resume_to_damage=resume)
    except JournalError as why:
        _one_clear_line(str(why), str(path))
    else:
        assert loaded.commands[:2] == PLAY[:2]


# --- 10. start-up faults: one clear line each ------------------------------------------------------------

HEADER = {"type": "header", "version": 1, "show": SHOW, "seed": 3}


def _v1(path: Path, *lines: object) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


@pytest.mark.parametrize("lines, where, what", [
    ([HEADER, [1, 2, 3]], ":2:", "a JSON list, not an object"),
    ([HEADER, None], ":2:", "a JSON NoneType, not an object"),
    ([HEADER, {"type": "ScoreAdd", "at": 1, "team": "two", "points": 5}], ":2:", "'team' is 'two', not int"),
    ([HEADER, {"type": "Go"}], ":2:", "'at' is missing"),
    ([HEADER, {"type": "Go", "at": float("inf")}], ":2:", "'at' is 'inf'"),
    ([{"type": "header", "version": 1, "show": SHOW}], ":1:", "no whole-number seed"),
    ([{**HEADER, "seed": "7"}], ":1:", "no whole-number seed"),
    ([[1, 2, 3]], ":1:", "the journal header is damaged (a JSON list, not an object)"),
    ([None], ":1:", "the journal header is damaged (a JSON NoneType, not an object)"),
    ([{"type": "Go", "at": 1}], ":1:", "expected the journal header"),
    ([{**HEADER, "version": 9}], ":1:", "version 9"),
])
def test_a_bad_line_at_start_up_is_one_clear_line(tmp_path, lines, where, what):
    path = tmp_path / "j.jsonl"
    _v1(path, *lines)
    with pytest.raises(JournalError) as caught:
        _load(path)
    _one_clear_line(str(caught.value), f"{path}{where}")
    assert what in str(caught.value)


def test_a_journal_path_that_is_a_folder_is_one_clear_line(tmp_path):
    with pytest.raises(JournalError, match="is a folder") as caught:
        _load(tmp_path)
    _one_clear_line(str(caught.value), str(tmp_path))


def test_a_device_as_the_journal_is_refused_not_read_for_ever(tmp_path):
    with pytest.raises(JournalError, match="not a regular file"):
        _load(Path("/dev/zero"))


def _unprivileged() -> list[str]:
    """Root reads and writes anything: the permission tests drop the capabilities that allow it."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permissions cannot be denied")
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"]


OPEN_WORKER = textwrap.dedent("""
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from quizshow.runtime.journal.file import Journal, JournalError
    try:
        Journal.open(Path(sys.argv[1]), "show", seed=1)
    except JournalError as why:
        print(why)
        sys.exit(1)
""")


def _open_elsewhere(path: Path, *prefix: str, limit: str = "") -> subprocess.CompletedProcess[str]:
    code = OPEN_WORKER if not limit else (
        "import resource, signal; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))\n"
        + OPEN_WORKER)
    return subprocess.run([*prefix, sys.executable, "-c", code, str(path), str(ROOT)], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)


@pytest.fixture
def shared_dir():
    folder = Path(tempfile.mkdtemp(prefix="quizshow-perm-"))
    yield folder
    for sub in folder.rglob("*"):
        sub.chmod(0o700)
    shutil.rmtree(folder)


def test_a_journal_without_permission_is_one_clear_line(shared_dir):
    path = shared_dir / "j.jsonl"
    _write_show(path, PLAY[:1])
    path.chmod(0o000)
    out = _open_elsewhere(path, *_unprivileged())
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
    _one_clear_line(out.stdout.strip(), str(path))
    assert "permission denied" in out.stdout.lower()


def test_a_read_only_show_folder_is_one_clear_line(shared_dir):
    folder = shared_dir / "show"
    folder.mkdir()
    folder.chmod(0o555)
    out = _open_elsewhere(folder / "j.jsonl", *_unprivileged())
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
    _one_clear_line(out.stdout.strip(), str(folder / "j.jsonl"))
    assert "--journal PATH" in out.stdout


def test_a_full_disk_at_start_up_is_one_clear_line(tmp_path):
    path = tmp_path / "j.jsonl"
    out = _open_elsewhere(path, limit="10")  # the header is cut short after 10 bytes, then refused
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
    _one_clear_line(out.stdout.strip(), str(path))
    assert "cannot write the journal" in out.stdout


# --- 11. one process per journal ----------------------------------------------------------------------


def test_a_second_process_on_the_same_journal_is_told_who_holds_it(tmp_path):
    path = tmp_path / "j.jsonl"
    journal, _ = Journal.open(path, SHOW, seed=1)
    try:
        out = _open_elsewhere(path)
        assert out.returncode == 1 and f"in use by process {os.getpid()}" in out.stdout, out.stdout + out.stderr
        with pytest.raises(JournalLocked):  # also a second open in this process
            Journal.open(path, SHOW)
    finally:
        journal.close()
    assert _open_elsewhere(path).returncode == 0  # released on close


def test_the_command_line_refuses_a_damaged_journal_and_a_locked_one_without_a_traceback(tmp_path):
    show = ROOT / "shows" / "demo.yaml"
    path = tmp_path / "j.jsonl"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}

    def run(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(ROOT / "main.py"), str(show), "--headless", "--journal", str(path),
                               *extra], capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)

    journal, _ = Journal.open(path, str(show.resolve()), seed=1)
    journal.append(c.Go(at=1))
    try:
        out = run()
        assert out.returncode == 1 and f"in use by process {os.getpid()}" in out.stderr
    finally:
        journal.close()
    lines = _lines(path)
    lines[1] = lines[1].replace(b'"Go"', b'"Gx"')
    path.write_bytes(b"\n".join(lines))
    out = run()
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert f"{path}:2: damaged journal line" in out.stderr and "--resume-to-damage" in out.stderr


def test_crc_is_of_the_line_bytes_before_the_field_chained_to_the_previous_line():
    line = encode_line({"type": "Go", "at": 1}, Cursor(seq=6, crc=1234))
    body, _, crc = line.rstrip(b"}\n").rpartition(b', "crc": ')
    assert body.endswith(b', "seq": 7') and int(crc) == zlib.crc32(body + b"}", 1234)


# --- 12. resume from a snapshot and the tail ----------------------------------------------------------


def _played_with_snapshots(path: Path, monkeypatch) -> Engine:
    monkeypatch.setattr(journal_module, "SNAPSHOT_EVERY", 5)
    journal, loaded = Journal.open(path, SHOW, seed=3)
    engine = demo_engine(3)
    for i in range(23):
        cmd = c.Undo(at=i) if i % 4 == 3 else c.ScoreAdd(at=i, team=i % 3, points=i)
        dispatch_journalled(engine, journal, cmd)
    journal.close()
    return engine


def test_a_resume_reads_the_snapshot_and_replays_only_the_tail(tmp_path, monkeypatch):
    path = tmp_path / "j.jsonl"
    live = _played_with_snapshots(path, monkeypatch)
    loaded = _load(path)
    assert loaded.snapshot is not None and 0 < len(loaded.commands) < 5
    engine = demo_engine(loaded.seed)
    loaded.restore(engine)
    assert engine.state == live.state and engine.entries == live.entries
    assert engine.dispatch(c.Undo(at=99)).undone == live.dispatch(c.Undo(at=99)).undone  # undo reaches back


def test_a_damaged_line_before_the_snapshot_is_still_reported(tmp_path, monkeypatch):
    path = tmp_path / "j.jsonl"
    _played_with_snapshots(path, monkeypatch)
    _set_line(path, 2, _lines(path)[1].replace(b'"points": 1,', b'"points": 7,'))
    with pytest.raises(JournalDamaged, match=":2:"):
        _load(path)


def test_a_damaged_snapshot_costs_a_full_replay_only(tmp_path, monkeypatch):
    path = tmp_path / "j.jsonl"
    live = _played_with_snapshots(path, monkeypatch)
    snapshot = path.with_name(path.name + ".snapshot")
    snapshot.write_bytes(snapshot.read_bytes()[:-10] + b"\0" * 10)
    loaded = _load(path)
    assert loaded.snapshot is None and len(loaded.commands) == 22  # the +0 changed nothing
    engine = demo_engine(loaded.seed)
    loaded.restore(engine)
    assert engine.state == live.state and engine.entries == live.entries


def test_a_press_applied_on_a_box_reader_leaves_the_snapshot_to_the_window_thread(tmp_path, monkeypatch):
    """Pickling the engine on a box reader delayed that press: a snapshot due after a command submitted
    on another thread is written at the window thread's next submit (its tick), and still fits."""
    import threading

    from quizshow.runtime.show.journalled import Runtime

    monkeypatch.setattr(journal_module, "SNAPSHOT_EVERY", 3)
    path = tmp_path / "j.jsonl"
    runtime = Runtime(demo_engine(3).format, path, SHOW, seed=3)
    for i in range(2):
        runtime.submit(c.ScoreAdd(at=i, team=0, points=10))
    reader = threading.Thread(target=runtime.submit, args=(c.ScoreAdd(at=2, team=1, points=10),))
    reader.start()
    reader.join()
    snapshot = path.with_name(path.name + ".snapshot")
    assert not snapshot.exists()
    runtime.submit(c.Tick(at=3))  # the window thread's tick: nothing changes, the snapshot is written
    assert snapshot.exists()
    runtime.close()
    loaded = _load(path)
    assert loaded.snapshot is not None and loaded.commands == []
    engine = demo_engine(loaded.seed)
    loaded.restore(engine)
    assert engine.state == runtime.state
