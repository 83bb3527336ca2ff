"""Who may change the show over OSC (issue 12, items 13 and 14): real UDP from many loopback addresses
(any 127.x.y.z is this machine) to a whole show listening on 127.0.0.1, port 0. (An unlock's reach — its
socket, and its address for a while — is tested in tests/inputs/osc/test_unlock.py.)"""

from __future__ import annotations

from quizshow.inputs.osc import GLOBAL_FREE_FAILURES, WRONG_PASSCODES
from tests.conftest import notices
from tests.osc_access_kit import PASSCODE, replies
from tests.osc_desk import Desk
from tests.osc_kit import rig  # noqa: F401 - the fixture: a whole show listening on port 0


def test_guesses_from_many_addresses_share_one_budget_and_the_console_says_someone_is_guessing(rig):  # noqa: F811
    app, _, to = rig("svoyak", osc=PASSCODE)
    desks = [Desk(f"127.0.0.{n}") for n in range(2, 42)]  # 40 addresses, one guess each: no address is locked
    assert WRONG_PASSCODES > 1
    for desk in desks:
        desk.send(to, "/quiz/connect", "guess")
    owner = Desk("127.0.0.200")  # even the right passcode waits out the back-off: guesses are not free
    owner.send(to, "/quiz/connect", "zebra")
    owner.send(to, "/quiz/team/1/score/add", 50)
    for _ in range(2):
        for desk in desks:
            desk.pump(0.01)
    answers = [args for desk in desks for addr, args in desk.got if addr == "/quiz/reply"]
    assert len(answers) == len(desks) and all(a[2] == 401 for a in answers)
    tried = [a for a in answers if a[3] == "wrong passcode"]
    assert len(tried) <= GLOBAL_FREE_FAILURES + 1, f"{len(tried)} guesses were tried"
    assert any(a[3].startswith("too many wrong passcodes") for a in answers)
    assert [a[2] for a in replies(owner)] == [401, 401]
    assert app.engine.state.teams[0].score == 0
    assert any("кто-то подбирает пароль" in n.text for n in notices(app))
    assert not any("zebra" in n.text or "guess" in n.text for n in notices(app))
    for desk in [*desks, owner]:
        desk.close()


def test_an_unlock_expires_after_the_desk_falls_silent(rig):  # noqa: F811
    """The door's clock is the test's (access.wall): the silence is played, not waited for, and every
    message is followed to its reply."""
    app, desk, to = rig("svoyak", osc=PASSCODE)
    clock = [1000.0]
    app.osc.access.wall = lambda: clock[0]
    app.osc.access.unlock_idle_s = 0.3
    app.osc.access.address_unlock_s = 0.1  # the address's own time is over first: the socket's unlock is tested
    desk.send(to, "/quiz/connect", "zebra")
    desk.send(to, "/quiz/reply/all", 1)  # unlocked: every message is answered from now on
    assert desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/reply/all")[2] == 200

    def add_one() -> int:
        desk.got.clear()
        desk.send(to, "/quiz/team/1/score/add", 1)
        return desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/team/1/score/add")[2]

    for _ in range(4):  # a desk in use keeps its unlock
        clock[0] += 0.2
        assert add_one() == 200
    assert app.engine.state.teams[0].score == 4
    clock[0] += 0.5  # silent for longer than the unlock lasts
    assert add_one() == 401
    assert app.engine.state.teams[0].score == 4
