"""Follower screens are not kept out by a spray of guessed passcodes: a follower that followed this show already, or
one on `follow_allow`, is let back in; one with the right passcode kept out is offered to the operator («Впустить
экран»). Real sockets on 127.0.0.1, port 0; the spray from other loopback addresses (127.0.0.x)."""

from __future__ import annotations

import aiohttp
import pytest

from quizshow.config import load_show
from quizshow.core.actions import Call
from quizshow.core.clock import ManualClock
from quizshow.inputs.messages import Action
from quizshow.runtime.follow.door import FollowDoor
from quizshow.yamlfile import Problems
from tests.conftest import closed_at_end, notices
from tests.phones_kit import run, show_file, web_show

PASSCODE = "сезам-42"
WALL, ALLOWED, NEWCOMER = "127.0.0.2", "127.0.0.3", "127.0.0.4"


@pytest.fixture
def rig(tmp_path):
    def make():
        path = show_file(tmp_path, 2)
        text = path.read_text(encoding="utf-8").replace(
            'web: {listen: "127.0.0.1:8080"}',
            f'web: {{listen: "127.0.0.1:8080", follow_passcode: "{PASSCODE}", follow_allow: ["{ALLOWED}/32"]}}')
        path.write_text(text, encoding="utf-8")
        problems = Problems()
        config = load_show(path, problems)
        assert config is not None and not problems.errors, [str(p) for p in problems.items]
        return web_show(config, tmp_path / "phones.jsonl")

    yield from closed_at_end(make)


async def files(app, source: str, passcode: str) -> int:
    """GET /follow/files from the loopback address `source`: its status."""
    host, port = app.web.address
    connector = aiohttp.TCPConnector(local_addr=(source, 0), force_close=True)
    async with aiohttp.ClientSession(connector=connector) as session, \
            session.get(f"http://{host}:{port}/follow/files", params={"passcode": passcode}) as r:
        await r.read()
        return r.status


async def spray(app, count: int = 14) -> None:
    """Wrong passcodes, each from a fresh address: the shared back-off is on."""
    for i in range(count):
        assert await files(app, f"127.0.1.{i + 1}", f"guess-{i}") == 401


def test_a_follower_that_followed_before_and_one_on_follow_allow_get_in_during_a_spray_of_guesses(rig):
    app = rig()

    async def play() -> None:
        assert await files(app, WALL, PASSCODE) == 200  # the LED wall follows
        await spray(app)
        assert await files(app, "127.0.2.1", PASSCODE) == 401  # a fresh address waits, even with the passcode
        assert await files(app, WALL, PASSCODE) == 200  # the wall reconnects: in
        assert await files(app, ALLOWED, PASSCODE) == 200  # on follow_allow: in
        assert await files(app, ALLOWED, "wrong") == 401  # the passcode is still the lock

    run(play())


def test_a_follower_with_the_passcode_kept_out_by_a_spray_is_offered_to_the_operator_who_lets_it_in(rig):
    app = rig()

    def said() -> list[str]:
        return [notice.text for notice in notices(app)]

    async def play() -> None:
        await spray(app)
        assert await files(app, NEWCOMER, PASSCODE) == 401
        assert await files(app, "127.0.3.1", "guess-again") == 401  # a guess is never offered
        app.phones.tick()
        admit = [(label, call) for label, call in app.status.device_buttons if call.name == "follow_admit"]
        assert [label for label, _ in admit] == [f"Впустить экран {NEWCOMER}"]
        assert any(NEWCOMER in text and "подбирает" in text for text in said())
        app.controls.local["follow_admit"]({}, Action("follow_admit", app.now(), "console", ()))
        assert await files(app, NEWCOMER, PASSCODE) == 200
        app.phones.tick()
        assert not [call for _, call in app.status.device_buttons if call == Call("follow_admit")]

    run(play())
    assert f"Экран {NEWCOMER} впущен оператором" in said()


def test_a_known_follower_is_still_locked_after_five_wrong_passcodes_of_its_own():
    clock = ManualClock()
    door = FollowDoor(PASSCODE, (), lambda key, **values: None, clock)
    door.enter(WALL, PASSCODE)
    for _ in range(5):
        with pytest.raises(Exception, match="wrong passcode"):
            door.enter(WALL, "guess")
    with pytest.raises(Exception, match="locked"):
        door.enter(WALL, PASSCODE)
    clock.advance(61)
    door.enter(WALL, PASSCODE)
