"""What only some formats can do is a capability (core/capabilities.py): a caller gets it from its accessor or None,
and a spec whose own facts need one fails when it is made without it."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from quizshow import registry
from quizshow.core.capabilities import (
    MatchPlay,
    PlayerBuzzers,
    StakeAsk,
    Stakes,
    TypedAnswers,
    match_play,
    player_buzzers,
    stakes,
    typed_answers,
)
from quizshow.core.format import Format, Setup
from quizshow.core.phases import Phase, PhaseFlags
from quizshow.core.spec import FormatSpec
from quizshow.core.state import ShowState, Team


@dataclass(frozen=True)
class Pot:
    held: int = 0


class Plain(Format[Pot]):
    id = "plain"
    own_type = Pot


class Staking(Plain, Stakes):
    id = "staking"

    def stake_ask(self, state: ShowState, team: int) -> StakeAsk | None:
        return StakeAsk(1, 10, "bid")


class Lit(Plain, PlayerBuzzers):
    id = "lit"

    def player_lamps(self, state: ShowState) -> dict[tuple[int, int], str]:
        return {(0, 1): "ON"}


class PlainPhase(Phase):
    TITLE = "title"


class BiddingPhase(Phase):
    TITLE = "title"
    BIDS = "bids", PhaseFlags(amount_entry=True)


SETUP = Setup("Проба", (Team("Альфа", ""), Team("Бета", "")), {})


def test_each_format_has_the_capabilities_its_rules_give_it() -> None:
    makes = {name: registry.spec(name).make for name in registry.names()}

    def having(capability: type) -> set[str]:
        return {name for name, make in makes.items() if isinstance(make, type) and issubclass(make, capability)}

    assert having(Stakes) == {"svoyak"}
    assert having(TypedAnswers) == {"svoyak", "written"}
    assert having(PlayerBuzzers) == {"duel"}
    assert having(MatchPlay) == {"brainring", "melee", "sprint"}


def test_the_accessor_gives_the_capability_or_none() -> None:
    staking, plain, lit = Staking(SETUP), Plain(SETUP), Lit(SETUP)
    state = staking.initial_state(1)
    found = stakes(staking)
    assert found is not None and found.stake_ask(state, 0) == StakeAsk(1, 10, "bid")
    assert found.stake_held(state, 0) is None  # the protocol's default: nothing held
    assert stakes(plain) is None and typed_answers(plain) is None and match_play(plain) is None
    lamps = player_buzzers(lit)
    assert lamps is not None and lamps.player_lamps(state) == {(0, 1): "ON"} and player_buzzers(staking) is None


def test_stakes_need_a_phase_where_the_console_types_the_amount() -> None:
    assert FormatSpec(name="staking", make=Staking, phases=BiddingPhase, rules={}, state=Pot).takes_amounts()
    with pytest.raises(TypeError, match="takes stakes, but no phase has amount_entry"):
        FormatSpec(name="staking", make=Staking, phases=PlainPhase, rules={}, state=Pot)


def test_a_button_per_player_goes_with_a_lamp_per_player() -> None:
    assert FormatSpec(name="lit", make=Lit, phases=PlainPhase, rules={}, state=Pot, player_buzzers=True)
    with pytest.raises(TypeError, match="does not implement PlayerBuzzers"):
        FormatSpec(name="plain", make=Plain, phases=PlainPhase, rules={}, state=Pot, player_buzzers=True)
    with pytest.raises(TypeError, match="implements PlayerBuzzers"):
        FormatSpec(name="lit", make=Lit, phases=PlainPhase, rules={}, state=Pot)


def test_a_format_reads_another_formats_show_as_none() -> None:
    plain = Plain(SETUP)
    spec = FormatSpec(name="plain", make=Plain, phases=PlainPhase, rules={}, state=Pot)
    own = replace(plain.initial_state(1), fmt=Pot(held=5))
    other = replace(own, fmt="another format's state")
    assert plain.own_or_none(own) == Pot(held=5) and spec.state_or_none(own) == Pot(held=5)
    assert plain.own_or_none(other) is None and spec.state_or_none(other) is None
