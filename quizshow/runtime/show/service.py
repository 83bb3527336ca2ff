"""The show service: what the show decides about an outcome, a frame and a start over, in one place.

- `submit`: journal and apply a command through the runtime (runtime/show/journalled.py); a refusal is said
  to the operator (red while the disk refuses to journal, once while it lasts; a rule's refusal for a
  moment), never raised; the outcome's effects go to the sinks (runtime/show/sinks.py).
- Which outcomes the console's journal shows (`console_log`: an undo is said and its lines marked, a
  clock's tick only where the format words it) and the pack's own sound following the question.
- `finished`: the game is over (Next has nothing left to do).
- `start_over`: «Начать заново».
"""

from __future__ import annotations

from collections.abc import Callable

from quizshow.core import commands as c
from quizshow.core.clock import ShowClock
from quizshow.core.engine import Engine, Entry, Outcome
from quizshow.core.format import Format
from quizshow.core.spec import JournalWords, PhaseFlags
from quizshow.core.state import ShowState
from quizshow.display.console.window import Console
from quizshow.display.console.words import describe, where_words
from quizshow.i18n import Words
from quizshow.outputs.media import PackMedia
from quizshow.runtime.journal.file import NotJournalled
from quizshow.runtime.operator.notices import Notices
from quizshow.runtime.operator.state import OperatorState
from quizshow.runtime.show.journalled import Runtime
from quizshow.runtime.show.sinks import Sinks


def finished(fmt: Format, state: ShowState) -> bool:
    """The game is over: Next has nothing left to do (the format's answer)."""
    return fmt.next_action(state).finished


class Show:
    def __init__(self, runtime: Runtime, fmt: Format, sinks: Sinks, notices: Notices, operator: OperatorState,
                 console: Console, media: PackMedia, clock: ShowClock, words: Words,
                 flags: Callable[[str], PhaseFlags], journal_words: JournalWords | None) -> None:
        self.runtime = runtime
        self.format = fmt
        self.sinks = sinks
        self.notices = notices
        self.operator = operator
        self.console = console
        self.media = media
        self.clock = clock
        self.words = words  # the show's words, composed once by the composition root
        self.say = words.say
        self.flags = flags  # a phase's flags (the format's spec)
        self.journal_words = journal_words
        self._disk_problem: str | None = None  # the journal's write failure being shown (once while it lasts)

    @property
    def engine(self) -> Engine:
        return self.runtime.engine  # a new one after «Начать заново»

    @property
    def state(self) -> ShowState:
        return self.runtime.engine.state

    def finished(self) -> bool:
        return finished(self.format, self.state)

    def history(self) -> tuple[ShowState, tuple[Entry, ...]]:
        """The steps in effect, copied while no input is applied (the buzz replay reads them)."""
        with self.runtime.lock:
            return self.runtime.engine.history()

    def submit(self, cmd: c.Command) -> Outcome:
        """Journal (fsync) and apply through the runtime, then the effects go to the sinks. Refusals are
        shown, not raised."""
        outcome = self.runtime.submit(cmd)
        if outcome.refused:
            why = outcome.refusal
            text = self.words.refusal(why.template, why.values) if why else outcome.refused
            if isinstance(why, NotJournalled):  # the disk, not a rule: a red line, once while it lasts
                if self._disk_problem != text:
                    self._disk_problem = text
                    self.notices.notice(text, "problem")
            elif not isinstance(cmd, c.Tick):
                self.notices.notice(text, "refused")
            if outcome.changed:  # a late press: refused, yet journalled for the replay; the console's journal says so
                now = self.clock.now()
                self.sinks.on_window(lambda: self.console_log(outcome, now))
            return outcome
        self._disk_problem = None  # journalled again
        self.sinks.outcome(outcome, self.clock.now())
        return outcome

    def console_log(self, outcome: Outcome, now: float) -> None:
        """A view sink: what the console's journal shows of an outcome."""
        if outcome.undone is not None:
            teams = [t.name for t in outcome.state.teams]
            what = describe(outcome.undone, teams, self.words, self.journal_words, self.format,
                            [t.players for t in outcome.state.teams], after=outcome.undone_after)
            self.notices.now(self.say("console.undone", what=what), "info")
            self.console.mark_undone((outcome.undone, *outcome.dropped))  # their journal lines: «отменено»
        elif outcome.changed and outcome.tail and (not isinstance(outcome.command, c.Tick) or self.format.command_words(
                outcome.command, tuple(outcome.events)) is not None):  # a tick only where the format words it
            self.console.log(outcome.tail[-1][0], after=outcome.state)  # the entry this command added

    def pack_sound(self, outcome: Outcome, now: float) -> None:
        """A view sink: the pack's own sound follows the question on screen (pygame.mixer is touched only on
        the window thread, never from a box reader or the OSC server)."""
        if outcome.changed:
            self.media.follow(self.format.current(outcome.state), outcome.state.phase)

    def undo_far(self) -> str | None:
        """The question to ask before an Undo that moves the picture back more than one step, else None."""
        with self.runtime.lock:
            preview = self.engine.undo_preview()
            if preview is None or not preview.lost:
                return None
            where = where_words(self.format, preview.state, self.words)
            return self.say("console.undo_far", where=where, n=len(preview.lost))

    def start_over(self, at: float) -> None:
        """«Начать заново» (the controls asked twice): the old journal ends with StartOver and is kept renamed;
        the show starts again from its title card."""
        with self.runtime.lock:
            self.runtime.start_over(at)
            self.console.journal.clear()
            self.operator.resumed = None
            # Every client at once (phones, the overlay, lamps, desks), as after any change of the state.
            self.sinks.outcome(Outcome(c.StartOver(at=at), self.engine.state, changed=True), at)
        self.notices.notice(self.say("console.started_over"), "info")
