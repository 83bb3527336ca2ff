"""A whole show listening for OSC on 127.0.0.1 (a port the kernel picks), and liblo's `oscsend` and
`oscdump` (Debian's liblo-tools) as the crew runs them."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.event_file import load_any
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.osc_desk import Desk

TEAMS = {
    "svoyak": ['{name: "Анна"}', '{name: "Борис"}', '{name: "Вера"}'],
    "brainring": ['{name: "Анна", players: ["А1", "А2", "А3", "А4", "А5"], captain: "А1"}',
                  '{name: "Борис", players: ["Б1", "Б2", "Б3", "Б4", "Б5"], captain: "Б1"}'],
    "duel": ['{name: "Альфа", players: ["А1", "А2", "А3", "А4"], captain: "А4"}',
             '{name: "Бета", players: ["Б1", "Б2", "Б3", "Б4"], captain: "Б4"}'],
    "written": ['{name: "Совы"}', '{name: "Кактус"}', '{name: "Ежи"}'],
}
TOURNAMENT = ROOT / "shows" / "tournament-004.yaml"

def show_file(folder: Path, fmt: str, osc: str = "", listen: str = "127.0.0.1:7400") -> Path:
    """A show of `fmt` (a tournament day: seed 004) whose `devices.osc` is `listen` plus the lines `osc`."""
    path = folder / f"{fmt}.yaml"
    if fmt == "tournament":
        text = TOURNAMENT.read_text(encoding="utf-8").replace("../packs/", f"{ROOT / 'packs'}/")
        assert 'listen: "127.0.0.1:7400"\n' in text
        path.write_text(text.replace('listen: "127.0.0.1:7400"\n', f'listen: "{listen}"\n{osc}'), encoding="utf-8")
        return path
    teams = "".join(f"  - {team}\n" for team in TEAMS[fmt])
    path.write_text(f'''title: "OSC"
format: {fmt}
pack: "{ROOT / "packs" / f"{fmt}-demo.yaml"}"
teams:
{teams}devices:
  osc:
    listen: "{listen}"
{osc}''', encoding="utf-8")
    return path


class Shows:
    """make_show(fmt, osc="", port=0): a live show of that format listening on 127.0.0.1; stop(show) ends one
    before the test does (a restart); the rest end with the test."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.running: list[ShowApp] = []
        self.made = 0

    def __call__(self, fmt: str = "svoyak", osc: str = "", port: int = 0) -> ShowApp:
        problems = Problems()
        path = show_file(self.folder, fmt, osc)
        config = load_any(path, problems) if fmt == "tournament" else load_show(path, problems)
        assert config is not None and not problems.errors, [str(p) for p in problems.items]
        self.made += 1
        app = ShowApp(config, journal_path=self.folder / f"{fmt}-{self.made}.jsonl", fresh=True, sound=False,
                      devices=False, osc=True, osc_port=port, seed=4)
        app.go_live()  # as the window loop does: OSC inputs are applied as they arrive
        assert app.osc is not None
        self.running.append(app)
        return app

    def stop(self, app: ShowApp) -> None:
        self.running.remove(app)
        app.running = False
        app.close()


MakeShow = Shows


@pytest.fixture
def make_show(tmp_path: Path) -> Iterator[Shows]:
    shows = Shows(tmp_path)
    yield shows
    for app in list(shows.running):
        shows.stop(app)


def liblo(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.skip(f"liblo's {tool} is not installed (Debian, Ubuntu: apt install liblo-tools)")
    return found


def oscsend(*argv: str) -> None:
    """One run of liblo's oscsend (a new socket on a random port each time), as a crew's script does it."""
    done = subprocess.run([liblo("oscsend"), *argv], capture_output=True, text=True, timeout=10)
    assert done.returncode == 0, f"oscsend {' '.join(argv)}: {done.stdout}{done.stderr}"


def handled(app: ShowApp) -> None:
    """Everything sent to the show before now was handled: a ping from another socket is served after what
    was queued before it, and its pong comes back once it was."""
    desk = Desk()
    try:
        assert app.osc is not None
        mark = time.monotonic_ns() % 1_000_000
        desk.send(app.osc.address, "/quiz/ping", mark)
        desk.wait_for("/quiz/out/pong", where=lambda args: args == (mark,))
    finally:
        desk.close()


def until(condition: Callable[[], object], what: str, seconds: float = 5.0) -> None:
    """Wait for something the show does in its own threads (bounded)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"no {what} within {seconds:g} s"
        time.sleep(0.005)
