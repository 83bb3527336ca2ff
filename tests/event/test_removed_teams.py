"""A team removed at any moment of a tournament day (the jury's «Снять команду») never breaks the day's plan:
the knockout of seed 004 still makes a bracket of eight from seven qualifiers (the best seed goes through),
or from one; a seed-001 day whose void replacement semi-final leaves only removed teams outside still names a final.
Random days where the operator removes teams often (the walk found both breaks), seeds that found them."""

from __future__ import annotations

import pytest

from tests import press_walk_kit as walk_kit

CASES = [("tournament-001.yaml", 18), ("tournament-001.yaml", 3), ("tournament-004.yaml", 0),
         ("tournament-004.yaml", 5), ("tournament-sprint.yaml", 22)]


@pytest.mark.parametrize(("show", "seed"), CASES)
def test_a_day_with_teams_removed_at_random_plans_on(monkeypatch, show, seed):
    monkeypatch.setitem(walk_kit.RARE_IN, "tournament", walk_kit.RARE_IN["tournament"] - {"remove"})
    plans: list[str] = []

    def plan_is_readable(engine, at):
        plans.append(engine.format.next_action(engine.state).key)  # the day's plan is computed again

    walked = walk_kit.walk(show, seed=seed, steps=300, check=plan_is_readable, engine_seed=seed)
    assert len(plans) == 300
    assert walked.engine.state.teams
