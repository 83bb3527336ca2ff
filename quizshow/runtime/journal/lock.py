"""One show process per journal: `<journal>.lock`, held for as long as the show runs (filelock: flock on
Linux and macOS, a locked byte on Windows). The holder's PID is written in it, so a second instance can
say who holds it. The one place the program locks a file."""

from __future__ import annotations

import os
from pathlib import Path

import filelock


class Locked(Exception):
    """Another process holds the lock; `holder` is its PID as it wrote it ("?" where it cannot be read)."""

    def __init__(self, holder: str) -> None:
        self.holder = holder
        super().__init__(holder)


def _write_pid(fd: int) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, f"{os.getpid()}\n".encode())


class JournalLock:
    def __init__(self, journal: Path) -> None:
        self.path = journal.with_name(journal.name + ".lock")
        # Not per thread (the show closes its journal from any thread), not waiting: held, or Locked.
        self._lock = filelock.FileLock(self.path, timeout=0, thread_local=False, on_acquired=_write_pid)

    def acquire(self) -> JournalLock:
        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise Locked(self._holder()) from None
        return self

    def _holder(self) -> str:
        try:  # on Windows the locked byte cannot be read by another process: then "?"
            with open(self.path, "rb") as f:
                return f.read(32).decode("ascii", "replace").strip() or "?"
        except OSError:
            return "?"

    def release(self) -> None:
        if self._lock.is_locked:
            self._lock.release(force=True)

    def __del__(self) -> None:  # a journal dropped without close() gives its lock back when collected
        try:
            self.release()
        except Exception:
            pass
