"""The values of an OSC message, checked at the door: whole numbers within bounds, seconds, a format
action's plain arguments. A value that does not fit is `Rejected` (400, saying what was expected)."""

from __future__ import annotations

import math
import unicodedata

from quizshow.core.limits import MAX_CLOCK_S, MAX_POINTS

MAX_ACTION_ARGS = 8
MAX_TEXT = 1000  # characters of one text argument (an action may allow fewer: its text_max)
MAX_PLAYER = 99
MAX_CELL = 999  # a theme or question number


class Rejected(Exception):
    """A message refused at the door: replied with `code` and the text."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code


def whole(value: object) -> int | None:
    """An int, or a float that is a whole number (TouchOSC and many desks send every number as `f`)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def ints(args: tuple[object, ...], least: int, most: int, address: str, bounds: tuple[int, int],
         what: str) -> tuple[int, ...]:
    """`least` to `most` whole numbers, each within `bounds` (400 otherwise, saying what was expected)."""
    values = tuple(whole(a) for a in args)
    low, high = bounds
    checked = tuple(v for v in values if v is not None and low <= v <= high)
    if not least <= len(values) <= most or len(checked) != len(values):
        count = "" if least == most else f"at most {most} "
        raise Rejected(400, f"{address} expects {count}i {what} (whole numbers from {low} to {high})")
    return checked


def seconds(args: tuple[object, ...], address: str) -> float:
    """One finite number of seconds within ±MAX_CLOCK_S."""
    value = args[0] if len(args) == 1 else None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
            and abs(value) <= MAX_CLOCK_S:
        return float(value)
    raise Rejected(400, f"{address} expects f seconds (a finite number from {-MAX_CLOCK_S:g} to {MAX_CLOCK_S:g})")


def plain(args: tuple[object, ...], address: str) -> tuple[int | float | bool | str, ...]:
    """A format action's raw arguments: at most MAX_ACTION_ARGS numbers (finite, within ±MAX_POINTS), flags
    and short texts without control characters; their meaning is the registry's to check."""
    if len(args) > MAX_ACTION_ARGS:
        raise Rejected(400, f"{address} takes at most {MAX_ACTION_ARGS} arguments")
    out: list[int | float | bool | str] = []
    for value in args:
        if isinstance(value, bool):
            pass
        elif isinstance(value, (int, float)):
            if not (math.isfinite(value) and abs(value) <= MAX_POINTS):
                raise Rejected(400, f"{address}: a number must be finite, within ±{MAX_POINTS}")
        elif isinstance(value, str):
            if len(value) > MAX_TEXT or any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
                raise Rejected(400, f"{address}: a text has at most {MAX_TEXT} characters and no control characters")
        else:
            raise Rejected(400, f"{address}: arguments are i, f, s or T/F")
        out.append(value)
    return tuple(out)


def flag(args: tuple[object, ...], address: str) -> bool:
    """One flag: `i` 0/1, a whole `f` 0.0/1.0, or `T`/`F` (Bitfocus Companion sends booleans as T/F)."""
    value = _flag_value(args[0]) if len(args) == 1 else None
    if value is None:
        raise Rejected(400, f"{address} expects i 0/1 (or T/F)")
    return value


def _flag_value(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    number = whole(value)
    return None if number not in (0, 1) else number == 1


def fires(args: tuple[object, ...]) -> bool:
    """A button's message: no argument, 1 or T fires it; 0 or F is its release (ignored)."""
    if not args:
        return True
    if len(args) == 1 and (on := _flag_value(args[0])) is not None:
        return on
    raise Rejected(400, "expected no argument, or 1 (T) to fire")
