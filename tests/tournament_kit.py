"""A tournament day driven by commands, as the operator and the tables would: a policy that picks the
next command from the state (seeded), shared by the tests and the crash worker."""

from __future__ import annotations

import json
import random
from pathlib import Path

from quizshow.assemble import make_format
from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.event import day as D
from quizshow.event_file import load_any
from quizshow.formats.melee.format import Decide
from quizshow.formats.tournament import model as m
from quizshow.yamlfile import Problems

ROOT = Path(__file__).resolve().parent.parent
SEED001 = ROOT / "shows" / "tournament-001.yaml"
SEED004 = ROOT / "shows" / "tournament-004.yaml"


def config(path: Path = SEED001) -> ShowConfig:
    problems = Problems()
    found = load_any(path, problems)
    assert found is not None and not problems.errors, problems.items
    return found


def tournament(path: Path = SEED001, seed: int = 7) -> Engine:
    return Engine(make_format(config(path)), seed)


def next_command(state: ShowState, fmt: Format, rng: random.Random, at: float) -> c.Command | None:
    """What the operator (or a table) does next; None once the day is over."""
    ev: m.EventState = state.fmt
    phase = state.phase
    if ev.match is None:
        if D.draw_stage(ev.day) == "pick":
            first = D.melee_winner(ev.day)
            return m.Pick(at=at, team=next(t for t in range(len(ev.day.teams)) if t != first))
        return None if fmt.next_action(state).finished else c.Go(at=at)
    if phase in ("melee_title", "melee_tables", "melee_result", "title", "ready", "attention", "reveal", "result"):
        return c.Go(at=at)
    if phase == "melee_question":
        return Decide(at=at, side=rng.randrange(2))
    if phase == "clock":
        free = [t for t in (0, 1) if t not in state.locked]
        return c.Buzz(at=at, team=rng.choice(free), source_time=at) if free else c.Go(at=at)
    if phase in ("answering", "melee_answering"):
        return c.Judge(at=at, correct=rng.random() < 0.75)
    raise AssertionError(f"no policy for phase {phase}")


def play(engine: Engine, steps: int = 100_000, seed: int = 1, submit=None, at: float = 1.0) -> int:
    """Run the policy until the day is over (or `steps`); returns how many commands were accepted."""
    rng = random.Random(seed)
    done = 0
    for _ in range(steps):
        at += 0.5
        cmd = next_command(engine.state, engine.format, rng, at)
        if cmd is None:
            break
        outcome = submit(cmd) if submit else engine.dispatch(cmd)
        assert outcome.accepted, (cmd, outcome.refused)
        done += 1
    return done


def fingerprint(engine: Engine) -> str:
    s = engine.state
    ev: m.EventState = s.fmt
    return json.dumps([s.phase, ev.playing, [(r.fixture, list(r.scores), r.winner) for r in ev.day.results],
                       [t.score for t in s.teams[:2]], len(engine.entries)], ensure_ascii=False)


def walk(seed: int = 7) -> list[tuple[str, list[c.Command]]]:
    """The tournament's screens for the display tests and bench/frames.py: the draw, the group tables
    with every group result in (ties included), the bracket half played, the next match."""
    probe = tournament(SEED004, seed=seed)
    draw = [c.Go(at=1.0 + i * 0.1) for i in range(len(probe.state.fmt.day.teams))]
    probe.replay(draw)
    results: list[c.Command] = []
    at = 10.0
    rng = random.Random(seed)
    for f in D.plan(probe.state.fmt.day).fixtures:
        if f.stage == "group":
            at += 0.1
            results.append(m.Enter(at=at, fixture=f.id, scores=m.score_text(rng.randrange(4), rng.randrange(4))))
    probe.replay(results)
    for f in D.plan(probe.state.fmt.day).fixtures:  # replays due: settled
        if f.stage == "replay":
            at += 0.1
            cmd = m.Enter(at=at, fixture=f.id, scores="2:1")
            probe.dispatch(cmd)
            results.append(cmd)
    knockout = []
    for f in D.plan(probe.state.fmt.day).fixtures:
        if f.stage == "quarterfinal" and len(knockout) < 2:
            at += 0.1
            knockout.append(m.Enter(at=at, fixture=f.id, scores="3:1"))
    return [("draw", draw), ("group tables", results), ("bracket", [*knockout, m.Show(at=at + 1, screen="ev_bracket")]),
            ("next match", [m.Show(at=at + 2, screen="ev_next")]),
            ("standings again", [m.Show(at=at + 3, screen="ev_standings")])]
