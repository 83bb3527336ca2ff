"""A separate process for the crash test: applies commands through the engine and the journal
forever, printing a fingerprint of each state before its command is journalled and after."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quizshow.core import commands as c  # noqa: E402
from quizshow.core.engine import Engine  # noqa: E402
from quizshow.core.journal import Journal, dispatch_journalled  # noqa: E402
from tests.conftest import demo_engine  # noqa: E402


def fingerprint(engine: Engine) -> str:
    s = engine.state
    return json.dumps([s.phase, [t.score for t in s.teams], s.question, len(engine.entries)])


def main() -> None:
    path, run = Path(sys.argv[1]), int(sys.argv[2])
    journal, loaded = Journal.open(path, "crash-test", seed=5)
    engine = demo_engine(seed=loaded.seed)
    engine.replay(loaded.commands)
    rng = random.Random(run)
    at = loaded.last_at + 1
    while True:
        at += 0.5
        pick = rng.random()
        if pick < 0.25:
            cmd = c.Go(at=at)
        elif pick < 0.5:
            cmd = c.Buzz(at=at, team=rng.randrange(3))
        elif pick < 0.7:
            cmd = c.Judge(at=at, correct=rng.random() < 0.5)
        elif pick < 0.9:
            cmd = c.ScoreAdd(at=at, team=rng.randrange(3), points=rng.randrange(-20, 30))
        else:
            cmd = c.Undo(at=at)
        proposal = engine.propose(cmd)
        if proposal.changed:
            probe = Engine(engine.format, loaded.seed)
            probe.state, probe.entries = proposal.state, proposal.entries or []
            print("will", fingerprint(probe), flush=True)
        dispatch_journalled(engine, journal, cmd)
        if proposal.changed:
            print("ack", fingerprint(engine), flush=True)


if __name__ == "__main__":
    main()
