"""The console's header: where the show stands («ВОПРОС · раунд 1 · вопрос 3 из 12 · 40 очков»), the clock,
and what Next will do with its keys (spec/console.md); at the end, the start-over button."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from quizshow.display.console.style import BAD, GOLD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.display.console.words import quoted
from quizshow.inputs.keymap import KeyMap


class Fit(Protocol):
    """PanelUI.fitted's signature."""

    def __call__(self, text: str, role: str, box: tuple[int, int], color: pygame.Color, px: int,
                 align: str = "left", wrap: bool = False) -> pygame.Surface: ...


def header_line(ui: PanelUI) -> str:
    """The phase, and where a question is on: its round, its number, its value."""
    state, fmt = ui.state, ui.format
    pos = fmt.position(state)
    parts = [ui.say(pos.get("phase_key") or f"phase.{state.phase}").upper()]  # (a format may name its phase)
    asked = pos.get("question")
    if asked is not None:
        # A format may name its round (`round_key`, a phrase with {n}, «бой 2»; None: no round) and its
        # question (`question_key`, a phrase with {n}, instead of «вопрос 3 из 12»).
        round_key = pos.get("round_key", "console.round")
        if round_key is not None:
            parts.append(ui.say(round_key, n=(pos.get("round") or 0) + 1))
        played = pos.get("played")
        n = played if played else asked + 1
        question_key = pos.get("question_key")
        parts.append(ui.say(question_key, n=n) if question_key else
                     ui.say("console.question_no", n=n, of=pos.get("of", "?")))
        if pos.get("value"):  # a format may name whose value it is (`value_key` with {team} and {n})
            parts.append(ui.say(pos.get("value_key") or "scene.points", n=pos["value"],
                                team=pos.get("value_team", "")))
    return " · ".join(parts)


def draw_header(ui: PanelUI, box: pygame.Rect, keymap: KeyMap, can_go: Callable[[], bool],
                panel_takes: Callable[[int, int], bool], fit: Fit) -> int:
    """The header in `box`; returns where the question panel starts. `can_go`: whether Next does a step now
    (worked out under the engine's lock); `panel_takes`: whether the format's panel takes a key first;
    `fit`: the console's text fitter (Console._fit)."""
    surface, unit, now = ui.surface, ui.unit, ui.now
    state, fmt = ui.state, ui.format
    surface.blit(fit(header_line(ui), "heading", (box.width * 3 // 4, unit * 2), TEXT, int(unit * 1.3)),
                 (box.x, box.y))
    if state.timer.armed:
        left = state.timer.remaining(now)
        # red only while time runs out; a stopped clock (a press, the question over) is grey, not urgent
        warning = left <= float(fmt.rules.get("warning_s", 10))
        color = (BAD if warning else GOLD) if state.timer.running else MUTED
        secs = int(left + 0.999)
        clock = f"{secs // 60:02d}:{secs % 60:02d}"
        img = fit(clock, "numbers", (box.width // 4, unit * 2), color, int(unit * 1.6), align="right")
        surface.blit(img, img.get_rect(topright=(box.right, box.y)))
    next_step = fmt.next_action(state)
    # a key the active panel takes (the grid's arrows) does not step: it is not offered for Next
    offered = keymap.keys_of("go", ui.words, panel_takes)
    keys = ", ".join(offered[:2])
    text = f"{ui.say('console.next')} {quoted(ui.say(next_step.key))}"
    # Next's keys only where Next does the step (not «choose a cell», not «no next step»)
    if keys and can_go():
        text += f" ({keys})"
    width = box.width
    if next_step.finished or state.phase == "end":  # over: offer to start again (two presses)
        width = box.width - unit * 12
        ui.button(pygame.Rect(box.right - unit * 11, box.y + int(unit * 2), unit * 11, int(unit * 1.8)),
                  f"{ui.say('action.start_over')} (2×)", "start_over")
    surface.blit(fit(text, "heading", (width, int(unit * 1.8)), GOLD, int(unit * 1.25)),
                 (box.x, box.y + int(unit * 2)))
    return box.y + unit * 4
