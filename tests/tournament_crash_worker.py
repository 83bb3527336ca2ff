"""A separate process for the tournament crash test: plays a seed-001 day through the journal, printing
a fingerprint of each state before its command is journalled ("will") and after ("ack")."""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quizshow.runtime.journal.file import Journal  # noqa: E402
from tests.crash_worker import journalled_step  # noqa: E402
from tests.tournament_kit import fingerprint, next_command, tournament  # noqa: E402


def main() -> None:
    path, run = Path(sys.argv[1]), int(sys.argv[2])
    journal, loaded = Journal.open(path, "tournament-crash", seed=5)
    engine = tournament(seed=loaded.seed)
    loaded.restore(engine)
    rng = random.Random(run)
    at = loaded.last_at + 1
    while True:
        at += 0.5
        cmd = next_command(engine.state, engine.format, rng, at)
        if cmd is None:
            print("over", flush=True)
            return
        journalled_step(engine, journal, cmd, loaded.seed, fingerprint)


if __name__ == "__main__":
    main()
