"""Helpers, fixtures and constants that several test files share, first written for
tests/display/svoyak/test_svoyak_display.py."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.formats.svoyak import commands as sc


def walk() -> list[tuple[str, list[c.Command]]]:
    """Commands that take the demo pack through every «Своя игра» scene, with the scene's name."""
    t = iter(range(10, 10_000, 10))
    steps = [
        ("title", []),
        ("round", [c.Go(at=next(t))]),
        ("board", [sc.PickTeam(at=next(t), team=1), c.Go(at=next(t)), c.ScoreSet(at=next(t), team=0, points=300),
                   c.ScoreSet(at=next(t), team=1, points=500), c.ScoreSet(at=next(t), team=2, points=200)]),
        ("question", [sc.SelectCell(at=next(t), theme=1, question=2)]),
        ("answering", [c.Buzz(at=next(t), team=0)]),
        ("wrong", [c.Judge(at=next(t), correct=False)]),
        ("reveal", [c.Buzz(at=next(t), team=2), c.Judge(at=next(t), correct=True)]),
        ("cat", [c.Go(at=next(t)), sc.SelectCell(at=next(t), theme=2, question=2)]),
        ("cat_value", [sc.GiveCat(at=next(t), team=0)]),
        ("cat_question", [sc.CatValue(at=next(t), value=40)]),
        ("auction", [c.Judge(at=next(t), correct=True), c.Go(at=next(t)),
                     sc.SelectCell(at=next(t), theme=0, question=3), sc.Bid(at=next(t), team=0, amount=100)]),
        ("sponsor", [sc.Pass(at=next(t), team=2), sc.Pass(at=next(t), team=1), c.Judge(at=next(t), correct=True),
                     c.Go(at=next(t)), sc.SelectCell(at=next(t), theme=1, question=3)]),
    ]
    to_final = [c.Go(at=next(t)), c.Judge(at=next(t), correct=True)]
    for _ in range(3):
        to_final += [c.Go(at=next(t)), sc.EndRound(at=next(t)), c.Go(at=next(t))]
    steps += [
        ("final_themes", to_final + [sc.FinalRemove(at=next(t), theme=1), sc.FinalRemove(at=next(t), theme=3)]),
        ("final_stakes", [sc.FinalRemove(at=next(t), theme=0), sc.FinalRemove(at=next(t), theme=4),
                          c.Go(at=next(t))]),
        ("final_question", [sc.FinalStake(at=next(t), team=team, amount=1) for team in range(3)]
         + [c.Go(at=next(t)), c.Go(at=next(t))]),
        ("final_reveal", [c.Go(at=next(t)), c.Judge(at=next(t), correct=True)]),
        ("final_answer", [c.Go(at=next(t)), c.Judge(at=next(t), correct=False), c.Go(at=next(t)),
                          c.Judge(at=next(t), correct=False), c.Go(at=next(t))]),
    ]
    return steps


def play_walk(engine: Engine, until: str | None = None):
    for name, commands in walk():
        for cmd in commands:
            out = engine.dispatch(cmd)
            assert out.refused is None or isinstance(cmd, sc.PickTeam), f"{name}: {cmd}: {out.refused}"
        yield name
        if name == until:
            return
