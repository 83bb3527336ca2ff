"""main.py's start-up, saying "ready" once its signal handlers are in place (the moment from which a
Python program can handle a signal at all), so a test signals at known points of the start-up instead
of guessing how long the interpreter takes to boot on a busy machine."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quizshow import stopping  # noqa: E402

stopping.install()  # as main.py does, first
print("ready", flush=True)

from quizshow.cli import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
