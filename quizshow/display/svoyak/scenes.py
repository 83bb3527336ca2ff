"""«Своя игра» on the projector: which scene shows each phase, the specials rehearsed in idle time, and the
splash words. The scenes live by job: board.py (round intro, board, question card), specials.py (cat,
sponsor, auction), final.py (final, shoot-out, winner); common.py holds what they share.
"""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display.scenes.base import Scene
from quizshow.display.svoyak.board import QUESTION, BoardScene, RoundIntroScene
from quizshow.display.svoyak.common import board_grid, spring_card, strip_rect, words
from quizshow.display.svoyak.final import (
    FinalRevealScene,
    FinalStakesScene,
    FinalThemesScene,
    ShootoutScene,
    WinnerScene,
)
from quizshow.display.svoyak.specials import AuctionScene, CatScene, SponsorScene
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.model import SvoyakPhase
from quizshow.formats.svoyak.spec import SPEC

# Other pictures draw with these helpers (the tournament, the melee, the ring, the duel; tests).
__all__ = ["PHASES", "QUESTION", "SCENES", "board_grid", "choices", "splash", "spring_card", "strip_rect", "words"]

BOARD = BoardScene()

SCENES: dict[str, Scene] = {scene.name: scene for scene in (
    RoundIntroScene(), BOARD, QUESTION, CatScene(), SponsorScene(), AuctionScene(),
    FinalThemesScene(), FinalStakesScene(), FinalRevealScene(), ShootoutScene(), WinnerScene())}

P = SvoyakPhase
PHASES = {  # each phase's scene, by the scene's name
    P.ROUND: "svoyak_round", P.BOARD: "svoyak_board", P.CAT: "svoyak_cat", P.CAT_VALUE: "svoyak_cat",
    P.SPONSOR: "svoyak_sponsor", P.AUCTION: "svoyak_auction", P.QUESTION: "svoyak_question",
    P.ANSWERING: "svoyak_question", P.REVEAL: "svoyak_question", P.FINAL_THEMES: "svoyak_final_themes",
    P.FINAL_STAKES: "svoyak_final_stakes", P.FINAL_QUESTION: "svoyak_question",
    P.FINAL_REVEAL: "svoyak_final_reveal", P.FINAL_ANSWER: "svoyak_final_reveal", P.SHOOTOUT: "svoyak_shootout",
    P.END: "svoyak_winner", P.TITLE: "title",
}


def choices(fmt: Format, state: ShowState, at: float) -> list[c.Command]:
    """On the board, opening each special cell still in play (a cat, an auction, a sponsor's question): its
    card is a picture of its own, rehearsed in idle time (Projector.ahead); a regular cell's question text
    is warmed by the board itself. After it, what the host enters next in a special's own picture, so its
    first frame finds its plates and texts made (at 3840×2160 they cost 4-6 ms of it; made once, a cache
    bounded by bytes may have dropped them since): the cat handed to each team, then each of its values
    (the question card); the bidder's lowest bid and pass (a leader's and a passed team's rows)."""
    svoyak, p = SPEC.format_of(fmt), SPEC.state_of(state)
    if state.phase == SvoyakPhase.CAT:  # a team the rules refuse changes nothing: not rehearsed
        return [sc.GiveCat(at=at, team=team) for team in range(len(state.teams))]
    if state.phase == SvoyakPhase.CAT_VALUE:
        return [sc.CatValue(at=at, value=value) for value in svoyak.cat_options(state)]
    if state.phase == SvoyakPhase.AUCTION and p.auction is not None and not p.auction.done:
        team = p.auction.current
        ask = svoyak.stake_ask(state, team)
        bids: list[c.Command] = [sc.Bid(at=at, team=team, amount=ask.low)] if ask is not None else []
        return [*bids, sc.Pass(at=at, team=team)]
    if state.phase != SvoyakPhase.BOARD:
        return []
    if p.round >= len(svoyak.game.rounds):
        return []
    rnd = svoyak.game.rounds[p.round]
    return [sc.SelectCell(at=at, theme=cell[0], question=cell[1]) for cell in sorted(rnd.cells - p.played)
            if rnd.question(cell).type != "regular"]


def splash(old: ShowState, new: ShowState) -> str | None:
    """The splash word for a change of the game: the auction, the end of a round."""
    if new.phase == SvoyakPhase.AUCTION and old.phase != SvoyakPhase.AUCTION:
        return "scene.auction_splash"
    before, after = SPEC.state_of(old), SPEC.state_of(new)
    if old.phase == new.phase == SvoyakPhase.BOARD and after.round == before.round and after.played > before.played:
        return "scene.round_over"  # ended early on the board: over the board (it goes when the board goes)
    if old.phase in (SvoyakPhase.QUESTION, SvoyakPhase.ANSWERING, SvoyakPhase.REVEAL) and (
            after.round != before.round or new.phase == SvoyakPhase.FINAL_THEMES):
        return "scene.round_over"  # the last question answered: the next round's or the final's entrance
    return None
