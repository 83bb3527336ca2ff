"""The one answer to «may this seat press now, and why not» (Format.press_answer): a phone lights «ЖМИ!» exactly
when the engine would then take that seat's press, and otherwise says the engine's own reason. Walked through
every shipped show's format, every phase, with random steps and random presses (issue 35)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.core.engine import Engine
from tests.press_walk_kit import (
    SHOWS,
    expected_phases,
    phone_press,
    phone_sees,
    phone_words,
    presses_at_all,
    refusal_words,
    seats_of,
    taken,
    walk,
)

# Phases a walk of the shipped show does not reach (a tie for first place after the final: only by chance); the
# rest must be reached. A tournament day: the phases of the matches it plays.
UNREACHED = {"phones.yaml": {"shootout"}, "svoyak-teams.yaml": {"shootout"}}
MATCH_PHASES = {
    "tournament-004.yaml": {"ready", "attention", "clock", "answering", "reveal"},  # «Брейн-ринг» matches
    "tournament-001.yaml": {"melee_tables", "melee_question", "melee_answering", "clock", "answering"},
    "tournament-sprint.yaml": {"sprint_ready", "sprint_open", "sprint_answer"},
}
STEPS = {"phones.yaml": 700, "svoyak-teams.yaml": 700, "written.yaml": 1200}


def agree(show: str) -> object:
    seats = seats_of(show)
    buttons = presses_at_all(show)  # the written quiz's phones only type: their idle words say when to type

    def check(e: Engine, at: float) -> None:
        for seat in seats:
            view = phone_sees(e, seat, at)
            result = phone_press(e, seat, at)
            where = (show, e.state.phase, seat.name, view.phase, view.prompt)
            assert view.can_press == taken(result), where
            assert (view.phase == "open") == view.can_press, where
            if buttons and view.phase == "idle" and not taken(result) and e.state.settling is None:
                words = refusal_words(result, phone_words(e.format.id))
                if words is not None:  # refused: the phone says the engine's own words
                    assert view.prompt == words, (*where, words)
                else:  # taken against it (a false start): the phone says so, its button dark
                    assert view.prompt == phone_words(e.format.id).say("phone.early_hint"), where
    return check


@pytest.mark.parametrize("show", SHOWS)
def test_every_phase_of_every_shipped_format_the_phone_lights_exactly_when_a_press_is_taken(show):
    wanted = MATCH_PHASES.get(show) or expected_phases(show) - UNREACHED.get(show, set())
    w = walk(show, seed=35, steps=STEPS.get(show, 300), check=agree(show), until=wanted)
    assert wanted <= w.seen, (show, sorted(wanted - w.seen), sorted(w.seen))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(show=st.sampled_from(SHOWS), seed=st.integers(0, 2**31))
def test_random_steps_and_random_presses_never_part_the_phone_from_the_engine(show, seed):
    walk(show, seed=seed, steps=120, check=agree(show), engine_seed=seed % 1000)
