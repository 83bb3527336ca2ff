"""Buzzer lamps follow the game (spec/serial.md): the answering team ON, a false start BLINK for 2 s,
a team out of the question OFF, all OFF between questions, and at the 10-second warning every lamp
still in play BLINKs. Computed from the state and the effects; the box drivers send only changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from quizshow.core.effects import Event, EventKind
from quizshow.core.state import ShowState

FALSE_START_BLINK_S = 2.0
LIVE_PHASES = ("question", "answering", "clock", "attention")  # a question is being played
_WARNING_ENDS = (EventKind.BUZZ, EventKind.REVEAL, EventKind.QUESTION, EventKind.ANNOUNCE, EventKind.CORRECT,
                 EventKind.WRONG, EventKind.TIMER_EXPIRED)

SetLamp = Callable[[str], None]  # "ON" | "OFF" | "BLINK"


class Lamps:
    def __init__(self, lamps: dict[Any, SetLamp], seats: Callable[[ShowState], dict] | None = None) -> None:
        self.lamps = lamps  # team (or seat (team, player)) → how to set its lamp
        self.seats = seats  # a format's lamps per seat (the duel: asked ON, queued BLINK)
        self.blink_until: dict[int, float] = {}
        self.warning = False

    def update(self, state: ShowState, events: list[Event], now: float) -> dict[int, str]:
        for event in events:
            if event.kind == EventKind.FALSE_START and event.team is not None:
                self.blink_until[event.team] = now + FALSE_START_BLINK_S
            elif event.kind == EventKind.TIMER_WARNING:
                self.warning = True
            elif event.kind in _WARNING_ENDS:
                self.warning = False
        by_seat = self.seats(state) if self.seats is not None else {}
        wanted = {target: by_seat.get(target, "OFF") if isinstance(target, tuple) else self.wanted(state, target, now)
                  for target in self.lamps}
        for team, value in wanted.items():
            self.lamps[team](value)
        return wanted

    def wanted(self, state: ShowState, team: int, now: float) -> str:
        if self.blink_until.get(team, 0) > now:
            return "BLINK"
        if state.phase not in LIVE_PHASES:
            return "OFF"
        if state.answering == team:
            return "ON"
        if team in state.locked:
            return "OFF"
        return "BLINK" if self.warning and state.answering is None else "OFF"
