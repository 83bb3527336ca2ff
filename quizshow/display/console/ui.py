"""The console's widgets: what the console and every format's panel draw with (a button bound to an
action call, a field, a titled panel, fitted text, a grid). A panel never reaches into the console.

A `PanelUI` is made for one console frame: the surface, the base type size (`unit`), the state and
format being shown, the operator's status (the typed amount), and the buttons drawn so far (a click is
looked up among them).
"""

from __future__ import annotations

import pygame

from quizshow.core.actions import Call, Value
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.console.status import ConsoleStatus
from quizshow.display.console.style import BUTTON, DIM, EDGE, GOLD, LIT, MUTED, PANEL, TEXT
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.i18n import Words


def min_text_px(unit: int) -> int:
    """The console's smallest text: 14 px at 1280×800 (unit 20), never under 11 px on the smallest screen."""
    return max(11, round(unit * 0.7))


class PanelUI:
    def __init__(self, surface: pygame.Surface, unit: int, text: TextCache, theme: Theme,
                 words: Words, state: ShowState, fmt: Format, status: ConsoleStatus,
                 buttons: list[tuple[pygame.Rect, Call]], now: float = 0.0,
                 memory: dict[str, object] | None = None) -> None:
        self.surface = surface
        self.unit = unit
        self.text = text
        self.theme = theme
        self.words = words  # the console's (its decimal comma: «0,041»)
        self.say = words.say
        self.state = state
        self.format = fmt
        self.status = status  # ConsoleStatus: `amount` is the amount being typed, `typing` a text
        self.buttons = buttons
        self.min_px = min_text_px(unit)
        self.now = now  # show time of the frame (countdowns)
        # The panel's own memory on this console (a cursor), kept across frames; its key handler
        # (FormatViews.keys) gets the same dict. Never journalled: what changes the show is a call.
        self.memory: dict[str, object] = {} if memory is None else memory
        # Every button label that could not be drawn whole this frame (it would end in «…» or split a
        # word): a test walks the panels and fails on any; the label is still drawn, cut, so the show goes on.
        self.cut: list[str] = []
        # The drawing's safe points (paint.GiveWay): the console's big panels go in bands between them, so a
        # box's press being applied is not kept waiting for a whole panel's blit (up to 0.7 ms).
        self.give_way: paint.GiveWayFn = paint.never

    # --- reading ---------------------------------------------------------------------------------

    @property
    def language(self) -> str:
        return self.words.language

    def team_color(self, team: int) -> pygame.Color:
        return self.theme.team_color(team, self.state.teams[team].color)

    # --- text ----------------------------------------------------------------------------------------

    def fitted(self, text: str, role: str, box: tuple[int, int], color: pygame.Color, px: int,
               align: str = "left", wrap: bool = False) -> pygame.Surface:
        """The text at the largest size ≤ px that fits `box`, never under the console's smallest readable
        size (a long name wraps, or ends in «…», instead of shrinking to a smudge)."""
        return self.text.fit(text, role, (max(1, box[0]), max(1, box[1])), color, max(px, self.min_px),
                             min_px=self.min_px, align=align, wrap=wrap)

    def label(self, text: str, pos: tuple[int, int], box: tuple[int, int], color: pygame.Color = TEXT,
              px: int | None = None, role: str = "body", wrap: bool = False) -> pygame.Surface:
        """Fitted text drawn with its top-left at `pos`; returns the drawn surface (for its size)."""
        img = self.fitted(text, role, box, color, px or self.unit, wrap=wrap)
        self.surface.blit(img, pos)
        return img

    def labelled(self, box: pygame.Rect, label: str, value: str, color: pygame.Color = TEXT,
                 label_w: int | None = None) -> None:
        """A row of the question panel: a small muted label at the left, the value (wrapped, fitted) beside it."""
        unit = self.unit
        label_w = unit * 8 if label_w is None else label_w
        self.surface.blit(self.fitted(label, "heading", (label_w, unit), MUTED, int(unit * 0.8)), box.topleft)
        img = self.fitted(value, "body", (box.width - label_w, box.height), color, int(unit * 1.2), wrap=True)
        self.surface.blit(img, (box.x + label_w, box.y))

    # --- shapes --------------------------------------------------------------------------------------

    def panel(self, box: pygame.Rect) -> None:
        paint.blit(self.surface, paint.panel(box.size, paint.rgb(PANEL), paint.rgb(PANEL), paint.rgb(EDGE), 8, 1),
                   box.topleft, give_way=self.give_way)

    def sheet(self, box: pygame.Rect, shade: pygame.Color) -> None:
        """A panel over the whole console, everything behind it shaded (help, the phones' codes)."""
        dim = pygame.Surface(self.surface.get_size(), pygame.SRCALPHA)
        dim.fill(shade)
        self.surface.blit(dim, (0, 0))
        self.panel(box)

    def titled_panel(self, box: pygame.Rect, title_key: str) -> pygame.Rect:
        """A panel with its small title; returns the area left for the content."""
        unit = self.unit
        self.panel(box)
        inner = box.inflate(-unit, -unit // 2)
        title = self.fitted(self.say(title_key), "heading", (inner.width, unit), MUTED, int(unit * 0.8))
        self.surface.blit(title, inner.topleft)
        top = int(unit * 1.3)
        return pygame.Rect(inner.x, inner.y + top, inner.width, max(1, inner.height - top))

    def dot(self, center: tuple[int, int], color: pygame.Color, filled: bool = True) -> None:
        """A team's colour mark (an empty ring: out of this question)."""
        pygame.draw.circle(self.surface, color, center, self.unit // 3, 0 if filled else 2)

    def outline(self, rect: pygame.Rect, color: pygame.Color = GOLD, width: int = 2) -> None:
        """The current row or choice."""
        pygame.draw.rect(self.surface, color, rect, width=width, border_radius=6)

    @staticmethod
    def grid(box: pygame.Rect, count: int, columns: int | None = None, gap: int = 4,
             row_h: int | None = None) -> list[pygame.Rect]:
        """`count` cells in rows of `columns` (one row when None), filling `box` left to right."""
        columns = max(1, columns or count)
        rows = max(1, -(-count // columns))
        width = (box.width - gap * (columns - 1)) // columns
        height = row_h if row_h is not None else (box.height - gap * (rows - 1)) // rows
        return [pygame.Rect(box.x + (i % columns) * (width + gap), box.y + (i // columns) * (height + gap),
                            width, height) for i in range(count)]

    # --- controls ------------------------------------------------------------------------------------

    def button(self, rect: pygame.Rect, label: str, name: str, *args: Value, hint: str | None = None,
               px: int | None = None, dim: bool = False, lit: bool = False,
               mark: pygame.Color | None = None) -> None:
        """A clickable action call `name(*args)`: its label, and under it (when given) the key that does
        the same. `dim`: done already (a played cell); `lit`: the current choice; `mark`: a team's colour bar."""
        unit, surface = self.unit, self.surface
        fill = DIM if dim else LIT if lit else BUTTON
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        pygame.draw.rect(surface, GOLD if lit else EDGE, rect, width=2 if lit else 1, border_radius=6)
        side = 4  # the label's margin each side: clear of the colour bar too («Ёжики в тумане» touched it)
        if mark is not None:
            stripe = max(4, unit // 4)
            pygame.draw.rect(surface, mark, pygame.Rect(rect.x, rect.y, stripe, rect.height),
                             border_top_left_radius=6, border_bottom_left_radius=6)
            side = stripe + max(4, unit // 4)
        if hint is None:  # a long label (a player's name) wraps to a second line rather than shrinking
            img = self.button_text(label, "body", (rect.width - side * 2, rect.height - 2), MUTED if dim else TEXT,
                                   px or int(unit * 0.9), wrap=True)
            surface.blit(img, img.get_rect(center=rect.center))
        else:
            top = rect.bottom - max(rect.height * 45 // 100, int(self.min_px * 1.4)) - 1
            title = self.button_text(label, "heading", (rect.width - 8, top - rect.y), TEXT, px or unit)
            surface.blit(title, title.get_rect(midbottom=(rect.centerx, top)))
            key = self.fitted(hint, "body", (rect.width - 8, rect.bottom - top - 2), MUTED,
                              max(8, int((px or unit) * 0.8)), align="center")
            surface.blit(key, key.get_rect(midtop=(rect.centerx, top)))
        self.buttons.append((rect, Call(name, args)))

    def button_text(self, label: str, role: str, box: tuple[int, int], color: pygame.Color, px: int,
                    wrap: bool = False) -> pygame.Surface:
        """A button's label, centred, whole: at the largest size ≤ px that fits (wrapped when `wrap`: two
        lines of «Апелляция: отклонена» rather than «Апелляция:…»), never under the console's smallest
        text. A label that would still be cut (end in «…», split a word) is recorded in `cut`, and drawn
        cut: a test walks every panel and fails on it; the show goes on."""
        box = (max(1, box[0]), max(1, box[1]))
        top = max(px, self.min_px)
        if self.text.layout(label, role, box, top, self.min_px, wrap).cut:
            self.cut.append(label)
        return self.text.fit(label, role, box, color, top, min_px=self.min_px, align="center", wrap=wrap)

    def blank(self, rect: pygame.Rect) -> None:
        """A place with nothing to press (an empty board cell): drawn like a played cell, with no label."""
        pygame.draw.rect(self.surface, DIM, rect, border_radius=6)
        pygame.draw.rect(self.surface, EDGE, rect, width=1, border_radius=6)

    def field(self, box: pygame.Rect, label: str, value: str, width: int | None = None) -> int:
        """`label: value` in the numbers face (the amount being typed); returns the width used."""
        used = width or self.unit * 10
        self.surface.blit(self.fitted(f"{label}: {value}", "numbers", (used, box.height), GOLD,
                                      int(self.unit * 1.4)), (box.x, box.y))
        return used
