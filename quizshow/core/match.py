"""A format played as a tournament's match (docs/tournament.md): what it declares, and its result.

A tournament nests any format whose spec names a `MatchRole`; it reads the match through the format's
`core.capabilities.MatchPlay` (match_result, match_penalties, forfeit), never through its own names. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MatchRole:
    """How a format plays as a tournament's match (FormatSpec.match; None: it cannot be one)."""

    tables: int = 0  # the teams a match is played by (2: two tables); 0: any number of teams (a melee)
    # The day's other teams play along (seed 001 §6 «Команда за столом»: written answers), listed after the
    # teams at the tables in the match's roster.
    onlookers: bool = False


@dataclass(frozen=True)
class MatchResult:
    """A match's result in the match's own team indices (0: its first team); the tournament maps them to
    the day's teams. `scores` follow `teams`; `order` ranks the teams from first to last."""

    teams: tuple[int, ...]  # the teams the result is about (the teams at the tables)
    scores: tuple[int, ...] = ()
    outcome: str = "win"  # win | draw | disqualified
    winner: int | None = None
    order: tuple[int, ...] = ()
    tally: tuple[tuple[int, int], ...] = ()  # (team, correct written answers) of the teams playing along
    battles: tuple[int, ...] = ()  # battles won, per team of `teams`
    penalties: tuple[int, ...] = ()  # discipline penalty points, per team of `teams`
