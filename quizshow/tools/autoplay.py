"""A scripted «Своя игра» game over any pack: every cell in order, every special, the final.

Used by `--proof` (each card rendered as it comes up) and by the tests (a pack plays to the end).
"""

from __future__ import annotations

from collections.abc import Callable

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.model import SvoyakPhase
from quizshow.formats.svoyak.spec import SPEC


def play_to_end(e: Engine, limit: int = 5000, seen: Callable[[Engine], None] | None = None,
                keep_final: int | None = None) -> int:
    """A scripted game: every cell, every special, the final; each answer judged correct. Returns steps.
    `seen` is called with the engine after every accepted command (the proof sheet renders from it);
    `keep_final` is the final theme left to play (default: the last)."""
    fmt = SPEC.format_of(e.format)  # its board, cat options and eligibility are read
    t = 1.0
    for step in range(limit):
        s = e.state
        p = SPEC.state_of(s)
        t += 1.0
        if s.phase == SvoyakPhase.END:
            return step
        cmd: c.Command = c.Go(at=t)
        chooser = p.chooser or 0
        if s.phase == SvoyakPhase.BOARD and not fmt.round_over(p):
            rnd = fmt.game.rounds[p.round]
            cell = min(rnd.cells - p.played)
            cmd = sc.SelectCell(at=t, theme=cell[0], question=cell[1])
        elif s.phase == SvoyakPhase.CAT and p.cell is not None:
            info = fmt.game.rounds[p.round].question(p.cell).cat
            keep = info is not None and info.to == "anyone"
            cmd = sc.GiveCat(at=t, team=chooser if keep else (chooser + 1) % len(s.teams))
        elif s.phase == SvoyakPhase.CAT_VALUE:
            cmd = sc.CatValue(at=t, value=fmt.cat_options(s)[0])
        elif s.phase == SvoyakPhase.AUCTION and p.auction is not None:
            a = p.auction
            cmd = sc.Pass(at=t, team=a.current) if a.leader is not None else sc.Bid(at=t, team=a.current,
                                                                                  amount=p.value)
        elif s.phase == SvoyakPhase.QUESTION and p.kind != "final":
            free = [i for i in fmt.eligible(s) if i not in s.locked]
            cmd = c.Buzz(at=t, team=free[0]) if free else c.Go(at=t)
        elif s.phase == SvoyakPhase.ANSWERING or (s.phase == SvoyakPhase.FINAL_REVEAL and p.final is not None
                                                  and p.final.verdict(p.final.order[p.final.showing]) is None):
            cmd = c.Judge(at=t, correct=True)
        elif s.phase == SvoyakPhase.FINAL_THEMES and p.final is not None:
            removed = p.final.removed
            left = [i for i in range(len(fmt.game.final_themes)) if i not in removed and i != keep_final]
            if len(left) > (0 if keep_final is not None else 1):
                cmd = sc.FinalRemove(at=t, theme=left[0])
        elif s.phase == SvoyakPhase.FINAL_STAKES and p.final is not None:
            final = p.final
            missing = [i for i in final.order if final.stake(i) is None]
            if missing:
                cmd = sc.FinalStake(at=t, team=missing[0], amount=1)
        out = e.dispatch(cmd)
        if seen is not None and not out.refused:
            seen(e)
        if out.refused and not isinstance(cmd, c.Go):
            raise AssertionError(f"{cmd} refused in {s.phase}: {out.refused}")
        if out.refused:
            e.dispatch(c.Tick(at=t + 100))
            t += 100
    raise AssertionError(f"the game did not end in {limit} steps (phase {e.state.phase})")
