"""The command line at the OSC edge (issue 12, items 15 and 16): the port is printed at every log level,
and a show with no display to draw on says so instead of running invisibly."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time

import pytest

from tests.conftest import ROOT
from tests.osc_desk import Desk
from tests.osc_kit import show


def environment(**changes: str | None) -> dict[str, str]:
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def start(tmp_path, *options: str, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), str(show(tmp_path)), "--osc-port", "0",
                             "--journal", str(tmp_path / "j.jsonl"), *options],
                            stderr=subprocess.PIPE, text=True, env=env)


def listening_line(proc: subprocess.Popen, timeout: float = 30.0) -> tuple[str, int]:
    """HOST and PORT from the show's line; its stderr is read by a thread, so a show that never prints
    the line fails the test after `timeout` instead of hanging it."""
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True).start()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.1)
        except queue.Empty:
            assert proc.poll() is None, f"the show ended ({proc.returncode}) without printing the port"
            continue
        if found := re.fullmatch(r"osc: listening on ([\d.]+):(\d+)\n", line):
            return found[1], int(found[2])
    raise AssertionError("no 'osc: listening on HOST:PORT' line")


def test_the_chosen_port_is_printed_even_at_log_level_warning(tmp_path):
    proc = start(tmp_path, "--headless", "--log-level", "warning", env=environment(SDL_VIDEODRIVER="dummy"))
    desk = Desk()
    try:
        to = listening_line(proc)
        assert to[1] != 0
        desk.send(to, "/quiz/ping", 16)
        assert desk.wait_for("/quiz/out/pong") == (16,)  # the printed port is the show's
    finally:
        proc.terminate()
        proc.wait(10)
        desk.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="elsewhere SDL finds the desktop")
def test_no_display_and_no_headless_says_so_and_exits_1(tmp_path):
    env = environment(DISPLAY=None, WAYLAND_DISPLAY=None, SDL_VIDEODRIVER=None)
    proc = start(tmp_path, env=env)
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise AssertionError("the show ran on with no display to draw on") from None
    assert proc.returncode == 1
    assert "no display" in err and "--headless" in err
    assert not (tmp_path / "j.jsonl").exists()  # nothing started


def test_a_video_driver_the_user_chose_is_taken_as_meant(tmp_path):
    proc = start(tmp_path, env=environment(DISPLAY=None, WAYLAND_DISPLAY=None, SDL_VIDEODRIVER="dummy"))
    try:
        listening_line(proc)  # windows on the dummy driver, as the tests ask: the show runs
        assert proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(10)
