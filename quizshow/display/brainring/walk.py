"""The scripted walk of «Брейн-ринг» for the contact sheet (display/sheet.py)."""

from __future__ import annotations

from collections.abc import Iterator

from quizshow.core import commands as c
from quizshow.display.sheet import Driver
from quizshow.formats.brainring.model import Phase
from quizshow.formats.brainring.spec import SPEC


def walk(d: Driver) -> Iterator[str]:
    yield "sheet.title"
    d.go()
    yield "sheet.ready"
    d.do(lambda at: c.Announce(at=at))
    yield "sheet.attention"
    d.do(lambda at: c.Buzz(at=at, team=1))
    yield "sheet.false_start"
    d.do(lambda at: c.TimerStart(at=at))
    yield "sheet.clock"
    d.do(lambda at: c.Buzz(at=at, team=0))
    yield "sheet.team_answers"
    d.do(lambda at: c.ViewReplay(at=at, on=True))
    yield "sheet.replay"
    d.do(lambda at: c.ViewReplay(at=at, on=False))
    d.do(lambda at: c.Judge(at=at, correct=False))
    yield "sheet.wrong"
    d.until((Phase.REVEAL,), lambda: d.do(lambda at: c.Tick(at=at + 60)))
    yield "sheet.answer"
    d.go()
    d.do(lambda at: c.Announce(at=at))
    d.do(lambda at: c.TimerStart(at=at))
    d.do(lambda at: c.Buzz(at=at + 2, team=0))
    d.do(lambda at: c.Judge(at=at, correct=True))
    yield "sheet.right"
    for _ in range(12):
        if SPEC.phase_of(d.state) is Phase.RESULT:
            break
        d.go()
        d.do(lambda at: c.Announce(at=at))
        d.do(lambda at: c.TimerStart(at=at))
        d.do(lambda at: c.Buzz(at=at + 2, team=1))
        d.do(lambda at: c.Judge(at=at, correct=True))
    d.go()
    yield "sheet.match_result"
