"""Byte checking at the OSC door (docs/reliability.md): what one datagram may hold, checked in one bounded
pass before python-osc's parser sees a byte (that parser loops for ever on a bundle element of negative
size), and python-osc's own warnings counted instead of logged."""

from __future__ import annotations

import logging
import os

# What one datagram may hold (docs/reliability.md): the work a datagram causes is bounded by these.
MAX_DATAGRAM = 8192  # bytes; a desk's message is well under 200
MAX_DEPTH = 4  # bundles inside bundles, and arrays inside arrays
MAX_MESSAGES = 64  # messages in one datagram (each counts against the rate limit)
MAX_ARGS = 64  # type tags of one message
MAX_ADDRESS = 256  # characters of an address
FIXED_SIZE = {"i": 4, "f": 4, "r": 4, "m": 4, "h": 8, "d": 8, "t": 8, "T": 0, "F": 0, "N": 0}
BUNDLE = b"#bundle\0"


class Malformed(ValueError):
    """A datagram that is not OSC this server reads; the text says what is wrong."""


def check_datagram(data: bytes) -> None:
    """Raise Malformed unless `data` is one OSC message or bundle that python-osc parses exactly, within
    the limits above: every size positive and inside the datagram, known types only, bounded nesting.
    One pass over the bytes: the work is linear in the (bounded) size."""
    if not data:
        raise Malformed("empty")
    if len(data) > MAX_DATAGRAM:
        raise Malformed(f"{len(data)} bytes (at most {MAX_DATAGRAM})")
    messages = [0]
    if data.startswith(BUNDLE):
        _check_bundle(data, 0, len(data), 1, messages)
    elif data.startswith(b"/"):
        _check_message(data, 0, len(data), messages)
    else:
        raise Malformed("neither a message nor a bundle")


def _check_bundle(data: bytes, start: int, end: int, depth: int, messages: list[int]) -> None:
    i = start + len(BUNDLE) + 8  # the prefix and the time tag
    if i > end:
        raise Malformed("bundle without a time tag")
    while i < end:
        if i + 4 > end:
            raise Malformed("bundle element without a size")
        size = int.from_bytes(data[i:i + 4], "big", signed=True)
        i += 4
        if size <= 0 or size % 4 or i + size > end:
            raise Malformed(f"bundle element of size {size}")
        if data.startswith(BUNDLE, i):
            if depth >= MAX_DEPTH:
                raise Malformed(f"bundles nested deeper than {MAX_DEPTH}")
            _check_bundle(data, i, i + size, depth + 1, messages)
        elif data.startswith(b"/", i):
            _check_message(data, i, i + size, messages)
        else:
            raise Malformed("bundle element is neither a message nor a bundle")
        i += size


def _check_message(data: bytes, start: int, end: int, messages: list[int]) -> None:
    messages[0] += 1
    if messages[0] > MAX_MESSAGES:
        raise Malformed(f"more than {MAX_MESSAGES} messages")
    address, i = _string(data, start, end)
    if len(address) > MAX_ADDRESS:
        raise Malformed(f"address longer than {MAX_ADDRESS}")
    if i == end:
        return  # no type tags: no arguments
    tags, i = _string(data, i, end)
    if not tags.startswith(","):
        raise Malformed("type tags do not start with a comma")
    if len(tags) - 1 > MAX_ARGS:
        raise Malformed(f"more than {MAX_ARGS} arguments")
    depth = 0
    for tag in tags[1:]:
        if tag in FIXED_SIZE:
            i += FIXED_SIZE[tag]
        elif tag == "s":
            _, i = _string(data, i, end)
        elif tag == "b":
            size = int.from_bytes(data[i:i + 4], "big", signed=True) if i + 4 <= end else -1
            if size < 0:
                raise Malformed("blob without a size")
            i += 4 + size + (-size % 4)
        elif tag == "[":
            depth += 1
            if depth > MAX_DEPTH:
                raise Malformed(f"arrays nested deeper than {MAX_DEPTH}")
        elif tag == "]" and depth:
            depth -= 1
        else:
            raise Malformed(f"type tag {tag!r} is not read here")
        if i > end:
            raise Malformed("arguments run past the end")
    if depth:
        raise Malformed("an array is not closed")
    if data[i:end].strip(b"\0"):
        raise Malformed("bytes after the arguments")


def _string(data: bytes, start: int, end: int) -> tuple[str, int]:
    """An OSC string at `start`: its text and where the next field starts (padded to 4 bytes)."""
    nul = data.find(b"\0", start, end)
    if nul < 0:
        raise Malformed("a string without its terminating zero")
    after = start + (nul - start + 4) // 4 * 4
    if after > end:
        raise Malformed("a string runs past the end")
    try:
        return data[start:nul].decode("utf-8"), after
    except UnicodeDecodeError as why:
        raise Malformed("a string is not UTF-8") from why


def address_of(data: bytes) -> str:
    """The address a datagram names, read without parsing it (for a refusal's reply)."""
    head = data[:MAX_ADDRESS].split(b"\0", 1)[0]
    return head.decode("utf-8", "replace") if head.startswith((b"/", b"#")) else ""


class _ParserWarnings(logging.Filter):
    """python-osc warns on the root logger once per odd datagram: counted here, never logged."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if f"{os.sep}pythonosc{os.sep}" in record.pathname:
            self.count += 1
            return False
        return True


PARSER_WARNINGS = _ParserWarnings()
