"""The wiring picture of a QBX/1 box (docs/pictures/qbx-wiring.png), drawn from the pin table below.

    python firmware/qbx-avr/wiring.py [OUT.png]

The pins are board.h's; tests/firmware/test_wiring.py checks that this table, board.h and the simulator
(sim/qbxsim.c) name the same ones. Pillow only; DejaVu Sans if the system has it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

# (Arduino pin, ATmega328P pin), in input / lamp order.
INPUTS = [("D2", "PD2"), ("D3", "PD3"), ("D4", "PD4"), ("D5", "PD5"), ("D6", "PD6"), ("D7", "PD7"),
          ("D8", "PB0"), ("D9", "PB1")]
LAMPS = [("A0", "PC0"), ("A1", "PC1"), ("A2", "PC2"), ("A3", "PC3"), ("A4", "PC4"), ("A5", "PC5"),
         ("D10", "PB2"), ("D11", "PB3")]
BEEPER = ("D12", "PB4")
STATUS_LED = ("D13", "PB5")

OUT = Path(__file__).resolve().parents[2] / "docs" / "pictures" / "qbx-wiring.png"
WIDTH, HEIGHT = 1800, 1340
INK, MUTED, BOARD, COPPER, LAMP, PAPER = "#1d232b", "#5d6875", "#1f6f8b", "#b8741a", "#d83a3a", "#fbfaf7"
ROW0, ROW = 300, 92  # the first input's row, and the rows' pitch
GND_LEFT, GND_RIGHT = 70, 1700  # the two ground rails
BOARD_BOX = (700, 170, 1060, 1170)


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = Path("/usr/share/fonts/truetype/dejavu") / name
    return ImageFont.truetype(str(path), size) if path.exists() else ImageFont.load_default(size)


def button(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A push button between (x, y) and (x + 120, y): two contacts and the bar that closes them."""
    draw.line([(x, y), (x + 35, y)], fill=INK, width=4)
    draw.line([(x + 85, y), (x + 120, y)], fill=INK, width=4)
    for cx in (x + 35, x + 85):
        draw.ellipse([cx - 6, y - 6, cx + 6, y + 6], outline=INK, width=3, fill=PAPER)
    draw.line([(x + 28, y - 22), (x + 92, y - 22)], fill=INK, width=5)
    draw.line([(x + 60, y - 22), (x + 60, y - 40)], fill=INK, width=4)
    draw.line([(x + 48, y - 40), (x + 72, y - 40)], fill=INK, width=4)


def resistor(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A resistor between (x, y) and (x + 110, y)."""
    draw.line([(x, y), (x + 25, y)], fill=INK, width=4)
    draw.rectangle([x + 25, y - 13, x + 85, y + 13], outline=INK, width=4, fill=PAPER)
    draw.line([(x + 85, y), (x + 110, y)], fill=INK, width=4)


def led(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """An LED between (x, y) and (x + 100, y), anode left."""
    draw.line([(x, y), (x + 30, y)], fill=INK, width=4)
    draw.polygon([(x + 30, y - 20), (x + 30, y + 20), (x + 64, y)], fill=LAMP, outline=INK)
    draw.line([(x + 66, y - 20), (x + 66, y + 20)], fill=INK, width=5)
    draw.line([(x + 66, y), (x + 100, y)], fill=INK, width=4)
    for dx in (0, 14):  # its light
        draw.line([(x + 46 + dx, y - 26), (x + 60 + dx, y - 40)], fill=LAMP, width=3)
        draw.polygon([(x + 60 + dx, y - 40), (x + 52 + dx, y - 38), (x + 58 + dx, y - 32)], fill=LAMP)


def buzzer(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """An active buzzer between (x, y) and (x + 120, y), + on the left."""
    draw.line([(x, y), (x + 30, y)], fill=INK, width=4)
    draw.ellipse([x + 30, y - 30, x + 90, y + 30], outline=INK, width=4, fill=PAPER)
    draw.text((x + 60, y), "))", font=font(24, bold=True), fill=INK, anchor="mm")
    draw.text((x + 24, y - 26), "+", font=font(22, bold=True), fill=INK, anchor="mm")
    draw.line([(x + 90, y), (x + 120, y)], fill=INK, width=4)


def ground(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.line([(x, y), (x, y + 22)], fill=INK, width=4)
    for i, half in enumerate((22, 14, 6)):
        draw.line([(x - half, y + 22 + i * 8), (x + half, y + 22 + i * 8)], fill=INK, width=4)


def dot(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.ellipse([x - 7, y - 7, x + 7, y + 7], fill=INK)


def pin(draw: ImageDraw.ImageDraw, x: int, y: int, names: tuple[str, str], inside: str) -> None:
    """A pin on the board's edge at (x, y): its Arduino name inside the board, the chip's beside it."""
    draw.rectangle([x - 9, y - 9, x + 9, y + 9], fill=COPPER)
    label, chip = names
    if inside == "right":
        draw.text((x + 22, y), label, font=font(26, bold=True), fill="white", anchor="lm")
        draw.text((x + 92, y), chip, font=font(20), fill="#c9dde6", anchor="lm")
    else:
        draw.text((x - 22, y), label, font=font(26, bold=True), fill="white", anchor="rm")
        draw.text((x - 92, y), chip, font=font(20), fill="#c9dde6", anchor="rm")


def draw() -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    d = ImageDraw.Draw(image)
    left, top, right, bottom = BOARD_BOX
    d.text((WIDTH // 2, 40), "QBX/1 buzzer box: Arduino Nano (or Uno), 8 buttons, 8 lamps, a beeper",
           font=font(34, bold=True), fill=INK, anchor="mm")

    # The board, and its USB cable to the laptop.
    d.rounded_rectangle(BOARD_BOX, radius=18, fill=BOARD, outline=INK, width=4)
    d.rectangle([(left + right) // 2 - 50, top - 40, (left + right) // 2 + 50, top + 10], fill="#aab4bd",
                outline=INK, width=3)
    d.text(((left + right) // 2, top - 62), "USB → the laptop (the show file's port)", font=font(24), fill=INK,
           anchor="mm")
    d.text(((left + right) // 2, top + 45), "Arduino Nano", font=font(30, bold=True), fill="white", anchor="mm")
    d.text(((left + right) // 2, top + 80), "ATmega328P · QBX/1 firmware", font=font(20), fill="#c9dde6",
           anchor="mm")
    d.text(((left + right) // 2, bottom - 100), f"{STATUS_LED[0]}: the board's own LED,", font=font(20),
           fill="#c9dde6", anchor="mm")
    d.text(((left + right) // 2, bottom - 74), "lit while a button is held", font=font(20), fill="#c9dde6",
           anchor="mm")

    # Buttons: each input pin to ground through its button; the firmware turns the pull-ups on.
    d.line([(GND_LEFT, ROW0 - 40), (GND_LEFT, bottom + 40)], fill=INK, width=5)
    d.text((GND_LEFT, ROW0 - 62), "GND", font=font(22, bold=True), fill=INK, anchor="mm")
    for i, names in enumerate(INPUTS):
        y = ROW0 + i * ROW
        dot(d, GND_LEFT, y)
        d.line([(GND_LEFT, y), (200, y)], fill=INK, width=4)
        button(d, 200, y)
        d.line([(320, y), (left, y)], fill=INK, width=4)
        d.text((260, y - 58), f"button {i + 1}", font=font(22), fill=MUTED, anchor="mm")
        pin(d, left, y, names, "right")

    # Lamps: each lamp pin through 220 Ω and a 5 V LED to ground (12 V lamps: a ULN2803, see the docs).
    d.line([(GND_RIGHT, ROW0 - 40), (GND_RIGHT, bottom + 40)], fill=INK, width=5)
    d.text((GND_RIGHT, ROW0 - 62), "GND", font=font(22, bold=True), fill=INK, anchor="mm")
    for i, names in enumerate(LAMPS):
        y = ROW0 + i * ROW
        pin(d, right, y, names, "left")
        d.line([(right, y), (1180, y)], fill=INK, width=4)
        resistor(d, 1180, y)
        d.text((1235, y - 32), "220 Ω", font=font(20), fill=MUTED, anchor="mm")
        d.line([(1290, y), (1400, y)], fill=INK, width=4)
        led(d, 1400, y)
        d.text((1450, y + 38), f"lamp {i + 1}", font=font(22), fill=MUTED, anchor="mm")
        d.line([(1500, y), (GND_RIGHT, y)], fill=INK, width=4)
        dot(d, GND_RIGHT, y)

    # The beeper, and the board's ground to both rails.
    y = ROW0 + len(LAMPS) * ROW
    pin(d, right, y, BEEPER, "left")
    d.line([(right, y), (1400, y)], fill=INK, width=4)
    buzzer(d, 1400, y)
    d.text((1460, y + 48), "active buzzer, 5 V", font=font(22), fill=MUTED, anchor="mm")
    d.line([(1520, y), (GND_RIGHT, y)], fill=INK, width=4)
    dot(d, GND_RIGHT, y)
    pin(d, left, bottom - 40, ("GND", ""), "right")
    pin(d, right, bottom - 40, ("GND", ""), "left")
    rail = bottom + 40
    d.line([(GND_LEFT, rail), (GND_RIGHT, rail)], fill=INK, width=5)
    d.line([(left, bottom - 40), (left - 40, bottom - 40), (left - 40, rail)], fill=INK, width=4)
    d.line([(right, bottom - 40), (right + 40, bottom - 40), (right + 40, rail)], fill=INK, width=4)
    dot(d, left - 40, rail)
    dot(d, right + 40, rail)
    ground(d, (left + right) // 2, rail)

    notes = ["Buttons: between the pin and GND, no resistor (the firmware turns the internal pull-ups on).",
             "Lamps: a 5 V LED through 220 Ω; 12 V lamps through a ULN2803 (docs/hardware.md).   "
             "D0/D1 are the USB serial line: leave them free."]
    for i, note in enumerate(notes):
        d.text((WIDTH // 2, HEIGHT - 62 + i * 32), note, font=font(22), fill=MUTED, anchor="mm")
    return image


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    draw().save(out, optimize=True)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
