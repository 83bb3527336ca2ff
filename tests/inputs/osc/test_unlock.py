"""With a passcode, who may act after /quiz/connect: the socket that sent it while it is in use, and every port
of its address for a set time from the unlock — so a script of liblo `oscsend` lines (a new socket each) runs
a show. Real UDP on 127.0.0.1 (other 127.x.y.z addresses are other machines), a whole show on a port the
kernel picks, the door's clock driven by the test."""

from __future__ import annotations

from quizshow.app import Action
from quizshow.inputs.osc.access import ADDRESS_UNLOCK_S, UNLOCK_IDLE_S
from tests.inputs.osc.conftest import MakeShow, handled, oscsend, until
from tests.osc_desk import Desk, DrivenClock

PASSCODE = '    passcode: "zebra"\n'


def score(app, team: int = 0) -> int:
    return app.engine.state.teams[team].score


def test_a_script_of_oscsend_lines_runs_a_show_with_a_passcode(make_show: MakeShow):
    app = make_show("svoyak", PASSCODE)
    port = str(app.osc.address[1])
    oscsend("127.0.0.1", port, "/quiz/team/1/score/add", "i", "5")  # before the connect: refused
    handled(app)
    assert score(app) == 0
    oscsend("127.0.0.1", port, "/quiz/connect", "s", "zebra")
    oscsend("127.0.0.1", port, "/quiz/team/1/score/add", "i", "10")  # another process, another port
    until(lambda: score(app) == 10, "score of 10")
    oscsend("127.0.0.1", port, "/quiz/team/1/score/add", "i", "1")
    until(lambda: score(app) == 11, "score of 11")


def test_the_address_unlock_ends_after_its_time_while_the_desk_that_connected_keeps_its_own(make_show: MakeShow):
    app = make_show("svoyak", PASSCODE)
    clock = DrivenClock()
    app.osc.access.wall = clock  # the door's clock: the ten minutes are played, not waited for
    to, port = app.osc.address, str(app.osc.address[1])
    desk = Desk()
    desk.send(to, "/quiz/connect", "zebra")
    desk.send(to, "/quiz/reply/all", 1)
    assert desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/reply/all")[2] == 200
    assert ADDRESS_UNLOCK_S < UNLOCK_IDLE_S
    clock.advance(ADDRESS_UNLOCK_S - 1)
    oscsend("127.0.0.1", port, "/quiz/team/1/score/add", "i", "10")  # within the time: any port of the address
    until(lambda: score(app) == 10, "score of 10")
    clock.advance(2)  # the address's time is over, and using it did not extend it
    oscsend("127.0.0.1", port, "/quiz/team/1/score/add", "i", "100")
    handled(app)
    assert score(app) == 10
    desk.send(to, "/quiz/team/1/score/add", 1)  # the socket that connected, in use: still unlocked
    assert desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/team/1/score/add")[2] == 200
    assert score(app) == 11
    desk.close()


def test_an_unlock_opens_its_own_address_only(make_show: MakeShow):
    app = make_show("svoyak", PASSCODE)
    to, port = app.osc.address, str(app.osc.address[1])
    desk = Desk("127.0.0.2")  # another machine connects
    desk.send(to, "/quiz/connect", "zebra")
    desk.send(to, "/quiz/team/2/score/add", 3)
    until(lambda: score(app, 1) == 3, "the desk's score of 3")
    oscsend("127.0.0.1", port, "/quiz/team/1/score/add", "i", "10")  # this machine did not connect
    handled(app)
    assert score(app) == 0
    desk.close()


def test_the_operator_lets_a_script_in_from_the_console(make_show: MakeShow):
    app = make_show("svoyak", PASSCODE)
    port = str(app.osc.address[1])
    oscsend("127.0.0.1", port, "/quiz/connect", "s", "zebre")  # a typo in the script
    handled(app)
    app.tick()
    assert app.status.osc_admit is not None and app.status.osc_admit.startswith("Впустить 127.0.0.1:")
    app.action(Action("osc_admit", app.clock.now(), "console", ()))  # «Впустить»
    oscsend("127.0.0.1", port, "/quiz/team/1/score/add", "i", "10")  # the script's next line: a new port
    until(lambda: score(app) == 10, "score of 10")
