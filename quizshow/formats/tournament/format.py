"""Format `tournament`: a tournament day (rules.md §6) as one reducer over one journal.

Between matches the event handles the draw, the schedule, results entered by hand or over OSC,
corrections and removals. «Играть следующий матч» nests the fixture's own format (any format whose
spec has a `MatchRole`, made by its spec from the stage's plan): every command of the match goes to that
format's reducer, and the shared fields of the show state are its projection. The match's result
(`Format.match_result`) flows into the day the moment the match decides it; Next after the result closes
the match.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from quizshow.core import commands as c
from quizshow.core.capabilities import MatchPlay, match_play
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Button, Format, Position, Refused, Result, Setup, handles, step, wait
from quizshow.core.ladder import FINISHED, Rung
from quizshow.core.loose import Args
from quizshow.core.presslog import Press
from quizshow.core.state import ShowState, Team
from quizshow.event import day as D
from quizshow.event.common import effective
from quizshow.event.model import Correction, Day, Fixture
from quizshow.event.model import Result as Outcome
from quizshow.formats.tournament import model as m
from quizshow.formats.tournament.model import Screen
from quizshow.formats.tournament.results import day_result
from quizshow.formats.tournament.words import fixture_code

if TYPE_CHECKING:
    from quizshow.core.spec import FormatSpec, Phase
    from quizshow.packs.model import Question


def _played(fmt: Format) -> MatchPlay:
    """The match's reducer as the day reads it: a format whose spec names a match role implements MatchPlay
    (FormatSpec checks it when the spec is made)."""
    played = match_play(fmt)
    if played is None:
        raise TypeError(f"format {fmt.id} is not played as a match")
    return played


class TournamentFormat(Format[m.EventState]):
    id = "tournament"
    own_type = m.EventState

    def __init__(self, setup: Setup, formats: Mapping[str, FormatSpec[Format, object, Phase]]) -> None:
        super().__init__(setup)
        self.formats = formats  # the formats a match may be played in, by name
        plan = setup.rules.get("plan")
        if not isinstance(plan, m.EventPlan):
            raise ValueError("a tournament is set up from its tournament file (rules['plan'])")
        self.plan = plan
        self._formats: dict[tuple[str, tuple[int, ...]], Format] = {}
        self._last_match: Format | None = None

    # --- the nested match's format -------------------------------------------------------------------

    def stage_plan(self, fixture: Fixture) -> m.StagePlan:
        found = self.plan.stages.get(fixture.stage)
        if found is None:
            raise Refused("stage {stage} has no plan in the tournament file", stage=fixture.stage)
        return found

    def match_format(self, ev: m.EventState) -> Format:
        """The format of the match being played (one instance per fixture and roster, made by its spec)."""
        assert ev.playing is not None
        fixture = self._fixture(ev.day, ev.playing)
        self._last_match = self._format_for(fixture, ev.roster)  # the one being played (its journal words)
        return self._last_match

    def _format_for(self, fixture: Fixture, roster: tuple[int, ...]) -> Format:
        key = (fixture.id, roster)
        fmt = self._formats.get(key)
        if fmt is None:
            stage = self.stage_plan(fixture)
            teams = tuple(self.team(t) for t in roster)
            spec = self.formats[stage.format]
            setup = Setup(title=f"{self.setup.title} · {fixture.id}", teams=teams, rules=dict(stage.rules),
                          pack=stage.pack, flags=spec.flags)
            fmt = self._formats[key] = spec.make(setup)
        return fmt

    @staticmethod
    def penalties(day: Day, team: int) -> int:
        """Penalty points a team earned over the day (seed 004 §6.15: three let the jury remove it)."""
        return sum(r.penalties[r.teams.index(team)] for r in day.results if team in r.teams and r.penalties)

    def team(self, index: int) -> Team:
        t = self.plan.teams[index]
        return Team(t.name, t.colour, captain=t.captain or None, players=t.players)


    def _fixture(self, day: Day, fixture_id: str) -> Fixture:
        found = D.plan(day).get(fixture_id)
        if found is None:
            raise Refused("there is no fixture {fixture} now", fixture=fixture_id)
        return found

    # --- the reducer -------------------------------------------------------------------------------------

    def initial_state(self, seed: int) -> ShowState:
        day = Day(self.plan.teams, self.plan.regulation)
        screen = Screen.DRAW if D.draw_stage(day) != "done" else Screen.STANDINGS
        return ShowState(phase=screen, teams=tuple(self.team(i) for i in range(len(self.plan.teams))), seed=seed,
                         fmt=m.EventState(day, screen=screen))

    def handle(self, state: ShowState, command: c.Command) -> Result:
        ev = self.own(state)
        own = type(command).journal_name.startswith("tournament.")
        if ev.match is not None and not own:
            if isinstance(command, c.Go):  # the match's Next, or closing it once decided (`ladder`)
                return self.ladder(state).go(command.at)
            return self._delegate(state, ev, command)
        if not own and type(command) not in self.handlers:
            raise Refused("{command} does nothing between matches: Next plays the next match",
                          command=type(command).__name__)
        return super().handle(state, command)

    def _delegate(self, state: ShowState, ev: m.EventState, command: c.Command) -> Result:
        assert ev.match is not None and ev.playing is not None
        fmt = self.match_format(ev)
        nested, events = fmt.handle(ev.match, command)
        result = day_result(_played(fmt).match_result(nested), ev.playing, ev.roster)
        day = ev.day
        kept = tuple(r for r in day.results if r.fixture != ev.playing)
        day = replace(day, results=(*kept, result) if result is not None else kept)
        notice = ev.notice
        for i, team in enumerate(ev.roster[:2]):
            # Seed 004 §6.15: the penalty that makes three is counted at once, the match still going on.
            live = self._live_penalties(fmt, nested, i) if result is None else 0
            if team not in day.removed_teams and \
                    self.penalties(day, team) + live >= self.plan.regulation.penalties_to_remove:
                notice = ("event.notice.removal", (("team", self.plan.teams[team].name), ("index", str(team))))
        return self._project(state, replace(ev, day=day, match=nested, notice=notice)), events

    @staticmethod
    def _live_penalties(fmt: Format, match: ShowState, table: int) -> int:
        """Penalty points a table's team earned in the match being played (not yet a result of the day)."""
        found = _played(fmt).match_penalties(match)
        return found[table] if table < len(found) else 0

    def _project(self, state: ShowState, ev: m.EventState) -> ShowState:
        """The show state while a match is played: its own fields, the event as `fmt`."""
        n = ev.match
        assert n is not None
        held = n.settling  # a press being settled in the match: the hall sees the day as the match shows it
        settling = None if held is None else replace(held, shown=self._project(state, replace(ev, match=held.shown)))
        return replace(self.keep(state, ev), phase=n.phase, teams=n.teams, timer=n.timer, presses=n.presses,
                       answering=n.answering, locked=n.locked, round=n.round, question=n.question, view=n.view,
                       banner=n.banner, last_buzz_at=n.last_buzz_at, settling=settling)

    def _between(self, state: ShowState, ev: m.EventState, screen: Screen | None = None) -> ShowState:
        """The show state between matches: every team, no clock, the screen asked for."""
        screen = screen or ev.screen
        ev = replace(ev, playing=None, match=None, roster=(), screen=screen)
        return ShowState(phase=screen, teams=tuple(self.team(i) for i in range(len(self.plan.teams))),
                         view=state.view, seed=state.seed, draws=state.draws, fmt=ev)

    def _decided(self, ev: m.EventState) -> bool:
        return ev.playing is not None and ev.day.result(ev.playing) is not None and ev.match is not None \
            and self.match_format(ev).next_action(ev.match).finished

    def undo_rule(self, command: c.Command, events: tuple[Event, ...]) -> tuple[bool, bool]:
        """Next starts a match, closes one or draws a number: taken back like the step it was (closing a
        match, like every recorded result, only with a confirmation)."""
        steps = {e.name for e in events if e.kind == EventKind.STAGE}
        if steps and not type(command).journal_name.startswith("tournament."):
            return True, "close" in steps
        return super().undo_rule(command, events)

    def buzzer_labels(self, state: ShowState) -> tuple[str, ...]:
        """The buzzers are the tables' (key 1 the red table, key 2 the green), between matches and in each."""
        return self.plan.tables or super().buzzer_labels(state)

    def buttons(self, state: ShowState) -> tuple[Button, ...]:
        """In a match, its buttons (the melee's red and green tables, the ring's two teams); between matches
        the day's tables."""
        ev = self.own(state)
        return self.match_format(ev).buttons(ev.match) if ev.match is not None else super().buttons(state)

    def confirm_words(self, state: ShowState, action: str, args: Args) -> dict[str, object]:
        """«Снять команду «Орион»?»: a team argument is an event team (not a table of the match played)."""
        words = dict(super().confirm_words(state, action, args))
        team = args.get("team")
        if isinstance(team, int) and 0 <= team < len(self.plan.teams):
            words["name"] = self.plan.teams[team].name
        return words

    # --- view model: the match's while one is played ------------------------------------------------------

    def current(self, state: ShowState) -> Question | None:
        ev = self.own(state)
        return self.match_format(ev).current(ev.match) if ev.match is not None else None

    def value(self, state: ShowState) -> int:
        ev = self.own(state)
        return self.match_format(ev).value(ev.match) if ev.match is not None else 0

    def winner(self, state: ShowState) -> list[int]:
        ev = self.own(state)
        return self.match_format(ev).winner(ev.match) if ev.match is not None else []

    def false_start_line(self, state: ShowState) -> float | None:
        ev = self.own(state)
        return self.match_format(ev).false_start_line(ev.match) if ev.match is not None else None

    def answering_teams(self, state: ShowState) -> frozenset[int]:
        ev = self.own(state)
        return self.match_format(ev).answering_teams(ev.match) if ev.match is not None else frozenset()

    def teams_out(self, state: ShowState) -> frozenset[int]:
        """The match's teams out for good (the melee's who have left): the console dims them, «выбыл(и)»."""
        ev = self.own(state)
        return self.match_format(ev).teams_out(ev.match) if ev.match is not None else frozenset()

    def buttons_answering(self, state: ShowState) -> int | None:
        ev = self.own(state)
        return self.match_format(ev).buttons_answering(ev.match) if ev.match is not None else None

    def buttons_locked(self, state: ShowState) -> frozenset[int]:
        ev = self.own(state)
        return self.match_format(ev).buttons_locked(ev.match) if ev.match is not None else frozenset()

    def seat_button(self, state: ShowState, team: int, player: int | None) -> tuple[int, int | None]:
        """An event team's own buzzer (a phone) presses its button in the match it plays (its table, the melee's
        table it sits at); between matches, and for a team not in the match, none."""
        ev = self.own(state)
        if ev.match is None or team not in ev.roster:
            name = self.plan.teams[team].name if 0 <= team < len(self.plan.teams) else str(team + 1)
            raise Refused("{name} plays no match now", name=name)
        return self.match_format(ev).seat_button(ev.match, ev.roster.index(team), player)

    def seat_score(self, state: ShowState, team: int) -> int | None:
        """An event team's score in the match it plays (none between matches)."""
        ev = self.own(state)
        if ev.match is None or team not in ev.roster:
            return None
        return self.match_format(ev).seat_score(ev.match, ev.roster.index(team))

    def answering_seat(self, state: ShowState) -> tuple[int, int | None] | None:
        ev = self.own(state)
        return self.match_format(ev).answering_seat(ev.match) if ev.match is not None else None

    def waiting_presses(self, state: ShowState) -> tuple[Press, ...]:
        ev = self.own(state)
        return self.match_format(ev).waiting_presses(ev.match) if ev.match is not None else ()

    def ladder(self, state: ShowState) -> Rung:
        ev = self.own(state)
        if ev.match is not None:
            if self._decided(ev):  # closing it shows the draw while numbers are still to draw (after the melee)
                return step("next.close_match_draw" if D.draw_stage(ev.day) != "done" else "next.close_match",
                            lambda at: self.on_close(state, m.Close(at=at)))
            played = self.match_format(ev).ladder(ev.match)  # the match's own Next, its result kept by the day
            return Rung(played.step, lambda at: self._delegate(state, ev, c.Go(at=at)))
        stage = D.draw_stage(ev.day)
        if stage == "pick":
            return wait("next.pick", "the melee winner picks its opponent first")
        if stage == "lot":
            return step("next.draw", lambda at: self.on_draw(state, m.Draw(at=at)))

        def play(at: float) -> Result:
            return self.on_play(state, m.Play(at=at))
        if stage == "melee":
            return step("next.play_melee", play)
        if D.next_fixture(ev.day) is None:  # the day is over (Next says there is no match to play)
            return Rung(FINISHED, play)
        return step("next.play_match", play)

    def command_words(self, command: c.Command, events: tuple[Event, ...]) -> tuple[str, dict[str, object]] | None:
        """A match's own words (the ring's «Время вышло: …», «Начат бой 2»), as the match format says them: the
        match last asked for is the one being played (its words need no state). The day's own steps (a STAGE
        event: a match begun, a lot drawn) keep the day's words."""
        match = self._last_match
        begun = next((e.name for e in events if e.kind == EventKind.STAGE and e.name in ("play", "play_all")), None)
        if begun is not None:  # «матч О1: Альфа — Бета»: the fixture's code in the console's words
            named = next((e.name for e in events if e.kind == EventKind.ROUND_START and e.name), "")
            fid, _, names = named.partition(": ")
            if begun == "play_all":
                return ("journal.stage.play_melee", {}) if fid.startswith("M") else \
                    ("journal.stage.play_all", {"who": lambda _events, words: fixture_code(fid, words)})
            return "journal.stage.play", {"who": lambda _events, words: f"{fixture_code(fid, words)}: {names}"}
        if match is None or any(e.kind == EventKind.STAGE for e in events):
            return None
        return match.command_words(command, events)

    def position(self, state: ShowState) -> Position:
        ev = self.own(state)
        if ev.match is not None:
            return self.match_format(ev).position(ev.match)
        # between matches: no round («жеребьёвка», never «жеребьёвка, раунд 1»): a day is played in matches
        return {"round": len(ev.day.results), "round_key": None, "question": None, "value": 0,
                "of": len(D.plan(ev.day).fixtures)}

    # --- between matches ------------------------------------------------------------------------------------

    @handles(m.Play)
    def on_play(self, state: ShowState, cmd: m.Play) -> Result:
        ev = self.own(state)
        if ev.match is not None:
            raise Refused("a match is being played")
        plan = D.plan(ev.day)
        fixture = plan.get(cmd.fixture) if cmd.fixture else D.next_fixture(ev.day, plan)
        if fixture is None:
            raise Refused("there is no match to play now" if not cmd.fixture else "there is no fixture {fixture} now",
                          fixture=cmd.fixture)
        if effective(ev.day, fixture) is not None:
            raise Refused("{fixture} has a result already", fixture=fixture.id)
        role = self.formats[self.stage_plan(fixture).format].match
        tables = role.tables if role is not None else 0
        if tables and len(fixture.teams) != tables:
            raise Refused("{fixture} is played by {n} teams: enter its result by hand", fixture=fixture.id,
                          n=len(fixture.teams))
        roster = fixture.teams
        if role is not None and role.onlookers and self.plan.regulation.name == "seed-001":
            # The other teams hand in written answers (seed 001 §6: the «Команда за столом» prize).
            roster += tuple(t for t in range(len(self.plan.teams)) if t not in fixture.teams
                            and t not in ev.day.removed_teams)
        fmt = self._format_for(fixture, roster)
        seed = zlib.crc32(f"{state.seed}:{fixture.id}:{len(ev.corrections)}".encode())
        nested = fmt.initial_state(seed)
        ev = replace(ev, playing=fixture.id, match=nested, roster=roster, notice=None)
        two = len(fixture.teams) == 2
        names = f"{fixture.id}: " + " — ".join(self.plan.teams[t].name for t in fixture.teams) if two else fixture.id
        # the journal: «Далее: матч A2: Альфа — Бета», «Далее: начата «Куча мала» (M0)»
        return self._project(state, ev), [Event(EventKind.STAGE, name="play" if two else "play_all"),
                                          Event(EventKind.ROUND_START, name=names)]

    @handles(m.Close)
    def on_close(self, state: ShowState, cmd: m.Close) -> Result:
        ev = self.own(state)
        if ev.match is None or ev.playing is None:
            raise Refused("no match is being played")
        if ev.day.result(ev.playing) is None:
            raise Refused("the match has no result yet")
        to_draw = D.draw_stage(ev.day) != "done"
        screen = Screen.DRAW if to_draw else Screen.STANDINGS
        return self._between(state, ev, screen), [Event(EventKind.STAGE, name="close_draw" if to_draw else "close")]

    @handles(m.Draw)
    def on_draw(self, state: ShowState, cmd: m.Draw) -> Result:
        ev = self.own(state)
        if D.draw_stage(ev.day) != "lot":
            raise Refused("there is nothing to draw now")
        day = ev.day
        if not day.order:
            day = replace(day, order=D.start_order(day))
        team = D.draw_one(day, state.seed)
        day = replace(day, order=(*day.order, team))
        screen = Screen.DRAW if len(day.order) < len(day.teams) else ev.screen
        lot = Event(EventKind.LOT, team=team, name=self.plan.teams[team].name, points=len(day.order))
        return self._between(state, replace(ev, day=day), screen), [Event(EventKind.STAGE, name="draw"), lot]

    @handles(m.Pick)
    def on_pick(self, state: ShowState, cmd: m.Pick) -> Result:
        ev = self.own(state)
        if D.draw_stage(ev.day) != "pick":
            raise Refused("there is nothing to pick now")
        first = D.melee_winner(ev.day)
        if not 0 <= cmd.team < len(self.plan.teams) or cmd.team == first:
            raise Refused("the melee winner cannot pick {name}", name=str(cmd.team + 1))
        day = replace(ev.day, picked=cmd.team, order=(first, cmd.team) if first is not None else ())
        return self._between(state, replace(ev, day=day), Screen.DRAW), []

    def _outcome(self, ev: m.EventState, fixture: Fixture, cmd: m.Enter | m.Correct, source: str) -> Outcome:
        try:
            scores, order = m.numbers(cmd.scores, ":"), m.numbers(cmd.order, ",")
        except ValueError:
            raise Refused("a result is two scores, one per team") from None
        if fixture.stage == "melee" or (len(fixture.teams) != 2):
            # The order of its teams (a melee: its winner at least), or a play-off's score for each team.
            good_order = bool(order) and len(set(order)) == len(order) and set(order) <= set(fixture.teams)
            if not good_order and len(scores) != len(fixture.teams):
                raise Refused("a melee or play-off result is the order of its teams")
            return Outcome(fixture.id, fixture.teams, scores if not good_order else (), "win",
                           order[0] if good_order else None, order=order if good_order else (), source=source)
        if len(scores) != 2 or min(scores) < 0:
            raise Refused("a result is two scores, one per team")
        winner = cmd.winner
        outcome = cmd.outcome or ("win" if scores[0] != scores[1] or winner is not None else "draw")
        if outcome == "win" and winner is None and scores[0] != scores[1]:
            winner = fixture.teams[0] if scores[0] > scores[1] else fixture.teams[1]
        if outcome == "win" and winner not in fixture.teams:
            raise Refused("the winner must be one of the two teams")
        if outcome == "draw" and fixture.stage not in ("group", "replay"):
            raise Refused("{fixture} needs a winner", fixture=fixture.id)
        if outcome in ("draw", "disqualified"):
            winner = None
        if outcome not in ("win", "draw", "disqualified"):
            raise Refused("the outcome is win, draw or disqualified")
        return Outcome(fixture.id, fixture.teams, scores, outcome, winner, order=order, source=source)

    @handles(m.Enter)
    def on_enter(self, state: ShowState, cmd: m.Enter) -> Result:
        ev = self.own(state)
        fixture = self._fixture(ev.day, cmd.fixture)
        if effective(ev.day, fixture) is not None:
            raise Refused("{fixture} has a result already", fixture=fixture.id)
        if ev.playing == fixture.id:
            raise Refused("{fixture} is being played here", fixture=fixture.id)
        result = self._outcome(ev, fixture, cmd, cmd.source if cmd.source in ("hand", "osc") else "hand")
        ev = replace(ev, day=replace(ev.day, results=(*ev.day.results, result)))
        # the journal: «Результат A2: Альфа 2:1 Бета» (the STAGE event: the command's own words speak)
        return self._keep(state, ev), [Event(EventKind.STAGE, name="enter"),
                                       Event(EventKind.MATCH_RESULT, name=self.said(result))]

    def said(self, result: Outcome | None) -> str:
        """A result in a few words: «Альфа 2:1 Бета», a melee's order «Альфа › Бета › …», «—» (voided)."""
        if result is None:
            return "—"
        names = [self.plan.teams[t].name for t in result.teams]
        if result.order:
            return " › ".join(self.plan.teams[t].name for t in result.order)
        if len(names) == 2 and len(result.scores) == 2:
            return f"{names[0]} {result.scores[0]}:{result.scores[1]} {names[1]}"
        return ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=False))

    @handles(m.Correct)
    def on_correct(self, state: ShowState, cmd: m.Correct) -> Result:
        ev = self.own(state)
        before = ev.day.result(cmd.fixture)
        if before is None:
            raise Refused("{fixture} has no result to correct", fixture=cmd.fixture)
        if not cmd.reason.strip():
            raise Refused("a correction needs its reason")
        fixture = Fixture(before.fixture, self._stage_of(ev.day, before), before.teams)
        after = None if cmd.outcome == "void" else self._outcome(ev, fixture, cmd, "corrected")
        kept = tuple(r for r in ev.day.results if r.fixture != cmd.fixture)
        day = replace(ev.day, results=kept + ((after,) if after is not None else ()))
        changes = D.describe_changes(ev.day, day)
        frozen = tuple((key, tuple((k, str(v)) for k, v in values.items())) for key, values in changes)
        ev = replace(ev, day=day, corrections=(*ev.corrections, Correction(cmd.fixture, before, after, cmd.reason)),
                     changes=frozen)
        return self._keep(state, ev), [Event(EventKind.STAGE, name="correct"),
                                       Event(EventKind.MATCH_RESULT, name=self.said(after))]

    def _stage_of(self, day: Day, result: Outcome) -> str:
        found = D.plan(day).get(result.fixture)
        if found is not None:
            return found.stage
        return "melee" if result.fixture.startswith("M") else "playoff" if result.fixture.startswith("PO") \
            else "replay" if result.fixture.startswith("R") else "qualifying"

    @handles(m.Remove)
    def on_remove(self, state: ShowState, cmd: m.Remove) -> Result:
        ev = self.own(state)
        if not 0 <= cmd.team < len(self.plan.teams):
            raise Refused("there is no team {n}", n=cmd.team + 1)
        if cmd.team in ev.day.removed_teams:
            raise Refused("{name} is removed already", name=self.plan.teams[cmd.team].name)
        knockout = any(f.stage not in ("melee", "qualifying", "group", "playoff", "replay")
                       for f in D.plan(ev.day).fixtures)
        stage = "later" if knockout else "first"
        day = replace(ev.day, removed=(*ev.day.removed, (cmd.team, cmd.reason, stage)))
        ev, events = self._removed_at_table(replace(ev, day=day, notice=None), cmd.team)
        return self._keep(state, ev), events

    def _removed_at_table(self, ev: m.EventState, team: int) -> tuple[m.EventState, list[Event]]:
        """A team removed while it plays here (§6.15: the jury need not wait for the match to end): the
        match ends at once, won by the other table, its result recorded as played so far."""
        if ev.match is None or ev.playing is None or team not in ev.roster[:2] or ev.day.result(ev.playing):
            return ev, []
        fmt = self.match_format(ev)
        table = ev.roster.index(team)
        # over the day, this match's included
        penalties = self.penalties(ev.day, team) + self._live_penalties(fmt, ev.match, table)
        ended = _played(fmt).forfeit(ev.match, table, penalties)
        if ended is None:
            return ev, []
        nested, events = ended
        result = day_result(_played(fmt).match_result(nested), ev.playing, ev.roster)
        day = replace(ev.day, results=(*ev.day.results, result) if result is not None else ev.day.results)
        return replace(ev, day=day, match=nested), [Event(EventKind.TEAM_REMOVED, team=table, points=penalties,
                                                          name=self.plan.teams[team].name), *events]

    @handles(c.ScoreAdd)
    def on_score_add(self, state: ShowState, cmd: c.ScoreAdd) -> Result:
        raise Refused("scores are kept by the matches; correct a result instead")

    @handles(c.ScoreSet)
    def on_score_set(self, state: ShowState, cmd: c.ScoreSet) -> Result:
        raise Refused("scores are kept by the matches; correct a result instead")

    @handles(m.Show)
    def on_show(self, state: ShowState, cmd: m.Show) -> Result:
        ev = self.own(state)
        try:
            screen = Screen(cmd.screen)
        except ValueError:
            raise Refused("there is no screen {screen}", screen=cmd.screen) from None
        if ev.match is not None:
            raise Refused("a match is being played")
        return self._between(state, ev, screen), []

    def _keep(self, state: ShowState, ev: m.EventState) -> ShowState:
        """The event changed while (or without) a match being played here. A result coming in after the
        draw is complete brings the standings up (the draw has been seen)."""
        if ev.match is not None:
            return self._project(state, ev)
        done = ev.screen == Screen.DRAW and D.draw_stage(ev.day) == "done" and ev.day.results
        return self._between(state, ev, Screen.STANDINGS if done else None)

