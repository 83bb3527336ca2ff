"""«Вопрос-аукцион»: the bidding rules as pure functions over `Auction`.

rules.md §1: the opener bids first (at least the nominal; below the nominal only the nominal), then the
others in ascending order of score, round and round; anyone may pass except the opener on the first bid;
a contestant who cannot beat the bid is out automatically; «Ва-банк» is a legal bid and only a larger
one beats it (interp. `all_in_beats_all_in`).
"""

from __future__ import annotations

from dataclasses import replace

from quizshow.core.format import Refused
from quizshow.formats.svoyak.model import Auction


def open_auction(opener: int, scores: list[int]) -> Auction:
    others = sorted((t for t in range(len(scores)) if t != opener), key=lambda t: (scores[t], t))
    return Auction(opener=opener, order=(opener, *others))


def console_bid(auction: Auction | None, team: int, typed: int, scores: list[int], nominal: int) -> int:
    """What «Ставка» bids with `typed` on the console (its label says it): the opener's first bid is at least
    the nominal, so a lower amount (nothing typed: 0) bids the nominal; an opener below the nominal plays for
    exactly the nominal, whatever is typed (docs/svoyak.md). Any other bid is the amount typed."""
    if auction is None or auction.leader is not None or team != auction.opener:
        return typed
    if 0 <= team < len(scores) and scores[team] < nominal:
        return nominal
    return max(typed, nominal)


def plays_the_nominal(auction: Auction | None, team: int, scores: list[int], nominal: int) -> bool:
    """Whether `team` is the opener making the first bid with a score below the nominal: they play for
    exactly the nominal (rules.md §1), so «Ва-банк» would name a stake that is not the one played."""
    return (auction is not None and auction.leader is None and team == auction.opener
            and 0 <= team < len(scores) and scores[team] < nominal)


def console_offers(auction: Auction | None, team: int, scores: list[int], nominal: int) -> tuple[str, ...]:
    """The bidding buttons the console offers `team` on its turn: «Ставка», «Ва-банк», «Пас» — but never a
    «Пас» to the opener's first bid (refused), nor a «Ва-банк» to an opener below the nominal (they play
    the nominal: the button would name a stake that is not the one paid)."""
    first = auction is not None and auction.leader is None and team == auction.opener
    if plays_the_nominal(auction, team, scores, nominal):
        return ("bid",)
    return ("bid", "allin") if first else ("bid", "allin", "pass")


def place_bid(auction: Auction, team: int, amount: int, all_in: bool, scores: list[int], nominal: int,
              all_in_rule: str = "larger") -> Auction:
    _check_turn(auction, team)
    score = scores[team]
    first = auction.leader is None
    if first and score < nominal:
        if amount not in (0, nominal) and not all_in:
            raise Refused("below the nominal: only {nominal} can be played", nominal=nominal)
        amount, all_in = nominal, False
    elif all_in:
        amount = score
    elif amount == score:
        all_in = True  # a bid of the whole score is «Ва-банк»
    if first and amount < nominal:
        raise Refused("the first bid is at least the nominal {nominal}", nominal=nominal)
    if amount > max(score, nominal if first else 0):
        raise Refused("a bid cannot exceed the score ({score})", score=score)
    if not first:
        if auction.all_in:
            beats = amount > auction.bid if all_in_rule == "larger" else amount >= auction.bid
            if not all_in or not beats:
                raise Refused("only a larger «Ва-банк» beats a «Ва-банк» of {bid}", bid=auction.bid)
        elif amount <= auction.bid:
            raise Refused("the bid must be above {bid}", bid=auction.bid)
    placed = replace(auction, bid=amount, leader=team, all_in=all_in)
    return _advance(_exclude(placed, scores, all_in_rule))


def pass_bid(auction: Auction, team: int, scores: list[int], all_in_rule: str = "larger") -> Auction:
    _check_turn(auction, team)
    if auction.leader is None:
        raise Refused("the opener cannot pass on the first bid")
    return _advance(replace(auction, out=auction.out | {team}))


def _check_turn(auction: Auction, team: int) -> None:
    if auction.done:
        raise Refused("the bidding is over")
    if team != auction.current:
        raise Refused("it is not this contestant's turn to bid")


def _exclude(auction: Auction, scores: list[int], all_in_rule: str) -> Auction:
    """Out: everyone who can no longer beat the bid with their score."""
    out = set(auction.out)
    for team in auction.order:
        if team == auction.leader or team in out:
            continue
        if auction.all_in and all_in_rule != "larger":
            can_beat = scores[team] >= auction.bid
        else:
            can_beat = scores[team] > auction.bid
        if not can_beat:
            out.add(team)
    return replace(auction, out=frozenset(out))


def _advance(auction: Auction) -> Auction:
    """The turn passes round the order to the next one still in (never to the leader)."""
    count = len(auction.order)
    for step in range(1, count + 1):
        turn = (auction.turn + step) % count
        team = auction.order[turn]
        if team not in auction.out and team != auction.leader:
            return replace(auction, turn=turn)
    return auction  # only the leader is left: `done`
