"""The operator's controls: an action call (a key, the presenter, a console button, OSC) becomes the
command it means now, or one of the show's own switches (quit, help, the line check, assigning buzzers,
the amount typed on the console), kept in the operator's state (runtime/operator/state.py). Which
actions exist is the action registry's business (core/actions.py plus the format's own); which keys type
an amount, the phase's `amount_entry` flag. The key map's `buzz` is a press like any other: it goes
through the feed's press stages (runtime/inputs/presses.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

import pygame

from quizshow.core import commands as c
from quizshow.core.actions import ActionContext, ActionRegistry, BadCall, Call
from quizshow.core.clock import Clock
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Format, Refused
from quizshow.core.loose import Args
from quizshow.core.spec import JournalWords, PhaseFlags
from quizshow.core.state import ShowState
from quizshow.i18n import Words
from quizshow.inputs.hardware import Hardware
from quizshow.inputs.keymap import KeyMap, QuitGuard, amount_key, edit_amount, key_name
from quizshow.inputs.messages import Action, Press, Seat
from quizshow.runtime.inputs.presses import seat_refusal
from quizshow.runtime.operator.notices import Notices
from quizshow.runtime.operator.state import OperatorState

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ControlsPorts:
    """What the controls are given of the show (the composition root wires them)."""

    operator: OperatorState  # kept here: the amount, the typing, help, quit
    tell: Notices  # notices and prompts to the operator
    words: Words  # the show's words (the composition root's)
    teams: int  # the show's teams: a call's `team` names one of them (an event's whole roster, not a match's)
    journal_words: JournalWords | None  # the format's words for its journal lines (what Undo takes back)
    engine: Callable[[], Engine]  # what Undo would take back (a new engine after «Начать заново»)
    submit: Callable[[c.Command], Outcome]  # through the show service (runtime/show/service.py)
    press: Callable[[Press], Outcome | None]  # a press through the feed's stages, at once (the key map's buzz)
    hardware: Hardware  # the line check, assigning
    keymap: Callable[[], KeyMap]  # the key map now (assigning by pressing makes a new one)
    start_over: Callable[[float], None]  # «Начать заново», asked twice
    clock: Clock  # the quit question's two seconds


# A local action (the app's own switch): its checked arguments and the call itself (time, source, a press's time)
Local = Callable[[Args, Action], Outcome | None]
# undo_far() -> the confirmation to show when Undo would move the picture back more than one step, else None
UndoFar = Callable[[], str | None]
UNDO_CONFIRM_S = 4.0  # the second press of a far undo comes within this many seconds


class Panel(Protocol):
    """The format's console panel (display/console/window.py): its keys before the key map (a grid's arrows);
    what they change comes back as action calls."""

    def panel_key(self, key: int, mod: int, at: float, call: Callable[[Call], Outcome | None]) -> bool: ...


class Controls:
    def __init__(self, ports: ControlsPorts, actions: ActionRegistry, fmt: Format, state: Callable[[], ShowState],
                 flags: Callable[[str], PhaseFlags], panel: Panel | None = None,
                 undo_far: UndoFar | None = None) -> None:
        self.ports = ports
        self.operator = ports.operator
        self.undo_far = undo_far  # a far undo asks first (the app says where the picture would land)
        self.undo_guard = QuitGuard(UNDO_CONFIRM_S)
        self._undo_asked: str | None = None  # the destination the first press named
        self.panel = panel  # the format's console panel: its keys before the key map (FormatViews.keys)
        self.actions = actions
        self.format = fmt
        self.state = state
        self.flags = flags
        self.quit_guard = QuitGuard()
        self.confirm = QuitGuard()  # the same two-press rule for a destructive action
        self._confirm_for: Call | None = None  # the call the first press asked about
        self.typing_for: Call | None = None  # the action a text typed on the console goes to (Enter)
        self._refused: dict[str, str] = {}  # action name -> the refusal last shown for it (cleared by its success)
        self.local: dict[str, Local] = {
            "quit": self._quit, "help": self._help, "linecheck": self._linecheck, "assign": self._assign,
            "amount": self._amount, "buzz": self._buzz, "noop": lambda args, action: None,
            "escape": self._escape, "start_over": self._start_over,
            # The phones' switches (runtime/web/phones.py gives them when the show has a web server).
            "join": self._no_phones, "phone_codes": self._no_phones,
        }

    def add_local(self, switches: Mapping[str, Local]) -> None:
        """A part's own switches (the phones', the OSC link's «Впустить»), wired by the composition root."""
        self.local.update(switches)

    def action(self, action: Action) -> Outcome | None:
        """An action call → the command it means now (toggles read the current state), or a local switch."""
        call, at = action.call, action.at
        definition = self.actions.get(call.name)
        if definition is None:
            log.warning("unknown action %r from %s", call.name, action.source)
            return None
        try:
            args = self.actions.arguments(call)
        except BadCall as why:
            log.warning("%s (from %s)", why, action.source)
            return None
        if definition.local:
            local = self.local.get(call.name)
            return None if local is None else local(args, action)
        team = args.get("team")
        if isinstance(team, int):  # a team the show does not have: the one answer (OSC: 404), nothing said
            wrong = seat_refusal(team, self.ports.teams)
            if wrong is not None:
                return Outcome(c.Tick(at=at), self.state(), refused=str(wrong), refusal=wrong)
        if definition.text_max and len(call.args) < len(definition.args):  # its text is typed on the console
            if self._refused_now(call, at):  # the rest of the call is wrong (no amount typed): no text asked
                return None
            self.typing_for = call
            self.operator.typing = ""
            self.operator.typing_for = self._typing_words(call.name, args)
            return None
        if definition.confirm:  # destructive: a second press (of the same call)
            if self._refused_on_confirm(call, at):  # never ask to confirm what would be refused: say why now
                return None
            if not self._confirmed(call, at):
                # Its question may name what Undo would take back now ({what}: a recorded result), and what the
                # format says its arguments mean (a team's name).
                words = {"what": self._undo_words(), **self.format.confirm_words(self.state(), call.name, args)}
                self.ports.tell.prompt(self.ports.words.say(f"console.{call.name}_confirm", **words), 2.0)
                return None
            self.ports.tell.prompt(None)  # answered: the question leaves the screen
        if call.name == "undo" and self._undo_needs_confirm():  # a recorded result: Ctrl+Z asks, then does it
            return self._confirm_undo(call, at)
        if call.name == "undo" and self.undo_far is not None:
            refused = self._far_undo(at)
            if refused is not None:
                return refused
        status = self.operator
        try:
            cmd = self.actions.build(call, self._context(at))
        except Refused as why:  # the builder refuses (a score not typed yet): said, nothing done
            self.ports.tell.notice(self._refusal_text(why), "refused")
            return None
        if cmd is None:  # nothing done now: the console says why (a key never does nothing in silence)
            said = self._next_held(at) if call.name == "go" else self.ports.words.say("console.nothing_done")
            self._refused[call.name] = said
            self.ports.tell.notice(said, "refused")
            return None
        before = self.state().phase
        outcome = self.ports.submit(cmd)
        stale = self._refused.pop(call.name, None)
        if stale is not None and outcome.accepted and (status.prompt is None or status.prompt[0] == stale):
            self.ports.tell.prompt(None)  # it worked now: its earlier refusal no longer stands on the console
        if outcome.accepted and (definition.uses_amount or outcome.state.phase != before):
            # typed for this one, or for a step that is over (a bid before «ва-банк» must not stand as the
            # final's stake): the next starts from zero
            status.amount = ""
        return outcome

    def _confirmed(self, call: Call, at: float) -> bool:
        """The second press of the same destructive call within the guard's window (another call asks anew).
        Timed by the presses' own show times, as they were stamped: how long the show took to handle the first
        (a busy machine) never makes the second too late."""
        if self._confirm_for != call:
            self.confirm.armed_at = None
        self._confirm_for = call
        return self.confirm.press(at)

    def _undo_needs_confirm(self) -> bool:
        """Ctrl+Z would take back a step the format keeps behind a confirmation (a recorded result)."""
        target = self.ports.engine().undo_target()
        return target is not None and self.format.undo_rule(target.command, target.events)[1]

    def _undo_words(self) -> str:
        """What Undo takes back now, as the console's journal says it."""
        # the journal's sentence (no import cycle: display is below)
        from quizshow.display.console.words import describe

        engine = self.ports.engine()
        target = engine.undo_target()
        if target is None:
            return self.ports.words.say("console.nothing_to_undo")
        teams = [t.name for t in engine.state.teams]
        return describe(target, teams, self.ports.words, self.ports.journal_words, self.format,
                        [t.players for t in engine.state.teams])

    def _confirm_undo(self, call: Call, at: float) -> Outcome:
        """Ctrl+Z on a recorded result: the first press names it and asks; a second within 2 s takes it back."""
        if not self._confirmed(call, at):
            self.ports.tell.prompt(self.ports.words.say("console.undo_confirm", what=self._undo_words()), 2.0)
            return Outcome(c.Undo(at=at), self.state(), refused="taking back a recorded result: "
                           "send it again within 2 s to confirm")
        self.ports.tell.prompt(None)
        return self.ports.submit(c.Undo(at=at, confirmed=True))

    def _context(self, at: float) -> ActionContext:
        amount = self.operator.amount
        return ActionContext(self.state(), at, self.format.rules, int(amount or 0), str(amount or ""))

    def _refused_now(self, call: Call, at: float) -> bool:
        """Would the builder refuse this call now (before its text is typed)? Then it is said at once."""
        try:
            self.actions.build(call, self._context(at))
        except Refused as why:
            self.ports.tell.notice(self._refusal_text(why), "refused")
            return True
        return False

    def _refused_on_confirm(self, call: Call, at: float) -> bool:
        """Would the format refuse this destructive call now («Раунд заканчивают только с табло»)? Then the
        refusal is said at once, with no «press again» question first."""
        try:
            cmd = self.actions.build(call, self._context(at))
        except Refused:
            return False  # the builder's own refusal is said when the call goes ahead
        if cmd is None or isinstance(cmd, (c.Undo, c.Back)):
            return False
        refusal = self.ports.engine().propose(cmd).refusal
        if refusal is None:
            return False
        self._confirm_for = None
        self.ports.tell.notice(self._refusal_text(refusal), "refused")
        return True

    def _next_held(self, at: float) -> str:
        """Why Next did nothing just after a press (next_guard_s: the host may have been clicking), worded by
        what Next would do: press again for «…», or only a verdict moves the show on."""
        state = self.state()
        words = self.ports.words
        guard = float(self.format.rules.get("next_guard_s", 0.5))
        pause = f"{words.decimal(guard, None)} {words.say('unit.s')}"
        then = words.say(self.format.next_action(state).key)
        try:
            self.format.handle(state, c.Go(at=at))
        except Refused:  # Next would not work anyway (a verdict first): say what would
            return words.say("console.next_held_blocked", s=pause, next=then[:1].lower() + then[1:])
        return words.say("console.next_held", s=pause, next=then)

    def _far_undo(self, at: float) -> Outcome | None:
        """Undo may never move the picture back more than one step at one press: the first press names where
        it would land; a second press within UNDO_CONFIRM_S (to the same place, by the presses' show times)
        does it. None: go ahead."""
        far = self.undo_far() if self.undo_far is not None else None
        if far is None:
            return None
        if self._undo_asked == far and self.undo_guard.armed(at):
            self.undo_guard.armed_at, self._undo_asked = None, None
            self.ports.tell.prompt(None)  # answered: the question leaves the screen
            return None
        self.undo_guard.armed_at, self._undo_asked = at, far
        self.ports.tell.prompt(far, UNDO_CONFIRM_S)
        return Outcome(c.Undo(at=at), self.state(), refused=f"undo goes back more than one step ({far}): "
                       f"send it again within {UNDO_CONFIRM_S:g} s to confirm")

    def key(self, key: int, mod: int, at: float, source: str = "keyboard") -> Outcome | None:
        """A key press: taken as a buzzer while buzzers are being assigned; then by the format's console
        panel while it is active (a grid's arrows); digits type an amount while the phase asks for one
        (its `amount_entry` flag); else the key map."""
        if self.operator.typing is not None:
            return self._typing_key(key, at, source)
        hardware = self.ports.hardware
        if self.typing_for is not None:
            return self._typing_key(key, at, source)
        call = self.ports.keymap().call_for(key, mod)
        if hardware.assigning is not None and (call is None or call.name not in ("assign", "quit", "escape")):
            hardware.capture(f"key:{key_name(key)}", at)
            return None
        if self.panel is not None and self.panel.panel_key(
                key, mod, at, lambda call: self.action(Action(call.name, at, source, call.args))):
            return None  # taken by the format's panel (what it changed went through `action`)
        if self.flags(self.state().phase).amount_entry:
            edit = amount_key(key)
            if edit is not None:
                return self.action(Action("amount", at, source, (edit,)))
        return None if call is None else self.action(Action(call.name, at, source, call.args))

    # --- a text typed on the console (ActionDef.text_max) ----------------------------------------------

    def _typing_words(self, action: str, args: Args) -> str:
        """What a text is being typed for («console.<action>_typing», the format naming its arguments), or ""."""
        key = f"console.{action}_typing"
        said = self.ports.words.say(key, **self.format.confirm_words(self.state(), action, args))
        return "" if said == key else said

    def text(self, text: str) -> None:
        """Characters typed while a text is being typed (the window's text input); cut at the action's limit."""
        status, call = self.operator, self.typing_for
        definition = None if call is None else self.actions.get(call.name)
        if status.typing is None or definition is None:
            return
        status.typing = (status.typing + text)[:definition.text_max]

    def _typing_key(self, key: int, at: float, source: str) -> Outcome | None:
        """While a text is typed: Backspace takes back, Enter gives it to its action, Esc drops it.
        Nothing else reaches the show meanwhile (the characters come as text, see `text`)."""
        status, call = self.operator, self.typing_for
        typed = status.typing or ""
        if key == pygame.K_BACKSPACE:
            status.typing = typed[:-1]
        elif key == pygame.K_ESCAPE:
            status.typing, self.typing_for = None, None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            status.typing, self.typing_for = None, None
            if call is not None:
                definition = self.actions.get(call.name)
                given = len(definition.args) - 1 if definition is not None else len(call.args)
                args = (*call.args, *(None,) * (given - len(call.args)), typed)
                return self.action(Action(call.name, at, source, args))
        return None

    def refresh(self) -> None:
        """Once a frame: the quit prompt goes when its two seconds are over."""
        self.operator.quit_armed = self.quit_guard.armed(self.ports.clock.monotonic())

    def _refusal_text(self, why: Refused) -> str:
        return self.ports.words.refusal(why.template, why.values)

    # --- the local switches ------------------------------------------------------------------------

    def _quit(self, args: Args, action: Action) -> None:
        now = self.ports.clock.monotonic()
        if self.quit_guard.press(now):
            self.operator.running = False
        self.operator.quit_armed = self.quit_guard.armed(now)

    def _help(self, args: Args, action: Action) -> None:
        self.operator.help = not self.operator.help

    def _escape(self, args: Args, action: Action) -> None:
        """Escape closes what covers the console: the help, a prompt, the quit question, assigning by
        pressing. It never starts, stops or judges anything (a reflex press during an answer is harmless)."""
        status = self.operator
        status.help = False
        status.phone_codes = False  # the phones' panel of codes (F6)
        status.prompt = None
        self.quit_guard.armed_at = None
        self.undo_guard.armed_at = None  # a far undo's question, dismissed: the next press asks again
        status.quit_armed = False
        if self.ports.hardware.assigning is not None:
            self.ports.hardware.toggle_assign(action.at)

    def _start_over(self, args: Args, action: Action) -> None:
        """«Начать заново»: twice within 2 s (the first press asks)."""
        if not self._confirmed(Call("start_over"), action.at):
            self.ports.tell.prompt(self.ports.words.say("console.start_over_confirm"), 2.0)
            return
        self.ports.tell.prompt(None)
        self.ports.start_over(action.at)

    def _no_phones(self, args: Args, action: Action) -> None:
        self.ports.tell.notice(self.ports.words.say("console.no_phones"), "refused")

    def _linecheck(self, args: Args, action: Action) -> None:
        self.ports.hardware.toggle_line_check()

    def _assign(self, args: Args, action: Action) -> None:
        self.ports.hardware.toggle_assign(action.at)

    def _amount(self, args: Args, action: Action) -> None:
        status = self.operator
        try:
            status.amount = edit_amount(status.amount, args["edit"])
        except Refused as why:  # an amount out of bounds: said, and the amount stays
            self.ports.tell.notice(self._refusal_text(why), "refused")

    def _buzz(self, args: Args, action: Action) -> Outcome | None:
        """The key map's buzzer (a key, a console button): a press of its seat, timed by its arrival, through
        the feed's press stages like every source's (the line check may take it)."""
        return self.ports.press(Press(Seat(args["team"], args["player"]), action.at, action.source, action.at))
