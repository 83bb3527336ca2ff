"""A match's result as the day records it, read from the nested match's own state (the tallies and
penalties the matches already keep): «Брейн-ринг» (`Ring`) and «Куча мала» (`Melee`)."""

from __future__ import annotations

from quizshow.core.state import ShowState
from quizshow.event.model import Result
from quizshow.formats.brainring.model import Ring
from quizshow.formats.melee.format import Melee


def result_of(match: ShowState, fixture: str, roster: tuple[int, ...]) -> Result | None:
    """The result once the match has decided it, else None. `roster` maps the match's teams to the day's."""
    fmt = match.fmt
    if isinstance(fmt, Melee):
        if fmt.winner is None:
            return None
        return Result(fixture, roster, order=tuple(roster[t] for t in fmt.order()), winner=roster[fmt.winner])
    if isinstance(fmt, Ring):
        if fmt.result is None:
            return None
        counts: dict[int, int] = {}
        for _, team in fmt.tally:
            counts[roster[team]] = counts.get(roster[team], 0) + 1
        winner = roster[fmt.winner] if fmt.winner is not None else None
        outcome = {"win": "win", "removed": "win", "draw": "draw", "disqualified": "disqualified"}.get(fmt.result,
                                                                                                         "win")
        return Result(fixture, roster[:2], (match.teams[0].score, match.teams[1].score), outcome, winner,
                      tally=tuple(sorted(counts.items())), battles=fmt.battles_won,
                      penalties=(fmt.records[0].penalties, fmt.records[1].penalties))
    return None
