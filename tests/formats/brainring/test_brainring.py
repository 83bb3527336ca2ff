"""«Брейн-ринг» rules (rules.md §2) with a fake clock: false starts, the clock, player rules, match
lengths, discipline."""

from __future__ import annotations

import pytest

from quizshow.core import commands as c
from quizshow.core.effects import EventKind
from quizshow.core.engine import Engine
from quizshow.formats.brainring import commands as bc
from tests import brainring_kit as kit
from tests.conftest import kinds, ok, refused, words_of


def scores(e: Engine) -> list[int]:
    return [t.score for t in e.state.teams[:2]]


def ring(e: Engine):
    return e.state.fmt


def to_clock(e: Engine, at: float) -> None:
    """From title or between questions: announce at `at`, «Время!» at `at` + 5."""
    if e.state.phase == "title":
        ok(e, c.Go(at=at - 1))
    ok(e, c.Announce(at=at))
    ok(e, c.TimerStart(at=at + 5))
    assert e.state.phase == "clock"


def answer(e: Engine, team: int, at: float, correct: bool, **press) -> None:
    ok(e, c.Buzz(at=at, team=team, **press))
    ok(e, c.Judge(at=at + 1, correct=correct))


def next_question(e: Engine, at: float) -> None:
    while e.state.phase in ("clock",):
        ok(e, c.Tick(at=at))
        at += 100
    ok(e, c.Go(at=at))


# --- false starts --------------------------------------------------------------------------------------


def test_false_start_press_1ms_before_time_is_a_false_start_1ms_after_is_not():
    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, c.Announce(at=10))
    ok(e, c.TimerStart(at=15.0))
    # The press's own timestamp decides, not when it arrived (both arrive after «Время!»).
    out = ok(e, c.Buzz(at=15.02, team=0, source_time=14.999))
    assert kinds(out)[0] == EventKind.FALSE_START and 0 in e.state.locked
    out = ok(e, c.Buzz(at=15.03, team=1, source_time=15.001))
    assert kinds(out) == [EventKind.BUZZ] and e.state.answering == 1


def test_false_start_during_attention_and_only_the_first_early_team_gets_it():
    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, c.Announce(at=10))
    out = ok(e, c.Buzz(at=11, team=1))
    assert kinds(out) == [EventKind.FALSE_START] and e.state.banner.team == 1
    assert "first" in refused(e, c.Buzz(at=11.5, team=0))  # the second early team: no false start
    ok(e, c.TimerStart(at=12))
    ok(e, c.Buzz(at=13, team=0))
    assert e.state.answering == 0
    refused(e, c.Buzz(at=13.5, team=1))  # lost the right for this question


def test_brainring_40_other_team_gets_a_fresh_40_seconds_after_a_false_start():
    e = kit.engine("brainring-40")
    to_clock(e, 10)  # «Время!» at 15
    ok(e, c.Tick(at=30))
    out = ok(e, c.Buzz(at=30.01, team=0, source_time=14.99))  # arrived late, pressed early
    assert EventKind.FALSE_START in kinds(out)
    assert e.state.timer.remaining(30.01) == pytest.approx(40.0)


# --- the clock -----------------------------------------------------------------------------------------


def test_press_stops_the_clock_wrong_resumes_it_for_the_other_team_time_out_shows_the_answer():
    e = kit.engine()
    to_clock(e, 10)  # 60 s from 15
    ok(e, c.Buzz(at=25, team=0))
    assert not e.state.timer.running and e.state.timer.remaining(40) == pytest.approx(50)
    ok(e, c.Judge(at=30, correct=False))
    assert e.state.phase == "clock" and e.state.timer.running and 0 in e.state.locked
    assert e.state.timer.remaining(30) == pytest.approx(50)
    warn = ok(e, c.Tick(at=70))
    assert kinds(warn) == [EventKind.TIMER_WARNING]
    out = ok(e, c.Tick(at=80))
    assert EventKind.TIMER_EXPIRED in kinds(out) and e.state.phase == "reveal" and scores(e) == [0, 0]


def test_clock_remaining_time_is_exact_after_pause_resume_cycles():
    e = kit.engine()
    to_clock(e, 10)  # starts at 15 with 60 s
    at, running_for = 15.0, 0.0
    for i in range(20):
        ok(e, c.TimerStop(at=at + 1.3))
        running_for += 1.3
        at += 1.3 + 0.7 + 0.01 * i  # a paused stretch does not count
        ok(e, c.TimerStart(at=at))
    assert e.state.timer.remaining(at + 0.5) == pytest.approx(60 - running_for - 0.5, abs=1e-9)


# --- points and carry-over -------------------------------------------------------------------------


def test_brainring_40_carry_over_sequence_1_2_1():
    e = kit.engine("brainring-40")
    values = []
    at = 10.0
    for _ in range(4):
        to_clock(e, at)
        values.append(ring(e).value)
        next_question(e, at + 100)  # nobody answers
        at += 1000
    assert values == [1, 2, 1, 2]
    to_clock(e, at)
    assert ring(e).value == 1  # an unanswered 2-pointer: back to 1, no further accumulation
    next_question(e, at + 100)
    to_clock(e, at + 1000)
    answer(e, 1, at + 1006, True)  # the carried point goes to whoever answers
    assert scores(e) == [0, 2]
    ok(e, c.Go(at=at + 1010))
    assert ring(e).value == 1  # a correct answer: back to 1


def test_brainring_60_has_no_carry_over():
    e = kit.engine()
    to_clock(e, 10)
    next_question(e, 100)
    assert ring(e).value == 1


# --- first-second rule -----------------------------------------------------------------------------


def test_first_second_rule_at_0_999_s_removes_the_player_at_1_001_s_does_not():
    e = kit.engine()
    to_clock(e, 10)  # clean time from 15
    answer(e, 0, 15.999, False, source_time=15.999)
    assert ring(e).benched == ((0, 0, 0),)  # the captain (player 0) left the table
    e = kit.engine()
    to_clock(e, 10)
    answer(e, 0, 16.001, False, source_time=16.001)
    assert ring(e).benched == ()


def test_first_second_rule_not_applied_to_the_last_player_and_the_player_returns_after_a_later_correct():
    e = kit.engine(players=(2, 5))
    to_clock(e, 10)
    answer(e, 0, 15.5, False)
    assert ring(e).benched == ((0, 0, 0),)
    next_question(e, 200)
    to_clock(e, 300)
    answer(e, 0, 305.2, False)  # the last player at the table stays
    assert ring(e).benched == ((0, 0, 0),)
    next_question(e, 400)
    to_clock(e, 500)
    answer(e, 1, 510, True)  # any team's correct answer on a later question brings the player back
    assert ring(e).benched == ()


def test_the_console_names_who_answers_default_the_captain():
    e = kit.engine()
    to_clock(e, 10)
    ok(e, c.Buzz(at=20, team=1))
    assert ring(e).answerer == (1, 0)
    ok(e, bc.SetAnswerer(at=20.5, team=1, player=3))
    assert ring(e).answerer == (1, 3)
    refused(e, bc.SetAnswerer(at=20.6, team=0, player=1))


# --- one-player rule --------------------------------------------------------------------------------------


def test_one_player_rule_correct_answer_is_worth_double():
    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, bc.SinglePlayer(at=2, team=1, player=2))
    to_clock(e, 10)
    ok(e, c.Buzz(at=20, team=1))
    assert ring(e).answerer == (1, 2)
    ok(e, c.Judge(at=21, correct=True))
    assert scores(e) == [0, 2]


def test_one_player_has_priority_over_an_earlier_press_and_first_second_rule_does_not_apply():
    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, bc.SinglePlayer(at=2, team=1, player=4))
    to_clock(e, 10)
    ok(e, c.Buzz(at=15.2, team=0))
    ok(e, c.Buzz(at=15.4, team=1))  # pressed later, answers first
    assert e.state.answering == 1 and ring(e).waiting == 0
    ok(e, c.Judge(at=16, correct=False))
    assert ring(e).benched == ()  # the lone player is not sent away
    assert e.state.answering == 0  # the team that pressed first answers now, by its own press
    ok(e, c.Judge(at=17, correct=True))
    assert scores(e) == [1, 0]


def test_one_player_may_pass_the_right_to_the_other_team():
    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, bc.SinglePlayer(at=2, team=0, player=0))
    to_clock(e, 10)
    ok(e, c.Buzz(at=20, team=0))
    refused(e, bc.PassRight(at=21, team=1))
    ok(e, bc.PassRight(at=21, team=0))
    assert e.state.phase == "clock" and 0 in e.state.locked
    answer(e, 1, 25, True)
    assert scores(e) == [0, 1]


def test_one_player_rule_is_refused_at_three_or_fewer_players():
    e = kit.engine(players=(3, 4))
    ok(e, c.Go(at=1))
    assert "3" in refused(e, bc.SinglePlayer(at=2, team=0, player=0))
    ok(e, bc.SinglePlayer(at=2, team=1, player=0))


def test_both_teams_single_first_press_answers_for_one_point_more():
    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, bc.SinglePlayer(at=2, team=0, player=1))
    ok(e, bc.SinglePlayer(at=3, team=1, player=1))
    to_clock(e, 10)
    ok(e, c.Buzz(at=20, team=1))
    assert "is answering" in refused(e, c.Buzz(at=20.1, team=0))  # no priority when both are alone
    assert e.state.answering == 1
    ok(e, c.Judge(at=21, correct=True))
    assert scores(e) == [0, 2]


# --- match lengths ----------------------------------------------------------------------------------------


def play(e: Engine, winners: list[int | None], start: float = 10.0) -> float:
    """Each question: the given team answers correctly, or nobody (None)."""
    at = start
    for team in winners:
        to_clock(e, at)
        if team is None:
            ok(e, c.Tick(at=at + 100))
        else:
            answer(e, team, at + 6, True)
        ok(e, c.Go(at=at + 200))
        at += 1000
    return at


def test_three_question_rule_disqualifies_both_in_a_semifinal():
    e = kit.engine("brainring-40", match="semifinal", carry_over=False)
    play(e, [0, None, None, None])
    assert e.state.phase == "result" and ring(e).result == "disqualified" and ring(e).winner is None


def test_semifinal_stops_at_five():
    e = kit.engine("brainring-40", match="semifinal", carry_over=False)
    play(e, [0, 1, 0, 0, 0, 0])
    assert e.state.phase == "result" and ring(e).winner == 0 and len(ring(e).asked) == 6
    assert scores(e) == [5, 1]


def test_qualifying_tie_goes_to_extra_questions_until_the_first_correct():
    e = kit.engine("brainring-40", match="qualifying", carry_over=False)
    at = play(e, [0, 1, 0, 1, 0, 1])
    assert e.state.phase == "ready" and ring(e).extra
    at = play(e, [None, None], at)
    assert e.state.phase == "ready"
    out_at = play(e, [1], at)
    assert e.state.phase == "result" and ring(e).winner == 1 and out_at


def test_final_needs_two_battle_wins_with_a_third_battle_at_one_all():
    """The old interpretation, now the parameter `final_at_one_all: battle`."""
    e = kit.engine("brainring-40", match="final", carry_over=False, final_at_one_all="battle")
    at = play(e, [0] * 5)
    assert ring(e).battles_won == (1, 0) and scores(e) == [0, 0] and e.state.phase == "ready"
    at = play(e, [1] * 5, at)
    assert ring(e).battles_won == (1, 1) and e.state.phase == "ready"
    play(e, [1, 0, 1, 1, 1, 1], at)
    assert e.state.phase == "result" and ring(e).winner == 1 and ring(e).battles_won == (1, 2)


@pytest.mark.parametrize("winners,points", [([0, 0, 1, None, None], (2, 0)), ([0, 1, None, None, None], (1, 1)),
                                            ([1, 1, 1, 0, 0], (0, 2))])
def test_match5_at_most_five_questions_win_2_draw_1_loss_0(winners, points):
    e = kit.engine()
    play(e, winners)
    assert e.state.phase == "result" and ring(e).match_points == points


# --- discipline -------------------------------------------------------------------------------------------


def test_discipline_captain_questions_2_repeats_3_per_game():
    e = kit.engine()
    to_clock(e, 10)
    for _ in range(2):
        ok(e, c.Discipline(at=20, team=0, what="captain_question"))
    refused(e, c.Discipline(at=21, team=0, what="captain_question"))
    for _ in range(3):
        ok(e, c.Discipline(at=22, team=1, what="repeat"))
    refused(e, c.Discipline(at=23, team=1, what="repeat"))


def test_discipline_appeals_two_and_a_rejected_appeal_ends_them():
    e = kit.engine()
    to_clock(e, 10)
    ok(e, c.Discipline(at=20, team=0, what="appeal_accepted"))
    ok(e, c.Discipline(at=21, team=0, what="appeal_accepted"))
    refused(e, c.Discipline(at=22, team=0, what="appeal_accepted"))
    ok(e, c.Discipline(at=23, team=1, what="appeal_rejected"))
    assert "right" in refused(e, c.Discipline(at=24, team=1, what="appeal_accepted"))


def test_discipline_audience_hint_fines_1_then_5_and_withdrawal_gives_an_extra_appeal():
    e = kit.engine()
    to_clock(e, 10)
    ok(e, c.Discipline(at=20, team=1, what="audience_hint"))
    ok(e, c.Discipline(at=21, team=1, what="audience_hint"))
    assert scores(e) == [0, -6]
    question = e.format.current(e.state)
    ok(e, bc.Withdraw(at=22, extra_appeal=0))
    assert e.state.phase == "ready" and e.format.current(e.state) == e.format.reserve[0] != question
    assert ring(e).record(0).extra_appeals == 1
    for at in (23, 24, 25):
        ok(e, c.Discipline(at=at, team=0, what="appeal_accepted"))  # 2 + 1 extra
    refused(e, c.Discipline(at=26, team=0, what="appeal_accepted"))


def test_discipline_three_penalty_points_remove_the_team():
    e = kit.engine()
    to_clock(e, 10)
    answer(e, 0, 20, True)
    ok(e, c.Discipline(at=30, team=0, what="penalty"))
    assert ring(e).record(0).appeals_lost and scores(e) == [1, 0]
    ok(e, c.Discipline(at=31, team=0, what="penalty"))
    assert scores(e) == [0, 0]
    out = ok(e, c.Discipline(at=32, team=0, what="penalty"))
    assert EventKind.TEAM_REMOVED in kinds(out) and e.state.phase == "result" and ring(e).winner == 1


def test_provisional_wrong_turned_correct_after_the_other_teams_answer_fixes_both_scores():
    e = kit.engine()
    to_clock(e, 10)
    ok(e, c.Buzz(at=20, team=0))
    ok(e, c.Judge(at=21, correct=False, provisional=True))
    assert e.state.phase == "clock"
    answer(e, 1, 25, True)
    assert scores(e) == [0, 1]
    out = ok(e, bc.Ruling(at=30, correct=True))
    assert scores(e) == [1, 0] and ring(e).correct_by == 0 and EventKind.CORRECT in kinds(out)
    refused(e, bc.Ruling(at=31, correct=True))


def test_every_discipline_step_is_undoable():
    e = kit.engine()
    to_clock(e, 10)
    ok(e, c.Discipline(at=20, team=1, what="audience_hint"))
    out = ok(e, c.Undo(at=21))
    assert isinstance(out.undone.command, c.Discipline) and scores(e) == [0, 0]
    assert ring(e).record(1).hints == 0


def test_team_at_the_table_tally_counts_written_answers_of_teams_not_playing():
    e = kit.engine(tally_teams=2)
    to_clock(e, 10)
    ok(e, bc.Tally(at=20, team=2))
    refused(e, bc.Tally(at=20.5, team=2))  # once a question
    refused(e, bc.Tally(at=21, team=0))  # at a table
    next_question(e, 200)
    to_clock(e, 300)
    ok(e, bc.Tally(at=310, team=2))
    ok(e, bc.Tally(at=311, team=3))
    assert ring(e).tally == frozenset({(0, 2), (1, 2), (1, 3)})


def test_match_effects_for_lamps_sound_and_osc():
    e = kit.engine()
    events = []
    ok(e, c.Go(at=1))
    events += ok(e, c.Announce(at=10)).events
    events += ok(e, c.Buzz(at=11, team=1)).events  # false start
    events += ok(e, c.TimerStart(at=12)).events
    events += ok(e, c.Buzz(at=20, team=0, player=3)).events
    events += ok(e, c.Judge(at=21, correct=False)).events  # both out: the answer
    events += ok(e, c.Go(at=22)).events
    to_clock(e, 30)  # «Время!» at 35
    events += ok(e, c.Tick(at=85)).events  # 10 s left
    events += ok(e, c.Tick(at=95)).events  # expired
    events += ok(e, c.Go(at=96)).events
    for at in (100, 200, 300):
        to_clock(e, at)
        events += ok(e, c.Buzz(at=at + 6, team=0)).events
        events += ok(e, c.Judge(at=at + 7, correct=True)).events
        events += ok(e, c.Go(at=at + 8)).events
    seen = [ev.kind for ev in events]
    for kind in (EventKind.ANNOUNCE, EventKind.FALSE_START, EventKind.TIMER_START, EventKind.BUZZ,
                 EventKind.WRONG, EventKind.TIMER_WARNING, EventKind.TIMER_EXPIRED, EventKind.REVEAL,
                 EventKind.CORRECT, EventKind.MATCH_RESULT, EventKind.WINNER):
        assert kind in seen, kind
    press = next(ev for ev in events if ev.kind == EventKind.BUZZ)
    assert press.team == 0 and press.margin_s == 0
    result = next(ev for ev in events if ev.kind == EventKind.MATCH_RESULT)
    assert result.team == 0 and ring(e).match_points == (2, 0)


def test_a_press_made_earlier_but_arriving_later_takes_the_answer():
    e = kit.engine()
    to_clock(e, 10)  # clean time from 15
    ok(e, c.Buzz(at=20.003, team=0, source_time=20.002))
    ok(e, c.Buzz(at=20.004, team=1, source_time=20.001))
    assert e.state.answering == 1 and e.state.fmt.first_press[0] == 1


# --- issue 11: every decision by the press's own time ------------------------------------------------------

LIMIT_CASES = [(-0.001, True), (0.0, True), (0.001, False)]  # (offset from the limit, in time)


def test_false_start_goes_to_the_team_whose_early_press_is_earliest_not_the_first_line_to_arrive():
    """Seed 004 §6.7: «Фальстарт фиксируется только у команды, первой нажавшей на кнопку до сигнала»."""
    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, c.Announce(at=10))
    ok(e, c.Buzz(at=11.6, team=0, source_time=11.5))  # arrives first …
    out = ok(e, c.Buzz(at=11.7, team=1, source_time=11.4))  # … but this one was pressed first
    assert kinds(out) == [EventKind.FALSE_START] and ring(e).false_start == 1
    assert e.state.locked == frozenset({1})
    ok(e, c.TimerStart(at=12))
    ok(e, c.Buzz(at=13, team=0))
    assert e.state.answering == 0  # the team that pressed early second keeps its right


def test_both_teams_single_the_earliest_press_answers_whatever_arrives_first():
    """Seed 004 §6.13: «первым будет отвечать уже тот игрок, кто первый нажал на кнопку»."""
    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, bc.SinglePlayer(at=2, team=0, player=1))
    ok(e, bc.SinglePlayer(at=2, team=1, player=2))
    to_clock(e, 10)
    ok(e, c.Buzz(at=20.003, team=0, source_time=20.002))
    ok(e, c.Buzz(at=20.004, team=1, source_time=20.001))
    assert e.state.answering == 1 and ring(e).answerer == (1, 2)


@pytest.mark.parametrize("offset,in_time", LIMIT_CASES)
def test_clean_time_is_judged_at_the_press_even_before_the_expiry_tick(offset, in_time):
    """Seed 004 §6.10: «В случае, если команды не нажимают на кнопку до окончания чистого времени, обе
    команды теряют право ответа». A press at exactly the limit is in time."""
    e = kit.engine()
    to_clock(e, 10)  # clean time 15 .. 75
    ok(e, c.Tick(at=74.9))
    press = c.Buzz(at=75.2, team=0, source_time=75.0 + offset)  # no tick between the end and the line
    if in_time:
        ok(e, press)
        assert e.state.answering == 0
    else:
        assert "too late" in refused(e, press)
        ok(e, c.Tick(at=75.3))
        assert e.state.phase == "reveal"


@pytest.mark.parametrize("offset,in_time", LIMIT_CASES)
def test_clean_time_a_press_before_the_end_overturns_the_expiry_tick_and_replay_agrees(offset, in_time):
    """Seed 001 §1.B: «Если команда не успела нажать на кнопку до того, как время на табло закончилось, она
    теряет право ответа» — and one that did press in time keeps it, whenever its line arrives."""
    e = kit.engine()
    to_clock(e, 10)
    ok(e, c.Tick(at=75.05))
    assert e.state.phase == "reveal"
    press = c.Buzz(at=75.1, team=1, source_time=75.0 + offset)
    if not in_time:
        refused(e, press)
        assert e.state.phase == "reveal"
        return
    ok(e, press)
    assert e.state.phase == "answering" and e.state.answering == 1
    assert e.state.timer.remaining(80) == pytest.approx(-offset, abs=1e-6)
    journal = [entry.command for entry in e.entries]
    assert isinstance(journal[-2], c.Tick) and isinstance(journal[-1], c.Buzz)  # both are journalled
    again = kit.engine()
    again.replay(journal)
    assert again.state == e.state


def test_the_clock_stops_at_the_moment_of_the_press_not_when_its_line_arrives():
    """Seed 001 §1.A: «После того, как одна из команда нажала кнопку, время отстанавливается»."""
    e = kit.engine()
    to_clock(e, 10)  # clean time from 15
    ok(e, c.Buzz(at=20.4, team=0, source_time=20.2))
    assert e.state.timer.remaining(30) == pytest.approx(54.8)
    ok(e, c.Buzz(at=20.5, team=1, source_time=20.0))  # pressed earlier: answers, the clock stopped at 20.0
    assert e.state.answering == 1 and e.state.timer.remaining(30) == pytest.approx(55.0)
    ok(e, c.Judge(at=25, correct=False))
    assert e.state.phase == "clock" and e.state.timer.remaining(25) == pytest.approx(55.0)


def test_the_clock_resumed_for_the_other_team_is_measured_to_the_press():
    """Seed 001 §1.A: «другая команда может продолжить обсуждение в пределах остаточного времени»."""
    e = kit.engine()
    to_clock(e, 10)
    ok(e, c.Buzz(at=20.4, team=0, source_time=20.0))
    ok(e, c.Judge(at=30, correct=False))
    assert e.state.phase == "clock" and e.state.timer.remaining(30) == pytest.approx(55.0)


@pytest.mark.parametrize("offset,early", [(-0.001, True), (0.0, False), (0.001, False)])
def test_false_start_boundary_a_press_at_exactly_time_is_fair(offset, early):
    """Seed 004 §6.7: «Команда, нажавшая кнопку до начала отсчёта чистого времени … лишается права ответа»."""
    e = kit.engine()
    to_clock(e, 10)  # «Время!» at 15
    out = ok(e, c.Buzz(at=15.5, team=0, source_time=15.0 + offset))
    assert (EventKind.FALSE_START in kinds(out)) is early


@pytest.mark.parametrize("offset,benched", LIMIT_CASES)
def test_first_second_rule_boundary_at_exactly_one_second_the_player_is_removed(offset, benched):
    """Seed 004: the first-second rule — a wrong answer pressed within the first second of clean time."""
    e = kit.engine()
    to_clock(e, 10)  # «Время!» at 15
    ok(e, c.Buzz(at=16.5, team=0, source_time=16.0 + offset))
    ok(e, c.Judge(at=17, correct=False))
    assert bool(ring(e).benched) is benched


def test_provisional_wrong_ruled_correct_undoes_the_bench_and_the_carry_over():
    """Seed 001 §8.C: «ведущий объявляет его неправильным, игра продолжается и окончательное решение
    принимается после того, как вторая команда ответит»."""
    e = kit.engine("brainring-60", carry_over=True)
    to_clock(e, 10)
    ok(e, c.Buzz(at=15.5, team=0))  # within the first second
    ok(e, c.Judge(at=17, correct=False, provisional=True))
    assert ring(e).benched == ((0, 0, 0),)
    ok(e, c.Buzz(at=20, team=1))
    ok(e, c.Judge(at=21, correct=False))
    ok(e, bc.Ruling(at=22, correct=True))
    assert ring(e).benched == () and scores(e) == [1, 0]
    ok(e, c.Go(at=23))
    assert ring(e).value == 1  # answered: no carry-over


def test_audience_hint_fines_the_hall_team_that_hinted_and_the_table_gets_an_extra_appeal():
    """Seed 001 §8.F: «В случае подсказки из зала команда давшая подсказку штрафуется на 1 очко, а при
    повторной подсказке на 5 очков … команда сидящая за игровым столом получает право на дополнительную
    аппеляцию»."""
    e = kit.engine("brainring-40")
    to_clock(e, 10)
    ok(e, c.Discipline(at=16, team=2, what="audience_hint"))
    assert e.state.teams[2].score == -1
    ok(e, bc.Withdraw(at=17))
    assert [ring(e).record(t).extra_appeals for t in (0, 1)] == [1, 1]
    to_clock(e, 100)
    ok(e, c.Discipline(at=106, team=2, what="audience_hint"))
    assert e.state.teams[2].score == -6


@pytest.mark.parametrize("offset,allowed", [(-0.001, False), (0.0, False), (0.001, True)])
def test_stalling_the_answer_loses_the_right_after_the_answer_start_time(offset, allowed):
    """Seed 001 §1.B: «В случае затяжки времени команда лишается права на ответ и другая команда команда может
    продолжить обсуждение в пределах остаточного времени»."""
    e = kit.engine("brainring-40", answer_start_s=5)
    to_clock(e, 10)
    ok(e, c.Buzz(at=20.0, team=0))  # called at 20: 5 s to start the answer
    assert ring(e).call.closes == pytest.approx(25.0)
    stall = c.Discipline(at=25.0 + offset, team=0, what="stall")
    if not allowed:
        assert "still has" in refused(e, stall)
        return
    ok(e, stall)
    assert e.state.phase == "clock" and 0 in e.state.locked and ring(e).benched == ()


def test_stalling_is_the_hosts_ruling_at_any_time_when_the_preset_sets_no_limit():
    """Seed 001 §1.B: «В случае затяжки времени команда лишается права на ответ»."""
    e = kit.engine("brainring-40")
    to_clock(e, 10)
    ok(e, c.Buzz(at=20.0, team=0))
    assert ring(e).call is None
    refused(e, c.Discipline(at=20.5, team=1, what="stall"))  # not answering
    ok(e, c.Discipline(at=20.5, team=0, what="stall"))
    assert e.state.phase == "clock" and 0 in e.state.locked


def test_final_at_one_battle_each_extra_questions_until_a_correct_answer():
    """Seed 001 §5: «В случаи ничьей задается дополнительный вопрос(ы), пока одна из команд не даст
    правильный ответ»."""
    e = kit.engine("brainring-40", match="final", carry_over=False)
    at = play(e, [0] * 5)
    at = play(e, [1] * 5, at)
    assert ring(e).battles_won == (1, 1) and ring(e).extra
    at = play(e, [None, None], at)
    assert e.state.phase == "ready"
    play(e, [0], at)
    assert e.state.phase == "result" and ring(e).winner == 0


def test_three_question_rule_holds_during_extra_questions_of_a_semifinal():
    """Seed 001 §4.B: «В полуфинале действует правило 3 вопросов. Если ни одна из команд не ответила на 3
    вопроса подряд, то обе команды дисквалифицируются»."""
    e = kit.engine("brainring-40", match="semifinal", carry_over=False)
    at = play(e, [0, 1] * 4)
    assert ring(e).extra and e.state.phase == "ready"
    play(e, [None, None, None], at)
    assert e.state.phase == "result" and ring(e).result == "disqualified"


def _show_copy(tmp_path, name: str, edit) -> tuple:
    """A copy of a shipped show with one edit, its pack path made absolute."""
    text = (kit.ROOT / "shows" / name).read_text(encoding="utf-8").replace("../packs/", f"{kit.ROOT}/packs/")
    path = tmp_path / name
    path.write_text(edit(text), encoding="utf-8")
    return path, text


def test_team_size_seed_004_full_team_of_five_only_is_an_error_at_file_line(tmp_path, capsys):
    """Seed 004 §6.1: «Команды к играм допускаются ТОЛЬКО В ПОЛНОМ СОСТАВЕ (5 человек)»."""
    from quizshow.cli import check_files

    path, _ = _show_copy(tmp_path, "brainring.yaml", lambda t: t.replace(', "Денис Соколов"', ""))
    assert check_files([path]) == 1
    out = capsys.readouterr().out
    line = next(i for i, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "Альфа" in row)
    assert f"{path}:{line}: team 'Альфа' has 4 players; preset brainring-60 needs 5" in out
    assert check_files([kit.SHOW]) == 0


def test_team_size_seed_001_four_to_twelve_players_is_a_warning(tmp_path, capsys):
    """Seed 001: «Количество человек в команде от 4 до 12»."""
    from quizshow.cli import check_files

    path, _ = _show_copy(tmp_path, "brainring-40.yaml", lambda t: t.replace(', "Вера Гусева"', ""))
    assert check_files([path]) == 0
    out = capsys.readouterr().out
    assert "has 3 players; preset brainring-40 needs 4–12" in out and "1 warning(s)" in out


def test_team_size_the_console_shows_the_problem_line():
    """Seed 004 §6.1: «ТОЛЬКО В ПОЛНОМ СОСТАВЕ (5 человек)» — the operator sees it before the match."""
    from quizshow.formats.teamsize import size_problems

    e = kit.engine(players=(4, 5))
    found = size_problems(e.format.rules, [len(t.players) for t in e.state.teams])
    assert [(p.team, p.found, p.need, p.strict) for p in found] == [(0, 4, "5", True)]


def test_time_out_says_time_is_over_not_the_word_that_started_the_clock():
    """«Время!» starts clean time; when the minute runs out the screen says «Время вышло!» (issue 22, item 18)."""
    e = kit.engine()
    to_clock(e, 10)
    assert e.state.banner is not None and e.state.banner.text_key == "banner.time_up"  # the start word
    ok(e, c.Tick(at=80))
    assert e.state.phase == "reveal" and e.state.banner.text_key == "banner.time_over"


def test_after_a_false_start_the_rival_is_told_to_wait_for_time_and_the_team_that_it_stands():
    """The words a phone shows under its dark button and the console's refusal line (QA: the rival read
    «only the first early press is a false start», which does not say what to do)."""
    from quizshow.formats.brainring.spec import SPEC

    e = kit.engine()
    ok(e, c.Go(at=1))
    ok(e, c.Announce(at=10))
    ok(e, c.Buzz(at=11, team=1))
    rival, same = e.propose(c.Buzz(at=11.5, team=0)).refusal, e.propose(c.Buzz(at=11.6, team=1)).refusal
    assert rival is not None and same is not None
    words = words_of(SPEC.name)  # a ring show's
    assert words.refusal(rival.template, rival.values) == "Фальстарт у соперника: ждите «Время!»"
    assert words.refusal(same.template, same.values) == "Фальстарт этой команды уже засчитан"
