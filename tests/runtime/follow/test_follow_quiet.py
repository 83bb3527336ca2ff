"""A follower screen keeps the terminal clean (issue 35, item 9): it plays no sound, so no audio device is opened
and libasound's «ALSA lib …» lines never reach the crew's terminal. A real follower process (main.py --follow,
with a window on SDL's dummy video driver and the audio driver left to SDL) against a show on 127.0.0.1."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

PASSCODE = "тихо-35"


def test_a_follower_prints_its_own_lines_and_no_alsa_noise(tmp_path):
    show = tmp_path / "quiet.yaml"
    show.write_text(f'''title: "Тихий экран"
format: svoyak
pack: "{ROOT / 'packs' / 'svoyak-demo.yaml'}"
teams: [{{name: "Анна"}}, {{name: "Борис"}}]
devices:
  web: {{listen: "127.0.0.1:8080", follow_passcode: "{PASSCODE}"}}
''', encoding="utf-8")
    problems = Problems()
    config = load_show(show, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False, web=True,
                  web_port=0)
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}  # as on the crew's laptop
    env.update(SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    follower = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--follow",
                                 f"http://127.0.0.1:{app.web.address[1]}", "--passcode", PASSCODE],
                                stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    lines: queue.Queue[str] = queue.Queue()
    assert follower.stderr is not None
    threading.Thread(target=lambda: [lines.put(line) for line in follower.stderr], daemon=True).start()
    said: list[str] = []
    try:
        deadline = time.monotonic() + 60  # a ceiling against a hang, not a timing claim
        while not any("follow: in step at line" in line for line in said) and time.monotonic() < deadline:
            try:
                said.append(lines.get(timeout=0.2))
            except queue.Empty:
                assert follower.poll() is None, said
        assert any("follow: in step at line" in line for line in said), said
    finally:
        follower.terminate()
        follower.wait(10)
        app.close()
    while not lines.empty():
        said.append(lines.get())
    assert not [line for line in said if "ALSA" in line], said
