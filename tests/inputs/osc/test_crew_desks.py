"""Issue 27, item 8: what a crew's desks really send, with real UDP datagrams on 127.0.0.1 (the server on
port 0): Companion's booleans T/F, a button's release `buzz f 0.0`, bundles with a time tag, and the
feedback targets' whole state at start and when their machine first appears."""

from __future__ import annotations

import logging
import time

import pytest
from pythonosc.osc_bundle_builder import IMMEDIATELY, OscBundleBuilder
from pythonosc.osc_message_builder import OscMessageBuilder

from quizshow.core import commands as c
from tests.osc_desk import Desk
from tests.osc_kit import go, rig  # noqa: F401 - the fixture

Msg = tuple[str, tuple[object, ...]]


def osc(address: str, *args: object) -> bytes:
    """A message as a desk builds it: python-osc sends True/False as the types T/F (as Companion does)."""
    builder = OscMessageBuilder(address=address)
    for arg in args:
        builder.add_arg(arg)
    return builder.build().dgram


def bundle(tag: float, *messages: Msg) -> bytes:
    """A bundle time-tagged `tag` (seconds since the epoch, or IMMEDIATELY), as liblo's oscsendfile sends."""
    builder = OscBundleBuilder(tag)
    for address, args in messages:
        builder.add_content(OscMessageBuilder(address=address).build() if not args else _message(address, args))
    return builder.build().dgram


def _message(address: str, args: tuple[object, ...]):
    builder = OscMessageBuilder(address=address)
    for arg in args:
        builder.add_arg(arg)
    return builder.build()


def journalled(app) -> list[c.Command]:
    return [entry.command for entry in app.engine.entries]


def ping(desk: Desk, to, mark: int) -> int:
    """A ping after what was sent: the server handles one socket's datagrams in order, so when its pong is
    back everything sent before it was handled. The pong's place in what the desk received."""
    desk.send(to, "/quiz/ping", mark)
    desk.wait_for("/quiz/out/pong", where=lambda a: a == (mark,))
    return desk.got.index(("/quiz/out/pong", (mark,)))


def place(desk: Desk, address: str, where) -> int:
    desk.wait_for(address, where=where)
    return next(i for i, (a, args) in enumerate(desk.got) if a == address and where(args))


# --- T/F ---------------------------------------------------------------------------------------------


def test_companion_booleans_T_and_F_are_taken_as_1_and_0_wherever_a_flag_is(rig):  # noqa: F811
    app, desk, to = rig("brainring")
    desk.raw(to, osc("/quiz/subscribe", True))
    assert desk.wait_for("/quiz/out/state/phase")  # subscribed: the whole state
    desk.raw(to, osc("/quiz/reply/all", True))
    desk.raw(to, osc("/quiz/view/blank", True))
    assert desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/view/blank")[1:3] == ("ok", 200)
    assert app.engine.state.view.blank
    desk.raw(to, osc("/quiz/view/blank", False))
    ping(desk, to, 1)
    assert not app.engine.state.view.blank
    desk.raw(to, osc("/quiz/view/scores", True))
    ping(desk, to, 2)
    assert app.engine.state.view.scores
    # a button: T fires it, F (its release) is ignored
    desk.raw(to, osc("/quiz/go", True))
    assert desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/go")[1:3] == ("ok", 200)
    time.sleep(0.32)  # the minimum interval between two /quiz/go (as tests.osc_kit.go)
    before = len(journalled(app))
    desk.raw(to, osc("/quiz/go", False))
    ping(desk, to, 3)
    assert len(journalled(app)) == before
    assert not [r for r in desk.replies("/quiz/view/blank") + desk.replies("/quiz/go") if r[2] == 400]
    # and a format's own flag (brainring's ruling: i 0/1 correct) takes T too: not a 400
    desk.raw(to, osc("/quiz/action/ruling", True))
    assert desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/action/ruling")[2] != 400
    desk.raw(to, osc("/quiz/subscribe", False))
    ping(desk, to, 4)
    assert desk.address not in app.osc_link.out.subscribers


# --- a button's release ------------------------------------------------------------------------------


class Heard(logging.Handler):
    """A logger's lines, as they are written."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_a_buzz_release_is_said_in_the_debug_log():
    """The route says why nothing happened, at debug level (`--log-level debug` shows a desk's releases)."""
    from quizshow.inputs.osc.routes import route

    routes_log = logging.getLogger("quizshow.inputs.osc.routes")
    heard = Heard()
    was = routes_log.level
    routes_log.addHandler(heard)
    routes_log.setLevel(logging.DEBUG)
    try:
        for release in ((0.0,), (0,), (False,)):
            routed = route("/quiz/team/1/buzz", release)
            assert routed is not None and routed.call is None
    finally:
        routes_log.removeHandler(heard)
        routes_log.setLevel(was)
    assert len([line for line in heard.lines if "button's release: ignored" in line]) == 3


def test_a_buzz_release_f_0_is_ignored_and_players_count_from_1(rig):  # noqa: F811
    app, desk, to = rig("brainring")
    desk.send(to, "/quiz/subscribe", 1)
    desk.send(to, "/quiz/reply/all", 1)
    go(desk, to)
    desk.send(to, "/quiz/announce")
    desk.send(to, "/quiz/timer/start")
    ping(desk, to, 1)
    desk.send(to, "/quiz/team/1/buzz", 0.0)  # Companion's release: f 0.0
    desk.send(to, "/quiz/team/1/buzz", 0)
    desk.raw(to, osc("/quiz/team/1/buzz", False))
    ping(desk, to, 2)
    assert not [cmd for cmd in journalled(app) if isinstance(cmd, c.Buzz)]  # no press, no player 0
    assert app.engine.state.answering is None
    assert not desk.replies("/quiz/team/1/buzz")  # a release is not answered, not even a 400
    desk.send(to, "/quiz/team/2/buzz", 1.0)  # player 1: the team's first
    assert desk.wait_for("/quiz/out/event/buzz")[0] == 2
    (press,) = [cmd for cmd in journalled(app) if isinstance(cmd, c.Buzz)]
    assert (press.team, press.player) == (1, 0)


# --- time tags ---------------------------------------------------------------------------------------


def test_a_bundle_time_tagged_ahead_runs_at_its_time_on_the_show_clock_not_at_once(rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    desk.send(to, "/quiz/reply/all", 1)
    ping(desk, to, 1)
    sent_at = app.clock.now()
    desk.raw(to, bundle(time.time() + 0.5, ("/quiz/team/1/score/add", (10,))))
    pong = ping(desk, to, 2)  # sent after the bundle, answered before the bundle's message runs
    done = place(desk, "/quiz/reply", lambda a: a[0] == "/quiz/team/1/score/add")
    assert desk.got[done][1][1:3] == ("ok", 200) and done > pong
    (add,) = [cmd for cmd in journalled(app) if isinstance(cmd, c.ScoreAdd)]
    assert add.at >= sent_at + 0.45  # journalled when the show clock reached the tag, not before
    assert app.engine.state.teams[0].score == 10


def test_a_bundle_tagged_immediately_or_in_the_past_runs_at_once(rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    desk.send(to, "/quiz/reply/all", 1)
    desk.raw(to, bundle(IMMEDIATELY, ("/quiz/team/1/score/add", (5,))))
    desk.raw(to, bundle(time.time() - 3.0, ("/quiz/team/2/score/add", (7,))))
    pong = ping(desk, to, 1)
    first = place(desk, "/quiz/reply", lambda a: a[0] == "/quiz/team/1/score/add")
    second = place(desk, "/quiz/reply", lambda a: a[0] == "/quiz/team/2/score/add")
    assert first < pong and second < pong
    assert [t.score for t in app.engine.state.teams[:2]] == [5, 7]


def test_a_bundle_tagged_further_ahead_than_the_bound_is_refused_and_logged(rig, caplog):  # noqa: F811
    app, desk, to = rig("svoyak")
    with caplog.at_level(logging.WARNING, logger="quizshow.inputs.osc.server"):
        desk.raw(to, bundle(time.time() + 30.0, ("/quiz/team/1/score/add", (10,))))
        reply = desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/team/1/score/add")
    assert reply[1:3] == ("error", 400) and "ahead" in reply[3] and "clock" in reply[3]
    assert "time-tagged 30" in caplog.text and "refused" in caplog.text
    ping(desk, to, 1)
    assert app.osc.later.waiting == 0 and app.engine.state.teams[0].score == 0


# --- feedback targets --------------------------------------------------------------------------------


@pytest.fixture
def target():
    desk = Desk("127.0.0.2")  # a desk's own machine: another loopback address
    yield desk
    desk.close()


def test_a_feedback_target_gets_the_whole_state_at_start_without_asking(rig, target):  # noqa: F811
    app, desk, to = rig("svoyak", f'    feedback: ["127.0.0.2:{target.address[1]}"]\n')
    assert target.wait_for("/quiz/out/state/phase") == ("title",)
    assert target.wait_for("/quiz/out/state/team/3/name") == ("Вера",)
    assert target.wait_for("/quiz/out/state/team/1/score") == (0,)
    assert not [a for a, _ in target.got if a == "/quiz/out/heartbeat"]  # before any heartbeat


def test_a_feedback_target_whose_machine_first_appears_gets_the_whole_state_again(rig, target):  # noqa: F811
    app, desk, to = rig("svoyak", f'    feedback: ["127.0.0.2:{target.address[1]}"]\n')
    target.wait_for("/quiz/out/state/team/3/name")
    target.got.clear()
    companion = Desk("127.0.0.2")  # the desk's software, started after the show, presses a first button
    try:
        ping(companion, to, 1)
        assert target.wait_for("/quiz/out/state/phase") == ("title",)
        assert target.wait_for("/quiz/out/state/team/2/name") == ("Борис",)
    finally:
        companion.close()
