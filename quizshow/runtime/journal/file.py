"""The journal's file: one command per line, on the disk (O_DSYNC) before its effects run.

The lines themselves (format, sequence numbers, chained checksums, decoding with field and range
checks) are the pure codec's, quizshow/core/journal.py; this module is their file's life: writing,
cutting back, the lock, snapshots and what a resume does with damage.

What can go wrong, and what happens (docs/reliability.md, "The journal"):
- a last line cut short by a crash (no newline: its write never returned, so it was never
  acknowledged) is removed and reported;
- any other damaged line (changed, removed, repeated, moved, slipped in, a field missing or out of
  range) stops the resume there: `JournalDamaged` says where and what would be lost, and the operator
  chooses `resume_to_damage` (the file is copied aside, then cut at the damage) or `fresh` (a new
  journal; the old one is kept renamed);
- a journal that ends before the last line its snapshot covers (cut short, or an older copy) is
  damage too (`Damage.short`): «после строки N нет K подтверждённых команд»;
- a write that fails (disk full) is taken back to the last whole line and raises `JournalWriteError`;
  the command is refused and nothing half-written stays behind;
- a second process on the same journal finds it locked (`JournalLocked`, with the holder's PID).

A resume reads the latest snapshot of the engine (written beside the journal every SNAPSHOT_EVERY
lines, and once after a resume that had to replay that many) and replays only the lines after it.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import pickle
import secrets
import shutil
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from quizshow.core import commands as c
from quizshow.core.clock import SYSTEM, Clock
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Refused
from quizshow.core.journal import (
    FORMAT_VERSION,
    MAX_LINE_BYTES,
    Cursor,
    Damage,
    JournalDamaged,
    JournalError,
    LineError,
    Loaded,
    OtherShowJournal,
    advance,
    command_line,
    encode_line,
    ends_a_line,
    header,
    header_line,
    parse_command,
    parse_line,
    read_line,
    unchecked,
)
from quizshow.core.loose import JsonObject
from quizshow.runtime.journal import durable
from quizshow.runtime.journal.lock import JournalLock, Locked

log = logging.getLogger(__name__)

MAX_JOURNAL_BYTES = 1 << 30  # a long tournament day is tens of MB; read whole, so bounded


class JournalLocked(JournalError):
    pass


class JournalWriteError(Exception):
    """A line could not be written (disk full, I/O error); nothing of it is left in the file."""

    def __init__(self, error: OSError) -> None:
        self.error = error
        self.full = error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
        super().__init__(error.strerror or str(error))


class NotJournalled(Refused):
    """The refusal of a command whose journal line could not be written: a problem, not a rule."""


# A synchronous-data descriptor: each os.write returns only once the line is on the disk, in one
# system call (one release of the GIL, where write + fdatasync would be two). Where the system has no
# O_DSYNC (Windows) every write is followed by an fsync instead (runtime/journal/durable.py).


def _os_problem(why: OSError, path: Path, doing: str) -> JournalError:
    """An OSError at start-up → one line: what, where, what to do."""
    hint = {
        errno.EISDIR: "it is a folder; give a file with --journal PATH",
        errno.EACCES: "permission denied; fix the permissions or give another file with --journal PATH",
        errno.EPERM: "permission denied; fix the permissions or give another file with --journal PATH",
        errno.EROFS: "the folder is read-only; give a file in a writable folder with --journal PATH",
        errno.ENOSPC: "the disk is full; free some space and start again",
        errno.EDQUOT: "the disk quota is used up; free some space and start again",
        errno.EFBIG: "the file size limit is reached (disk full for this process); free space or give another "
                     "file with --journal PATH",
        errno.ENOTDIR: "a part of the path is not a folder; give a file with --journal PATH",
    }.get(why.errno or 0, "give another file with --journal PATH")
    return JournalError(f"{path}: cannot {doing} the journal ({why.strerror or why}): {hint}")


class Journal:
    def __init__(self, path: Path, fd: int, clock: Clock, lock: JournalLock | None = None,
                 loaded: Loaded | None = None, show_id: str = "") -> None:
        self._lock = lock  # a journal dropped without close() releases it when collected
        self.path = path
        self.clock = clock  # each line's wall time
        self._file = os.fdopen(fd, "ab", buffering=0)  # unbuffered: each line is one os.write
        self._size = os.fstat(fd).st_size  # the end of the last whole line
        # What a snapshot records: the file's CRC and lines so far, the chain, and where the show is.
        self._show, self._loaded = show_id, loaded or Loaded(seed=0)
        self._crc, self._lines = self._loaded.crc, self._loaded.lines
        self._cursor = self._loaded.cursor or Cursor(seq=self._lines)
        # Lines no snapshot covers: a resume that replayed a day makes a snapshot due at once.
        self._since_snapshot = len(self._loaded.commands)
        self._torn = False  # a failed write could not be cut back: cut it before the next one
        # Called with (line number, the line's bytes) once a line is written (follower screens); must not block.
        self.listeners: list[Callable[[int, bytes], None]] = []
        self.last_line: tuple[int, bytes] | None = None  # (its number, its bytes) of the last line written here

    @staticmethod
    def _append_to(path: Path, truncate: bool = False) -> int:
        return durable.open_append(path, truncate)

    @classmethod
    def open(cls, path: Path, show_id: str, fresh: bool = False, seed: int | None = None,
             resume_to_damage: bool = False, teams: int | None = None, *,
             clock: Clock = SYSTEM) -> tuple[Journal, Loaded]:
        """Resume the journal at `path` (or start one). `fresh` keeps the old file under a new name;
        `resume_to_damage` resumes up to a damaged line (the file is copied aside first). `teams`: the
        show's number of teams, that team indices in the lines are checked against. `clock`'s wall time
        dates the lines and names a copy kept aside."""
        doing = "create"
        lock: JournalLock | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
            if path.exists() and not path.is_file():  # a device (/dev/zero) would be read for ever
                raise JournalError(f"{path}: not a regular file; give a journal file with --journal PATH")
            lock = _lock(path)
            if path.exists() and fresh:
                doing = "keep (rename)"
                keep = _aside(path, "", clock.wall())
                path.rename(keep)
                log.info("journal: started fresh; the old one is kept as %s", keep)
            _code_id()  # at start-up, not in the middle of the show at the first snapshot
            doing = "read"
            loaded = cls._read(path, show_id, resume_to_damage, teams, kept_at=clock.wall()) if path.exists() else None
            doing = "write"
            if loaded is None:
                _snapshot_path(path).unlink(missing_ok=True)  # it belongs to an old journal
                loaded = Loaded(seed=seed if seed is not None else secrets.randbelow(2**31), cursor=Cursor())
                journal = cls(path, cls._append_to(path, truncate=True), clock, lock, loaded, show_id)
                lock = None  # the journal holds it now
                try:
                    journal._write(header_line(show_id, loaded.seed, clock.wall()))
                except JournalWriteError as why:
                    journal.close()
                    raise why.error from None
                return journal, loaded
            journal = cls(path, cls._append_to(path), clock, lock, loaded, show_id)
            return journal, loaded
        except OSError as why:
            if lock is not None:
                lock.release()
            raise _os_problem(why, path, doing) from None
        except JournalError:
            if lock is not None:
                lock.release()
            raise

    @staticmethod
    def read(path: Path, show_id: str, teams: int | None = None, whole: bool = False) -> Loaded | None:
        """The commands of a journal without opening it for writing (exports, tools): the file is not
        changed (a torn last line is left to the show that writes it). `whole`: every command from the first
        line, never a snapshot's engine and the lines after it (a tool that replays the night from the start)."""
        return Journal._read(path, show_id, teams=teams, write=False, whole=whole)

    @staticmethod
    def _read(path: Path, show_id: str, resume_to_damage: bool = False, teams: int | None = None,
              write: bool = True, whole: bool = False, kept_at: float = 0.0) -> Loaded | None:
        """`kept_at`: the wall time a copy kept aside is named by (`resume_to_damage` only)."""
        size = path.stat().st_size
        if size > MAX_JOURNAL_BYTES:
            raise JournalError(f"{path}: the journal is {size >> 20} MiB (at most {MAX_JOURNAL_BYTES >> 20} MiB): "
                               "use --fresh to start a new one (the file is kept)")
        raw = path.read_bytes()
        if not raw.strip():
            raise JournalError(f"{path}: the journal is empty (no header): its show cannot be resumed; "
                               "use --fresh to start a new show (the empty file is kept)")
        snap = _Snapshot() if whole else _read_snapshot(path, show_id, raw)
        loaded = snap.loaded
        offset, first = (0, 1) if loaded is None else (snap.offset, loaded.lines + 1)
        cursor = loaded.cursor if loaded and loaded.cursor else Cursor(version=1)
        lines = raw[offset:].split(b"\n")
        torn: tuple[int, int] | None = None  # (line, bytes) of an unfinished last line
        for number, line in enumerate(lines, start=first):
            last = number == first + len(lines) - 1  # no newline after it
            if not line.strip():
                offset += len(line) + (0 if last else 1)
                continue
            try:
                if loaded is None:
                    loaded = _read_header(line, cursor, path, show_id)
                else:
                    data = read_line(line, cursor)
                    loaded.checked = cursor.version >= 2
                    loaded.commands.append(parse_command(data, teams, complete=cursor.version >= 3))
                    at, wall = data.get("at", 0.0), data.get("wall")
                    loaded.walls.append(wall if isinstance(wall, (int, float)) else None)
                    loaded.last_at = max(loaded.last_at, float(at))
                    loaded.last_wall = wall if isinstance(wall, (int, float)) else loaded.last_wall
            except LineError as why:
                if last and b"\0" not in line and loaded is not None and not ends_a_line(line):
                    torn = (number, len(line))  # cut short by a crash mid-write: never acknowledged
                    break
                damage = _damage(path, lines[number - first:], number, str(why), offset, loaded)
                loaded = _to_damage(path, damage, loaded, resume_to_damage, kept_at)
                break
            offset += len(line) + (0 if last else 1)
        if loaded is None:
            return None
        loaded.cursor = cursor
        if loaded.damage is None and snap.covers is not None and snap.covers > cursor.seq:
            # The snapshot was made after lines this journal does not have: lines were lost, not torn.
            lost = snap.covers - cursor.seq
            good = raw[:offset].count(b"\n")
            damage = Damage(path, good + 1, f"after line {good} there are no {lost} acknowledged command line(s) "
                            f"(its snapshot covers {snap.covers} lines)", offset, lost, (), loaded.last_wall, True)
            _to_damage(path, damage, loaded, resume_to_damage, kept_at)
            if write:
                _snapshot_path(path).unlink(missing_ok=True)  # ahead of the journal from now on
        elif torn is not None:
            loaded.repaired = (f"{path}:{torn[0]}: an unfinished last line (never acknowledged) was "
                               f"{'removed' if write else 'not read'} ({torn[1]} bytes)")
            log.warning("journal: %s", loaded.repaired)
        kept = raw[:offset]
        if write and offset < len(raw):
            with path.open("r+b") as f:
                f.truncate(offset)
        elif not raw.endswith(b"\n"):
            if write:
                with path.open("ab") as f:  # a whole last line without its newline: end it before appending
                    f.write(b"\n")
            kept += b"\n"
        loaded.crc, loaded.lines = zlib.crc32(kept), kept.count(b"\n")  # what a snapshot is keyed by
        return loaded

    def append(self, command: c.Command) -> None:
        """Write one command's line; JournalWriteError if it could not be (nothing of it stays)."""
        line = command_line(command, self.clock.wall())
        self._write(line)
        self._loaded.last_at = max(self._loaded.last_at, float(command.at))
        self._loaded.last_wall = line["wall"]
        self._since_snapshot += 1

    def chain(self) -> tuple[int, Cursor]:
        """(lines in the file, where the sequence and the chain stand after the last one): what a follower
        screen's snapshot is checked against (runtime/follow/server.py)."""
        return self._lines, Cursor(self._cursor.version, self._cursor.seq, self._cursor.crc)

    def snapshot_due(self) -> bool:
        return self._since_snapshot >= SNAPSHOT_EVERY

    def write_snapshot(self, engine: Engine) -> None:
        """Store the engine beside the journal, keyed by the journal's bytes so far (see Snapshots).
        A snapshot that cannot be written is only logged: the next resume replays more lines."""
        self._since_snapshot = 0
        data = pickle.dumps(engine.snapshot(), protocol=pickle.HIGHEST_PROTOCOL)
        head = {"version": SNAPSHOT_VERSION, "show": self._show, "seed": self._loaded.seed, "code": _code_id(),
                "offset": self._size, "crc": self._crc, "lines": self._lines, "cursor": self._cursor.as_json(),
                "last_at": self._loaded.last_at, "last_wall": self._loaded.last_wall, "data": zlib.crc32(data)}
        target = _snapshot_path(self.path)
        temporary = target.with_name(target.name + ".tmp")
        try:
            temporary.write_bytes(json.dumps(head).encode() + b"\n" + data)
            os.replace(temporary, target)
        except OSError as why:
            log.warning("journal: no snapshot written (%s); a resume replays more lines", why)

    def _write(self, data: JsonObject) -> None:
        line = encode_line(data, self._cursor)
        view = memoryview(line)
        fd = self._file.fileno()
        try:
            if self._torn:
                os.ftruncate(fd, self._size)
                self._torn = False
            while view:  # a short write (the disk filling up) is finished or taken back, never left
                view = view[os.write(fd, view):]
            durable.written(fd)
        except OSError as why:
            self._cut_back()
            raise JournalWriteError(why) from why
        self._size += len(line)
        self._crc = zlib.crc32(line, self._crc)
        self._lines += 1
        advance(self._cursor, line)
        self.last_line = (self._lines, line)
        for listener in self.listeners:
            listener(self._lines, line)
        self._loaded.checked = True  # every line from here on carries a checksum (a snapshot says so)

    def _cut_back(self) -> None:
        """Take a half-written line back to the last whole one, so the next line starts clean."""
        try:
            os.ftruncate(self._file.fileno(), self._size)
        except OSError:
            self._torn = True  # tried again before the next write, which is refused until it works

    def close(self) -> None:
        self._file.close()
        if self._lock is not None:
            self._lock.release()


def _read_header(line: bytes, cursor: Cursor, path: Path, show_id: str) -> Loaded:
    try:
        data = read_line(line, cursor)
    except LineError as why:
        raise JournalError(f"{path}:1: the journal header is damaged ({why}); use --fresh to start over "
                           "(the file is kept)") from None
    version, seed = header(data, str(path), show_id)
    if version >= 3 and cursor.version < 3:
        raise JournalError(f"{path}:1: the journal header is damaged (a version {version} header without its "
                           "sequence number and chained checksum); use --fresh to start over (the file is kept)")
    cursor.version = max(cursor.version, min(version, 2))  # a version 2 journal: every line has a checksum
    return Loaded(seed=seed, resumed=True, checked=cursor.version >= 2)


def _to_damage(path: Path, damage: Damage, loaded: Loaded | None, resume_to_damage: bool, kept_at: float) -> Loaded:
    """Raise the damage for the operator to decide, or (at their word) keep a copy and resume up to it."""
    if not resume_to_damage:
        raise JournalDamaged(damage)
    assert loaded is not None  # a damaged header raised before
    loaded.damage, loaded.dropped = damage, damage.lost_lines
    loaded.kept_as = _aside(path, ".damaged", kept_at)
    shutil.copyfile(path, loaded.kept_as)
    log.warning("journal: %s; resumed up to it at the operator's word (the whole file is kept as %s)",
                damage, loaded.kept_as)
    return loaded


def _aside(path: Path, tag: str, kept_at: float) -> Path:
    """A free name beside `path` for a copy kept at `kept_at` (wall time):
    show.journal.20261201-101500[.damaged].jsonl"""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(kept_at))
    for n in range(1000):
        keep = path.with_name(f"{path.stem}.{stamp}{tag}{f'-{n}' if n else ''}{path.suffix}")
        if not keep.exists():
            return keep
    raise FileExistsError(errno.EEXIST, "too many kept journals", str(path))


def _damage(path: Path, rest: list[bytes], number: int, what: str, offset: int, loaded: Loaded | None) -> Damage:
    """What a damaged line at `number` (the first of `rest`) costs: it and every line after it."""
    lost = [line for line in rest if line.strip()]
    readable: list[str] = []
    for line in lost[1:21]:  # named in the report: the first few are enough to recognise the moment
        try:
            readable.append(type(parse_command(unchecked(line))).__name__)
        except LineError:
            readable.append("?")
    return Damage(path, number, what, offset, len(lost), tuple(readable), loaded.last_wall if loaded else None)


def _lock(path: Path) -> JournalLock:
    """Hold `<journal>.lock` for as long as this process runs the show (runtime/journal/lock.py)."""
    try:
        return JournalLock(path).acquire()
    except Locked as held:
        raise JournalLocked(f"{path}: the journal is in use by process {held.holder} (another quizshow runs "
                            "this show); stop it first, or give another file with --journal PATH") from None


# --- snapshots -------------------------------------------------------------------------------------
#
# A resume must not replay a day: every SNAPSHOT_EVERY lines the engine (its state and the entries
# undo may still take back) is pickled beside the journal, keyed by the journal's length and the
# CRC-32 of its bytes up to there, and by the code that made it; it also records the sequence
# number of the last line it covers and the chain's checksum there. On resume a snapshot whose key
# matches the file stands for those lines (they are exactly the bytes it was made from; their own
# checksums were verified when they were read or written) and only the lines after it are read and
# replayed. Anything else (no snapshot, another key, a damaged snapshot, other code) is logged and
# the whole journal is replayed: a snapshot only ever saves time, the journal stays the truth. But
# a journal with fewer lines than its snapshot covers has lost acknowledged lines: that is damage.
# A resume that replayed SNAPSHOT_EVERY lines or more (no snapshot, a stale one) is followed by a
# snapshot at once (the runtime writes it), so the next restart does not replay them again.

SNAPSHOT_EVERY = 2000
SNAPSHOT_VERSION = 2  # 2: the head records the cursor (sequence and chain) it covers


def _snapshot_path(path: Path) -> Path:
    return path.with_name(path.name + ".snapshot")


_CODE_ID: int | None = None


def _code_id() -> int:
    """The code that pickles the state: a snapshot made by other code is not trusted to unpickle."""
    global _CODE_ID
    if _CODE_ID is None:
        package = Path(__file__).resolve().parents[2]  # quizshow/ (this is runtime/journal/file.py)
        crc = 0
        for source in sorted([*(package / "core").glob("*.py"), *(package / "formats").rglob("*.py")]):
            crc = zlib.crc32(source.read_bytes(), crc)
        _CODE_ID = crc
    return _CODE_ID


@dataclass
class _Snapshot:
    loaded: Loaded | None = None  # the snapshot fits the journal: its engine, where it stands
    offset: int = 0  # the bytes it covers
    covers: int | None = None  # the lines (sequence) it covers, whether it fits or not


def _read_snapshot(path: Path, show_id: str, raw: bytes) -> _Snapshot:
    """The snapshot beside the journal, if it fits `raw`; what it covers if it is of this show."""
    snap = _snapshot_path(path)
    if not snap.exists():
        return _Snapshot()
    covers: int | None = None
    try:
        head_bytes, _, data = snap.read_bytes().partition(b"\n")
        head = json.loads(head_bytes)
        if head.get("version") == SNAPSHOT_VERSION and head.get("show") == show_id:
            covers = Cursor.from_json(head["cursor"]).seq
        offset = head["offset"]
        fits = (covers is not None and head.get("code") == _code_id()
                and isinstance(offset, int) and 0 < offset <= len(raw) and raw[offset - 1:offset] == b"\n"
                and zlib.crc32(memoryview(raw)[:offset]) == head["crc"] and zlib.crc32(data) == head["data"])
        if not fits:
            log.info("journal: the snapshot %s does not fit the journal (older, or other code); replaying all", snap)
            return _Snapshot(covers=covers)
        snapshot = pickle.loads(data)
        cursor = Cursor.from_json(head["cursor"])
        loaded = Loaded(seed=int(head["seed"]), resumed=True, snapshot=snapshot, checked=cursor.version >= 2,
                        last_at=float(head["last_at"]), last_wall=head["last_wall"], lines=int(head["lines"]),
                        cursor=cursor)
    except Exception as why:  # a damaged snapshot of any kind costs a full replay, nothing else
        log.warning("journal: the snapshot %s cannot be read (%s); replaying the whole journal", snap, why)
        return _Snapshot(covers=covers)
    return _Snapshot(loaded, offset, covers)


NOT_JOURNALLED_FULL = "disk full: the command was not journalled"
NOT_JOURNALLED = "the journal cannot be written ({why}): the command was not journalled"


def dispatch_journalled(engine: Engine, journal: Journal, command: c.Command, snapshot: bool = True) -> Outcome:
    """The one path for live commands: propose, write to the journal (fsync), then take effect.
    A line that cannot be written refuses the command: it never takes effect unjournalled. `snapshot`
    False leaves a due snapshot to the caller (the runtime writes it off the input threads)."""
    outcome = engine.propose(command)
    if outcome.changed:
        try:
            journal.append(command)
        except JournalWriteError as why:
            log.error("journal: %s: %s (the command %s was refused)", journal.path, why, type(command).__name__)
            refusal = NotJournalled(NOT_JOURNALLED_FULL) if why.full else NotJournalled(NOT_JOURNALLED, why=str(why))
            return Outcome(command, engine.state, refused=str(refusal), refusal=refusal, count=len(engine.entries))
        engine.commit(outcome)
        if snapshot and journal.snapshot_due():
            journal.write_snapshot(engine)
    return outcome


__all__ = ["FORMAT_VERSION", "MAX_LINE_BYTES", "SNAPSHOT_EVERY", "Damage", "Journal", "JournalDamaged",
           "JournalError", "JournalLocked", "JournalWriteError", "LineError", "Loaded", "NotJournalled",
           "OtherShowJournal", "dispatch_journalled", "encode_line", "parse_command", "parse_line"]
