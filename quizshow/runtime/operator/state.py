"""The operator's state: what the operator is doing and being told besides the engine — the amount and the
text being typed, the help, the quit and undo questions, prompts and notices, the devices line, the line
check's table, the phones' board. Written by the controls and the show service (runtime/operator/,
runtime/show/), on the window thread; read by the console (display/console/status.py `ConsoleStatus`, the
read-only view it draws from)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from quizshow.core.actions import Call
from quizshow.display.console.status import Notice

if TYPE_CHECKING:
    from quizshow.inputs.phones.board import JoinBoard
    from quizshow.inputs.serialbox import BoxStatus


@dataclass
class OperatorState:
    running: bool = True  # until the operator quits (twice within 2 s)
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
    boxes: list[BoxStatus] = field(default_factory=list)  # every serial box's
    checks: list[tuple[str, bool]] = field(default_factory=list)  # the Buzz! set, keyboard devices: (text, ok)
    last_press: dict[int, float] = field(default_factory=dict)  # team → show time (line check)
    osc_admit: str | None = None  # «Впустить 10.0.0.7:9000»: an OSC desk refused its passcode, to let in
    # Phones (runtime/web/phones.py): the devices line's buttons («Принять телефон: Альфа», the codes' switches),
    # the seats' join board, and whether the console's panel of codes is open (F6; Esc closes it).
    device_buttons: list[tuple[str, Call]] = field(default_factory=list)
    join_board: JoinBoard | None = None
    phone_codes: bool = False
