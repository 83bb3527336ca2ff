"""Helpers, fixtures and constants that several test files share, first written for
tests/formats/written/test_written.py."""

from __future__ import annotations

from tests.written_kit import go, mark, play_question


def start(e, at=0.0):
    go(e, at)  # the first question
    return at + 1


def _to_the_end(e, t, marks):
    """Play every main question; `marks[number]` are the teams right on it."""
    t = start(e, t)
    n = 0
    while e.state.phase != "podium":
        if e.state.phase == "question":
            t = play_question(e, t)
            if n in marks:
                mark(e, n, *marks[n], at=t)
            n += 1
        go(e, t)
        t += 1
        if e.state.phase == "question" and e.format.is_extra(e.state.fmt.number):
            return t
    return t
