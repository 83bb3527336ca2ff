"""Phone seats: which buzzers of the show are phones, their join tokens (kept beside the journal, so a
restart keeps every phone's link) and the join URL a phone opens (spec/web.md, «Seats and joining»).

A seat is a team whose `buzzer:` is `phone`, or a player whose entry in the team's `buzzers:` list is
`phone` (a format with a button per player, the duel).
"""

from __future__ import annotations

import ipaddress
import json
import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

from quizshow.config import ShowConfig

PHONE = "phone"
TOKEN_BYTES = 16  # 128 bits, URL-safe base64: 22 characters
MAX_TOKEN = 64
# Routes a UDP socket is "connected" to for finding the venue address: connect() on UDP sends nothing.
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


@dataclass(frozen=True)
class Seat:
    team: int  # 0-based
    player: int | None  # 0-based; None: the team's one buzzer
    name: str  # the team's name, or the player's
    team_name: str
    token: str = ""

    @property
    def key(self) -> str:
        """How the tokens file names the seat: «3», or «3.2» for team 3's second player (from 1)."""
        return str(self.team + 1) if self.player is None else f"{self.team + 1}.{self.player + 1}"


def phone_seats(config: ShowConfig) -> list[Seat]:
    seats = []
    for t, team in enumerate(config.teams):
        if team.buzzer == PHONE:
            seats.append(Seat(t, None, team.name, team.name))
        for p, spec in enumerate(team.buzzers):
            if spec == PHONE and p < len(team.players):
                seats.append(Seat(t, p, team.players[p], team.name))
    return seats


def tokens_path(journal: Path) -> Path:
    """Beside the journal: `<journal folder>/<show>.seats.json`."""
    stem = journal.name.split(".")[0] or "show"
    return journal.parent / f"{stem}.seats.json"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def load_tokens(path: Path, seats: list[Seat], new: bool = False) -> tuple[list[Seat], str | None]:
    """Every seat with its token: the kept one, or a new one (written back at once). Returns the seats and
    a problem to tell (an unreadable file: its seats get new tokens, so the old links stop working)."""
    kept: dict[str, str] = {}
    problem = None
    if path.exists() and not new:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            found = data.get("seats", {}) if isinstance(data, dict) else {}
            kept = {k: v for k, v in found.items() if isinstance(k, str) and _token_ok(v)}
        except (OSError, ValueError) as why:
            problem = f"{path}: {why}; new join links are made"
    out = [Seat(s.team, s.player, s.name, s.team_name, kept.get(s.key) or new_token()) for s in seats]
    if new or any(kept.get(s.key) != s.token for s in out):
        save_tokens(path, out)
    return out, problem


def _token_ok(value: object) -> bool:
    return isinstance(value, str) and 22 <= len(value) <= MAX_TOKEN and \
        all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value)


def save_tokens(path: Path, seats: list[Seat]) -> None:
    """Written whole and replaced at once; readable by the user alone (a token is the seat's key)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"note": "Join tokens of the phone seats (docs/phones.md). Delete, or run --seats --new, for new links.",
            "seats": {s.key: s.token for s in seats}}
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False, indent=1)
    tmp.replace(path)


def venue_address(listen_host: str) -> str:
    """The address phones reach the show at. Listening on all addresses: this machine's address on the
    network its default route leaves by (a UDP socket's connect() picks the route and sends nothing),
    else the first non-loopback address of its name, else 127.0.0.1."""
    if listen_host not in ("", "0.0.0.0", "::"):
        return listen_host
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:
            continue
        if not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return str(address)
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not ipaddress.ip_address(address).is_loopback:
                return address
    except OSError:
        pass
    return "127.0.0.1"


def join_url(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/p/{token}"
