"""QA round 3 (found by an engineer) — «Брейн-ринг»: a withdrawal's extra appeal for a team not at a table (a team
of the hall, index 2 on a three-team show) is refused with a clear reason, never an IndexError."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.formats.brainring import commands as bc
from tests import brainring_kit as kit
from tests.conftest import ok, words_of


def test_an_extra_appeal_for_a_team_not_at_a_table_is_refused_with_its_name():
    e = kit.engine(tally_teams=1)  # two tables and «Зал 1», team 2
    assert len(e.state.teams) == 3
    ok(e, c.Go(at=9))
    ok(e, c.Announce(at=10))
    ok(e, c.TimerStart(at=15))
    before = e.state
    out = e.dispatch(bc.Withdraw(at=20, extra_appeal=2))
    assert out.refusal is not None and e.state == before
    said = words_of("brainring").refusal(out.refusal.template, out.refusal.values)  # a ring show's
    assert said == "Зал 1: команда не за игровым столом, дополнительной апелляции нет", said
    assert e.dispatch(bc.Withdraw(at=21, extra_appeal=7)).refused == "there is no team 8"
    ok(e, bc.Withdraw(at=22, extra_appeal=1))  # a table's team still gets it
    assert e.format.own(e.state).record(1).extra_appeals == 1
