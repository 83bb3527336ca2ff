"""Follower screens, issue 26: «Начать заново» on the main show, end to end with two real processes. The follower
hears `#reset` at once (the new journal's header is handed to the follow hub as soon as it is written), starts
again from line 1 of the new journal and shows the fresh show; a follower that was away while the main show started
a new journal (`--fresh`) asks for lines this journal does not have and starts over too. Every wait is on a line
the processes print, with a ceiling that fails with what they said."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

from tests.conftest import ROOT
from tests.follow_kit import PASSCODE, WAIT_S, Proc, add_score, journal_lines, main_state, make_show, procs
from tests.osc_desk import Desk

__all__ = ["procs"]  # the fixture, shared with tests/runtime/follow/test_follow.py


class Worker(Proc):
    """The main show (tests/follow_main_worker.py: main.py plus «Начать заново» on stdin)."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "follow_main_worker.py"), *args],
                                     stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        stderr = self.proc.stderr
        assert stderr is not None
        self.reader = threading.Thread(target=lambda: [self.lines.put(line) for line in stderr], daemon=True)
        self.reader.start()

    def start_over(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("start_over\n")
        self.proc.stdin.flush()
        self.wait_line(r"worker: started over")


def follower(port: int, report: Path) -> Proc:
    return Proc("--follow", f"http://127.0.0.1:{port}", "--passcode", PASSCODE, "--headless", "--follow-report",
                str(report))


def state_of(report: Path) -> tuple[str, list[int]]:
    state = json.loads(report.read_text(encoding="utf-8"))
    return state["phase"], state["scores"]


def test_after_start_over_a_follower_starts_again_from_line_1_and_shows_the_fresh_show(tmp_path, procs):
    show, journal, report = make_show(tmp_path), tmp_path / "day.jsonl", tmp_path / "follower.json"
    main = Worker(str(show), "--headless", "--osc-port", "0", "--web-port", "0", "--journal", str(journal))
    procs.append(main)
    osc_at = main.wait_line(r"osc: listening on ([\d.]+):(\d+)")
    port = int(main.wait_line(r"web: listening on ([\d.]+):(\d+)")[2])
    osc = (osc_at[1], int(osc_at[2]))
    watcher = follower(port, report)
    procs.append(watcher)
    watcher.wait_line(r"follow: in step at line 1\b")
    desk = Desk()
    try:
        add_score(desk, osc, 1, 30)
        add_score(desk, osc, 2, -10)
        watcher.wait_line(r"follow: in step at line 3\b")
        assert state_of(report)[1] == [30, -10, 0]

        main.start_over()  # «Начать заново», pressed twice
        assert journal_lines(journal) == 1  # the new journal: its header only (the old one is kept renamed)
        watcher.wait_line(r"follow: the main show's journal is a new one; starting over from line 1")
        watcher.wait_line(r"follow: in step at line 1\b")
        add_score(desk, osc, 3, 50)  # the fresh show goes on
        watcher.wait_line(r"follow: in step at line 2\b")
        assert state_of(report) == main_state(show, journal)
        assert state_of(report)[1] == [0, 0, 50]
    finally:
        desk.close()


def test_a_follower_away_while_the_main_show_started_a_new_journal_starts_over_from_line_1(tmp_path, procs):
    show, journal, report = make_show(tmp_path), tmp_path / "day.jsonl", tmp_path / "follower.json"
    args = (str(show), "--headless", "--osc-port", "0", "--web-port", "0", "--journal", str(journal))
    main = Proc(*args)
    procs.append(main)
    osc_at = main.wait_line(r"osc: listening on ([\d.]+):(\d+)")
    port = int(main.wait_line(r"web: listening on ([\d.]+):(\d+)")[2])
    watcher = follower(port, report)
    procs.append(watcher)
    desk = Desk()
    try:
        watcher.wait_line(r"follow: in step at line 1\b")
        for team in (1, 2, 3):
            add_score(desk, (osc_at[1], int(osc_at[2])), team, 10)
        watcher.wait_line(r"follow: in step at line 4\b")

        main.proc.send_signal(signal.SIGKILL)
        main.proc.wait(WAIT_S)
        watcher.wait_line(r"follow: lost the show")
        main = Proc(*args[:-4], "--web-port", str(port), "--journal", str(journal), "--fresh")  # another journal
        procs.append(main)
        osc_at = main.wait_line(r"osc: listening on ([\d.]+):(\d+)")
        watcher.wait_line(r"follow: connected, from line 5\b")  # the lines it had: this journal has 1
        watcher.wait_line(r"follow: the main show's journal is a new one; starting over from line 1")
        watcher.wait_line(r"follow: in step at line 1\b")
        add_score(desk, (osc_at[1], int(osc_at[2])), 2, 7)
        watcher.wait_line(r"follow: in step at line 2\b")
        assert state_of(report) == main_state(show, journal)
        assert state_of(report)[1] == [0, 7, 0]
    finally:
        desk.close()
