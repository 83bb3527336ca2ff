"""The journal: one accepted command per JSON line, on the disk (O_DSYNC) before its effects run.

The first line is a header with the show's identity and the seed of the draw-by-lot stream, so a
replay draws the same. Since version 2 every line ends with `"crc": N`, the CRC-32 of the line's own
bytes up to that field (closed with `}`), so a flipped digit or a damaged name is found, not taken
for another command. Version 1 journals (no checksums) still load; the lines this version adds to
one carry checksums, and from the first of them on every line is checked.

What can go wrong, and what happens (docs/reliability.md, "The journal"):
- a last line cut short by a crash (no newline: its write never returned, so it was never
  acknowledged) is removed and reported;
- any other damaged line stops the resume there: `JournalDamaged` says where and what would be lost,
  and the operator chooses `resume_to_damage` (the file is copied aside, then cut at the damage) or
  `fresh` (a new journal; the old one is kept renamed);
- a write that fails (disk full) is taken back to the last whole line and raises `JournalWriteError`;
  the command is refused and nothing half-written stays behind;
- a second process on the same journal finds it locked (`JournalLocked`, with the holder's PID).

A resume reads the latest snapshot of the engine (written beside the journal every SNAPSHOT_EVERY
lines) and replays only the lines after it; see "snapshots" below.

Opening and reading a journal touches files; the module is the core's one door to the disk.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from quizshow.core import commands as c
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Refused

log = logging.getLogger(__name__)

FORMAT_VERSION = 2
MAX_LINE_BYTES = 64 * 1024  # a command line is a few hundred bytes; anything longer is damage
MAX_JOURNAL_BYTES = 1 << 30  # a long tournament day is tens of MB; read whole, so bounded
_CRC_FIELD = b', "crc": '


class JournalError(Exception):
    """The journal cannot be used as it is: one line that says what, where and what to do."""


class JournalDamaged(JournalError):
    """A damaged line in the middle: the operator decides (--resume-to-damage or --fresh)."""

    def __init__(self, damage: Damage) -> None:
        self.damage = damage
        super().__init__(f"{damage}; pass --resume-to-damage to resume up to line {damage.line - 1} "
                         "(the whole file is copied aside first), or --fresh to start over (the file is kept)")


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


class LineError(ValueError):
    """What is wrong with one journal line."""


@dataclass(frozen=True)
class Damage:
    path: Path
    line: int  # 1-based, the first damaged line
    what: str
    offset: int  # the bytes before it: what resuming keeps
    lost_lines: int  # non-empty lines from the damaged one to the end (all not replayed)
    lost_commands: tuple[str, ...] = ()  # the first readable ones after it, by type
    last_wall: float | None = None  # when the last good line was written

    def __str__(self) -> str:
        when = time.strftime("%H:%M:%S", time.localtime(self.last_wall)) if self.last_wall else "?"
        more = len(self.lost_commands) > 6 or self.lost_lines > len(self.lost_commands) + 1
        after = f" ({', '.join(self.lost_commands[:6])}{', …' if more else ''})" if self.lost_commands else ""
        return (f"{self.path}:{self.line}: damaged journal line: {self.what}; {self.lost_lines} line(s) from here "
                f"on would not be replayed{after}; the last good line was written at {when}")


@dataclass
class Loaded:
    seed: int
    commands: list[c.Command] = field(default_factory=list)
    resumed: bool = False
    last_at: float = 0.0
    last_wall: float | None = None
    walls: list[float | None] = field(default_factory=list)  # each command's wall time, as journalled
    dropped: int = 0  # lines that could not be read (0 unless resumed up to damage)
    repaired: str | None = None  # an unfinished last line removed (reported, never silent)
    damage: Damage | None = None  # resumed up to this damage at the operator's word
    kept_as: Path | None = None  # the copy of the damaged journal
    snapshot: dict[str, Any] | None = None  # the engine as it was after `commands` began (see Snapshots)
    checked: bool = True  # lines carry checksums (version 2)
    crc: int = 0  # CRC-32 of the whole file as resumed, and its lines: the snapshot's key
    lines: int = 0

    def restore(self, engine: Engine) -> None:
        """Bring a fresh engine to where the journal left off: the snapshot, then the lines after it."""
        if self.snapshot is not None:
            engine.restore(self.snapshot)
        engine.replay(self.commands)

    @property
    def anything(self) -> bool:
        return bool(self.commands) or self.snapshot is not None


# --- one line ------------------------------------------------------------------------------------


def encode_line(data: dict[str, Any]) -> bytes:
    """The line for `data`, its checksum last: CRC-32 of the bytes before the field, closed with `}`."""
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    return body[:-1] + _CRC_FIELD + str(zlib.crc32(body)).encode() + b"}\n"


def parse_line(raw: bytes, checked: bool = True) -> dict[str, Any]:
    """A journal line (without its newline) → its JSON object, or LineError saying what is wrong."""
    if len(raw) > MAX_LINE_BYTES:
        raise LineError(f"the line is {len(raw)} bytes long (at most {MAX_LINE_BYTES})")
    if b"\0" in raw:
        raise LineError("the line holds NUL bytes (the disk lost what was written there)")
    if checked:
        cut = raw.rfind(_CRC_FIELD)
        if cut < 0 or not raw.endswith(b"}"):
            raise LineError("the line has no checksum")
        number = raw[cut + len(_CRC_FIELD):-1]
        body = raw[:cut] + b"}"
        if not number.isdigit() or len(number) > 10 or int(number) != zlib.crc32(body):
            raise LineError("the checksum does not match: the line was changed or damaged")
        raw = body
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise LineError("not a JSON line") from None
    if not isinstance(data, dict):
        raise LineError(f"a JSON {type(data).__name__}, not an object")
    return data


def parse_command(data: dict[str, Any]) -> c.Command:
    try:
        command = c.from_json(data)
    except (c.UnknownCommand, TypeError, ValueError) as why:
        raise LineError(str(why)) from None
    return command


def _header(data: dict[str, Any], path: Path, show_id: str) -> tuple[int, int]:
    """(version, seed) of a header, or a JournalError that says what to do."""
    fresh = "; use --fresh to start over (the file is kept)"
    if data.get("type") != "header":
        raise JournalError(f"{path}:1: expected the journal header, found {str(data)[:60]}{fresh}")
    version = data.get("version", 1)
    if version not in (1, 2):
        raise JournalError(f"{path}:1: journal version {version!r} is not one this quizshow reads (1 or 2){fresh}")
    seed = data.get("seed")
    if type(seed) is not int:
        raise JournalError(f"{path}:1: the header has no whole-number seed (found {seed!r}){fresh}")
    if data.get("show") != show_id:
        raise JournalError(f"{path}:1: this journal belongs to another show ({data.get('show')}); "
                           "use --fresh or --journal")
    return version, seed


# --- the file --------------------------------------------------------------------------------------

# A synchronous-data descriptor: each os.write returns only once the line is on the disk, in one
# system call (one release of the GIL, where write + fdatasync would be two). Where the system has no
# O_DSYNC (Windows) every write is followed by an fsync instead.
_DSYNC = getattr(os, "O_DSYNC", 0)


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
    def __init__(self, path: Path, fd: int, lock: int | None = None, loaded: Loaded | None = None,
                 show_id: str = "") -> None:
        # The lock as a file object: a journal dropped without close() releases it when collected.
        self._lock = os.fdopen(lock, "rb", buffering=0) if lock is not None else None
        self.path = path
        self._file = os.fdopen(fd, "ab", buffering=0)  # unbuffered: each line is one os.write
        self._size = os.fstat(fd).st_size  # the end of the last whole line
        # What a snapshot records: the file's CRC and lines so far, and where the show is.
        self._show, self._loaded = show_id, loaded or Loaded(seed=0)
        self._crc, self._lines = self._loaded.crc, self._loaded.lines
        self._since_snapshot = 0
        self._torn = False  # a failed write could not be cut back: cut it before the next one

    @staticmethod
    def _append_to(path: Path, truncate: bool = False) -> int:
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | _DSYNC | getattr(os, "O_BINARY", 0)
        return os.open(path, flags | (os.O_TRUNC if truncate else 0), 0o644)

    @classmethod
    def open(cls, path: Path, show_id: str, fresh: bool = False, seed: int | None = None,
             resume_to_damage: bool = False) -> tuple[Journal, Loaded]:
        """Resume the journal at `path` (or start one). `fresh` keeps the old file under a new name;
        `resume_to_damage` resumes up to a damaged line (the file is copied aside first)."""
        doing = "create"
        lock: int | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
            if path.exists() and not path.is_file():  # a device (/dev/zero) would be read for ever
                raise JournalError(f"{path}: not a regular file; give a journal file with --journal PATH")
            lock = _lock(path)
            if path.exists() and fresh:
                doing = "keep (rename)"
                keep = _aside(path, "")
                path.rename(keep)
                _snapshot_path(path).unlink(missing_ok=True)  # it belongs to the old journal
                log.info("journal: started fresh; the old one is kept as %s", keep)
            _code_id()  # at start-up, not in the middle of the show at the first snapshot
            doing = "read"
            loaded = cls._read(path, show_id, resume_to_damage) if path.exists() else None
            doing = "write"
            if loaded is None:
                loaded = Loaded(seed=seed if seed is not None else secrets.randbelow(2**31))
                header = {"type": "header", "version": FORMAT_VERSION, "show": show_id, "seed": loaded.seed,
                          "wall": time.time()}
                loaded.crc = loaded.lines = 0
                journal = cls(path, cls._append_to(path, truncate=True), lock, loaded, show_id)
                lock = None  # the journal holds it now
                try:
                    journal._write(header)
                except JournalWriteError as why:
                    journal.close()
                    raise why.error from None
                return journal, loaded
            journal = cls(path, cls._append_to(path), lock, loaded, show_id)
            return journal, loaded
        except OSError as why:
            if lock is not None:
                os.close(lock)
            raise _os_problem(why, path, doing) from None
        except JournalError:
            if lock is not None:
                os.close(lock)
            raise

    @staticmethod
    def read(path: Path, show_id: str) -> Loaded | None:
        """The commands of a journal without opening it for writing (exports, tools)."""
        return Journal._read(path, show_id)

    @staticmethod
    def _read(path: Path, show_id: str, resume_to_damage: bool = False) -> Loaded | None:
        size = path.stat().st_size
        if size > MAX_JOURNAL_BYTES:
            raise JournalError(f"{path}: the journal is {size >> 20} MiB (at most {MAX_JOURNAL_BYTES >> 20} MiB): "
                               "use --fresh to start a new one (the file is kept)")
        raw = path.read_bytes()
        if not raw.strip():
            raise JournalError(f"{path}: the journal is empty (no header): its show cannot be resumed; "
                               "use --fresh to start a new show (the empty file is kept)")
        loaded = _read_snapshot(path, show_id, raw)
        offset, first = (0, 1) if loaded is None else (loaded.crc, loaded.lines + 1)  # (see _read_snapshot)
        checked = loaded.checked if loaded else True
        lines = raw[offset:].split(b"\n")
        for number, line in enumerate(lines, start=first):
            last = number == first + len(lines) - 1  # no newline after it
            if not line.strip():
                offset += len(line) + (0 if last else 1)
                continue
            try:
                if loaded is None:
                    try:
                        data = parse_line(line, checked=_CRC_FIELD in line)  # version 1 headers have none
                    except LineError as why:
                        raise JournalError(f"{path}:1: the journal header is damaged ({why}); use --fresh to "
                                           "start over (the file is kept)") from None
                    version, seed = _header(data, path, show_id)
                    checked = version >= 2
                    loaded = Loaded(seed=seed, resumed=True, checked=version >= 2)
                else:
                    if not checked and _CRC_FIELD in line:
                        # A version 1 journal resumed by this version: from its first checksummed line on,
                        # every line carries one (a quoted key cannot occur inside a JSON string).
                        checked = loaded.checked = True
                    data = parse_line(line, checked)
                    loaded.commands.append(parse_command(data))
                    at, wall = data.get("at", 0.0), data.get("wall")
                    loaded.walls.append(wall if isinstance(wall, (int, float)) else None)
                    loaded.last_at = max(loaded.last_at, float(at))
                    loaded.last_wall = wall if isinstance(wall, (int, float)) else loaded.last_wall
            except LineError as why:
                if last and b"\0" not in line and loaded is not None:
                    # Cut short by a crash mid-write: its write never returned, so never acknowledged.
                    loaded.repaired = (f"{path}:{number}: an unfinished last line (never acknowledged) was removed "
                                       f"({len(line)} bytes)")
                    log.warning("journal: %s", loaded.repaired)
                    break
                damage = _damage(path, lines[number - first:], number, str(why), offset, checked, loaded)
                if not resume_to_damage:
                    raise JournalDamaged(damage) from None
                assert loaded is not None  # a damaged header raised above
                loaded.damage, loaded.dropped = damage, damage.lost_lines
                loaded.kept_as = _aside(path, ".damaged")
                shutil.copyfile(path, loaded.kept_as)
                log.warning("journal: %s; resumed up to it at the operator's word (the whole file is kept as %s)",
                            damage, loaded.kept_as)
                break
            offset += len(line) + (0 if last else 1)
        if loaded is None:
            return None
        kept = raw[:offset]
        if offset < len(raw):
            with path.open("r+b") as f:
                f.truncate(offset)
        elif not raw.endswith(b"\n"):
            with path.open("ab") as f:  # a whole last line without its newline: end it before appending
                f.write(b"\n")
            kept += b"\n"
        loaded.crc, loaded.lines = zlib.crc32(kept), kept.count(b"\n")  # what a snapshot is keyed by
        return loaded

    def append(self, command: c.Command) -> None:
        """Write one command's line; JournalWriteError if it could not be (nothing of it stays)."""
        line: dict[str, Any] = c.to_json(command)
        line["wall"] = round(time.time(), 3)
        self._write(line)
        self._loaded.last_at = max(self._loaded.last_at, float(command.at))
        self._loaded.last_wall = line["wall"]
        self._since_snapshot += 1

    def snapshot_due(self) -> bool:
        return self._since_snapshot >= SNAPSHOT_EVERY

    def write_snapshot(self, engine: Engine) -> None:
        """Store the engine beside the journal, keyed by the journal's bytes so far (see Snapshots).
        A snapshot that cannot be written is only logged: the next resume replays more lines."""
        self._since_snapshot = 0
        data = pickle.dumps(engine.snapshot(), protocol=pickle.HIGHEST_PROTOCOL)
        head = {"version": 1, "show": self._show, "seed": self._loaded.seed, "code": _code_id(),
                "offset": self._size, "crc": self._crc, "lines": self._lines, "checked": self._loaded.checked,
                "last_at": self._loaded.last_at, "last_wall": self._loaded.last_wall, "data": zlib.crc32(data)}
        target = _snapshot_path(self.path)
        temporary = target.with_name(target.name + ".tmp")
        try:
            temporary.write_bytes(json.dumps(head).encode() + b"\n" + data)
            os.replace(temporary, target)
        except OSError as why:
            log.warning("journal: no snapshot written (%s); a resume replays more lines", why)

    def _write(self, data: dict[str, Any]) -> None:
        line = encode_line(data)
        view = memoryview(line)
        fd = self._file.fileno()
        try:
            if self._torn:
                os.ftruncate(fd, self._size)
                self._torn = False
            while view:  # a short write (the disk filling up) is finished or taken back, never left
                view = view[os.write(fd, view):]
            if not _DSYNC:
                os.fsync(fd)
        except OSError as why:
            self._cut_back()
            raise JournalWriteError(why) from why
        self._size += len(line)
        self._crc = zlib.crc32(line, self._crc)
        self._lines += 1
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
            self._lock.close()


def _aside(path: Path, tag: str) -> Path:
    """A free name beside `path` for a copy kept: show.journal.20261201-101500[.damaged].jsonl"""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        keep = path.with_name(f"{path.stem}.{stamp}{tag}{f'-{n}' if n else ''}{path.suffix}")
        if not keep.exists():
            return keep
    raise FileExistsError(errno.EEXIST, "too many kept journals", str(path))


def _damage(path: Path, rest: list[bytes], number: int, what: str, offset: int, checked: bool,
            loaded: Loaded | None) -> Damage:
    """What a damaged line at `number` (the first of `rest`) costs: it and every line after it."""
    lost = [line for line in rest if line.strip()]
    readable: list[str] = []
    for line in lost[1:21]:  # named in the report: the first few are enough to recognise the moment
        try:
            readable.append(type(parse_command(parse_line(line, checked))).__name__)
        except LineError:
            readable.append("?")
    return Damage(path, number, what, offset, len(lost), tuple(readable), loaded.last_wall if loaded else None)


def _lock(path: Path) -> int | None:
    """Hold `<journal>.lock` (flock) for as long as this process runs the show; the PID is written in
    it so a second instance can say who holds it. No flock (Windows): no lock."""
    try:
        import fcntl
    except ImportError:
        return None
    lock_path = path.with_name(path.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as why:
        holder = os.read(fd, 32).decode("ascii", "replace").strip() or "?"
        os.close(fd)
        if why.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            raise JournalLocked(f"{path}: the journal is in use by process {holder} (another quizshow runs "
                                "this show); stop it first, or give another file with --journal PATH") from None
        raise
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


# --- snapshots -------------------------------------------------------------------------------------
#
# A resume must not replay a day: every SNAPSHOT_EVERY lines the engine (its state and the entries
# undo may still take back) is pickled beside the journal, keyed by the journal's length and the
# CRC-32 of its bytes up to there, and by the code that made it. On resume a snapshot whose key
# matches the file stands for those lines (they are exactly the bytes it was made from; their own
# checksums were verified when they were read or written) and only the lines after it are read and
# replayed. Anything else (no snapshot, another key, a damaged snapshot, other code) is logged and
# the whole journal is replayed: a snapshot only ever saves time, the journal stays the truth.

SNAPSHOT_EVERY = 2000


def _snapshot_path(path: Path) -> Path:
    return path.with_name(path.name + ".snapshot")


_CODE_ID: int | None = None


def _code_id() -> int:
    """The code that pickles the state: a snapshot made by other code is not trusted to unpickle."""
    global _CODE_ID
    if _CODE_ID is None:
        package = Path(__file__).resolve().parent.parent
        crc = 0
        for source in sorted([*(package / "core").glob("*.py"), *(package / "formats").rglob("*.py")]):
            crc = zlib.crc32(source.read_bytes(), crc)
        _CODE_ID = crc
    return _CODE_ID


def _read_snapshot(path: Path, show_id: str, raw: bytes) -> Loaded | None:
    """The snapshot's Loaded (crc holding its offset, lines its line count) if it fits `raw`, else None."""
    snap = _snapshot_path(path)
    if not snap.exists():
        return None
    try:
        head_bytes, _, data = snap.read_bytes().partition(b"\n")
        head = json.loads(head_bytes)
        offset = head["offset"]
        fits = (head.get("version") == 1 and head.get("show") == show_id and head.get("code") == _code_id()
                and isinstance(offset, int) and 0 < offset <= len(raw) and raw[offset - 1:offset] == b"\n"
                and zlib.crc32(memoryview(raw)[:offset]) == head["crc"] and zlib.crc32(data) == head["data"])
        if not fits:
            log.info("journal: the snapshot %s does not fit the journal (older, or other code); replaying all", snap)
            return None
        snapshot = pickle.loads(data)
        loaded = Loaded(seed=int(head["seed"]), resumed=True, snapshot=snapshot, checked=bool(head["checked"]),
                        last_at=float(head["last_at"]), last_wall=head["last_wall"], crc=offset,
                        lines=int(head["lines"]))
    except Exception as why:  # a damaged snapshot of any kind costs a full replay, nothing else
        log.warning("journal: the snapshot %s cannot be read (%s); replaying the whole journal", snap, why)
        return None
    return loaded


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
