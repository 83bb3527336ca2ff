"""The journal's lines: a pure codec (no files, see runtime/journal/file.py for the file's life).

One accepted command per JSON line. The first line is a header with the show's identity and the seed
of the draw-by-lot stream, so a replay draws the same.

Version 3 (docs/files.md, «journal v2»: sequence and chain): every line ends with
`"seq": S, "crc": N}`. `seq` counts the journal's lines (the header is 1); `crc` is the CRC-32 of the
line's own bytes up to the crc field (closed with `}`), computed on from the previous line's crc (the
header's from 0). A line changed, removed, repeated, moved or slipped in breaks the sequence or the
chain at its own line, so it is found there, never taken for another command; and a command line
missing a field, or holding a value out of range (a team the show does not have, points beyond
core/limits.py), is refused at its line, never defaulted or skipped.

Older journals still load: version 1 lines have no checksum, version 2 lines end with their own
`"crc": N` (not chained). Lines added to an old journal are version 3 lines, and from the first line
of a newer kind on every line must be of that kind.
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.limits import MAX_POINTS, points_ok, seconds_ok
from quizshow.core.loose import JsonObject

FORMAT_VERSION = 3
READS = (1, 2, 3)  # the header versions this code reads
MAX_LINE_BYTES = 64 * 1024  # a command line is a few hundred bytes; anything longer is damage
_CRC_FIELD = b', "crc": '
_SEQ_FIELD = b', "seq": '
_DECODE = json.JSONDecoder().decode
_TAIL = re.compile(rb', "seq": (-?\d{1,12}), "crc": (\d{1,10})\}\Z')  # a version 3 line's end

# Fields whose values are checked on decoding (by name, in every format's commands).
TEAM_FIELDS = ("team", "extra_appeal")  # 0-based team indices
POINT_FIELDS = ("points", "amount", "value")  # scores, bids, stakes, values: within ±MAX_POINTS
SECONDS_FIELDS = ("seconds", "clock_error")


class JournalError(Exception):
    """The journal cannot be used as it is: one line that says what, where and what to do."""


class OtherShowJournal(JournalError):
    """The journal's header names another show file: `owner` wrote it, `show` wants it. The command line
    adds the exact command that runs this show with a journal of its own (launch.py)."""

    def __init__(self, where: str, owner: str, show: str) -> None:
        self.where, self.owner, self.show = where, owner, show
        super().__init__(f"{where}:1: this journal belongs to another show ({owner}), not to {show}; "
                         "give this show a journal of its own with --journal PATH "
                         "(--fresh would put that show's journal aside)")


class LineError(ValueError):
    """What is wrong with one journal line."""


@dataclass(frozen=True)
class Damage:
    path: Path
    line: int  # 1-based, the first damaged line (for a short journal: the first missing one)
    what: str
    offset: int  # the bytes before it: what resuming keeps
    lost_lines: int  # lines from the damaged one to the end (all not replayed), or acknowledged ones missing
    lost_commands: tuple[str, ...] = ()  # the first readable ones after it, by type
    last_wall: float | None = None  # when the last good line was written
    short: bool = False  # the journal ends before the lines its snapshot covers: lines are missing

    def __str__(self) -> str:
        when = time.strftime("%H:%M:%S", time.localtime(self.last_wall)) if self.last_wall else "?"
        if self.short:
            return (f"{self.path}:{self.line}: the journal is cut short: {self.what}; the last good line was "
                    f"written at {when}")
        more = len(self.lost_commands) > 6 or self.lost_lines > len(self.lost_commands) + 1
        after = f" ({', '.join(self.lost_commands[:6])}{', …' if more else ''})" if self.lost_commands else ""
        return (f"{self.path}:{self.line}: damaged journal line: {self.what}; {self.lost_lines} line(s) from here "
                f"on would not be replayed{after}; the last good line was written at {when}")


class JournalDamaged(JournalError):
    """A damaged line in the middle, or a journal shorter than its snapshot: the operator decides
    (--resume-to-damage or --fresh)."""

    def __init__(self, damage: Damage) -> None:
        self.damage = damage
        super().__init__(f"{damage}; pass --resume-to-damage to resume up to line {damage.line - 1} "
                         "(the whole file is copied aside first), or --fresh to start over (the file is kept)")


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
    snapshot: JsonObject | None = None  # the engine as it was after `commands` began (see Snapshots)
    checked: bool = True  # lines carry checksums (version 2 or 3)
    crc: int = 0  # CRC-32 of the whole file as resumed: the snapshot's key
    lines: int = 0  # newlines in the file as resumed
    cursor: Cursor | None = None  # where the sequence and the chain stand after the last line

    def restore(self, engine: Engine) -> None:
        """Bring a fresh engine to where the journal left off: the snapshot, then the lines after it."""
        if self.snapshot is not None:
            engine.restore(self.snapshot)
        engine.replay(self.commands)

    @property
    def anything(self) -> bool:
        return bool(self.commands) or self.snapshot is not None


# --- writing ---------------------------------------------------------------------------------------


@dataclass
class Cursor:
    """Where a journal stands after its last line: the kind of lines it holds (1 no checksum, 2 own
    checksum, 3 sequence and chain), the last line's sequence number (lines so far, the header is 1)
    and the last line's checksum (0 without one), which the next line's checksum is chained to."""

    version: int = FORMAT_VERSION
    seq: int = 0
    crc: int = 0

    def as_json(self) -> list[int]:
        return [self.version, self.seq, self.crc]

    @classmethod
    def from_json(cls, data: object) -> Cursor:
        if not (isinstance(data, list) and len(data) == 3 and all(type(x) is int for x in data)):
            raise ValueError(f"not a journal cursor: {data!r}")
        return cls(*data)


def encode_line(data: JsonObject, cursor: Cursor) -> bytes:
    """The version 3 line for `data` after `cursor`: its sequence number, then its checksum chained
    to the previous line's. The cursor is not moved: `advance` does that once the line is written."""
    body = json.dumps({**data, "seq": cursor.seq + 1}, ensure_ascii=False).encode("utf-8")
    return body[:-1] + _CRC_FIELD + str(zlib.crc32(body, cursor.crc)).encode() + b"}\n"


def advance(cursor: Cursor, line: bytes) -> None:
    """Move the cursor past a line `encode_line` made (and the file took)."""
    cursor.version, cursor.seq = FORMAT_VERSION, cursor.seq + 1
    cursor.crc = int(line[line.rfind(_CRC_FIELD) + len(_CRC_FIELD):line.rindex(b"}")])


# --- reading ---------------------------------------------------------------------------------------


def parse_line(raw: bytes, checked: bool = True) -> JsonObject:
    """A version 1 or 2 journal line (without its newline) → its JSON object, or LineError."""
    _plain(raw)
    if checked:
        cut = raw.rfind(_CRC_FIELD)
        if cut < 0 or not raw.endswith(b"}"):
            raise LineError("the line has no checksum")
        number = raw[cut + len(_CRC_FIELD):-1]
        body = raw[:cut] + b"}"
        if not number.isdigit() or len(number) > 10 or int(number) != zlib.crc32(body):
            raise LineError("the checksum does not match: the line was changed or damaged")
        raw = body
    return _object(raw)


def _plain(raw: bytes) -> None:
    if len(raw) > MAX_LINE_BYTES:
        raise LineError(f"the line is {len(raw)} bytes long (at most {MAX_LINE_BYTES})")
    if b"\0" in raw:
        raise LineError("the line holds NUL bytes (the disk lost what was written there)")


def _object(raw: bytes) -> JsonObject:
    try:
        data = _DECODE(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise LineError("not a JSON line") from None
    if not isinstance(data, dict):
        raise LineError(f"a JSON {type(data).__name__}, not an object")
    return data


def read_line(raw: bytes, cursor: Cursor) -> JsonObject:
    """The next line after `cursor` → its JSON object (without seq), moving the cursor past it; or
    LineError saying what is wrong (the cursor stays). A line of an older kind than the lines before
    it is damage; a newer kind starts with it (an old journal resumed by newer code)."""
    _plain(raw)
    tail = _TAIL.search(raw)
    if tail is None:
        if cursor.version >= 3:
            raise LineError("the line has no sequence number and chained checksum (every line after the "
                            "header carries them)" if _CRC_FIELD in raw else "the line has no checksum")
        version = 2 if cursor.version == 2 or _CRC_FIELD in raw else 1
        data = parse_line(raw, checked=version == 2)
        crc = int(raw[raw.rfind(_CRC_FIELD) + len(_CRC_FIELD):-1]) if version == 2 else 0
        cursor.version, cursor.seq, cursor.crc = version, cursor.seq + 1, crc
        return data
    seq, crc = int(tail.group(1)), int(tail.group(2))
    body = raw[:tail.start(2) - len(_CRC_FIELD)] + b"}"
    expected = cursor.seq + 1
    if seq != expected:
        if seq <= cursor.seq:
            raise LineError(f"sequence number {seq} where {expected} was expected: a line repeated or out of "
                            "order")
        raise LineError(f"sequence number {seq} where {expected} was expected: {seq - expected} line(s) "
                        "before it are missing (removed or out of order)")
    if zlib.crc32(body, cursor.crc) != crc:
        raise LineError("the checksum does not match: the line was changed or damaged, or is not the one "
                        "written after the line before it")
    data = _object(body)
    data.pop("seq", None)
    cursor.version, cursor.seq, cursor.crc = 3, seq, crc
    return data


def line_end(raw: bytes) -> tuple[int, int] | None:
    """(sequence number, chained checksum) a version 3 line ends with, unchecked; None if it has none."""
    tail = _TAIL.search(raw)
    return None if tail is None else (int(tail.group(1)), int(tail.group(2)))


def unchecked(raw: bytes) -> JsonObject:
    """What a line says, its checksum and sequence unchecked: only to name the commands a damage loses."""
    cut = raw.rfind(_SEQ_FIELD) if _SEQ_FIELD in raw else raw.rfind(_CRC_FIELD)
    return parse_line(raw[:cut] + b"}" if cut >= 0 else raw, checked=False)


_WHOLE = re.compile(rb', "seq": \d{1,12}, "crc": \d{1,10}\}')


def ends_a_line(raw: bytes) -> bool:
    """`raw` holds a whole version 3 line's end: a write cut short by a crash never does (its line is
    a proper beginning of the line), so a last line like this that does not read is damage, not torn."""
    return _WHOLE.search(raw) is not None


def parse_command(data: JsonObject, teams: int | None = None, complete: bool = False) -> c.Command:
    """A line's object → its command, or LineError saying what is wrong and what was expected.
    `complete`: every field must be there (a version 3 line holds them all; older lines may lack
    fields added since). `teams`: the show's number of teams, to check team indices against."""
    try:
        command = c.from_json(data, complete=complete)
    except (c.UnknownCommand, TypeError, ValueError) as why:
        raise LineError(str(why)) from None
    for name in _checked(type(command)):
        value = getattr(command, name)
        kind = command.journal_name
        if name in SECONDS_FIELDS:
            if isinstance(value, (int, float)) and not seconds_ok(value):
                raise LineError(f"{kind}: '{name}' is {value}, expected seconds within ±3600")
        elif type(value) is not int:
            continue  # None (a team not named)
        elif name in TEAM_FIELDS and (value < 0 or (teams is not None and value >= teams)):
            known = f"from 0 to {teams - 1} (the show has {teams} teams)" if teams else "0 or more"
            raise LineError(f"{kind}: '{name}' is {value}, expected a team index {known}")
        elif name in POINT_FIELDS and not points_ok(value):
            raise LineError(f"{kind}: '{name}' is {value}, expected from {-MAX_POINTS} to {MAX_POINTS}")
    return command


_CHECKED: dict[type, tuple[str, ...]] = {}


def _checked(cls: type[c.Command]) -> tuple[str, ...]:
    """The fields of a command class whose values have a range, worked out once a class."""
    known = _CHECKED.get(cls)
    if known is None:
        ranged = (*TEAM_FIELDS, *POINT_FIELDS, *SECONDS_FIELDS)
        known = _CHECKED[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.name in ranged)
    return known


def header(data: JsonObject, where: str, show_id: str) -> tuple[int, int]:
    """(version, seed) of a header line's object, or a JournalError that says what to do."""
    fresh = "; use --fresh to start over (the file is kept)"
    if data.get("type") != "header":
        raise JournalError(f"{where}:1: expected the journal header, found {str(data)[:60]}{fresh}")
    version = data.get("version", 1)
    if version not in READS:
        raise JournalError(f"{where}:1: journal version {version!r} is not one this quizshow reads (1, 2 or 3)"
                           f"{fresh}")
    seed = data.get("seed")
    if type(seed) is not int:
        raise JournalError(f"{where}:1: the header has no whole-number seed (found {seed!r}){fresh}")
    if data.get("show") != show_id:
        raise OtherShowJournal(where, str(data.get("show")), show_id)
    return version, seed


def header_line(show_id: str, seed: int, wall: float) -> JsonObject:
    return {"type": "header", "version": FORMAT_VERSION, "show": show_id, "seed": seed, "wall": wall}


def command_line(command: c.Command, wall: float) -> JsonObject:
    line: JsonObject = c.to_json(command)
    line["wall"] = round(wall, 3)
    return line
