"""Who holds a phone seat (spec/web.md «Seats and joining» and «Limits on the venue network»; docs/phones.md
«Security on the venue network»).

The projector's join scene shows every seat's code to the whole hall, so a seat's link is no secret: any
player can open another team's. What keeps a seat its team's is its phone's own device id (a random id the page
keeps in the browser and sends with `?device=`):

- the first phone to open a seat that nobody holds takes it (the start of the show);
- a phone opening a seat that is held waits until the operator accepts it (`accept`), even when the holder
  drops: a waiting phone never takes a seat by itself;
- a holder that drops (its socket closed, or three missed pings) keeps the seat for GRACE_S: only a phone with
  its device id takes it back meanwhile (a Wi-Fi blip, a screen lock, a reload); anyone else waits for the
  operator. After that the seat is free again, as at the start of the show.
- the same device opening the seat while its old socket has not been seen closing yet (the phone slept) takes
  the seat at once; the old socket is the server's to close.

Pure: no sockets, no loop; the time comes from `now` (the show clock), so a test drives it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

GRACE_S = 300.0  # a dropped phone's seat waits this long for the same device before any phone may take it
MAX_DEVICE = 64  # characters of a device id kept


class Device(Protocol):
    @property
    def device(self) -> str: ...


P = TypeVar("P", bound=Device)


@dataclass(frozen=True)
class Joined(Generic[P]):
    """What became of a phone opening a seat: it holds it (`replaced`: its own old socket, to close) or waits."""

    holds: bool
    replaced: P | None = None


class Seating(Generic[P]):
    def __init__(self, now: Callable[[], float], grace_s: float = GRACE_S) -> None:
        self.now = now
        self.grace_s = grace_s
        self.holders: dict[str, P] = {}  # seat token → the phone that holds it
        self.waiting: dict[str, list[P]] = {}  # seat token → phones waiting for the operator, longest first
        self.kept: dict[str, tuple[str, float]] = {}  # seat token → (device of the holder that dropped, when)

    def join(self, token: str, phone: P) -> Joined[P]:
        device = phone.device
        holder = self.holders.get(token)
        if holder is not None:
            if device and holder.device == device:  # the same phone back before its old socket was seen closing
                self.holders[token] = phone
                return Joined(True, holder)
            return self._wait(token, phone)
        kept = self.kept.get(token)
        if kept is not None and self.now() - kept[1] <= self.grace_s:
            if device and kept[0] == device:  # its own phone back within the grace: its seat at once
                del self.kept[token]
                self.holders[token] = phone
                return Joined(True)
            return self._wait(token, phone)
        self.kept.pop(token, None)
        self.holders[token] = phone
        return Joined(True)

    def _wait(self, token: str, phone: P) -> Joined[P]:
        self.waiting.setdefault(token, []).append(phone)
        return Joined(False)

    def leave(self, token: str, phone: P) -> bool:
        """A phone's socket ended. True when it held the seat (now kept for its device for the grace)."""
        waiting = self.waiting.get(token, [])
        if phone in waiting:
            waiting.remove(phone)
            if not waiting:
                del self.waiting[token]
            return False
        if self.holders.get(token) is not phone:
            return False
        del self.holders[token]  # never handed to a waiting phone: the operator decides (`accept`)
        self.kept[token] = (phone.device, self.now())
        return True

    def accept(self, token: str) -> tuple[P, P | None] | None:
        """The operator lets the phone waiting longest take the seat: it and the phone it replaces (None: the
        seat was free). None when no phone waits there."""
        waiting = self.waiting.get(token)
        if not waiting:
            return None
        phone = waiting.pop(0)
        if not waiting:
            del self.waiting[token]
        old = self.holders.get(token)
        self.holders[token] = phone
        self.kept.pop(token, None)
        return phone, old

    def accepted(self, token: str, phone: P) -> bool:
        return self.holders.get(token) is phone

    def kept_for(self, token: str) -> bool:
        """The seat's phone dropped within the grace: the seat waits for it."""
        kept = self.kept.get(token)
        return kept is not None and self.now() - kept[1] <= self.grace_s
