"""A server's thread whose death is never silent (the OSC server's two, the web server's, a follower's
link). Whatever ends it with an exception is logged with its traceback and handed to `died`, which tells
the operator (the console's notices, a follower's stderr) and lets its owner stop waiting for it: a
server that waited for its thread to say «listening» would otherwise wait for ever, and a process that
waits for ever in start-up does not end on SIGTERM."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


def guarded(name: str, run: Callable[[], None], died: Callable[[BaseException], None]) -> threading.Thread:
    """A daemon thread (not started) that runs `run`; an exception that ends it goes to `died`, once."""

    def body() -> None:
        try:
            run()
        except BaseException as why:  # noqa: BLE001 - the thread is ending anyway: say why, once
            log.error("%s: the thread stopped (%s)", name, reason(why), exc_info=why)
            try:
                died(why)
            except Exception:  # noqa: BLE001 - telling must not hide what was told
                log.exception("%s: telling that the thread stopped failed", name)

    return threading.Thread(target=body, name=name, daemon=True)


def reason(why: BaseException) -> str:
    """An exception as one short line: `RuntimeError: injected`."""
    text = str(why).strip().splitlines()[0] if str(why).strip() else ""
    return f"{type(why).__name__}: {text}" if text else type(why).__name__
