"""Format `duel`: the coloured-table duel (rules.md §4, seed 002).

Two teams of four at tables of four colours (green, yellow, red, blue: the captain). One question
from each theme of the sheet in turn. Buzzers are live from the first word; every press is kept in
the order of its own timestamp and the host asks the queue in that order until the first correct
answer. Correct: the opponent at the answerer's colour leaves (gone already, or the answerer's second
correct answer in a row: the answerer picks, captain last). Wrong: the answerer leaves. A team with
nobody left loses the bout; two questions in a row without a press disqualify both teams (0:0).

The phase is never set by hand: `_settle` derives it from the data after every change, so undo and
a late-arriving earlier press land in the same phase a straight replay would.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TypedDict, Unpack

from quizshow.core import commands as c
from quizshow.core.capabilities import PlayerBuzzers
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format, Position, Refused, Result, Setup, handles, over, step, wait
from quizshow.core.ladder import NextKind, NextStep, Rung
from quizshow.core.loose import RulesView
from quizshow.core.presslog import Press, PressLog
from quizshow.core.state import ShowState
from quizshow.core.timers import Timer
from quizshow.formats.duel import commands as dc
from quizshow.formats.duel.model import CAPTAIN, COLOURS, HINT_MAX, TABLES, Asking, Bout, DuelState, Phase, Seat, Sheet
from quizshow.packs.model import HOST_QUESTION, Pack, Question, Round


class _Changes(TypedDict, total=False):
    """The fields of the duel's state a step replaces (DuelFormat._with)."""

    bout: Bout
    sheet: Sheet
    asking: Asking | None


def reading_order(sheet: Round) -> list[tuple[int, int]]:
    """(theme, row) slots: one question from each theme in turn, top to bottom (seed 002, 7.2)."""
    rows = max((len(t.questions) for t in sheet.themes), default=0)
    return [(t, r) for r in range(rows) for t, theme in enumerate(sheet.themes) if r < len(theme.questions)]


@dataclass(frozen=True)
class QueueEntry:
    """One press of the question for the views: where it stands and how far behind the first."""

    press: Press
    seat: Seat
    status: str  # answering | waiting | wrong | correct | dq (disqualified) | out (left on another's answer) | unasked
    margin: float


class DuelFormat(Format[DuelState], PlayerBuzzers):
    id = "duel"
    own_type = DuelState

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        pack = setup.pack
        self.sheets: list[Round] = [r for r in pack.playing_rounds if r.themes] if pack else []
        self.reserve: list[Question] = list(pack.reserve) if pack else []
        self.orders = [reading_order(sheet) for sheet in self.sheets]

    def initial_state(self, seed: int) -> ShowState:
        return replace(self.keep(super().initial_state(seed), DuelState()), phase=Phase.TITLE)

    @staticmethod
    def check_pack(pack: Pack, rules: RulesView) -> list[tuple[int, str]]:
        """What a duel cannot be played without: a sheet (a playing round) of themes. (line, what is wrong)
        for the show's --check: errors."""
        found = []
        if not pack.playing_rounds:
            found.append((1, "a duel pack needs at least one sheet (a round with themes)"))
        for sheet in pack.playing_rounds:
            if not sheet.themes:
                found.append((sheet.line, f"sheet '{sheet.name}' needs themes (a duel sheet is themes × questions)"))
        return found

    @staticmethod
    def warn_pack(pack: Pack, rules: RulesView) -> list[tuple[int, str]]:
        """A sheet's size: «как правило» 4–5 themes × 4 questions (seed 002, 7.2; the rules' numbers) —
        another size plays, so it is a warning at its line, not an error."""
        low, high = int(rules.get("sheet_themes_min", 4)), int(rules.get("sheet_themes_max", 5))
        each = int(rules.get("theme_questions", 4))
        found = []
        for sheet in pack.playing_rounds:
            if sheet.themes and not low <= len(sheet.themes) <= high:
                found.append((sheet.line, f"sheet '{sheet.name}' has {len(sheet.themes)} themes; a duel sheet "
                                          f"usually has {low}–{high} (it plays as it is)"))
            for theme in sheet.themes:
                if len(theme.questions) != each:
                    found.append((theme.line, f"theme '{theme.name}' of sheet '{sheet.name}' has "
                                              f"{len(theme.questions)} questions; a duel theme usually has {each} "
                                              f"(it plays as it is)"))
        return found

    # --- reading the state (also the views' model) -------------------------------------------------


    def asking(self, state: ShowState) -> Asking:
        """The question in play (every phase but the title has one)."""
        asking = self.own(state).asking
        if asking is None:
            raise Refused("there is no question in play")
        return asking

    def think_s(self) -> float:
        return float(self.rules["think_s"])

    def order(self, state: ShowState) -> list[tuple[int, int]]:
        sheet = self.own(state).bout.sheet
        return self.orders[sheet] if sheet < len(self.orders) else []

    def current(self, state: ShowState) -> Question | None:
        asking = self.own(state).asking
        return None if asking is None else self.question_of(state, asking.source)

    def question_of(self, state: ShowState, source: tuple[str, int]) -> Question:
        kind, index = source
        if kind == "sheet":
            theme, row = self.order(state)[index]
            return self.sheets[self.own(state).bout.sheet].themes[theme].questions[row]
        if kind == "reserve" and index < len(self.reserve):
            return self.reserve[index]
        return HOST_QUESTION  # the sheet and the reserve ran out: the host reads one of their own

    def theme_of(self, state: ShowState, source: tuple[str, int]) -> tuple[int, int, str] | None:
        """(theme, row, theme name) of a sheet question; None for a reserve or host question."""
        if source[0] != "sheet":
            return None
        theme, row = self.order(state)[source[1]]
        return theme, row, self.sheets[self.own(state).bout.sheet].themes[theme].name

    def upcoming(self, state: ShowState) -> tuple[str, int]:
        """The source the next question will come from (the console shows it; skip and replace act on it)."""
        sheet = self.own(state).sheet
        if sheet.next_slot < len(self.order(state)):
            instead = dict(sheet.replaced).get(sheet.next_slot)
            return ("sheet", sheet.next_slot) if instead is None else ("reserve", instead)
        if sheet.next_reserve < len(self.reserve):
            return "reserve", sheet.next_reserve
        return "host", 0

    def next_bout_first(self, state: ShowState) -> tuple[int, str] | None:
        """(theme, theme name) of the first question of the next bout's sheet; None: the pack has no more sheets."""
        sheet = self.own(state).bout.sheet + 1
        if sheet >= len(self.sheets) or not self.orders[sheet]:
            return None
        theme = self.orders[sheet][0][0]
        return theme, self.sheets[sheet].themes[theme].name

    def player_name(self, state: ShowState, seat: Seat) -> str:
        players = state.teams[seat[0]].players
        return players[seat[1]] if seat[1] < len(players) else ""

    def asked_now(self, state: ShowState) -> Press | None:
        """The press the host asks now: the earliest (by its own time) of a player still in the game and
        not yet asked on this question."""
        asking, bout = self.own(state).asking, self.own(state).bout
        if asking is None or asking.correct_by is not None or asking.closed or bout.result is not None:
            return None
        for press in state.presses.presses:
            seat = (press.team, press.player or 0)
            if bout.in_game(seat) and seat not in asking.wrong:
                return press
        return None

    def answering_seat(self, state: ShowState) -> tuple[int, int | None] | None:
        press = self.asked_now(state)
        return None if press is None else (press.team, press.player)

    def queue(self, state: ShowState) -> list[QueueEntry]:
        """Every press of the question in timestamp order, with its standing."""
        asking, bout = self.own(state).asking, self.own(state).bout
        now = self.asked_now(state)
        found = []
        for press in state.presses.presses:
            seat = (press.team, press.player or 0)
            if press is now:
                status = "answering"
            elif asking is not None and seat in asking.wrong:
                status = "wrong"
            elif asking is not None and seat == asking.correct_by:
                status = "correct"
            elif seat in bout.disqualified:
                status = "dq"  # disqualified for the bout (seed 002, 7.8)
            elif not bout.in_game(seat):
                status = "out"
            elif now is not None:
                status = "waiting"
            else:
                status = "unasked"
            found.append(QueueEntry(press, seat, status, state.presses.margin(press)))
        return found

    def waiting_presses(self, state: ShowState) -> tuple[Press, ...]:
        """The duel asks in press order: the presses behind the one asked now wait their turn."""
        return tuple(entry.press for entry in self.queue(state) if entry.status == "waiting")

    def player_lamps(self, state: ShowState) -> dict[Seat, str]:
        """Each table's lamp: the player being asked ON, the next ones in the queue BLINK, else OFF."""
        lamps = {(t, p): "OFF" for t in TABLES for p in range(len(COLOURS))}
        for entry in self.queue(state):
            if entry.status == "answering":
                lamps[entry.seat] = "ON"
            elif entry.status == "waiting":
                lamps[entry.seat] = "BLINK"
        return lamps

    def thinking_left(self, state: ShowState, at: float) -> float | None:
        """Seconds of the thinking minimum still to run (None before the first reading ends)."""
        asking = self.own(state).asking
        if asking is None or asking.read_end is None:
            return None
        return max(0.0, asking.read_end + self.think_s() - at)

    def match_over(self, state: ShowState) -> bool:
        """The bout just decided is the match's last: the show plays one bout a sheet (seed 002, 7.1: a bout
        is one team against the other), and the match is its bouts; after the last sheet's, the match is over."""
        return Phase(state.phase) == Phase.RESULT and self.own(state).bout.sheet + 1 >= len(self.sheets)

    def match_winner(self, state: ShowState) -> int | None:
        """The team that won more bouts (a team's score is its bouts won); None: level."""
        first, second = (state.teams[t].score for t in TABLES)
        return None if first == second else TABLES[0] if first > second else TABLES[1]

    def position(self, state: ShowState) -> Position:
        bout = self.own(state).bout
        asked = bout.asked - 1 if self.own(state).asking is not None else None
        found: Position = {"round": bout.number, "question": asked, "of": len(self.order(state)) or "?",
                                 "round_key": "console.duel_bout"}  # a duel is played in bouts («бой 2»)
        if Phase(state.phase) == Phase.RESULT and not self.match_over(state):
            found["phase_key"] = "phase.duel_bout_result"  # «итог боя»: the match goes on (not «итог матча»)
        return found

    # --- the flow ---------------------------------------------------------------------------------------

    def _settle(self, state: ShowState) -> ShowState:
        """The phase and the shared fields (who answers) from the data."""
        duel = self.own(state)
        asking = duel.asking
        now = self.asked_now(state)
        if duel.bout.result is not None:
            phase = Phase.RESULT
        elif asking is None:
            phase = Phase.TITLE
        elif asking.chooser is not None:
            phase = Phase.CHOOSING
        elif asking.correct_by is not None or asking.closed:
            phase = Phase.REVEAL
        elif now is not None:
            phase = Phase.ANSWERING
        elif asking.read_end is not None:
            phase = Phase.THINKING
        else:
            phase = Phase.READING
        return replace(state, phase=phase, answering=None if now is None else now.team)

    def _with(self, state: ShowState, **changes: Unpack[_Changes]) -> ShowState:
        return self.keep(state, replace(self.own(state), **changes))

    def ladder(self, state: ShowState) -> Rung:
        phase, duel = Phase(state.phase), self.own(state)
        if phase == Phase.TITLE:
            return step("next.duel_first", lambda at: self._next_question(state))
        if phase in (Phase.READING, Phase.ANSWERING) and self.asking(state).read_end is None:
            return step("next.duel_read_done", lambda at: self._read_end(state, at))
        if phase == Phase.ANSWERING:
            return wait("next.judge_first", "judge the answer first")
        if phase == Phase.THINKING:  # Next is refused until the minimum is over
            thinking = NextStep("next.duel_unplayed") if state.timer.expired else \
                NextStep("next.duel_think_wait", NextKind.WAIT)
            return Rung(thinking, lambda at: self._thought(state, at))
        if phase == Phase.CHOOSING:
            return wait("next.duel_choose", "the answerer chooses who leaves first")
        if phase == Phase.REVEAL:
            return step("next.next_question", lambda at: self._next_question(state))
        if duel.bout.sheet + 1 >= len(self.sheets):
            return over("the pack has no more sheets")
        return step("next.duel_next_bout", lambda at: self._next_bout(state))

    def _thought(self, state: ShowState, at: float) -> Result:
        """Next once the thinking minimum is over: the question is unplayed (before it, refused)."""
        left = self.thinking_left(state, at) or 0.0
        if left > 0:
            raise Refused("{s} s of the {think} s to think are left (end early: confirm on the console)",
                          s=str(max(1, math.ceil(left))), think=f"{self.think_s():g}")  # as the clock counts
        return self._close_unplayed(state, at, forced=False)

    def _next_question(self, state: ShowState) -> Result:
        duel = self.own(state)
        sheet = duel.sheet
        source = self.upcoming(state)
        slot = None
        if sheet.next_slot < len(self.order(state)):
            slot = sheet.next_slot
            sheet = replace(sheet, next_slot=slot + 1)
        elif source[0] == "reserve":  # the sheet is through: the reserve, in its order
            sheet = replace(sheet, next_reserve=sheet.next_reserve + 1)
        bout = replace(duel.bout, asked=duel.bout.asked + 1)
        new = self._with(state, sheet=sheet, bout=bout, asking=Asking(source=source, slot=slot))
        new = replace(new, presses=PressLog(), timer=Timer(), banner=None, last_buzz_at=None)
        event = Event(EventKind.QUESTION, round=bout.number, number=bout.asked - 1, question_kind="duel")
        return self._settle(new), [event]

    def _read_end(self, state: ShowState, at: float) -> Result:
        """The first reading is over: the thinking minimum starts (a re-reading never restarts it)."""
        asking = replace(self.asking(state), read_end=at)
        timer = Timer.ready(self.think_s()).start(at)
        new = replace(self._with(state, asking=asking), timer=timer)
        return self._settle(new), [Event(EventKind.TIMER_START, seconds=timer.duration)]

    def _close_unplayed(self, state: ShowState, at: float, forced: bool) -> Result:
        """Nobody answered correctly: the answer is shown and the question is unplayed. Two in a row
        without a single press disqualify both teams."""
        duel = self.own(state)
        silent = not state.presses.presses
        bout = replace(duel.bout, streak=None, silent_run=duel.bout.silent_run + 1 if silent else 0)
        asking = replace(self.asking(state), closed=True, forced=forced)
        new = replace(self._with(state, bout=bout, asking=asking), timer=state.timer.pause(at))
        events = [Event(EventKind.REVEAL)]
        if bout.silent_run >= int(self.rules["silent_questions"]):
            new = self._with(new, bout=replace(bout, result="disqualified", winner=None))
            events.append(Event(EventKind.MATCH_RESULT, team=None, round=bout.number))
        return self._settle(new), events

    def command_words(self, command: c.Command, events: tuple[Event, ...]) -> tuple[str, dict[str, object]] | None:
        """The Next that starts a bout: «Начат бой 2», never «раунд 2» (a duel is played in bouts)."""
        bout = next((e for e in events if e.kind == EventKind.ROUND_START), None)
        if isinstance(command, c.Go) and bout is not None:
            return "journal.duel_bout_start", {"n": (bout.round or 0) + 1}
        return None

    def _next_bout(self, state: ShowState) -> Result:
        bout = self.own(state).bout
        duel = DuelState(bout=Bout(number=bout.number + 1, sheet=bout.sheet + 1))
        new = replace(self.keep(state, duel), presses=PressLog(), timer=Timer(), banner=None)
        new, events = self._next_question(new)
        return new, [Event(EventKind.ROUND_START, round=bout.number + 1), *events]

    # --- presses ----------------------------------------------------------------------------------------

    @handles(c.Buzz)
    def on_buzz(self, state: ShowState, cmd: c.Buzz) -> Result:
        self.check_team(state, cmd.team)
        if cmd.team not in TABLES:
            raise Refused("{name} is not at a table", name=state.teams[cmd.team].name)
        if cmd.player is None or not 0 <= cmd.player < len(COLOURS):
            raise Refused("a press must name the player (each table has its own button)")
        if not Phase(state.phase).flags.buzzers_live:
            raise Refused("buzzers are closed")
        seat = (cmd.team, cmd.player)
        name = self.player_name(state, seat) or state.teams[cmd.team].name
        if seat in self.own(state).bout.disqualified:
            raise Refused("{name} is disqualified for this bout", name=name)
        if not self.own(state).bout.in_game(seat):
            raise Refused("{name} has left the game", name=name)
        if any((p.team, p.player) == seat for p in state.presses.presses):
            raise Refused("{name} has pressed already", name=name)
        before = self.asked_now(state)
        press = Press(cmd.press_time, cmd.at, cmd.team, cmd.player, cmd.device)
        presses = state.presses.add(press)
        new = self._settle(replace(state, presses=presses, last_buzz_at=cmd.at))
        events = [Event(EventKind.BUZZ, team=cmd.team, player=cmd.player, name=state.teams[cmd.team].name,
                        margin_s=presses.margin(press), number=presses.presses.index(press))]
        now = self.asked_now(new)
        if now is not None and now != before:
            events.append(self._asked_event(new, now))
        return new, events

    def _asked_event(self, state: ShowState, press: Press) -> Event:
        return Event(EventKind.ASKED, team=press.team, player=press.player,
                     name=self.player_name(state, (press.team, press.player or 0)),
                     number=state.presses.presses.index(press), margin_s=state.presses.margin(press))

    # --- judging and who leaves -----------------------------------------------------------------------

    @handles(c.Judge)
    def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:
        press = self.asked_now(state)
        if press is None:
            raise Refused("nobody is answering")
        seat = (press.team, press.player or 0)
        duel = self.own(state)
        events = [Event(EventKind.CORRECT if cmd.correct else EventKind.WRONG, team=seat[0], player=seat[1],
                        name=self.player_name(state, seat))]
        if not cmd.correct:
            asking = replace(self.asking(state), wrong=(*self.asking(state).wrong, seat))
            bout = replace(duel.bout, streak=None if duel.bout.streak == seat else duel.bout.streak)
            new, more = self._leave(self._with(state, asking=asking, bout=bout), seat)
            events += more
            following = self.asked_now(new)
            if following is not None:
                events.append(self._asked_event(new, following))
            return new, events
        twice = duel.bout.streak == seat
        bout = replace(duel.bout, streak=seat, silent_run=0)
        new = replace(self._with(state, bout=bout, asking=replace(self.asking(state), correct_by=seat)),
                      timer=state.timer.pause(cmd.at))
        opponent = 1 - seat[0]
        facing = (opponent, seat[1])
        pool = self.choice_pool(new, opponent)
        direct = bout.in_game(facing) and not twice and not (
            facing[1] == CAPTAIN and self.rules["captain_last_on_colour"] and len(pool) > 1)
        if direct:
            new, more = self._leave(new, facing)
        elif len(pool) == 1:  # nothing to choose: the only one left (the captain, last) leaves
            new, more = self._leave(new, (opponent, pool[0]))
        else:
            new = self._settle(self._with(new, asking=replace(self.asking(new), chooser=seat)))
            more = [Event(EventKind.CHOICE, team=seat[0], player=seat[1], name=self.player_name(state, seat))]
        return new, events + more

    def choice_pool(self, state: ShowState, team: int) -> list[int]:
        """Whom an answerer may send away: the team's remaining players, the captain only when alone."""
        left = self.own(state).bout.left(team)
        others = [p for p in left if p != CAPTAIN]
        return others or left

    @handles(dc.Choose)
    def on_choose(self, state: ShowState, cmd: dc.Choose) -> Result:
        asking = self.own(state).asking
        if state.phase != Phase.CHOOSING or asking is None or asking.chooser is None:
            raise Refused("there is nothing to choose now")
        opponent = 1 - asking.chooser[0]
        seat = (opponent, cmd.player)
        if not 0 <= cmd.player < len(COLOURS) or not self.own(state).bout.in_game(seat):
            raise Refused("that player is not in the game")
        if cmd.player not in self.choice_pool(state, opponent):
            raise Refused("the captain leaves last")
        new = self._with(state, asking=replace(asking, chooser=None))
        new, events = self._leave(new, seat)
        # Who chose, for the journal: «Глеб Соколов выбирает, кто выбывает: Ирина Белова», as the projector says it.
        chooser = self.player_name(state, asking.chooser) or state.teams[asking.chooser[0]].name
        return new, [replace(e, by=chooser) if e.kind == EventKind.PLAYER_OUT else e for e in events]

    def _leave(self, state: ShowState, seat: Seat, on_answer: bool = True) -> Result:
        """A player leaves the game; a team with nobody left loses the bout at once (whoever else
        pressed is not asked: the last player standing's team wins). `on_answer`: because of an answer
        (a disqualification is not the opponent a correct answer removed)."""
        duel = self.own(state)
        bout = replace(duel.bout, out=(*duel.bout.out, seat))
        asking = duel.asking
        if on_answer and asking is not None and asking.correct_by is not None and seat[0] != asking.correct_by[0]:
            asking = replace(asking, removed=seat)
        left = len(bout.left(seat[0]))
        events = [Event(EventKind.PLAYER_OUT, team=seat[0], player=seat[1], name=self.player_name(state, seat),
                        score=left)]
        new = state
        if left == 0:
            winner = 1 - seat[0]
            bout = replace(bout, result="win", winner=winner)
            new = replace(new.add_score(winner, 1), timer=Timer())  # the score: bouts won
            name = state.teams[winner].name
            events += [Event(EventKind.MATCH_RESULT, team=winner, name=name, round=bout.number),
                       Event(EventKind.WINNER, team=winner, name=name)]
        return self._settle(self._with(new, bout=bout, asking=asking)), events

    # --- the host's other steps -------------------------------------------------------------------------

    @handles(dc.Disqualify)
    def on_disqualify(self, state: ShowState, cmd: dc.Disqualify) -> Result:
        """Seed 002, 7.8: the player leaves the game for this bout. Their press (if any) is not asked,
        the colour rules count them as gone, and a team with nobody left loses the bout."""
        phase = Phase(state.phase)
        if phase == Phase.RESULT:
            raise Refused("the bout is over: Next starts the next one")
        if phase == Phase.CHOOSING:
            raise Refused("the answerer chooses who leaves first")
        if cmd.team not in TABLES or not 0 <= cmd.player < len(COLOURS):
            raise Refused("that player is not in the game")
        seat = (cmd.team, cmd.player)
        bout = self.own(state).bout
        name = self.player_name(state, seat) or state.teams[cmd.team].name
        if not bout.in_game(seat):
            raise Refused("{name} has left the game", name=name)
        before = self.asked_now(state)
        bout = replace(bout, disqualified=(*bout.disqualified, seat),
                       streak=None if bout.streak == seat else bout.streak)
        new, events = self._leave(self._with(state, bout=bout), seat, on_answer=False)
        now = self.asked_now(new)
        if now is not None and now != before:
            events.append(self._asked_event(new, now))
        return new, events

    @handles(dc.EndEarly)
    def on_end_early(self, state: ShowState, cmd: dc.EndEarly) -> Result:
        if state.phase == Phase.RESULT:
            raise Refused("the bout is over: Next starts the next one")
        if state.phase not in (Phase.READING, Phase.THINKING):
            raise Refused("only a question nobody is answering can be ended")
        return self._close_unplayed(state, cmd.at, forced=True)

    @handles(dc.Reread)
    def on_reread(self, state: ShowState, cmd: dc.Reread) -> Result:
        asking = self.own(state).asking
        if state.phase == Phase.RESULT:  # the real reason, not «after its first reading»
            raise Refused("the bout is over: Next starts the next one")
        if not Phase(state.phase).flags.buzzers_live or asking is None or asking.read_end is None:
            raise Refused("a question is read again after its first reading")
        return self._with(state, asking=replace(asking, rereads=asking.rereads + 1)), []

    @handles(dc.Hint)
    def on_hint(self, state: ShowState, cmd: dc.Hint) -> Result:
        asking = self.own(state).asking
        if state.phase == Phase.RESULT:
            raise Refused("the bout is over: Next starts the next one")
        if not Phase(state.phase).question_on or asking is None:
            raise Refused("a hint is given while a question is played")
        text = " ".join(cmd.text.split())
        if len(text) > HINT_MAX:
            raise Refused("a hint is at most {n} characters", n=HINT_MAX)
        return self._with(state, asking=replace(asking, hint=text, hint_shown=cmd.show and bool(text))), []

    @handles(dc.Skip)
    def on_skip(self, state: ShowState, cmd: dc.Skip) -> Result:
        sheet = self.own(state).sheet
        if state.phase == Phase.RESULT:
            raise Refused("the bout is over: Next starts the next one")
        if sheet.next_slot >= len(self.order(state)):
            raise Refused("the sheet has no question left to skip")
        sheet = replace(sheet, next_slot=sheet.next_slot + 1, skipped=(*sheet.skipped, sheet.next_slot),
                        replaced=tuple(r for r in sheet.replaced if r[0] != sheet.next_slot))
        return self._with(state, sheet=sheet), []

    @handles(dc.Replace)
    def on_replace(self, state: ShowState, cmd: dc.Replace) -> Result:
        sheet = self.own(state).sheet
        if state.phase == Phase.RESULT:
            raise Refused("the bout is over: Next starts the next one")
        if sheet.next_slot >= len(self.order(state)):
            raise Refused("the sheet has no question left to replace")
        used = sheet.next_reserve  # a replacement replaced again leaves its reserve question used
        if used >= len(self.reserve):
            raise Refused("the reserve is used up")
        replaced = tuple(r for r in sheet.replaced if r[0] != sheet.next_slot) + ((sheet.next_slot, used),)
        return self._with(state, sheet=replace(sheet, replaced=replaced, next_reserve=used + 1)), []

    # --- time ---------------------------------------------------------------------------------------------

    @handles(c.TimerStart)
    def on_timer_start(self, state: ShowState, cmd: c.TimerStart) -> Result:
        raise Refused("the thinking time counts from the end of the first reading (Next)")

    @handles(c.TimerStop)
    def on_timer_stop(self, state: ShowState, cmd: c.TimerStop) -> Result:
        return self.on_timer_start(state, c.TimerStart(at=cmd.at))

    @handles(c.TimerAdd)
    def on_timer_add(self, state: ShowState, cmd: c.TimerAdd) -> Result:
        return self.on_timer_start(state, c.TimerStart(at=cmd.at))

    def on_time_up(self, state: ShowState, at: float) -> Result:
        return state, []  # the minimum is over: the host may now end the question with Next

    @handles(c.Resumed)
    def on_resumed(self, state: ShowState, cmd: c.Resumed) -> Result:
        # The minimum is a rule of show time, not a clock to hold: it goes on counting after a restart.
        return replace(state, banner=None), []
