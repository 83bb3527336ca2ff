"""The OSC server's threads: one that dies says so on the console and in the log, and the show goes on."""

from __future__ import annotations

import logging
import socket

import pytest

from quizshow.inputs.messages import Action
from quizshow.inputs.osc.fairness import Fairness
from tests.conftest import notices
from tests.inputs.osc.conftest import Shows


def _injected(*args: object, **kwargs: object) -> None:
    raise RuntimeError("injected")


@pytest.mark.parametrize("name, method", [("osc-in", "queue"), ("osc-serve", "next")])
def test_a_dying_osc_thread_is_told_and_the_show_goes_on(make_show: Shows, monkeypatch, caplog, name, method):
    monkeypatch.setattr(Fairness, method, _injected)
    with caplog.at_level(logging.ERROR):
        app = make_show("svoyak")
        assert app.osc is not None
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as desk:  # the reader dies on its first datagram
            desk.sendto(b"/quiz/ping\x00\x00\x00", app.osc.address)
        dead = app.osc.reader if name == "osc-in" else app.osc.thread
        dead.join(10)
        assert not dead.is_alive()
    told = [n.text for n in notices(app) if n.level == "problem"]
    assert "OSC остановился (RuntimeError: injected): пульты не слышны, шоу идёт дальше" in told, told
    assert any(f"{name}: the thread stopped (RuntimeError: injected)" in r.getMessage() for r in caplog.records)
    before = app.engine.state
    assert app.action(Action("go", app.clock.now())) is not None  # the host's keys still run the show
    assert app.engine.state is not before
