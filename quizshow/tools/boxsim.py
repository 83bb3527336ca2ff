"""The QBX/1 firmware (firmware/qbx-avr) in a simulated ATmega328P: build it, run it on a pseudo-terminal or
through a script of timed presses, read back what it sent and which pins it drove.

    python -m quizshow.tools.boxsim [--link /tmp/quizshow-box-box1] [--build DIR] [--eeprom FILE]

Prints the link to use as `port:` in the show file, then takes the simulator's script commands from the
keyboard (`press 2`, `+300 press 1` for 300 µs later, `release 2`, `bounce 3 10 2000`, `hold`, `flush`) and
prints the lamps as they change. The same .elf that is flashed runs inside: a rehearsal with the real
firmware and no hardware. Needs Debian's gcc-avr, avr-libc, simavr and libsimavr-dev. The project's
firmware tests and bench/box_order.py use the classes here.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from quizshow.inputs import qbx

FIRMWARE_DIR = Path(__file__).resolve().parents[2] / "firmware" / "qbx-avr"
SIMAVR_HEADER = Path("/usr/include/simavr/sim_avr.h")


class Unavailable(Exception):
    """The simulator cannot be built here; the message says what is missing."""


@dataclass(frozen=True)
class Build:
    elf: Path  # what runs in the simulator, and what the .hex is made from
    hex: Path  # what is flashed
    harness: Path  # the simulator (sim/qbxsim.c)


def missing() -> str | None:
    """What this machine lacks to build and simulate the firmware, in words; None if nothing."""
    tools = [tool for tool in ("make", "avr-gcc", "avr-objcopy", "cc") if shutil.which(tool) is None]
    if tools:
        return f"not installed: {', '.join(tools)} (Debian: gcc-avr avr-libc binutils-avr build-essential)"
    if not SIMAVR_HEADER.exists():
        return f"no {SIMAVR_HEADER} (Debian: simavr libsimavr-dev)"
    return None


def build(into: Path, defines: tuple[str, ...] = ()) -> Build:
    """`make -C firmware/qbx-avr all sim` into the folder `into`; `defines` (`QUEUE_LEN=4`) make a test
    variant of the firmware."""
    reason = missing()
    if reason is not None:
        raise Unavailable(reason)
    into.mkdir(parents=True, exist_ok=True)
    extra = " ".join(f"-D{define}" for define in defines)
    command = ["make", "-s", "-C", str(FIRMWARE_DIR), f"BUILD={into}", f"EXTRA_CFLAGS={extra}", "all", "sim"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the firmware did not build:\n{done.stdout}{done.stderr}")
    return Build(into / "qbx.elf", into / "qbx.hex", into / "qbxsim")


@dataclass(frozen=True)
class Sent:
    """A line the box sent, and the simulated time (µs) its line end left the chip's UART."""

    us: int
    text: str

    @property
    def message(self) -> qbx.Message | None:
        return qbx.parse(self.text)


@dataclass(frozen=True)
class PinChange:
    us: int
    pin: str  # L1..L8, BEEP, LED
    level: int


@dataclass
class Trace:
    """What the simulator printed: the box's lines, its output pins, the script's steps as they took effect."""

    sent: list[Sent] = field(default_factory=list)
    pins: list[PinChange] = field(default_factory=list)
    steps: list[Sent] = field(default_factory=list)  # `EV`: each script command, when it took effect
    marks: dict[str, int] = field(default_factory=dict)
    ready: bool = False
    end_us: int | None = None

    def feed(self, line: str) -> None:
        kind, _, rest = line.rstrip("\n").partition(" ")
        if kind == "READY":
            self.ready = True
            return
        us_text, _, text = rest.partition(" ")
        if not us_text.isdigit():
            return
        us = int(us_text)
        if kind == "RX":
            self.sent.append(Sent(us, text))
        elif kind == "PIN":
            pin, _, level = text.partition(" ")
            self.pins.append(PinChange(us, pin, int(level)))
        elif kind == "EV":
            self.steps.append(Sent(us, text))
        elif kind == "MARK":
            self.marks[text] = us
        elif kind == "END":
            self.end_us = us

    def messages(self) -> list[tuple[int, qbx.Message]]:
        return [(line.us, message) for line in self.sent if (message := line.message) is not None]

    def presses(self, released: bool = False) -> list[qbx.Press]:
        """The box's press lines (or its release lines) in the order sent."""
        return [m for _, m in self.messages() if isinstance(m, qbx.Press) and m.released == released]

    def level(self, pin: str, at_us: int) -> int:
        """The pin's level at a simulated time (0 before it was first driven)."""
        level = 0
        for change in self.pins:
            if change.us > at_us:
                break
            if change.pin == pin:
                level = change.level
        return level

    def changes(self, pin: str, after_us: int = 0, before_us: int | None = None) -> list[PinChange]:
        return [c for c in self.pins if c.pin == pin and c.us >= after_us and (before_us is None or c.us < before_us)]


def run(firmware: Build, script: str, folder: Path, eeprom: Path | None = None, timeout_s: float = 120.0) -> Trace:
    """The chip runs a script as fast as it can (no link): what it sent and did. End the script with `end`
    (or it runs until `timeout_s` of real time)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "script.txt"
    path.write_text(script, encoding="utf-8")
    command = [str(firmware.harness), str(firmware.elf), "--script", str(path), "--trace"]
    if eeprom is not None:
        command += ["--eeprom", str(eeprom)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the simulator failed: {done.stderr}")
    trace = Trace()
    for line in done.stdout.splitlines():
        trace.feed(line)
    return trace


class SimBox:
    """The simulated box on a pseudo-terminal behind `link`, as a host opens a real one. Script commands go
    in through `do` and take effect at once (or at the times they name); `trace` fills as the chip runs.
    `realtime`: simulated time keeps pace with the wall clock, as a host with its own clock needs."""

    def __init__(self, firmware: Build, link: Path, realtime: bool = True, eeprom: Path | None = None) -> None:
        self.link = link
        self.trace = Trace()
        self._changed = threading.Condition()
        command = [str(firmware.harness), str(firmware.elf), "--pty", str(link), "--script", "-", "--trace"]
        if realtime:
            command.append("--realtime")
        if eeprom is not None:
            command += ["--eeprom", str(eeprom)]
        self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._reader = threading.Thread(target=self._read, name="boxsim-out", daemon=True)
        self._reader.start()
        if not self.wait(lambda trace: trace.ready, 10.0):
            self.stop()
            raise RuntimeError("the simulated box did not start")

    def _read(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        for line in stdout:
            with self._changed:
                self.trace.feed(line)
                self._changed.notify_all()
        with self._changed:
            if self.trace.end_us is None:
                self.trace.end_us = -1  # gone without its END line
            self._changed.notify_all()

    def do(self, *commands: str) -> None:
        """Script lines, written together (`press 2`, `+300 press 1`: 300 µs apart exactly)."""
        stdin = self._process.stdin
        assert stdin is not None
        stdin.write("".join(command + "\n" for command in commands))
        stdin.flush()

    def wait(self, condition: Callable[[Trace], bool], timeout_s: float = 5.0) -> bool:
        """Until `condition(trace)` holds (True), or the time is up, or the simulator has ended (False)."""
        with self._changed:
            self._changed.wait_for(lambda: condition(self.trace) or self.trace.end_us is not None, timeout_s)
            return condition(self.trace)

    def stop(self) -> None:
        """Ends the simulation (its EEPROM saved, the link removed)."""
        if self._process.poll() is None:
            try:
                self.do("end")
                self._process.wait(5)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self._process.terminate()
                self._process.wait(5)
        self._reader.join(5)
        for pipe in (self._process.stdin, self._process.stdout):
            if pipe is not None:
                pipe.close()


def _show_lamps(box: SimBox, out: IO[str], stop: threading.Event) -> None:
    shown = 0

    def more(trace: Trace) -> bool:
        return len(trace.pins) > shown

    while True:
        done = stop.is_set()  # once more after the stop: what changed last is printed too
        box.wait(more, 0.1 if done else 0.5)
        for change in box.trace.pins[shown:]:
            print(f"{change.pin} {'on' if change.level else 'off'}", file=out, flush=True)
        shown = len(box.trace.pins)
        if done:
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m quizshow.tools.boxsim",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--link", type=Path, default=Path("/tmp/quizshow-box-box1"))
    parser.add_argument("--build", type=Path, default=FIRMWARE_DIR / "build")
    parser.add_argument("--eeprom", type=Path, default=None, help="the chip's EEPROM (its id), kept between runs")
    args = parser.parse_args(argv)
    try:
        firmware = build(args.build)
    except Unavailable as why:
        print(f"boxsim: {why}", file=sys.stderr)
        return 1
    box = SimBox(firmware, args.link, eeprom=args.eeprom)
    print(f"boxsim: port {args.link} (the QBX/1 firmware in a simulated ATmega328P)", flush=True)
    stop = threading.Event()
    lamps = threading.Thread(target=_show_lamps, args=(box, sys.stdout, stop), daemon=True)
    lamps.start()
    try:
        for line in iter(sys.stdin.readline, ""):
            if line.strip() in ("quit", "end"):
                break
            box.do(line.strip())
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        lamps.join(2)
        box.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
