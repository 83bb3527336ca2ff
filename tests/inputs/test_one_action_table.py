"""Issue 24, item 6: one table from every input to an action. A box press, an OSC message, a key and a console
button all end as calls of the action registry; the feed carries typed messages, each with one handler."""

from __future__ import annotations

import pytest

from quizshow import registry
from quizshow.app import Action
from quizshow.core.actions import CORE_ACTIONS, Call
from tests.conftest import notices
from tests.hardware_kit import make_app, open_question, show_file


def test_every_osc_input_address_names_an_action_of_the_registry():
    """The OSC table maps each address to an action call: no second table of request kinds beside the
    registry, and the one rename (/quiz/board/select → cell) is the table's own line."""
    from quizshow.inputs.osc.routes import ROUTES, TEAM_ROUTES

    known = {action.name for action in CORE_ACTIONS}
    for name in registry.names():
        known |= {action.name for action in registry.spec(name).actions}
    for address, routed in [*ROUTES.items(), *TEAM_ROUTES.items()]:
        assert routed.action in known, (address, routed.action)
    assert ROUTES["/quiz/board/select"].action == "cell"


def test_an_osc_message_is_its_action_call_at_the_door_counted_from_zero():
    from quizshow.inputs.osc.args import Rejected
    from quizshow.inputs.osc.routes import route

    def call(address: str, *args: object) -> Call | None:
        routed = route(address, args)
        assert routed is not None
        return routed.call

    assert call("/quiz/board/select", 2, 5) == Call("cell", (1, 4))
    assert call("/quiz/team/3/score/add", 50.0) == Call("score_add", (2, 50))  # a whole float is an i
    assert call("/quiz/team/1/buzz") == Call("buzz", (0, None))
    assert call("/quiz/view/blank", 1) == Call("blank", (True,))
    assert call("/quiz/go", 0) is None  # a button's release
    assert call("/quiz/tournament/result", "A3", 4, 2) == Call("report", ("A3", 4, 2))
    assert route("/quiz/ping", ()) is None  # a query, not an input
    with pytest.raises(Rejected) as why:
        route("/quiz/team/1/buzz", ("x",))
    assert why.value.code == 400


def boxed_app(tmp_path):
    """Two teams on box1's inputs 1 and 2 (the box itself is not opened)."""
    return make_app(tmp_path, show_file(tmp_path, ("box1:1", "box1:2", "key:3"), str(tmp_path / "no-box")),
                    devices=False)


def test_a_box_press_becomes_its_teams_buzz_call_with_the_boxs_own_time(tmp_path):
    from quizshow.inputs.messages import BoxPress

    app = boxed_app(tmp_path)
    try:
        open_question(app)
        app.hardware.box_pressed(BoxPress("box1", 2, at=2.003, source_time=2.0015))  # arrived first, pressed later
        app.hardware.box_pressed(BoxPress("box1", 1, at=2.004, source_time=2.0010))
        app.drain()
        assert app.engine.state.answering == 0  # ordered by the box's own times
        buzz = [e for e in app.engine.entries if type(e.command).__name__ == "Buzz"][0].command
        assert (buzz.team, buzz.source_time, buzz.device) == (0, 2.0010, "box1")
    finally:
        app.close()


def test_the_line_check_takes_a_box_press_through_the_same_buzz_call(tmp_path):
    from quizshow.inputs.messages import BoxPress

    app = boxed_app(tmp_path)
    try:
        open_question(app)
        app.action(Action("linecheck", 1.5))
        app.hardware.box_pressed(BoxPress("box1", 2, at=2.0, source_time=2.0))
        app.drain()
        assert app.engine.state.answering is None  # the game is not touched
        assert app.hardware.last_press == {1: 2.0}  # the team's panel lit
    finally:
        app.close()


def test_each_input_message_has_one_handler_and_an_unknown_input_is_shown_not_raised(tmp_path):
    from quizshow.runtime.inputs.feed import Handlers

    handlers = Handlers()
    handlers.add(Action, lambda action: action)
    with pytest.raises(ValueError):
        handlers.add(Action, lambda action: None)

    app = make_app(tmp_path, show_file(tmp_path), devices=False)
    try:
        open_question(app)
        app.deliver(object())  # a message nobody handles: a bug, said on the console
        app.deliver(Action("buzz", 2.0, "box1", (1,)))
        app.drain()
        assert app.engine.state.answering == 1  # the inputs after it still apply
        assert [n.level for n in notices(app)].count("problem") == 1
    finally:
        app.close()


def test_an_osc_request_carries_its_call_and_its_reply_address():
    from quizshow.inputs.messages import OscRequest

    fields = {name for name in OscRequest.__dataclass_fields__}
    assert {"sender", "address", "call", "at"} <= fields
    assert OscRequest.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_the_line_check_takes_a_players_own_button_too(tmp_path):
    """Every buzzer call ends in the same place (Hardware.buzz): during the line check a player's own key
    (the duel's `buzzN.P`) lights the team and never reaches the game, like a team's."""
    from tests.duel_display_kit import duel_app

    app = duel_app(tmp_path)
    try:
        before = len(app.engine.entries)
        app.action(Action("linecheck", 1.0))
        app.action(Action("buzz", 2.0, "keyboard", (1, 0)))
        assert app.hardware.last_press == {1: 2.0}
        assert len(app.engine.entries) == before  # nothing journalled
    finally:
        app.close()
