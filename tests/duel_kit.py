"""Duel engines over the demo pack, and short ways to press, judge and read the state."""

from __future__ import annotations

from pathlib import Path

from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Setup
from quizshow.core.state import Team
from quizshow.formats import presets
from quizshow.formats.duel import DuelFormat
from quizshow.yamlfile import Problems

ROOT = Path(__file__).resolve().parent.parent
SHOW = ROOT / "shows" / "duel.yaml"
GREEN, YELLOW, RED, BLUE = range(4)
ALPHA, BETA = 0, 1


def config():
    problems = Problems()
    found = load_show(SHOW, problems)
    assert found is not None and not problems, [str(p) for p in problems.items]
    return found


def engine(seed: int = 1, **rules) -> Engine:
    params = {**presets()["duel"]["duel"], **rules}
    teams = (Team("Альфа", "", captain="Альфа 4", players=tuple(f"Альфа {n + 1}" for n in range(4))),
             Team("Бета", "", captain="Бета 4", players=tuple(f"Бета {n + 1}" for n in range(4))))
    setup = Setup(title="Дуэль", teams=teams, rules=params, pack=config().pack)
    return Engine(DuelFormat(setup), seed)


def press(eng: Engine, team: int, player: int, t: float, arrival: float | None = None) -> Outcome:
    return eng.dispatch(c.Buzz(at=t if arrival is None else arrival, team=team, player=player, source_time=t))


def judge(eng: Engine, correct: bool, at: float) -> Outcome:
    return eng.dispatch(c.Judge(at=at, correct=correct))


def go(eng: Engine, at: float) -> Outcome:
    return eng.dispatch(c.Go(at=at))


def started(seed: int = 1, **rules) -> Engine:
    """A bout with its first question being read (at 1.0)."""
    eng = engine(seed, **rules)
    assert go(eng, 1.0).accepted
    return eng


def out(eng: Engine) -> set[tuple[int, int]]:
    return set(eng.state.fmt.bout.out)


def asked(eng: Engine) -> tuple[int, int] | None:
    press = eng.format.asked_now(eng.state)
    return None if press is None else (press.team, press.player)


def to_next_question(eng: Engine, at: float) -> None:
    """From a question's reveal (or reading) to the next question, past the thinking minimum."""
    if eng.state.phase == "reading":
        assert go(eng, at).accepted
        at += eng.format.think_s()
    if eng.state.phase == "thinking":
        assert go(eng, at).accepted, eng.state.phase
    assert eng.state.phase == "reveal", eng.state.phase
    assert go(eng, at + 0.1).accepted
