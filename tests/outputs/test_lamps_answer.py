"""The buzzer lamps read the format's one answer (issue 35): a press being settled lights nothing until the hall is
told who answers; at the clock's warning only the buttons whose press would still be taken blink."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.formats.svoyak import commands as sc
from quizshow.outputs.lamps import Lamps
from tests.press_walk_kit import show_engine

YOZH, BORIS, VERA = 0, 1, 2


def lamps_of(e) -> tuple[Lamps, dict[int, str]]:
    lit: dict[int, str] = {}
    spec_flags = e.format.setup.flags
    lamps = Lamps({team: (lambda value, team=team: lit.__setitem__(team, value)) for team in range(3)}, spec_flags,
                  buttons=e.format)
    return lamps, lit


def test_a_settling_press_lights_no_lamp_until_the_answerer_is_told_and_the_warning_blinks_who_may_press():
    e = show_engine("phones.yaml")
    for cmd in (c.Go(at=1.0), c.Go(at=2.0), sc.SelectCell(at=3.0, theme=3, question=0), c.Go(at=4.0)):
        assert e.dispatch(cmd).accepted
    lamps, lit = lamps_of(e)
    out = e.dispatch(c.Buzz(at=4.5, team=BORIS, source_time=4.45, hold=0.3))  # a phone may still press earlier
    lamps.update(e.state.hall, out.events, 4.5)
    assert lit == {YOZH: "OFF", BORIS: "OFF", VERA: "OFF"}
    out = e.dispatch(c.Tick(at=4.75))  # the hold is over: Борис is told, his lamp lights
    lamps.update(e.state.hall, out.events, 4.75)
    assert lit[BORIS] == "ON" and [ev.kind for ev in out.events] == [EventKind.BUZZ]
    out = e.dispatch(c.Judge(at=5.0, correct=False))  # the fresh window: Борис is out of it
    lamps.update(e.state.hall, [*out.events, Event(EventKind.TIMER_WARNING)], 5.1)
    assert lit == {YOZH: "BLINK", BORIS: "OFF", VERA: "BLINK"}
