"""Totals and places from the grid: pure arithmetic the projector, the console and the export share.

A team's tour column counts its correct, in-time sheets of that tour plus its author points; extra
players cost points on the total; the extra questions (tie for first) have their own column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from quizshow.formats.written.model import Written


@dataclass(frozen=True)
class Asked:
    """One question of the game as the standings see it."""

    number: int
    tour: int | None  # None: an extra question (tie for first)
    author: int | None  # the team that sent it in; it does not play it
    players: tuple[int, ...]  # the teams that play it


@dataclass(frozen=True)
class Line:
    team: int
    name: str
    tours: tuple[int | None, ...]  # None: the tour has not started
    extra: int | None  # points on the extra questions; None: none played
    penalty: int  # points taken for extra players (≥ 0)
    total: int
    place: tuple[int, int]  # first and last place of its block («8–10»): equal when alone

    @property
    def place_text(self) -> str:
        first, last = self.place
        return str(first) if first == last else f"{first}–{last}"


def author_point(asked: Asked, w: Written) -> bool:
    """Seed 001: the author team earns one point if at least one team, but not every team, answered it."""
    if asked.author is None or asked.number in w.removed:
        return False
    others = [t for t in asked.players if t != asked.author]
    answered = sum(1 for t in others if w.grid.scores(t, asked.number))
    return 0 < answered < len(others)


@dataclass(frozen=True)
class Figure:
    """«Взяли N из M»: how many of the teams that played question `number` took it (right and in time)."""

    number: int
    taken: int
    of: int
    removed: bool = False  # removed by the appeal jury: it counts for nobody


def figures(asked: Sequence[Asked], w: Written) -> list[Figure]:
    found = []
    for q in asked:
        playing = [t for t in q.players if t != q.author]
        found.append(Figure(q.number, sum(1 for t in playing if w.grid.scores(t, q.number)), len(playing),
                            q.number in w.removed))
    return found


def name_key(name: str) -> tuple[str, str]:
    """Alphabetical order as a Russian reader expects it: «ё» sorts with «е» (its code point comes after «я»),
    and a name with «ё» right after the same name with «е»."""
    folded = name.casefold()
    return folded.replace("ё", "е"), folded


def standings(names: Sequence[str], asked: Sequence[Asked], tours: int, w: Written, penalty_each: int) -> list[Line]:
    """Every team's line, best first; equal totals share a place block and sort by name."""
    count = len(names)
    tour_points = [[None] * tours for _ in range(count)]  # type: list[list[int | None]]
    extra: list[int | None] = [None] * count
    for q in asked:
        if q.number in w.removed:  # removed by the appeal jury: nobody scores it, its tour has begun all the same
            for team in range(count):
                if q.tour is not None:
                    tour_points[team][q.tour] = tour_points[team][q.tour] or 0
            continue
        for team in range(count):
            if q.tour is None:
                if team in q.players:
                    extra[team] = (extra[team] or 0) + int(w.grid.scores(team, q.number))
                continue
            got = int(w.grid.scores(team, q.number)) if team in q.players and team != q.author else 0
            if team == q.author:
                got = int(author_point(q, w))
            tour_points[team][q.tour] = (tour_points[team][q.tour] or 0) + got
    lines = []
    for team, name in enumerate(names):
        penalty = w.players_added(team) * penalty_each
        total = sum(p or 0 for p in tour_points[team]) + (extra[team] or 0) - penalty
        lines.append(Line(team, name, tuple(tour_points[team]), extra[team], penalty, total, (0, 0)))
    lines.sort(key=lambda line: (-line.total, name_key(line.name), line.team))
    placed: list[Line] = []
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and lines[j + 1].total == lines[i].total:
            j += 1
        for line in lines[i:j + 1]:
            placed.append(_with_place(line, (i + 1, j + 1)))
        i = j + 1
    return placed


def _with_place(line: Line, place: tuple[int, int]) -> Line:
    return Line(line.team, line.name, line.tours, line.extra, line.penalty, line.total, place)


def leaders(lines: Sequence[Line]) -> tuple[int, ...]:
    """The teams sharing first place."""
    return tuple(sorted(line.team for line in lines if line.place[0] == 1))


def blocks(lines: Sequence[Line]) -> list[tuple[int, int]]:
    """(first row, last row) of each block of equal totals, in table order: a tie reads as one block."""
    found: list[tuple[int, int]] = []
    for row, line in enumerate(lines):
        if found and lines[found[-1][0]].place == line.place:
            found[-1] = (found[-1][0], row)
        else:
            found.append((row, row))
    return found
