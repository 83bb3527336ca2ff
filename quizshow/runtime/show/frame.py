"""Once a frame, on the window thread: the view changes other threads queued, time passing (a `Tick`), the
quit question's seconds, the clock started when the pack's media is over, the desks' running clock, and
the operator's state the console draws (devices, the line check's table, the phones' desk)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from quizshow.core import commands as c
from quizshow.inputs.hardware import Hardware
from quizshow.inputs.messages import Action
from quizshow.outputs.media import PackMedia
from quizshow.runtime.operator.controls import Controls
from quizshow.runtime.operator.state import OperatorState
from quizshow.runtime.osc.link import OscLink
from quizshow.runtime.show.media_wait import Player, media_over
from quizshow.runtime.show.service import Show

if TYPE_CHECKING:  # the phones' wiring loads the web server (aiohttp), which a show without phones never loads
    from quizshow.runtime.web.phones import Phones


class Frame:
    def __init__(self, show: Show, controls: Controls, hardware: Hardware, operator: OperatorState,
                 media: PackMedia, video: Player, osc: OscLink | None, phones: Phones | None) -> None:
        self.show = show
        self.controls = controls
        self.hardware = hardware
        self.operator = operator
        self.media = media
        self.video = video  # the projector's video screen (a pack's question card)
        self.osc = osc
        self.phones = phones

    def tick(self) -> None:
        show, operator, hardware = self.show, self.operator, self.hardware
        show.sinks.pump()
        show.submit(c.Tick(at=show.clock.now()))
        self.controls.refresh()
        if media_over(show.format, show.state, self.media, self.video):  # the pack's media over: «Время!»
            self.controls.action(Action("timer_start", show.clock.now(), "media"))
        if self.osc is not None:
            self.osc.tick(show.state)
        operator.devices = self.device_lines()
        operator.line_check = hardware.line_check
        operator.boxes = [driver.status for driver in hardware.boxes.values()]
        operator.checks = hardware.check_lines()
        operator.last_press = dict(hardware.last_press)
        operator.osc_admit = None if self.osc is None else self.osc.knocking()
        if self.phones is not None:
            self.phones.tick()  # the phones' join board, codes and «Принять телефон» buttons

    def device_lines(self) -> list[tuple[str, bool]]:
        # The phones first: their summary («подключено 3 из 4») is what the devices line keeps longest.
        lines = self.phones.device_lines() if self.phones is not None else []
        lines += self.hardware.device_lines()
        if self.osc is not None:
            lines += self.osc.device_lines()
        return lines
