"""quizshow: run a quiz show, or check show and pack files (see docs/cli.md)."""

import sys

from quizshow import stopping

stopping.install()  # before anything slow: a signal during start-up still ends the show cleanly

from quizshow.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
