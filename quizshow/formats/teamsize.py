"""Team sizes against the format's rule book (issue 11 item 10), as one pure check for `--check` (FILE:LINE)
and the console's problem line.

Preset parameters: `players_min` / `players_max` (0: not checked), `players_strict` (the seed says «только»:
an error, otherwise a warning), `teams_max` and `teams_exact` (0: not checked; always a warning).
A team without a roster is not checked (its size is not known).
"""

from __future__ import annotations

from dataclasses import dataclass

from quizshow.core.loose import Rules


@dataclass(frozen=True)
class SizeProblem:
    team: int | None  # None: the number of teams
    found: int
    need: str  # "5", "4–12"
    strict: bool  # an error (the seed admits only this size), else a warning


def size_problems(rules: Rules, players: list[int]) -> list[SizeProblem]:
    problems = []
    exact, most = int(rules.get("teams_exact", 0)), int(rules.get("teams_max", 0))
    if exact and len(players) != exact:
        problems.append(SizeProblem(None, len(players), str(exact), False))
    elif most and len(players) > most:
        problems.append(SizeProblem(None, len(players), f"1–{most}", False))
    low, high = int(rules.get("players_min", 0)), int(rules.get("players_max", 0))
    need = str(low) if low == high else f"{low}–{high}"
    for team, count in enumerate(players):
        if count and (low and count < low or high and count > high):
            problems.append(SizeProblem(team, count, need, bool(rules.get("players_strict", False))))
    return problems
