"""A format's phases and the flags the parts outside it read (never its phase names).

Here, not in spec.py, so that the Format base (core/format.py) can read a phase's flags too.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


@dataclass(frozen=True)
class PhaseFlags:
    """What a phase means to the parts outside the format (they read flags, never phase names)."""

    buzzers_live: bool = False  # a press may count now (OSC feedback, the console's press queue)
    lamps_live: bool = False  # buzzer lamps follow the game (answering ON, out OFF, warning BLINK)
    amount_entry: bool = False  # digit keys type an amount on the console (bids, stakes)
    clock_over: bool = False  # the verdict is in: time can no longer be added to the question's clock
    outside_rounds: bool = False  # after the rounds (a final): the console names the phase alone, no round


NO_FLAGS = PhaseFlags()


class Phase(enum.StrEnum):
    """Base of a format's phase enum. A member is its phase name (a str, so `state.phase == Phase.X`
    and journals stay plain strings) and carries `flags`:

        class Phase(spec.Phase):
            TITLE = "title"
            QUESTION = "question", PhaseFlags(buzzers_live=True, lamps_live=True)
    """

    flags: PhaseFlags

    def __new__(cls, value: str, flags: PhaseFlags = NO_FLAGS) -> Phase:
        member = str.__new__(cls, value)
        member._value_ = value
        member.flags = flags
        return member
