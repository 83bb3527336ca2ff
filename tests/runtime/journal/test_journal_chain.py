"""Issue 23: a journal line is believed only where it stands (sequence numbers, chained checksums, every
field there and in range), a journal shorter than its snapshot is reported, and a resume that replayed
a day leaves a snapshot behind."""

from __future__ import annotations

import json
import tempfile
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.journal import Cursor, advance, encode_line
from quizshow.runtime.journal import file as journal_module
from quizshow.runtime.journal.file import Journal, JournalDamaged, JournalError, dispatch_journalled
from quizshow.runtime.show.journalled import Runtime
from tests.conftest import ROOT, demo_config, demo_engine, notices

SHOW = "show"
PLAY = [c.Go(at=1), c.Buzz(at=2, team=1), c.Judge(at=3, correct=True), c.ScoreAdd(at=4, team=0, points=50),
        c.Go(at=5), c.ScoreAdd(at=6, team=2, points=100), c.ScoreAdd(at=7, team=1, points=-50)]


def _write(path: Path, commands: list[c.Command] = PLAY, seed: int = 3) -> Engine:
    journal, _ = Journal.open(path, SHOW, seed=seed)
    engine = demo_engine(seed)
    for cmd in commands:
        dispatch_journalled(engine, journal, cmd, snapshot=False)
    journal.close()
    return engine


def _load(path: Path, **kwargs: Any):
    journal, loaded = Journal.open(path, SHOW, teams=3, **kwargs)
    journal.close()
    return loaded


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def _body(line: bytes) -> dict[str, Any]:
    data = json.loads(line[:line.rfind(b', "seq": ')] + b"}")
    assert isinstance(data, dict)
    return data


def _reseal(path: Path, number: int, change) -> None:
    """Change line `number`'s object and write every line from it on with a valid sequence and chain, as
    a tool that recomputes checksums would: the line is believable by its checksum alone."""
    lines = _lines(path)
    cursor = Cursor(seq=number - 1, crc=int(lines[number - 2].rsplit(b" ", 1)[1].rstrip(b"}")))
    for i in range(number - 1, len(lines)):
        data = _body(lines[i])
        if i == number - 1:
            change(data)
        lines[i] = encode_line(data, cursor)[:-1]
        advance(cursor, lines[i] + b"\n")
    path.write_bytes(b"".join(line + b"\n" for line in lines))


def _resumed(loaded) -> Engine:
    engine = demo_engine(loaded.seed)
    loaded.restore(engine)
    return engine


# --- item 2: a line with a valid checksum is still refused if it is wrong where it stands ----------------


def test_a_line_with_its_team_removed_is_refused_not_given_to_team_0(tmp_path):
    path = tmp_path / "j.jsonl"
    _write(path)
    _reseal(path, 5, lambda data: data.pop("team"))  # ScoreAdd(team=0, points=50) without its team
    with pytest.raises(JournalDamaged) as caught:
        _load(path)
    assert caught.value.damage.line == 5 and "'team' is missing (expected int)" in str(caught.value)
    assert f"{path}:5: damaged journal line" in str(caught.value)


def test_a_line_with_its_points_removed_is_refused_not_dropped(tmp_path):
    path = tmp_path / "j.jsonl"
    _write(path)
    _reseal(path, 7, lambda data: data.pop("points"))
    with pytest.raises(JournalDamaged, match=r":7: damaged journal line: ScoreAdd: 'points' is missing"):
        _load(path)


@pytest.mark.parametrize("field, value, expected", [
    ("team", 99, "'team' is 99, expected a team index from 0 to 2 (the show has 3 teams)"),
    ("team", -1, "'team' is -1, expected a team index from 0 to 2"),
    ("points", 10**12, "'points' is 1000000000000, expected from -999999999 to 999999999"),
])
def test_a_value_out_of_range_is_refused_at_its_line_not_skipped_on_replay(tmp_path, field, value, expected):
    path = tmp_path / "j.jsonl"
    _write(path)
    _reseal(path, 7, lambda data: data.update({field: value}))
    with pytest.raises(JournalDamaged) as caught:
        _load(path)
    assert caught.value.damage.line == 7 and expected in str(caught.value)


def test_the_runtime_checks_team_indices_against_the_shows_teams(tmp_path):
    path = tmp_path / "j.jsonl"
    journal, _ = Journal.open(path, SHOW, seed=3)
    journal.append(c.ScoreAdd(at=1, team=0, points=10))
    journal.close()
    _reseal(path, 2, lambda data: data.update(team=3))  # the demo show has teams 0, 1 and 2
    with pytest.raises(JournalDamaged, match="expected a team index from 0 to 2"):
        Runtime(demo_engine(3).format, path, SHOW)


def test_a_duplicated_line_is_found_at_its_line_not_applied_twice(tmp_path):
    path = tmp_path / "j.jsonl"
    _write(path)
    lines = _lines(path)
    path.write_bytes(b"".join(line + b"\n" for line in [*lines[:5], lines[4], *lines[5:]]))
    with pytest.raises(JournalDamaged) as caught:
        _load(path)
    assert caught.value.damage.line == 6 and "sequence number 5 where 6 was expected" in caught.value.damage.what
    assert "repeated" in caught.value.damage.what


def test_a_removed_line_is_found_where_it_is_missing(tmp_path):
    path = tmp_path / "j.jsonl"
    _write(path)
    lines = _lines(path)
    path.write_bytes(b"".join(line + b"\n" for line in [*lines[:3], *lines[4:]]))
    with pytest.raises(JournalDamaged) as caught:
        _load(path)
    assert caught.value.damage.line == 4 and "1 line(s) before it are missing" in caught.value.damage.what
    assert caught.value.damage.lost_commands == ("Go", "ScoreAdd", "ScoreAdd")  # named, to recognise the moment


def test_two_lines_swapped_are_found_at_the_first(tmp_path):
    path = tmp_path / "j.jsonl"
    _write(path)
    lines = _lines(path)
    lines[3], lines[4] = lines[4], lines[3]
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    with pytest.raises(JournalDamaged, match=f"{path}:4: damaged journal line: sequence number 5 where 4"):
        _load(path)


def test_a_line_slipped_in_with_the_right_number_breaks_the_chain(tmp_path):
    path, other = tmp_path / "j.jsonl", tmp_path / "other.jsonl"
    _write(path)
    _write(other, [*PLAY[:3], c.ScoreAdd(at=4, team=0, points=500)])  # the same show, another day
    lines = _lines(path)
    lines[4] = _lines(other)[4]  # its line 5: sequence 5, a checksum of its own chain
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    with pytest.raises(JournalDamaged, match=":5: damaged journal line: the checksum does not match"):
        _load(path)


# --- item 2: a journal shorter than its snapshot ------------------------------------------------------


def _with_snapshot(path: Path, monkeypatch, show: str = SHOW) -> tuple[Engine, int]:
    """23 commands, a snapshot every 5 lines: (the engine, the lines the last snapshot covers)."""
    monkeypatch.setattr(journal_module, "SNAPSHOT_EVERY", 5)
    journal, _ = Journal.open(path, show, seed=3)
    engine = demo_engine(3)
    for i in range(23):
        dispatch_journalled(engine, journal, c.ScoreAdd(at=i, team=i % 3, points=i + 1))
    journal.close()
    head = json.loads(path.with_name(path.name + ".snapshot").read_bytes().partition(b"\n")[0])
    return engine, head["cursor"][1]


def test_a_journal_cut_in_the_middle_is_reported_not_repaired_as_a_torn_line(tmp_path, monkeypatch):
    path = tmp_path / "j.jsonl"
    _, covers = _with_snapshot(path, monkeypatch)
    raw = path.read_bytes()
    cut = sum(len(line) + 1 for line in _lines(path)[:6]) + 20  # in the middle of line 7
    path.write_bytes(raw[:cut])
    with pytest.raises(JournalDamaged) as caught:
        _load(path)
    damage = caught.value.damage
    assert damage.short and damage.line == 7 and damage.lost_lines == covers - 6
    assert f"{path}:7: the journal is cut short: after line 6 there are no {covers - 6} acknowledged" \
        in str(caught.value)
    assert "--resume-to-damage" in str(caught.value) and "--fresh" in str(caught.value)
    assert path.read_bytes() == raw[:cut]  # nothing changed until the operator decides


def test_resuming_a_short_journal_from_its_last_good_line_says_what_is_missing(tmp_path, monkeypatch):
    path, show = tmp_path / "j.jsonl", str(demo_config().path)
    _, covers = _with_snapshot(path, monkeypatch, show)
    raw = path.read_bytes()
    path.write_bytes(raw[:sum(len(line) + 1 for line in _lines(path)[:6]) + 20])
    app = ShowApp(demo_config(), journal_path=path, sound=False, resume_to_damage=True)
    try:
        assert [cmd.at for cmd in app.runtime.loaded.commands][:5] == [0, 1, 2, 3, 4]
        texts = [n.text for n in notices(app)]
        assert any(f"после строки 6 нет {covers - 6} подтверждённых команд" in t for t in texts), texts
        assert app.runtime.loaded.kept_as is not None and app.runtime.loaded.kept_as.exists()
    finally:
        app.close()
    journal, loaded = Journal.open(path, show)  # the operator's word stands: the next restart is clean
    journal.close()
    expected = demo_engine(3)
    for i in range(5):
        expected.dispatch(c.ScoreAdd(at=i, team=i % 3, points=i + 1))
    assert loaded.damage is None and _resumed(loaded).state == expected.state


def test_a_journal_ending_at_a_whole_line_before_its_snapshot_is_reported(tmp_path, monkeypatch):
    path = tmp_path / "j.jsonl"
    _, covers = _with_snapshot(path, monkeypatch)
    path.write_bytes(b"".join(line + b"\n" for line in _lines(path)[:10]))
    with pytest.raises(JournalDamaged, match=f"after line 10 there are no {covers - 10} acknowledged"):
        _load(path)


# --- item 2: old journals ---------------------------------------------------------------------------


def _v2_line(data: dict[str, Any]) -> bytes:
    body = json.dumps(data).encode()
    return body[:-1] + b', "crc": ' + str(zlib.crc32(body)).encode() + b"}\n"


def test_a_version_2_journal_resumes_and_lines_added_to_it_are_chained(tmp_path):
    path = tmp_path / "j.jsonl"
    lines = [{"type": "header", "version": 2, "show": SHOW, "seed": 3, "wall": 1.0},
             *({**c.to_json(cmd), "wall": 2.0} for cmd in PLAY)]
    path.write_bytes(b"".join(_v2_line(line) for line in lines))
    assert _load(path).commands == PLAY
    journal, _ = Journal.open(path, SHOW)
    journal.append(c.Go(at=9))
    journal.close()
    added = _lines(path)[-1]
    assert added.endswith(b"}") and b', "seq": 9, "crc": ' in added
    assert _load(path).commands == [*PLAY, c.Go(at=9)]
    whole = path.read_bytes()
    path.write_bytes(whole.replace(_lines(path)[-2] + b"\n", b""))  # the last old line removed: found
    with pytest.raises(JournalDamaged, match=":8: damaged journal line: sequence number 9 where 8"):
        _load(path)


# --- item 3: a resume that replayed the day writes a snapshot --------------------------------------------


def test_a_resume_without_a_snapshot_writes_one_so_the_next_replays_only_the_tail(tmp_path, monkeypatch):
    monkeypatch.setattr(journal_module, "SNAPSHOT_EVERY", 5)
    path = tmp_path / "j.jsonl"
    live = _write(path, [c.ScoreAdd(at=i, team=i % 3, points=i + 1) for i in range(23)])  # no snapshot
    snapshot = path.with_name(path.name + ".snapshot")
    assert not snapshot.exists()
    runtime = Runtime(demo_engine(3).format, path, SHOW)
    runtime.close()
    assert snapshot.exists()
    loaded = _load(path)
    assert loaded.snapshot is not None and loaded.commands == []
    assert _resumed(loaded).state == live.state


def test_a_resume_from_a_stale_snapshot_writes_a_new_one(tmp_path, monkeypatch):
    path = tmp_path / "j.jsonl"
    live, _ = _with_snapshot(path, monkeypatch)
    snapshot = path.with_name(path.name + ".snapshot")
    head, _, data = snapshot.read_bytes().partition(b"\n")
    snapshot.write_bytes(head + b"\n" + data[:-4] + b"\0\0\0\0")  # damaged: costs a full replay
    runtime = Runtime(demo_engine(3).format, path, SHOW)
    runtime.close()
    loaded = _load(path)
    assert loaded.snapshot is not None and loaded.commands == []
    assert _resumed(loaded).state == live.state


def test_a_short_resume_from_a_fitting_snapshot_writes_none(tmp_path, monkeypatch):
    path = tmp_path / "j.jsonl"
    _with_snapshot(path, monkeypatch)
    snapshot = path.with_name(path.name + ".snapshot")
    before = snapshot.read_bytes()
    Runtime(demo_engine(3).format, path, SHOW).close()
    assert snapshot.read_bytes() == before  # three lines after it: not worth a snapshot


# --- item 2: random damage is reported or harmless (hypothesis) ----------------------------------------


Real = tuple[bytes, bytes, int, Engine]


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Real:
    """A real journal of 40 commands (scores, undos, buzzes) and its snapshot after line 31."""
    path = tmp_path_factory.mktemp("real") / "j.jsonl"
    journal, _ = Journal.open(path, SHOW, seed=3)
    engine = demo_engine(3)
    for i in range(40):
        cmd = c.Undo(at=i) if i % 7 == 6 else c.Buzz(at=i, team=i % 3) if i % 5 == 4 else \
            c.ScoreAdd(at=i, team=i % 3, points=(i + 1) * 10)
        dispatch_journalled(engine, journal, cmd, snapshot=False)
        if i == 29:
            journal.write_snapshot(engine)
    journal.close()
    snapshot = path.with_name(path.name + ".snapshot").read_bytes()
    return path.read_bytes(), snapshot, json.loads(snapshot.partition(b"\n")[0])["offset"], engine


@st.composite
def _damage(draw, real: Real) -> tuple[str, bytes]:
    raw, _, covered, _ = real
    lines = raw.split(b"\n")[:-1]
    kind = draw(st.sampled_from(["flip", "drop_byte", "add_byte", "drop_line", "repeat_line", "swap", "move",
                                 "cut", "blank"]))
    n = draw(st.integers(1, len(lines) - 2))  # the last line removed is a cut: "cut" below
    m = draw(st.integers(1, len(lines) - 1))
    at = draw(st.integers(0, len(raw) - 1))
    return kind, _damaged(draw, kind, raw, lines, n, m, at, covered)


def _damaged(draw, kind: str, raw: bytes, lines: list[bytes], n: int, m: int, at: int, covered: int) -> bytes:
    if kind == "flip":
        return raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1:]
    if kind == "drop_byte":
        return raw[:at] + raw[at + 1:]
    if kind == "add_byte":
        return raw[:at] + bytes([draw(st.integers(0, 255))]) + raw[at:]
    if kind == "cut":  # anywhere in what the snapshot covers (at covered - 1 only the last covered line's
        # newline goes: every covered line is whole, and what is lost is past the snapshot, the documented limit)
        return raw[:draw(st.integers(0, covered - 2))]
    if kind == "drop_line":
        lines.pop(n)
    elif kind == "repeat_line":
        lines.insert(m, lines[n])
    elif kind == "swap":
        lines[n], lines[m] = lines[m], lines[n]
    elif kind == "move":
        lines.insert(m, lines.pop(n))
    else:
        lines.insert(n, b"")
    return b"".join(line + b"\n" for line in lines)


@given(st.data(), st.booleans())
@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
def test_random_damage_to_a_real_journal_is_reported_or_harmless(real, tmp_path, data, with_snapshot):
    """Every kind of damage but one is found by the lines themselves; a journal cut short is found by
    its snapshot (a cut after the last snapshot reads as a crash's torn line: docs/reliability.md)."""
    kind, damaged = data.draw(_damage(real), label="damage")
    assume(with_snapshot or kind != "cut")
    raw, snapshot, _, live = real
    with tempfile.TemporaryDirectory(dir=tmp_path) as folder:  # each example's own
        path = Path(folder) / "j.jsonl"
        path.write_bytes(damaged)
        if with_snapshot:
            path.with_name(path.name + ".snapshot").write_bytes(snapshot)
        try:
            loaded = _load(path)
        except JournalError as why:
            assert "\n" not in str(why) and str(path) in str(why)  # reported: one clear line, where
            return
        engine = _resumed(loaded)
        assert engine.state == live.state and engine.entries == live.entries, \
            f"unreported damage changed the show (repaired: {loaded.repaired})"


def test_the_command_line_stops_on_a_cut_short_journal_with_the_choice(tmp_path, monkeypatch):
    import os
    import subprocess
    import sys

    root = ROOT
    show = root / "shows" / "demo.yaml"
    path = tmp_path / "j.jsonl"
    _, covers = _with_snapshot(path, monkeypatch, str(show.resolve()))
    path.write_bytes(b"".join(line + b"\n" for line in _lines(path)[:8]))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, str(root / "main.py"), str(show), "--headless", "--journal", str(path)],
                         capture_output=True, text=True, timeout=60, env=env, cwd=root)
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
    assert f"{path}:9: the journal is cut short: after line 8 there are no {covers - 8} acknowledged" in out.stderr
    assert "--resume-to-damage" in out.stderr and "--fresh" in out.stderr
