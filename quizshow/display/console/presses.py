"""The console's middle panel when the format draws none: the press queue with each press's margin behind
the first and the device it came from; and «Проверка кнопок», the boxes' table and each team's buzzer."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from quizshow.core.format import PressKind
from quizshow.core.state import Team
from quizshow.display.console.devices import state_mark
from quizshow.display.console.status import ConsoleStatus
from quizshow.display.console.style import BAD, GOLD, MUTED, TEXT
from quizshow.display.console.teams import out_words
from quizshow.display.console.ui import PanelUI
from quizshow.display.console.words import margin_text
from quizshow.i18n import Words
from quizshow.inputs.hardware import box_problem

DEVICE_WORDS = ("keyboard", "console")  # input sources named in words; box and pad ids are shown as they are


def draw_presses(ui: PanelUI, box: pygame.Rect) -> None:
    """The press queue of the question, first press first, with margins."""
    surface, unit, state = ui.surface, ui.unit, ui.state
    inner = ui.titled_panel(box, "console.presses")
    y = inner.y
    # Once the game is over the last question's presses are history: the queue is empty.
    presses = () if ui.format.setup.flags(state.phase).game_over else state.presses.presses
    if not presses:
        surface.blit(ui.fitted(ui.say("console.no_presses"), "body", (inner.width, unit), MUTED, unit),
                     (inner.x, y))
    for press in presses[: max(1, (inner.bottom - y) // int(unit * 1.3))]:
        team = state.teams[press.team]
        margin = state.presses.margin(press)
        color = ui.theme.team_color(press.team, team.color)
        pygame.draw.circle(surface, color, (inner.x + unit // 2, y + unit // 2), unit // 3)
        mark = press_mark(ui, press.team, press.player, team)
        out = f"  — {mark}" if mark else ""
        device = ui.say(f"device.{press.device}") if press.device in DEVICE_WORDS else press.device
        line = f"{team.name}   {margin_text(margin, ui.words)}   {device}{out}"
        surface.blit(ui.fitted(line, "body", (inner.width - unit * 2, unit), TEXT, unit),
                     (inner.x + int(unit * 1.3), y))
        y += int(unit * 1.3)


def drift_text(ppm: float | None, words: Words) -> str:
    """A box's clock against the show's, as the gap it would open in a minute: «+2,1 мс/мин» runs fast,
    «−0,3 мс/мин» slow (the show follows it either way); «—» until measured."""
    if ppm is None:
        return "—"
    return words.say("console.box_drift", ms=words.decimal(ppm * 60 / 1000, 1, signed=True))


def press_mark(ui: PanelUI, button: int, player: int | None, team: Team) -> str:
    """What a press's button is now, in the format's one answer (the phones read the same): answers (or is being
    settled), waits its turn, or is out of the question; nothing otherwise."""
    kind = ui.format.button_answer(ui.state, button, player, ui.now).kind
    if kind is PressKind.ANSWERING:
        return ui.say("console.press_settling" if ui.state.settling is not None else "console.press_answering")
    if kind is PressKind.QUEUED:
        return ui.say("console.press_waiting")
    if kind is PressKind.OUT:
        return ui.say(out_words(team, "console.out"))
    return ""


def draw_line_check(ui: PanelUI, box: pygame.Rect, status: ConsoleStatus, since: Callable[[float], float]) -> None:
    """«Проверка кнопок»: every box (port, id, firmware, round trip, clock drift, last press, lost lines), then
    each team's buzzer and when it was last pressed. `since`: seconds from a show time to now."""
    surface, unit = ui.surface, ui.unit
    inner = ui.titled_panel(box, "console.line_check")
    y = inner.y
    lines = []
    for box_status in status.boxes:
        last = box_status.last_press
        ago = "—" if last is None else ui.say("console.ago", s=f"{since(last):.0f}")
        rtt = "—" if box_status.rtt_ms is None else ui.words.duration(box_status.rtt_ms / 1000)
        drift = drift_text(box_status.drift_ppm, ui.words)
        ok = box_status.connected and not box_status.stuck  # a stuck box reads but its lamps do not follow
        state = ui.say("console.box_ok") if ok else box_problem(box_status, ui.say)
        lines.append((ui.say("console.box_line", id=box_status.id, port=box_status.port or "?",
                             fw=box_status.fw or "—", rtt=rtt, drift=drift, last=ago, lost=box_status.lost_lines,
                             dropped=box_status.dropped, state=state), ok))
    lines += status.checks  # the Buzz! set, keyboard devices
    # One size for every box: the longest line, wrapped to two at most, decides it.
    room = (inner.width - unit * 2, unit * 2)
    px = min([ui.text.layout(text, "body", room, int(unit * 0.9)).px for text, _ in lines] or [unit])
    for text, connected in lines:
        state_mark(surface, (inner.x + unit // 2, y + unit // 2), unit // 3, "ok" if connected else "problem")
        img = ui.fitted(text, "body", room, TEXT if connected else BAD, px, wrap=True)
        surface.blit(img, (inner.x + unit, y))
        y += max(int(unit * 1.4), img.get_height() + unit // 3)
    if not lines:
        surface.blit(ui.fitted(ui.say("console.no_boxes"), "body", (inner.width, unit), MUTED, unit),
                     (inner.x, y))
        y += int(unit * 1.4)
    y += unit // 2
    for team, info in enumerate(ui.state.teams):
        pressed = status.last_press.get(team)
        lit = pressed is not None and since(pressed) < 1.5
        color = ui.theme.team_color(team, info.color)
        pygame.draw.circle(surface, color, (inner.x + unit // 2, y + unit // 2), unit // 3, 0 if lit else 2)
        line = f"{info.name}: " + (ui.say("console.pressed") if lit else ui.say("console.press_now"))
        surface.blit(ui.fitted(line, "body", (inner.width - unit * 2, unit), GOLD if lit else TEXT, unit),
                     (inner.x + unit, y))
        y += int(unit * 1.3)
        if y > inner.bottom - unit:
            break
