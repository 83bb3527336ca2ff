"""Format `demo`: a plain buzzer quiz, the smallest format that uses every part of the engine.

Title → each question in turn (buzzers open while the clock runs; the first press answers, a press made
meanwhile waits its turn; wrong locks that team out: the next press in the log answers, else the others
may press again) → the answer → … (a later round opens with its title card) → scores → the winner.
"""

from __future__ import annotations

from dataclasses import replace

from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format, Position, Refused, Result, Setup, handles, over, step, wait
from quizshow.core.ladder import Rung
from quizshow.core.presslog import Press, PressLog, pressed_before
from quizshow.core.state import ShowState
from quizshow.core.timers import Timer
from quizshow.formats.demo.model import DemoPhase
from quizshow.packs.model import Question


class DemoFormat(Format[None]):
    id = "demo"

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.questions: list[tuple[int, Question, int]] = []  # (round, question, value)
        pack = setup.pack
        for round_no, rnd in enumerate(pack.playing_rounds if pack else ()):
            for theme in rnd.themes or ():
                for col, q in enumerate(theme.questions):
                    self.questions.append((round_no, q, self._value(q, rnd.values, col)))
            for q in rnd.questions:
                self.questions.append((round_no, q, self._value(q, rnd.values, None)))

    def _value(self, q: Question, values: tuple[int, ...] | None, column: int | None) -> int:
        if q.value is not None:
            return q.value
        if values and column is not None and column < len(values):
            return values[column]
        return int(self.rules["points"])

    # --- what is on screen now -------------------------------------------------------------------

    def current(self, state: ShowState) -> Question | None:
        return None if state.question is None else self.questions[state.question][1]

    def value(self, state: ShowState) -> int:
        return 0 if state.question is None else self.questions[state.question][2]

    def position(self, state: ShowState) -> Position:
        """«раунд 2 · вопрос 1 из 2»: questions count within their round; the round's card, the scores and
        the end are between questions (the console's question panel clears)."""
        if state.phase in (DemoPhase.ROUND_CARD, DemoPhase.SCORES, DemoPhase.END) or state.question is None:
            return {"round": state.round, "question": None, "between": True}
        in_round = [i for i, (r, _, _) in enumerate(self.questions) if r == self.questions[state.question][0]]
        played = in_round.index(state.question) + 1
        # finished: the round's questions over (the standings card's «после 1 вопроса»), this one once its
        # answer is shown, not while it is played
        return {"round": state.round, "question": state.question, "value": self.value(state),
                "played": played, "finished": played - (state.phase != DemoPhase.REVEAL), "of": len(in_round)}

    def _opens_round(self, state: ShowState) -> bool:
        """The next question is the first of another round (its card comes first)."""
        nxt = 0 if state.question is None else state.question + 1
        return nxt < len(self.questions) and state.question is not None and \
            self.questions[nxt][0] != self.questions[state.question][0]

    # --- the flow ------------------------------------------------------------------------------------

    def ladder(self, state: ShowState) -> Rung:
        phase = state.phase
        if phase == DemoPhase.REVEAL and self._opens_round(state):
            return step("next.demo_round_card", lambda at: self._round_card(state))
        if phase in (DemoPhase.TITLE, DemoPhase.ROUND_CARD) or (
                phase == DemoPhase.REVEAL and state.question is not None and state.question + 1 < len(self.questions)):
            if not self.questions:
                return step("next.show_scores", lambda at: (
                    replace(state, phase=DemoPhase.SCORES, view=replace(state.view, scores=False)), []))
            index = 0 if state.question is None else state.question + 1
            return step("next.open_question" if phase == DemoPhase.REVEAL else "next.first_question",
                        lambda at: self._open(state, index, at))
        if phase == DemoPhase.QUESTION:  # the clock stops where Next found it (Back gives it back)
            return step("next.reveal", lambda at: self._reveal(replace(state, timer=state.timer.pause(at))))
        if phase == DemoPhase.REVEAL:  # the last question is over: its presses go with it
            return step("next.show_scores", lambda at: (replace(
                state, phase=DemoPhase.SCORES, timer=Timer(), presses=PressLog(), answering=None), []))
        if phase == DemoPhase.SCORES:
            return step("next.winner", lambda at: (replace(state, phase=DemoPhase.END), [
                Event(EventKind.WINNER, team=i, name=state.teams[i].name) for i in state.leaders()]))
        if phase == DemoPhase.ANSWERING:
            return wait("next.judge_first", "judge the answer first")
        return over("the show is over")

    def _round_card(self, state: ShowState) -> Result:
        round_no = self.questions[(state.question or 0) + 1][0]
        pack = self.setup.pack
        name = pack.playing_rounds[round_no].name if pack is not None else None
        new = replace(state, phase=DemoPhase.ROUND_CARD, round=round_no, answering=None, locked=frozenset(),
                      presses=PressLog(), banner=None, timer=Timer())
        return new, [Event(EventKind.ROUND_START, round=round_no, name=name)]

    def _open(self, state: ShowState, index: int, at: float) -> Result:
        round_no = self.questions[index][0]
        events = []
        pack = self.setup.pack
        if pack is not None and state.phase != DemoPhase.ROUND_CARD and (
                index == 0 or self.questions[index - 1][0] != round_no):
            events.append(Event(EventKind.ROUND_START, round=round_no, name=pack.playing_rounds[round_no].name))
        new = replace(state, phase=DemoPhase.QUESTION, question=index, round=round_no, answering=None,
                      locked=frozenset(), presses=PressLog(), banner=None,
                      timer=Timer.ready(float(self.rules["timer_s"])).start(at))
        events.append(Event(EventKind.QUESTION, round=round_no, number=index,
                            question_kind=self.questions[index][1].type))
        events.append(Event(EventKind.TIMER_START, seconds=float(self.rules["timer_s"])))
        return new, events

    def _reveal(self, state: ShowState) -> Result:
        return replace(state, phase=DemoPhase.REVEAL, answering=None, timer=replace(state.timer, started_at=None)), [
            Event(EventKind.REVEAL)]

    def waiting_presses(self, state: ShowState) -> tuple[Press, ...]:
        """A press made while another team answers waits: it answers if that answer is wrong."""
        if state.answering is None:
            return ()
        return tuple(p for p in state.presses.presses if p.team != state.answering and p.team not in state.locked)

    @handles(c.Buzz)
    def on_buzz(self, state: ShowState, cmd: c.Buzz) -> Result:
        self.check_team(state, cmd.team)
        return self.by_press_time(state, cmd, self._press)  # judged at the press's own time, as every format

    def _press(self, state: ShowState, cmd: c.Buzz) -> Result:
        if state.phase not in (DemoPhase.QUESTION, DemoPhase.ANSWERING):
            raise Refused("buzzers are closed")
        if cmd.team in state.locked:
            raise Refused("{name} is out of this question", name=state.teams[cmd.team].name)
        if state.presses.pressed(cmd.team) and cmd.team == state.answering:
            raise Refused("already answering")
        if state.presses.pressed(cmd.team):  # its press waits its turn already
            raise Refused("{name} waits its turn", name=state.teams[cmd.team].name)
        press = Press(cmd.press_time, cmd.at, cmd.team, cmd.player, cmd.device)
        presses = state.presses.add(press)
        event = Event(EventKind.BUZZ, team=cmd.team, name=state.teams[cmd.team].name,
                      margin_s=presses.margin(press))
        if state.phase == DemoPhase.ANSWERING and not pressed_before(state.presses, press, state.answering):
            return replace(state, presses=presses), [event]  # waits: it answers if this answer is wrong
        # The clock stops when the button went down, not when its line arrived; a press made before the
        # answering team's, that reached us later, answers instead.
        new = replace(state, phase=DemoPhase.ANSWERING, answering=cmd.team, presses=presses,
                      timer=state.timer.stop_at(cmd.press_time), last_buzz_at=cmd.at)
        return new, [event]

    @handles(c.Judge)
    def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:
        if state.phase != DemoPhase.ANSWERING or state.answering is None:
            raise Refused("nobody is answering")
        team, value = state.answering, self.value(state)
        if cmd.correct:
            new = state.add_score(team, value)
            new, reveal = self._reveal(new)
            return new, [Event(EventKind.CORRECT, team=team, points=value, score=new.teams[team].score), *reveal]
        penalty = value if self.rules["wrong_penalty"] else 0
        new = state.add_score(team, -penalty)
        locked = state.locked | {team}
        wrong = Event(EventKind.WRONG, team=team, points=penalty, score=new.teams[team].score)
        if len(locked) >= len(state.teams):
            new, reveal = self._reveal(replace(new, locked=locked))
            return new, [wrong, *reveal]
        # A press made while the wrong team answered waited its turn: the next in the press log answers now.
        waiting = next((t for t in state.presses.team_order() if t not in locked), None)
        if waiting is not None:
            return replace(new, answering=waiting, locked=locked, last_buzz_at=cmd.at), [wrong]
        new = replace(new, phase=DemoPhase.QUESTION, answering=None, locked=locked, timer=state.timer.start(cmd.at))
        return new, [wrong]

    def on_time_up(self, state: ShowState, at: float) -> Result:
        new = self.banner(state, "banner.time_over", at)
        if state.phase == DemoPhase.QUESTION:
            return self._reveal(new)
        return new, []
