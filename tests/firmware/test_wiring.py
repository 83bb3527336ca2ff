"""The wiring picture, the firmware and the simulator name the same pins: board.h's table (the firmware's
own comment, next to the masks the code uses), firmware/qbx-avr/wiring.py (the picture in
docs/hardware.md) and sim/qbxsim.c (the pins the tests press and watch)."""

from __future__ import annotations

import importlib.util
import re

from PIL import Image

from tests.conftest import ROOT

FIRMWARE = ROOT / "firmware" / "qbx-avr"


def expand(first: str, last: str) -> list[str]:
    """«D2..D7» → D2 … D7; «PB0..PB1» → PB0, PB1."""
    prefix, start = re.fullmatch(r"(\D+)(\d+)", first).groups()  # type: ignore[union-attr]
    end = int(re.fullmatch(r"\D+(\d+)", last)[1])  # type: ignore[index]
    return [f"{prefix}{n}" for n in range(int(start), end + 1)]


def board_table() -> dict[str, list[tuple[str, str]]]:
    """board.h's comment table: role → [(Arduino pin, chip pin)] in order."""
    table: dict[str, list[tuple[str, str]]] = {"input": [], "lamp": [], "beeper": [], "status": []}
    for line in (FIRMWARE / "board.h").read_text(encoding="utf-8").splitlines():
        if found := re.match(r"\s*\*\s+(input|lamp)\s+\d+\.\.\d+\s+(\w+)\.\.(\w+)\s+(\w+)\.\.(\w+)", line):
            role, a, b, c, d = found.groups()
            table[role] += list(zip(expand(a, b), expand(c, d), strict=True))
        elif found := re.match(r"\s*\*\s+(beeper|status) (?:LED)?\s*(D\d+)\s+(P\w\d)", line):
            table[found[1]].append((found[2], found[3]))
    return table


def load_wiring():
    spec = importlib.util.spec_from_file_location("qbx_wiring", FIRMWARE / "wiring.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_picture_and_the_firmware_name_the_same_pins():
    table, wiring = board_table(), load_wiring()
    assert table["input"] == wiring.INPUTS and len(wiring.INPUTS) == 8
    assert table["lamp"] == wiring.LAMPS and len(wiring.LAMPS) == 8
    assert table["beeper"] == [wiring.BEEPER] and table["status"] == [wiring.STATUS_LED]
    header = (FIRMWARE / "board.h").read_text(encoding="utf-8")
    masks = {name: int(value, 16) for name, value in re.findall(r"#define (\w+_MASK) (0x[0-9A-Fa-f]+)", header)}
    on_port = {port: sum(1 << int(chip[2]) for _, chip in table["input"] if chip[1] == port) for port in "DB"}
    assert (masks["INPUTS_D_MASK"], masks["INPUTS_B_MASK"]) == (on_port["D"], on_port["B"])
    assert masks["LAMPS_C_MASK"] == sum(1 << int(chip[2]) for _, chip in table["lamp"] if chip[1] == "C")


def test_the_simulator_presses_and_watches_the_same_pins():
    source = (FIRMWARE / "sim" / "qbxsim.c").read_text(encoding="utf-8")
    table = board_table()
    inputs = re.search(r"input_pins\[INPUTS\] = \{(.*?)\};", source, re.S)
    outputs = re.search(r"output_pins\[\] = \{(.*?)\};", source, re.S)
    assert inputs and outputs
    assert [f"P{port}{bit}" for port, bit in re.findall(r"\{'(\w)', (\d)\}", inputs[1])] == \
        [chip for _, chip in table["input"]]
    watched = {name: f"P{port}{bit}" for port, bit, name in re.findall(r"\{'(\w)', (\d), \"(\w+)\"\}", outputs[1])}
    assert [watched[f"L{n}"] for n in range(1, 9)] == [chip for _, chip in table["lamp"]]
    assert (watched["BEEP"], watched["LED"]) == (table["beeper"][0][1], table["status"][0][1])


def test_the_wiring_picture_in_the_docs_is_drawn_from_this_source(tmp_path):
    drawn = tmp_path / "wiring.png"
    assert load_wiring().main([str(drawn)]) == 0
    committed = Image.open(ROOT / "docs" / "pictures" / "qbx-wiring.png")
    assert committed.size == Image.open(drawn).size
    assert "(pictures/qbx-wiring.png)" in (ROOT / "docs" / "hardware.md").read_text(encoding="utf-8")  # shown there
