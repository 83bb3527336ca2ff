"""The scripted walk of a tournament day for the contact sheet (display/sheet.py): the draw as far as lots
go, the screens between matches (the next match, the standings, the bracket), then the next match with its
own format's walk (a brain-ring match, the melee)."""

from __future__ import annotations

from collections.abc import Iterator

from quizshow import registry
from quizshow.display.sheet import Driver, generic_walk
from quizshow.event import day as D
from quizshow.formats.tournament import model as m


def walk(d: Driver) -> Iterator[str]:
    yield f"phase.{d.state.phase}"
    drawn = False
    for _ in range(len(d.state.fmt.day.teams)):
        if D.draw_stage(d.state.fmt.day) != "lot" or not d.go():
            break
        drawn = True
    if drawn:
        yield f"phase.{d.state.phase}"
    for screen in ("ev_next", "ev_standings", "ev_bracket"):
        if d.do(lambda at, screen=screen: m.Show(at=at, screen=screen)):
            yield f"phase.{screen}"
    if not d.go() or d.state.fmt.match is None:  # the next match starts here
        return
    playing = d.state.fmt.playing  # the match's own format, and its walk
    fixture = D.plan(d.state.fmt.day).get(playing) if playing else None
    name = d.fmt.stage_plan(fixture).format if fixture is not None else "brainring"
    yield from (registry.views(name).walk or generic_walk)(d)
