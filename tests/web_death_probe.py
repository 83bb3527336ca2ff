"""Child process: the show as the command line runs it, with its web server's thread made to die before it
listens (an injected fault). argv: the command line's arguments."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quizshow import stopping  # noqa: E402

stopping.install()  # as main.py does, first

from aiohttp import web  # noqa: E402

from quizshow.runtime.web.limits import GatedSite  # noqa: E402


async def _refuse(self: web.TCPSite) -> None:
    raise RuntimeError("injected: the web thread dies")


web.TCPSite.start = _refuse  # type: ignore[method-assign]
GatedSite.start = _refuse  # type: ignore[method-assign]  # the site the show listens on

from quizshow.cli import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
