"""Follower screens, issue 26 (what remained): the main show's engine served as safe data (`GET /follow/snapshot`,
core/datacodec.py, runtime/follow/snapshot.py), checked against the journal's chain, so a follower started late
replays only the tail. Round trips over every format's walks, the decoder fuzzed, two real processes."""

from __future__ import annotations

import dataclasses
import json
import signal
import typing
import urllib.error
import urllib.request
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.assemble import make_format
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.core.clock import ManualClock
from quizshow.core.datacodec import MAX_DEPTH, Known, SnapshotError, decode, encode
from quizshow.core.engine import Engine
from quizshow.core.format import Refused
from quizshow.core.journal import TEAM_FIELDS, Cursor, advance, command_line, encode_line, header_line, line_end
from quizshow.event_file import load_any
from quizshow.runtime.follow.client import Follower, Item, Replica, Snapshot, parse_snapshot
from quizshow.runtime.follow.snapshot import _commands, engine_types, read_engine, write_engine
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.follow_kit import PASSCODE, WAIT_S, Proc, add_score, main_state, make_show, procs, start_main
from tests.osc_desk import Desk

__all__ = ["procs"]  # the fixture, shared with tests/runtime/follow/test_follow.py

SHOWS = sorted(p.name for p in (ROOT / "shows").glob("*.yaml"))
COMMANDS = [cls for cls in _commands(c.Command) if dataclasses.fields(cls)]
WORDS = ["stall", "penalty", "audience_hint", "appeal_accepted", "ev_standings", "ev_bracket", "ev_next", "A1", "1",
         "2:1", "Столица", ""]


@cache
def engine_of(show: str) -> Engine:
    config = load_any(ROOT / "shows" / show, Problems())
    assert config is not None
    return Engine(make_format(config), 7)


def _value(name: str, hint: object, teams: int) -> st.SearchStrategy[object]:
    args = typing.get_args(hint)
    if type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return st.none() | _value(name, inner, teams)
    if hint is bool:
        return st.booleans()
    if hint is int and name == "extra_appeal":  # a table (0, 1): a team away from the tables is an IndexError
        return st.integers(0, 1)  # in brainring's on_withdraw, not a refusal (no input sends one; told the lead)
    if hint is int and name in TEAM_FIELDS:  # the journal and every input check a team against the show's
        return st.integers(0, teams - 1)
    if hint is int:
        return st.integers(-50, 100) if name in ("points", "amount", "value") else st.integers(0, 4)
    if hint is float:
        return st.floats(0, 30)
    return st.sampled_from(WORDS)


def _command(cls: type[c.Command], teams: int) -> st.SearchStrategy[c.Command]:
    hints = typing.get_type_hints(cls)
    fields = {f.name: _value(f.name, hints[f.name], teams) for f in dataclasses.fields(cls) if f.name != "at"}
    return st.fixed_dictionaries(fields).map(lambda kw: cls(at=0.0, **kw))


def walks(show: str) -> st.SearchStrategy[list[tuple[c.Command, float]]]:
    """Mostly Next, the clock's ticks, undo and back, and any command of any format with small values."""
    teams = len(engine_of(show).state.teams)
    step = st.one_of(st.just(c.Go(at=0.0)), st.just(c.Go(at=0.0)), st.just(c.Go(at=0.0)), st.just(c.Tick(at=0.0)),
                     st.just(c.Undo(at=0.0)), st.just(c.Back(at=0.0)), st.just(c.TimerStart(at=0.0)),
                     st.sampled_from(COMMANDS).flatmap(lambda cls: _command(cls, teams)))
    return st.lists(st.tuples(step, st.floats(0.1, 25)), max_size=40)


def walked(show: str, walk: list[tuple[c.Command, float]]) -> Engine:
    base = engine_of(show)
    engine = Engine(base.format, 7)
    at = 1.0
    for command, dt in walk:
        at += dt
        try:
            engine.dispatch(dataclasses.replace(command, at=at))
        except (Refused, ValueError):
            pass  # what the show would refuse (a value no console sends)
    return engine


@pytest.mark.parametrize("show", SHOWS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_snapshot_decodes_to_the_same_engine_for_every_format_walked(show, data):
    engine = walked(show, data.draw(walks(show)))
    snapshot = engine.snapshot()
    back = read_engine(write_engine(engine), show)
    assert back == snapshot
    assert [type(b) for b in back["before"]] == [type(b) for b in snapshot["before"]]
    assert type(back["state"].phase) is type(engine.state.phase)  # the format's Phase member, not a bare str
    again = Engine(engine.format, 7)
    again.restore(back)
    step = c.Go(at=10_000.0)
    assert again.dispatch(step).state == engine.dispatch(step).state  # it plays on the same


def _only_known(value: object, known: Known, depth: int = 0) -> None:
    assert depth < 200
    if value is None or type(value) in (bool, int, float, str):
        return
    if type(value) in (tuple, list, frozenset):
        for item in value:  # type: ignore[attr-defined]
            _only_known(item, known, depth + 1)
    elif type(value) is dict:
        for key, item in value.items():
            _only_known(key, known, depth + 1)
            _only_known(item, known, depth + 1)
    else:
        assert type(value) in known.by_class, type(value)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=30)
NAMES = st.sampled_from([*list(engine_types().by_name)[:12], "builtins:eval", "os:system", "subprocess:Popen",
                         "pickle:loads", "quizshow.runtime.journal.file:Journal", "quizshow.core.state:Nope"])
ROW = st.one_of(st.tuples(st.integers(-1, 6)).map(list), st.lists(JSON, max_size=6),
                st.tuples(st.sampled_from(["t", "l", "s", "d", "e", "x"]), JSON, JSON).map(list),
                st.tuples(st.just("e"), st.integers(0, 6), st.sampled_from(["buzz", "title", "nope", 3])).map(list))


@st.composite
def documents(draw) -> bytes:
    names = draw(st.lists(NAMES, max_size=6))
    table = [[n, list(engine_types().by_name[n].fields) if n in engine_types().by_name and draw(st.booleans())
              else draw(st.lists(st.text(max_size=4), max_size=3))] for n in names]
    doc = {"quizshow": "state", "version": 1, "types": table, "rows": draw(st.lists(ROW, max_size=12)),
           "root": draw(JSON | st.tuples(st.integers(0, 12)).map(list))}
    return json.dumps(doc).encode()


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=400) | documents())
def test_the_snapshot_decoder_refuses_garbage_with_a_clear_message_and_builds_only_known_types(data):
    known = engine_types()
    try:
        value = decode(data, known, "http://main/follow/snapshot")
    except SnapshotError as why:
        assert str(why).startswith("http://main/follow/snapshot: ") and "\n" not in str(why)
        return
    _only_known(value, known)


@settings(max_examples=12, deadline=None)
@given(at=st.integers(0, 10_000), junk=st.binary(min_size=1, max_size=6))
def test_a_damaged_snapshot_is_refused_or_reads_as_known_data_never_anything_else(at, junk):
    data = write_engine(walked("svoyak.yaml", [(c.Go(at=0), 1.0)] * 3))
    cut = at % len(data)
    damaged = data[:cut] + junk + data[cut + len(junk):]
    try:
        read_engine(damaged, "snap")
    except SnapshotError as why:
        assert str(why).startswith("snap")


def test_the_snapshot_decoder_never_builds_a_type_it_was_not_given():
    """A name from the data is only ever looked up among the known types: nothing is imported or called."""
    for name in ("builtins:eval", "os:system", "subprocess:Popen", "pickle:loads",
                 "quizshow.runtime.journal.file:Journal"):
        doc = {"quizshow": "state", "version": 1, "types": [[name, ["cmd"]]], "rows": [[0, "echo hi"]], "root": [0]}
        with pytest.raises(SnapshotError, match=rf"types\[0\]: '{name}' is not a type a snapshot may hold"):
            decode(json.dumps(doc).encode(), engine_types(), "snap")


def test_a_field_that_does_not_fit_its_annotation_is_refused_at_its_row():
    team = ["quizshow.core.state:Team", ["name", "color", "score", "captain", "players"]]
    doc = {"quizshow": "state", "version": 1, "types": [team], "rows": [["t"], [0, "Анна", "", "many", None, [0]]],
           "root": [1]}
    with pytest.raises(SnapshotError, match=r"snap: row 1: quizshow.core.state:Team.score is 'many', expected int"):
        decode(json.dumps(doc).encode(), engine_types(), "snap")
    doc["types"] = [[team[0], ["name", "score"]]]  # other code's fields
    with pytest.raises(SnapshotError, match="has other fields here"):
        decode(json.dumps(doc).encode(), engine_types(), "snap")


def test_the_snapshot_decoder_refuses_rows_nested_too_deep_and_forward_references():
    rows: list[list[object]] = [["t", 1]] + [["t", [n]] for n in range(MAX_DEPTH + 5)]
    doc = {"quizshow": "state", "version": 1, "types": [], "rows": rows, "root": [len(rows) - 1]}
    with pytest.raises(SnapshotError, match=f"nested more than {MAX_DEPTH} deep"):
        decode(json.dumps(doc).encode(), engine_types(), "snap")
    doc = {"quizshow": "state", "version": 1, "types": [], "rows": [["t", [1]], ["t"]], "root": [0]}
    with pytest.raises(SnapshotError, match=r"row 0: \[1\] is not \[an earlier row\]"):
        decode(json.dumps(doc).encode(), engine_types(), "snap")
    with pytest.raises(SnapshotError, match="not a JSON document"):
        decode(b"[" * 100_000, engine_types(), "snap")


def test_the_encoder_refuses_a_type_it_does_not_know():
    with pytest.raises(SnapshotError, match="pathlib.PosixPath is not a type a snapshot holds"):
        encode({"path": Path("/etc")}, Known([]))


# --- the follower's side: a snapshot that does not fit the chain is dropped -------------------------------------


def _journal_lines(show_id: str, count: int) -> list[str]:
    cursor = Cursor()
    lines = []
    for n in range(count):
        data = header_line(show_id, 3, 0.0) if n == 0 else command_line(c.ScoreAdd(at=n, team=n % 3, points=1), 0.0)
        line = encode_line(data, cursor)
        advance(cursor, line)
        lines.append(line.decode().rstrip("\n"))
    return lines


class FakeStream:
    def __init__(self) -> None:
        import queue

        self.items: queue.Queue[Item] = queue.Queue()
        self.generation = 0
        self.restarts: list[bool] = []

    def restart(self, use_snapshot: bool = True) -> None:
        self.generation += 1
        self.restarts.append(use_snapshot)


def _snapshot_at(lines: list[str], line: int, crc: int | None = None) -> Snapshot:
    engine = Engine(engine_of("svoyak.yaml").format, 3)
    for raw in lines[1:line]:
        engine.dispatch(c.from_json({k: v for k, v in json.loads(raw).items() if k not in ("seq", "crc", "wall")}))
    end = line_end(lines[line - 1].encode())
    assert end is not None
    return Snapshot(line, end[1] if crc is None else crc, lines[0], 1.0, read_engine(write_engine(engine), "s"))


def test_a_follower_loads_a_snapshot_that_fits_the_chain_and_replays_only_the_lines_after_it():
    lines = _journal_lines("show", 40)
    stream, told = FakeStream(), []
    replica = Replica(engine_of("svoyak.yaml").format, ManualClock())
    follower = Follower(stream, replica, lambda events, at: None, "http://main", told.append)  # type: ignore[arg-type]
    stream.items.put(Item(0, "snapshot", first=30, snapshot=_snapshot_at(lines, 30)))
    stream.items.put(Item(0, "lines", lines[29:], first=30))
    stream.items.put(Item(0, "at", number=40))
    stream.items.put(Item(0, "up", first=30))
    follower.take()
    assert told[0] == "the main show's snapshot at line 30; replaying the lines after it"
    assert follower.in_step() and stream.restarts == []
    assert replica.engine is not None and [t.score for t in replica.engine.state.teams] == [13, 13, 13]


def test_the_replicas_show_time_is_the_main_shows_moving_on_the_followers_clock():
    """A follower's clocks count down with the main show's: its time is the latest line's, carried on by the
    follower's own monotonic clock, and a line stamped before that never turns it back."""
    lines, clock = _journal_lines("show", 10), ManualClock()
    replica = Replica(engine_of("svoyak.yaml").format, clock)
    assert replica.now() == 0.0  # nothing heard yet
    for raw in lines:
        replica.apply(raw, quiet=True)
    assert replica.now() == pytest.approx(9.0)  # the last line's `at`
    clock.advance(2.5)
    assert replica.now() == pytest.approx(11.5)
    late = _journal_lines("show", 12)[10]  # stamped 10.0 by the main show, arriving when ours says 11.5
    replica.apply(late, quiet=True)
    assert replica.now() == pytest.approx(11.5)


def test_a_snapshot_that_does_not_fit_the_journals_chain_is_dropped_for_a_replay_from_line_1():
    lines = _journal_lines("show", 40)
    stream, told = FakeStream(), []
    replica = Replica(engine_of("svoyak.yaml").format, ManualClock())
    follower = Follower(stream, replica, lambda events, at: None, "http://main", told.append)  # type: ignore[arg-type]
    stream.items.put(Item(0, "snapshot", first=30, snapshot=_snapshot_at(lines, 30, crc=12345)))
    stream.items.put(Item(0, "lines", lines[29:], first=30))
    follower.take()
    assert "line 30 is not the one the snapshot was taken at" in told[1]
    assert told[1].endswith("starting over from line 1")
    assert stream.restarts == [False]  # from line 1 itself, no snapshot this time
    assert replica.engine is None and replica.lines == 0


def test_a_snapshot_head_that_is_not_line_crc_header_at_is_refused_at_its_line():
    with pytest.raises(SnapshotError, match=r"^http://main/follow/snapshot:1: the head line is not"):
        parse_snapshot(b'{"line": "3"}\n{}', "http://main/follow/snapshot")


# --- the main show's side ---------------------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path):
    from quizshow.app import ShowApp

    config = load_show(make_show(tmp_path), Problems())
    assert config is not None
    made = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False, web=True,
                   web_port=0)
    yield made
    made.close()


def test_the_main_show_serves_its_engine_at_the_journals_last_line_behind_the_passcode(app):
    assert app.web is not None
    base = f"http://127.0.0.1:{app.web.address[1]}/follow/snapshot"
    for n in range(5):
        with app.lock:
            app.submit(c.ScoreAdd(at=app.now(), team=n % 3, points=10))
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{base}?passcode=wrong", timeout=10)
    assert refused.value.code == 401
    with urllib.request.urlopen(f"{base}?passcode={urllib.request.quote(PASSCODE)}", timeout=10) as answer:
        snapshot = parse_snapshot(answer.read(), base)
    raw = app.journal.path.read_bytes().split(b"\n")
    assert snapshot.line == 6 and line_end(raw[5]) == (6, snapshot.crc) and snapshot.header == raw[0].decode()
    replica = Replica(app.engine.format, ManualClock())
    replica.load(snapshot)
    assert replica.engine is not None and replica.engine.state == app.engine.state
    assert replica.engine.entries == app.engine.entries


def test_without_a_snapshot_from_the_main_show_a_follower_replays_from_line_1(tmp_path, monkeypatch):
    """A journal of an older kind has no chain to check a snapshot against: 404, and every line is replayed."""
    import time

    from quizshow.app import ShowApp
    from quizshow.runtime.follow.client import Stream
    from quizshow.runtime.follow.server import FollowHub

    monkeypatch.setattr(FollowHub, "_make_snapshot", lambda self: None)
    config = load_show(make_show(tmp_path), Problems())
    assert config is not None
    main = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False, web=True,
                   web_port=0)
    assert main.web is not None
    base = f"http://127.0.0.1:{main.web.address[1]}"
    stream = Stream(base, PASSCODE).start()
    try:
        with main.lock:
            main.submit(c.ScoreAdd(at=main.now(), team=1, points=20))
        told: list[str] = []
        replica = Replica(main.engine.format, ManualClock())
        follower = Follower(stream, replica, lambda events, at: None, base, told.append)
        deadline = time.monotonic() + WAIT_S  # a ceiling against a hang: each wait is on the stream's own event
        while not follower.in_step() and time.monotonic() < deadline:
            stream.wake.wait(1.0)
            stream.wake.clear()
            follower.take()
        assert follower.in_step(), told
        assert told[:2] == [f"no snapshot ({base}/follow/snapshot: 404 no snapshot of this journal (an older kind of "
                            "journal): replay it from line 1); replaying from line 1", "connected, from line 1"]
        assert replica.engine is not None and replica.engine.state == main.engine.state
    finally:
        stream.stop()
        main.close()


def test_a_restart_while_the_journal_socket_opens_leaves_no_socket_asking_from_the_wrong_line(app, monkeypatch):
    """A #reset (or a chain that does not fit) restarts the stream from the drawing thread while its own thread may
    be opening a socket: that socket asks from the old start. It is closed and opened again from the new start,
    never kept (its lines were all dropped: the follower waited for ever)."""
    import time

    import aiohttp

    from quizshow.runtime.follow.client import Stream

    assert app.web is not None
    base = f"http://127.0.0.1:{app.web.address[1]}"
    with app.lock:
        app.submit(c.ScoreAdd(at=app.now(), team=2, points=40))
    stream = Stream(base, PASSCODE)
    opening = aiohttp.ClientSession.ws_connect
    kicked: list[int] = []

    def ws_connect(session, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not kicked:  # the drawing thread restarts the stream just as its socket opens
            kicked.append(stream.generation)
            stream.restart()
        return opening(session, *args, **kwargs)

    monkeypatch.setattr(aiohttp.ClientSession, "ws_connect", ws_connect)
    stream.start()
    try:
        told: list[str] = []
        replica = Replica(app.engine.format, ManualClock())
        follower = Follower(stream, replica, lambda events, at: None, base, told.append)
        deadline = time.monotonic() + 20  # a ceiling against the hang this test is about
        while not follower.in_step() and time.monotonic() < deadline:
            stream.wake.wait(1.0)
            stream.wake.clear()
            follower.take()
        assert follower.in_step(), told
        assert kicked == [0] and stream.generation == 1
        assert replica.engine is not None and replica.engine.state == app.engine.state
    finally:
        stream.stop()


# --- two real processes: a follower started late on a long day --------------------------------------------------


def write_day(path: Path, show: Path, lines: int) -> None:
    config = load_show(show, Problems())
    assert config is not None
    out = _journal_lines(str(config.path), lines)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def test_a_follower_started_late_loads_the_snapshot_replays_the_tail_and_again_after_a_kill_9(tmp_path, procs):
    show, journal, report = make_show(tmp_path), tmp_path / "day.jsonl", tmp_path / "follower.json"
    write_day(journal, show, 3000)
    main, osc, port = start_main(show, journal)
    procs.append(main)

    def follow() -> Proc:
        proc = Proc("--follow", f"http://127.0.0.1:{port}", "--passcode", PASSCODE, "--headless",
                    "--follow-report", str(report))
        procs.append(proc)
        return proc

    follower = follow()
    follower.wait_line(r"follow: the main show's snapshot at line 3000; replaying the lines after it")
    follower.wait_line(r"follow: connected, from line 3000\b")  # not from line 1
    follower.wait_line(r"follow: in step at line 3000\b")
    state = json.loads(report.read_text(encoding="utf-8"))
    assert (state["phase"], state["scores"]) == main_state(show, journal) and state["scores"] == [999, 1000, 1000]
    desk = Desk()
    try:
        add_score(desk, osc, 2, 30)  # a line after the snapshot: replayed on it
        follower.wait_line(r"follow: in step at line 3001\b")
        state = json.loads(report.read_text(encoding="utf-8"))
        assert (state["phase"], state["scores"]) == main_state(show, journal) and state["scores"][1] == 1030

        follower.proc.send_signal(signal.SIGKILL)  # the follower's computer dies; it starts again
        follower.proc.wait(WAIT_S)
        again = follow()
        again.wait_line(r"follow: the main show's snapshot at line 3001\b")
        add_score(desk, osc, 1, -5)
        again.wait_line(r"follow: in step at line 3002\b")
        state = json.loads(report.read_text(encoding="utf-8"))
        assert (state["phase"], state["scores"]) == main_state(show, journal) and state["scores"][:2] == [994, 1030]
    finally:
        desk.close()
