"""A separate process for the «Своя игра» crash test: plays the demo pack to the final through the
journal, then keeps entering stakes, judging, undoing and moving on, printing a fingerprint of each
state before its command is journalled ("will") and after ("ack")."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quizshow.core import commands as c  # noqa: E402
from quizshow.core.engine import Engine  # noqa: E402
from quizshow.formats.svoyak import commands as sc  # noqa: E402
from quizshow.runtime.journal.file import Journal  # noqa: E402
from tests.conftest import svoyak_engine  # noqa: E402
from tests.crash_worker import journalled_step  # noqa: E402
from tests.svoyak_display_kit import walk  # noqa: E402


def fingerprint(engine: Engine) -> str:
    s = engine.state
    final = s.fmt.final
    where = [final.removed, final.stakes, final.judged, final.showing] if final else None
    return json.dumps([s.phase, [t.score for t in s.teams], where, len(engine.entries)])


def main() -> None:
    path, run = Path(sys.argv[1]), int(sys.argv[2])
    journal, loaded = Journal.open(path, "svoyak-crash-test", seed=5)
    engine = svoyak_engine(seed=loaded.seed)
    loaded.restore(engine)
    rng = random.Random(run)
    at = loaded.last_at + 1
    script: list[c.Command] = []
    if not loaded.commands:  # the first run plays the game up to the final's stakes
        for name, commands in walk():
            script += commands
            if name == "final_stakes":
                break
    while True:
        at += 0.5
        if script:
            cmd = replace(script.pop(0), at=at)
        else:
            pick = rng.random()
            final = engine.state.fmt.final
            if pick < 0.45 and final is not None:
                team = rng.choice(final.order)
                cmd = sc.FinalStake(at=at, team=team, amount=rng.randint(1, max(1, engine.state.teams[team].score)))
            elif pick < 0.6:
                cmd = c.Undo(at=at)
            elif pick < 0.8:
                cmd = c.Judge(at=at, correct=rng.random() < 0.5)
            else:
                cmd = c.Go(at=at)
        journalled_step(engine, journal, cmd, loaded.seed, fingerprint)


if __name__ == "__main__":
    main()
