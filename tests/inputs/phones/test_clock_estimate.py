"""Issue 25: how fair a phone press is. The show's estimate of each phone's clock (inputs/phones/clock.py)
under the issue's network: every one-way trip drawn at random between 5 and 150 ms. Pure: no sockets."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.inputs.phones.clock import (
    CATCH_UP_PINGS,
    DRIFT,
    FIRST_PINGS,
    SLACK_S,
    SPAN_S,
    ClockEstimate,
    ping_gaps,
)

DELAY = (0.005, 0.150)


def synced(rng: random.Random, offset: float, pings: int, every: float = 2.0, start: float = 100.0,
           delays: tuple[float, float] = DELAY) -> tuple[ClockEstimate, float]:
    """A phone whose clock is the show's minus `offset`, pinged `pings` times `every` s apart, each trip
    delayed independently; returns its estimate and when the last pong came back."""
    clock, t, back = ClockEstimate(), start, start
    for _ in range(pings):
        up, down = rng.uniform(*delays), rng.uniform(*delays)
        clock.add(t, t + up + down, (t + up - offset) * 1000)
        back = t + up + down
        t += every
    return clock, back


def test_presses_20_ms_apart_are_put_in_thumb_order_99_times_in_100_under_the_issues_delays():
    """1,000 pairs of phones, each connected a minute (30 pings, every trip 5–150 ms), the second pressing
    20 ms after the first, its message delayed 5–150 ms too: ≥ 99 % in the thumbs' order (the spec's «least
    queued of the last 16» got 85 %)."""
    rng = random.Random(2520)
    right = 0
    for _ in range(1000):
        placed = []
        for thumb in (1000.0, 1000.020):
            offset = rng.uniform(-1e5, 1e5)
            clock, _ = synced(rng, offset, 30, start=thumb - 61)
            placed.append(clock.press_time((thumb - offset) * 1000, thumb + rng.uniform(*DELAY)).at)
        right += placed[0] < placed[1]
    assert right >= 990, f"{right / 10:.1f} % in thumb order"


def test_with_symmetric_delays_the_estimate_is_the_true_offset_and_it_narrows_with_more_samples():
    rng = random.Random(7)
    clock = ClockEstimate()
    widths = []
    for i in range(40):
        trip = rng.uniform(*DELAY)  # the same each way
        s0 = 10.0 + 2 * i
        clock.add(s0, s0 + 2 * trip, (s0 + trip - 123.456) * 1000)
        estimate = clock.estimate(s0 + 1)
        assert abs(estimate.offset - 123.456) < 1e-6
        widths.append(estimate.error)
    assert widths[-1] < widths[0] / 2  # (older samples allow for the clocks' drift: DRIFT × their age)


def test_the_estimate_converges_as_samples_come_in_whatever_the_asymmetry_of_each():
    rng = random.Random(8)
    errors = {}
    for pings in (8, 16, 32, 60):
        worst = 0.0
        for _ in range(200):
            clock, back = synced(rng, 5.0, pings)
            worst = max(worst, abs(clock.estimate(back).offset - 5.0))
        errors[pings] = worst
    assert errors[8] > errors[16] > errors[32] > errors[60]
    assert errors[60] < 0.010  # a minute of pings: within 10 ms, each of 200 phones


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 0.5), st.floats(0, 0.5)), min_size=1, max_size=80),
       st.floats(-1e9, 1e9), st.floats(-1e12, 1e13), st.floats(0, 1.0))
def test_a_phone_cannot_claim_a_press_before_its_message_could_have_left_nor_after_it_arrived(
        trips, offset, claim_ms, late):
    """Whatever the trips and whatever the phone claims, its press lands in [arrival − (rtt/2 + 0.25 s),
    arrival]; rtt is the smallest of the last 16 round trips (the clamp of spec/web.md)."""
    clock = ClockEstimate()
    t = 1000.0
    for up, down in trips:
        clock.add(t, t + up + down, (t + up - offset) * 1000)
        t += 2.0
    arrival = t + late
    at = clock.press_time(claim_ms, arrival)
    assert at.synced
    assert arrival - (clock.rtt / 2 + SLACK_S) - 1e-9 <= at.at <= arrival
    assert clock.rtt == min(up + down for up, down in trips[-16:]) or abs(
        clock.rtt - min(up + down for up, down in trips[-16:])) < 1e-9


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(*DELAY), st.floats(*DELAY)), min_size=1, max_size=64),
       st.floats(-1e6, 1e6))
def test_the_true_offset_is_always_inside_the_interval_the_samples_allow(trips, offset):
    clock = ClockEstimate()
    t = 5000.0
    for up, down in trips:
        clock.add(t, t + up + down, (t + up - offset) * 1000)
        t += 2.0
    estimate = clock.estimate(t)
    assert estimate.low - 1e-6 <= offset <= estimate.high + 1e-6
    assert abs(estimate.offset - offset) <= estimate.error + 1e-6
    newest = clock.samples[-1]
    assert estimate.error <= newest.rtt / 2 + DRIFT * (t - newest.s1) + 1e-9  # never worse than the newest sample


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 40), st.integers(1, 40), st.floats(0.0, 0.3))
def test_presses_further_apart_than_the_two_estimates_errors_are_always_in_thumb_order(rng, pings_a, pings_b, apart):
    """Two phones with random clocks and random trips each way: whenever the presses are further apart than
    the sum of what each estimate can be wrong by, the first thumb is placed first (the clamp never
    reorders them). Presses 150 ms apart are always in order: no estimate is wrong by more than 75 ms."""
    thumbs = (1000.0, 1000.0 + apart)
    placed, errors = [], []
    for thumb, pings in zip(thumbs, (pings_a, pings_b), strict=True):
        offset = rng.uniform(-1e5, 1e5)
        clock, back = synced(rng, offset, pings, start=thumb - 2 * pings - 1)
        arrival = thumb + rng.uniform(*DELAY)
        placed.append(clock.press_time((thumb - offset) * 1000, arrival).at)
        errors.append(clock.estimate(arrival).error)
    if apart > errors[0] + errors[1] or apart >= 0.150:
        assert placed[0] < placed[1]


def test_a_clock_that_jumps_is_followed_at_once_by_its_newest_samples():
    """A phone's clock steps by 3 s (it slept without its socket closing): from the first sample after the
    step the older ones no longer count."""
    rng = random.Random(3)
    clock, _ = synced(rng, 10.0, 30)
    t = 200.0
    clock.add(t, t + 0.05, (t + 0.025 - 13.0) * 1000)
    estimate = clock.estimate(t + 1)
    assert estimate.samples == 1 and abs(estimate.offset - 13.0) < 0.001


def test_samples_older_than_the_span_do_not_count():
    rng = random.Random(4)
    clock, back = synced(rng, 1.0, 30, every=10.0)  # 300 s of samples
    estimate = clock.estimate(back + 5)  # samples 5, 15, … 295 s old
    assert estimate.samples == int(SPAN_S // 10) == 12


def test_a_phone_that_just_joined_gets_its_24_samples_within_five_seconds():
    gaps = list(ping_gaps())
    assert len(gaps) == FIRST_PINGS + CATCH_UP_PINGS == 24
    assert sum(gaps) <= 5.0
    assert max(1 / g for g in gaps) <= 20  # its pongs stay under the 20 messages a second a phone may send


def test_a_drifting_clock_stays_inside_the_interval_its_older_samples_allow():
    """A phone's clock 50 ppm fast (the most the estimate assumes), pinged every 2 s for 4 minutes over a
    quiet network (1–8 ms each way): the true offset now is always inside the interval, and the estimate
    within 2 ms — the older samples count for less as the clocks may have drifted since."""
    rng = random.Random(50)
    clock = ClockEstimate()
    rate = 1 + DRIFT
    for i in range(120):
        s0 = 1000.0 + 2 * i
        up, down = rng.uniform(0.001, 0.008), rng.uniform(0.001, 0.008)
        clock.add(s0, s0 + up + down, (s0 + up) * rate * 1000)  # the phone's clock runs fast
        now = s0 + 1.0
        true = now - now * rate
        estimate = clock.estimate(now)
        assert estimate.low - 1e-9 <= true <= estimate.high + 1e-9
        assert abs(estimate.offset - true) < 0.002
