"""`python -m quizshow` and the installed `quizshow` command: the same as `python main.py`."""

import sys

from quizshow import stopping


def main() -> int:
    stopping.install()  # before anything slow: a signal during start-up still ends the show cleanly
    from quizshow.cli import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
