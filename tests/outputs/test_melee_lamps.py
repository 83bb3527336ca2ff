"""The melee's buttons are its two tables (box team 1 red, 2 green): their lamps follow the tables, as a
team's lamp follows the team in every other format."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.formats.melee.format import GREEN, RED
from quizshow.formats.melee.spec import SPEC
from quizshow.outputs.lamps import Lamps
from tests.conftest import ok
from tests.melee_kit import melee


def test_melee_answering_tables_lamp_lights_and_a_wrong_table_goes_dark():
    e = melee(6)
    seen: dict[int, list[str]] = {RED: [], GREEN: []}
    lamps = Lamps({side: seen[side].append for side in seen}, SPEC.flags, buttons=e.format)
    ok(e, c.Go(at=1))
    ok(e, c.Go(at=2))

    def step(cmd: c.Command) -> None:
        events = e.dispatch(cmd).events
        lamps.update(e.state, events, cmd.at)

    step(c.Buzz(at=3, team=RED))
    assert (seen[RED][-1], seen[GREEN][-1]) == ("ON", "OFF")  # the red table answers
    step(c.Judge(at=4, correct=False))
    assert seen[RED][-1] == "OFF"  # out of this question
    step(c.Buzz(at=5, team=GREEN))
    assert (seen[RED][-1], seen[GREEN][-1]) == ("OFF", "ON")


def test_melee_tables_lamps_follow_inside_a_tournament():
    from quizshow.registry import spec
    from tests.tournament_kit import SEED001, tournament

    e = tournament(SEED001)  # seed 001's day opens with «Куча мала»
    seen: dict[int, list[str]] = {RED: [], GREEN: []}
    lamps = Lamps({side: seen[side].append for side in seen}, spec("tournament").flags, buttons=e.format)
    for cmd in (c.Go(at=1), c.Go(at=2), c.Go(at=3), c.Buzz(at=4, team=GREEN)):
        events = e.dispatch(cmd).events
        lamps.update(e.state, events, cmd.at)
    assert (seen[RED][-1], seen[GREEN][-1]) == ("OFF", "ON")
