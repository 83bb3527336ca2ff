"""Sony Buzz! handsets (USB 054c:0002 wired, 054c:1000 wireless): SDL shows a set of four handsets as one
joystick of 20 buttons, five a handset (red, yellow, green, orange, blue). A seat's `buzzer: "buzz:N"` is
handset N's big red button; its red lamp follows the seat's lamp through the Linux LED class
(`/sys/class/leds/<hid device>::buzzN`, made by the kernel's hid-sony driver).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

LEDS_ROOT = Path("/sys/class/leds")  # the LED class; tests give a tree of their own
VENDOR = 0x054C
PRODUCTS = (0x0002, 0x1000)  # wired, wireless
HANDSETS = 4
BUTTONS = 5  # a handset's buttons, in SDL's numbering: red first
COLOURS = ("red", "yellow", "green", "orange", "blue")
BLINK_MS = 250  # the kernel's timer trigger: on and off this long (a QBX/1 box's blink is as quick)
SPEC = re.compile(r"buzz:([1-4])")


def handset_of(spec: str) -> int | None:
    """`buzz:N` → N (1..4); anything else None."""
    found = SPEC.fullmatch(spec)
    return int(found[1]) if found else None


def is_buzz(guid: str, name: str) -> bool:
    """A Buzz! set, by SDL's joystick GUID (bus, vendor and product little-endian at bytes 0, 4 and 8), or by
    its name where SDL gave no USB ids."""
    if len(guid) == 32 and all(ch in "0123456789abcdefABCDEF" for ch in guid):
        raw = bytes.fromhex(guid)
        vendor, product = int.from_bytes(raw[4:6], "little"), int.from_bytes(raw[8:10], "little")
        if raw[0:2] != b"\0\0" and raw[6:8] == b"\0\0" and raw[10:12] == b"\0\0":
            return vendor == VENDOR and product in PRODUCTS
    return "buzz" in name.lower()


def button_of(button: int) -> tuple[int, str] | None:
    """An SDL button of a Buzz! set → (handset 1..4, its colour); None past the 20 buttons."""
    if not 0 <= button < HANDSETS * BUTTONS:
        return None
    return button // BUTTONS + 1, COLOURS[button % BUTTONS]


@dataclass
class BuzzLamps:
    """The handsets' red lamps through the LED class: `brightness` (0 or the LED's maximum) for OFF and ON,
    the `timer` trigger for BLINK (hid-sony gives the Buzz! no blink of its own). The wanted state of every
    lamp is kept: a replugged set (new LED names, all dark) gets them again (`restore`)."""

    root: Path = field(default_factory=lambda: LEDS_ROOT)
    wanted: dict[int, str] = field(default_factory=dict)
    problem: str = ""  # what went wrong with the last write, for the line check
    found: dict[int, Path] = field(default_factory=dict)

    def lamp(self, handset: int, state: str) -> None:
        if self.wanted.get(handset) == state:
            return
        self.wanted[handset] = state
        self._write(handset, state)

    def restore(self) -> None:
        """After the set was plugged in again: every lamp as wanted, its LEDs looked up afresh."""
        self.found.clear()
        for handset, state in sorted(self.wanted.items()):
            self._write(handset, state)

    def led(self, handset: int) -> Path | None:
        """The handset's LED folder (the first set's, when there are several)."""
        if handset not in self.found:
            leds = sorted(self.root.glob(f"*::buzz{handset}"))
            if not leds:
                return None
            self.found[handset] = leds[0]
        return self.found[handset]

    def _write(self, handset: int, state: str) -> None:
        for attempt in range(2):  # a stale folder (the set was replugged): look it up once more
            led = self.led(handset)
            if led is None:
                self.problem = "missing"
                return
            try:
                _set(led, state)
                self.problem = ""
                return
            except PermissionError:
                self.problem = "permission"
                return
            except OSError as why:
                self.found.pop(handset, None)
                if attempt:
                    self.problem = "missing"
                    log.debug("buzz lamp %d: %s", handset, why)


def _set(led: Path, state: str) -> None:
    if state == "BLINK":
        try:
            (led / "trigger").write_text("timer")
            (led / "delay_on").write_text(str(BLINK_MS))
            (led / "delay_off").write_text(str(BLINK_MS))
            return
        except OSError:  # no timer trigger (ledtrig-timer): lit instead
            pass
    top = "1"
    try:
        top = (led / "max_brightness").read_text().strip() or "1"
    except OSError:
        pass
    # A brightness of 0 ends a trigger; ON ends it first, else the timer would go on blinking.
    if state != "OFF" and (led / "trigger").exists():
        try:
            (led / "trigger").write_text("none")
        except OSError:
            pass
    (led / "brightness").write_text("0" if state == "OFF" else top)
