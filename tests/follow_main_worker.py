"""The main show for the follower's start-over test: `main.py` exactly as it runs (headless here), plus the
operator's two presses of «Начать заново» whenever a line `start_over` comes on stdin (a headless show has no
console to press it on). The presses are handed to the window thread, as the console's button is pressed there.

    python tests/follow_main_worker.py SHOW --headless --osc-port 0 --web-port 0 --journal J
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quizshow import stopping  # noqa: E402

stopping.install()

from quizshow import app as app_module  # noqa: E402
from quizshow.cli import main  # noqa: E402
from quizshow.inputs.messages import Action  # noqa: E402

made: list[app_module.ShowApp] = []
_init = app_module.ShowApp.__init__


def _keep(self: app_module.ShowApp, *args: object, **kwargs: object) -> None:
    _init(self, *args, **kwargs)  # type: ignore[arg-type]
    made.append(self)


def _press_twice() -> None:
    """On the window thread: the console's button asks, the second press does it."""
    app = made[0]
    for _ in range(2):
        app.action(Action("start_over", app.now(), "console"))
    print("worker: started over", file=sys.stderr, flush=True)


def _console() -> None:
    for line in sys.stdin:
        if line.strip() == "start_over" and made:
            made[0].on_window(_press_twice)


if __name__ == "__main__":
    app_module.ShowApp.__init__ = _keep  # type: ignore[method-assign]
    threading.Thread(target=_console, name="console", daemon=True).start()
    sys.exit(main(sys.argv[1:]))
