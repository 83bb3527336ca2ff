"""A match's result as the day records it: the nested format's own `match_result` (core/match.py), its
teams mapped to the day's. Any format with a `MatchRole` plays here; none is named."""

from __future__ import annotations

from quizshow.core.match import MatchResult
from quizshow.event.model import Result


def day_result(found: MatchResult | None, fixture: str, roster: tuple[int, ...]) -> Result | None:
    """The day's result of a match (None until its format has decided it). `roster` maps the match's teams
    to the day's."""
    if found is None:
        return None
    counts: dict[int, int] = {}
    for team, n in found.tally:
        counts[roster[team]] = counts.get(roster[team], 0) + n
    return Result(fixture, tuple(roster[t] for t in found.teams), found.scores, found.outcome,
                  roster[found.winner] if found.winner is not None else None,
                  order=tuple(roster[t] for t in found.order), tally=tuple(sorted(counts.items())),
                  battles=found.battles, penalties=found.penalties)
