"""Buzzer lamps follow the game (spec/serial.md): the answering team ON, a false start BLINK for 2 s,
a team out of the question OFF, all OFF between questions, and at the 10-second warning every lamp
still in play BLINKs. Computed from the state and the effects; the box drivers send only changes.
"""

from __future__ import annotations

from collections.abc import Callable

from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format
from quizshow.core.spec import PhaseFlags
from quizshow.core.state import ShowState

FALSE_START_BLINK_S = 2.0
_WARNING_ENDS = (EventKind.BUZZ, EventKind.REVEAL, EventKind.QUESTION, EventKind.ANNOUNCE, EventKind.CORRECT,
                 EventKind.WRONG, EventKind.TIMER_EXPIRED)

LampTarget = int | tuple[int, int]  # a team, or a seat (team, player) with a button of its own
SetLamp = Callable[[str], None]  # "ON" | "OFF" | "BLINK"
# Where players have buttons of their own: (team, player) -> that lamp's value (others OFF); the format's.
PlayerLamps = Callable[[ShowState], "dict[tuple[int, int], str]"]


class Lamps:
    def __init__(self, lamps: dict[LampTarget, SetLamp], flags: Callable[[str], PhaseFlags],
                 players: PlayerLamps | None = None, buttons: Format | None = None) -> None:
        self.lamps = lamps  # team (or a player's button: (team, player)) → how to set its lamp
        self.flags = flags  # the format's phase flags: lamps follow the game while `lamps_live`
        self.players = players  # a player's lamp: what the format says (PlayerBuzzers.player_lamps)
        self.buttons = buttons  # whose button answers / is out: the format's (a button may be a table, not a team)
        self.blink_until: dict[int, float] = {}
        self.warning = False

    def update(self, state: ShowState, events: list[Event], now: float) -> dict[LampTarget, str]:
        for event in events:
            if event.kind == EventKind.FALSE_START and event.team is not None:
                self.blink_until[event.team] = now + FALSE_START_BLINK_S
            elif event.kind == EventKind.TIMER_WARNING:
                self.warning = True
            elif event.kind in _WARNING_ENDS:
                self.warning = False
        by_player = self.players(state) if self.players is not None else {}
        wanted = {target: by_player.get(target, "OFF") if isinstance(target, tuple) else self.wanted(state, target, now)
                  for target in self.lamps}
        for target, value in wanted.items():
            self.lamps[target](value)
        return wanted

    def wanted(self, state: ShowState, team: int, now: float) -> str:
        if self.blink_until.get(team, 0) > now:
            return "BLINK"
        if not self.flags(state.phase).lamps_live:
            return "OFF"
        answering = self.buttons.buttons_answering(state) if self.buttons is not None else state.answering
        locked = self.buttons.buttons_locked(state) if self.buttons is not None else state.locked
        if answering == team:
            return "ON"
        if team in locked:
            return "OFF"
        if not self.warning:
            return "OFF"
        if self.buttons is not None:  # at the warning, the buttons whose press would still be taken (the format's)
            return "BLINK" if self.buttons.button_answer(state, team, None, now).taken else "OFF"
        return "BLINK" if answering is None else "OFF"
