"""The join board: every phone seat with its join link and whether a phone holds it now — what the
projector's «Подключение игроков» scene and the console's panel of codes draw (pure data)."""

from __future__ import annotations

from dataclasses import dataclass

JOINED, SYNCING, FREE = "joined", "syncing", "free"


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

    @property
    def joined(self) -> int:
        return sum(1 for seat in self.seats if seat.status != FREE)
