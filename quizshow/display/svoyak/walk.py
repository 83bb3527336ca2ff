"""The scripted walk of «Своя игра» for the contact sheet (display/sheet.py): every scene, the specials found
in the pack itself (the first cat, auction and sponsor cell of any round), the final and the winner."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from quizshow.core import commands as c
from quizshow.display.sheet import Driver
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.format import SvoyakFormat
from quizshow.formats.svoyak.model import Final, Play, SvoyakPhase
from quizshow.formats.svoyak.spec import SPEC


def _play(d: Driver) -> Play:
    return SPEC.state_of(d.state)


def _svoyak(d: Driver) -> SvoyakFormat:
    return SPEC.format_of(d.fmt)


def _final_of(d: Driver) -> Final:
    """The final being played (the final's phases always have one)."""
    final = _play(d).final
    assert final is not None, f"phase {d.state.phase} without a final"
    return final


def _cells(d: Driver, kind: str) -> list[tuple[int, int]]:
    play = _play(d)
    if play.round >= len(_svoyak(d).game.rounds):
        return []
    rnd = _svoyak(d).game.rounds[play.round]
    return [cell for cell in sorted(rnd.cells) if rnd.question(cell).type == kind and cell not in play.played]


def _open(d: Driver) -> None:
    """The host has read the question: Next opens the answer window if it waits for that. A window that
    opened with the question (the team variant: `window_from: shown`) is left alone; Next would reveal."""
    if d.state.phase == SvoyakPhase.QUESTION and not _play(d).read and not d.state.timer.running:
        d.go()


def _answer(d: Driver, team: int | None = None) -> None:
    """Someone presses and answers correctly; back to the board."""
    solo = _play(d).solo
    who = team if team is not None else (solo if solo is not None else 0)
    _open(d)
    d.do(lambda at: c.Buzz(at=at, team=who))
    d.do(lambda at: c.Judge(at=at, correct=True))


def walk(d: Driver) -> Iterator[str]:
    yield "sheet.title"
    d.go()
    yield "sheet.round_themes"
    d.until((SvoyakPhase.BOARD,))
    for team in range(len(d.state.teams)):  # some points on the board, for the strip and the standings
        d.do(partial(c.ScoreSet, team=team, points=100 * (len(d.state.teams) - team)))
    yield "sheet.board"
    regular = _cells(d, "regular")
    if regular:
        d.do(lambda at: sc.SelectCell(at=at, theme=regular[0][0], question=regular[0][1]))
        yield "sheet.question"
        _open(d)
        d.do(lambda at: c.Buzz(at=at, team=0))
        yield "sheet.answering"
        d.do(lambda at: c.Judge(at=at, correct=False))
        yield "sheet.wrong_banner"
        d.do(lambda at: c.Buzz(at=at, team=1))
        d.do(lambda at: c.Judge(at=at, correct=True))
        yield "sheet.answer_shown"
        d.do(lambda at: c.ViewReplay(at=at, on=True))
        yield "sheet.replay"
        d.do(lambda at: c.ViewReplay(at=at, on=False))
        d.do(lambda at: c.ViewScores(at=at, on=True))
        yield "sheet.standings_s"
        d.do(lambda at: c.ViewScores(at=at, on=False))
    for kind in ("cat", "auction", "sponsor"):
        d.until((SvoyakPhase.BOARD,))
        cells = _cells(d, kind)
        if not cells:
            continue
        d.do(partial(sc.SelectCell, theme=cells[0][0], question=cells[0][1]))
        if kind == "cat":
            yield "sheet.cat"
            receiver = ((_play(d).chooser or 0) + 1) % len(d.state.teams)
            d.do(partial(sc.GiveCat, team=receiver))
            yield "sheet.cat_given"
            value = _svoyak(d).cat_options(d.state)[-1]
            d.do(partial(sc.CatValue, value=value))
            yield "sheet.cat_question"
        elif kind == "auction":
            yield "sheet.auction"
            auction = _play(d).auction
            for _ in range(len(d.state.teams) + 1):
                if d.state.phase != SvoyakPhase.AUCTION or auction is None:
                    break
                bidder = auction.current
                if not d.do(partial(sc.Bid, team=bidder, amount=_play(d).value)):
                    d.do(partial(sc.Pass, team=bidder))
                auction = _play(d).auction
            yield "sheet.auction_bids"
        else:
            yield "sheet.sponsor"
            d.go()
        _answer(d)
    yield from _final(d)


def _final(d: Driver) -> Iterator[str]:
    def towards_final() -> bool:
        ended = d.state.phase == SvoyakPhase.BOARD and d.do(lambda at: sc.EndRound(at=at))
        return ended or d.go()

    if not d.until((SvoyakPhase.FINAL_THEMES,), towards_final, limit=60):
        return
    themes = _svoyak(d).game.final_themes
    removed_once = False
    while d.state.phase == SvoyakPhase.FINAL_THEMES and len(_final_of(d).removed) < len(themes) - 1:
        left = [i for i in range(len(themes)) if i not in _final_of(d).removed]
        order = _final_of(d).order
        remover = _final_of(d).remover(len(themes))
        if not d.do(partial(sc.FinalRemove, theme=left[0])):
            d.do(partial(sc.PickTeam, team=order[0] if remover is None else remover))
        if not removed_once:
            removed_once = True
            yield "sheet.final_themes"
    d.go()
    yield "sheet.final_stakes"
    for team in range(len(d.state.teams)):  # level scores: the final ends in a tie, and a shoot-out follows
        d.do(partial(c.ScoreSet, team=team, points=300))
    for team in _final_of(d).order:
        d.do(partial(sc.FinalStake, team=team, amount=1))
    d.go()
    yield "sheet.final_question"
    d.until((SvoyakPhase.FINAL_REVEAL,))
    d.do(lambda at: c.Judge(at=at, correct=False))
    yield "sheet.final_answers"
    for _ in range(len(_final_of(d).order)):
        d.go()
        d.do(lambda at: c.Judge(at=at, correct=False))
    d.until((SvoyakPhase.FINAL_ANSWER,))
    yield "sheet.final_answer"
    d.until((SvoyakPhase.END, SvoyakPhase.SHOOTOUT))
    if d.state.phase == SvoyakPhase.SHOOTOUT:
        yield "sheet.shootout"
        d.go()
        if d.state.phase == SvoyakPhase.QUESTION:
            yield "sheet.shootout_question"
            _open(d)
            shootout = _play(d).shootout
            d.do(partial(c.Buzz, team=shootout.tied[0] if shootout is not None else 0))
            d.do(lambda at: c.Judge(at=at, correct=True))
        d.until((SvoyakPhase.END,), limit=60)
    yield "sheet.winner"
