"""A separate process for the duel's crash test: presses (arriving out of their own order), judgements,
choices, undo and Next through the journal, printing a fingerprint of each state before its command is
journalled ("will") and after ("ack")."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quizshow.core import commands as c  # noqa: E402
from quizshow.core.engine import Engine  # noqa: E402
from quizshow.formats.duel import commands as dc  # noqa: E402
from quizshow.runtime.journal.file import Journal  # noqa: E402
from tests.crash_worker import journalled_step  # noqa: E402
from tests.duel_kit import engine as duel_engine  # noqa: E402


def fingerprint(engine: Engine) -> str:
    s = engine.state
    queue = [[e.seat, e.status] for e in engine.format.queue(s)]
    return json.dumps([s.phase, [t.score for t in s.teams], s.fmt.bout.out, queue, len(engine.entries)])


def main() -> None:
    path, run = Path(sys.argv[1]), int(sys.argv[2])
    journal, loaded = Journal.open(path, "duel-crash-test", seed=5)
    engine = duel_engine(seed=loaded.seed)
    loaded.restore(engine)
    rng = random.Random(run)
    at = loaded.last_at + 1
    while True:
        at += 0.25
        pick = rng.random()
        if pick < 0.45:
            team, player = rng.randrange(2), rng.randrange(4)
            cmd = c.Buzz(at=at, team=team, player=player, source_time=at - rng.random() * 0.2)
        elif pick < 0.7:
            cmd = c.Judge(at=at, correct=rng.random() < 0.35)
        elif pick < 0.8:
            cmd = dc.Choose(at=at, player=rng.randrange(3))
        elif pick < 0.88:
            cmd = c.Undo(at=at)
        else:
            at += rng.choice((0.5, 16.0))
            cmd = c.Go(at=at)
        journalled_step(engine, journal, cmd, loaded.seed, fingerprint)


if __name__ == "__main__":
    main()
