"""The join board: every phone seat with its join link and whether a phone holds it now — what the
projector's «Подключение игроков» scene and the console's panel of codes draw (pure data)."""

from __future__ import annotations

from dataclasses import dataclass

JOINED, SYNCING, FREE = "joined", "syncing", "free"
# Codes on one projector page: 8 at 1920×1080 keep a module ≥ 6 px (≈ 1 cm on a 3 m screen); more seats
# (a written quiz's 40 tables) are shown a page at a time, F7 turning the page.
PER_PAGE = 8


def join_pages(seats: int) -> int:
    return max(1, -(-seats // PER_PAGE))


@dataclass(frozen=True)
class JoinSeat:
    team: int  # 0-based
    player: int | None
    name: str  # the team's name, or the player's
    url: str  # the join link its QR code holds
    status: str  # JOINED (its round trip known), SYNCING (held, clock not yet measured) or FREE
    rtt_ms: int | None = None
    waiting: bool = False  # a second phone waits for the operator

    @property
    def key(self) -> str:
        return str(self.team + 1) if self.player is None else f"{self.team + 1}.{self.player + 1}"


@dataclass(frozen=True)
class JoinBoard:
    seats: tuple[JoinSeat, ...]
    address: str  # «http://192.168.1.10:8080»: where phones reach the show
    wifi: str | None = None  # the venue network's name (devices.web.wifi), shown under the codes
    buttons: bool = True  # the phones press a button (False: they only type answers, the written quiz)
    solo: bool = False  # each seat is one contestant («Своя игра»): «your code», not «your team's»
    page: int = 0  # the projector's page of codes (PER_PAGE a page), of `pages`
    pages: int = 1

    @property
    def shown(self) -> tuple[JoinSeat, ...]:
        """The seats on the projector's page."""
        return self.seats[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]

    @property
    def joined(self) -> int:
        return sum(1 for seat in self.seats if seat.status != FREE)
