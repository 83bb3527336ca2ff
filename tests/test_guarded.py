"""A server's thread that dies says why, once, to its owner and in the log; one that ends well says nothing."""

from __future__ import annotations

import logging

import pytest

from quizshow.guarded import guarded, reason


def test_a_thread_that_dies_tells_its_owner_and_the_log(caplog: pytest.LogCaptureFixture) -> None:
    told: list[BaseException] = []

    def run() -> None:
        raise RuntimeError("injected\nsecond line")

    thread = guarded("probe", run, told.append)
    with caplog.at_level(logging.ERROR):
        thread.start()
        thread.join()
    assert [reason(why) for why in told] == ["RuntimeError: injected"]
    assert any("probe: the thread stopped (RuntimeError: injected)" in r.getMessage() for r in caplog.records)
    assert thread.daemon  # never keeps the process from ending


def test_a_thread_that_ends_well_tells_nothing_and_a_failing_owner_hides_nothing(caplog) -> None:
    told: list[BaseException] = []
    thread = guarded("fine", lambda: None, told.append)
    thread.start()
    thread.join()
    assert told == []

    def owner(why: BaseException) -> None:
        raise ValueError("the owner is gone")

    def run() -> None:
        raise OSError(5, "I/O")

    with caplog.at_level(logging.ERROR):
        thread = guarded("probe", run, owner)
        thread.start()
        thread.join()
    messages = [r.getMessage() for r in caplog.records]
    assert any("the thread stopped (OSError: [Errno 5] I/O)" in m for m in messages), messages
    assert any("telling that the thread stopped failed" in m for m in messages), messages
    assert reason(KeyError()) == "KeyError"
