"""What the app tells the console besides the engine (spec/console.md): its devices, notices, prompts and
the operator's typing. Filled by the runtime (runtime/operator/notices.py, runtime/operator/controls.py), read
by the console."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

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


@dataclass
class ConsoleStatus:
    """What the app tells the console besides the engine: devices, problems, the quit prompt."""

    devices: list[tuple[str, bool]] = field(default_factory=list)  # (text, ok)
    notices: list[Notice] = field(default_factory=list)
    quit_armed: bool = False
    help: bool = False
    resumed: str | None = None
    amount: str = ""  # an amount being typed on the console (a bid, a stake)
    typing: str | None = None  # a text being typed on the console for an action (ActionDef.text_max)
    typing_for: str = ""  # what that text is for, in the operator's words («Спорный ответ команды «Совы», вопрос 7»)
    prompt: tuple[str, float] | None = None  # a question to the operator (text, until monotonic): not a problem
    line_check: bool = False  # «Проверка кнопок»: the boxes' table instead of the format panel
    boxes: list = field(default_factory=list)  # BoxStatus of every serial box
    checks: list[tuple[str, bool]] = field(default_factory=list)  # the Buzz! set, keyboard devices: (text, ok)
    last_press: dict[int, float] = field(default_factory=dict)  # team → show time (line check)
    osc_admit: str | None = None  # «Впустить 10.0.0.7:9000»: an OSC desk refused its passcode, to let in
    # Phones (runtime/web/phones.py): the devices line's buttons («Принять телефон: Альфа», the codes' switches),
    # the seats' join board, and whether the console's panel of codes is open (F6; Esc closes it).
    device_buttons: list[tuple[str, Call]] = field(default_factory=list)
    join_board: JoinBoard | None = None
    phone_codes: bool = False


