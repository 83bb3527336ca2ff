"""«Финал» and «Перестрелка» of «Своя игра» (rules.md §1), as a part of the svoyak format.

Final: contestants with zero or less leave; the others remove themes in ascending order of score (ties:
the host) until one is left; each enters a secret stake 1..score; «Время!» starts the thinking time; the
reveal goes one contestant at a time, ascending; the answer; then the winner, or a shoot-out on a tie:
the removed themes' questions at a fixed value, only the tied may press, until one leads.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from quizshow.core import commands as c
from quizshow.core.capabilities import NO_TYPED_ANSWERS, AnswerAsk, TypedAnswers
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format, Refused, Result, handles, over, step, wait
from quizshow.core.ladder import Rung
from quizshow.core.presslog import PressLog
from quizshow.core.state import ShowState
from quizshow.core.timers import SAME_MOMENT_S, Timer
from quizshow.core.typed import MAX_TEXT, Typed, find, keep
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.model import Final, Play, Shootout, SvoyakPhase, swap_tied
from quizshow.packs.model import Question

if TYPE_CHECKING:
    from quizshow.formats.svoyak.board import Game


class FinalRounds(Format[Play], TypedAnswers):
    """The final and the shoot-out: a part of SvoyakFormat, which provides what is declared below."""

    if TYPE_CHECKING:  # what this part uses of the svoyak format (formats/svoyak/format.py)
        game: Game

        def open_regular(self, state: ShowState, at: float, events: list[Event]) -> Result: ...

    def the_final(self, state: ShowState) -> Final:
        """The final being played: the final's phases always have one."""
        final = self.own(state).final
        assert final is not None, f"phase {state.phase} without a final"
        return final

    def the_shootout(self, state: ShowState) -> Shootout:
        """The shoot-out being played: its questions always have one."""
        shootout = self.own(state).shootout
        assert shootout is not None, f"phase {state.phase} without a shoot-out"
        return shootout

    # --- entering ---------------------------------------------------------------------------------

    def _finalists(self, state: ShowState) -> tuple[int, ...]:
        """Who plays the final, in ascending order of score (none without a final or a positive score)."""
        if self.game.final is None or len(self.game.final_themes) == 0:
            return ()
        scores = [t.score for t in state.teams]
        return tuple(sorted((i for i, s in enumerate(scores) if s > 0), key=lambda i: (scores[i], i)))

    def after_rounds(self, state: ShowState) -> Rung:
        """Next after the last round: the final, or (nobody in it, or no final) the winner — or a shoot-out, named
        as such, when first place is shared."""
        key = "next.final" if self._finalists(state) else \
            "next.shootout" if len(self._leaders(state)) > 1 else "next.winner"
        return step(key, lambda at: self.start_final(state, at))

    def start_final(self, state: ShowState, at: float) -> Result:
        order = self._finalists(state)
        if not order:
            return self.finish(state)
        play = Play(round=self.own(state).round, kind="final", final=Final(order=order))
        new = replace(self.keep(state, play), phase=SvoyakPhase.FINAL_THEMES, question=None, answering=None,
                      locked=frozenset(), presses=PressLog(), timer=Timer(), banner=None)
        return new, [Event(EventKind.FINAL_START)]

    def in_final(self, state: ShowState) -> set[int]:
        final = self.own(state).final
        return set(final.order) if final else set()

    # --- removal, stakes, question ------------------------------------------------------------------

    @handles(sc.FinalRemove)
    def on_final_remove(self, state: ShowState, cmd: sc.FinalRemove) -> Result:
        final = self.own(state).final
        if state.phase != SvoyakPhase.FINAL_THEMES or final is None:
            raise Refused("themes are removed in the final only")
        count = len(self.game.final_themes)
        if final.remover(count) is None:
            raise Refused("one theme is left: it is the final's theme")
        if not 0 <= cmd.theme < count or cmd.theme in final.removed:
            raise Refused("that theme is not on the board")
        return self._with_final(state, replace(final, removed=(*final.removed, cmd.theme))), []

    def final_theme(self, final: Final) -> int | None:
        left = [t for t in range(len(self.game.final_themes)) if t not in final.removed]
        return left[0] if len(left) == 1 else None

    @handles(sc.FinalStake)
    def on_final_stake(self, state: ShowState, cmd: sc.FinalStake) -> Result:
        final = self.own(state).final
        if state.phase != SvoyakPhase.FINAL_STAKES or final is None:
            raise Refused("stakes are taken before the final question only")
        self.check_team(state, cmd.team)  # a team number from a desk or a phone: no such team is a refusal
        if cmd.team not in final.order:
            raise Refused("{name} does not play the final", name=state.teams[cmd.team].name)
        score = state.teams[cmd.team].score
        lowest = int(self.rules["final_min_stake"])  # «любую сумму, но не выше своего результата»
        if not lowest <= cmd.amount <= score:
            raise Refused("a stake is from {low} to {score}", low=lowest, score=score)
        stakes = tuple((t, s) for t, s in final.stakes if t != cmd.team) + ((cmd.team, cmd.amount),)
        return self._with_final(state, replace(final, stakes=stakes)), []

    def final_current(self, play: Play) -> Question | None:
        theme = self.final_theme(play.final) if play.final else None
        return None if theme is None else self.game.final_question(theme)

    def final_clock(self, state: ShowState, at: float) -> Result:
        if state.timer.running or state.timer.expired:
            raise Refused("the final's clock has run already")
        timer = state.timer.start(at)
        return replace(state, timer=timer), [Event(EventKind.TIMER_START, seconds=timer.remaining(at))]

    # --- the finalists' typed answers (core/typed.py, docs/phones.md) ---------------------------------------

    @handles(c.Tick)
    def on_tick(self, state: ShowState, cmd: c.Tick) -> Result:
        window = state.timer.window if state.phase == SvoyakPhase.FINAL_QUESTION else None
        new, events = super().on_tick(state, cmd)
        final = self.own(new).final
        if window is not None and new.timer.expired and final is not None and final.closed is None:
            new = self._with_final(new, replace(final, closed=window.closes))  # the exact end, not the tick's
        return new, events

    def answer_ask(self, state: ShowState, team: int) -> AnswerAsk | None:
        """A finalist types the answer from the moment the question is on screen until the thinking time is
        over (or the host starts the reveal)."""
        final = self.own(state).final
        if state.phase != SvoyakPhase.FINAL_QUESTION or final is None or team not in final.order or \
                final.closed is not None:
            return None
        theme = self.final_theme(final)
        window = state.timer.window
        kept = find(final.typed, team, theme) if theme is not None else None
        return None if theme is None else AnswerAsk(theme, window.closes if window is not None else None,
                                                    kept.text if kept is not None else None)

    def answer_late(self, state: ShowState, team: int, question: int, sent: float) -> bool:
        self.check_team(state, team)
        final = self.own(state).final
        after = (SvoyakPhase.FINAL_REVEAL, SvoyakPhase.FINAL_ANSWER, SvoyakPhase.SHOOTOUT, SvoyakPhase.QUESTION,
                 SvoyakPhase.ANSWERING, SvoyakPhase.REVEAL, SvoyakPhase.END)
        if final is None or not (state.phase == SvoyakPhase.FINAL_QUESTION or
                                 (state.phase in after and final.closed is not None)):
            raise Refused(NO_TYPED_ANSWERS)
        if question != self.final_theme(final):
            raise Refused("there is no question {n} to answer now", n=question + 1)
        if team not in final.order:
            raise Refused("the final's answers are typed by its contestants")
        window = state.timer.window
        closes = final.closed if final.closed is not None else window.closes if window is not None else None
        return closes is not None and sent > closes + SAME_MOMENT_S

    @handles(c.TypedAnswer)
    def on_typed_answer(self, state: ShowState, cmd: c.TypedAnswer) -> Result:
        """Kept for the host's judging (the console shows it beside the stake); nothing is judged here."""
        late = self.answer_late(state, cmd.team, cmd.question, cmd.sent) or cmd.late
        text = " ".join(cmd.text.split())[:MAX_TEXT]
        if not text:
            raise Refused("an answer needs some text")
        final = self.the_final(state)
        typed = keep(final.typed, Typed(cmd.team, cmd.question, text, cmd.sent, late))
        return self._with_final(state, replace(final, typed=typed)), []

    # --- the reveal -------------------------------------------------------------------------------

    def final_judge(self, state: ShowState, cmd: c.Judge) -> Result:
        final = self.the_final(state)
        team = final.order[final.showing]
        if final.verdict(team) is not None:
            raise Refused("{name} has been judged; Next shows the next contestant", name=state.teams[team].name)
        stake = final.stake(team) or 0
        new = state.add_score(team, stake if cmd.correct else -stake)
        kind = EventKind.CORRECT if cmd.correct else EventKind.WRONG
        event = Event(kind, team=team, points=stake, score=new.teams[team].score)
        return self._with_final(new, replace(final, judged=(*final.judged, (team, cmd.correct)))), [event]

    # --- navigation -----------------------------------------------------------------------------------

    def final_ladder(self, state: ShowState) -> Rung:
        """Next in the final, the shoot-out's start and the end."""
        phase = state.phase
        if phase == SvoyakPhase.FINAL_ANSWER:  # a shoot-out only when first place is shared
            key = "next.shootout" if len(self._leaders(state)) > 1 else \
                "next.winner_sole_finalist" if self.sole_finalist_wins(state) else "next.winner"
            return step(key, lambda at: self.finish(state))
        if phase == SvoyakPhase.SHOOTOUT:
            return step("next.shootout_next", lambda at: self.open_shootout_question(state, at))
        if phase not in (SvoyakPhase.FINAL_THEMES, SvoyakPhase.FINAL_STAKES, SvoyakPhase.FINAL_QUESTION,
                         SvoyakPhase.FINAL_REVEAL):
            return over("the game is over")
        final = self.the_final(state)
        if phase == SvoyakPhase.FINAL_THEMES:
            if final.remover(len(self.game.final_themes)) is not None:
                return wait("next.remove_theme", "themes are still to be removed")
            return step("next.stakes", lambda at: (replace(state, phase=SvoyakPhase.FINAL_STAKES), []))
        if phase == SvoyakPhase.FINAL_STAKES:
            missing = [state.teams[t].name for t in final.order if final.stake(t) is None]
            if missing:
                return wait("next.enter_stakes", "no stake yet from {names}", names=", ".join(missing))
            return step("next.final_question", lambda at: self._final_question(state, final))
        if phase == SvoyakPhase.FINAL_QUESTION:
            if not state.timer.running and not state.timer.expired:
                return step("next.final_clock", lambda at: self.final_clock(state, at))
            return step("next.final_reveal", lambda at: self._final_reveal(state, final, at))
        if final.verdict(final.order[final.showing]) is None:  # the final's reveal, one contestant at a time
            return wait("next.judge_first", "judge this contestant first")
        if final.showing + 1 < len(final.order):
            return step("next.final_next",
                        lambda at: (self._with_final(state, replace(final, showing=final.showing + 1)), []))
        return step("next.reveal",
                    lambda at: (replace(state, phase=SvoyakPhase.FINAL_ANSWER), [Event(EventKind.REVEAL)]))

    def _final_question(self, state: ShowState, final: Final) -> Result:
        timer = Timer.ready(float(self.rules["final_think_s"]))
        new = replace(state, phase=SvoyakPhase.FINAL_QUESTION, timer=timer)
        return new, [Event(EventKind.QUESTION, round=len(self.game.rounds), number=self.final_theme(final),
                           question_kind="final")]

    def _final_reveal(self, state: ShowState, final: Final, at: float) -> Result:
        new = replace(state, phase=SvoyakPhase.FINAL_REVEAL, timer=state.timer.pause(at), banner=None)
        window = state.timer.window  # the time to answer ends now (or ended with the clock)
        closed = final.closed if final.closed is not None else \
            min(window.closes, at) if window is not None else at
        return self._with_final(new, replace(final, showing=0, closed=closed)), []

    def final_pick(self, state: ShowState, cmd: sc.PickTeam, scores: list[int]) -> Result:
        """A tie in the removal order: the host says who removes now."""
        final = self.own(state).final
        if state.phase != SvoyakPhase.FINAL_THEMES or final is None:
            raise Refused("there is nothing to pick now")
        count = len(self.game.final_themes)
        if final.remover(count) is None:
            raise Refused("every theme has been removed")
        position = len(final.removed) % len(final.order)
        order = swap_tied(final.order, position, cmd.team, scores)
        if order is None:
            raise Refused("only a tie in the removal order can be settled")
        return self._with_final(state, replace(final, order=order)), []

    # --- the end: winner or shoot-out -------------------------------------------------------------------

    def _leaders(self, state: ShowState) -> list[int]:
        """Those sharing first place. Only candidates for the win play a shoot-out (seed 000): those who
        played the final, when there was one."""
        final = self.own(state).final
        candidates = sorted(final.order) if final is not None and final.order else list(range(len(state.teams)))
        best = max(state.teams[t].score for t in candidates)
        return [t for t in candidates if state.teams[t].score == best]

    def sole_finalist_wins(self, state: ShowState) -> bool:
        """The only finalist wins though someone who did not play the final has as much or more (they left it on
        zero or less and ended there, the finalist lost the stake down to it): only finalists compete, so no
        shoot-out — Next and the winner's card say why."""
        final = self.own(state).final
        if final is None or len(final.order) != 1:
            return False
        (team,) = final.order
        score = state.teams[team].score
        return any(other.score >= score for i, other in enumerate(state.teams) if i != team)

    def finish(self, state: ShowState) -> Result:
        leaders = self._leaders(state)
        if len(leaders) > 1:
            play = replace(self.own(state), kind="shootout", shootout=Shootout(tied=tuple(leaders)), cell=None,
                           solo=None, value=0)
            return replace(self.keep(state, play), phase=SvoyakPhase.SHOOTOUT, answering=None, timer=Timer(),
                           banner=None, locked=frozenset(), presses=PressLog()), []
        return self._winner(state, leaders[0])

    def _winner(self, state: ShowState, team: int) -> Result:
        shootout = self.own(state).shootout
        locked = state.locked & set(shootout.tied) if shootout is not None else state.locked  # the end: none «outside»
        new = replace(self.keep(state, replace(self.own(state), winner=team)), phase=SvoyakPhase.END, answering=None,
                      timer=Timer(), banner=None, locked=locked)
        return new, [Event(EventKind.WINNER, team=team, name=state.teams[team].name)]

    def shootout_leaders(self, state: ShowState) -> list[int]:
        tied = self.the_shootout(state).tied
        best = max(state.teams[t].score for t in tied)
        return [t for t in tied if state.teams[t].score == best]

    def open_shootout_question(self, state: ShowState, at: float) -> Result:
        play = self.own(state)
        shootout = replace(self.the_shootout(state), asked=self.the_shootout(state).asked + 1)
        value = int(self.rules["shootout_value"])
        play = replace(play, shootout=shootout, value=value, read=False, solo=None, kind="shootout")
        # Those not in the shoot-out are out of its questions from the start: the console's hollow ring, the
        # lamps off, the phone's «НЕ ВАШ ВОПРОС» (a press is refused as «не играет этот вопрос»).
        outside = frozenset(range(len(state.teams))) - set(shootout.tied)
        new = replace(self.keep(state, play), phase=SvoyakPhase.QUESTION, question=shootout.asked - 1,
                      presses=PressLog(), locked=outside, answering=None, banner=None,
                      timer=Timer.ready(float(self.rules["answer_window_s"])))
        event = Event(EventKind.QUESTION, round=len(self.game.rounds) + 1, number=shootout.asked - 1,
                      question_kind="shootout")
        return self.open_regular(new, at, [event])

    def _shootout_over(self, shootout: Shootout) -> bool:
        """Scores are compared after every question (`first_lead`) or after all of a shoot-out's questions
        (`all`, seed 000: «Задаются 4 вопроса… В случае повторного равенства очков проводится новая»)."""
        if self.rules["shootout_until"] == "first_lead":
            return True
        return shootout.asked - shootout.round_from >= int(self.rules["shootout_questions"])

    def shootout_winner(self, state: ShowState) -> int | None:
        leaders = self.shootout_leaders(state)
        over = self._shootout_over(self.the_shootout(state))
        return leaders[0] if over and len(leaders) == 1 else None

    def after_shootout_question(self, state: ShowState, at: float) -> Result:
        winner = self.shootout_winner(state)
        if winner is not None:
            return self._winner(state, winner)
        play = self.own(state)
        shootout = self.the_shootout(state)
        if self._shootout_over(shootout):  # still tied: a new shoot-out among those tied for first
            shootout = replace(shootout, tied=tuple(self.shootout_leaders(state)), round_from=shootout.asked)
        return self.open_shootout_question(self.keep(state, replace(play, shootout=shootout)), at)

    def _with_final(self, state: ShowState, final: Final) -> ShowState:
        return self.keep(state, replace(self.own(state), final=final))
