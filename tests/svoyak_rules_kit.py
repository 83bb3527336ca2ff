"""Helpers, fixtures and constants that several test files share, first written for
tests/formats/svoyak/test_svoyak.py."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.effects import EventKind
from quizshow.core.engine import Engine
from quizshow.formats.svoyak import commands as sc
from tests import svoyak_kit as kit
from tests.conftest import kinds, ok


def scores(e: Engine) -> list[int]:
    return [t.score for t in e.state.teams]


def chooser(e: Engine) -> int:
    return e.state.fmt.chooser


def to_board(e: Engine, first_chooser: int = 0, at: float = 1.0) -> None:
    """Title → round intro (the draw) → the host overrides the chooser → the board."""
    ok(e, c.Go(at=at))
    if chooser(e) != first_chooser:
        ok(e, sc.PickTeam(at=at, team=first_chooser))
    ok(e, c.Go(at=at))
    assert e.state.phase == "board" and chooser(e) == first_chooser


def set_scores(e: Engine, values: list[int], at: float = 0.5) -> None:
    for team, points in enumerate(values):
        if e.state.teams[team].score != points:
            ok(e, c.ScoreSet(at=at, team=team, points=points))


def open_special(e: Engine, question: int, opener: int = 0, at: float = 10) -> None:
    to_board(e, opener)
    ok(e, sc.SelectCell(at=at, theme=1, question=question))


def final_engine(score_list: list[int], **rules) -> Engine:
    e = kit.engine(kit.specials_pack(), teams=len(score_list), **rules)
    to_board(e)
    set_scores(e, score_list)
    ok(e, sc.EndRound(at=5))
    out = ok(e, c.Go(at=6))
    assert EventKind.FINAL_START in kinds(out)
    return e


def through_final(e: Engine, stakes: dict[int, int], verdicts: dict[int, bool]) -> None:
    for theme in range(4):
        ok(e, sc.FinalRemove(at=7, theme=theme))
    ok(e, c.Go(at=8))
    for team, stake in stakes.items():
        ok(e, sc.FinalStake(at=9, team=team, amount=stake))
    ok(e, c.Go(at=10))
    ok(e, c.Go(at=11))
    ok(e, c.Go(at=12))
    for team in e.state.fmt.final.order:
        ok(e, c.Judge(at=13, correct=verdicts[team]))
        ok(e, c.Go(at=14))
    ok(e, c.Go(at=15))  # after the answer: the winner or the shoot-out
