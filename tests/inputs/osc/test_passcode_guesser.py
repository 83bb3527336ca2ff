"""Issue 23, item 8: a passcode guesser does not keep the real desk out. Real UDP from several loopback
addresses (any 127.x.y.z is this machine) to a whole show on 127.0.0.1, port 0."""

from __future__ import annotations

import pygame

from quizshow.app import Action
from tests.conftest import notices
from tests.osc_access_kit import PASSCODE, replies, score_becomes
from tests.osc_desk import Desk
from tests.osc_kit import rig  # noqa: F401 - the fixture: a whole show listening on port 0


def test_a_guessing_address_does_not_keep_a_new_desk_out(rig):  # noqa: F811
    app, _, to = rig("svoyak", osc=PASSCODE)
    guessers = [Desk(f"127.0.0.{n}") for n in (9, 10, 11)]
    for n in range(4):  # a guessing run from three addresses: past the free failures, the back-off is on
        for guesser in guessers:
            guesser.send(to, "/quiz/connect", f"guess{n}")
            guesser.wait_for("/quiz/reply", where=lambda a, n=n, g=guesser: a[2] == 401 and len(g.replies(a[0])) > n)
    assert any(a[3].startswith("too many wrong passcodes") for a in replies(guessers[-1]))
    desk = Desk("127.0.0.20")  # the real desk, at its own address, with the right passcode
    desk.send(to, "/quiz/connect", "zebra")
    desk.send(to, "/quiz/team/1/score/add", 50)
    assert score_becomes(app, 0, 50), f"the desk was kept out: {replies(desk)}"
    # The console names the guessing address.
    assert any("кто-то подбирает пароль" in n.text and "127.0.0.9" in n.text for n in notices(app))
    for one in [*guessers, desk]:
        one.close()


def test_the_operator_lets_a_refused_desk_in_from_the_console(rig):  # noqa: F811
    app, _, to = rig("svoyak", osc=PASSCODE)
    guessers = [Desk(f"127.0.1.{n}") for n in range(2, 42)]  # a spray from 40 addresses: every check is spent
    for guesser in guessers:
        guesser.send(to, "/quiz/connect", "guess")
    for guesser in guessers:
        guesser.pump(0.01)
    desk = Desk("127.0.0.30")
    desk.send(to, "/quiz/connect", "zebra")
    assert desk.wait_for("/quiz/reply")[2] == 401  # the back-off holds it too
    app.tick()
    assert app.status.osc_admit == f"Впустить 127.0.0.30:{desk.address[1]}"
    surface = pygame.Surface((1600, 1000))
    app.console.render(surface, app.clock.now(), app.status)
    button = next(rect for rect, call in app.console.buttons if call.name == "osc_admit")
    call = app.console.click(button.center)  # the operator clicks «Впустить 127.0.0.30:…»
    assert call is not None
    app.action(Action(call.name, app.clock.now(), "console", call.args))
    desk.send(to, "/quiz/team/1/score/add", 50)
    assert score_becomes(app, 0, 50), f"the desk let in from the console was refused: {replies(desk)}"
    assert any("пульт 127.0.0.30" in n.text and "впущен" in n.text for n in notices(app))
    app.tick()
    assert app.status.osc_admit is None or "127.0.0.30" not in app.status.osc_admit
    for guesser in [*guessers, desk]:
        guesser.close()
