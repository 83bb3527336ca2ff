"""A follower's link to the main show: a thread that dies says so (the follower's stderr and the log),
the screen shows it is not connected, and nothing waits for it."""

from __future__ import annotations

from quizshow.core.clock import ManualClock
from quizshow.runtime.follow.client import Follower, Replica, Stream


class _Format:
    def initial_state(self, seed: int):
        from types import SimpleNamespace

        return SimpleNamespace(teams=[])


def test_a_link_thread_that_dies_is_told_and_the_follower_goes_on(monkeypatch, caplog):
    async def broken(self: Stream) -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr(Stream, "_serve", broken)
    stream = Stream("http://127.0.0.1:9", None)
    told: list[str] = []
    follower = Follower(stream, Replica(_Format(), ManualClock()), lambda events, at: None, stream.base, told.append)
    follower.connected = True
    stream.start()
    stream._thread.join(10)
    assert not stream._thread.is_alive()
    assert follower.take()  # the picture changes: not connected
    assert told == ["the link to the show stopped (RuntimeError: injected); keeping the last picture; "
                    "start the follower again to follow the show"]
    assert not follower.connected
    assert any("follow: the thread stopped (RuntimeError: injected)" in r.getMessage() for r in caplog.records)
    stream.stop()  # returns: the thread is gone
