"""The cost of a still picture: CPU of a running show, both windows open, at rest and with a clock running.

    python bench/idle.py              # under Xvfb if it is installed (DISPLAY :97), else SDL's dummy driver
    python bench/idle.py --seconds 20

Starts `main.py` as its own process with the projector and the console windows, drives it over OSC
(127.0.0.1 only) into each situation, lets it settle, and reads the process's CPU time from /proc over
the measuring window. Targets (issue 14): at rest ≤ 10 % of one core, a running clock ≤ 25 %. Prints a
table; asserts nothing. The machine is shared: the load average is printed with the results.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_x() -> tuple[subprocess.Popen | None, dict[str, str]]:
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    if shutil.which("Xvfb") is None:
        env["SDL_VIDEODRIVER"] = "dummy"
        return None, env
    display = ":97"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "3200x1200x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    env["DISPLAY"] = display
    env.pop("SDL_VIDEODRIVER", None)
    return xvfb, env


def measure(show: str, steps: list[tuple[str, list]], seconds: float, env: dict[str, str]) -> list[tuple[str, float]]:
    from pythonosc.udp_client import SimpleUDPClient

    port = free_port()
    journal = Path(tempfile.mkdtemp()) / "idle.jsonl"
    proc = subprocess.Popen([sys.executable, "main.py", show, "--fresh", "--journal", str(journal), "--osc-port",
                             str(port), "--size", "1920x1080", "--log-level", "warning"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    client = SimpleUDPClient("127.0.0.1", port)
    rows = []
    try:
        time.sleep(4.0)  # start-up: fonts, the first frames
        for name, messages in steps:
            for address, *args in messages:
                client.send_message(address, args)
                time.sleep(0.7)  # past Next's guard
            time.sleep(3.0)  # transitions and count-ups settle
            before, started = cpu_seconds(proc.pid), time.monotonic()
            time.sleep(seconds)
            used = cpu_seconds(proc.pid) - before
            rows.append((name, 100 * used / (time.monotonic() - started)))
    finally:
        proc.terminate()
        proc.wait(10)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    xvfb, env = start_x()
    try:
        where = f"Xvfb {env['DISPLAY']}" if xvfb else "SDL dummy driver (no Xvfb)"
        print(f"quizshow idle cost, both windows, {where}, {args.seconds:.0f} s a row, "
              f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores\n")
        rows = measure("shows/svoyak.yaml", [("svoyak title card, at rest", []),
                                             ("svoyak board, at rest", [("/quiz/go",), ("/quiz/go",)])],
                       args.seconds, env)
        rows += measure("shows/brainring.yaml", [
            ("brainring before the question, at rest", [("/quiz/go",)]),
            ("brainring clock running (60 s)", [("/quiz/announce",), ("/quiz/timer/start",)])], args.seconds, env)
        print(f"  {'situation':44} {'CPU % of a core':>16} {'target':>8}")
        for name, percent in rows:
            target = 25 if "running" in name else 10
            print(f"  {name:44} {percent:16.1f} {'≤ ' + str(target):>8}")
        print(f"\nload average after: {os.getloadavg()[0]:.2f}")
    finally:
        if xvfb is not None:
            xvfb.terminate()


if __name__ == "__main__":
    main()
