"""What both regulations share: effective results (walkovers for removed teams), knockout brackets."""

from __future__ import annotations

from dataclasses import dataclass

from quizshow.event.model import Day, Fixture, Result

MATCH_STAGES = ("qualifying", "semifinal", "final", "group", "quarterfinal", "replay")


@dataclass(frozen=True)
class Slot:
    """A fixture whose teams are not known yet: where each of them comes from (`W:SF1`, `5`, …)."""

    fixture: Fixture
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """The day's fixtures known so far, in playing order, and those still waiting for their teams."""

    fixtures: tuple[Fixture, ...]
    pending: tuple[Slot, ...] = ()
    due: str | None = None  # why the day cannot go on without a decision (a play-off, a replay), if so

    def get(self, fixture_id: str) -> Fixture | None:
        for f in self.fixtures:
            if f.id == fixture_id:
                return f
        return None


def effective(day: Day, fixture: Fixture) -> Result | None:
    """The recorded result, or a walkover when a removed team cannot play it (seed 004 §6.15: removed
    from the championship; its matches not yet played are lost without answers counted)."""
    stored = day.result(fixture.id)
    if stored is not None:
        return stored
    if len(fixture.teams) != 2 or fixture.stage not in MATCH_STAGES:
        return None
    out = day.removed_teams
    a, b = fixture.teams
    if a in out and b not in out:
        return Result(fixture.id, fixture.teams, (0, 0), "walkover", winner=b, source="walkover")
    if b in out and a not in out:
        return Result(fixture.id, fixture.teams, (0, 0), "walkover", winner=a, source="walkover")
    if a in out and b in out:
        return Result(fixture.id, fixture.teams, (0, 0), "disqualified", source="walkover")
    return None


def bracket_size(seeds: int) -> int:
    """A bracket's places: a power of two (seven qualifiers after a removal still make a bracket of eight)."""
    return 1 << max(1, (seeds - 1).bit_length())


def bracket_pairs(seeds: int) -> list[tuple[int, int]]:
    """The first round of a knockout of `seeds` seeds (0-based): 1–8, 4–5, 2–7, 3–6 for eight, so the
    two best seeds can meet only in the final. Fewer seeds than places (a removal): a pair may name a place
    past the last seed, which nobody takes (its seed goes through)."""
    size = bracket_size(seeds)
    order = [0]
    while len(order) < size:
        n = len(order) * 2
        order = [x for s in order for x in (s, n - 1 - s)]
    return [(order[i], order[i + 1]) for i in range(0, size, 2)]


def knockout(day: Day, seeds: list[int], prefix_by_size: dict[int, str], stage_by_size: dict[int, str]
             ) -> tuple[list[Fixture], list[Slot]]:
    """The knockout fixtures from `seeds` (best first): rounds named by their size (QF, SF, F)."""
    fixtures: list[Fixture] = []
    pending: list[Slot] = []
    size = bracket_size(len(seeds))
    # A team, or where it will come from; None: nobody (fewer teams than places, e.g. after a removal),
    # and the seed facing nobody goes through.
    entrants: list[int | str | None] = [*seeds, *[None] * (size - len(seeds))]
    current = [(entrants[a], entrants[b]) for a, b in bracket_pairs(size)]
    while current:
        prefix, stage = prefix_by_size[size], stage_by_size[size]
        winners: list[int | str | None] = []
        for i, (a, b) in enumerate(current):
            fid = prefix if size == 2 else f"{prefix}{i + 1}"
            if a is None or b is None:
                winners.append(b if a is None else a)
                continue
            fixture = Fixture(fid, stage, (a, b) if isinstance(a, int) and isinstance(b, int) else ())
            if fixture.teams:
                fixtures.append(fixture)
                res = effective(day, fixture)
                winners.append(res.winner if res is not None and res.winner is not None else f"W:{fid}")
            else:
                pending.append(Slot(fixture, (_source(a), _source(b))))
                winners.append(f"W:{fid}")
        size //= 2
        current = [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
    return fixtures, pending


def _source(x: int | str | None) -> str:
    return x if isinstance(x, str) else "—" if x is None else f"T:{x}"


