"""Helpers, fixtures and constants that several test files share, first written for
tests/runtime/follow/test_follow.py."""

from __future__ import annotations

import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from quizshow.config import load_show
from quizshow.core.engine import Engine
from quizshow.runtime.journal.file import Journal
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.osc_desk import Desk

PASSCODE = "сезам-42"


WAIT_S = 60.0  # a ceiling against a hang, never a timing claim


def make_show(tmp_path: Path, passcode: str | None = PASSCODE) -> Path:
    """A «Своя игра» show in its own folder, its pack (with media) beside it, named relatively."""
    shutil.copytree(ROOT / "packs", tmp_path / "packs")
    (tmp_path / "shows").mkdir()
    path = tmp_path / "shows" / "evening.yaml"
    follow = f'\n    follow_passcode: "{passcode}"' if passcode else ""
    path.write_text(f'''title: "Вечер"
format: svoyak
pack: ../packs/svoyak-demo.yaml
teams:
  - {{name: "Анна"}}
  - {{name: "Борис"}}
  - {{name: "Вера"}}
devices:
  osc:
    listen: "127.0.0.1:7400"
  web:
    listen: "127.0.0.1:8080"{follow}
''', encoding="utf-8")
    return path


class Proc:
    """A process whose stderr lines are read by a thread; `wait_line` waits for one that matches."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], stderr=subprocess.PIPE,
                                     text=True, env=env)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        assert self.proc.stderr is not None
        self.reader = threading.Thread(target=lambda: [self.lines.put(line) for line in self.proc.stderr],
                                       daemon=True)
        self.reader.start()

    def wait_line(self, pattern: str) -> re.Match[str]:
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.proc.poll() is not None and not self.reader.is_alive() and self.lines.empty():
                    ended = f"ended ({self.proc.returncode}) before «{pattern}»: {self.seen[-15:]}"
                    raise AssertionError(ended) from None
                continue
            self.seen.append(line)
            if found := re.search(pattern, line):
                return found
        raise AssertionError(f"no «{pattern}»: {self.seen[-15:]}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def start_main(show: Path, journal: Path, web_port: int = 0) -> tuple[Proc, tuple[str, int], int]:
    main = Proc(str(show), "--headless", "--osc-port", "0", "--web-port", str(web_port), "--journal", str(journal))
    osc = main.wait_line(r"osc: listening on ([\d.]+):(\d+)")
    web = main.wait_line(r"web: listening on ([\d.]+):(\d+)")
    return main, (osc[1], int(osc[2])), int(web[2])


def journal_lines(journal: Path) -> int:
    return journal.read_bytes().count(b"\n")


def main_state(show: Path, journal: Path) -> tuple[str, list[int]]:
    """The main show's state, replayed here from its journal file: what the follower must show."""
    problems = Problems()
    config = load_show(show, problems)
    assert config is not None
    from quizshow.assemble import make_format

    fmt = make_format(config)
    loaded = Journal.read(journal, str(config.path), len(config.teams))
    assert loaded is not None
    engine = Engine(fmt, loaded.seed)
    loaded.restore(engine)
    return engine.state.phase, [t.score for t in engine.state.teams]


def add_score(desk: Desk, osc: tuple[str, int], team: int, points: int) -> None:
    """A score change over OSC, waited for by its `ok` reply (after /quiz/reply/all 1)."""
    desk.send(osc, "/quiz/reply/all", 1)
    desk.send(osc, f"/quiz/team/{team}/score/add", points)
    reply = desk.wait_for("/quiz/reply", timeout=WAIT_S, where=lambda args: args[0] == f"/quiz/team/{team}/score/add")
    assert reply[2] == 200, reply
    desk.got.clear()


@pytest.fixture
def procs():
    started: list[Proc] = []
    yield started
    for proc in started:
        proc.stop()
