"""A QBX/1 buzzer box emulated on a pseudo-terminal (spec/serial.md, "Box emulator").

    python -m quizshow.tools.fakebox [--id box1] [--inputs 4] [--link /tmp/quizshow-box-box1] [--script FILE]

Prints the link to use as `port:` in the show file, then reads commands from the keyboard (or the
script): `press 2`, `press 1 +0.0003` (300 µs after the previous press, sent in the same write),
`release 2`, `unplug`, `replug`, `garbage 200`, `wait 0.5`, `quit`. For rehearsals without hardware,
demos, and the project's own tests (which use the FakeBox class directly).
"""

from __future__ import annotations

import argparse
import os
import random
import select
import sys
import threading
import time
import tty
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from quizshow.core.clock import SYSTEM, Clock
from quizshow.inputs.qbx import T_WRAP


class FakeBox:
    """A box on a pty. The host opens `link`; the box answers WHO/PING/LAMP and sends presses. Its crystal is
    `clock`'s monotonic seconds (times `rate`), which also pace its status lines."""

    def __init__(self, box_id: str = "box1", inputs: int = 4, link: Path | None = None, fw: str = "fake-1",
                 t0_us: int = 0, status_s: float = 0.25, hello_on_open: bool = True, rate: float = 1.0, *,
                 clock: Clock) -> None:
        self.id, self.inputs, self.fw = box_id, inputs, fw
        self.clock = clock
        self.link = Path(link or f"/tmp/quizshow-box-{box_id}")
        self.status_s = status_s
        self.rate = rate  # the box's clock runs this much faster than real time (a crystal's drift)
        self.hello_on_open = hello_on_open
        self.lamps: dict[int, str] = {}
        self.received: list[str] = []
        self.silent = False  # stop sending status lines (a hung box)
        self._t0 = self.clock.monotonic()
        self._t0_us = t0_us
        self._seq = random.randrange(1 << 16)
        self._last_t_us: int | None = None
        self._lock = threading.Lock()
        self._master: int | None = None
        self._slave: int | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # --- the box's clock and lines ---------------------------------------------------------------------

    def t_us(self) -> int:
        return (self._t0_us + int((self.clock.monotonic() - self._t0) * 1e6 * self.rate)) % T_WRAP

    def _write(self, text: str) -> None:
        with self._lock:
            if self._master is None:
                return
            try:
                os.write(self._master, text.encode("ascii"))
            except (BlockingIOError, OSError):
                pass  # nobody reading: a real box's bytes would be lost too

    def press(self, number: int, after_s: float | None = None) -> int:
        """Press an input now, or `after_s` after the previous press (box time). Returns its t_us."""
        return self.presses([(number, after_s)])[0]

    def presses(self, items: list[tuple[int, float | None]], release: bool = False,
                start_us: int | None = None) -> list[int]:
        """Several presses written in one write (they arrive in one read). `start_us`: the first press's
        box time, given instead of read from the clock (a test of the wrap needs no sleep)."""
        lines: list[str] = []
        stamps: list[int] = []
        if start_us is not None:
            self._last_t_us = None
        for number, after_s in items:
            if start_us is not None and not stamps:
                t_us = start_us % T_WRAP
            elif after_s is not None and self._last_t_us is not None:
                t_us = (self._last_t_us + round(after_s * 1e6)) % T_WRAP
            else:
                t_us = self.t_us()
            self._last_t_us = t_us
            self._seq = (self._seq + 1) % (1 << 16)
            lines.append(f"{self._seq} {'R' if release else 'P'} {number} {t_us}\n")
            stamps.append(t_us)
        self._write("".join(lines))
        return stamps

    def garbage(self, count: int, timeout_s: float = 20.0) -> int:
        """`count` random bytes pushed through as fast as the reader takes them (then a line end, so the
        next real line starts clean). Returns how many were written."""
        data = os.urandom(count) + b"\n"
        written, deadline = 0, self.clock.monotonic() + timeout_s
        while written < len(data) and self.clock.monotonic() < deadline:
            with self._lock:
                if self._master is None:
                    break
                try:
                    written += os.write(self._master, data[written:written + 4096])
                    continue
                except BlockingIOError:
                    pass
                except OSError:
                    break
            time.sleep(0.001)  # the pty is full: let the reader catch up
        return written

    def raw(self, text: str) -> None:
        """Any text as the box would send it (tests: a repeated seq, an unknown line)."""
        self._write(text)

    # --- the cable --------------------------------------------------------------------------------------

    def start(self) -> FakeBox:
        self._plug()
        self._thread = threading.Thread(target=self._serve, name=f"fakebox-{self.id}", daemon=True)
        self._thread.start()
        return self

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no newline translation: a plain byte pipe like a USB serial port
        os.set_blocking(master, False)
        with self._lock:
            self._master, self._slave = master, slave
        tmp = self.link.with_name(self.link.name + ".new")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(os.ttyname(slave))
        tmp.replace(self.link)  # atomically: the link never points nowhere while plugged
        if self.hello_on_open:
            self._write(self._hello())

    def unplug(self) -> None:
        """The cable is pulled: the terminal and the link vanish."""
        with self._lock:
            master, slave, self._master, self._slave = self._master, self._slave, None, None
        self.link.unlink(missing_ok=True)
        for fd in (master, slave):
            if fd is not None:
                os.close(fd)

    def replug(self) -> None:
        self.unplug()
        self._plug()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        self.unplug()

    def _hello(self) -> str:
        return f"HELLO QBX/1 id={self.id} inputs={self.inputs} fw={self.fw}\n"

    def _serve(self) -> None:
        """Answer commands; a status line every `status_s`."""
        pending = b""
        next_status = 0.0
        while not self._stop.is_set():
            master = self._master
            if master is None:
                time.sleep(0.02)
                continue
            try:
                ready, _, _ = select.select([master], [], [], 0.02)
                data = os.read(master, 4096) if ready else b""
            except (OSError, ValueError):
                data = b""
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                self._command(line.decode("ascii", errors="replace").strip())
            if self.clock.monotonic() >= next_status and not self.silent:
                self._write("S armed=1 down=0\n")  # the emulator's inputs are never held down
                next_status = self.clock.monotonic() + self.status_s

    def _command(self, line: str) -> None:
        if not line:
            return
        self.received.append(line)
        words = line.split()
        if words == ["WHO"]:
            self._write(self._hello())
        elif words == ["PING"]:
            self._write(f"PONG {self.t_us()}\n")
        elif words[0] == "LAMP" and len(words) == 3 and words[1].isdigit() and words[2] in ("ON", "OFF", "BLINK"):
            self.lamps[int(words[1])] = words[2]
            self._write(f"OK {line}\n")
        elif words == ["LAMPS", "OFF"]:
            self.lamps = {n: "OFF" for n in range(1, self.inputs + 1)}
            self._write("OK LAMPS\n")
        elif words[0] == "BEEP":
            self._write("OK BEEP\n")
        else:
            self._write(f"ERR {words[0]} unknown\n")


def run_script(box: FakeBox, lines: Iterable[str], out: TextIO = sys.stdout, batch_presses: bool = True) -> None:
    """Run commands. In a script a press followed by `press N +S` lines goes out in one write (they
    arrive in one read); typed at the keyboard (`batch_presses=False`) each press goes out at once."""
    batch: list[tuple[int, float | None]] = []
    for raw in lines:
        words = raw.split("#", 1)[0].split()
        if words and words[0] == "press" and len(words) >= 2:
            after = float(words[2]) if len(words) > 2 else None
            if after is None and batch:
                box.presses(batch)
                batch = []
            batch.append((int(words[1]), after))
            if not batch_presses:
                box.presses(batch)
                batch = []
            continue
        if batch:
            box.presses(batch)
            batch = []
        if not words:
            continue
        cmd = words[0]
        if cmd == "release" and len(words) == 2:
            box.presses([(int(words[1]), None)], release=True)
        elif cmd == "unplug":
            box.unplug()
        elif cmd == "replug":
            box.replug()
        elif cmd == "garbage":
            box.garbage(int(words[1]) if len(words) > 1 else 100)
        elif cmd == "wait":
            time.sleep(float(words[1]))
        elif cmd == "quit":
            break
        else:
            print(f"? {raw.strip()} (press N [+S] | release N | unplug | replug | garbage N | wait S | quit)",
                  file=out, flush=True)
    if batch:
        box.presses(batch)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m quizshow.tools.fakebox", description=__doc__.splitlines()[0])
    parser.add_argument("--id", default="box1")
    parser.add_argument("--inputs", type=int, default=4)
    parser.add_argument("--link", type=Path, default=None)
    parser.add_argument("--script", type=Path, default=None, help="commands to run, then keep the box up")
    args = parser.parse_args(argv)
    box = FakeBox(args.id, args.inputs, args.link, clock=SYSTEM).start()
    print(f"fakebox {args.id}: port {box.link}", flush=True)
    try:
        if args.script:
            run_script(box, args.script.read_text(encoding="utf-8").splitlines())
        run_script(box, iter(sys.stdin.readline, ""), batch_presses=False)  # as typed, no read-ahead
    except KeyboardInterrupt:
        pass
    finally:
        box.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
