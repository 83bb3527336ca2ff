"""What the console reads besides the engine (spec/console.md): its devices, notices, prompts and the
operator's typing. The operator's state itself is the runtime's (runtime/operator/state.py `OperatorState`,
set by the controls and the show service); the console draws from this read-only view of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from quizshow.core.actions import Call

if TYPE_CHECKING:
    from quizshow.inputs.phones.board import JoinBoard


class Notice(NamedTuple):
    """Something the console tells the operator, with its wall time. A `problem` (a refused OSC
    source, an unknown box input) stays on the DEVICES line in red; `info` (a gamepad plugged in, an
    undo done) in plain text; `refused` (the operator's own action not allowed now) is shown for a
    moment in the middle of the console instead, where the operator is looking."""

    at: float
    text: str
    level: str = "problem"


class ConsoleStatus(Protocol):
    """The operator's state as the console reads it (never writes)."""

    @property
    def devices(self) -> Sequence[tuple[str, bool]]: ...  # (text, ok)
    @property
    def notices(self) -> Sequence[Notice]: ...
    @property
    def quit_armed(self) -> bool: ...
    @property
    def help(self) -> bool: ...
    @property
    def resumed(self) -> str | None: ...
    @property
    def amount(self) -> str: ...  # an amount being typed (a bid, a stake)
    @property
    def typing(self) -> str | None: ...  # a text being typed for an action (ActionDef.text_max)
    @property
    def typing_for(self) -> str: ...  # what that text is for, in the operator's words
    @property
    def prompt(self) -> tuple[str, float] | None: ...  # a question (text, until monotonic): not a problem
    @property
    def line_check(self) -> bool: ...  # «Проверка кнопок»: the boxes' table instead of the format panel
    @property
    def boxes(self) -> list: ...  # every serial box's BoxStatus (inputs/serialbox.py, which is above the console)
    @property
    def checks(self) -> Sequence[tuple[str, bool]]: ...  # the Buzz! set, keyboard devices: (text, ok)
    @property
    def last_press(self) -> Mapping[int, float]: ...  # team → show time (line check)
    @property
    def osc_admit(self) -> str | None: ...  # «Впустить 10.0.0.7:9000»
    @property
    def device_buttons(self) -> Sequence[tuple[str, Call]]: ...  # («Принять телефон: Альфа», its call)
    @property
    def join_board(self) -> JoinBoard | None: ...
    @property
    def phone_codes(self) -> bool: ...  # the console's panel of the phones' codes is open (F6)
