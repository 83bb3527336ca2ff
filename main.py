"""quizshow: run a quiz show, or check show and pack files (see docs/cli.md)."""

import sys

from quizshow.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
