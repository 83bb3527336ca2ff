"""A separate process for the crash test: applies commands through the engine and the journal
forever, printing a fingerprint of each state before its command is journalled and after."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quizshow.core import commands as c  # noqa: E402
from quizshow.core.engine import Engine  # noqa: E402
from quizshow.runtime.journal.file import Journal, dispatch_journalled  # noqa: E402
from tests.conftest import demo_engine  # noqa: E402


def fingerprint(engine: Engine) -> str:
    s = engine.state
    return json.dumps([s.phase, [t.score for t in s.teams], s.question, len(engine.entries)])


def main() -> None:
    path, run = Path(sys.argv[1]), int(sys.argv[2])
    journal, loaded = Journal.open(path, "crash-test", seed=5)
    engine = demo_engine(seed=loaded.seed)
    loaded.restore(engine)
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
        journalled_step(engine, journal, cmd, loaded.seed, fingerprint)


def journalled_step(engine: Engine, journal: Journal, cmd: c.Command, seed: int,
                    print_of: Callable[[Engine], str]) -> None:
    """Apply one command through the journal, printing the state it will make ("will") before the
    write and the state it made ("ack") after: the test knows what a kill may have cut off."""
    proposal = engine.propose(cmd)
    if proposal.changed:
        probe = Engine(engine.format, seed)
        probe.state, probe.entries = proposal.state, [None] * proposal.count  # type: ignore[list-item]
        say(f"will {print_of(probe)}")
    dispatch_journalled(engine, journal, cmd)
    if proposal.changed:
        say(f"ack {print_of(engine)}")


def say(line: str) -> None:
    """One line in one write: print("ack", x) makes three writes when the output is unbuffered
    (PYTHONUNBUFFERED), and a kill between them left a bare "ack" that the test took for a state."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def kill_at_random(worker: str, path: Path, run: int, pause_s: float, ready: Callable[[str], bool],
                   acked: str | None) -> tuple[str | None, str | None]:
    """Start a worker, read its lines until `ready`, SIGKILL it after `pause_s`; the last state it
    acknowledged and the one it was writing when killed (either may be what a restart finds)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / worker), str(path), str(run)],
                            stdout=subprocess.PIPE, text=True, env=env)
    lines = []
    while True:
        line = proc.stdout.readline()
        lines.append(line)
        if not line or ready(line):
            break
    time.sleep(pause_s)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    lines += proc.stdout.read().splitlines(keepends=True)
    proc.stdout.close()
    pending = None
    for line in lines:
        if not line.endswith("\n"):
            continue  # cut short by the kill: it says nothing
        kind, _, print_ = line.rstrip("\n").partition(" ")
        if kind == "will":
            pending = print_
        elif kind == "ack":
            acked, pending = print_, None
    return acked, pending


if __name__ == "__main__":
    main()
