"""Lines that are on the disk when their write returns: the journal's file descriptor, opened for
appending with O_DSYNC where the system has it (Linux, macOS: one system call per line), and written
with an fsync after each write where it has not (Windows). The one place that knows the difference."""

from __future__ import annotations

import os
from pathlib import Path

SYNC_ON_OPEN: int = getattr(os, "O_DSYNC", 0)  # 0: no O_DSYNC here, every write is followed by an fsync


def open_append(path: Path, truncate: bool = False) -> int:
    """A descriptor that appends synchronously (binary on Windows)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | SYNC_ON_OPEN | getattr(os, "O_BINARY", 0)
    return os.open(path, flags | (os.O_TRUNC if truncate else 0), 0o644)


def written(fd: int) -> None:
    """After a whole line is written: where the descriptor is not synchronous, put it on the disk now."""
    if not SYNC_ON_OPEN:
        os.fsync(fd)
