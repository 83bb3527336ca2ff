"""The phone's messages on the wire (spec/web.md): checked at the door, pure.

One JSON object a WebSocket text frame, at most 4 KiB, with a string `t`. Bad JSON, an unknown `t`, a field of
the wrong type, a number out of range (2**4000 as a clock) or a text no journal line can hold (a lone surrogate)
is a `Bad` (the server acks 400 and the socket stays open): `parse` raises nothing else, whatever it is given.
At most 20 messages a second from one phone: beyond that they are dropped (429) until it slows down.
"""

from __future__ import annotations

import json
import math
from collections import deque
from dataclasses import dataclass

MAX_FRAME = 4096  # bytes of one message
RATE = 20  # messages a second from one phone
MAX_ID = 2**53  # a JavaScript number stays exact up to here
MAX_ANSWER = 500  # characters of a written answer
MAX_CLOCK_MS = float(2**53)  # a phone's clock in ms: a JavaScript number, exact up to here


@dataclass(frozen=True)
class Pong:
    id: int
    c: float  # the phone's clock, ms


@dataclass(frozen=True)
class Press:
    id: int
    c: float  # the touch's own timestamp on the phone's clock, ms


@dataclass(frozen=True)
class Stake:
    id: int
    value: int


@dataclass(frozen=True)
class Answer:
    id: int
    question: int
    text: str
    c: float


Message = Pong | Press | Stake | Answer


class Bad(ValueError):
    """A message the show cannot read; `id` is the phone's number for it where it gave one."""

    def __init__(self, text: str, id: int | None = None) -> None:
        super().__init__(text)
        self.id = id


def _int(data: dict, name: str, id: int | None) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_ID:
        raise Bad(f"'{name}' must be a whole number from 0 to 2^53", id)
    return value


def _clock(data: dict, name: str, id: int | None) -> float:
    value = data.get(name)
    # An int is bounded before it is a float (2**4000 has no float); a float may be NaN or infinite.
    if not isinstance(value, (int, float)) or isinstance(value, bool) or \
            (isinstance(value, float) and not math.isfinite(value)) or not 0 <= value <= MAX_CLOCK_MS:
        raise Bad(f"'{name}' must be the phone's clock in milliseconds", id)
    return float(value)


def _text(data: dict, name: str, id: int | None) -> str:
    value = data.get(name)
    if not isinstance(value, str) or len(value) > MAX_ANSWER:
        raise Bad(f"'{name}' must be a text of at most {MAX_ANSWER} characters", id)
    if not _encodable(value):  # a lone surrogate (JSON.stringify makes one): no journal line can hold it
        raise Bad(f"'{name}' holds a character that is not text (a lone surrogate)", id)
    return value


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _said(text: str) -> str:
    """A piece of the phone's message quoted back in a refusal: short, and always sendable."""
    return text[:40].encode("utf-8", "backslashreplace").decode("utf-8")


def parse(text: str) -> Message:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise Bad(f"a message has at most {MAX_FRAME} bytes")
    try:
        data = json.loads(text, parse_constant=lambda name: None)  # NaN, Infinity: not numbers here
    except (ValueError, RecursionError):
        raise Bad("not JSON") from None
    if not isinstance(data, dict):
        raise Bad("a message is a JSON object")
    kind = data.get("t")
    raw_id = data.get("id")
    id = raw_id if isinstance(raw_id, int) and not isinstance(raw_id, bool) and 0 <= raw_id <= MAX_ID else None
    if not isinstance(kind, str):
        raise Bad("'t' must be a string", id)
    if kind == "pong":
        return Pong(_int(data, "id", id), _clock(data, "c", id))
    if kind == "press":
        return Press(_int(data, "id", id), _clock(data, "c", id))
    if kind == "stake":
        value = data.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10**9:
            raise Bad("'value' must be a whole number", id)
        return Stake(_int(data, "id", id), value)
    if kind == "answer":
        answer = _text(data, "text", id)
        return Answer(_int(data, "id", id), _int(data, "question", id), answer, _clock(data, "c", id))
    raise Bad(f"unknown message type '{_said(kind)}'", id)


class RateLimit:
    """At most `rate` messages in any second; every message counts, the dropped ones too, so a phone
    that keeps flooding stays dropped until it slows down."""

    def __init__(self, rate: int = RATE, per_s: float = 1.0) -> None:
        self.rate = rate
        self.per_s = per_s
        self.times: deque[float] = deque()

    def allow(self, now: float) -> bool:
        while self.times and now - self.times[0] >= self.per_s:
            self.times.popleft()
        self.times.append(now)
        if len(self.times) > 2 * self.rate:  # bounded memory while flooded
            self.times.popleft()
        return len(self.times) <= self.rate


def ack(id: int | None, code: int, message: str) -> dict[str, object]:
    return {"t": "ack", "id": id, "code": code, "message": message}
