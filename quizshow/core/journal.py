"""The journal: one accepted command per JSON line, on the disk (O_DSYNC) before its effects run.

The first line is a header with the show's identity and the seed of the draw-by-lot stream, so a
replay draws the same. A line cut short by a crash is dropped (it was never acknowledged) and the
file is trimmed back to the last whole line before appending continues.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from quizshow.core import commands as c
from quizshow.core.engine import Engine, Outcome

log = logging.getLogger(__name__)

FORMAT_VERSION = 1


@dataclass
class Loaded:
    seed: int
    commands: list[c.Command] = field(default_factory=list)
    resumed: bool = False
    last_at: float = 0.0
    last_wall: float | None = None
    walls: list[float | None] = field(default_factory=list)  # each command's wall time, as journalled
    dropped: int = 0  # lines that could not be read


class JournalError(Exception):
    pass


# A synchronous-data descriptor: each os.write returns only once the line is on the disk, in one
# system call (one release of the GIL, where write + fdatasync would be two). Where the system has no
# O_DSYNC (Windows) every write is followed by an fsync instead.
_DSYNC = getattr(os, "O_DSYNC", 0)


class Journal:
    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._file = os.fdopen(fd, "ab", buffering=0)  # unbuffered: each line is one os.write

    @staticmethod
    def _append_to(path: Path, truncate: bool = False) -> int:
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | _DSYNC | getattr(os, "O_BINARY", 0)
        return os.open(path, flags | (os.O_TRUNC if truncate else 0), 0o644)

    @classmethod
    def open(cls, path: Path, show_id: str, fresh: bool = False, seed: int | None = None) -> tuple[Journal, Loaded]:
        """Resume the journal at `path` (or start one). `fresh` keeps the old file under a new name."""
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and fresh:
            keep = path.with_name(f"{path.stem}.{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
            path.rename(keep)
            log.info("journal: started fresh; the old one is kept as %s", keep)
        loaded = cls._read(path, show_id) if path.exists() else None
        if loaded is None:
            loaded = Loaded(seed=seed if seed is not None else secrets.randbelow(2**31))
            header = {"type": "header", "version": FORMAT_VERSION, "show": show_id, "seed": loaded.seed,
                      "wall": time.time()}
            journal = cls(path, cls._append_to(path, truncate=True))
            journal._write(header)
            return journal, loaded
        return cls(path, cls._append_to(path)), loaded

    @staticmethod
    def _read(path: Path, show_id: str) -> Loaded | None:
        raw = path.read_bytes()
        lines = raw.split(b"\n")
        good_bytes = 0
        loaded: Loaded | None = None
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                good_bytes += len(line) + 1
                continue
            try:
                data = json.loads(line)
            except ValueError:
                if number == len(lines):  # cut short by a crash mid-write: never acknowledged
                    log.warning("journal: dropped an unfinished last line of %s", path)
                    break
                raise JournalError(f"{path}:{number}: not a JSON line") from None
            if loaded is None:
                if data.get("type") != "header":
                    raise JournalError(f"{path}:1: expected the journal header")
                if data.get("show") != show_id:
                    raise JournalError(f"{path}:1: this journal belongs to another show ({data.get('show')}); "
                                       "use --fresh or --journal")
                loaded = Loaded(seed=int(data["seed"]), resumed=True)
            else:
                try:
                    loaded.commands.append(c.from_json(data))
                    loaded.walls.append(data.get("wall"))
                except (c.UnknownCommand, TypeError) as why:
                    loaded.dropped += 1
                    log.warning("journal: %s:%d: %s (skipped)", path, number, why)
                else:
                    loaded.last_at = max(loaded.last_at, float(data.get("at", 0.0)))
                    loaded.last_wall = data.get("wall", loaded.last_wall)
            good_bytes += len(line) + 1
        if loaded is None:
            return None
        if good_bytes < len(raw):
            with path.open("r+b") as f:
                f.truncate(good_bytes)
        elif raw and not raw.endswith(b"\n"):
            with path.open("ab") as f:  # a whole last line without its newline: end it before appending
                f.write(b"\n")
        return loaded

    def append(self, command: c.Command) -> None:
        line: dict[str, Any] = c.to_json(command)
        line["wall"] = round(time.time(), 3)
        self._write(line)

    def _write(self, data: dict[str, Any]) -> None:
        line = memoryview((json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8"))
        while line:  # a regular file takes the whole line at once; a short write is finished, not lost
            line = line[self._file.write(line):]
        if not _DSYNC:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def dispatch_journalled(engine: Engine, journal: Journal, command: c.Command) -> Outcome:
    """The one path for live commands: propose, write to the journal (fsync), then take effect."""
    outcome = engine.propose(command)
    if outcome.changed:
        journal.append(command)
        engine.commit(outcome)
    return outcome
