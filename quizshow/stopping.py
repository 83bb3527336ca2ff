"""SIGINT and SIGTERM become a stop request that the frame loop honours (journal closed, exit 0).

Installed first thing in main.py, before the heavy imports, so a signal that arrives while the show
is still loading ends it cleanly too. SDL leaves a handler that is already set in place.
"""

from __future__ import annotations

import signal
import threading

stop_requested = threading.Event()


def install() -> None:
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda _signum, _frame: stop_requested.set())
