"""The format contract's seams: handlers registered by command type, the format's own state read typed, and
Next's step as data (what it does, whether the show is over) rather than a phrase key."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from quizshow.core import commands as c
from quizshow.core.format import Format, Refused, Result, Setup, handles, over, step
from quizshow.core.ladder import NextKind, Rung
from quizshow.core.match import MatchRole
from quizshow.core.phases import Phase
from quizshow.core.spec import FormatSpec
from quizshow.core.state import ShowState, Team


@dataclass(frozen=True)
class Count:
    asked: int = 0


class Counting(Format[Count]):
    """Next asks three questions, then the show is over."""

    id = "counting"
    own_type = Count

    def initial_state(self, seed: int) -> ShowState:
        return replace(super().initial_state(seed), fmt=Count())

    def ladder(self, state: ShowState) -> Rung:
        count = self.own(state)
        if count.asked >= 3:
            return over("the show is over")
        return step("next.open_question", lambda at: (replace(state, fmt=replace(count, asked=count.asked + 1)), []))

    @handles(c.Judge)
    def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:
        raise Refused("nobody is answering")


def _counting() -> Counting:
    return Counting(Setup("Счёт", (Team("Альфа", ""), Team("Бета", "")), {}))


def test_next_steps_until_the_show_is_over_then_is_refused() -> None:
    fmt = _counting()
    state = fmt.initial_state(1)
    for _ in range(3):
        assert fmt.next_action(state).kind is NextKind.GO and not fmt.next_action(state).finished
        state, _ = fmt.handle(state, c.Go(at=1.0))
    assert fmt.next_action(state).finished and fmt.own(state).asked == 3
    with pytest.raises(Refused, match="the show is over"):
        fmt.handle(state, c.Go(at=2.0))


def test_a_command_without_a_handler_is_refused_by_name() -> None:
    fmt = _counting()
    with pytest.raises(Refused, match="Buzz is not used by format counting"):
        fmt.handle(fmt.initial_state(1), c.Buzz(at=1.0, team=0))


def test_a_handler_is_found_by_its_commands_type_and_an_override_keeps_it() -> None:
    class Lenient(Counting):
        def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:  # overridden by name: still the handler
            return state, []

    fmt = Lenient(_counting().setup)
    state = fmt.initial_state(1)
    assert fmt.handle(state, c.Judge(at=1.0, correct=True))[0] is state
    with pytest.raises(Refused, match="nobody is answering"):
        _counting().handle(state, c.Judge(at=1.0, correct=True))


def test_two_handlers_for_one_command_fail_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="Judge has two handlers"):
        class Twice(Counting):
            @handles(c.Judge)
            def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:
                return state, []

            @handles(c.Judge)
            def on_verdict(self, state: ShowState, cmd: c.Judge) -> Result:
                return state, []


def test_a_show_of_another_format_is_not_read_as_this_ones() -> None:
    fmt = _counting()
    with pytest.raises(TypeError, match="format counting: the show holds NoneType, not Count"):
        fmt.own(ShowState(phase="title", teams=fmt.setup.teams))


def test_a_spec_names_the_state_its_reducer_keeps() -> None:
    class CountingPhase(Phase):
        TITLE = "title"

    assert FormatSpec(name="counting", make=Counting, phases=CountingPhase, rules={}, state=Count).state is Count
    with pytest.raises(TypeError, match="its reducer keeps Count"):
        FormatSpec(name="counting", make=Counting, phases=CountingPhase, rules={}, state=None)


def test_a_spec_with_a_match_role_needs_a_reducer_that_plays_matches() -> None:
    class CountingPhase(Phase):
        TITLE = "title"

    with pytest.raises(TypeError, match="does not implement MatchPlay"):
        FormatSpec(name="counting", make=Counting, phases=CountingPhase, rules={}, state=Count, match=MatchRole())
