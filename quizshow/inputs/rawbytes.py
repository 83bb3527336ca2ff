"""Boxes that send one raw byte a press, as SIGame's SImulator reads its COM port (its ComButtonManager:
.NET SerialPort's defaults, 9600 baud 8N1; the byte's value is the button, learned by pressing). Every byte
is a press here, also a few taken in one read (SImulator keeps only a read's first byte); its input number
is the byte's value, or what the show file's `map` gives its character (latin-1: "\\x01", "1", "A").
"""

from __future__ import annotations


def byte_inputs(data: bytes, token_map: dict[str, int]) -> tuple[list[int], int]:
    """The input of each byte in order, and how many bytes `token_map` (when there is one) has no input for."""
    inputs: list[int] = []
    dropped = 0
    for byte in data:
        if not token_map:
            inputs.append(byte)
            continue
        number = token_map.get(chr(byte))
        if number is None:
            dropped += 1
        else:
            inputs.append(number)
    return inputs, dropped
