"""The real show and the simulated box: `python main.py` (headless) runs a «Брейн-ринг» whose buzzers are two
inputs of the firmware running in simavr, on a pseudo-terminal, in real time. The show judges a false start,
lights and blinks the right lamps (the chip's own pins), orders two presses 300 µs apart by the box's clock,
and judges a press made before «Время!» whose line arrived after it a false start. The operator's side goes
through OSC; and F9 names the box's firmware, round trip and clock drift."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from quizshow.app import Action, ShowApp
from quizshow.config import load_show
from quizshow.tools import boxsim
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.console_kit import console_texts
from tests.osc_desk import Desk
from tests.serial_kit import wait_for

pytestmark = pytest.mark.slow


def show_file(tmp_path: Path, link: Path) -> Path:
    path = tmp_path / "show.yaml"
    path.write_text(f'''title: "Пульт"
format: brainring
pack: "{ROOT / "packs" / "brainring-demo.yaml"}"
teams:
  - {{name: "Альфа", players: ["А1", "А2", "А3", "А4", "А5"], captain: "А1", buzzer: "box1:1"}}
  - {{name: "Бета", players: ["Б1", "Б2", "Б3", "Б4", "Б5"], captain: "Б1", buzzer: "box1:2"}}
devices:
  serial:
    - {{id: box1, port: "{link}"}}
  osc:
    listen: "127.0.0.1:7400"
''', encoding="utf-8")
    return path


def box_found(trace: boxsim.Trace) -> bool:
    """The show has found the box: it restored the lamps (LAMPS OFF) and measured the clock (PONG)."""
    texts = [line.text for line in trace.sent]
    return "OK LAMPS OFF" in texts and any(text.startswith("PONG ") for text in texts)


@pytest.fixture
def box(firmware: boxsim.Build, tmp_path: Path) -> Iterator[boxsim.SimBox]:
    simulated = boxsim.SimBox(firmware, tmp_path / "box1", realtime=True)
    yield simulated
    simulated.stop()


@pytest.fixture
def show(tmp_path: Path, box: boxsim.SimBox) -> Iterator[tuple[str, int]]:
    """`python main.py show.yaml --headless`: its OSC address, once it has found the box."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), str(show_file(tmp_path, box.link)), "--headless",
                             "--osc-port", "0", "--journal", str(tmp_path / "j.jsonl")],
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stderr is not None
        address = None
        deadline = time.monotonic() + 30
        while address is None and time.monotonic() < deadline:
            if found := re.search(r"osc: listening on ([\d.]+):(\d+)", proc.stderr.readline()):
                address = (found[1], int(found[2]))
        assert address is not None, "the show did not start its OSC server"
        threading.Thread(target=proc.stderr.read, daemon=True).start()  # a full pipe would stop the show
        assert box.wait(box_found, 10), [line.text for line in box.trace.sent]
        yield address
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class Operator:
    """The operator's console, through OSC: each step is handled before the next is sent."""

    def __init__(self, to: tuple[str, int]) -> None:
        self.desk, self.to, self._pings = Desk(), to, 0
        self._until_taken("/quiz/subscribe", lambda address, args: address == "/quiz/out/state/phase", 1)

    def _until_taken(self, address: str, taken, *args: object) -> None:
        """Send until the show takes it: a show too busy to take a datagram within its bound says so (429,
        docs/osc.md), and a desk sends it again."""
        for _ in range(5):
            since = len(self.desk.got)
            self.desk.send(self.to, address, *args)
            got = self.desk.first_since(since, lambda got_address, got_args: taken(got_address, got_args) or (
                got_address == "/quiz/reply" and got_args[:1] == (address,) and 429 in got_args), timeout=10)
            if taken(*got):
                return
        raise AssertionError(f"the show stayed busy for {address}")

    def do(self, address: str, expect: str | None = None) -> tuple:
        for _ in range(5):  # again while the show answers it was too busy to take it (429)
            self.desk.got.clear()
            self.desk.send(self.to, address)
            self._pings += 1
            mark = self._pings
            self._until_taken("/quiz/ping", lambda got_address, got_args, mark=mark: got_address == "/quiz/out/pong"
                              and got_args == (mark,), mark)
            if not any(429 in args for args in self.desk.replies(address)):
                break
        if address == "/quiz/go":
            time.sleep(0.32)  # the show takes one Next in 0.3 s (the clicker's bounce)
        return self.desk.wait_for(expect, timeout=5) if expect else ()

    def next_question(self) -> None:
        """Next until the question's «Внимание!» is possible (after a verdict: the answer, then the next)."""
        for _ in range(4):
            self.do("/quiz/go")
            self.desk.got.clear()
            self.desk.send(self.to, "/quiz/announce")
            try:
                self.desk.wait_for("/quiz/out/event/announce", timeout=1)
                return
            except AssertionError:
                continue
        raise AssertionError("no question to announce")


def lamp_is(pin: str, level: int, after_us: int = 0) -> Callable[[boxsim.Trace], bool]:
    def check(trace: boxsim.Trace) -> bool:
        changes = [c for c in trace.pins if c.pin == pin and c.us >= after_us]
        return bool(changes) and changes[-1].level == level
    return check


def pressed_at(box: boxsim.SimBox, command: str) -> int:
    assert box.wait(lambda trace: any(step.text == command for step in trace.steps))
    return next(step.us for step in box.trace.steps if step.text == command)


def told_after(box: boxsim.SimBox, text: str, after_us: int) -> int:
    """The chip's time the box answered `text` (its line end left the UART), the first answer after `after_us`."""

    def answer(trace: boxsim.Trace) -> int | None:
        return next((line.us for line in trace.sent if line.text == text and line.us > after_us), None)

    assert box.wait(lambda trace: answer(trace) is not None, 5), [line.text for line in box.trace.sent[-20:]]
    found = answer(box.trace)
    assert found is not None
    return found


def journal_presses(path: Path) -> list[dict]:
    """The presses the show journalled (taken or not), oldest first."""
    lines = [json.loads(raw) for raw in path.read_bytes().splitlines() if raw.strip()]
    return [line for line in lines if line.get("type") == "Buzz"]


def test_the_show_judges_a_false_start_orders_by_the_boxs_clock_and_lights_the_chips_lamps(show, box, tmp_path):
    operator = Operator(show)
    operator.next_question()

    # «Внимание!»: Альфа presses too early. A false start; its lamp blinks for 2 s, then stays dark.
    box.do("press 1")
    assert operator.desk.wait_for("/quiz/out/event/false_start")[:2] == (1, "Альфа")
    early = pressed_at(box, "press 1")
    # The question's first lamps (all OFF) may reach the box after the press: the 2 s run from the BLINK.
    blinked = told_after(box, "OK LAMP 1 BLINK", early)
    assert told_after(box, "OK LAMP 1 OFF", blinked) - blinked == pytest.approx(2_000_000, abs=200_000)
    blink = box.trace.changes("L1", early)
    assert len(blink) >= 7 and blink[-1].level == 0 and blink[-1].us - blink[0].us > 1_700_000
    box.do("release 1")

    # «Время!»: Бета presses; its lamp lights; a correct answer puts it out.
    operator.do("/quiz/timer/start", "/quiz/out/event/timer/start")
    box.do("press 2")
    assert operator.desk.wait_for("/quiz/out/event/buzz")[:2] == (2, "Бета")
    assert box.wait(lamp_is("L2", 1), 3)
    operator.do("/quiz/judge/correct", "/quiz/out/event/correct")
    assert box.wait(lamp_is("L2", 0), 3)
    box.do("release 2")

    # The next question: Бета 300 µs before Альфа, both lines in one burst: the box's clock decides.
    operator.next_question()
    operator.do("/quiz/timer/start", "/quiz/out/event/timer/start")
    box.do("press 2", "+300 press 1")
    first = operator.desk.wait_for("/quiz/out/event/buzz")
    assert first[:3] == (2, "Бета", 0.0)
    assert box.wait(lamp_is("L2", 1), 3) and box.trace.level("L1", 10**12) == 0
    # Альфа's press was not taken (Бета answered), but it is journalled for the buzz replay, 300 µs behind
    # (its line may reach the show a little after Бета's: a busy machine delays the simulated link).
    assert box.wait(lambda trace: len(trace.presses()) == 4)  # Альфа's false start, Бета, and these two
    assert wait_for(lambda: [p["team"] for p in journal_presses(tmp_path / "j.jsonl")[-2:]] == [1, 0])
    operator.do("/quiz/judge/correct", "/quiz/out/event/correct")
    presses = journal_presses(tmp_path / "j.jsonl")
    assert presses[-1]["team"] == 0 and presses[-2]["team"] == 1  # Альфа, Бета (counted from 0)
    # The chip stamped them 300 µs apart (its 0.5 µs clock); the show keeps that gap through its mapping of the
    # box's clock (whose rate it bends by at most 1 %).
    stamps = [press.t_us for press in box.trace.presses()[-2:]]
    assert [press.input for press in box.trace.presses()[-2:]] == [2, 1]
    assert stamps[1] - stamps[0] == pytest.approx(300, abs=1)
    gap = presses[-1]["source_time"] - presses[-2]["source_time"]
    assert gap == pytest.approx(0.0003, abs=5e-6)
    box.do("release 1", "release 2")

    # A press before «Время!» whose line is held up on the way (a stalled USB link) until after it: still a
    # false start, by the box's clock.
    operator.next_question()
    box.do("hold", "press 1")
    pressed_at(box, "press 1")
    time.sleep(0.1)  # Альфа pressed 0.1 s before «Время!» …
    operator.do("/quiz/timer/start", "/quiz/out/event/timer/start")
    box.do("flush")  # … and its line comes after it
    assert operator.desk.wait_for("/quiz/out/event/false_start")[:2] == (1, "Альфа")
    assert not [args for address, args in operator.desk.got if address == "/quiz/out/event/buzz"]
    operator.desk.close()


def test_the_line_check_names_the_simulated_boxs_firmware_round_trip_and_drift(box, tmp_path):
    """The drift is measured once the first PINGs (0.5 s apart) span SYNC_MIN_SPAN_S: about 3.5 s."""
    problems = Problems()
    config = load_show(show_file(tmp_path, box.link), problems)
    assert config is not None and not problems.errors, problems.items
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False)
    try:
        driver = app.hardware.boxes["box1"]
        deadline = time.monotonic() + 60  # a bound only: the drift is there once the PINGs span 3.5 s of the chip's
        while driver.status.drift_ppm is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert driver.status.drift_ppm is not None
        app.action(Action("linecheck", app.clock.now()))
        app.tick()
        drawn, surface = console_texts(app)
        pygame.image.save(surface, str(tmp_path / "line-check.png"))
        line = next(text for text in drawn if text.startswith("box1"))
        found = re.search(r"прошивка avr-1\.0 · отклик (\d+,\d) мс · часы ([+\u2212]?\d+,\d) мс/мин", line)
        assert found, line
        # The simulated chip keeps the wall clock's pace: no drift but the noise of a few seconds of round
        # trips through a pseudo-terminal (a box with an Uno's resonator 0.5 % off says 300 ms/min).
        assert abs(float(found[2].replace(",", ".").replace("\u2212", "-"))) < 60
    finally:
        app.close()
