"""«Спринт»: the host asks a question, the first press answers; a correct answer scores a point, a wrong
one locks that team out of the question (the others may still answer). The first team to `target`
points wins the match. With a pack the console shows its questions in order; without, the host reads
from paper.

Played alone or as a tournament's match (MatchRole(tables=2)): `match_result` gives the day the two
scores and the winner.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from quizshow.core import commands as c
from quizshow.core.capabilities import MatchPlay
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format, Position, Refused, Result, Setup, handles, over, step, wait
from quizshow.core.ladder import Rung
from quizshow.core.match import MatchResult
from quizshow.core.phases import Phase, PhaseFlags
from quizshow.core.presslog import Press, PressLog
from quizshow.core.state import ShowState
from quizshow.packs.model import Question


class SprintPhase(Phase):
    TITLE = "sprint_title"
    READY = "sprint_ready"  # the race between questions: the host reads the next one
    OPEN = "sprint_open", PhaseFlags(buzzers_live=True, lamps_live=True)
    ANSWER = "sprint_answer", PhaseFlags(lamps_live=True)
    RESULT = "sprint_result"


@dataclass(frozen=True)
class Sprint:
    """ShowState.fmt of a sprint: how many questions were asked, the winner once there is one."""

    asked: int = 0
    winner: int | None = None


class SprintFormat(Format[Sprint], MatchPlay):
    id = "sprint"
    own_type = Sprint

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        pack = setup.pack
        self.questions: list[Question] = [q for r in pack.playing_rounds for q in r.all_questions] + \
            list(pack.reserve) if pack else []

    @property
    def target(self) -> int:
        return int(self.rules["target"])


    def initial_state(self, seed: int) -> ShowState:
        return replace(self.keep(super().initial_state(seed), Sprint()), phase=SprintPhase.TITLE)

    # --- the view model -------------------------------------------------------------------------------------

    def current(self, state: ShowState) -> Question | None:
        if state.phase not in (SprintPhase.OPEN, SprintPhase.ANSWER):
            return None
        asked = self.own(state).asked - 1
        return self.questions[asked] if 0 <= asked < len(self.questions) else None

    def value(self, state: ShowState) -> int:
        return 1

    def winner(self, state: ShowState) -> list[int]:
        found = self.own(state).winner
        return [] if found is None else [found]

    def position(self, state: ShowState) -> Position:
        asked = self.own(state).asked
        found: Position = {"round": 0, "round_key": None, "question": asked - 1 if asked else None,
                                 "question_key": "sprint.question_no", "value": 1}  # «вопрос 4»: no «из N»
        if state.phase == SprintPhase.READY and asked:  # question 4 played, its answer out: not «перед вопросом»
            found["phase_key"] = "phase.sprint_shown"
        return found

    # --- played as a tournament's match ----------------------------------------------------------------------

    def match_result(self, state: ShowState) -> MatchResult | None:
        found = self.own(state).winner
        if found is None:
            return None
        teams = tuple(range(len(state.teams)))
        return MatchResult(teams, tuple(t.score for t in state.teams), "win", found)

    # --- the reducer ------------------------------------------------------------------------------------------

    def ladder(self, state: ShowState) -> Rung:
        phase = SprintPhase(state.phase)
        if phase in (SprintPhase.TITLE, SprintPhase.READY):
            return step("next.sprint_start" if phase is SprintPhase.TITLE else "next.sprint_question",
                        lambda at: self._ask(state))
        if phase is SprintPhase.OPEN:  # nobody answered: the next question
            return step("next.sprint_nobody", lambda at: (replace(state, phase=SprintPhase.READY),
                                                          [Event(EventKind.REVEAL)]))
        if phase is SprintPhase.ANSWER:
            return wait("next.judge_first", "judge the answer first")
        return over("the sprint is over")

    def _ask(self, state: ShowState) -> Result:
        sprint = replace(self.own(state), asked=self.own(state).asked + 1)
        return replace(self.keep(state, sprint), phase=SprintPhase.OPEN, locked=frozenset(), answering=None,
                       presses=PressLog(), question=sprint.asked - 1), [
            Event(EventKind.QUESTION, number=sprint.asked - 1)]

    @handles(c.Buzz)
    def on_buzz(self, state: ShowState, cmd: c.Buzz) -> Result:
        self.check_team(state, cmd.team)
        if state.phase != SprintPhase.OPEN or cmd.team in state.locked:
            raise Refused("buzzers are closed")
        press = Press(cmd.press_time, cmd.at, cmd.team, cmd.player, cmd.device)
        presses = state.presses.add(press)  # the console's press list
        return replace(state, phase=SprintPhase.ANSWER, answering=cmd.team, last_buzz_at=cmd.at, presses=presses), [
            Event(EventKind.BUZZ, team=cmd.team, name=state.teams[cmd.team].name, margin_s=presses.margin(press))]

    @handles(c.Judge)
    def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:
        if state.phase != SprintPhase.ANSWER or state.answering is None:
            raise Refused("nobody is answering")
        team = state.answering
        if cmd.correct:
            new = replace(state.add_score(team, 1), answering=None)
            events = [Event(EventKind.CORRECT, team=team, points=1, score=new.teams[team].score)]
            if new.teams[team].score < self.target:
                return replace(new, phase=SprintPhase.READY), events
            name = state.teams[team].name
            return replace(self.keep(new, replace(self.own(state), winner=team)), phase=SprintPhase.RESULT), [
                *events, Event(EventKind.MATCH_RESULT, team=team, name=name), Event(EventKind.WINNER, team=team,
                                                                                   name=name)]
        locked = state.locked | {team}
        events = [Event(EventKind.WRONG, team=team, points=0, score=state.teams[team].score)]
        if len(locked) >= len(state.teams):  # every team has tried: the next question
            return replace(state, phase=SprintPhase.READY, answering=None, locked=locked), [
                *events, Event(EventKind.REVEAL)]
        return replace(state, phase=SprintPhase.OPEN, answering=None, locked=locked), events
