"""The format interface: a reducer `handle(state, command) -> (state, effects)` plus the words the
console needs. A format instance holds the static show (teams, pack, rules); the state holds the rest.

A handler is a method registered for its command's type (`@handles(c.Go)`); each class's table is built
when the class is made. The base class gives every format the shared behaviour: manual scores, the view
switches, the clock, ticks and resume. What only some formats can do (a tournament's match, stakes, typed
answers, a lamp per player) is a capability of its own (core/capabilities.py), not a hook here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Generic, TypedDict, TypeVar

from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.core.ladder import FINISHED, Go, NextKind, NextStep, Rung
from quizshow.core.limits import MAX_CLOCK_S, MAX_POINTS, points_ok, seconds_ok
from quizshow.core.loose import Args, Rules
from quizshow.core.phases import NO_FLAGS, PhaseFlags
from quizshow.core.presslog import Press
from quizshow.core.registration import Registration
from quizshow.core.state import Banner, Settling, ShowState, Team
from quizshow.core.timers import Window

if TYPE_CHECKING:
    from pathlib import Path

    from quizshow.packs.model import Pack, Question

Result = tuple[ShowState, list[Event]]

S = TypeVar("S")  # a format's own part of the show state (ShowState.fmt)


class PressKind(StrEnum):
    """What a press from a seat would be now (Format.press_answer)."""

    OPEN = "open"  # taken: the phone lights «ЖМИ!», the lamp may blink
    EARLY = "early"  # taken against the seat: a false start («Брейн-ринг» before «Время!»)
    ANSWERING = "answering"  # the seat answers now
    QUEUED = "queued"  # its press is in and waits its turn (asked in press order if the answer before is wrong)
    OUT = "out"  # out of this question (answered wrong, a false start)
    CLOSED = "closed"  # no press is taken from it now; `why` says why


class Position(TypedDict, total=False):
    """Where the show is (Format.position): what the console's header, the overlay and the replay say."""

    round: int | None
    round_key: str | None  # the phrase naming the round (None: no round is said here)
    question: int | None  # from 0; None: no question open
    question_key: str  # the phrase naming the question («вопрос 4», no «из N»)
    played: int | str  # the question's number as said (from 1), or a format's own («10 (3/12)»)
    finished: int  # the round's questions over
    of: int | str  # how many questions («∞», «?» when unknown)
    value: int | None
    value_key: str
    value_team: str
    between: bool  # back between questions (the console's question panel clears)
    compact_question: bool  # the console gives the question panel less room
    phase_key: str  # the format's own word for the phase
    stage_key: str  # the format names its stage itself («перестрелка, вопрос 2»)
    stage_n: int
    theme: str


@dataclass(frozen=True, eq=False)
class PressAnswer:
    """Whether a press from a seat would be taken now and, if not, why: the one answer phones, lamps, the
    console's press list and the key buzzers read (a key's press is the very Buzz the answer tried)."""

    kind: PressKind
    why: Refused | None = None  # the engine's refusal of such a press (its words are the phone's prompt)

    @property
    def taken(self) -> bool:
        return self.kind is PressKind.OPEN


@dataclass(frozen=True)
class Button:
    """A buzzer button that can press in a format (Format.buttons): a team's or a table's name as the show
    gives it, or, when `phrase`, a key of the format's phrase table («красный стол» in the melee)."""

    name: str
    phrase: bool = False


class Refused(Exception):
    """The command is not possible now; the message says why (console line, OSC 409).

    `template` is English with {named} values; the console shows it in the show's words (Words.refusal)."""

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values) if values else template)


def refusing(why: str, **values: object) -> Go:
    """A Next that is refused with these words (a Refused template and its values)."""
    def refuse(at: float) -> Result:
        raise Refused(why, **values)
    return refuse


def step(key: str, go: Go) -> Rung:
    """A rung where Next takes a step: `go`, named by phrase `key`."""
    return Rung(NextStep(key), go)


def wait(key: str, why: str, **values: object) -> Rung:
    """A rung where Next is refused (`why`): the host acts otherwise, as phrase `key` says («выберите вопрос»)."""
    return Rung(NextStep(key, NextKind.WAIT), refusing(why, **values))


def over(why: str, **values: object) -> Rung:
    """The last rung: nothing follows, Next is refused (`why`)."""
    return Rung(FINISHED, refusing(why, **values))


def no_flags(phase: str) -> PhaseFlags:
    return NO_FLAGS


@dataclass(frozen=True)
class Setup:
    """The static part of a show a format needs."""

    title: str
    teams: tuple[Team, ...]
    rules: Rules
    pack: Pack | None = None  # a show's several packs come joined into one, played in order
    flags: Callable[[str], PhaseFlags] = no_flags  # the format's phase flags (FormatSpec.flags)
    # Each team's standing with the ЧГК rating (its id, city, players), in team order; () when the show has none.
    registrations: tuple[Registration, ...] = ()

    def registration(self, team: int) -> Registration:
        return self.registrations[team] if team < len(self.registrations) else Registration()


CommandT = TypeVar("CommandT", bound=c.Command)
FormatT = TypeVar("FormatT", bound="Format")  # any format (its own state aside)
Handler = Callable[[FormatT, ShowState, CommandT], Result]
_HANDLES = "_handles"  # the attribute `handles` marks a handler with: its command's type


def handles(kind: type[CommandT]) -> Callable[[Handler[FormatT, CommandT]], Handler[FormatT, CommandT]]:
    """Registers a method as the format's handler of commands of type `kind` (mypy checks the method takes one)."""
    def mark(method: Handler[FormatT, CommandT]) -> Handler[FormatT, CommandT]:
        setattr(method, _HANDLES, kind)
        return method
    return mark


def handler_table(cls: type) -> dict[type[c.Command], str]:
    """Command type -> the name of its handler, over the class and its bases (a subclass's own wins; overriding a
    handler by name keeps it registered). One class registering two handlers for one command is an error."""
    table: dict[type[c.Command], str] = {}
    for klass in reversed(cls.__mro__):
        own: dict[type[c.Command], str] = {}
        for name, value in vars(klass).items():
            kind = getattr(value, _HANDLES, None)
            if isinstance(kind, type) and issubclass(kind, c.Command):
                if kind in own:
                    raise TypeError(f"{klass.__name__}: {kind.__name__} has two handlers, {own[kind]} and {name}")
                own[kind] = name
        table.update(own)
    return table


class Format(Generic[S]):
    """A format generic in its own part of the state: `Format[Play]` keeps a `Play` in `ShowState.fmt`, names its
    class in `own_type` and reads it with `own(state)`, typed (a format without its own part is `Format[None]`)."""

    id: ClassVar[str] = "base"
    BANNER_S: ClassVar[float] = 2.5
    own_type: type[S]  # the class of ShowState.fmt in this format's shows
    handlers: ClassVar[Mapping[type[c.Command], str]] = {}  # command type -> handler method name (handler_table)

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.handlers = handler_table(cls)

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rules = setup.rules

    def own(self, state: ShowState) -> S:
        """The format's own part of the state, typed (ShowState.part)."""
        try:
            return state.part(self.own_type)
        except TypeError as why:
            raise TypeError(f"format {self.id}: {why}") from None

    def own_or_none(self, state: ShowState) -> S | None:
        """The format's own part, typed, or None where the show holds another kind (or none yet)."""
        found = state.fmt
        return found if isinstance(found, self.own_type) else None

    def keep(self, state: ShowState, own: S) -> ShowState:
        """The state holding `own` as the format's own part (typed: mypy checks it is this format's)."""
        return replace(state, fmt=own)

    # --- the reducer -----------------------------------------------------------------------------

    def initial_state(self, seed: int) -> ShowState:
        return ShowState(phase="title", teams=self.setup.teams, seed=seed)

    def handle(self, state: ShowState, command: c.Command) -> Result:
        name = self.handlers.get(type(command))
        if name is None:
            raise Refused("{command} is not used by format {format}", command=type(command).__name__,
                          format=self.id)
        method: Callable[[ShowState, c.Command], Result] = getattr(self, name)
        new, events = method(state, command)
        if isinstance(command, c.Buzz) and new is not state:
            new, events = self._held(state, new, events, command)
        elif new.settling is not None and new is not state and not isinstance(command, c.Tick) and \
                (new.phase != state.phase or self._answerer(new) != self._answerer(state)):
            new = replace(new, settling=None)  # the host moved on before it settled: nothing left to announce
        if new is not state and new.teams is not state.teams:
            # The one bound after arithmetic: whatever a rule multiplied, no score leaves ±MAX_POINTS.
            self.check_points(*(team.score for team in new.teams))
        if new.view.replay is not None and any(event.kind == EventKind.QUESTION for event in events):
            new = replace(new, view=replace(new.view, replay=None))  # a question opens: the hall sees it, not a replay
        if new.before_expiry is not None and new is not state and not isinstance(command, c.Tick):
            # The host (or a press) acted after the clock ran out: that expiry stands from now on.
            new = replace(new, before_expiry=None)
        return new, events

    # --- who may press: the one answer (phones, lamps, the console, keys) -------------------------------------

    def seat_button(self, state: ShowState, team: int, player: int | None) -> tuple[int, int | None]:
        """The button a seat presses, as a Buzz names it (team, player): the seat's own by default; a format
        whose buttons are not the teams' (the melee's two tables) says which. Raises Refused when the seat
        has no button now."""
        return team, player

    def seat_score(self, state: ShowState, team: int) -> int | None:
        """The score a seat's phone shows: its team's (as the projector last showed them, `shown_scores`)."""
        shown = self.shown_scores(state)
        if shown is not None:
            return shown[team] if 0 <= team < len(shown) else None
        return state.teams[team].score if 0 <= team < len(state.teams) else None

    def waiting_presses(self, state: ShowState) -> tuple[Press, ...]:
        """The presses waiting their turn to answer (asked in press order when the answer before is wrong).
        None by default: after a wrong answer the window opens again and a fresh press is needed."""
        return ()

    def seat_answers(self, state: ShowState, button: int, player: int | None) -> bool:
        """Whether the seat on this button answers now (a player's own button: that player)."""
        if player is not None and self.answering_seat(state) is not None:
            return self.answering_seat(state) == (button, player)
        return self.buttons_answering(state) == button

    def press_answer(self, state: ShowState, team: int, player: int | None, at: float) -> PressAnswer:
        """Whether a press from the seat (team, player), made at show time `at`, would be taken, and if not why.
        Worked out by the reducer itself: the Buzz it would be is tried on the state (nothing is kept), so
        no client holds a copy of the rules."""
        try:
            button, pressing = self.seat_button(state, team, player)
        except Refused as why:
            return PressAnswer(PressKind.CLOSED, why)
        return self.button_answer(state, button, pressing, at)

    def button_answer(self, state: ShowState, button: int, pressing: int | None, at: float) -> PressAnswer:
        """`press_answer` for a button as a Buzz names it (the lamps and the console's press list are per button)."""
        if self.seat_answers(state, button, pressing):
            return PressAnswer(PressKind.ANSWERING)
        try:
            _, events = self.handle(state, c.Buzz(at=at, team=button, player=pressing, source_time=at))
        except Refused as why:
            if any(p.team == button and (pressing is None or p.player == pressing)
                   for p in self.waiting_presses(state)):
                return PressAnswer(PressKind.QUEUED, why)
            if button in self.buttons_locked(state):
                return PressAnswer(PressKind.OUT, why)
            return PressAnswer(PressKind.CLOSED, why)
        if any(event.kind == EventKind.FALSE_START for event in events):
            return PressAnswer(PressKind.EARLY)
        return PressAnswer(PressKind.OPEN)

    # --- the answerer announced once (spec/web.md v1.1) --------------------------------------------------

    def _answerer(self, state: ShowState) -> tuple[int | None, tuple[int, int | None] | None]:
        return self.buttons_answering(state), self.answering_seat(state)

    def _held(self, state: ShowState, new: ShowState, events: list[Event], cmd: c.Buzz) -> Result:
        """A press that names a new answerer while an earlier press may still be on its way from a phone
        (`cmd.hold`): the engine's order stands, but the hall is told only once it is settled. Its BUZZ and
        ASKED events wait in `ShowState.settling` (the first press's own time plus the hold); a press that
        comes meanwhile and turns out earlier answers instead, and only the answerer then is announced."""
        answerer = self._answerer(new)
        held = state.settling
        if answerer == self._answerer(state) or answerer == (None, None):
            return new, events
        if held is None:
            until = cmd.press_time + (cmd.hold or 0.0)
            if until <= cmd.at:  # nothing earlier can still come: said at once
                return new, events
            held = Settling(until, replace(state, timer=new.timer))
        said = tuple(e for e in events if e.kind in (EventKind.BUZZ, EventKind.ASKED))
        rest = [e for e in events if e.kind not in (EventKind.BUZZ, EventKind.ASKED)]
        return replace(new, settling=replace(held, events=held.events + said)), rest

    def settled(self, state: ShowState) -> Result:
        """The press is settled: the hall sees the show as it is, and hears of the answerer once (its press's
        held BUZZ, and ASKED where the format asks in order)."""
        held = state.settling
        new = replace(state, settling=None)
        if held is None:
            return new, []
        button, seat = self._answerer(new)
        said: dict[EventKind, Event] = {}
        for event in held.events:
            if event.team == button and (seat is None or seat[1] is None or event.player in (None, seat[1])):
                said[event.kind] = event  # the answerer's last press of each kind
        return new, list(said.values())

    def at_press(self, state: ShowState, t: float) -> Result:
        """The state as it stood at a press's own time `t` — the one rule for the question clock's window.

        A press made before the end keeps its right although its line arrived after the expiry tick (the
        expiry is overturned: the state before it comes back); a press made after the end is too late
        although no tick has ended the window yet (the expiry is applied first, at the window's end)."""
        before = state.before_expiry
        if before is not None and state.timer.expired:
            window = before.timer.window
            if window is not None and window.open_at(t):
                return before, []
        window = state.timer.window
        if window is not None and window.closed_by(t):
            return self.on_tick(state, c.Tick(at=window.closes))
        return state, []

    def by_press_time(self, state: ShowState, cmd: c.Buzz, press: Callable[[ShowState, c.Buzz], Result]) -> Result:
        """Handle a press in the state as it stood at the press's own time (`at_press`)."""
        then, events = self.at_press(state, cmd.press_time)
        try:
            new, more = press(then, cmd)
        except Refused:
            if then.timer.expired and not state.timer.expired:
                raise Refused("too late: pressed after the time ran out") from None
            raise
        return new, events + more

    def undo_rule(self, command: c.Command, events: tuple[Event, ...]) -> tuple[bool, bool]:
        """How Undo treats a step in effect: (undoable, needs a confirmed Undo). By the command's class;
        a format whose Next does different things (a tournament's Next starts or closes a match) may
        decide by what the step did (its events)."""
        return type(command).undoable, type(command).confirm_undo

    @handles(c.ClockHold)
    def on_clock_hold(self, state: ShowState, cmd: c.ClockHold) -> Result:
        """An undo of a step that stopped the running clock (a press) holds it where that step stopped it,
        then gives it back (`on_clock_release`; core/engine.py). A tournament passes both to its match."""
        if not state.timer.running or state.timer.started_at is None or cmd.at < state.timer.started_at:
            raise Refused("the clock is not running")  # no longer the run it stopped: nothing to hold
        return replace(state, timer=state.timer.pause(cmd.at)), []

    @handles(c.ClockRelease)
    def on_clock_release(self, state: ShowState, cmd: c.ClockRelease) -> Result:
        """The held question clock running again from the Undo's time, with the time it showed when held."""
        if state.timer.running or state.timer.expired or state.timer.paused_at is None:
            raise Refused("the clock is not held")
        return replace(state, timer=state.timer.start(cmd.at)), []

    def command_words(self, command: c.Command, events: tuple[Event, ...]) -> tuple[str, dict[str, object]] | None:
        """Its words for a command that need the show it runs (a board cell's theme and value, a final
        theme's name): (phrase key, values) for the console's journal and Undo label, else None. With a
        QUESTION event among `events` the words are said for the question the command opened."""
        return None

    def buzzer_labels(self, state: ShowState) -> tuple[str, ...]:
        """Who each buzzer action (buzz1, buzz2, …) is, for the console's help: the teams by default; a
        format played at fixed tables names the tables."""
        return tuple(t.name for t in state.teams)

    def buttons(self, state: ShowState) -> tuple[Button, ...]:
        """The buzzer buttons that can press in this format, in order: the first is buzz1 (key 1), and so on.
        The console's help, its devices line and the key map list these and no more. By default one a
        team (or as `buzzer_labels` names them); a format played at two tables names the two."""
        return tuple(Button(name) for name in self.buzzer_labels(state))

    def confirm_words(self, state: ShowState, action: str, args: Args) -> dict[str, object]:
        """The values of a destructive action's question (phrase «console.<action>_confirm»): its arguments;
        a format names what they mean (a team index → «Орион»)."""
        return dict(args)

    # --- the view model: what the views may ask (they never work the rules out again) -------------

    def current(self, state: ShowState) -> Question | None:
        """The question on screen (or being set up), if any."""
        return None

    def value(self, state: ShowState) -> int:
        """What the current question is worth (0: none)."""
        return 0

    def awaited_media(self, state: ShowState) -> tuple[Path, ...]:
        """The question's own sound or video the answer window waits for (SIGame `waitForFinish`): once they
        have played, the app starts the clock (TimerStart, journalled). (): nothing is awaited now."""
        return ()

    def answering_seat(self, state: ShowState) -> tuple[int, int | None] | None:
        """Who answers now, as (team, player): the player where each has a button of their own (the duel),
        else None. A phone seat reads «you answer» from it (inputs/phones/view.py)."""
        return None if state.answering is None else (state.answering, None)

    def winner(self, state: ShowState) -> list[int]:
        """The winning team(s) once the game is decided (best first); [] until then."""
        return []

    def answering_teams(self, state: ShowState) -> frozenset[int]:
        """The teams whose answer is being judged (the console marks them): the answering team; a format
        where several teams answer together (the melee's table) names them all."""
        return frozenset() if state.answering is None else frozenset({state.answering})

    def teams_out(self, state: ShowState) -> frozenset[int]:
        """The teams out of the game for good (the melee's players who have left): the console dims them."""
        return frozenset()

    def buttons_answering(self, state: ShowState) -> int | None:
        """Whose button answers now, as the buttons are numbered (the lamps light it): the answering team;
        where a button is not a team's (the melee's two tables), the format says."""
        return state.answering

    def buttons_locked(self, state: ShowState) -> frozenset[int]:
        """The buttons out of this question (their lamps stay off), numbered as the buttons are."""
        return state.locked

    def ladder(self, state: ShowState) -> Rung:
        """Where the show is on the format's phase ladder: the step Next would take and what Next does, one rung
        that `next_action` and `on_go` both read. The base has no steps: Next is not used."""
        return over("{command} is not used by format {format}", command=c.Go.__name__, format=self.id)

    def next_action(self, state: ShowState) -> NextStep:
        """What Next (Go) will do now (the console's «ДАЛЕЕ» says its words)."""
        return self.ladder(state).step

    def position(self, state: ShowState) -> Position:
        """Where the show is: round and question numbers and the value, for the console header."""
        return {"round": state.round, "question": state.question}

    def false_start_line(self, state: ShowState) -> float | None:
        """The show time before which a press on the question in play is a false start (the brain-ring's
        «Время!»); None: the format has no false starts, or the line is not drawn yet. The buzz replay draws it."""
        return None

    def shown_scores(self, state: ShowState) -> tuple[int, ...] | None:
        """The scores as the projector last showed them, where they differ from the teams' scores now (the
        written quiz marks sheets before its results table); None: the scores now (the broadcast overlay)."""
        return None

    # --- shared handlers ----------------------------------------------------------------------------

    def check_team(self, state: ShowState, team: int) -> None:
        if not 0 <= team < len(state.teams):
            raise Refused("there is no team {n}", n=team + 1)

    def check_points(self, *values: int) -> None:
        """A score change and the score it leads to stay within ±MAX_POINTS (core/limits.py)."""
        if not all(points_ok(v) for v in values):
            raise Refused("a score must stay within ±{max}", max=MAX_POINTS)

    @handles(c.Go)
    def on_go(self, state: ShowState, cmd: c.Go) -> Result:
        return self.ladder(state).go(cmd.at)

    @handles(c.ScoreAdd)
    def on_score_add(self, state: ShowState, cmd: c.ScoreAdd) -> Result:
        self.check_team(state, cmd.team)
        self.check_points(cmd.points, state.teams[cmd.team].score + cmd.points)
        new = state.add_score(cmd.team, cmd.points)
        return new, [Event(EventKind.SCORE, team=cmd.team, points=cmd.points, score=new.teams[cmd.team].score)]

    @handles(c.ScoreSet)
    def on_score_set(self, state: ShowState, cmd: c.ScoreSet) -> Result:
        self.check_team(state, cmd.team)
        self.check_points(cmd.points)
        delta = cmd.points - state.teams[cmd.team].score
        new = state.with_score(cmd.team, cmd.points)
        return new, [Event(EventKind.SCORE, team=cmd.team, points=delta, score=cmd.points)]

    @handles(c.ViewScores)
    def on_view_scores(self, state: ShowState, cmd: c.ViewScores) -> Result:
        return replace(state, view=replace(state.view, scores=cmd.on)), []

    @handles(c.ViewBlank)
    def on_view_blank(self, state: ShowState, cmd: c.ViewBlank) -> Result:
        return replace(state, view=replace(state.view, blank=cmd.on)), []

    @handles(c.ViewReplay)
    def on_view_replay(self, state: ShowState, cmd: c.ViewReplay) -> Result:
        if cmd.back < 0:
            raise Refused("a replay goes back 0 or more questions, not {n}", n=cmd.back)
        return replace(state, view=replace(state.view, replay=cmd.back if cmd.on else None)), []

    @handles(c.TimerStart)
    def on_timer_start(self, state: ShowState, cmd: c.TimerStart) -> Result:
        if self.setup.flags(state.phase).clock_over:  # after the verdict a paused clock stays paused
            raise Refused("the clock is over for this question")
        timer = state.timer.start(cmd.at)
        if timer is state.timer:
            raise Refused("the clock cannot start now")
        return replace(state, timer=timer), [Event(EventKind.TIMER_START, seconds=timer.remaining(cmd.at))]

    @handles(c.TimerStop)
    def on_timer_stop(self, state: ShowState, cmd: c.TimerStop) -> Result:
        if not state.timer.running:
            raise Refused("the clock is not running")
        timer = state.timer.pause(cmd.at)
        return replace(state, timer=timer), [Event(EventKind.TIMER_STOP, seconds=timer.remaining(cmd.at))]

    @handles(c.TimerAdd)
    def on_timer_add(self, state: ShowState, cmd: c.TimerAdd) -> Result:
        if not state.timer.armed:
            raise Refused("there is no clock to change")
        if self.setup.flags(state.phase).clock_over:  # after the verdict
            raise Refused("the clock is over for this question")
        if not seconds_ok(cmd.seconds) or state.timer.remaining(cmd.at) + cmd.seconds > MAX_CLOCK_S:
            raise Refused("a clock holds at most {max} s", max=round(MAX_CLOCK_S))
        return replace(state, timer=state.timer.add(cmd.seconds, cmd.at)), []

    @handles(c.StartOver)
    def on_start_over(self, state: ShowState, cmd: c.StartOver) -> Result:
        return state, []  # the journal ends here; the app opens a fresh one

    @handles(c.Resumed)
    def on_resumed(self, state: ShowState, cmd: c.Resumed) -> Result:
        # After a crash nobody knows how long the hall waited: hold the clock until «Время!».
        return replace(state, timer=state.timer.pause(cmd.at), banner=None), []

    @handles(c.Tick)
    def on_tick(self, state: ShowState, cmd: c.Tick) -> Result:
        said: list[Event] = []
        if state.settling is not None and cmd.at >= state.settling.until:
            state, said = self.settled(state)
        new = state
        if state.banner is not None and cmd.at >= state.banner.until:
            new = replace(new, banner=None)
        timer, events = state.timer.tick(cmd.at, float(self.rules.get("warning_s", 10)))
        if timer is not state.timer:
            new = replace(new, timer=timer)
            if timer.expired and not state.timer.expired:
                new, more = self.on_time_up(new, cmd.at)
                new = replace(new, before_expiry=replace(state, before_expiry=None))
                events = events + more
        return new, said + events

    def on_time_up(self, state: ShowState, at: float) -> Result:
        """The question clock reached zero; formats decide what that means."""
        return self.banner(state, "banner.time_over", at), []

    # --- «Затяжка времени»: the time a called team has to start its answer ---------------------------

    def call_window(self, at: float) -> Window | None:
        """From the moment a team is called to answer; None when the preset leaves it to the host."""
        seconds = float(self.rules.get("answer_start_s", 0))
        return Window(at, at + seconds) if seconds > 0 else None

    def check_stall(self, state: ShowState, cmd: c.Discipline, call: Window | None) -> None:
        """The host's ruling is judged at its own time against the window (a ruling at the limit is early)."""
        if state.phase != "answering" or state.answering != cmd.team:
            raise Refused("{name} is not answering", name=state.teams[cmd.team].name)
        if call is not None and not call.closed_by(cmd.at):
            raise Refused("{name} still has {s} s to start the answer", name=state.teams[cmd.team].name,
                          s=round(call.left(cmd.at), 1))

    def banner(self, state: ShowState, text_key: str, at: float, team: int | None = None) -> ShowState:
        return replace(state, banner=Banner(text_key, at + self.BANNER_S, team))


Format.handlers = handler_table(Format)
