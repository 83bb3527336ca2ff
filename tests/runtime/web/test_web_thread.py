"""The web server's thread: a port that is taken, a thread that dies before it listens or while the show
runs — each is said on the console and the show goes on; and a headless show that lost its web thread still
ends on SIGTERM."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from aiohttp import web

from quizshow.app import ShowApp
from quizshow.config import ShowConfig, load_show
from quizshow.runtime.web.limits import GatedSite
from quizshow.yamlfile import Problems
from tests.conftest import ROOT, notices
from tests.phones_kit import show_file


@pytest.fixture
def config(tmp_path: Path) -> ShowConfig:
    loaded = load_show(show_file(tmp_path), Problems())
    assert loaded is not None
    return loaded


def _started(config: ShowConfig, journal: Path, port: int = 0) -> ShowApp:
    """The show as the command line starts it, built on another thread: a start that never returns fails
    the test instead of hanging it."""
    made: list[ShowApp] = []
    builder = threading.Thread(target=lambda: made.append(
        ShowApp(config, journal_path=journal, fresh=True, sound=False, devices=False, web=True, web_port=port)),
        daemon=True)
    builder.start()
    builder.join(60)
    assert made, "the show never finished starting"
    return made[0]


def _problems(app: ShowApp) -> list[str]:
    return [n.text for n in notices(app) if n.level == "problem"]


def test_a_taken_port_costs_the_phones_only(config, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = _started(config, tmp_path / "j.jsonl", port)
        try:
            assert app.web is None
            assert f"Веб-сервер: порт {port} занят — телефоны не подключатся" in _problems(app)
        finally:
            app.close()


def test_a_web_thread_that_dies_before_it_listens_is_told_not_waited_for(config, tmp_path, monkeypatch):
    async def refuse(self: web.TCPSite) -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr(GatedSite, "start", refuse)  # the site the show listens on
    app = _started(config, tmp_path / "j.jsonl")
    try:
        assert app.web is None
        assert any("RuntimeError: injected" in text and text.startswith("Веб-сервер: нельзя слушать")
                   for text in _problems(app)), _problems(app)
    finally:
        app.close()


def test_a_web_thread_that_dies_during_the_show_is_told_and_the_show_goes_on(config, tmp_path):
    app = _started(config, tmp_path / "j.jsonl")
    try:
        server = app.web
        assert server is not None and server.loop is not None and server._thread is not None
        server.loop.call_soon_threadsafe(server.loop.stop)  # the loop ends under the server: an injected fault
        server._thread.join(10)
        assert not server._thread.is_alive()
        assert any(text.startswith("Веб-сервер остановился (RuntimeError") and "шоу идёт дальше" in text
                   for text in _problems(app)), _problems(app)
        server.state_changed()  # the show's next change finds no server to push to, and says nothing
    finally:
        app.close()  # no wait for a thread that is gone


def iter_queue(lines: queue.Queue[str]) -> list[str]:
    """What the reader has put in the queue so far (the process has ended)."""
    found = []
    while not lines.empty():
        found.append(lines.get_nowait())
    return found


def test_sigterm_ends_a_headless_show_that_lost_its_web_thread(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "share")}
    argv = [str(show_file(tmp_path)), "--headless", "--osc-port", "0", "--web-port", "0",
            "--journal", str(tmp_path / "j.jsonl")]
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "web_death_probe.py"), *argv],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    try:
        assert proc.stderr is not None
        seen: list[str] = []
        lines: queue.Queue[str] = queue.Queue()
        reader = threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True)
        reader.start()
        while not any("the thread stopped" in s or "Exception in thread web" in s for s in seen[-1:]):
            # the thread's death, logged (with the fix) or Python's own report (without); a bound, not a pace
            seen.append(lines.get(timeout=60))
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        reader.join(10)  # the rest of its stderr, to its end
        rest = "".join(iter_queue(lines))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = "".join(seen) + rest
    assert proc.returncode == 0, err
    assert "web: the thread stopped (RuntimeError: injected: the web thread dies)" in err, err
