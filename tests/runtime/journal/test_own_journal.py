"""A journal that belongs to another show: one line that names the show it belongs to and the exact
command that runs this show with a journal of its own; that command then runs the show."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

from quizshow.resources import copy_demo
from quizshow.runtime.journal.other_show import program, with_journal

ROOT = Path(__file__).resolve().parents[3]


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "XDG_DATA_HOME": str(tmp_path / "share")}


def _until_live(tmp_path: Path, *args: str) -> tuple[int, str]:
    """Run the show; once it listens, SIGTERM; its exit code and its stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "quizshow", *args], stderr=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, text=True, cwd=tmp_path, env=_env(tmp_path))
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if line.startswith("osc: listening"):
            proc.send_signal(signal.SIGTERM)
            break
    rest = proc.communicate(timeout=60)[1]
    return proc.returncode, "".join(seen) + (rest or "")


def test_another_shows_journal_names_its_show_and_the_command_that_runs_this_one(tmp_path):
    copy_demo(tmp_path / "club")
    shows = tmp_path / "club" / "shows"
    taken = tmp_path / "final.journal.jsonl"
    flags = ["--headless", "--osc-port", "0", "--web-port", "0"]
    code, err = _until_live(tmp_path, str(shows / "brainring.yaml"), "--journal", str(taken), *flags)
    assert code == 0, err
    code, err = _until_live(tmp_path, str(shows / "duel.yaml"), *flags, "--journal", str(taken))
    assert code == 1, err
    line = next(line for line in err.splitlines() if line.startswith("journal: "))
    assert f"belongs to another show ({(shows / 'brainring.yaml').resolve()})" in line, err
    assert "Traceback" not in err
    command = shlex.split(line.split("to run this show with a journal of its own: ", 1)[1])
    assert command[:3] == ["python", "-m", "quizshow"]  # how this test started it
    assert command[3:4] == [str(shows / "duel.yaml")] and command[-2] == "--journal"
    assert Path(command[-1]) != taken
    code, err = _until_live(tmp_path, *command[3:])  # the command as told runs the show
    assert code == 0, err
    assert Path(command[-1]).is_file()


def test_the_command_keeps_every_other_flag_and_drops_fresh():
    assert with_journal(["s.yaml", "--journal", "a", "--fresh", "--headless", "--journal=b"], Path("c")) == \
        ["s.yaml", "--headless", "--journal", "c"]
    assert program("main.py") == "python main.py"
    assert program("/usr/local/bin/quizshow") == "quizshow"
    assert program("/x/quizshow/__main__.py") == "python -m quizshow"
