"""Format `written`: the written quiz («ЧГК»-style, rules.md §5, seed 001 part 2) for up to 40 teams.

Phases (model.Phase): title → question → minute (60 s) → hand_in («Сдаём ответы!», 10 s; longer while
a team's extra minute runs) → answer (the operator marks the grid) → the next question … after each
tour the results table; after the last, extra questions while first place is shared; the podium.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from quizshow.core import commands as c
from quizshow.core.capabilities import AnswerAsk, TypedAnswers
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format, Position, Refused, Result, Setup, handles, over, step, wait
from quizshow.core.ladder import Rung
from quizshow.core.loose import Args
from quizshow.core.state import ShowState
from quizshow.core.timers import SAME_MOMENT_S, Timer
from quizshow.core.typed import MAX_TEXT, Typed, find, keep
from quizshow.formats.written import commands as wc
from quizshow.formats.written.model import APPEAL_KINDS, PLAYING, Appeal, Dispute, ExtraMinute, Phase, Written
from quizshow.formats.written.standings import Asked, Figure, Line, figures, leaders, standings
from quizshow.packs.model import HOST_QUESTION, Question

MAX_TEAMS = 40  # a show file may list this many teams (FormatSpec.max_teams)
HAND_IN_CLOCK = "hand_in"  # the hand-in seconds' clock (its TIMER_START event's name)


def same_name(a: str, b: str) -> bool:
    """An author line names a team when it is the team's name (quotes and case aside)."""
    def clean(s: str) -> str:
        return s.strip().strip("«»\"'").strip().casefold()
    return clean(a) == clean(b)


Kept = TypeVar("Kept")


def _kept(items: tuple[Kept, ...], found: Kept | None, new: Kept) -> tuple[Kept, ...]:
    """`items` with `found` replaced by `new` in its place, or `new` added at the end when nothing was found."""
    return tuple(new if item is found else item for item in items) if found is not None else (*items, new)


class WrittenFormat(Format[Written], TypedAnswers):
    id = "written"
    own_type = Written

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        pack = setup.pack
        rounds = pack.playing_rounds if pack else ()
        # Every question in the pack's order: (its tour, its place in the tour, the question); a warm-up's tour
        # is None (a warm-up round, or a question numbered `№ 0`: played, never scored, in no table).
        self.main: list[tuple[int | None, int, Question]] = []
        self.tours: list[tuple[Question, ...]] = []
        self.tour_names: list[str] = []
        self.warmups: dict[int, str] = {}  # a warm-up's number → the name it is shown by (its round's own)
        for rnd in rounds:
            scored: list[Question] = []
            for q in rnd.all_questions:
                if rnd.warmup or q.zero:
                    self.warmups[len(self.main)] = rnd.name if rnd.warmup else ""
                    self.main.append((None, sum(1 for t, _, _ in self.main if t is None), q))
                else:
                    self.main.append((len(self.tours), len(scored), q))
                    scored.append(q)
            if scored:
                self.tours.append(tuple(scored))
                self.tour_names.append(rnd.name)
        # The scored questions' numbers in play order: a question's place here (from 0) is its column in the
        # rating's table and its number on the wire (from 1: `/quiz/team/N/verdict`).
        self.scored: list[int] = [n for n, (tour, _, _) in enumerate(self.main) if tour is not None]
        self.reserve: list[Question] = list(pack.reserve) if pack else []
        names = [t.name for t in setup.teams]
        self.authors: list[int | None] = [self._author(q, names) for _, _, q in self.main]

    @staticmethod
    def _author(question: Question, names: list[str]) -> int | None:
        if not question.author:
            return None
        return next((i for i, name in enumerate(names) if same_name(question.author, name)), None)

    def initial_state(self, seed: int) -> ShowState:
        written = Written(scored=tuple(self.scored), main_count=len(self.main))
        return replace(self.keep(super().initial_state(seed), written), phase=Phase.TITLE)

    # --- reading the state ---------------------------------------------------------------------------


    def is_extra(self, number: int) -> bool:
        return number >= len(self.main)

    def is_warmup(self, number: int) -> bool:
        return number in self.warmups

    def scored_count(self, upto: int | None = None) -> int:
        """How many of the pack's scored questions there are (up to and with `upto`): a warm-up is not one."""
        last = len(self.main) if upto is None else min(upto + 1, len(self.main))
        return sum(1 for t, _, _ in self.main[:last] if t is not None)

    def question(self, number: int) -> Question:
        if number < len(self.main):
            return self.main[number][2]
        k = number - len(self.main)
        return self.reserve[k] if k < len(self.reserve) else HOST_QUESTION

    def current(self, state: ShowState) -> Question | None:
        number = self.own(state).number
        if number < 0 or state.phase in (Phase.TITLE, Phase.RESULTS, Phase.PODIUM):
            return None
        return self.question(number)

    def tour_of(self, number: int) -> int | None:
        return self.main[number][0] if number < len(self.main) else None

    def author_of(self, number: int) -> int | None:
        return self.authors[number] if number < len(self.main) else None

    def players_of(self, w: Written, number: int) -> tuple[int, ...]:
        if self.is_extra(number):
            k = number - len(self.main)
            return w.tiebreak[k] if k < len(w.tiebreak) else ()
        author = self.author_of(number)
        return tuple(t for t in range(len(self.setup.teams)) if t != author)

    def asked(self, state: ShowState) -> list[Asked]:
        """Every scored question reached so far (the one in play too: its marks are simply empty yet); a warm-up
        is in no table."""
        w = self.own(state)
        return [Asked(n, self.tour_of(n), self.author_of(n), self.players_of(w, n)) for n in range(w.number + 1)
                if not self.is_warmup(n)]

    def figures(self, state: ShowState) -> list[Figure]:
        """«Взяли N из M» for every scored question reached (docs/written.md «Per-question figures»)."""
        return figures(self.asked(state), self.own(state))

    def lines(self, state: ShowState) -> list[Line]:
        names = [t.name for t in state.teams]
        return standings(names, self.asked(state), len(self.tours), self.own(state),
                         int(self.rules["extra_player_penalty"]))

    def confirm_words(self, state: ShowState, action: str, args: Args) -> dict[str, object]:
        """A team by its name, a question (its place in play order) by the label the console shows («1.7»)."""
        words: dict[str, object] = dict(args)
        team = args.get("team")
        if isinstance(team, int) and 0 <= team < len(state.teams):
            words["team"] = state.teams[team].name
        place = args.get("question")
        if isinstance(place, int):
            number = self.own(state).number_at(place)
            words["q"] = self.label(number) if 0 <= number <= max(self.own(state).number, 0) else place + 1
        return words

    def marked(self, state: ShowState, number: int) -> bool:
        """The sheets of `number` are in: it can be marked (a warm-up never is: it is not scored)."""
        w = self.own(state)
        return 0 <= number <= w.number and not (number == w.number and state.phase in PLAYING) and \
            not self.is_warmup(number)

    def command_words(self, command: c.Command, events: tuple[Event, ...]) -> tuple[str, dict[str, object]] | None:
        """The Next that begins a tour: «Начат тур 2» (the header's word, never «раунд»). The Next that shows a
        results table: «Показаны результаты тура 1», «Показаны итоги игры» (its event
        is a ROUND_START without a question); the Next that ends a stopped minute: «минута закончена, сдаём
        ответы»."""
        if not isinstance(command, c.Go):
            return None
        if any(e.kind == EventKind.QUESTION for e in events):  # a tour's first question: «Начат тур 2», as the header
            begun = next((e for e in events if e.kind == EventKind.ROUND_START and e.round is not None), None)
            return None if begun is None or begun.round is None else ("journal.written_tour_start",
                                                                      {"n": begun.round + 1})
        if any(e.kind == EventKind.TIMER_START and e.name == HAND_IN_CLOCK for e in events):
            return "journal.written_minute_ended", {}  # the host stopped the minute (F5) and went on
        shown = next((e for e in events if e.kind == EventKind.ROUND_START), None)
        if shown is None:
            return None
        if shown.round is None or shown.round >= len(self.tours) - 1:
            return "journal.written_final_results", {}
        return "journal.written_tour_results", {"n": shown.round + 1}

    def position(self, state: ShowState) -> Position:
        w = self.own(state)
        # compact_question: the console gives its grid of up to 40 teams the room, the question panel less
        if w.number < 0:
            return {"round": 0, "question": None, "compact_question": True}
        if state.phase in (Phase.RESULTS, Phase.PODIUM):  # a table needs no question: «результаты, тур 1»,
            after = w.results_after  # the final one and the podium not even a tour («пьедестал»)
            tour = after if after is not None and 0 <= after < len(self.tours) - 1 else None
            return {"round": tour, "question": None, "compact_question": True,
                    "round_key": "console.written_tour" if tour is not None else None}
        if self.is_extra(w.number):
            found: Position = {"round": len(self.tours), "question": w.number - len(self.main),
                                     "round_key": None, "compact_question": True,
                                     "question_key": "console.written_extra_question"}  # no «из ∞»
            if state.phase == Phase.QUESTION:  # «дополнительный вопрос 1», never «… · вопрос»
                found["phase_key"] = "phase.written_extra_question"
            return found
        tour, index, question = self.main[w.number]
        if tour is None:  # a warm-up: «разминка, вопрос 0»
            return {"round": 0, "question": index, "round_key": "console.written_warmup", "compact_question": True,
                    "played": self.label(w.number), "question_key": "console.written_numbered_question"}
        pos: Position = {"round": tour, "question": index, "of": len(self.tours[tour]),
                               "round_key": "console.written_tour", "compact_question": True}
        if question.number:  # a .4s pack numbers its questions (№ 10): the console says the projector's number
            pos["played"] = f"{question.number} ({index + 1}/{len(self.tours[tour])})"
            pos["question_key"] = "console.written_numbered_question"
        return pos

    def shown_scores(self, state: ShowState) -> tuple[int, ...] | None:
        """The sheets are marked while the hall waits for the results table: until it (or the score overlay)
        is on the projector, the totals shown are those of the last table — the tours before this one (the
        extra questions: without their points)."""
        w = self.own(state)
        if w.number < 0 or state.phase in (Phase.RESULTS, Phase.PODIUM) or state.view.scores:
            return None
        tour = None if self.is_extra(w.number) else self.main[w.number][0]
        shown = []
        for line in sorted(self.lines(state), key=lambda line: line.team):
            later = sum(points or 0 for points in line.tours[tour:]) if tour is not None else 0
            shown.append(line.total - later - (line.extra or 0))
        return tuple(shown)

    # --- the flow ------------------------------------------------------------------------------------------

    def ladder(self, state: ShowState) -> Rung:
        phase, w = Phase(state.phase), self.own(state)
        if phase == Phase.TITLE:
            if not self.main:
                return wait("next.first_question", "the pack has no questions")
            return step("next.first_question", lambda at: self._ask(state, 0, at))
        if phase == Phase.QUESTION:
            return step("next.written_minute", lambda at: self._minute(state, at))
        if phase == Phase.MINUTE:
            if state.timer.running:
                return wait("next.written_wait_minute", "the minute is running")
            return step("next.written_end_minute", lambda at: self._hand_in(state, at))  # the host stopped the clock
        if phase == Phase.HAND_IN:
            if state.timer.running or any(m.timer.running for m in w.running_extras()):
                return wait("next.written_wait_sheets", "sheets are still being handed in")
            return step("next.written_show_answer", lambda at: self._answer(state, at))
        if phase == Phase.ANSWER:
            return self._after_answer(state, w)
        if phase == Phase.RESULTS:
            return self._after_results(state, w)
        return over("the game is over")

    def _ask(self, state: ShowState, number: int, at: float, tiebreak: tuple[int, ...] | None = None) -> Result:
        w = self.own(state)
        if tiebreak is not None:
            w = replace(w, tiebreak=(*w.tiebreak, tiebreak), extra_count=w.extra_count + 1)
        w = replace(w, number=number, results_after=None, closed=None)
        new = replace(self.keep(state, w), phase=Phase.QUESTION, timer=Timer.ready(float(self.rules["minute_s"])),
                      banner=None)
        new = self.rescore(new)
        tour = self.tour_of(number)
        events = [Event(EventKind.QUESTION, round=tour, number=number)]
        if tour is not None and number > 0 and self.main[number][1] == 0:
            events.insert(0, Event(EventKind.ROUND_START, round=tour, name=self.tour_names[tour]))
        return new, events

    def _minute(self, state: ShowState, at: float) -> Result:
        timer = Timer.ready(float(self.rules["minute_s"])).start(at)
        return replace(state, phase=Phase.MINUTE, timer=timer), [Event(EventKind.TIMER_START, seconds=timer.duration)]

    def _hand_in(self, state: ShowState, at: float) -> Result:
        """«Сдаём ответы!»: the hand-in clock; the extra minutes taken on this question start now. With no hand-in
        time (`hand_in_s: 0`) the sheets are due at once: the answer follows now, or when the last extra minute
        ends."""
        w = self.own(state)
        extras = tuple(replace(m, timer=m.timer.start(at)) if m.number == w.number else m for m in w.extra_minutes)
        seconds = float(self.rules["hand_in_s"])
        if seconds <= 0:
            w = replace(w, extra_minutes=extras, closed=at)
            if not w.running_extras():
                return self._answer(self.keep(state, w), at)
            return replace(self.keep(state, w), phase=Phase.HAND_IN, timer=Timer(expired=True)), []
        timer = Timer.ready(seconds).start(at)
        new = replace(self.keep(state, replace(w, extra_minutes=extras)), phase=Phase.HAND_IN, timer=timer)
        # named: the journal says what the step did («минута закончена, сдаём ответы»), not «время пошло»
        return self.banner(new, "banner.hand_in", at), [Event(EventKind.TIMER_START, seconds=timer.duration,
                                                              name=HAND_IN_CLOCK)]

    def _answer(self, state: ShowState, at: float) -> Result:
        """The answer on screen: every typed answer's window of this question is closed now (where no clock
        closed it already: the host went on with the clock paused)."""
        w = self.own(state)
        extras = tuple(replace(m, closed=at) if m.number == w.number and m.closed is None else m
                       for m in w.extra_minutes)
        w = replace(w, closed=at if w.closed is None else w.closed, extra_minutes=extras)
        return replace(self.keep(state, w), phase=Phase.ANSWER, timer=Timer(), banner=None), [Event(EventKind.REVEAL)]

    def _after_answer(self, state: ShowState, w: Written) -> Rung:
        number = w.number
        if self.is_extra(number):
            if len(leaders(self.lines(state))) > 1 and not self._extras_used_up(state):
                return step("next.written_extra_question", lambda at: self._tiebreak(state, at))
            # the final table (with «Доп») before the podium, tie or not
            return step("next.written_final_results", lambda at: self._results(state, -1))
        tour, index, _ = self.main[number]
        if tour is None:  # a warm-up: the next question, never a table (a pack of warm-ups alone: its final table)
            if number + 1 < len(self.main):
                return step("next.written_next_question", lambda at: self._ask(state, number + 1, at))
            return step("next.written_final_results", lambda at: self._results(state, -1))
        if index == len(self.tours[tour]) - 1:
            return step("next.written_final_results" if tour == len(self.tours) - 1 else "next.written_tour_results",
                        lambda at: self._results(state, tour))
        return step("next.written_next_question", lambda at: self._ask(state, number + 1, at))

    def _results(self, state: ShowState, after: int) -> Result:
        w = replace(self.own(state), results_after=after)
        return replace(self.keep(state, w), phase=Phase.RESULTS, timer=Timer(), banner=None), [
            Event(EventKind.ROUND_START, round=after if after >= 0 else None)]  # round: the tour just played

    def _after_results(self, state: ShowState, w: Written) -> Rung:
        if w.results_after is not None and 0 <= w.results_after < len(self.tours) - 1:
            return step("next.written_next_tour", lambda at: self._ask(state, w.number + 1, at))
        if len(leaders(self.lines(state))) > 1 and not self._extras_used_up(state):
            return step("next.written_extra_question", lambda at: self._tiebreak(state, at))
        return step("next.written_podium", lambda at: self._podium(state))  # first place shared at the limit too

    def _tiebreak(self, state: ShowState, at: float) -> Result:
        """Seed 001: a tie for first after the last question: extra questions until one team leads alone."""
        w = self.own(state)
        if self._extras_used_up(state):
            return self._podium(state)  # the limit: first place stays shared (docs/written.md)
        tied = leaders(self.lines(state))
        return self._ask(state, len(self.main) + w.extra_count, at, tiebreak=tied)

    def _extras_used_up(self, state: ShowState) -> bool:
        return self.own(state).extra_count >= int(self.rules["max_extra_questions"])

    def _podium(self, state: ShowState) -> Result:
        lines = self.lines(state)
        events = [Event(EventKind.WINNER, team=line.team, name=line.name) for line in lines if line.place[0] == 1]
        return replace(state, phase=Phase.PODIUM, timer=Timer(), banner=None), events

    # --- clocks ----------------------------------------------------------------------------------------------

    @handles(c.TimerStart)
    def on_timer_start(self, state: ShowState, cmd: c.TimerStart) -> Result:
        if state.phase == Phase.QUESTION:
            return self._minute(state, cmd.at)
        if state.phase == Phase.HAND_IN:
            w = self.own(state)
            extras = tuple(replace(m, timer=m.timer.start(cmd.at)) if m.number == w.number else m
                           for m in w.extra_minutes)
            new = replace(self.keep(state, replace(w, extra_minutes=extras)), timer=state.timer.start(cmd.at))
            if new == state:
                raise Refused("the clock cannot start now")
            return new, [Event(EventKind.TIMER_START, seconds=new.timer.remaining(cmd.at))]
        return super().on_timer_start(state, cmd)

    @handles(c.TimerStop)
    def on_timer_stop(self, state: ShowState, cmd: c.TimerStop) -> Result:
        w = self.own(state)
        if state.phase == Phase.HAND_IN and any(m.timer.running for m in w.running_extras()):
            new = replace(self.keep(state, self._pause_extras(w, cmd.at)), timer=state.timer.pause(cmd.at))
            return new, [Event(EventKind.TIMER_STOP, seconds=new.timer.remaining(cmd.at))]
        return super().on_timer_stop(state, cmd)

    @staticmethod
    def _pause_extras(w: Written, at: float) -> Written:
        return replace(w, extra_minutes=tuple(replace(m, timer=m.timer.pause(at)) for m in w.extra_minutes))

    @handles(c.Resumed)
    def on_resumed(self, state: ShowState, cmd: c.Resumed) -> Result:
        new, events = super().on_resumed(state, cmd)
        return self.keep(new, self._pause_extras(self.own(new), cmd.at)), events

    @handles(c.Tick)
    def on_tick(self, state: ShowState, cmd: c.Tick) -> Result:
        # The hand-in's exact end (not the tick's time): typed answers are judged by it; with no hand-in time,
        # the minute's exact end.
        window = state.timer.window if state.phase == Phase.HAND_IN else None
        if state.phase == Phase.MINUTE and float(self.rules["hand_in_s"]) <= 0:
            window = state.timer.window
        new, events = super().on_tick(state, cmd)
        if window is not None and (new.timer.expired or new.phase != state.phase):
            new = self.keep(new, replace(self.own(new), closed=window.closes))
        w = self.own(new)
        if not any(m.timer.running for m in w.extra_minutes):
            return new, events
        extras = []
        for m in w.extra_minutes:
            timer, more = m.timer.tick(cmd.at, float(self.rules["hand_in_s"]))
            ends = m.timer.window
            if timer.expired and not m.timer.expired and ends is not None:
                m = replace(m, closed=ends.closes)
            extras.append(m if timer is m.timer else replace(m, timer=timer))
            events = events + [replace(e, team=m.team) for e in more]
        new = self.keep(new, replace(w, extra_minutes=tuple(extras)))
        if new.phase == Phase.HAND_IN and new.timer.expired and not self.own(new).running_extras():
            new, more = self._answer(new, cmd.at)
            events = events + more
        return new, events

    def on_time_up(self, state: ShowState, at: float) -> Result:
        if state.phase == Phase.MINUTE:
            return self._hand_in(state, at)
        if state.phase == Phase.HAND_IN and not self.own(state).running_extras():
            return self._answer(state, at)
        return state, []

    # --- the teams' rights ------------------------------------------------------------------------------------

    def _playing_now(self, state: ShowState, team: int) -> None:
        """Rights are taken on the question in play, before its answer is shown, by a team that plays it."""
        self.check_team(state, team)
        if state.phase not in (Phase.QUESTION, Phase.MINUTE, Phase.HAND_IN):
            raise Refused("an extra minute or club help is taken while a question is played")
        w = self.own(state)
        if team not in self.players_of(w, w.number):
            raise Refused("{name} does not play this question", name=state.teams[team].name)

    @handles(wc.ExtraMinute)
    def on_extra_minute(self, state: ShowState, cmd: wc.ExtraMinute) -> Result:
        """Seed 001: one extra minute per team, once per game."""
        self._playing_now(state, cmd.team)
        w = self.own(state)
        taken = w.extra_minute_of(cmd.team)
        if taken is not None:
            raise Refused("{name} has taken its extra minute already (question {n})",
                          name=state.teams[cmd.team].name, n=self.label(taken.number))
        timer = Timer.ready(float(self.rules["extra_minute_s"]) + float(self.rules["hand_in_s"]))
        if state.phase == Phase.HAND_IN:
            timer = timer.start(cmd.at)  # the common minute is over: the team's own minute runs from now
        w = replace(w, extra_minutes=(*w.extra_minutes, ExtraMinute(cmd.team, w.number, timer)))
        return self.keep(state, w), []

    @handles(wc.ClubHelp)
    def on_club_help(self, state: ShowState, cmd: wc.ClubHelp) -> Result:
        """Seed 001: «помощь клуба» once per game for each team."""
        self._playing_now(state, cmd.team)
        w = self.own(state)
        taken = w.club_help_of(cmd.team)
        if taken is not None:
            raise Refused("{name} has taken its club help already (question {n})",
                          name=state.teams[cmd.team].name, n=self.label(taken))
        if not self.question(w.number).hint:
            raise Refused("this question has no club help in the pack")
        return self.keep(state, replace(w, club_help=(*w.club_help, (cmd.team, w.number)))), []

    @handles(wc.ExtraPlayers)
    def on_extra_players(self, state: ShowState, cmd: wc.ExtraPlayers) -> Result:
        self.check_team(state, cmd.team)
        most = int(self.rules["max_extra_players"])
        if not 0 <= cmd.count <= most:
            raise Refused("a team may add 0 to {n} players", n=most)
        w = self.own(state)
        added = tuple((t, n) for t, n in w.extra_players if t != cmd.team)
        if cmd.count:
            added = (*added, (cmd.team, cmd.count))
        return self._rescored(state, replace(w, extra_players=added), cmd.team)

    # --- typed answers from the phones (core/typed.py, docs/written.md) ------------------------------------------

    def _team_minute(self, state: ShowState, team: int) -> ExtraMinute | None:
        w = self.own(state)
        return next((m for m in w.extra_minutes if m.team == team and m.number == w.number), None)

    def _closes(self, state: ShowState, team: int) -> float | None:
        """When the team's window for the question in play closes (its own extra minute's, or the common
        hand-in's), where a clock fixes it already; None: still open with no end fixed."""
        w, minute = self.own(state), self._team_minute(state, team)
        if minute is not None:
            if minute.closed is not None:
                return minute.closed
            return minute.timer.window.closes if minute.timer.window is not None else None
        if w.closed is not None:
            return w.closed
        if state.phase == Phase.HAND_IN and state.timer.window is not None:
            return state.timer.window.closes
        return None

    def answer_ask(self, state: ShowState, team: int) -> AnswerAsk | None:
        """A team types from the moment the question is on screen until the minute and the hand-in seconds (its
        own extra minute) are over; `until` is known while the clocks run."""
        w = self.own(state)
        if w.number < 0 or state.phase not in (Phase.QUESTION, Phase.MINUTE, Phase.HAND_IN) or \
                team not in self.players_of(w, w.number):
            return None
        minute = self._team_minute(state, team)
        if (minute.closed if minute is not None else w.closed) is not None:
            return None  # its time is over; the others' may still run
        until = self._closes(state, team)
        clock_until = None  # the minute's end, on the hall's clock: the phone counts it, then the seconds after
        if until is None and state.phase == Phase.MINUTE and state.timer.window is not None:
            after = minute.timer.left_at_start if minute is not None else float(self.rules["hand_in_s"])
            clock_until = state.timer.window.closes
            until = clock_until + after
        kept = find(w.typed, team, w.number)
        then = None if state.phase == Phase.QUESTION else ("extra_minute" if minute is not None else "hand_in")
        clock = None
        if minute is not None and minute.timer.window is not None and until is not None:
            # Its own minute runs: the phone counts the minute the projector shows that team, then the hand-in.
            clock_until, clock, then = until - float(self.rules["hand_in_s"]), "extra_minute", "hand_in"
        return AnswerAsk(w.number, until, kept.text if kept is not None else None, clock_until, then, clock)

    def typed_refusal(self, state: ShowState, team: int) -> Refused | None:
        """While a question is played, a team that does not play it: the author team is told it sent it in."""
        w = self.own(state)
        if w.number < 0 or state.phase not in (Phase.QUESTION, Phase.MINUTE, Phase.HAND_IN) or \
                team in self.players_of(w, w.number):
            return None
        if team == self.author_of(w.number):
            return Refused("{name} sent this question in and does not play it", name=state.teams[team].name)
        return Refused("{name} does not play this question", name=state.teams[team].name)

    def answer_late(self, state: ShowState, team: int, question: int, sent: float) -> bool:
        """Seed 001: a sheet handed in after the minute and the hand-in seconds scores 0 — a typed answer sent
        (by the phone's own clock, mapped) after its window is kept as late; one for an earlier question too."""
        self.check_team(state, team)
        w = self.own(state)
        if not 0 <= question <= w.number:
            raise Refused("there is no question {n} to answer now", n=question + 1)
        if team not in self.players_of(w, question):
            raise Refused("{name} does not play this question", name=state.teams[team].name)
        if question < w.number:
            return True
        closes = self._closes(state, team)
        return closes is not None and sent > closes + SAME_MOMENT_S

    @handles(c.TypedAnswer)
    def on_typed_answer(self, state: ShowState, cmd: c.TypedAnswer) -> Result:
        """The last answer sent in time counts (the grid shows it to the operator, who marks); a late one is
        kept beside it as late. Nothing is marked here: the operator decides."""
        late = self.answer_late(state, cmd.team, cmd.question, cmd.sent) or cmd.late
        text = " ".join(cmd.text.split())[:MAX_TEXT]
        if not text:
            raise Refused("an answer needs some text")
        w = self.own(state)
        return self.keep(state, replace(w, typed=keep(w.typed, Typed(cmd.team, cmd.question, text, cmd.sent,
                                                                         late)))), []

    # --- the grid ----------------------------------------------------------------------------------------------

    def _check_cell(self, state: ShowState, team: int, number: int) -> None:
        self.check_team(state, team)
        if self.is_warmup(number):
            raise Refused("the warm-up is not scored")
        if not self.marked(state, number):
            raise Refused("question {n} has not been played yet", n=number + 1)
        w = self.own(state)
        if team == self.author_of(number):
            raise Refused("{name} sent this question in and does not play it", name=state.teams[team].name)
        if team not in self.players_of(w, number):
            raise Refused("{name} does not play this question", name=state.teams[team].name)

    @handles(wc.Mark)
    def on_mark(self, state: ShowState, cmd: wc.Mark) -> Result:
        self._check_cell(state, cmd.team, cmd.number)
        w = self.own(state)
        new, events = self._rescored(state, replace(w, grid=w.grid.set(cmd.team, cmd.number, cmd.correct)), cmd.team)
        if cmd.correct and (cmd.team, cmd.number) in w.grid.late and not events:  # right, but late: it stays 0
            events = [Event(EventKind.SCORE, team=cmd.team, points=0, score=new.teams[cmd.team].score)]
        return new, events

    @handles(wc.Late)
    def on_late(self, state: ShowState, cmd: wc.Late) -> Result:
        """Seed 001: a team that did not hand in its answer in time gets 0 points."""
        self._check_cell(state, cmd.team, cmd.number)
        w = self.own(state)
        return self._rescored(state, replace(w, grid=w.grid.set_late(cmd.team, cmd.number, cmd.late)), cmd.team)

    # --- disputes and appeals (MAII rules 1.5, 1.6; docs/written.md «Disputes and appeals») ------------------

    @handles(wc.Dispute)
    def on_dispute(self, state: ShowState, cmd: wc.Dispute) -> Result:
        """A team's answer put to the game jury: its text is kept (the export writes it in the cell); the cell
        keeps its mark until the verdict."""
        self._check_cell(state, cmd.team, cmd.number)
        text = " ".join(cmd.text.split())[:MAX_TEXT]
        if not text:
            raise Refused("a disputed answer needs its text")
        w = self.own(state)
        found = w.dispute_of(cmd.team, cmd.number)
        if found is not None and found.accepted is not None:
            raise Refused("{name}: the jury has ruled on this answer already", name=state.teams[cmd.team].name)
        new = Dispute(cmd.team, cmd.number, text)
        return self.keep(state, replace(w, disputes=_kept(w.disputes, found, new))), []

    @handles(wc.Verdict)
    def on_verdict(self, state: ShowState, cmd: wc.Verdict) -> Result:
        """The game jury's decision turns a disputed answer into 1 or 0 (a later one corrects it)."""
        self.check_team(state, cmd.team)
        w = self.own(state)
        found = w.dispute_of(cmd.team, cmd.number)
        if found is None:
            raise Refused("{name}: the answer to question {n} is not disputed", name=state.teams[cmd.team].name,
                          n=self.label(cmd.number) if 0 <= cmd.number else cmd.number)
        w = replace(w, disputes=_kept(w.disputes, found, replace(found, accepted=cmd.accepted)),
                    grid=w.grid.set(cmd.team, cmd.number, cmd.accepted))
        return self._rescored(state, w, cmd.team)

    @handles(wc.Appeal)
    def on_appeal(self, state: ShowState, cmd: wc.Appeal) -> Result:
        """An appeal: on the team's answer (its cell must be one it played) or on the question (any question
        played); a second one of the same kind before the ruling replaces the first's text."""
        if cmd.kind not in APPEAL_KINDS:
            raise Refused("an appeal is on an answer or on a question")
        if cmd.kind == "answer":
            self._check_cell(state, cmd.team, cmd.number)
        else:
            self.check_team(state, cmd.team)
            if self.is_warmup(cmd.number) or not self.marked(state, cmd.number):
                raise Refused("question {n} has not been played yet", n=cmd.number + 1)
        w = self.own(state)
        if cmd.number in w.removed:
            raise Refused("question {n} is removed already", n=self.label(cmd.number))
        text = " ".join(cmd.text.split())[:MAX_TEXT]
        found = next((a for a in w.appeals if (a.team, a.number, a.kind) == (cmd.team, cmd.number, cmd.kind)
                      and a.upheld is None), None)
        new = Appeal(cmd.team, cmd.number, cmd.kind, text)
        return self.keep(state, replace(w, appeals=_kept(w.appeals, found, new))), []

    @handles(wc.AppealVerdict)
    def on_appeal_verdict(self, state: ShowState, cmd: wc.AppealVerdict) -> Result:
        """The appeal jury rules on the team's appeal on the question (the one on the question first): upheld,
        an answer counts, a question is removed for every team («X» in the rating's table)."""
        self.check_team(state, cmd.team)
        w = self.own(state)
        found = w.pending_appeal(cmd.team, cmd.number)
        if found is None:
            raise Refused("{name} has no appeal on question {n} waiting", name=state.teams[cmd.team].name,
                          n=self.label(cmd.number) if 0 <= cmd.number else cmd.number)
        w = replace(w, appeals=_kept(w.appeals, found, replace(found, upheld=cmd.upheld)))
        if cmd.upheld and found.kind == "answer":
            w = replace(w, grid=w.grid.set(cmd.team, cmd.number, True))
        elif cmd.upheld:
            w = replace(w, removed=w.removed | {cmd.number})
        new = self.rescore(self.keep(state, w))
        events = [Event(EventKind.SCORE, team=t, points=after.score - before.score, score=after.score)
                  for t, (before, after) in enumerate(zip(state.teams, new.teams, strict=True))
                  if after.score != before.score]
        return new, events

    def _rescored(self, state: ShowState, w: Written, team: int) -> Result:
        new = self.rescore(self.keep(state, w))
        delta = new.teams[team].score - state.teams[team].score
        events = [Event(EventKind.SCORE, team=team, points=delta, score=new.teams[team].score)] if delta else []
        return new, events

    def rescore(self, state: ShowState) -> ShowState:
        """The teams' scores are the grid's totals (the score overlay, OSC and lamps read them)."""
        for line in self.lines(state):
            if state.teams[line.team].score != line.total:
                state = state.with_score(line.team, line.total)
        return state

    @handles(c.ScoreAdd)
    def on_score_add(self, state: ShowState, cmd: c.ScoreAdd) -> Result:
        raise Refused("scores come from the grid: mark the sheets")

    @handles(c.ScoreSet)
    def on_score_set(self, state: ShowState, cmd: c.ScoreSet) -> Result:
        raise Refused("scores come from the grid: mark the sheets")

    def label(self, number: int) -> str:
        """A question's name for people: «2.7» (tour 2, question 7), the pack's own number where it gives one
        («10», as the projector says it), or «+1» (the first extra question)."""
        if self.is_extra(number):
            return f"+{number - len(self.main) + 1}"
        tour, index, question = self.main[number]
        # A .4s pack numbers its questions itself (1…36 on through the tours): the hall sees that number.
        return question.number or (f"0.{index + 1}" if tour is None else f"{tour + 1}.{index + 1}")
