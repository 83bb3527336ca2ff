"""A format's own actions over OSC: `/quiz/action/<name> args…` (docs/osc.md), with real UDP datagrams on
127.0.0.1. The arguments are typed by the action registry; the passcode and the journal apply as to any
other input."""

from __future__ import annotations

import math
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.core.actions import registry_for
from quizshow.formats.brainring.spec import SPEC as brainring_spec
from quizshow.formats.duel import commands as dc
from quizshow.formats.duel.model import HINT_MAX
from quizshow.formats.duel.spec import SPEC as duel_spec
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.spec import SPEC as svoyak_spec
from quizshow.runtime.osc.link import NotACall, format_call
from tests.duel_osc_kit import duel  # noqa: F401 - the fixture: a duel show listening on port 0
from tests.osc_desk import Desk
from tests.osc_kit import go, rig  # noqa: F401 - the fixture: a whole show listening on port 0


def reply_to(desk: Desk, address: str) -> tuple:
    args = desk.wait_for("/quiz/reply", where=lambda a: a[0] == address)
    desk.got.clear()
    return args[2:]


def journalled(app) -> list[c.Command]:
    return [entry.command for entry in app.engine.entries]


def test_the_duel_hint_is_typed_from_a_desk_shown_and_journalled(duel):  # noqa: F811
    app, desk, to = duel
    desk.send(to, "/quiz/reply/all", 1)
    go(desk, to)
    address = "/quiz/action/duel_hint"
    desk.send(to, address, "Столица на Неве")
    assert reply_to(desk, address) == (200, "ok")
    asking = app.engine.state.fmt.asking
    assert asking.hint == "Столица на Неве" and asking.hint_shown
    assert journalled(app)[-1] == dc.Hint(at=journalled(app)[-1].at, text="Столица на Неве", show=True)
    desk.send(to, address)  # without its text: over OSC nothing is typed on the console
    assert reply_to(desk, address)[0] == 400 and app.status.typing is None
    desk.send(to, address, "х" * (HINT_MAX + 1))
    assert reply_to(desk, address) == (400, f"'duel_hint': text has at most {HINT_MAX} characters")
    desk.send(to, address, "две\nстроки")
    assert reply_to(desk, address)[0] == 400
    desk.send(to, "/quiz/action/duel_hint_off", 1.0)
    assert reply_to(desk, "/quiz/action/duel_hint_off")[0] == 400  # it takes no argument
    desk.send(to, "/quiz/action/duel_hint_off")
    assert reply_to(desk, "/quiz/action/duel_hint_off") == (200, "ok")
    assert not app.engine.state.fmt.asking.hint_shown


def test_only_the_formats_own_actions_are_reachable(duel):  # noqa: F811
    app, desk, to = duel
    for name in ("quit", "linecheck", "cell", "nonsense"):  # the app's own, another format's, none
        desk.send(to, f"/quiz/action/{name}")
        assert reply_to(desk, f"/quiz/action/{name}") == (404, f"the format has no action '{name}'")
    assert app.running


def test_a_team_is_numbered_from_1_and_a_destructive_action_is_sent_twice_behind_the_passcode(rig):  # noqa: F811
    app, desk, to = rig("svoyak", osc='    passcode: "zebra"\n')
    desk.send(to, "/quiz/action/pick", 3)
    assert reply_to(desk, "/quiz/action/pick") == (401, "passcode needed: /quiz/connect")
    desk.send(to, "/quiz/connect", "zebra")
    desk.send(to, "/quiz/reply/all", 1)
    go(desk, to)
    go(desk, to)
    assert app.engine.state.phase == "board"
    desk.got.clear()
    other = (app.engine.state.fmt.chooser + 1) % 3  # not the one the lot drew
    desk.send(to, "/quiz/action/pick", float(other + 1))  # a whole float is an int, as everywhere
    assert reply_to(desk, "/quiz/action/pick") == (200, "ok")
    assert app.engine.state.fmt.chooser == other
    desk.send(to, "/quiz/action/pick", 4)
    assert reply_to(desk, "/quiz/action/pick") == (404, "there is no team 4 (teams are 1 to 3)")
    desk.send(to, "/quiz/action/pick", "Вера")
    assert reply_to(desk, "/quiz/action/pick") == (400, "'pick': team must be int")
    desk.send(to, "/quiz/action/bid", 1)
    assert reply_to(desk, "/quiz/action/bid")[0] == 409  # the amount is typed on the console
    desk.send(to, "/quiz/action/end_round")
    assert reply_to(desk, "/quiz/action/end_round") == (409, "send it again within 2 s to confirm")
    assert not app.engine.format.round_over(app.engine.state.fmt)
    time.sleep(0.05)
    desk.send(to, "/quiz/action/end_round")
    assert reply_to(desk, "/quiz/action/end_round") == (200, "ok")
    assert app.engine.format.round_over(app.engine.state.fmt)
    assert isinstance(journalled(app)[-1], sc.EndRound)


ARGUMENT = st.one_of(st.integers(-2**31, 2**31 - 1), st.floats(allow_nan=True), st.booleans(),
                     st.text(max_size=40), st.none())


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(sorted({a.name for spec in (svoyak_spec, brainring_spec, duel_spec)
                                    for a in spec.actions} | {"go", "quit", "x"})),
       values=st.lists(ARGUMENT, max_size=4))
def test_any_arguments_are_a_typed_call_or_a_clear_refusal(name, values):
    for spec in (svoyak_spec, brainring_spec, duel_spec):
        actions = registry_for(spec.actions)
        own = {a.name for a in spec.actions}
        try:
            call = format_call(name, values, actions, own)
        except NotACall as why:
            assert why.code in (400, 404, 409) and str(why)
            continue
        assert name in own
        args = actions.arguments(call)  # the registry takes it as it is: no BadCall
        team = args.get("team")
        assert team is None or isinstance(team, int)  # whether the show has it: checked when applied (404)
        assert all(math.isfinite(v) for v in args.values() if isinstance(v, (int, float)))


def test_docs_osc_lists_every_action_a_desk_may_call():
    from quizshow.formats.written.spec import SPEC as written_spec
    from tests.conftest import ROOT

    text = (ROOT / "docs" / "osc.md").read_text(encoding="utf-8")
    for spec in (svoyak_spec, brainring_spec, duel_spec, written_spec):
        row = next(line for line in text.splitlines() if line.startswith(f"| {spec.name} |"))
        assert all(f"`{action.name}`" in row for action in spec.actions), spec.name
