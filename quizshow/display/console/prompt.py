"""The console's prompt strip: a question to the operator over the question panel — quit (press again),
a text being typed for an action, a confirmation the runtime asks for. Never over a control needed next."""

from __future__ import annotations

import pygame

from quizshow.display.console.status import ConsoleStatus
from quizshow.display.console.style import BAD, PROMPT, TEXT, TYPING
from quizshow.display.console.ui import PanelUI


def draw_prompt(ui: PanelUI, text: str, color: pygame.Color, over: pygame.Rect) -> pygame.Rect:
    """`text` on a plate of `color` in the middle of `over`; returns the plate."""
    unit = ui.unit
    long = len(text) > 48  # a question that names a place (a far undo): wrapped, at a readable size
    box = pygame.Rect(0, 0, over.width * 4 // 5 if long else over.width * 2 // 3,
                      min(over.height, unit * 8 if long else unit * 4))
    box.center = over.center
    pygame.draw.rect(ui.surface, color, box, border_radius=12)
    img = ui.fitted(text, "heading", (box.width - unit * 2, box.height - unit), TEXT,
                    int(unit * 1.5) if long else unit * 2, align="center", wrap=long)
    ui.surface.blit(img, img.get_rect(center=box.center))
    return box


def standing(status: ConsoleStatus, mono: float) -> str | None:
    """The runtime's question to the operator while it stands (until its time, on the monotonic clock)."""
    return status.prompt[0] if status.prompt is not None and mono < status.prompt[1] else None


def draw_prompts(ui: PanelUI, status: ConsoleStatus, over: pygame.Rect, question: str | None) -> pygame.Rect | None:
    """The prompt the status asks for, if any (quit first, then typing, then the runtime's `question` standing
    now); returns where it stands."""
    if status.quit_armed:
        return draw_prompt(ui, ui.say("console.quit_confirm"), BAD, over)
    if status.typing is not None:  # a text for an action (ActionDef.text_max): Enter gives it, Esc drops it
        said = ui.say("console.typing_for", what=status.typing_for, text=status.typing) if status.typing_for else \
            ui.say("console.typing", text=status.typing)
        return draw_prompt(ui, said, TYPING, over)
    if question is not None:
        return draw_prompt(ui, question, PROMPT, over)
    return None
