"""The operator console (spec/console.md): where are we, what Next will do, how to fix a mistake.

It draws from the engine and the app's status and returns its buttons as (rect, action) so a click
is the same action as a key. Nothing here ever reaches the projector.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pygame

from quizshow.core import commands as c
from quizshow.core.actions import Call
from quizshow.core.effects import EventKind
from quizshow.core.engine import Engine, Entry, Outcome
from quizshow.core.format import Format, Refused
from quizshow.core.spec import JournalWords
from quizshow.display import paint
from quizshow.display.console_style import BAD, BG, EDGE, GOLD, GOOD, MUTED, TEXT
from quizshow.display.console_ui import PanelUI
from quizshow.display.phone_codes import draw_codes
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.display.views import KeyHandler, Panel, PanelKeys
from quizshow.i18n import decimal, duration, number, phrase
from quizshow.inputs.hardware import box_problem
from quizshow.inputs.keymap import KeyMap
from quizshow.outputs import media
from quizshow.packs.model import Pack, Question, credited

UNDO_H = 3  # the undo button's height, in units: two lines of its label
REDRAW_HZ = 10  # the console's clocks and preview: ten frames a second are enough to read them
DEVICE_WORDS = ("keyboard", "console")  # input sources named in words; box and pad ids are shown as they are
BUTTONS = ("go", "back", "timer", "announce", "correct", "wrong", "blank", "scores", "undo", "linecheck", "assign",
           "help", "quit")


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
    prompt: tuple[str, float] | None = None  # a question to the operator (text, until monotonic): not a problem
    line_check: bool = False  # «Проверка кнопок»: the boxes' table instead of the format panel
    boxes: list = field(default_factory=list)  # BoxStatus of every serial box
    last_press: dict[int, float] = field(default_factory=dict)  # team → show time (line check)
    osc_admit: str | None = None  # «Впустить 10.0.0.7:9000»: an OSC desk refused its passcode, to let in
    # Phones (runtime/phones.py): the devices line's buttons («Принять телефон: Альфа», the codes' switches),
    # the seats' join board, and whether the console's panel of codes is open (F6; Esc closes it).
    device_buttons: list[tuple[str, Call]] = field(default_factory=list)
    join_board: Any = None  # inputs.phones.board.JoinBoard
    phone_codes: bool = False


def quoted(text: str) -> str:
    """«text», unless it has guillemets of its own (no «««Внимание! Вопрос!»»», no ««Время!» — …»)."""
    return text if "«" in text else f"«{text}»"


def margin_text(seconds: float, language: str) -> str:
    """A press's margin behind the first: in ms below a second (box presses differ by fractions of one),
    with the locale's decimal mark (i18n.duration): «+0,3 мс», «+2,7 с»."""
    return duration(seconds, language, signed=True)


def margin_words(seconds: float, language: str) -> str:
    return margin_text(seconds, language).replace("+", "на\u00a0", 1) if language == "ru" else \
        margin_text(seconds, language).replace("+", "by ", 1)


# Events that say what a command did, in the order they are looked for.
_EVENT_WORDS = {
    EventKind.FALSE_START: "journal.false_start", EventKind.CORRECT: "journal.correct",
    EventKind.WRONG: "journal.wrong", EventKind.SCORE: "journal.score", EventKind.WINNER: "journal.winner",
    EventKind.MATCH_RESULT: "journal.match_result", EventKind.FINAL_START: "journal.final_start",
    EventKind.ROUND_START: "journal.round_start", EventKind.REVEAL: "journal.reveal",
    EventKind.ANNOUNCE: "journal.announce", EventKind.TIMER_START: "journal.timer_start",
    EventKind.TIMER_STOP: "journal.timer_stop", EventKind.TIMER_EXPIRED: "journal.time_up",
}


# Events a format's own words say better (its command says which question, which table).
_TEAM_CHANGES = frozenset({EventKind.SCORE, EventKind.CORRECT, EventKind.WRONG, EventKind.WINNER})
# ... and the clock a format's own command started (the cat's value, the auction's last bid): «Время пошло»
# never says what such a step was.
_SAID_BETTER = _TEAM_CHANGES | {EventKind.TIMER_START}


def describe(entry: Entry, teams: list[str], language: str, words: JournalWords | None = None,
             fmt: object = None, players: Sequence[Sequence[str]] = ()) -> str:
    """One journal line (and the undo button's label) as a sentence about the game: «Борис: верно, +20»,
    «Фальстарт: Бета», «Открыт вопрос «Кино» за 40», «Далее: показан ответ». `words`: the format's own
    wording of its commands (FormatSpec.journal_words); `fmt` names board cells and final themes; `players`:
    each team's roster, to name who pressed where each player has a button."""
    cmd = entry.command

    def say(key: str, **values: object) -> str:
        return phrase(key, language, **values)

    def team_name(team: object) -> str:
        return teams[team] if isinstance(team, int) and 0 <= team < len(teams) else "—"

    own = words(cmd) if words is not None else None
    shown = fmt.command_words(cmd, entry.events) if isinstance(fmt, Format) else None  # names on its board
    if own is not None:  # a value may be worked out from the entry's events (what a ruling took, from whom)
        own = own[0], {k: v(entry.events, language) if callable(v) else v for k, v in own[1].items()}
    own_said = ""
    verdict = isinstance(cmd, c.Judge)  # a format may word a verdict itself (a table that answered, a player)
    # Its own command (namespaced, or declared in its folder: the ring's Ruling), a verdict or a discipline step.
    theirs = "." in type(cmd).journal_name or type(cmd).__module__ != c.__name__
    worded = verdict or isinstance(cmd, c.Discipline)
    if own is not None and (theirs or worded):
        # The format's own command (a namespaced journal name, «<format>.Mark») in its own words, rather than
        # the score change or verdict it made: «Совы: вопрос 1.7 засчитан», «Красный стол ответил верно:
        # Сфинкс». {who}: the names its events carry; {q}: the format's own name of question `number`
        # (`label`, «1.7»). Other events (a match result, a round begun) still speak first.
        key, values = own
        label = getattr(fmt, "label", None)
        if isinstance(values.get("number"), int):
            values = {**values, "q": label(values["number"]) if callable(label) else values["number"] + 1}
        named = [e for e in entry.events if e.kind in (EventKind.CORRECT, EventKind.WRONG)] if verdict else []
        who = ", ".join(dict.fromkeys(e.name for e in named or entry.events if e.name and e.kind != EventKind.STAGE))
        found = phrase(key, language, **{"team": team_name(getattr(cmd, "team", None)), "who": who, **values})
        own_said = found if found != key else ""
        if own_said and (worded or all(e.kind in _SAID_BETTER for e in entry.events)):
            return own_said
    said = ""
    if isinstance(cmd, (c.Go, c.Back)) and shown is not None and \
            not any(e.kind == EventKind.QUESTION for e in entry.events):  # a step the format names itself
        step, done = say("action.go" if isinstance(cmd, c.Go) else "action.back"), say(shown[0], **shown[1])
        return f"{step}: {done[:1].lower()}{done[1:]}"
    for event in entry.events:
        name = event.name or team_name(event.team)  # an event may name who it means (a table's teams)
        if event.kind == EventKind.BUZZ:
            if event.player is not None and isinstance(event.team, int):  # a button per player: say who
                roster = players[event.team] if 0 <= event.team < len(players) else ()
                who = roster[event.player] if 0 <= event.player < len(roster) else \
                    say("journal.player_no", n=event.player + 1)
                name = say("journal.player", team=name, player=who)
            if event.margin_s:
                return say("journal.buzz_later", team=name, margin=margin_words(event.margin_s, language))
            return say("journal.buzz", team=name)
        if event.kind == EventKind.TEAM_REMOVED and event.points:  # why a match ended: a team removed
            return say("journal.team_removed", team=event.name or name, n=event.points)
        if event.kind == EventKind.STAGE:  # a day's step (nesting matches): own words, else «journal.stage.<step>»
            if own_said:
                return own_said
            others = [e for e in entry.events if e is not event]
            stage_key = f"journal.stage.{event.name}"
            found = say(stage_key, who=", ".join(e.name for e in others if e.name),
                        n=next((e.points for e in others if e.points), ""))
            said = found if found != stage_key else ""
            break
        if event.kind == EventKind.QUESTION and shown is not None:
            return say(shown[0], **shown[1])
        event_key = _EVENT_WORDS.get(event.kind)
        if event_key:
            said = say(event_key, team=name, points=number(event.points or 0, signed=True),
                       loss=number(-(event.points or 0)) if event.points else "", n=(event.round or 0) + 1).strip()
            break
    if isinstance(cmd, (c.Go, c.Back)):
        step = say("action.go" if isinstance(cmd, c.Go) else "action.back")
        return f"{step}: {said[:1].lower()}{said[1:]}" if said else say("journal.next_step", step=step)
    if said or own_said:
        return said or own_said
    command_key = {c.TimerStart: "journal.timer_start", c.TimerStop: "journal.timer_stop",
                   c.Announce: "journal.announce", c.ViewBlank: "journal.blank",
                   c.ViewScores: "journal.scores"}.get(type(cmd))
    if command_key:
        off = isinstance(cmd, (c.ViewBlank, c.ViewScores)) and not cmd.on  # which way it went
        return say(f"{command_key}_off" if off else command_key)
    team = getattr(cmd, "team", None)
    if own is not None:
        words_key, values = own
    else:
        words_key = f"journal.{type(cmd).__name__}"
        values = {n: getattr(cmd, n) for n in ("theme", "question", "value", "amount") if hasattr(cmd, n)}
        if isinstance(cmd, (c.ScoreAdd, c.ScoreSet)):
            values["points"] = number(cmd.points, signed=isinstance(cmd, c.ScoreAdd))
        elif isinstance(cmd, c.Judge):
            values["verdict"] = say("action.correct" if cmd.correct else "action.wrong").lower()
        elif isinstance(cmd, c.TimerAdd):  # «Убавлено время: 48 с», never «Добавлено время: -48 с»
            values["seconds"] = decimal(abs(cmd.seconds), None, language)
            words_key += "_less" if cmd.seconds < 0 else ""
    if shown is not None:
        words_key, values = shown
    found = phrase(words_key, language, team=team_name(team), **values)
    return found if found != words_key else say("journal.command", what=type(cmd).__name__)


def where_words(fmt: Any, state: Any, language: str) -> str:
    """Where the show stands, in a few words for the operator: «перестрелка, вопрос 1 · ответ участника»,
    «раунд 2, вопрос 5 · ответ показан», «финал: ставки» (a format may name its stage in its view model:
    `stage_key`, a phrase with {n}, and `stage_n`)."""
    pos = fmt.position(state)
    parts = []
    if pos.get("stage_key"):
        parts.append(phrase(pos["stage_key"], language, n=pos.get("stage_n") or 1))
    elif pos.get("question") is not None and not pos.get("between"):
        round_key = pos.get("round_key", "console.round")
        if round_key is not None:
            parts.append(phrase(round_key, language, n=(pos.get("round") or 0) + 1))
        n = pos.get("played") or pos["question"] + 1
        parts.append(phrase(pos.get("question_key") or "where.question", language, n=n))
    phase = phrase(f"phase.{state.phase}", language).lower()
    where = ", ".join(parts)
    if where:
        return f"{where} · {phase}"
    # Between questions the phase alone («табло») is every round's: the round says which («табло, раунд 3»).
    round_key = pos.get("round_key", "console.round")
    if round_key is None or pos.get("round") is None or pos.get("stage_key"):
        return phase
    in_round = phrase(round_key, language, n=pos["round"] + 1)
    return in_round if in_round.lower().startswith(phase) else f"{phase}, {in_round}"


def question_rows(question: Question, say: Callable[..., str], pack: Pack | None = None
                  ) -> list[tuple[str, str, pygame.Color]]:
    """(label key, text, colour) of the console's question panel: the question, the answer with what else
    to accept, then what only the host sees (host notes, comment, author and source — inherited from the
    question's theme, round and pack when it has none of its own)."""
    question = credited(pack, question)
    answer = question.a
    if question.accept:
        answer += f"   ({say('console.accept')}: {', '.join(question.accept)})"
    rows = [("console.question", question.q, TEXT), ("console.answer", answer, GOLD)]
    credit = " · ".join(x for x in (question.author, question.source) if x)
    notes = [n for n in (question.host, question.comment, credit) if n]
    if notes:
        rows.append(("console.for_host" if question.host else "console.comment", "\n".join(notes), MUTED))
    return rows


def sound_rows(question: Question, phase: str, say: Callable[..., str]) -> list[tuple[str, str, pygame.Color]]:
    """The question's sound (playing, paused, still to play, or its file missing) and what it shows from the
    web: the operator knows a sound should be playing, and what the hall does not see."""
    rows = []
    sound = media.wanted(question, phase)  # what outputs/media.py plays now
    if sound is not None:
        if not sound.exists():
            rows.append(("console.sound", say("console.sound_missing", file=sound.name), BAD))
        elif phase in media.PAUSED_PHASES:
            rows.append(("console.sound", say("console.sound_paused", file=sound.name), TEXT))  # gold: the answer
        else:
            rows.append(("console.sound", say("console.sound_playing", file=sound.name), GOOD))
    elif question.audio is not None and phase not in media.REVEAL_PHASES:
        missing = not question.audio.exists()
        rows.append(("console.sound", say("console.sound_missing" if missing else "console.sound_ready",
                                          file=question.audio.name), BAD if missing else MUTED))
    if question.web:
        kinds = ", ".join(say(f"scene.web_{kind}").lower() for kind in question.web)
        rows.append(("console.web", say("console.web_not_shown", kinds=kinds), TEXT))  # gold is the answer's
    return rows


# The console's own choices in its memory (calls no action registry knows: Console.click keeps them).
TEAMS_PAGE, TEAMS_CHOSEN = "console.teams_page", "console.teams_chosen"
CONSOLE_OWN = (TEAMS_PAGE, TEAMS_CHOSEN)
PANEL_OWN = "panel."  # a format panel's own switch (`panel.<name>`, one argument): kept in its memory alike


class Console:
    def __init__(self, engine: Engine, theme: Theme, keymap: KeyMap, language: str,
                 text: TextCache | None = None, panel: Panel | None = None,
                 give_way: paint.GiveWayFn = paint.never, words: JournalWords | None = None,
                 panel_keys: KeyHandler | None = None) -> None:
        self.engine = engine
        self.words = words  # the format's wording of its own commands
        self.panel = panel  # the format's own panel (display/<name>/), from the registry
        self.panel_keys = panel_keys  # the keys that panel takes before the key map
        self.panel_memory: dict[str, Any] = {}  # the panel's own (a cursor), shared by its drawing and keys
        self.give_way = give_way
        self.theme = theme
        self.keymap = keymap
        self.language = language
        self.text = text or TextCache(theme.fonts)
        self.buttons: list[tuple[pygame.Rect, Call]] = []
        self.ui: PanelUI | None = None  # this frame's widgets
        self.now = 0.0  # show time of the frame being drawn (the panels' countdowns)
        self.journal: list[tuple[float, str]] = []  # (wall, text), newest last
        self._line_of: list[tuple[Entry, tuple[float, str]]] = []  # each logged entry's line (the newest)
        self._undone: list[tuple[float, str]] = []  # lines whose step was undone: struck, «отменено»
        self.prompt_rect: pygame.Rect | None = None  # where the last frame put its prompt (never on a control)
        # show time, set by the app (the line check says how long ago)
        self.clock_now: Callable[[], float] | None = None
        self.lock: Any = None  # the engine's lock (set by the app): previews read it while no input applies
        self._signature: tuple = ()
        self._last_drawn = -1e9
        self._local_clicks = 0  # the console's own choices (a page of teams): each one redraws

    def say(self, key: str, **values: object) -> str:
        return phrase(key, self.language, **values)

    def _rosters(self) -> list[tuple[str, ...]]:
        return [t.players for t in self.engine.state.teams]

    def log(self, entry: Entry, wall: float | None = None) -> None:
        """A journal line, at `wall` (the time it was journalled, when known) or now."""
        teams = [t.name for t in self.engine.state.teams]
        words = describe(entry, teams, self.language, self.words, self.engine.format, self._rosters())
        line = (wall or time.time(), words)
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
        at most REDRAW_HZ times a second. Otherwise nothing is drawn."""
        mono = time.monotonic()
        state = self.engine.state
        prompt = status.prompt if status.prompt is not None and mono < status.prompt[1] else None
        signature = (id(state), len(self.journal), self.journal[-1] if self.journal else None, len(status.notices),
                     status.notices[-1] if status.notices else None, status.quit_armed, status.help, status.amount,
                     prompt, status.line_check, tuple(status.devices), status.resumed, id(self.keymap),
                     self._local_clicks, status.osc_admit, tuple(status.device_buttons), status.phone_codes,
                     status.join_board if status.phone_codes else None)
        if signature != self._signature:
            self._signature = signature
            return self._drawn(mono)
        timed = state.timer.running or status.line_check or projector_drew
        if timed and mono - self._last_drawn >= 1 / REDRAW_HZ:
            return self._drawn(mono)
        return False

    def _locked(self, work: Callable[[], Any]) -> Any:
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
        return self.panel_keys(PanelKeys(engine.state, engine.format, self.panel_memory, call), key, mod, at)

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
        paint.fill(surface, BG, self.give_way)
        w, h = surface.get_size()
        unit = max(12, h // 40)  # the console's base type size
        self.ui = PanelUI(surface, unit, self.text, self.theme, self.say, self.engine.state, self.engine.format,
                          status, self.buttons, now, self.panel_memory, self.language)
        side = max(260, int(w * 0.3))
        left = pygame.Rect(unit, unit // 2, w - side - unit * 2, h - unit)
        right = pygame.Rect(left.right + unit, unit // 2, side - unit, h - unit)
        y = self._header(surface, left, now, unit)
        self.give_way()  # between the sections: an input being applied goes first (paint.GiveWay)
        # One height for the question panel all show long, whatever the question holds (host notes wrap in
        # it): the board and every button under it keep their places between visits. A format whose panel
        # needs the room (a grid of 40 teams' answer sheets) asks for a lower one (`compact_question`).
        compact = bool(self.engine.format.position(self.engine.state).get("compact_question"))
        question_box = pygame.Rect(left.x, y, left.width, int(h * (0.2 if compact else 0.3)))
        y = self._question(surface, question_box, unit)
        bottom_h = int(unit * 5.5)  # the buttons (a name and its key under it, both readable) and two lines
        self.give_way()
        self._format_panel(surface, pygame.Rect(left.x, y, left.width, left.bottom - bottom_h - y - unit // 2), unit,
                           status)
        self.give_way()
        self._buttons(surface, pygame.Rect(left.x, left.bottom - bottom_h, w - unit * 2, int(unit * 2.5) - 4), unit)
        self.give_way()
        self._journal(surface, pygame.Rect(left.x, left.bottom - unit * 3 + 4, w - unit * 2, unit * 1.4), unit)
        self._devices(surface, pygame.Rect(left.x, left.bottom - int(unit * 1.4), w - unit * 2, unit * 1.4), status,
                      unit)
        preview_h = int(right.width * 9 / 16)
        self.give_way()
        self._preview(surface, pygame.Rect(right.x, right.y, right.width, preview_h), preview, unit)
        # The undo button stands at the foot of the right column, above the buttons: two lines the width of the
        # column, so what it takes back is read whole and the journal and devices lines keep the whole width.
        undo_h = unit * UNDO_H
        undo_rect = pygame.Rect(right.x, left.bottom - bottom_h - unit // 2 - undo_h, right.width, undo_h)
        self._undo(undo_rect)
        self._teams(surface, pygame.Rect(right.x, right.y + preview_h + unit, right.width,
                                         undo_rect.y - unit // 2 - (right.y + preview_h + unit)), unit)
        self._blank_mark(surface, pygame.Rect(right.x, right.y, right.width, preview_h), unit)
        # A prompt stands over the question panel: where the operator looks, never over a control they need
        # next (a player's «Ставка» after a refused stake).
        self.prompt_rect = None
        if status.quit_armed:
            self._prompt(surface, self.say("console.quit_confirm"), BAD, unit, question_box)
        elif status.typing is not None:  # a text for an action (ActionDef.text_max): Enter gives it, Esc drops it
            self._prompt(surface, self.say("console.typing", text=status.typing), pygame.Color("#2b4a7a"), unit,
                         question_box)
        elif status.prompt is not None and time.monotonic() < status.prompt[1]:
            self._prompt(surface, status.prompt[0], pygame.Color("#8a6d1f"), unit, question_box)
        if status.help:
            self._help(surface, unit)
        elif status.phone_codes and status.join_board is not None:
            draw_codes(surface, self._ui, status.join_board, self.say("console.phone_codes_title"), unit)

    def _fit(self, text: str, role: str, box: tuple[int, int], color: pygame.Color, px: int,
             align: str = "left", wrap: bool = False) -> pygame.Surface:
        return self._ui.fitted(text, role, box, color, px, align=align, wrap=wrap)

    def _header(self, surface: pygame.Surface, box: pygame.Rect, now: float, unit: int) -> int:
        state, fmt = self.engine.state, self.engine.format
        pos = fmt.position(state)
        parts = [self.say(f"phase.{state.phase}").upper()]
        if pos.get("question") is not None:
            # A format may name its round (`round_key`, a phrase with {n}, «бой 2»; None: no round) and its
            # question (`question_key`, a phrase with {n}, instead of «вопрос 3 из 12»).
            round_key = pos.get("round_key", "console.round")
            if round_key is not None:
                parts.append(self.say(round_key, n=(pos.get("round") or 0) + 1))
            played = pos.get("played")
            n = played if played else pos["question"] + 1
            question_key = pos.get("question_key")
            parts.append(self.say(question_key, n=n) if question_key else
                         self.say("console.question_no", n=n, of=pos.get("of", "?")))
            if pos.get("value"):  # a format may name whose value it is (`value_key` with {team} and {n})
                parts.append(self.say(pos.get("value_key") or "scene.points", n=pos["value"],
                                      team=pos.get("value_team", "")))
        line = " · ".join(parts)
        surface.blit(self._fit(line, "heading", (box.width * 3 // 4, unit * 2), TEXT, int(unit * 1.3)),
                     (box.x, box.y))
        if state.timer.armed:
            left = state.timer.remaining(now)
            color = BAD if left <= float(fmt.rules.get("warning_s", 10)) else GOLD
            secs = int(left + 0.999)
            clock = f"{secs // 60:02d}:{secs % 60:02d}"
            img = self._fit(clock, "numbers", (box.width // 4, unit * 2), color, int(unit * 1.6), align="right")
            surface.blit(img, img.get_rect(topright=(box.right, box.y)))
        next_key = fmt.next_action(state)
        # a key the active panel takes (the grid's arrows) does not step: it is not offered for Next
        offered = self.keymap.keys_of("go", self.language, lambda code, mods: self._panel_takes(code, mods, now))
        keys = ", ".join(offered[:2])
        text = f"{self.say('console.next')} {quoted(self.say(next_key))}"
        # Next's keys only where Next does the step (not «choose a cell», not «no next step»)
        if keys and self._locked(lambda: self.engine.can_go(now)):
            text += f" ({keys})"
        width = box.width
        if next_key == "next.none" or state.phase == "end":  # over: offer to start again (two presses)
            width = box.width - unit * 12
            self._ui.button(pygame.Rect(box.right - unit * 11, box.y + int(unit * 2), unit * 11, int(unit * 1.8)),
                            f"{self.say('action.start_over')} (2×)", "start_over")
        surface.blit(self._fit(text, "heading", (width, int(unit * 1.8)), GOLD, int(unit * 1.25)),
                     (box.x, box.y + int(unit * 2)))
        return box.y + unit * 4

    def _question(self, surface: pygame.Surface, box: pygame.Rect, unit: int) -> int:
        self._panel(surface, box)
        fmt, state = self.engine.format, self.engine.state
        # Back on the board the last question is over: the panel clears (the format's view model says so).
        question = None if fmt.position(state).get("between") else fmt.current(state)
        inner = box.inflate(-unit, -unit // 2)
        rows = question_rows(question, self.say, fmt.setup.pack) if question is not None else []
        if question is not None and question.image is not None and not question.image.exists():
            # a missing picture is told before the question goes on air
            rows.insert(1, ("console.picture", self.say("console.no_picture", file=question.image.name), BAD))
        if question is not None:
            rows[1:1] = sound_rows(question, state.phase, self.say)
        y = inner.y
        notes = len(rows) - 1 if rows and rows[-1][0] in ("console.for_host", "console.comment") else None
        heights = self._row_heights([value for _, value, _ in rows], inner, unit, notes)
        for (label, value, color), height in zip(rows, heights, strict=False):
            self._ui.labelled(pygame.Rect(inner.x, y, inner.width, height), self.say(label), value, color)
            y += height + unit // 4
        return box.bottom + unit // 2

    def _row_heights(self, values: list[str], inner: pygame.Rect, unit: int, notes: int | None = None) -> list[int]:
        """Each row of the question panel as tall as its text wants at full size (wrapped); when they do not all
        fit, the host's notes (row `notes`) give way first — the answer never becomes the panel's smallest
        text —, then in proportion to that, never under a line."""
        if not values:
            return []
        gap = unit // 4
        room = inner.height - gap * (len(values) - 1)
        width = inner.width - unit * 8  # PanelUI.labelled: the label's column
        wants = [self.text.layout(v, "body", (width, 10**4), int(unit * 1.2), self._ui.min_px).height + 2
                 for v in values]
        if sum(wants) <= room:
            spare = room - sum(wants)  # the question gets what is left: its text may grow
            return [wants[0] + spare] + wants[1:]
        floor = int(self._ui.min_px * 1.4)
        if notes is not None and notes > 0:  # the notes wrap and shrink (to the floor) in what is left
            small = self.text.layout(values[notes], "body", (width, 10**4), self._ui.min_px, self._ui.min_px)
            give = max(room - (sum(wants) - wants[notes]), min(wants[notes], small.height + 2))
            middle = sum(wants[1:]) - wants[notes]  # the answer and what else is between keep their size
            question = room - give - middle  # the question gives up what the notes need at the floor
            if question >= min(wants[0], floor * 2):
                return [question if i == 0 else give if i == notes else want for i, want in enumerate(wants)]
        return [max(floor, room * want // sum(wants)) for want in wants]

    def _format_panel(self, surface: pygame.Surface, box: pygame.Rect, unit: int, status: ConsoleStatus) -> None:
        """The format's own panel for the phase, else the press queue with margins."""
        if status.line_check:
            self._line_check(surface, box, unit, status)
            return
        if self.panel is not None and self.panel(self._ui, box):
            return
        state = self.engine.state
        inner = self._titled_panel(surface, box, "console.presses", unit)
        y = inner.y
        # Once the game is over the last question's presses are history: the queue is empty.
        presses = () if self.engine.format.setup.flags(state.phase).game_over else state.presses.presses
        if not presses:
            surface.blit(self._fit(self.say("console.no_presses"), "body", (inner.width, unit), MUTED, unit),
                         (inner.x, y))
        for press in presses[: max(1, (inner.bottom - y) // int(unit * 1.3))]:
            team = state.teams[press.team]
            margin = state.presses.margin(press)
            color = self.theme.team_color(press.team, team.color)
            pygame.draw.circle(surface, color, (inner.x + unit // 2, y + unit // 2), unit // 3)
            out = f"  — {self.say('console.out')}" if press.team in state.locked else ""
            device = phrase(f"device.{press.device}", self.language) if press.device in DEVICE_WORDS else press.device
            line = f"{team.name}   {margin_text(margin, self.language)}   {device}{out}"
            surface.blit(self._fit(line, "body", (inner.width - unit * 2, unit), TEXT, unit),
                         (inner.x + int(unit * 1.3), y))
            y += int(unit * 1.3)

    def _line_check(self, surface: pygame.Surface, box: pygame.Rect, unit: int, status: ConsoleStatus) -> None:
        """«Проверка кнопок»: every box (port, id, firmware, round trip, last press, lost lines), then
        each team's buzzer and when it was last pressed."""
        inner = self._titled_panel(surface, box, "console.line_check", unit)
        y = inner.y
        lines = []
        for box_status in status.boxes:
            last = box_status.last_press
            ago = "—" if last is None else self.say("console.ago", s=f"{self._since(last):.0f}")
            rtt = "—" if box_status.rtt_ms is None else duration(box_status.rtt_ms / 1000, self.language)
            ok = box_status.connected and not box_status.stuck  # a stuck box reads but its lamps do not follow
            state = self.say("console.box_ok") if ok else box_problem(box_status, self.say)
            lines.append((self.say("console.box_line", id=box_status.id, port=box_status.port or "?",
                                   fw=box_status.fw or "—", rtt=rtt, last=ago, lost=box_status.lost_lines,
                                   dropped=box_status.dropped, state=state), ok))
        # One size for every box: the longest line, wrapped to two at most, decides it.
        room = (inner.width - unit * 2, unit * 2)
        px = min([self.text.layout(text, "body", room, int(unit * 0.9)).px for text, _ in lines] or [unit])
        for text, connected in lines:
            self._state_mark(surface, (inner.x + unit // 2, y + unit // 2), unit // 3, "ok" if connected else "problem")
            img = self._fit(text, "body", room, TEXT if connected else BAD, px)
            surface.blit(img, (inner.x + unit, y))
            y += max(int(unit * 1.4), img.get_height() + unit // 3)
        if not status.boxes:
            surface.blit(self._fit(self.say("console.no_boxes"), "body", (inner.width, unit), MUTED, unit),
                         (inner.x, y))
            y += int(unit * 1.4)
        y += unit // 2
        for team, info in enumerate(self.engine.state.teams):
            pressed = status.last_press.get(team)
            lit = pressed is not None and self._since(pressed) < 1.5
            color = self.theme.team_color(team, info.color)
            pygame.draw.circle(surface, color, (inner.x + unit // 2, y + unit // 2), unit // 3, 0 if lit else 2)
            line = f"{info.name}: " + (self.say("console.pressed") if lit else self.say("console.press_now"))
            surface.blit(self._fit(line, "body", (inner.width - unit * 2, unit), GOLD if lit else TEXT, unit),
                         (inner.x + unit, y))
            y += int(unit * 1.3)
            if y > inner.bottom - unit:
                break

    def _since(self, show_time: float) -> float:
        return max(0.0, self.clock_now() - show_time) if self.clock_now else 0.0

    def _scores_by_hand(self) -> bool:
        """Whether the format takes a score change from the console now (scores made by a grid of answer
        sheets, or by matches, are not): when not, no −/+ is drawn to invite a refused click."""
        state = self.engine.state
        if not state.teams:
            return False
        try:
            self.engine.format.handle(state, c.ScoreAdd(at=self.now, team=0, points=0))
        except Refused:
            return False
        return True

    def _teams(self, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
        state = self.engine.state
        inner = self._titled_panel(surface, box, "console.teams", unit)
        step = max(1, int(self.engine.format.position(state).get("value") or 1))
        by_hand = self._scores_by_hand()
        row_h = min(int(unit * 2.2), inner.height // max(1, len(state.teams)))
        if row_h < int(unit * 1.5):  # many teams (40 of them): a compact list, ± for the chosen one
            self._teams_compact(surface, inner, unit, step, by_hand)
            return
        for i in range(len(state.teams)):
            row = pygame.Rect(inner.x, inner.y + i * row_h, inner.width, row_h - 4)
            self._team_row(surface, row, i, unit, step, buttons=by_hand)

    def _team_row(self, surface: pygame.Surface, row: pygame.Rect, i: int, unit: int, step: int,
                  buttons: bool = True) -> None:
        """A team: its mark (an empty ring: out of this question), name, score and, when asked, its −/+."""
        state = self.engine.state
        team = state.teams[i]
        answering, locked = i in self.engine.format.answering_teams(state), i in state.locked
        if answering:
            pygame.draw.rect(surface, GOLD, row, width=3, border_radius=6)
        color = self.theme.team_color(i, team.color)
        r = min(unit // 3, row.height // 3)
        center = (row.x + 6 + unit // 3, row.centery)
        pygame.draw.circle(surface, color, center, r, 2 if locked else 0)
        btn = unit * 2 if buttons else 0
        score_w = unit * 4 if buttons else unit * 2
        score = self._fit(number(team.score), "numbers", (score_w, row.height - 2), BAD if team.score < 0 else GOLD,
                          int(unit * 1.3), align="right")
        if not buttons:  # a compact row: the name takes all but the score's own width
            score_w = score.get_width()
        name_w = row.width - unit - 8 - score_w - btn * 2 - unit // 2
        name = self._fit(team.name, "heading", (name_w, row.height - 2), MUTED if locked else TEXT, unit)
        surface.blit(name, name.get_rect(midleft=(row.x + unit + 8, row.centery)))
        surface.blit(score, score.get_rect(midright=(row.right - btn * 2 - (unit // 2 if buttons else 4),
                                                     row.centery)))
        if buttons:
            height = min(unit * 2 - 4, row.height)
            minus = pygame.Rect(row.right - btn * 2 - 4, row.centery - height // 2, btn, height)
            plus = pygame.Rect(row.right - btn, row.centery - height // 2, btn, height)
            self._ui.button(minus, "−", "score_add", i, -step)
            self._ui.button(plus, "+", "score_add", i, step)

    def _teams_compact(self, surface: pygame.Surface, inner: pygame.Rect, unit: int, step: int,
                       by_hand: bool = True) -> None:
        """Two columns of rows at the readable size, a page at a time (‹ ›); a click on a team chooses it,
        and the chosen team's row at the bottom has the −/+ buttons (console-local: nothing is journalled).
        Scores not changed by hand (`by_hand` False): the rows are a list, nothing to choose, no bar."""
        teams = len(self.engine.state.teams)
        memory = self.panel_memory
        bar_h = unit * 2 if by_hand else 0
        row_h = max(int(self._ui.min_px * 1.9), unit)  # a line of the smallest readable size, and air
        per_column = max(1, (inner.height - bar_h - unit // 2) // row_h)
        columns = 1 if teams <= per_column else 2  # one column holds them all: the names get its whole width
        per_page = per_column * columns
        pages = -(-teams // per_page)
        page = min(int(memory.get(TEAMS_PAGE, 0)), pages - 1)
        col_w = (inner.width - unit // 2) // 2 if columns == 2 else inner.width
        for slot, i in enumerate(range(page * per_page, min(teams, (page + 1) * per_page))):
            row = pygame.Rect(inner.x + (slot // per_column) * (col_w + unit // 2),
                              inner.y + (slot % per_column) * row_h, col_w, row_h - 2)
            if by_hand and memory.get(TEAMS_CHOSEN) == i:
                pygame.draw.rect(surface, pygame.Color("#3a3320"), row, border_radius=4)
            self._team_row(surface, row, i, unit, step, buttons=False)
            if by_hand:
                self.buttons.append((row, Call(TEAMS_CHOSEN, (i,))))
        bar = pygame.Rect(inner.x, inner.bottom - bar_h, inner.width, bar_h - 2)
        if pages > 1:  # ‹ 1/2 › on the panel's title line, at its right
            nav = pygame.Rect(inner.right - unit * 7, inner.y - int(unit * 1.3), unit * 7, int(unit * 1.2))
            for x, label, to in ((nav.x, "‹", page - 1), (nav.right - unit * 2, "›", page + 1)):
                self._ui.button(pygame.Rect(x, nav.y, unit * 2, nav.height), label, TEAMS_PAGE, to % pages)
            where = self._fit(f"{page + 1}/{pages}", "numbers", (unit * 3, nav.height), MUTED, unit, align="center")
            surface.blit(where, where.get_rect(center=nav.center))
        chosen = memory.get(TEAMS_CHOSEN)
        rest = bar
        if not by_hand:
            return
        if isinstance(chosen, int) and 0 <= chosen < teams:
            self._team_row(surface, rest, chosen, unit, step)
        else:
            hint = self._fit(self.say("console.choose_team"), "body", rest.size, MUTED, int(unit * 0.9))
            surface.blit(hint, hint.get_rect(midleft=rest.midleft))

    def _buttons(self, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
        """One row: each action's name at one shared size (the largest every name fits), its key below."""
        gap = unit // 3
        width = (box.width - gap * (len(BUTTONS) - 1)) // len(BUTTONS)
        name_box = (width - 8, int(box.height * 0.55))
        # While the projector is blank its button opens it («Открыть», lit); both names share the size.
        blank = self.engine.state.view.blank
        names = [self.say("action.unblank" if action == "blank" and blank else f"action.{action}")
                 for action in BUTTONS]
        px = min(self.text.layout(name, "heading", name_box, int(unit * 0.95), wrap=False).px
                 for name in (*names, self.say("action.unblank")))
        for i, (action, name) in enumerate(zip(BUTTONS, names, strict=True)):
            rect = pygame.Rect(box.x + i * (width + gap), box.y, width, box.height)
            keys = self.keymap.keys_of(action, self.language)
            self._ui.button(rect, name, action, hint=keys[0] if keys else None, px=px,
                            lit=action == "blank" and blank)

    def _undo(self, rect: pygame.Rect) -> None:
        """What Ctrl+Z takes back, in words; a far undo says where the picture goes (and asks twice)."""
        target = self.engine.undo_target()
        teams = [t.name for t in self.engine.state.teams]
        undo = self.say("console.nothing_to_undo")
        if target is not None:
            what = describe(target, teams, self.language, self.words, self.engine.format, self._rosters())
            undo = self.say("console.undo", what=what)
            preview = self._locked(self.engine.undo_preview)
            if self.engine.format.undo_rule(target.command, target.events)[1]:  # a recorded result: two presses
                undo = self.say("console.undo_confirm_button", what=what)
            elif preview is not None and preview.lost:  # more than one step back: it says where, and asks twice
                where = where_words(self.engine.format, preview.state, self.language)
                undo = self.say("console.undo_far_button", what=what, where=where)
        self._ui.button(rect, f"{undo} (Ctrl+Z)", "undo")

    def _journal(self, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
        # The last lines, one size for all; a line whose step was undone is dimmed, struck and says so.
        pieces: list[tuple[str, pygame.Color, bool]] = [(self.say("console.journal"), TEXT, False)]
        for i, line in enumerate(self.journal[-4:]):
            undone = any(line is gone for gone in self._undone)
            words = f"{time.strftime('%H:%M:%S', time.localtime(line[0]))} {line[1]}"
            if undone:
                words += f" ({self.say('console.undone_mark')})"
            pieces += [("·", MUTED, False)] if i else []
            pieces.append((words, MUTED if undone else TEXT, undone))
        right = box.right
        gap = unit // 2
        full = "   ".join(text for text, _, _ in pieces)
        px = self.text.layout(full, "body", (right - box.x, box.height), int(unit * 0.9), self._ui.min_px,
                              wrap=False).px
        x = box.x
        for text, color, struck in pieces:
            if right - x < unit * 2:
                break
            img = self._fit(text, "body", (right - x, box.height), color, px)
            surface.blit(img, (x, box.y + 4))
            if struck:
                middle = box.y + 4 + img.get_height() // 2
                pygame.draw.line(surface, MUTED, (x, middle), (x + img.get_width(), middle), max(1, unit // 10))
            x += img.get_width() + gap

    def _devices(self, surface: pygame.Surface, box: pygame.Rect, status: ConsoleStatus, unit: int) -> None:
        x = box.x
        if status.osc_admit is not None:  # an OSC desk refused its passcode: the operator may let it in
            admit_w = min(box.width // 3, self.text.layout(status.osc_admit, "heading", (10**5, box.height),
                                                           int(unit * 0.9), wrap=False).width + unit * 2)
            self._ui.button(pygame.Rect(box.right - admit_w, box.y, admit_w, box.height), status.osc_admit,
                            "osc_admit")
            box = pygame.Rect(box.x, box.y, box.width - admit_w - unit // 2, box.height)
        for label, call in reversed(status.device_buttons):  # the phones' («Принять телефон: Альфа»), right
            button_w = min(box.width // 4, self.text.layout(label, "heading", (10**5, box.height), int(unit * 0.9),
                                                            wrap=False).width + unit * 2)
            self._ui.button(pygame.Rect(box.right - button_w, box.y, button_w, box.height), label, call.name,
                            *call.args)
            box = pygame.Rect(box.x, box.y, box.width - button_w - unit // 2, box.height)
        heading = self._fit(self.say("console.devices"), "heading", (unit * 8, box.height), MUTED, int(unit * 0.8))
        surface.blit(heading, (x, box.y + 4))
        x += heading.get_width() + unit
        shown = [n for n in status.notices if n.level != "refused"][-2:]
        devices = [(text, "ok" if ok else "problem") for text, ok in status.devices]
        notices = [(f"{time.strftime('%H:%M:%S', time.localtime(n.at))} {n.text}", n.level) for n in shown]
        items = devices + notices
        top = int(unit * 0.9)
        width = {text: self.text.layout(text, "body", (10**5, box.height), top, wrap=False).width for text, _ in items}
        room = box.right - x

        def scale(listed: list[tuple[str, str]]) -> float:  # the size at which they all fit (≤ 1: as is)
            gaps = len(listed) * unit * 2
            return min(1.0, max(1, room - gaps) / max(1, sum(width[t] for t, _ in listed)))

        # Every device is listed: the words shrink to the smallest readable size first; then information
        # gives way, then working devices are counted («ещё 3 на связи») — a problem is never pushed out.
        low = self._ui.min_px / top
        while scale(items) < low and any(level == "info" for _, level in items):
            items.remove(next(item for item in items if item[1] == "info"))
        hidden = 0
        while scale(items) < low and any(level == "ok" for _, level in items) and len(items) > 1:
            items.remove(next(item for item in reversed(items) if item[1] == "ok"))
            hidden += 1
            more = self.say("console.more_devices", n=hidden)
            width[more] = self.text.layout(more, "body", (10**5, box.height), top, wrap=False).width
            items = [item for item in items if item[1] != "more"]
            at = max((i + 1 for i, item in enumerate(items) if item in devices), default=0)
            items.insert(at, (more, "more"))
        px = max(self._ui.min_px, int(top * scale(items)))
        for text, level in items:
            if level == "more":
                img = self._fit(text, "body", (box.right - x, box.height), MUTED, px)
                surface.blit(img, (x, box.y + 4))
                x += img.get_width() + unit
                continue
            self._state_mark(surface, (x + unit // 3, box.centery), unit // 3, level)
            color = BAD if level == "problem" else TEXT
            img = self._fit(text, "body", (box.right - x - unit, box.height), color, px)
            surface.blit(img, (x + unit, box.y + 4))
            x += unit + img.get_width() + unit

    @staticmethod
    def _state_mark(surface: pygame.Surface, center: tuple[int, int], r: int, level: str) -> None:
        """Colour plus shape, never colour alone: a dot for working, a warning triangle for a problem,
        a ring for information."""
        x, y = center
        if level == "problem":
            pygame.draw.polygon(surface, BAD, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)])
        elif level == "info":
            pygame.draw.circle(surface, MUTED, center, r, width=max(2, r // 3))
        else:
            pygame.draw.circle(surface, GOOD, center, r)

    def _preview(self, surface: pygame.Surface, box: pygame.Rect, preview: pygame.Surface | None,
                 unit: int) -> None:
        pygame.draw.rect(surface, EDGE, box.inflate(4, 4), width=2)
        if preview is not None:
            surface.blit(pygame.transform.scale(preview, box.size) if preview.get_size() != box.size else preview, box)
        tag = self._fit(self.say("console.preview"), "heading", (box.width, unit), MUTED, int(unit * 0.7))
        surface.blit(tag, (box.x + 6, box.bottom + 2))

    def _blank_mark(self, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
        """While the projector is blank the console says so, over its preview: «ПРОЕКТОР ЗАТЕМНЁН»."""
        if not self.engine.state.view.blank:
            return
        pygame.draw.rect(surface, BAD, box.inflate(6, 6), width=4, border_radius=4)
        img = self._fit(self.say("console.projector_blank"), "heading", (box.width - unit * 2, unit * 3), TEXT,
                        int(unit * 1.5), align="center", wrap=True)
        plate = img.get_rect(center=box.center).inflate(unit, unit // 2)
        pygame.draw.rect(surface, BAD, plate, border_radius=6)
        surface.blit(img, img.get_rect(center=box.center))

    def _help(self, surface: pygame.Surface, unit: int) -> None:
        """Every key: the actions, each team's buzzer keys, and typing an amount; two columns, the keys
        in gold, large enough to read from the host's chair."""
        w, h = surface.get_size()
        box = pygame.Rect(w // 12, h // 12, w * 5 // 6, h * 5 // 6)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 190))
        surface.blit(shade, (0, 0))
        self._panel(surface, box)
        surface.blit(self._fit(self.say("console.help_title"), "heading", (box.width, unit * 2), GOLD, unit * 2),
                     (box.x + unit, box.y + unit))
        rows = [(self.say(f"action.{action}"), ", ".join(self.keymap.keys_of(action, self.language)))
                for action in (*BUTTONS, "escape")]
        for team, name in enumerate(self.engine.format.buzzer_labels(self.engine.state)):  # a team's, or a table's
            team_keys = self.keymap.keys_of(f"buzz{team + 1}", self.language)
            if team_keys:
                rows.append((self.say("console.help_buzzer", team=name), ", ".join(team_keys)))
        own = f"console.help_amount.{self.engine.format.id}"  # a format's own words for what digits type
        amount = self.say(own)
        rows.append((amount if amount != own else self.say("console.help_amount"), "0–9, Backspace"))
        half = (len(rows) + 1) // 2
        col_w = (box.width - unit * 3) // 2
        row_h = min(int(unit * 2.2), (box.height - unit * 4) // max(1, half))
        label_w, keys_w = col_w // 2, col_w // 2 - unit
        px = min(int(unit * 1.4), int(row_h * 0.7))
        # One size for every label and one for every key list: the longest decides, so the rows match.
        label_px = min(self.text.layout(name, "body", (label_w, row_h), px, wrap=False).px for name, _ in rows)
        keys_px = min(self.text.layout(keys, "heading", (keys_w, row_h), px, wrap=False).px for _, keys in rows)
        for i, (name, keys) in enumerate(rows):
            x = box.x + unit + (i // half) * (col_w + unit)
            y = box.y + unit * 3 + (i % half) * row_h
            for text, role, color, size, left, width in ((name, "body", TEXT, label_px, x, label_w),
                                                         (keys, "heading", GOLD, keys_px, x + label_w + unit, keys_w)):
                img = self._fit(text, role, (width, row_h), color, size)
                surface.blit(img, (left, y + (row_h - img.get_height()) // 2))

    def _prompt(self, surface: pygame.Surface, text: str, color: pygame.Color, unit: int,
                over: pygame.Rect) -> None:
        long = len(text) > 48  # a question that names a place (a far undo): wrapped, at a readable size
        box = pygame.Rect(0, 0, over.width * 4 // 5 if long else over.width * 2 // 3,
                          min(over.height, unit * 8 if long else unit * 4))
        box.center = over.center
        self.prompt_rect = box
        pygame.draw.rect(surface, color, box, border_radius=12)
        img = self._fit(text, "heading", (box.width - unit * 2, box.height - unit), TEXT,
                        int(unit * 1.5) if long else unit * 2, align="center", wrap=long)
        surface.blit(img, img.get_rect(center=box.center))

    @property
    def _ui(self) -> PanelUI:
        assert self.ui is not None, "render() makes the frame's widgets"
        return self.ui

    def _titled_panel(self, surface: pygame.Surface, box: pygame.Rect, title_key: str, unit: int) -> pygame.Rect:
        return self._ui.titled_panel(box, title_key)

    def _panel(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        self._ui.panel(box)
