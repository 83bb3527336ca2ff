"""The operator console (spec/console.md): where are we, what Next will do, how to fix a mistake.

It draws from the engine and the app's status and returns its buttons as (rect, action) so a click
is the same action as a key. Nothing here ever reaches the projector.

This class keeps the console's state (its journal lines, the panel's memory, when it last drew) and
assembles a frame; each part is drawn by its own module of this package: header (where we are, Next),
question (the question panel), presses (the press queue, the line check), teams (the team list), buttons
(the action buttons, undo), journal, devices, preview (the projector's copy, the blank mark), prompt, help.
Its sentences are words'; its widgets ui's; what the app tells it status'.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TypeVar

import pygame

from quizshow.core.actions import Call
from quizshow.core.clock import SYSTEM, Clock
from quizshow.core.engine import Engine, Entry, Outcome
from quizshow.core.spec import JournalWords
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.console.buttons import draw_buttons, draw_undo
from quizshow.display.console.devices import draw_devices
from quizshow.display.console.header import draw_header
from quizshow.display.console.help import draw_help
from quizshow.display.console.journal import draw_journal
from quizshow.display.console.presses import draw_line_check, draw_presses
from quizshow.display.console.preview import draw_blank_mark, draw_preview
from quizshow.display.console.prompt import draw_prompts, standing
from quizshow.display.console.question import draw_question
from quizshow.display.console.status import ConsoleStatus
from quizshow.display.console.style import BG
from quizshow.display.console.teams import CONSOLE_OWN, PANEL_OWN, draw_team_row, draw_teams, scores_by_hand
from quizshow.display.console.ui import PanelUI
from quizshow.display.console.words import describe
from quizshow.display.phone_codes import draw_codes
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.display.views import KeyHandler, Panel, PanelKeys
from quizshow.i18n import Words
from quizshow.inputs.keymap import KeyMap

T = TypeVar("T")

UNDO_H = 3  # the undo button's height, in units: two lines of its label
REDRAW_HZ = 10  # the console's clocks and preview: ten frames a second are enough to read them


class Console:
    def __init__(self, engine: Callable[[], Engine], theme: Theme, keymap: Callable[[], KeyMap], words: Words,
                 text: TextCache | None = None, panel: Panel | None = None,
                 give_way: paint.GiveWayFn = paint.never, journal_words: JournalWords | None = None,
                 panel_keys: KeyHandler | None = None, clock_now: Callable[[], float] | None = None,
                 lock: AbstractContextManager[object] | None = None, *, clock: Clock = SYSTEM) -> None:
        # The engine and the key map as they are now: «Начать заново» brings a new engine, assigning buzzers a
        # new key map; the console reads whichever is current (nobody hands it the new one).
        self.engine_now = engine
        self.keymap_now = keymap
        self.clock = clock  # the machine's: a journal line's time, how long a prompt stands, the redraw rate
        self.words = words  # what the show says, in its language
        self.journal_words = journal_words  # the format's wording of its own commands
        self.panel = panel  # the format's own panel (display/<name>/), from the registry
        self.panel_keys = panel_keys  # the keys that panel takes before the key map
        self.panel_memory: dict[str, object] = {}  # the panel's own (a cursor), shared by its drawing and keys
        self.give_way = give_way
        self.theme = theme
        self.text = text or TextCache(theme.fonts)
        self.buttons: list[tuple[pygame.Rect, Call]] = []
        self.ui: PanelUI | None = None  # this frame's widgets
        self.now = 0.0  # show time of the frame being drawn (the panels' countdowns)
        self.journal: list[tuple[float, str]] = []  # (wall, text), newest last
        self._line_of: list[tuple[Entry, tuple[float, str]]] = []  # each logged entry's line (the newest)
        self._undone: list[tuple[float, str]] = []  # lines whose step was undone: struck, «отменено»
        self.prompt_rect: pygame.Rect | None = None  # where the last frame put its prompt (never on a control)
        self.clock_now = clock_now  # show time (the line check says how long ago)
        self.lock = lock  # the engine's lock: previews read it while no input applies
        self._signature: tuple = ()
        self._last_drawn = -1e9
        self._local_clicks = 0  # the console's own choices (a page of teams): each one redraws
        self._memory_drawn = ""  # the panel's memory as the last frame drew it (a moved cursor redraws)

    @property
    def engine(self) -> Engine:
        return self.engine_now()

    @property
    def keymap(self) -> KeyMap:
        return self.keymap_now()

    @property
    def language(self) -> str:
        return self.words.language

    def say(self, key: str, **values: object) -> str:
        return self.words.say(key, **values)

    def _rosters(self) -> list[tuple[str, ...]]:
        return [t.players for t in self.engine.state.teams]

    def log(self, entry: Entry, wall: float | None = None, after: ShowState | None = None) -> None:
        """A journal line, at `wall` (the time it was journalled, when known) or now; `after`: the state the
        step led to, when known (a Next says where it went)."""
        teams = [t.name for t in self.engine.state.teams]
        said = describe(entry, teams, self.words, self.journal_words, self.engine.format, self._rosters(), after)
        line = (wall or self.clock.wall(), said)
        self.journal.append(line)
        del self.journal[:-50]
        self._line_of.append((entry, line))
        del self._line_of[:-50]

    def mark_undone(self, entries: Sequence[Entry]) -> None:
        """The journal lines of steps an undo took back (and of those that went with it) read «отменено»."""
        for entry, line in self._line_of:
            if any(entry is gone for gone in entries):
                self._undone.append(line)
        del self._undone[:-50]
        self._local_clicks += 1  # a new frame

    def needs_frame(self, status: ConsoleStatus, projector_drew: bool = False) -> bool:
        """Whether the console could look different from its last frame: a new state, a journal line, a
        status change — drawn at once; a running clock, the line check or the projector's preview moving —
        at most REDRAW_HZ times a second. Otherwise nothing is drawn. A text being typed (`status.typing`: its
        prompt opened, each character) is a change: the operator sees every keystroke at once."""
        mono = self.clock.monotonic()
        state = self.engine.state
        prompt = status.prompt if status.prompt is not None and mono < status.prompt[1] else None
        signature = (id(state), len(self.journal), self.journal[-1] if self.journal else None, len(status.notices),
                     status.notices[-1] if status.notices else None, status.quit_armed, status.help, status.amount,
                     status.typing, prompt, status.line_check, tuple(status.devices), status.resumed, id(self.keymap),
                     self._local_clicks, status.osc_admit, tuple(status.device_buttons), status.phone_codes,
                     status.join_board if status.phone_codes else None)
        if signature != self._signature or self._memory_seen() != self._memory_drawn:
            self._signature = signature
            return self._drawn(mono)
        timed = state.timer.running or status.line_check or projector_drew
        if timed and mono - self._last_drawn >= 1 / REDRAW_HZ:
            return self._drawn(mono)
        return False

    def _locked(self, work: Callable[[], T]) -> T:
        """Work out something from the engine's entries (an undo's preview) while no input is applied."""
        if self.lock is None:
            return work()
        with self.lock:
            return work()

    def _drawn(self, mono: float) -> bool:
        self._last_drawn = mono
        return True

    def panel_key(self, key: int, mod: int, at: float, call: Callable[[Call], Outcome | None]) -> bool:
        """A key for the format's panel first (its grid's arrows, say); False: the key map takes it."""
        if self.panel_keys is None:
            return False
        engine = self.engine
        taken = self.panel_keys(PanelKeys(engine.state, engine.format, self.panel_memory, call), key, mod, at)
        if taken:
            self._local_clicks += 1  # the panel's cursor may have moved: a new frame at once
        return taken

    def _memory_seen(self) -> str:
        """What the panel's memory holds now (its cursor, a switch): any change to it since the last frame
        redraws at once, however it came (a key, a click)."""
        return repr(sorted(self.panel_memory.items()))

    def _panel_takes(self, key: int, mod: int, at: float) -> bool:
        """Whether the active panel takes `key` first: asked of a copy of its memory, with calls that do nothing."""
        if self.panel_keys is None:
            return False
        engine = self.engine
        probe = PanelKeys(engine.state, engine.format, copy.deepcopy(self.panel_memory), lambda call: None)
        return bool(self.panel_keys(probe, key, mod, at))

    def click(self, pos: tuple[int, int]) -> Call | None:
        """The call of the button under `pos`; the console's own choices (the team list's page and chosen
        team) change its view here and call nothing."""
        for rect, action in reversed(self.buttons):
            if rect.collidepoint(pos):
                if action.name in CONSOLE_OWN or action.name.startswith(PANEL_OWN):
                    self.panel_memory[action.name] = action.args[0]
                    self._local_clicks += 1
                    return None
                return action
        return None

    # --- drawing -------------------------------------------------------------------------------------

    def render(self, surface: pygame.Surface, now: float, status: ConsoleStatus,
               preview: pygame.Surface | None = None) -> None:
        self.buttons = []
        self.now = now
        question = standing(status, self.clock.monotonic())  # the runtime's, in the middle and not in the devices line
        paint.fill(surface, BG, self.give_way)
        w, h = surface.get_size()
        unit = max(12, h // 40)  # the console's base type size
        ui = self.ui = PanelUI(surface, unit, self.text, self.theme, self.words, self.engine.state, self.engine.format,
                               status, self.buttons, now, self.panel_memory)
        ui.give_way = self.give_way
        side = max(260, int(w * 0.3))
        left = pygame.Rect(unit, unit // 2, w - side - unit * 2, h - unit)
        right = pygame.Rect(left.right + unit, unit // 2, side - unit, h - unit)
        y = draw_header(ui, left, self.keymap, lambda: self._locked(lambda: self.engine.can_go(now)),
                        lambda code, mods: self._panel_takes(code, mods, now), self._fit)
        self.give_way()  # between the sections: an input being applied goes first (paint.GiveWay)
        # One height for the question panel all show long, whatever the question holds (host notes wrap in
        # it): the board and every button under it keep their places between visits. A format whose panel
        # needs the room (a grid of 40 teams' answer sheets) asks for a lower one (`compact_question`).
        compact = bool(self.engine.format.position(self.engine.state).get("compact_question"))
        question_box = pygame.Rect(left.x, y, left.width, int(h * (0.2 if compact else 0.3)))
        y = draw_question(ui, question_box)
        bottom_h = int(unit * 5.5)  # the buttons (a name and its key under it, both readable) and two lines
        self.give_way()
        self._format_panel(pygame.Rect(left.x, y, left.width, left.bottom - bottom_h - y - unit // 2), status)
        self.give_way()
        draw_buttons(ui, pygame.Rect(left.x, left.bottom - bottom_h, w - unit * 2, int(unit * 2.5) - 4), self.keymap)
        self.give_way()
        draw_journal(ui, pygame.Rect(left.x, left.bottom - unit * 3 + 4, w - unit * 2, unit * 1.4), self.journal,
                     self._undone)
        draw_devices(ui, pygame.Rect(left.x, left.bottom - int(unit * 1.4), w - unit * 2, unit * 1.4), status,
                     question)
        preview_h = int(right.width * 9 / 16)
        self.give_way()
        draw_preview(ui, pygame.Rect(right.x, right.y, right.width, preview_h), preview)
        # The undo button stands at the foot of the right column, above the buttons: two lines the width of the
        # column, so what it takes back is read whole and the journal and devices lines keep the whole width.
        undo_h = unit * UNDO_H
        undo_rect = pygame.Rect(right.x, left.bottom - bottom_h - unit // 2 - undo_h, right.width, undo_h)
        draw_undo(ui, undo_rect, self.engine, self.journal_words, self._rosters(), self._locked)
        draw_teams(ui, pygame.Rect(right.x, right.y + preview_h + unit, right.width,
                                   undo_rect.y - unit // 2 - (right.y + preview_h + unit)),
                   self._scores_by_hand(), self._team_row)
        draw_blank_mark(ui, pygame.Rect(right.x, right.y, right.width, preview_h))
        # A prompt stands over the question panel: where the operator looks, never over a control they need
        # next (a player's «Ставка» after a refused stake).
        self.prompt_rect = draw_prompts(ui, status, question_box, question)
        if status.help:
            draw_help(ui, self.keymap)
        elif status.phone_codes and status.join_board is not None:
            draw_codes(surface, ui, status.join_board, self.say("console.phone_codes_title"), unit)
        self._memory_drawn = self._memory_seen()  # as drawn (the panel may have set its cursor up while drawing)

    def _format_panel(self, box: pygame.Rect, status: ConsoleStatus) -> None:
        """The format's own panel for the phase, else the press queue with margins."""
        if status.line_check:
            draw_line_check(self._ui, box, status, self._since)
        elif self.panel is None or not self.panel(self._ui, box):
            draw_presses(self._ui, box)

    def _fit(self, text: str, role: str, box: tuple[int, int], color: pygame.Color, px: int,
             align: str = "left", wrap: bool = False) -> pygame.Surface:
        return self._ui.fitted(text, role, box, color, px, align=align, wrap=wrap)

    def _since(self, show_time: float) -> float:
        return max(0.0, self.clock_now() - show_time) if self.clock_now else 0.0

    def _scores_by_hand(self) -> bool:
        """Whether the format takes a score change from the console now (console/teams.scores_by_hand)."""
        return scores_by_hand(self._ui)

    def _team_row(self, surface: pygame.Surface, row: pygame.Rect, i: int, unit: int, step: int,
                  buttons: bool = True) -> None:
        """A team's row in the list (console/teams.draw_team_row): drawn through here, so a test may watch it."""
        draw_team_row(self._ui, row, i, step, buttons)

    @property
    def _ui(self) -> PanelUI:
        assert self.ui is not None, "render() makes the frame's widgets"
        return self.ui
