"""The scripted walk of a tournament day for the contact sheet (display/sheet.py): the draw as far as lots
go, the screens between matches (the next match, the standings, the bracket), then the next match with its
own format's walk (whatever format its stage plays)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from quizshow import registry
from quizshow.core import commands as c
from quizshow.display.event.typed import event, tournament
from quizshow.display.sheet import Driver, generic_walk
from quizshow.event import day as D
from quizshow.formats.tournament import model as m
from quizshow.formats.tournament.model import Screen


def walk(d: Driver) -> Iterator[str]:
    yield f"phase.{d.state.phase}"
    drawn = False
    for _ in range(len(event(d.state).day.teams)):
        if D.draw_stage(event(d.state).day) != "lot" or not d.go():
            break
        drawn = True
    if drawn:
        yield f"phase.{d.state.phase}"
    for screen in (Screen.NEXT, Screen.STANDINGS, Screen.BRACKET):
        if d.do(_show(screen)):
            yield f"phase.{screen.value}"
    if not d.go() or event(d.state).match is None:  # the next match starts here
        return
    ev = event(d.state)  # the match's own format, and its walk
    fixture = D.plan(ev.day).get(ev.playing) if ev.playing else None
    if fixture is None:
        return
    views = registry.views(tournament(d.fmt).stage_plan(fixture).format)
    yield from (views.walk or generic_walk)(d)


def _show(screen: Screen) -> Callable[[float], c.Command]:
    return lambda at: m.Show(at=at, screen=screen.value)
