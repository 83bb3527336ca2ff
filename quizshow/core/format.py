"""The format interface: a reducer `handle(state, command) -> (state, effects)` plus the words the
console needs. A format instance holds the static show (teams, pack, rules); the state holds the rest.

Handlers are methods named after the command (`on_go`, `on_buzz`, ...). The base class gives every
format the shared behaviour: manual scores, the view switches, the clock, ticks and resume.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.core.state import Banner, ShowState, Team, View

if TYPE_CHECKING:
    from quizshow.packs.model import Pack, Question

Result = tuple[ShowState, list[Event]]


class Refused(Exception):
    """The command is not possible now; the message says why (console line, OSC 409).

    `template` is English with {named} values; the console shows its translation (i18n.REFUSALS)."""

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values) if values else template)


@dataclass(frozen=True)
class Setup:
    """The static part of a show a format needs."""

    title: str
    teams: tuple[Team, ...]
    rules: dict[str, Any]
    pack: Pack | None = None  # a show's several packs come joined into one, played in order


def _handler_name(command: c.Command) -> str:
    return "on_" + re.sub(r"(?<!^)(?=[A-Z])", "_", type(command).__name__).lower()


class Format:
    id: ClassVar[str] = "base"
    # Phase names the engine and views understand; formats add their own.
    BANNER_S: ClassVar[float] = 2.5

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rules = setup.rules

    # --- the reducer -----------------------------------------------------------------------------

    def initial_state(self, seed: int) -> ShowState:
        return ShowState(phase="title", teams=self.setup.teams, seed=seed)

    def handle(self, state: ShowState, command: c.Command) -> Result:
        method = getattr(self, _handler_name(command), None)
        if method is None:
            raise Refused("{command} is not used by format {format}", command=type(command).__name__,
                          format=self.id)
        return method(state, command)

    # --- the view model: what the views may ask (they never work the rules out again) -------------

    def current(self, state: ShowState) -> Question | None:
        """The question on screen (or being set up), if any."""
        return None

    def value(self, state: ShowState) -> int:
        """What the current question is worth (0: none)."""
        return 0

    def winner(self, state: ShowState) -> list[int]:
        """The winning team(s) once the game is decided (best first); [] until then."""
        return []

    def next_action(self, state: ShowState) -> str:
        """What Next (Go) will do now, as a key of the locale's phrase table."""
        return "next.none"

    def position(self, state: ShowState) -> dict[str, Any]:
        """Where the show is: round and question numbers and the value, for the console header."""
        return {"round": state.round, "question": state.question}

    # --- shared handlers ----------------------------------------------------------------------------

    def check_team(self, state: ShowState, team: int) -> None:
        if not 0 <= team < len(state.teams):
            raise Refused("there is no team {n}", n=team + 1)

    def on_score_add(self, state: ShowState, cmd: c.ScoreAdd) -> Result:
        self.check_team(state, cmd.team)
        new = state.add_score(cmd.team, cmd.points)
        return new, [Event(EventKind.SCORE, team=cmd.team, points=cmd.points, score=new.teams[cmd.team].score)]

    def on_score_set(self, state: ShowState, cmd: c.ScoreSet) -> Result:
        self.check_team(state, cmd.team)
        delta = cmd.points - state.teams[cmd.team].score
        new = state.with_score(cmd.team, cmd.points)
        return new, [Event(EventKind.SCORE, team=cmd.team, points=delta, score=cmd.points)]

    def on_view_scores(self, state: ShowState, cmd: c.ViewScores) -> Result:
        return replace(state, view=replace(state.view, scores=cmd.on)), []

    def on_view_blank(self, state: ShowState, cmd: c.ViewBlank) -> Result:
        return replace(state, view=View(blank=cmd.on, scores=state.view.scores)), []

    def on_timer_start(self, state: ShowState, cmd: c.TimerStart) -> Result:
        timer = state.timer.start(cmd.at)
        if timer is state.timer:
            raise Refused("the clock cannot start now")
        return replace(state, timer=timer), [Event(EventKind.TIMER_START, seconds=timer.remaining(cmd.at))]

    def on_timer_stop(self, state: ShowState, cmd: c.TimerStop) -> Result:
        if not state.timer.running:
            raise Refused("the clock is not running")
        timer = state.timer.pause(cmd.at)
        return replace(state, timer=timer), [Event(EventKind.TIMER_STOP, seconds=timer.remaining(cmd.at))]

    def on_timer_add(self, state: ShowState, cmd: c.TimerAdd) -> Result:
        if not state.timer.armed:
            raise Refused("there is no clock to change")
        return replace(state, timer=state.timer.add(cmd.seconds, cmd.at)), []

    def on_start_over(self, state: ShowState, cmd: c.StartOver) -> Result:
        return state, []  # the journal ends here; the app opens a fresh one

    def on_resumed(self, state: ShowState, cmd: c.Resumed) -> Result:
        # After a crash nobody knows how long the hall waited: hold the clock until «Время!».
        return replace(state, timer=state.timer.pause(cmd.at), banner=None), []

    def on_tick(self, state: ShowState, cmd: c.Tick) -> Result:
        new = state
        if state.banner is not None and cmd.at >= state.banner.until:
            new = replace(new, banner=None)
        timer, events = state.timer.tick(cmd.at, float(self.rules.get("warning_s", 10)))
        if timer is not state.timer:
            new = replace(new, timer=timer)
            if timer.expired and not state.timer.expired:
                new, more = self.on_time_up(new, cmd.at)
                events = events + more
        return new, events

    def on_time_up(self, state: ShowState, at: float) -> Result:
        """The question clock reached zero; formats decide what that means."""
        return self.banner(state, "banner.time_up", at), []

    def banner(self, state: ShowState, text_key: str, at: float, team: int | None = None) -> ShowState:
        return replace(state, banner=Banner(text_key, at + self.BANNER_S, team))
