"""Format `melee`: «Куча мала» (rules.md §3, seed 001 §2).

One player from each team, split by lot between the red and the green table. A question is asked; the
players of the table that did not answer correctly leave; the winning table is split again, until one
player remains. Phases: melee_title → melee_tables (the split shown) → melee_question (the tables'
buttons live) ⇄ melee_answering → melee_tables … → melee_result.

A press names a table, not a team: `Buzz.team` 0 is the red table, 1 the green one (the boxes of a
«Брейн-ринг» hall). The tables live in the melee's own state (`Melee.answering`, `Melee.locked`); the shared
fields hold teams, as everywhere: `ShowState.locked` the teams seated at a table that answered wrong,
`ShowState.answering` None (a table answers, not one team: `answering_teams` names them). Where the seed is
silent (docs/tournament.md): a wrong answer locks that table out and the other may still answer; if neither
answers correctly nobody leaves and the next question is asked to the same tables.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from quizshow.core import commands as c
from quizshow.core import phases
from quizshow.core.capabilities import MatchPlay
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Button, Format, Position, Refused, Result, Setup, handles, over, step, wait
from quizshow.core.ladder import Rung
from quizshow.core.match import MatchResult
from quizshow.core.state import ShowState
from quizshow.formats.melee.commands import Decide
from quizshow.packs.model import Question

RED, GREEN = 0, 1
LIVE = phases.PhaseFlags(buzzers_live=True, lamps_live=True)


class Phase(phases.Phase):
    """Where the melee stands (its names are prefixed: a tournament nests it beside «Брейн-ринг»)."""

    TITLE = "melee_title"
    TABLES = "melee_tables"  # the split shown
    QUESTION = "melee_question", LIVE  # the tables' buttons live
    ANSWERING = "melee_answering", LIVE
    RESULT = "melee_result"

# What Next does in each phase (the console's «ДАЛЕЕ»).
@dataclass(frozen=True)
class Round:
    red: tuple[int, ...]
    green: tuple[int, ...]
    won_by: int | None = None  # the table that answered correctly (RED / GREEN)


@dataclass(frozen=True)
class Melee:
    red: tuple[int, ...] = ()  # teams whose player sits at the red table
    green: tuple[int, ...] = ()
    rounds: tuple[Round, ...] = ()  # every question asked, in order
    out: tuple[tuple[int, int], ...] = ()  # (team, the question after which its player left)
    answering: int | None = None  # the table answering now
    locked: frozenset[int] = frozenset()  # tables that answered wrong on this question
    winner: int | None = None
    splits: int = 0  # how many splits by lot were drawn (the seeded stream's position)

    def table(self, side: int) -> tuple[int, ...]:
        return self.red if side == RED else self.green

    def order(self) -> tuple[int, ...]:
        """Teams from first to last: the winner, then those who left later before those who left earlier."""
        left = [t for t, _ in sorted(self.out, key=lambda x: -x[1])]
        return ((self.winner,) if self.winner is not None else ()) + tuple(left)


class MeleeFormat(Format[Melee], MatchPlay):
    id = "melee"
    own_type = Melee

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        pack = setup.pack  # optional: the host may read from paper; with a pack the console shows each question
        self.questions: list[Question] = [q for r in pack.playing_rounds for q in r.all_questions] + \
            list(pack.reserve) if pack else []

    def current(self, state: ShowState) -> Question | None:
        """The pack's question k for the melee's question k (in order, then its reserve), while it is asked."""
        if state.phase not in (Phase.QUESTION, Phase.ANSWERING):
            return None
        asked = len(self.own(state).rounds)
        return self.questions[asked] if asked < len(self.questions) else None

    def command_words(self, command: c.Command, events: tuple[Event, ...]) -> tuple[str, dict[str, object]] | None:
        """A table's press names the table first, its teams after it: «Первое нажатие: красный стол (Атланты,
        Гамма)», never «Первое нажатие: Атланты, Гамма» (read as four teams pressing)."""
        press = next((e for e in events if e.kind == EventKind.BUZZ), None)
        if not isinstance(command, c.Buzz) or press is None or press.team not in (RED, GREEN):
            return None
        return ("melee.journal_buzz_red" if press.team == RED else "melee.journal_buzz_green"), {"who": press.name}

    @staticmethod
    def seated(state: ShowState, m: Melee, side: int) -> str:
        """The teams whose players sit at a table, by name (what a journal line names for a table)."""
        return ", ".join(state.teams[t].name for t in m.table(side))

    def initial_state(self, seed: int) -> ShowState:
        return replace(self.keep(super().initial_state(seed), Melee()), phase=Phase.TITLE)


    def _split(self, state: ShowState, players: tuple[int, ...], m: Melee) -> Melee:
        """Split by lot (seeded from the journal: a replay splits the same); red takes the odd one."""
        rng = random.Random(f"{state.seed}:melee:{m.splits}")
        shuffled = list(players)
        rng.shuffle(shuffled)
        half = (len(shuffled) + 1) // 2
        return replace(m, red=tuple(sorted(shuffled[:half])), green=tuple(sorted(shuffled[half:])),
                       splits=m.splits + 1, answering=None, locked=frozenset())

    def buttons_answering(self, state: ShowState) -> int | None:
        """Buttons 1 and 2 are the red and the green table: the answering table's lamp lights."""
        return self.own(state).answering

    def buttons_locked(self, state: ShowState) -> frozenset[int]:
        return self.own(state).locked

    def seat_button(self, state: ShowState, team: int, player: int | None) -> tuple[int, int | None]:
        """A player's own buzzer (a phone) presses for the table the player sits at."""
        m = self.own(state)
        if team in self.teams_out(state):
            raise Refused("{name} has left the melee", name=state.teams[team].name)
        if team in m.red or team in m.green:
            return (RED if team in m.red else GREEN), None
        raise Refused("{name} is not at a table", name=state.teams[team].name)

    def buttons(self, state: ShowState) -> tuple[Button, ...]:
        """Button 1 is the red table's, button 2 the green one's; no other presses."""
        return Button("melee.button_red", phrase=True), Button("melee.button_green", phrase=True)

    def answering_teams(self, state: ShowState) -> frozenset[int]:
        """The teams whose players sit at the answering table."""
        m = self.own(state)
        return frozenset(m.table(m.answering)) if m.answering is not None else frozenset()

    def teams_out(self, state: ShowState) -> frozenset[int]:
        """The teams whose player has left the melee (after a question the other table answered)."""
        return frozenset(t for t, _ in self.own(state).out)

    @staticmethod
    def out_teams(m: Melee) -> frozenset[int]:
        """The teams out of this question: seated at a table that answered it wrong."""
        return frozenset(t for side in m.locked for t in m.table(side))

    def winner(self, state: ShowState) -> list[int]:
        w = self.own(state).winner
        return [] if w is None else [w]

    def match_result(self, state: ShowState) -> MatchResult | None:
        """Played in a tournament: every team, ranked (the winner first), once one player is left."""
        m = self.own(state)
        if m.winner is None:
            return None
        return MatchResult(tuple(range(len(state.teams))), order=m.order(), winner=m.winner)

    def position(self, state: ShowState) -> Position:
        """The question the projector names («Вопрос 5»): the one asked now, else the last one asked; no round,
        no «из ∞» (the melee runs until one player is left)."""
        m = self.own(state)
        shown = len(m.rounds) + (1 if state.phase in (Phase.QUESTION, Phase.ANSWERING) else 0)
        return {"round": 0, "round_key": None, "question": shown - 1 if shown else None,
                "question_key": "melee.question_no", "value": 0}

    def ladder(self, state: ShowState) -> Rung:
        m = self.own(state)
        if state.phase == Phase.TITLE:
            if len(state.teams) < 2:
                return wait("next.melee_split", "a melee needs two players at least")
            return step("next.melee_split", lambda at: (replace(
                self.keep(state, self._split(state, tuple(range(len(state.teams))), m)), phase=Phase.TABLES), []))
        if state.phase == Phase.TABLES:
            return step("next.melee_question", lambda at: (replace(
                self.keep(state, replace(m, answering=None, locked=frozenset())), phase=Phase.QUESTION, answering=None,
                locked=frozenset()), []))
        if state.phase == Phase.QUESTION:  # nobody answered: the same tables, the next question
            return step("next.melee_nobody", lambda at: self._asked(state, None))
        if state.phase == Phase.ANSWERING:
            return wait("next.judge_first", "judge the answer first")
        return over("the melee is over")

    @handles(c.Buzz)
    def on_buzz(self, state: ShowState, cmd: c.Buzz) -> Result:
        m = self.own(state)
        if state.phase != Phase.QUESTION:
            raise Refused("buzzers are closed")
        if cmd.team not in (RED, GREEN):
            raise Refused("there is no team {n}", n=cmd.team + 1)
        if cmd.team in m.locked:
            raise Refused("that table has answered this question")
        new = replace(self.keep(state, replace(m, answering=cmd.team)), phase=Phase.ANSWERING, answering=None,
                      last_buzz_at=cmd.at)
        return new, [Event(EventKind.BUZZ, team=cmd.team, name=self.seated(state, m, cmd.team))]

    @handles(c.Judge)
    def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:
        m = self.own(state)
        if state.phase != Phase.ANSWERING or m.answering is None:
            raise Refused("nobody is answering")
        side = m.answering
        if cmd.correct:
            return self._asked(state, side)
        locked = m.locked | {side}
        wrong = [Event(EventKind.WRONG, team=side, name=self.seated(state, m, side))]
        if len(locked) == 2:  # both tables wrong: nobody leaves
            new, events = self._asked(self.keep(state, replace(m, locked=locked)), None)
            return new, wrong + events
        m = replace(m, answering=None, locked=locked)
        new = replace(self.keep(state, m), phase=Phase.QUESTION, answering=None, locked=self.out_teams(m))
        return new, wrong

    @handles(Decide)
    def on_decide(self, state: ShowState, cmd: Decide) -> Result:
        if state.phase not in (Phase.QUESTION, Phase.ANSWERING, Phase.TABLES):
            raise Refused("there is no question to decide")
        if cmd.side not in (RED, GREEN):
            raise Refused("there is no team {n}", n=cmd.side + 1)
        return self._asked(state, cmd.side)

    def _asked(self, state: ShowState, won_by: int | None) -> Result:
        """A question is over: the other table leaves (if one answered), the winners split again."""
        m = self.own(state)
        rounds = (*m.rounds, Round(m.red, m.green, won_by))
        m = replace(m, rounds=rounds, answering=None, locked=frozenset())
        if won_by is None:
            return replace(self.keep(state, m), phase=Phase.TABLES, answering=None, locked=frozenset()), []
        stay, leave = m.table(won_by), m.table(1 - won_by)
        m = replace(m, out=(*m.out, *((t, len(rounds)) for t in leave)))
        events = [Event(EventKind.CORRECT, team=won_by, name=self.seated(state, m, won_by))]
        if len(stay) == 1:
            m = replace(m, winner=stay[0], red=stay if won_by == RED else (), green=stay if won_by == GREEN else ())
            name = state.teams[stay[0]].name
            return replace(self.keep(state, m), phase=Phase.RESULT, answering=None, locked=frozenset()), \
                events + [Event(EventKind.WINNER, team=stay[0], name=name)]
        m = self._split(state, stay, m)
        return replace(self.keep(state, m), phase=Phase.TABLES, answering=None, locked=frozenset()), events
