"""A phone's stake and typed answer on their way to the show through its input feed (runtime/web/server.py
makes them; a phone's press is a `Press`, inputs/messages.py). Here, not beside the server, so the show
knows them without loading the web server (aiohttp: 20 MB and 0.2 s of start-up) when no phone, overlay or
follower screen is served."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from quizshow.core.engine import Outcome


@dataclass(frozen=True)
class PhoneStake:
    """A phone's stake or bid (its seat's team and the value) on its way to the show."""

    team: int
    player: int | None
    value: int
    at: float
    done: Callable[[Outcome | None], None]


@dataclass(frozen=True)
class PhoneAnswer:
    """A phone's typed answer (its seat's team) on its way to the show, like a press: `sent` is its own
    clock mapped onto the show clock and clamped as a press's is; `at` its arrival."""

    team: int
    question: int
    text: str
    sent: float
    at: float
    done: Callable[[Outcome | None], None]
