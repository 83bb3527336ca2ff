"""«Брейн-ринг» discipline and disputes (rules.md §2): captain's questions, repeats, appeals, audience
hints, penalty points, the withdrawal of a question, and the «Команда за столом» tally.

Each is a console action, journalled and undoable like any other command.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format, Refused, Result, handles
from quizshow.core.state import ShowState
from quizshow.formats.brainring import commands as bc
from quizshow.formats.brainring.model import TABLES, Phase, Record, Ring

LIMITS = {"captain_question": ("captain_questions", "captain_questions"), "repeat": ("repeats", "repeats")}


class DisciplineRules(Format[Ring]):
    """Discipline and disputes: a part of BrainringFormat, which provides what is declared below."""

    if TYPE_CHECKING:  # what this part uses of the brainring format (formats/brainring/format.py)
        def ready(self, state: ShowState, ring: Ring | None = None, reserve: bool = False) -> ShowState: ...

        def finish(self, state: ShowState, result: str, winner: int | None) -> Result: ...

        def stall(self, state: ShowState, cmd: c.Discipline) -> Result: ...

    @handles(c.Discipline)
    def on_discipline(self, state: ShowState, cmd: c.Discipline) -> Result:
        if state.phase in (Phase.TITLE, Phase.RESULT):
            raise Refused("the match is not running")
        self.check_team(state, cmd.team)
        if cmd.what == "audience_hint" and cmd.team not in TABLES:
            return self._hall_hint(state, cmd.team)
        if cmd.what == "stall":
            return self.stall(state, cmd)
        if cmd.team not in TABLES:
            raise Refused("{name} is not at a table", name=state.teams[cmd.team].name)
        ring = self.own(state)
        record = ring.record(cmd.team)
        what = cmd.what
        if what in LIMITS:
            field, limit_name = LIMITS[what]
            used, limit = getattr(record, field), int(self.rules[limit_name])
            if used >= limit:
                raise Refused("the limit is {n} a game", n=limit)
            return self._record(state, cmd.team, replace(record, **{field: used + 1})), []
        if what in ("appeal_accepted", "appeal_rejected"):
            if record.appeals_lost:
                raise Refused("this team has lost the right to appeal")
            if record.appeals >= int(self.rules["appeals"]) + record.extra_appeals:
                raise Refused("no appeals left")
            record = replace(record, appeals=record.appeals + 1, appeals_lost=what == "appeal_rejected")
            return self._record(state, cmd.team, record), []
        if what == "audience_hint":
            record = replace(record, hints=record.hints + 1)
            return self._fine(self._record(state, cmd.team, record), cmd.team, record.hints)
        if what == "penalty":
            return self._penalty(state, cmd.team, record)
        raise Refused("unknown discipline step {what}", what=what)

    def _hall_hint(self, state: ShowState, team: int) -> Result:
        """Seed 001 §8.F: the team that hinted is fined — usually a team in the hall, not at a table."""
        ring = self.own(state)
        hints = dict(ring.hall_hints).get(team, 0) + 1
        hall = tuple((t, n) for t, n in ring.hall_hints if t != team) + ((team, hints),)
        return self._fine(self.keep(state, replace(ring, hall_hints=hall)), team, hints)

    def _fine(self, state: ShowState, team: int, hints: int) -> Result:
        """1 point for the first hint, 5 for every later one; the question remembers who hinted."""
        fine = int(self.rules["hint_fine_first" if hints == 1 else "hint_fine_next"])
        ring = self.own(state)
        new = self.keep(state, replace(ring, hinted=ring.hinted | {team})).add_score(team, -fine)
        return new, [Event(EventKind.SCORE, team=team, points=-fine, score=new.teams[team].score)]

    def _penalty(self, state: ShowState, team: int, record: Record) -> Result:
        """First the team loses its appeals, then a game point; at the limit it is removed."""
        record = replace(record, penalties=record.penalties + 1)
        if record.penalties == 1:
            record = replace(record, appeals_lost=True)
        new = self._record(state, team, record)
        taken = 1 if record.penalties == 2 else 0
        new = new.add_score(team, -taken)
        # Every penalty point says which it is (number) and what it cost, for the journal's line (last: a
        # removal speaks first where a format's words are not asked).
        score = Event(EventKind.SCORE, team=team, points=-taken, score=new.teams[team].score,
                      number=record.penalties, name=state.teams[team].name)
        events: list[Event] = []
        if record.penalties >= int(self.rules["penalties_to_remove"]):
            new = self._record(new, team, replace(record, removed=True, removed_for=record.penalties))
            events.append(Event(EventKind.TEAM_REMOVED, team=team, name=state.teams[team].name,
                                points=record.penalties))  # points: the penalty points, for the journal
            new, more = self.finish(new, "removed", 1 - team)
            events += more
        return new, [*events, score]

    def _record(self, state: ShowState, team: int, record: Record) -> ShowState:
        return self.keep(state, self.own(state).with_record(team, record))

    @handles(bc.Withdraw)
    def on_withdraw(self, state: ShowState, cmd: bc.Withdraw) -> Result:
        """The question is taken back; the next reserve question replaces it (announced afresh)."""
        if state.phase in (Phase.TITLE, Phase.RESULT):
            raise Refused("there is no question to withdraw")
        ring = self.own(state)
        if cmd.extra_appeal is not None:  # a team of the hall (a tally team) has no appeals to add to
            self.check_team(state, cmd.extra_appeal)
            if cmd.extra_appeal not in TABLES:
                raise Refused("{name} is not at a table: no extra appeal", name=state.teams[cmd.extra_appeal].name)
        # After an audience hint the team(s) at the table that did not hint get an extra appeal (seed 001 §8.F).
        given = (cmd.extra_appeal,) if cmd.extra_appeal is not None else \
            tuple(t for t in TABLES if ring.hinted and t not in ring.hinted)
        for team in given:
            record = ring.record(team)
            ring = ring.with_record(team, replace(record, extra_appeals=record.extra_appeals + 1))
        for scorer, points in ring.points_given:
            state = state.add_score(scorer, -points)
        return self.ready(state, ring, reserve=True), []

    @handles(bc.Tally)
    def on_tally(self, state: ShowState, cmd: bc.Tally) -> Result:
        self.check_team(state, cmd.team)
        if cmd.team in TABLES:
            raise Refused("{name} plays at a table", name=state.teams[cmd.team].name)
        if state.phase not in (Phase.ATTENTION, Phase.CLOCK, Phase.ANSWERING, Phase.REVEAL):
            raise Refused("written answers are counted while a question is played")
        ring = self.own(state)
        mark = (ring.number, cmd.team)
        if mark in ring.tally:
            raise Refused("already counted")
        return self.keep(state, replace(ring, tally=ring.tally | {mark})), []
