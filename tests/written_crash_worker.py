"""A separate process for the written quiz's crash test: brings 40 teams to the first question's
answer through the journal, then keeps marking the grid (right, late, undo) at random, printing a
fingerprint of each state before its command is journalled ("will") and after ("ack")."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quizshow.core import commands as c  # noqa: E402
from quizshow.core.engine import Engine  # noqa: E402
from quizshow.formats.written import commands as wc  # noqa: E402
from quizshow.runtime.journal.file import Journal  # noqa: E402
from tests.crash_worker import journalled_step  # noqa: E402
from tests.written_kit import engine as written_engine  # noqa: E402

TEAMS = 40


def engine() -> Engine:
    return written_engine(teams=TEAMS)


def fingerprint(e: Engine) -> str:
    s = e.state
    grid = s.fmt.grid
    return json.dumps([s.phase, sorted(grid.correct), sorted(grid.late), [t.score for t in s.teams], len(e.entries)])


def main() -> None:
    path, run = Path(sys.argv[1]), int(sys.argv[2])
    journal, loaded = Journal.open(path, "written-crash-test", seed=5)
    e = engine()
    loaded.restore(e)
    rng = random.Random(run)
    at = loaded.last_at + 1
    script: list[c.Command] = []
    if not loaded.commands:  # the first run: the first question, its minute and hand-in, its answer
        script = [c.Go(at=at), c.Go(at=at + 1), c.Tick(at=at + 61.1), c.Tick(at=at + 71.2)]
        at += 72
    while True:
        at += 0.05
        if script:
            cmd = script.pop(0)
        else:
            pick = rng.random()
            team = rng.randrange(TEAMS)
            if pick < 0.75:
                cmd = wc.Mark(at=at, team=team, number=0, correct=rng.random() < 0.7)
            elif pick < 0.9:
                cmd = wc.Late(at=at, team=team, number=0, late=rng.random() < 0.5)
            else:
                cmd = c.Undo(at=at)
        journalled_step(e, journal, cmd, loaded.seed, fingerprint)


if __name__ == "__main__":
    main()
