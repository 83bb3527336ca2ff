"""The slack the press clamp grants a phone: its best round trip of the last two minutes, never over the cap; a
phone whose clock the show cannot trust is judged by arrival. The same answer places a typed answer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quizshow.inputs.phones.clock import MAX_CLAIM_S, RTT_CAP_S, SLACK_S, SPAN_S, ClockEstimate


def phone(rtts: list[float], start: float = 100.0, every: float = 2.0) -> ClockEstimate:
    """A phone whose clock equals the show's, answering each ping after `rtt` (symmetric trips)."""
    clock = ClockEstimate()
    for i, rtt in enumerate(rtts):
        s0 = start + i * every
        clock.add(s0, s0 + rtt, (s0 + rtt / 2) * 1000)
    return clock


def test_a_phone_that_turns_late_keeps_the_slack_of_its_quick_round_trips_for_two_minutes():
    clock = phone([0.02] * 24 + [1.8] * 20)  # quick while joining, then 1.8 s late (40 s)
    arrival = 100.0 + 44 * 2.0
    assert clock.rtt == pytest.approx(1.8)  # the round trip shown: the best of the last 16
    assert clock.clamp_rtt(arrival) == pytest.approx(0.02)
    when = clock.press_time(0.0, arrival)  # a claim from long ago
    assert arrival - when.at == pytest.approx(0.01 + SLACK_S)
    assert clock.trusted(arrival)
    later = arrival + SPAN_S  # two minutes on, only late samples are recent: its clock is not trusted
    clock.add(later - 1.8, later, (later - 0.9) * 1000)
    assert not clock.trusted(later)


def test_a_phone_whose_best_round_trip_is_over_the_cap_is_judged_by_arrival():
    within, over = phone([RTT_CAP_S * 0.95] * 10), phone([RTT_CAP_S * 1.05] * 10)
    arrival = 140.0
    kept = within.press_time(0.0, arrival)
    assert kept.trusted and arrival - kept.at == pytest.approx(RTT_CAP_S * 0.95 / 2 + SLACK_S)
    judged = over.press_time(0.0, arrival)
    assert not judged.trusted and judged.synced and judged.at == arrival and judged.error is None


def test_a_typed_answer_from_an_untrusted_phone_is_sent_when_it_arrived():
    late = phone([1.8] * 10)
    deadline = 150.0
    arrival = deadline + 0.8  # the answer claims to be sent in time, 0.8 s before it arrived
    assert late.press_time((deadline - 0.5) * 1000, arrival).at == arrival  # late: it is after the deadline


@given(st.lists(st.floats(0.0, 5.0), min_size=1, max_size=70), st.floats(-1e12, 1e12), st.floats(0.0, 10.0))
def test_no_press_is_ever_placed_more_than_the_documented_slack_before_its_arrival(rtts, claim_ms, after):
    clock = phone(rtts)
    arrival = 100.0 + len(rtts) * 2.0 + after
    when = clock.press_time(abs(claim_ms), arrival)
    assert arrival - MAX_CLAIM_S - 1e-9 <= when.at <= arrival
