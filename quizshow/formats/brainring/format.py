"""Format `brainring`: a «Брейн-ринг» match (rules.md §2) — the clock, false starts, player rules.

Phases: title → ready → attention («Внимание! Вопрос!», false starts armed) → clock («Время!», clean
time) ⇄ answering → reveal → ready … → result. Discipline and disputes live in `discipline.py`.
"""

from __future__ import annotations

from dataclasses import replace

from quizshow.core import commands as c
from quizshow.core.capabilities import MatchPlay
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Button, Position, Refused, Result, Setup, handles, over, step, wait
from quizshow.core.ladder import Rung
from quizshow.core.match import MatchResult
from quizshow.core.presslog import Press, PressLog, pressed_before
from quizshow.core.state import ShowState
from quizshow.core.timers import Timer, Window
from quizshow.formats.brainring import commands as bc
from quizshow.formats.brainring.discipline import DisciplineRules
from quizshow.formats.brainring.match import Decision, decide, match_points
from quizshow.formats.brainring.model import TABLES, Asked, Phase, Ring
from quizshow.packs.model import HOST_QUESTION, Question


class BrainringFormat(DisciplineRules, MatchPlay):
    id = "brainring"
    own_type = Ring

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        pack = setup.pack
        self.main: list[Question] = [q for r in pack.playing_rounds for q in r.all_questions] if pack else []
        self.reserve: list[Question] = list(pack.reserve) if pack else []

    def initial_state(self, seed: int) -> ShowState:
        return replace(self.keep(super().initial_state(seed), Ring()), phase=Phase.TITLE)

    # --- reading the state ------------------------------------------------------------------------


    def current(self, state: ShowState) -> Question | None:
        if state.phase in (Phase.TITLE, Phase.RESULT):
            return None
        kind, index = self.own(state).source
        pool = self.main if kind == "main" else self.reserve
        return pool[index] if index < len(pool) else HOST_QUESTION

    def false_start_line(self, state: ShowState) -> float | None:
        """«Время!»: a press before it is a false start (seed 004 §6.7)."""
        ring = self.own_or_none(state)
        return ring.clean_start if ring is not None else None

    def points_for(self, ring: Ring, team: int) -> int:
        """The question's worth for this team: doubled for a lone player; both alone: one more."""
        alone = {t for t, _ in ring.single}
        if team in alone and len(alone) == 2:
            return ring.value + int(self.rules["both_single_points"]) - 1
        return ring.value * 2 if team in alone else ring.value

    def value(self, state: ShowState) -> int:
        return self.own(state).value

    def players(self, state: ShowState, team: int) -> int:
        return max(1, len(state.teams[team].players))

    def match_length(self) -> int | None:
        """How many questions the match kind plays (None: played to a score, the final)."""
        length = {"qualifying": "qualifying_questions", "semifinal": "semifinal_questions",
                  "match5": "match5_questions"}.get(self.rules["match"])
        return int(self.rules[length]) if length else None

    def discipline_limit(self, state: ShowState, team: int, what: str) -> int | None:
        """A team's limit for a discipline step (captain questions, repeats, appeals with the extra ones,
        penalties that remove it); None: no limit (audience hints)."""
        if what in ("appeal_accepted", "appeal_rejected"):
            return int(self.rules["appeals"]) + self.own(state).record(team).extra_appeals
        limit = {"captain_question": "captain_questions", "repeat": "repeats",
                 "penalty": "penalties_to_remove"}.get(what)
        return int(self.rules[limit]) if limit else None

    def worth(self, state: ShowState) -> int:
        """What the question is worth as the projector shows it: its value, or a lone player's team's (the
        one-player rule: double; both alone: `both_single_points`)."""
        ring = self.own(state)
        alone = sorted({team for team, _ in ring.single})
        return self.points_for(ring, alone[0]) if alone else ring.value

    def position(self, state: ShowState) -> Position:
        ring = self.own(state)
        length = self.match_length()
        # compact_question: the console's match panel (rosters, discipline, disputes) needs the room; the host
        # reads a short question and answer
        found: Position = {"round": ring.battle, "question": ring.number if state.phase != Phase.TITLE else None,
                                 "value": self.worth(state), "of": length if length is not None else "∞",
                                 "compact_question": True,
                                 # a match has no rounds; only the final is played in battles («бой 2»)
                                 "round_key": "scene.battle" if self.rules["match"] == "final" else None}
        alone = sorted({team for team, _ in ring.single})
        if len(alone) == 1:  # as the projector says it: «Альфа: 2 очка» (the other table plays for the value)
            found.update({"value_key": "brainring.worth_team", "value_team": state.teams[alone[0]].name})
        if state.phase == Phase.RESULT:  # the last question played, no value
            found.update({"question": max(0, ring.number - 1), "value": 0})
        if ring.extra:  # after a tie: «дополнительный вопрос 2», never «вопрос 8 из 6»
            first = length if length is not None and ring.number >= length else 0
            asked = found["question"]
            found.update({"question": max(0, asked - first) if asked is not None else None,
                          "question_key": "brainring.extra_question_no"})
        return found

    def command_words(self, command: c.Command, events: tuple[Event, ...]) -> tuple[str, dict[str, object]] | None:
        """The clock that ran out of clean time with no right answer (rules.md §2.5): «Время вышло: верного
        ответа нет, показан ответ» (a wrong answer before it, or no press); the final's next battle: «начат
        бой 2», never «раунд 2»."""
        kinds = {e.kind for e in events}
        if isinstance(command, c.Tick) and {EventKind.TIMER_EXPIRED, EventKind.REVEAL} <= kinds:
            return "journal.brainring_time_up", {}
        battle = next((e for e in events if e.kind == EventKind.ROUND_START), None)
        if isinstance(command, c.Go) and battle is not None and EventKind.QUESTION not in kinds:
            return "journal.brainring_battle_start", {"n": (battle.round or 0) + 1, "won": battle.round or 0,
                                                      "team": battle.name or ""}
        return None

    def buttons(self, state: ShowState) -> tuple[Button, ...]:
        """The two teams at the tables press (keys 1 and 2); the others play along on paper."""
        return tuple(Button(state.teams[t].name) for t in TABLES if t < len(state.teams))

    # --- the flow ------------------------------------------------------------------------------------

    def ladder(self, state: ShowState) -> Rung:
        phase = state.phase
        if phase == Phase.TITLE:
            return step("next.first_question", lambda at: (self.ready(state), []))
        if phase == Phase.READY:
            return step("next.announce", lambda at: self.on_announce(state, c.Announce(at=at)))
        if phase == Phase.ATTENTION:
            return step("next.start_clock", lambda at: self._start(state, at))
        if phase == Phase.CLOCK:
            if state.timer.running:
                return wait("next.wait_press", "the clock is running: a press or the end of time ends the question")
            return step("next.wait_press", lambda at: self._reveal(state, at))
        if phase == Phase.ANSWERING:
            return wait("next.judge_first", "judge the answer first")
        if phase == Phase.REVEAL:
            return step(self._closing(state), lambda at: self._close(state, at))
        return over("the match is over")

    def _closing(self, state: ShowState) -> str:
        """What closing this question leads to, in words: the next, an extra one, the next battle, the end."""
        ring = self.own(state)
        found = self._decision(ring, state, self._next_value(ring.value, ring.correct_by is not None))[1]
        if found is None:
            return "next.extra_question" if ring.extra else "next.next_question"
        if found.result == "tie":
            return "next.extra_question"
        if found.result == "battle":
            assert found.winner is not None, "a battle is won by a team"
            won = ring.battles_won[found.winner] + 1
            return "next.match_result" if won >= int(self.rules["battles_to_win"]) else "next.next_battle"
        return "next.match_result"

    def ready(self, state: ShowState, ring: Ring | None = None, reserve: bool = False) -> ShowState:
        """The next question (of the reserve when one is withdrawn), not yet announced: per-question
        state cleared."""
        ring = ring or self.own(state)
        if not reserve and ring.next_main < len(self.main):
            source, ring = ("main", ring.next_main), replace(ring, next_main=ring.next_main + 1)
        else:
            source, ring = ("reserve", ring.next_reserve), replace(ring, next_reserve=ring.next_reserve + 1)
        ring = replace(ring, source=source, clean_start=None, false_start=None, false_start_at=None, first_press=None,
                       answerer=None, waiting=None, single=(), passed=frozenset(), provisional=None, correct_by=None,
                       points_given=(), call=None, hinted=frozenset())
        return replace(self.keep(state, ring), phase=Phase.READY, answering=None, locked=frozenset(),
                       presses=PressLog(), timer=Timer.ready(float(self.rules["timer_s"])), banner=None)

    @handles(c.Announce)
    def on_announce(self, state: ShowState, cmd: c.Announce) -> Result:
        if state.phase != Phase.READY:
            raise Refused("«Внимание! Вопрос!» comes before the question")
        return replace(state, phase=Phase.ATTENTION), [Event(EventKind.ANNOUNCE)]

    def _start(self, state: ShowState, at: float) -> Result:
        """«Время!»: clean time runs; presses from now on are fair."""
        ring = replace(self.own(state), clean_start=at)
        timer = Timer.ready(float(self.rules["timer_s"])).start(at)
        new = self.banner(replace(self.keep(state, ring), phase=Phase.CLOCK, timer=timer), "banner.time_up", at)
        return new, [Event(EventKind.TIMER_START, seconds=timer.duration)]

    @handles(c.TimerStart)
    def on_timer_start(self, state: ShowState, cmd: c.TimerStart) -> Result:
        if state.phase == Phase.ATTENTION:
            return self._start(state, cmd.at)
        if state.phase == Phase.READY:
            raise Refused("«Внимание! Вопрос!» comes before «Время!»")
        return super().on_timer_start(state, cmd)

    # --- presses -----------------------------------------------------------------------------------

    @handles(c.Buzz)
    def on_buzz(self, state: ShowState, cmd: c.Buzz) -> Result:
        self.check_team(state, cmd.team)
        if cmd.team not in TABLES:
            raise Refused("{name} is not at a table", name=state.teams[cmd.team].name)
        return self.by_press_time(state, cmd, self._press)

    def waiting_presses(self, state: ShowState) -> tuple[Press, ...]:
        """The team that pressed first while a lone player took the answer over waits: it answers next."""
        waiting = self.own(state).waiting
        return tuple(p for p in state.presses.presses if p.team == waiting)[:1]

    def _press(self, state: ShowState, cmd: c.Buzz) -> Result:
        ring = self.own(state)
        early = state.phase == Phase.ATTENTION or (
            state.phase in (Phase.CLOCK, Phase.ANSWERING) and ring.clean_start is not None
            and cmd.press_time < ring.clean_start)
        if early:
            return self._false_start(state, cmd)
        if state.phase not in (Phase.CLOCK, Phase.ANSWERING):
            raise Refused("buzzers are closed")
        name = state.teams[cmd.team].name
        if cmd.team in state.locked:
            raise Refused("{name} is out of this question", name=name)
        if cmd.team == state.answering:
            raise Refused("{name} is already answering", name=name)
        press = Press(cmd.press_time, cmd.at, cmd.team, cmd.player, cmd.device)
        presses = state.presses.add(press)
        event = Event(EventKind.BUZZ, team=cmd.team, player=cmd.player, name=name, margin_s=presses.margin(press))
        new = replace(state, presses=presses, last_buzz_at=cmd.at)
        # Equal priority (both full teams, or both lone players — seed 004 §6.13): the earlier press answers.
        equal = (ring.single_of(state.answering) is None) == (ring.single_of(cmd.team) is None)
        if state.phase == Phase.CLOCK or (equal and ring.waiting is None
                                      and pressed_before(state.presses, press, state.answering)):
            # The clock runs; or this press came first though another box's line arrived earlier.
            return self._answer(new, cmd.team, cmd.press_time, cmd.player, cmd.at), [event]
        # Someone answers already. A lone player has priority over an earlier press of a full team.
        alone = ring.single_of(cmd.team)
        if alone is not None and ring.single_of(state.answering) is None and cmd.team not in ring.passed:
            waiting = state.answering
            new = self._answer(new, cmd.team, cmd.press_time, alone, cmd.at)
            return self.keep(new, replace(self.own(new), waiting=waiting)), [event]
        # Too late for this answer, and a wrong one opens the clock again for a fresh press: not taken.
        raise Refused("{name} is answering", name=state.teams[state.answering].name if state.answering is not None
                      else name)

    def _answer(self, state: ShowState, team: int, press_time: float, player: int | None, at: float) -> ShowState:
        ring = self.own(state)
        into = press_time - ring.clean_start if ring.clean_start is not None else None
        who = (team, self.default_player(state, team, player))
        ring = replace(ring, answerer=who, first_press=(team, into) if into is not None else None,
                       call=self.call_window(at))
        return replace(self.keep(state, ring), phase=Phase.ANSWERING, answering=team,
                       timer=state.timer.stop_at(press_time))

    def _answer_waiting(self, state: ShowState, at: float) -> ShowState:
        """The team that pressed first while a lone player answered gets its turn, by its own press."""
        ring = self.own(state)
        team = ring.waiting
        assert team is not None, "nobody is waiting"
        press = next(p for p in state.presses.presses if p.team == team)
        return self._answer(self.keep(state, replace(ring, waiting=None)), team, press.source_time, press.player, at)

    def default_player(self, state: ShowState, team: int, asked_for: int | None = None) -> int:
        """Who answers unless the captain names another: the lone player, else the captain."""
        ring = self.own(state)
        alone = ring.single_of(team)
        if alone is not None:
            return alone
        at_table = ring.at_table(team, self.players(state, team))
        if asked_for is not None and asked_for in at_table:
            return asked_for
        players = state.teams[team].players
        captain = state.teams[team].captain
        if captain in players and players.index(captain) in at_table:
            return players.index(captain)
        return at_table[0] if at_table else 0

    def _false_start(self, state: ShowState, cmd: c.Buzz) -> Result:
        ring = self.own(state)
        team = cmd.team
        if ring.false_start is not None:
            # Seed 004 §6.7: only the team that pressed FIRST before «Время!» — by the presses' own times.
            if team == ring.false_start:
                raise Refused("this team's false start stands")
            if ring.false_start_at is None or \
                    (cmd.press_time, team) > (ring.false_start_at, ring.false_start):  # the rank of a press
                raise Refused("the rival's false start came first: wait for «Время!»")
            state = replace(state, locked=state.locked - {ring.false_start})
            if state.answering == team:  # its fair-looking answer was made after its own early press
                state = replace(state, answering=None, phase=Phase.CLOCK, timer=state.timer.start(cmd.at))
        ring = replace(ring, false_start=team, false_start_at=cmd.press_time)
        new = replace(self.keep(state, ring), locked=state.locked | {team})
        new = self.banner(new, "banner.false_start", cmd.at, team=team)
        events = [Event(EventKind.FALSE_START, team=team, name=state.teams[team].name)]
        if state.phase in (Phase.CLOCK, Phase.ANSWERING) and self.rules["fresh_time_after_false_start"]:
            fresh = Timer.ready(float(self.rules["timer_s"]))
            new = replace(new, timer=fresh.start(cmd.at) if state.phase == Phase.CLOCK else fresh)
            if state.phase == Phase.CLOCK:
                events.append(Event(EventKind.TIMER_START, seconds=fresh.duration))
        if set(TABLES) <= new.locked:
            new, more = self._reveal(new, cmd.at)
            events += more
        return new, events

    # --- judging ----------------------------------------------------------------------------------------

    @handles(bc.SetAnswerer)
    def on_set_answerer(self, state: ShowState, cmd: bc.SetAnswerer) -> Result:
        ring = self.own(state)
        if state.phase != Phase.ANSWERING or cmd.team != state.answering:
            raise Refused("only the answering team's player can be named")
        if ring.single_of(cmd.team) is not None:
            raise Refused("the lone player answers")
        if cmd.player not in ring.at_table(cmd.team, self.players(state, cmd.team)):
            raise Refused("that player is not at the table")
        return self.keep(state, replace(ring, answerer=(cmd.team, cmd.player))), []

    @handles(c.Judge)
    def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:
        if state.phase != Phase.ANSWERING or state.answering is None:
            raise Refused("nobody is answering")
        ring = self.own(state)
        team, player = ring.answerer or (state.answering, 0)
        if cmd.correct:
            points = self.points_for(ring, team)
            new = state.add_score(team, points)
            # Players sent away by the first-second rule come back after a correct answer on a later question.
            benched = tuple(b for b in ring.benched if b[2] >= ring.number)
            new = self.keep(new, replace(ring, correct_by=team, points_given=(*ring.points_given, (team, points)),
                                           benched=benched))
            new, more = self._reveal(new, cmd.at)
            return new, [Event(EventKind.CORRECT, team=team, points=points, score=new.teams[team].score), *more]
        return self._wrong(state, team, player, cmd.at, cmd.provisional)

    def _wrong(self, state: ShowState, team: int, player: int, at: float, provisional: bool = False,
               stalled: bool = False) -> Result:
        ring = self.own(state)
        events = [Event(EventKind.WRONG, team=team, points=0, score=state.teams[team].score)]
        benched = ring.benched
        first_second = Window(0.0, float(self.rules["first_second_s"]))  # seconds into clean time
        quick = ring.first_press is not None and ring.first_press[0] == team and \
            first_second.open_at(ring.first_press[1])
        at_table = ring.at_table(team, self.players(state, team))
        if self.rules["first_second_rule"] and quick and not stalled and ring.single_of(team) is None \
                and len(at_table) > 1:
            benched = (*benched, (team, player, ring.number))
        ring = replace(ring, benched=benched, provisional=team if provisional else ring.provisional, call=None)
        new = replace(self.keep(state, ring), locked=state.locked | {team}, answering=None)
        other = 1 - team
        if ring.waiting is not None and ring.waiting not in new.locked:
            return self._answer_waiting(new, at), events
        if other not in new.locked and new.timer.remaining(at) > 0:
            return replace(new, phase=Phase.CLOCK, timer=new.timer.start(at)), events
        new, more = self._reveal(new, at)
        return new, events + more

    def stall(self, state: ShowState, cmd: c.Discipline) -> Result:
        """«Затяжка времени» (seed 001 §1.B): the host rules that the called team did not start its answer in
        time; it loses the right and the other team goes on within the time left."""
        ring = self.own(state)
        self.check_stall(state, cmd, ring.call)
        team, player = ring.answerer or (cmd.team, 0)
        return self._wrong(state, team, player, cmd.at, stalled=True)

    @handles(bc.PassRight)
    def on_pass_right(self, state: ShowState, cmd: bc.PassRight) -> Result:
        ring = self.own(state)
        if state.phase != Phase.ANSWERING or state.answering != cmd.team or ring.single_of(cmd.team) is None:
            raise Refused("only a lone player who is answering can pass the right")
        new = replace(self.keep(state, replace(ring, passed=ring.passed | {cmd.team})),
                      locked=state.locked | {cmd.team}, answering=None)
        if ring.waiting is not None:
            return self._answer_waiting(new, cmd.at), []
        if new.timer.remaining(cmd.at) > 0:
            return replace(new, phase=Phase.CLOCK, timer=new.timer.start(cmd.at)), []
        return self._reveal(new, cmd.at)

    @handles(bc.SinglePlayer)
    def on_single_player(self, state: ShowState, cmd: bc.SinglePlayer) -> Result:
        if not self.rules["single_player_rule"]:
            raise Refused("the one-player rule is not played in this preset")
        if state.phase not in (Phase.READY, Phase.ATTENTION):
            raise Refused("a lone player is left at the table before the question")
        self.check_team(state, cmd.team)
        if cmd.team not in TABLES:
            raise Refused("{name} is not at a table", name=state.teams[cmd.team].name)
        ring = self.own(state)
        single = tuple(s for s in ring.single if s[0] != cmd.team)
        if cmd.player is not None:
            at_table = ring.at_table(cmd.team, self.players(state, cmd.team))
            if len(at_table) <= int(self.rules["single_refuse_at"]):
                raise Refused("refused: {n} players left at the table", n=len(at_table))
            if cmd.player not in at_table:
                raise Refused("that player is not at the table")
            single = (*single, (cmd.team, cmd.player))
        return self.keep(state, replace(ring, single=single)), []

    @handles(bc.Ruling)
    def on_ruling(self, state: ShowState, cmd: bc.Ruling) -> Result:
        ring = self.own(state)
        if ring.provisional is None or state.phase not in (Phase.CLOCK, Phase.ANSWERING, Phase.REVEAL):
            raise Refused("there is no provisional wrong answer to rule on")
        team = ring.provisional
        ring = replace(ring, provisional=None)
        if not cmd.correct:
            return self.keep(state, ring), []
        new, lost = state, []
        for scorer, points in ring.points_given:  # the other team's later answer no longer counts
            new = new.add_score(scorer, -points)
            lost.append(Event(EventKind.SCORE, team=scorer, points=-points, score=new.teams[scorer].score,
                              name=state.teams[scorer].name))
        points = self.points_for(ring, team)
        new = new.add_score(team, points)
        # As if it had been correct (seed 001 §8.C): the player the wrong verdict benched comes back, and so
        # do players benched on earlier questions (a correct answer on a later question returns them).
        benched = tuple(b for b in ring.benched if b[2] > ring.number or (b[2] == ring.number and b[0] != team))
        ring = replace(ring, correct_by=team, points_given=((team, points),), benched=benched)
        new = self.keep(new, ring)
        events = [Event(EventKind.CORRECT, team=team, points=points, score=new.teams[team].score,
                        name=state.teams[team].name), *lost]
        if state.phase != Phase.REVEAL:
            new, more = self._reveal(new, cmd.at)
            events += more
        return new, events

    # --- the end of a question and of the match ---------------------------------------------------

    def _reveal(self, state: ShowState, at: float) -> Result:
        new = replace(state, phase=Phase.REVEAL, answering=None, timer=state.timer.pause(at))
        return new, [Event(EventKind.REVEAL)]

    def on_time_up(self, state: ShowState, at: float) -> Result:
        if state.phase == Phase.CLOCK:
            return self._reveal(self.banner(state, "banner.time_over", at), at)
        return state, []

    def _close(self, state: ShowState, at: float) -> Result:
        """Next after the answer: the question goes on the timeline; the match goes on or ends."""
        ring = self.own(state)
        ring, found = self._decision(ring, state, self._next_value(ring.value, ring.correct_by is not None))
        new = self.keep(state, ring)
        if found is None:
            return self.ready(new), []
        if found.result == "tie":
            return self.ready(new, replace(ring, extra=True)), []
        if found.result == "battle":
            assert found.winner is not None, "a battle is won by a team"
            return self._battle_won(new, found.winner)
        return self.finish(new, found.result, found.winner)

    def _decision(self, ring: Ring, state: ShowState, value: int) -> tuple[Ring, Decision | None]:
        """The question on the timeline and what the rules decide after it (None: the match goes on)."""
        answered = ring.correct_by is not None
        points = sum(p for _, p in ring.points_given)
        ring = replace(ring, asked=(*ring.asked, Asked(ring.value, ring.correct_by, ring.false_start, points)),
                       unanswered_run=0 if answered else ring.unanswered_run + 1, value=value)
        scores = (state.teams[0].score, state.teams[1].score)
        return ring, decide(self.rules["match"], self.rules, scores, len(ring.asked), ring.unanswered_run,
                            ring.extra, ring.correct_by)

    def _next_value(self, value: int, answered: bool) -> int:
        if not self.rules["carry_over"] or answered:
            return 1
        return 2 if value == 1 else 1  # one carry only: an unanswered 2-pointer goes back to 1

    def _battle_won(self, state: ShowState, team: int) -> Result:
        ring = self.own(state)
        won = list(ring.battles_won)
        won[team] += 1
        ring = replace(ring, battles_won=(won[0], won[1]))
        if won[team] >= int(self.rules["battles_to_win"]):
            return self.finish(self.keep(state, ring), "win", team)
        # Seed 001 §5: at one battle each, extra questions until a correct answer (or a third battle).
        one_all = won[0] == won[1] and self.rules.get("final_at_one_all", "battle") == "extra"
        # The next battle starts from 0:0.
        new = state.with_score(0, 0).with_score(1, 0)
        ring = replace(ring, battle=ring.battle + 1, asked=(), unanswered_run=0, extra=one_all, value=1)
        return self.ready(new, ring), [Event(EventKind.ROUND_START, round=ring.battle,
                                              name=state.teams[team].name)]

    # --- played as a tournament's match ----------------------------------------------------------------

    def match_result(self, state: ShowState) -> MatchResult | None:
        """The two tables' scores, the written answers of the teams playing along, battles and penalties."""
        ring = self.own(state)
        if ring.result is None:
            return None
        counts: dict[int, int] = {}
        for _, team in ring.tally:
            counts[team] = counts.get(team, 0) + 1
        # A removal is a win for the other table (the day's standings count it so).
        outcome = {"draw": "draw", "disqualified": "disqualified"}.get(ring.result, "win")
        return MatchResult(TABLES, (state.teams[0].score, state.teams[1].score), outcome, ring.winner,
                           tally=tuple(counts.items()), battles=ring.battles_won,
                           penalties=(ring.records[0].penalties, ring.records[1].penalties))

    def match_penalties(self, state: ShowState) -> tuple[int, ...]:
        ring = self.own(state)
        return ring.records[0].penalties, ring.records[1].penalties

    def forfeit(self, state: ShowState, team: int, penalties: int) -> Result:
        """Removed while it plays (§6.15: the jury need not wait for the match to end): the record says why,
        the other table wins, the match's result stands as played so far."""
        ring = self.own(state)
        record = replace(ring.record(team), removed=True, removed_for=penalties)
        return self.finish(self.keep(state, ring.with_record(team, record)), "removed", 1 - team)

    def finish(self, state: ShowState, result: str, winner: int | None) -> Result:
        ring = self.own(state)
        # A removal is a win for the other table (the day's standings count it so; the card says why).
        points = match_points(self.rules, winner) if self.rules["match"] == "match5" else ring.match_points
        ring = replace(ring, result=result, winner=winner, match_points=points)
        new = replace(self.keep(state, ring), phase=Phase.RESULT, answering=None, timer=Timer(), banner=None)
        name = state.teams[winner].name if winner is not None else None
        events = [Event(EventKind.MATCH_RESULT, team=winner, name=name)]
        if winner is not None:
            events.append(Event(EventKind.WINNER, team=winner, name=name))
        return new, events
