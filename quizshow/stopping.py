"""SIGINT and SIGTERM become a stop request that the frame loop honours (journal closed, exit 0).

Installed first thing in main.py, before the heavy imports, so a signal that arrives while the show
is still loading ends it cleanly too. SDL leaves a handler that is already set in place.

While a file is loading (`with loading():`) there is no frame loop to notice the request, and a long
load would make the signal look ignored: then the handler also raises Stopped, which unwinds the
load at once; the command line catches it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

stop_requested = threading.Event()
_loading = 0  # nesting depth of loading() in the main thread


class Stopped(BaseException):
    """A stop signal arrived while a file was loading (a BaseException: no `except Exception` keeps it)."""

    def signal_name(self) -> str:
        """The signal's name. A codec decoding the file when it came wraps it in its own message («decoding with
        'utf-8-sig' codec failed (Stopped: SIGTERM)»), the signal's own exception its cause."""
        first: BaseException = self
        while isinstance(first.__cause__, Stopped):
            first = first.__cause__
        return str(first)


def _handler(signum: int, _frame: object) -> None:
    stop_requested.set()
    if _loading:
        raise Stopped(signal.Signals(signum).name)


def install() -> None:
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _handler)


@contextmanager
def loading() -> Iterator[None]:
    """A stretch of loading files that a stop signal may interrupt (main thread only: signal handlers
    run there; in another thread this does nothing)."""
    global _loading
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if stop_requested.is_set() and _loading == 0 and signal.getsignal(signal.SIGINT) is _handler:
        raise Stopped("stop requested before the load")
    _loading += 1
    try:
        yield
    finally:
        _loading -= 1
