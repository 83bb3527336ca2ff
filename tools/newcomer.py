#!/usr/bin/env python3
"""A newcomer's first hour, run by a script (issue 27): is the show ready for a fresh venue laptop?

    python tools/newcomer.py [--keep] [--python PYTHON]

In a temporary folder, with nothing from this machine's own environment:
1. a clean copy of the sources (what `git clone` gives: the committed files);
2. the README's commands, their install parts, in a fresh venv: `pip install -r requirements.txt`, a short
   headless run of `python main.py` (the demo show), `pip install -r requirements-dev.txt`, `ruff check .`
   (the tests themselves are CI's: not run here);
3. `pip install .` into another fresh venv, then from another folder: `quizshow --list`, and for every
   bundled show by name `quizshow --check NAME` and a short headless run (`quizshow NAME --headless`):
   it must print `osc: listening on HOST:PORT`, answer `/quiz/ping` and `/quiz/state`, take a `/quiz/go`,
   and end with exit code 0 on SIGTERM.
A table of every step follows; exit 1 if any failed. Standard library only (any Python 3.11+). Not part of
the test command: it installs packages and takes minutes (docs/install.md has its last output).
"""

from __future__ import annotations

import argparse
import os
import queue
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_TIMEOUT_S = 90.0  # a show's start, headless, on a slow laptop
LISTENING = re.compile(r"osc: listening on ([\d.]+):(\d+)")


@dataclass
class Step:
    name: str
    ok: bool
    seconds: float
    note: str = ""


class Report:
    def __init__(self) -> None:
        self.steps: list[Step] = []

    def add(self, name: str, ok: bool, started: float, note: str = "") -> bool:
        step = Step(name, ok, time.monotonic() - started, note)
        self.steps.append(step)
        print(f"{'ok  ' if ok else 'FAIL'} {name} ({step.seconds:.1f} s){': ' + note if note else ''}", flush=True)
        return ok

    def table(self) -> str:
        width = max(len(s.name) for s in self.steps)
        lines = [f"| {'step':<{width}} | result | seconds | note |", f"|{'-' * (width + 2)}|--------|---------|------|"]
        lines += [f"| {s.name:<{width}} | {'ok' if s.ok else 'FAIL':<6} | {s.seconds:7.1f} | {s.note} |"
                  for s in self.steps]
        failed = sum(not s.ok for s in self.steps)
        lines.append(f"{len(self.steps)} steps: {len(self.steps) - failed} ok, {failed} failed")
        return "\n".join(lines)


def run(report: Report, name: str, command: list[str], cwd: Path, env: dict[str, str], timeout: float = 1800.0,
        expect: str | None = None) -> str | None:
    """One command; its output on failure (the last lines). Returns stdout when it succeeded."""
    started = time.monotonic()
    try:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as why:
        report.add(name, False, started, str(why))
        return None
    ok = done.returncode == 0 and (expect is None or expect in done.stdout)
    tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
    report.add(name, ok, started, "" if ok else f"exit {done.returncode}: " + " / ".join(tail))
    return done.stdout if ok else None


def osc(address: str, *ints: int) -> bytes:
    """A plain OSC message with `i` arguments (no python-osc here: the script needs nothing installed)."""
    def padded(text: bytes) -> bytes:
        return text + b"\0" * (4 - len(text) % 4)
    return padded(address.encode()) + padded(b"," + b"i" * len(ints)) + b"".join(struct.pack(">i", i) for i in ints)


def short_run(report: Report, name: str, command: list[str], cwd: Path, env: dict[str, str]) -> bool:
    """A show started headless: it prints its OSC port, answers a ping and a state query, takes a go,
    and ends cleanly (exit 0) on SIGTERM."""
    started = time.monotonic()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    lines: queue.Queue[str] = queue.Queue()
    seen: list[str] = []
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr or ()], daemon=True).start()
    note = ""
    ok = False
    try:
        port = None
        deadline = time.monotonic() + RUN_TIMEOUT_S
        while port is None and time.monotonic() < deadline and proc.poll() is None:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.append(line.rstrip())
            if found := LISTENING.search(line):
                port = ("127.0.0.1", int(found[2]))
        if port is None:
            note = f"no 'osc: listening' line (exit {proc.poll()}): " + " / ".join(seen[-3:])
        else:
            got = ask(port)
            missing = [a for a in ("/quiz/out/pong", "/quiz/out/state/phase", "/quiz/reply") if a not in got]
            while not lines.empty():
                seen.append(lines.get().rstrip())
            note = f"no {', '.join(missing)} from the show; got {sorted(got)[:6]}; log: " + " / ".join(seen[-4:]) \
                if missing else ""
            ok = not missing
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM if hasattr(signal, "SIGTERM") else signal.SIGINT)
        try:
            code = proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = proc.wait()
        if ok and code != 0:
            ok, note = False, f"exit {code} on SIGTERM"
    return report.add(name, ok, started, note)


def ask(to: tuple[str, int]) -> set[str]:
    """Ping, query the state, reply-all and one go; the addresses that came back. As a desk does, the
    ping and the query are sent again every 2 s while unanswered: a show still busy starting may drop a
    datagram that waited (429, docs/osc.md «Fair service under a flood»)."""
    got: set[str] = set()
    wanted = {"/quiz/out/pong", "/quiz/out/state/phase", "/quiz/reply"}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as desk:
        desk.bind(("127.0.0.1", 0))
        desk.settimeout(0.5)
        for message in (osc("/quiz/reply/all", 1), osc("/quiz/ping", 27), osc("/quiz/state"), osc("/quiz/go")):
            desk.sendto(message, to)
        deadline = time.monotonic() + 10.0
        again = time.monotonic() + 2.0
        while time.monotonic() < deadline and not wanted <= got:
            if time.monotonic() > again:
                again = time.monotonic() + 2.0
                for message in (osc("/quiz/ping", 27), osc("/quiz/state")):
                    desk.sendto(message, to)
            try:
                data, _ = desk.recvfrom(65536)
            except TimeoutError:
                continue
            got.add(data.split(b"\0", 1)[0].decode("utf-8", "replace"))
    return got


def clean_copy(target: Path) -> str:
    """The committed sources, as a clone has them (no venvs, builds or journals of this checkout)."""
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "HEAD"], capture_output=True,
                                 check=True).stdout
        target.mkdir(parents=True)
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
        return "git archive HEAD"
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(ROOT, target, symlinks=True, ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "*.egg-info", "__pycache__", "*.jsonl", ".mypy_cache", ".ruff_cache"))
        return "a copy of the folder"


def venv(python: str, where: Path, report: Report, env: dict[str, str]) -> tuple[Path, Path] | None:
    started = time.monotonic()
    done = subprocess.run([python, "-m", "venv", str(where)], capture_output=True, text=True)
    if not report.add(f"venv {where.name}", done.returncode == 0, started, done.stderr.strip()[-200:]):
        return None
    scripts = where / ("Scripts" if os.name == "nt" else "bin")
    return scripts / ("python.exe" if os.name == "nt" else "python"), scripts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
    parser.add_argument("--python", default=sys.executable, help="the Python that makes the venvs")
    args = parser.parse_args(argv)
    report = Report()
    temp = Path(tempfile.mkdtemp(prefix="quizshow-newcomer-"))
    # Nothing of this machine's own Python setup leaks in; pip's own settings (an index, a proxy) do.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "CONDA"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUTF8="1")
    print(f"newcomer: working in {temp}", flush=True)
    try:
        started = time.monotonic()
        src = temp / "quizshow"
        how = clean_copy(src)
        report.add("clean copy of the sources", (src / "README.md").exists(), started, how)
        journals = temp / "journals"
        journals.mkdir()
        # 2. The README's commands, in a fresh venv inside the copy (as the README's own venv line).
        made = venv(args.python, temp / "readme-venv", report, env)
        if made:
            python, scripts = made
            if run(report, "readme: pip install -r requirements.txt", [str(python), "-m", "pip", "install", "-q",
                                                                       "-r", "requirements.txt"], src, env) is not None:
                short_run(report, "readme: python main.py (demo, headless)",
                          [str(python), "main.py", "--headless", "--osc-port", "0", "--web-port", "0", "--journal",
                           str(journals / "readme-demo.jsonl"), "--fresh"], src, env)
            if run(report, "readme: pip install -r requirements-dev.txt",
                   [str(python), "-m", "pip", "install", "-q", "-r", "requirements-dev.txt"], src, env) is not None:
                run(report, "readme: ruff check .", [str(scripts / "ruff"), "check", "."], src, env)
        # 3. The package in another venv, every bundled show by name from another folder.
        made = venv(args.python, temp / "package-venv", report, env)
        if made:
            python, scripts = made
            elsewhere = temp / "elsewhere"
            elsewhere.mkdir()
            quizshow = str(scripts / ("quizshow.exe" if os.name == "nt" else "quizshow"))
            if run(report, "package: pip install .", [str(python), "-m", "pip", "install", "-q", str(src)],
                   elsewhere, env) is not None:
                listed = run(report, "package: quizshow --list", [quizshow, "--list"], elsewhere, env,
                             expect="Run one with")
                names = [line.split()[0] for line in (listed or "").splitlines()
                         if line.strip() and not line.startswith("Run one")]
                for name in names:
                    run(report, f"show {name}: --check", [quizshow, "--check", name], elsewhere, env, timeout=300,
                        expect="0 error(s)")
                    short_run(report, f"show {name}: headless run",
                              [quizshow, name, "--headless", "--osc-port", "0", "--web-port", "0", "--journal",
                               str(journals / f"{name}.jsonl"), "--fresh"], elsewhere, env)
    finally:
        if args.keep:
            print(f"newcomer: kept {temp}")
        else:
            shutil.rmtree(temp, ignore_errors=True)
    print()
    print(report.table())
    return 0 if all(step.ok for step in report.steps) else 1


if __name__ == "__main__":
    sys.exit(main())
