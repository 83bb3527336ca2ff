"""«ДАЛЕЕ» and Next agree through whole games of «Своя игра»: where the console names a step, Next takes it;
where it names the host's own move (a cell, a verdict, a bid, a stake), Next is refused and that move goes on;
at the end nothing is offered and Next does nothing."""

from __future__ import annotations

import random

import pytest

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.ladder import NextKind
from quizshow.formats.svoyak import SvoyakFormat
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.model import SvoyakPhase
from tests.svoyak_kit import board, engine, final_round, pack, reserve


def _the_hosts_move(e: Engine, fmt: SvoyakFormat, key: str, rng: random.Random, at: float) -> None:
    """What the host does where Next waits, as the console's words ask for it."""
    state, play = e.state, fmt.own(e.state)
    if key == "next.pick_cell":
        rnd = fmt.game.rounds[play.round]
        cell = rng.choice(sorted(rnd.cells - set(play.played)))
        assert e.dispatch(sc.SelectCell(at=at, theme=cell[0], question=cell[1])).accepted
    elif key == "next.give_cat":
        taker = next(t for t in range(len(state.teams)) if t != play.chooser)
        assert e.dispatch(sc.GiveCat(at=at, team=taker)).accepted
    elif key == "next.cat_value":
        assert e.dispatch(sc.CatValue(at=at, value=fmt.cat_options(state)[0])).accepted
    elif key.startswith("next.bid"):
        assert play.auction is not None
        bidder = play.auction.current
        ask = fmt.stake_ask(state, bidder)
        if ask is None or not e.dispatch(sc.Bid(at=at, team=bidder, amount=ask.low)).accepted:
            assert e.dispatch(sc.Pass(at=at, team=bidder)).accepted
    elif key == "next.judge_first":
        assert e.dispatch(c.Judge(at=at, correct=rng.random() < 0.5)).accepted
    elif key == "next.remove_theme":
        assert any(e.dispatch(sc.FinalRemove(at=at, theme=t)).accepted for t in range(len(fmt.game.final_themes)))
    elif key == "next.enter_stakes":
        final = play.final
        assert final is not None
        for team in final.order:
            if final.stake(team) is None:
                assert e.dispatch(sc.FinalStake(at=at, team=team, amount=1)).accepted
    else:
        raise AssertionError(f"Next waits for {key}, and the host has no move for it")


@pytest.mark.parametrize("seed", range(12))
def test_the_words_of_next_say_what_next_does_through_a_whole_game(seed: int) -> None:
    rng = random.Random(seed)
    game = pack(board("Раунд 1", (10, 20), [["regular", "cat"], ["auction", "sponsor"]]),
                board("Раунд 2", (20, 40), [["regular", "regular"]]), final_round(3), reserve())
    e = engine(game, teams=3, seed=seed)
    fmt = e.format
    assert isinstance(fmt, SvoyakFormat)
    at = 1.0
    for _ in range(400):
        at += 1.0
        step = fmt.next_action(e.state)
        if step.kind is NextKind.GO:
            live = e.state.phase == SvoyakPhase.QUESTION and e.state.timer.running
            if live and rng.random() < 0.6:  # a press comes before the host moves on
                e.dispatch(c.Buzz(at=at, team=rng.randrange(3)))
                continue
            assert e.dispatch(c.Go(at=at)).accepted, step
            continue
        before = e.state
        assert e.dispatch(c.Go(at=at)).refused, step
        assert e.state is before
        if step.finished:
            break
        _the_hosts_move(e, fmt, step.key, rng, at)
    else:
        raise AssertionError("the game never ended")
    assert e.state.phase == SvoyakPhase.END and fmt.winner(e.state)
