"""The feed's press stages: every buzzer press, from any source, becomes the engine's `Buzz` here, once.

1. Whose: a physical button (a box's input, a key of a keyboard device, a pad's button) is named by the
   buzzer map, or taken for assigning while buttons are being assigned (the hardware's, inputs/hardware.py);
   a phone's seat presses the button the format says (Format.seat_button).
2. The seat's range: a team that has no button now (the state's teams) is refused, with the one answer
   every source gets (`NoSuchSeat`: OSC and the phones reply 404; a key says nothing). The same check
   (`seat_refusal`) takes an action call's `team` in the controls, against the show's teams.
3. The line check («Проверка кнопок») takes the press: the team's panel lights, the game is not touched.
4. The `Buzz`, with the press's own time, submitted through the show (runtime/show/service.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from quizshow.core import commands as c
from quizshow.core.engine import Outcome
from quizshow.core.format import Format, Refused
from quizshow.core.state import ShowState
from quizshow.inputs.messages import Press, Seat

# How long a press's announcement waits for earlier presses still on their way from the phones (None: none).
Hold = Callable[[int, int | None], float | None]
NOT_FOUND, NOT_NOW = 404, 409  # the reply codes of a refusal (OSC's and the phones' alike)


def no_hold(team: int, player: int | None) -> float | None:
    """No phones: a press's announcement waits for nothing."""
    return None


class NoSuchSeat(Refused):
    """A team the show does not have: every source's one answer (OSC and the phones: 404)."""

    def __init__(self, team: int, teams: int) -> None:
        super().__init__("there is no team {team} (teams are 1 to {teams})", team=team + 1, teams=teams)


def seat_refusal(team: int, teams: int) -> NoSuchSeat | None:
    """The one check of a team's range (a press's seat, an action call's `team` argument)."""
    return None if 0 <= team < teams else NoSuchSeat(team, teams)


def reply_code(outcome: Outcome | None) -> int:
    """The code a source is answered with: 200, 404 for a team the show does not have, 409 for any other
    refusal (the engine's, the format's)."""
    if outcome is None or not outcome.refused:
        return 200
    return NOT_FOUND if isinstance(outcome.refusal, NoSuchSeat) else NOT_NOW


class Buttons(Protocol):
    """The hardware's side of the press stages: whose a physical button is, and the line check."""

    line_check: bool

    def whose(self, press: Press) -> Seat | None: ...  # None: assigned now, or nobody's
    def light(self, team: int, at: float) -> None: ...


class PressLine:
    """The press stages in order (the module's doc). `press` takes one press through them all (a key of the
    key map, a console button); the feed takes a batch through `whose`, then `apply` in press order."""

    def __init__(self, buttons: Buttons, fmt: Format, state: Callable[[], ShowState],
                 submit: Callable[[c.Command], Outcome], hold: Hold) -> None:
        self.buttons = buttons
        self.format = fmt
        self.state = state
        self.submit = submit
        self.hold = hold

    def press(self, press: Press) -> Outcome | None:
        whose = self.whose(press)
        if whose is None:
            return None
        return self.apply(whose)

    def whose(self, press: Press) -> Press | None:
        """Stage 1: the press with its seat named; None when it is nobody's press (assigned, or unknown; a
        phone's seat without a button now hears why through `done`)."""
        if press.seat is None:
            seat = self.buttons.whose(press)
            return None if seat is None else replace(press, seat=seat)
        if not press.phone:
            return press
        state = self.state()
        try:
            team, player = self.format.seat_button(state, press.seat.team, press.seat.player)
        except Refused as why:  # no button now: nothing journalled, the phone hears why
            if press.done is not None:
                press.done(Outcome(c.Tick(at=press.at), state, refused=str(why), refusal=why))
            return None
        return replace(press, seat=Seat(team, player), phone=False)

    def apply(self, press: Press) -> Outcome | None:
        """Stages 2 to 4, for a press whose seat is named."""
        seat = press.seat
        assert seat is not None, "a press is applied once its seat is named (whose)"
        state = self.state()
        wrong = seat_refusal(seat.team, len(state.teams))
        if wrong is not None:
            return Outcome(c.Tick(at=press.at), state, refused=str(wrong), refusal=wrong)
        if self.buttons.line_check:  # taken by the line check: the team's panel lights, the game is untouched
            self.buttons.light(seat.team, press.at)
            return Outcome(c.Tick(at=press.at), state)
        return self.submit(c.Buzz(at=press.at, team=seat.team, player=seat.player, source_time=press.source_time,
                                  device=press.device, clock_error=press.clock_error,
                                  hold=self.hold(seat.team, seat.player)))
