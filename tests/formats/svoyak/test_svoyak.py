"""«Своя игра» rules (rules.md §1), played through commands with a fake clock."""

from __future__ import annotations

import pytest

from quizshow.core import commands as c
from quizshow.core.effects import EventKind
from quizshow.core.engine import Engine
from quizshow.formats.svoyak import commands as sc
from tests import svoyak_kit as kit
from tests.conftest import kinds, ok, refused
from tests.svoyak_rules_kit import chooser, final_engine, open_special, scores, set_scores, through_final, to_board

# --- a whole game against a hand-computed table ------------------------------------------------------


def whole_game_pack():
    return kit.pack(kit.board("Первый", (10, 20), [["regular"] * 2] * 2),
                    kit.board("Второй", (20, 40), [["regular"] * 2] * 2),
                    kit.final_round(), kit.reserve())


def test_whole_game_scores_and_chooser_after_every_step_match_the_hand_computed_table():
    e = kit.engine(whole_game_pack())
    out = ok(e, c.Go(at=1))
    assert EventKind.ROUND_START in kinds(out) and EventKind.LOT in kinds(out)  # the first chooser by lot
    drawn = chooser(e)
    assert drawn == next(ev.team for ev in out.events if ev.kind == EventKind.LOT)
    if drawn != 0:
        ok(e, sc.PickTeam(at=1, team=0))  # the host may override the draw
    ok(e, c.Go(at=2))
    T = 10.0
    # (command, scores after it, chooser after it, phase after it) — worked out by hand from rules.md §1
    table = [
        (sc.SelectCell(at=T, theme=0, question=0), [0, 0, 0], 0, "question"),        # 10 points
        (c.Go(at=T + 5), [0, 0, 0], 0, "question"),                                 # read: the 3 s window
        (c.Buzz(at=T + 6, team=1), [0, 0, 0], 0, "answering"),
        (c.Judge(at=T + 7, correct=False), [0, -10, 0], 0, "question"),             # wrong: −10, others again
        (c.Buzz(at=T + 8, team=1), [0, -10, 0], 0, "question"),                     # refused: locked out
        (c.Buzz(at=T + 8.5, team=2), [0, -10, 0], 0, "answering"),                  # re-buzz
        (c.Judge(at=T + 9, correct=True), [0, -10, 10], 2, "reveal"),               # +10, Вера chooses
        (c.Go(at=20), [0, -10, 10], 2, "board"),
        (sc.SelectCell(at=21, theme=0, question=1), [0, -10, 10], 2, "question"),    # 20 points
        (c.Go(at=25), [0, -10, 10], 2, "question"),                                 # read at 25
        (c.Tick(at=27.9), [0, -10, 10], 2, "question"),                             # 2.9 s: still open
        (c.Tick(at=28.0), [0, -10, 10], 2, "reveal"),                               # 3 s: nobody, answer shown
        (c.Go(at=30), [0, -10, 10], 2, "board"),                                    # same chooser
        (sc.SelectCell(at=31, theme=1, question=0), [0, -10, 10], 2, "question"),    # 10 points
        (c.Buzz(at=32, team=0), [0, -10, 10], 2, "answering"),                      # pressed while reading
        (c.Judge(at=33, correct=True), [10, -10, 10], 0, "reveal"),
        (c.Go(at=34), [10, -10, 10], 0, "board"),
        (sc.SelectCell(at=35, theme=1, question=1), [10, -10, 10], 0, "question"),   # 20 points
        (c.Go(at=36), [10, -10, 10], 0, "question"),
        (c.Buzz(at=37, team=0), [10, -10, 10], 0, "answering"),
        (c.Judge(at=38, correct=False), [-10, -10, 10], 0, "question"),
        (c.Buzz(at=39, team=1), [-10, -10, 10], 0, "answering"),
        (c.Judge(at=40, correct=False), [-10, -30, 10], 0, "question"),
        (c.Buzz(at=41, team=2), [-10, -30, 10], 0, "answering"),
        (c.Judge(at=42, correct=False), [-10, -30, -10], 0, "reveal"),              # all wrong: answer shown
        (c.Go(at=43), [-10, -30, -10], 1, "round"),                                 # round 2: lowest chooses
        (c.Go(at=44), [-10, -30, -10], 1, "board"),
        (sc.SelectCell(at=45, theme=0, question=1), [-10, -30, -10], 1, "question"), # 40 points
        (c.Buzz(at=46, team=1), [-10, -30, -10], 1, "answering"),
        (c.Judge(at=47, correct=True), [-10, 10, -10], 1, "reveal"),
        (c.Go(at=48), [-10, 10, -10], 1, "board"),
        (sc.SelectCell(at=49, theme=0, question=0), [-10, 10, -10], 1, "question"),  # 20 points
        (c.Buzz(at=50, team=2), [-10, 10, -10], 1, "answering"),
        (c.Judge(at=51, correct=True), [-10, 10, 10], 2, "reveal"),
        (c.Go(at=52), [-10, 10, 10], 2, "board"),
        (sc.SelectCell(at=53, theme=1, question=0), [-10, 10, 10], 2, "question"),   # 20 points
        (c.Go(at=54), [-10, 10, 10], 2, "question"),
        (c.Tick(at=57), [-10, 10, 10], 2, "reveal"),                                # timeout
        (c.Go(at=58), [-10, 10, 10], 2, "board"),
        (sc.SelectCell(at=59, theme=1, question=1), [-10, 10, 10], 2, "question"),   # 40 points
        (c.Buzz(at=60, team=0), [-10, 10, 10], 2, "answering"),
        (c.Judge(at=61, correct=True), [30, 10, 10], 0, "reveal"),
        (c.Go(at=62), [30, 10, 10], None, "final_themes"),                          # all three above zero
    ]
    for step, (cmd, want_scores, want_chooser, want_phase) in enumerate(table):
        e.dispatch(cmd)
        got = (scores(e), chooser(e), e.state.phase)
        assert got == (want_scores, want_chooser, want_phase), f"step {step}: {cmd}"
    # The final: removal order ascending (Борис 10, Вера 10 — a tie, index order — then Анна 30).
    assert e.state.fmt.final.order == (1, 2, 0)
    for theme in (0, 1, 2, 3):
        ok(e, sc.FinalRemove(at=63, theme=theme))
    ok(e, c.Go(at=64))
    for team, stake in ((1, 10), (2, 5), (0, 30)):
        ok(e, sc.FinalStake(at=65, team=team, amount=stake))
    ok(e, c.Go(at=66))  # the question
    ok(e, c.Go(at=70))  # «Время!»: 30 s
    ok(e, c.Tick(at=100))
    ok(e, c.Go(at=101))  # the reveal, ascending: Борис, Вера, Анна
    final_table = [(True, [30, 20, 10]), (False, [30, 20, 5]), (False, [0, 20, 5])]
    for correct, want in final_table:
        ok(e, c.Judge(at=102, correct=correct))
        assert scores(e) == want
        ok(e, c.Go(at=103))
    assert e.state.phase == "final_answer"
    out = ok(e, c.Go(at=104))
    assert e.state.phase == "end"
    assert [(ev.kind, ev.team) for ev in out.events] == [(EventKind.WINNER, 1)]
    assert e.format.winner(e.state) == [1]


def test_three_second_window_counts_from_the_read_signal_not_from_the_question():
    e = kit.engine(whole_game_pack())
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))
    ok(e, c.Tick(at=20))  # the host is still reading: nothing closes
    assert e.state.phase == "question"
    ok(e, c.Go(at=30))
    assert e.state.phase == "question" and e.state.timer.running
    ok(e, c.Tick(at=33))
    assert e.state.phase == "reveal"


def test_buzzers_are_live_from_the_moment_the_question_appears():
    e = kit.engine(whole_game_pack())
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))
    out = ok(e, c.Buzz(at=10.01, team=2))
    assert e.state.answering == 2 and kinds(out) == [EventKind.BUZZ]


def test_buzz_effect_carries_the_margin_behind_the_first_press():
    e = kit.engine(whole_game_pack())
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))
    ok(e, c.Buzz(at=11.013, team=0, source_time=11.012))
    out = ok(e, c.Buzz(at=11.02, team=1, source_time=11.0))  # made first, its line came later: it answers
    assert out.events[0].margin_s == 0 and e.state.answering == 1
    assert e.state.presses.margin(e.state.presses.presses[1]) == pytest.approx(0.012)
    # A press made after the answerer's is not taken (a wrong answer opens a fresh window for a new press).
    assert refused(e, c.Buzz(at=11.03, team=2, source_time=11.025)) == f"{e.state.teams[1].name} is answering"


def test_round_ends_only_when_every_question_is_played_or_the_host_ends_it():
    e = kit.engine(whole_game_pack())
    to_board(e)
    assert "board" in refused(e, c.Go(at=5)) or e.state.phase == "board"
    ok(e, sc.EndRound(at=6))
    ok(e, c.Go(at=7))
    assert e.state.phase == "round" and e.state.fmt.round == 1


def test_later_round_first_chooser_is_the_lowest_score_ties_by_lot():
    e = kit.engine(whole_game_pack())
    to_board(e)
    set_scores(e, [-10, 30, -10])
    ok(e, sc.EndRound(at=6))
    out = ok(e, c.Go(at=7))
    lot = [ev for ev in out.events if ev.kind == EventKind.LOT]
    assert len(lot) == 1 and chooser(e) in (0, 2) and lot[0].team == chooser(e)


def test_teams_preset_one_minute_from_the_question_then_ten_seconds_for_another_team():
    e = kit.engine(whole_game_pack(), preset="svoyak-teams")
    to_board(e)
    out = ok(e, sc.SelectCell(at=10, theme=0, question=0))
    assert e.state.timer.running and e.state.timer.duration == 60 and EventKind.TIMER_START in kinds(out)
    warn = ok(e, c.Tick(at=60))  # 50 s: «Осталось 10 секунд»
    assert kinds(warn) == [EventKind.TIMER_WARNING]
    ok(e, c.Buzz(at=61, team=0))
    ok(e, c.Judge(at=62, correct=False))
    assert e.state.timer.running and e.state.timer.duration == 10
    ok(e, c.Tick(at=72.5))
    # Issue 11 item 7: the 10 s window closes for real (its own setting); the answer is shown.
    assert e.state.phase == "reveal" and e.state.banner.text_key == "banner.time_over"


# --- «Кот в мешке» -------------------------------------------------------------------------------------


def test_cat_cannot_be_kept_by_the_chooser():
    e = kit.engine(kit.specials_pack())
    open_special(e, 0)
    assert e.state.phase == "cat"
    assert "opponent" in refused(e, sc.GiveCat(at=11, team=0))


def test_cat_value_is_the_round_minimum_or_maximum_and_only_the_receiver_answers():
    e = kit.engine(kit.specials_pack())
    open_special(e, 0)
    ok(e, sc.GiveCat(at=11, team=2))
    refused(e, sc.CatValue(at=12, value=20))  # the column's value is not a choice
    out = ok(e, sc.CatValue(at=12, value=40))
    assert e.state.answering == 2 and e.state.timer.duration == 120 and EventKind.TIMER_START in kinds(out)
    assert "only" in refused(e, c.Buzz(at=13, team=1))
    ok(e, c.Judge(at=14, correct=True))
    assert scores(e) == [0, 0, 40] and chooser(e) == 2


def test_cat_wrong_answer_loses_the_value_and_the_giver_chooses_next():
    e = kit.engine(kit.specials_pack())
    open_special(e, 0)
    ok(e, sc.GiveCat(at=11, team=1))
    ok(e, sc.CatValue(at=12, value=10))
    ok(e, c.Judge(at=14, correct=False))
    assert scores(e) == [0, -10, 0] and chooser(e) == 0


def test_cat_silence_for_two_minutes_is_a_wrong_answer():
    e = kit.engine(kit.specials_pack())
    open_special(e, 0)
    ok(e, sc.GiveCat(at=11, team=1))
    ok(e, sc.CatValue(at=12, value=40))
    ok(e, c.Tick(at=131.9))
    assert scores(e) == [0, 0, 0]
    out = ok(e, c.Tick(at=132))
    assert EventKind.WRONG in kinds(out) and scores(e) == [0, -40, 0] and e.state.phase == "reveal"


# --- «Вопрос-аукцион» --------------------------------------------------------------------------------


def test_auction_bidding_order_is_opener_then_ascending_score():
    e = kit.engine(kit.specials_pack(), teams=4)
    set_scores(e, [100, 300, 50, 200])
    open_special(e, 1, opener=1)
    assert e.state.fmt.auction.order == (1, 2, 0, 3)


def test_auction_opener_cannot_pass_first_and_bids_at_least_the_nominal():
    e = kit.engine(kit.specials_pack())
    set_scores(e, [100, 50, 200])
    open_special(e, 1)  # nominal 20
    assert "opener" in refused(e, sc.Pass(at=11, team=0))
    refused(e, sc.Bid(at=11, team=0, amount=10))
    refused(e, sc.Bid(at=11, team=2, amount=30))  # not Вера's turn
    ok(e, sc.Bid(at=11, team=0, amount=60))
    # Борис (50) cannot beat 60: out automatically; the turn goes to Вера.
    auction = e.state.fmt.auction
    assert 1 in auction.out and auction.current == 2
    ok(e, sc.Bid(at=12, team=2, amount=80))
    refused(e, sc.Bid(at=13, team=0, amount=80))  # not above the bid
    ok(e, sc.Pass(at=13, team=0))
    assert e.state.phase == "answering" and e.state.answering == 2 and e.state.fmt.value == 80
    ok(e, c.Judge(at=14, correct=True))
    assert scores(e) == [100, 50, 280] and chooser(e) == 2


def test_auction_contestant_who_cannot_beat_the_bid_is_excluded_automatically():
    e = kit.engine(kit.specials_pack())
    set_scores(e, [100, 50, 200])
    open_special(e, 1)
    ok(e, sc.Bid(at=11, team=0, amount=60))
    ok(e, sc.Bid(at=12, team=2, amount=100))  # Анна has 100: cannot go above it
    assert e.state.answering == 2 and e.state.fmt.value == 100


def test_auction_opener_below_the_nominal_plays_for_the_nominal_only():
    e = kit.engine(kit.specials_pack())
    set_scores(e, [5, 10, 10])
    open_special(e, 1)  # nominal 20
    refused(e, sc.Bid(at=11, team=0, amount=40))
    ok(e, sc.Bid(at=11, team=0, amount=20))
    # Nobody else can beat 20: the opener answers for the nominal.
    assert e.state.answering == 0 and e.state.fmt.value == 20
    ok(e, c.Judge(at=12, correct=False))
    assert scores(e) == [-15, 10, 10] and chooser(e) == 0


def test_auction_all_in_is_beaten_only_by_a_larger_all_in():
    e = kit.engine(kit.specials_pack())
    set_scores(e, [100, 150, 200])
    open_special(e, 1)
    ok(e, sc.Bid(at=11, team=0, amount=0, all_in=True))
    assert e.state.fmt.auction.bid == 100 and e.state.fmt.auction.all_in
    assert "Ва-банк" in refused(e, sc.Bid(at=12, team=1, amount=120))
    ok(e, sc.Bid(at=12, team=1, all_in=True))
    ok(e, sc.Bid(at=13, team=2, all_in=True))
    # Анна (100) and Борис (150) cannot beat 200: the bidding is over.
    assert e.state.answering == 2 and e.state.fmt.value == 200
    ok(e, c.Judge(at=14, correct=False))
    assert scores(e) == [100, 150, 0] and chooser(e) == 0  # the opener chooses after a lost auction


def test_auction_tie_in_the_bidding_order_is_settled_by_the_host():
    e = kit.engine(kit.specials_pack())
    set_scores(e, [100, 80, 80])
    open_special(e, 1)
    assert e.state.fmt.auction.order == (0, 1, 2)
    refused(e, sc.PickTeam(at=11, team=0))  # the opener is not part of a tie: it always bids first
    ok(e, sc.PickTeam(at=11, team=2))  # settled while the opener is still bidding
    assert e.state.fmt.auction.order == (0, 2, 1)
    ok(e, sc.Bid(at=11, team=0, amount=30))
    assert e.state.fmt.auction.current == 2


def test_undo_in_the_middle_of_an_auction_takes_back_one_bid():
    e = kit.engine(kit.specials_pack())
    set_scores(e, [100, 150, 200])
    open_special(e, 1)
    ok(e, sc.Bid(at=11, team=0, amount=40))
    before = e.state.fmt.auction
    ok(e, sc.Bid(at=12, team=1, amount=60))
    out = ok(e, c.Undo(at=13))
    assert isinstance(out.undone.command, sc.Bid) and out.undone.command.team == 1
    assert e.state.fmt.auction == before and e.state.phase == "auction"


# --- «Вопрос от спонсора» ------------------------------------------------------------------------------


def test_sponsor_question_chooser_answers_alone_without_penalty():
    e = kit.engine(kit.specials_pack())
    open_special(e, 2, opener=1)
    assert e.state.phase == "sponsor"
    ok(e, c.Go(at=11))
    assert e.state.answering == 1
    refused(e, c.Buzz(at=12, team=0))
    out = ok(e, c.Judge(at=13, correct=False))
    wrong = next(ev for ev in out.events if ev.kind == EventKind.WRONG)
    assert wrong.points == 0 and scores(e) == [0, 0, 0]


def test_sponsor_factor_multiplies_the_value():
    e = kit.engine(kit.specials_pack(), sponsor_factor=2)
    open_special(e, 2, opener=1)
    ok(e, c.Go(at=11))
    ok(e, c.Judge(at=13, correct=True))
    assert scores(e) == [0, 60, 0]


# --- the final -----------------------------------------------------------------------------------------


def test_final_excludes_zero_and_negative_scores():
    e = final_engine([0, -10, 50, 20])
    assert e.state.fmt.final.order == (3, 2)


def test_final_removal_order_is_ascending_score_round_and_round():
    e = final_engine([0, -10, 50, 20])
    removers = []
    for theme in (4, 0, 2, 1):
        removers.append(e.format.own(e.state).final.remover(5))
        ok(e, sc.FinalRemove(at=7, theme=theme))
    assert removers == [3, 2, 3, 2]
    refused(e, sc.FinalRemove(at=8, theme=3))  # one theme left
    assert e.format.final_theme(e.state.fmt.final) == 3


def test_final_removal_tie_is_settled_by_the_host():
    e = final_engine([30, 30, 50])
    refused(e, sc.PickTeam(at=7, team=2))  # 50 is not tied with 30
    ok(e, sc.PickTeam(at=7, team=1))
    assert e.state.fmt.final.order == (1, 0, 2)


def test_final_stake_limits_are_one_to_the_whole_score():
    e = final_engine([0, 40, 25])
    for theme in range(4):
        ok(e, sc.FinalRemove(at=7, theme=theme))
    ok(e, c.Go(at=8))
    refused(e, sc.FinalStake(at=9, team=1, amount=0))
    refused(e, sc.FinalStake(at=9, team=1, amount=41))
    refused(e, sc.FinalStake(at=9, team=0, amount=1))  # not in the final
    ok(e, sc.FinalStake(at=9, team=1, amount=40))
    assert "Вера" in refused(e, c.Go(at=10))  # no stake yet from Вера
    ok(e, sc.FinalStake(at=9, team=2, amount=1))
    ok(e, sc.FinalStake(at=9.5, team=2, amount=25))  # changed before the question
    ok(e, c.Go(at=10))
    assert e.state.phase == "final_question"


def test_final_scoring_correct_adds_and_wrong_subtracts_the_stake():
    e = final_engine([0, 40, 25])
    for theme in range(4):
        ok(e, sc.FinalRemove(at=7, theme=theme))
    ok(e, c.Go(at=8))
    ok(e, sc.FinalStake(at=9, team=1, amount=30))
    ok(e, sc.FinalStake(at=9, team=2, amount=20))
    ok(e, c.Go(at=10))
    out = ok(e, c.Go(at=11))
    assert kinds(out) == [EventKind.TIMER_START] and e.state.timer.duration == 30
    ok(e, c.Go(at=20))  # the host may move on before the clock ends
    assert e.state.fmt.final.order[e.state.fmt.final.showing] == 2  # Вера (25) first
    refused(e, c.Go(at=21))  # judge first
    ok(e, c.Judge(at=21, correct=False))
    ok(e, c.Go(at=22))
    ok(e, c.Judge(at=23, correct=True))
    assert scores(e) == [0, 70, 5]
    ok(e, c.Go(at=24))
    out = ok(e, c.Go(at=25))
    assert (out.events[0].kind, out.events[0].team) == (EventKind.WINNER, 1)


def test_undo_in_the_middle_of_the_final_stakes():
    e = final_engine([0, 40, 25])
    for theme in range(4):
        ok(e, sc.FinalRemove(at=7, theme=theme))
    ok(e, c.Go(at=8))
    ok(e, sc.FinalStake(at=9, team=1, amount=30))
    ok(e, sc.FinalStake(at=10, team=2, amount=20))
    out = ok(e, c.Undo(at=11))
    assert out.undone.command == sc.FinalStake(at=10, team=2, amount=20)
    assert e.state.fmt.final.stakes == ((1, 30),) and e.state.phase == "final_stakes"


# --- «Перестрелка» -------------------------------------------------------------------------------------


def test_shootout_on_a_two_way_tie_repeats_until_a_single_leader():
    """The old interpretation, now the parameter `shootout_until: first_lead`."""
    e = final_engine([40, 30, 10], shootout_until="first_lead")
    through_final(e, {0: 10, 1: 20, 2: 5}, {0: True, 1: True, 2: False})  # 50, 50, 5
    assert e.state.phase == "shootout" and e.state.fmt.shootout.tied == (0, 1)
    ok(e, c.Go(at=20))
    assert e.state.phase == "question" and e.state.fmt.value == 100
    first = e.format.current(e.state)
    assert first.q == "финал 0"  # the removed themes' questions come first
    refused(e, c.Buzz(at=21, team=2))  # not tied: may not press
    ok(e, c.Go(at=22))
    ok(e, c.Tick(at=25))  # nobody: still tied
    ok(e, c.Go(at=26))
    assert e.state.phase == "question" and e.format.current(e.state).q == "финал 1"
    ok(e, c.Buzz(at=27, team=1))
    ok(e, c.Judge(at=28, correct=True))
    out = ok(e, c.Go(at=29))
    assert scores(e) == [50, 150, 5] and (out.events[0].kind, out.events[0].team) == (EventKind.WINNER, 1)


def test_shootout_on_a_three_way_tie_narrows_to_those_still_tied():
    """The old interpretation, now the parameter `shootout_until: first_lead`."""
    e = final_engine([30, 30, 30], shootout_until="first_lead")
    through_final(e, {0: 10, 1: 10, 2: 10}, {0: True, 1: True, 2: True})  # 40 each
    assert e.state.fmt.shootout.tied == (0, 1, 2)
    ok(e, c.Go(at=20))
    ok(e, c.Buzz(at=21, team=0))
    ok(e, c.Judge(at=22, correct=False))  # −100: Анна falls behind
    ok(e, c.Go(at=23))  # read: the others' window
    ok(e, c.Tick(at=30))
    ok(e, c.Go(at=31))
    assert e.state.fmt.shootout.tied == (1, 2)
    refused(e, c.Buzz(at=32, team=0))
    ok(e, c.Buzz(at=33, team=2))
    ok(e, c.Judge(at=34, correct=True))
    out = ok(e, c.Go(at=35))
    assert (out.events[0].kind, out.events[0].team) == (EventKind.WINNER, 2)
    assert e.format.winner(e.state) == [2]  # the winner scene shows the format's decision


def test_shootout_questions_run_from_removed_themes_to_reserve_to_the_host():
    e = final_engine([30, 30, 5])
    through_final(e, {0: 10, 1: 10, 2: 5}, {0: True, 1: True, 2: False})
    asked = []
    for i in range(7):
        ok(e, c.Go(at=20 + i * 10))
        asked.append(e.format.current(e.state).q)
        ok(e, c.Go(at=21 + i * 10))
        ok(e, c.Tick(at=25 + i * 10))
    assert asked == ["финал 0", "финал 1", "финал 2", "финал 3", "резерв 0", "резерв 1", ""]


# --- kill -9 during the final ------------------------------------------------------------------------


def test_kill_minus_nine_during_the_final_resumes_the_same_scores_stakes_and_step(tmp_path):
    import random

    from quizshow.runtime.journal.file import Journal
    from tests.conftest import svoyak_engine
    from tests.crash_worker import kill_at_random
    from tests.svoyak_crash_worker import fingerprint

    path = tmp_path / "svoyak.journal.jsonl"
    rng = random.Random(77)
    acked = None
    for run in range(5):
        # Killed at a random moment once the show is in the final.
        acked, pending = kill_at_random("svoyak_crash_worker.py", path, run, rng.uniform(0.0, 0.2),
                                        lambda line: '"final_' in line, acked)
        reader, loaded = Journal.open(path, "svoyak-crash-test")
        reader.close()
        engine = svoyak_engine(loaded.seed)
        loaded.restore(engine)
        got = fingerprint(engine)
        assert got in {acked, pending}, f"run {run}: restart shows {got}; last ack {acked}; being written {pending}"
        acked = got
        assert engine.state.phase.startswith("final_") or engine.state.phase in ("shootout", "end")


def test_every_step_the_crew_may_light_or_sound_emits_an_effect():
    from tests.conftest import svoyak_engine
    from tests.svoyak_display_kit import walk

    e = svoyak_engine()
    events = []
    for cmd in [cmd for _, step in walk() for cmd in step] + [c.Go(at=9_000)]:
        events += e.dispatch(cmd).events
    seen = {ev.kind for ev in events}
    for kind in (EventKind.QUESTION, EventKind.BUZZ, EventKind.CORRECT, EventKind.WRONG, EventKind.TIMER_START,
                 EventKind.REVEAL, EventKind.ROUND_START, EventKind.FINAL_START, EventKind.WINNER):
        assert kind in seen, kind
    opened = {ev.question_kind for ev in events if ev.kind == EventKind.QUESTION}
    assert opened == {"regular", "cat", "auction", "sponsor", "final"}
    # The cat's two minutes warn at ten seconds left and expire.
    e = kit.engine(kit.specials_pack())
    open_special(e, 0)
    ok(e, sc.GiveCat(at=11, team=1))
    ok(e, sc.CatValue(at=12, value=40))
    assert kinds(ok(e, c.Tick(at=122))) == [EventKind.TIMER_WARNING]
    assert EventKind.TIMER_EXPIRED in kinds(ok(e, c.Tick(at=132)))


def test_a_press_made_earlier_but_arriving_later_takes_the_answer():
    """Two boxes: the second box's line arrives 3 ms after the first's, but its press was 1 ms earlier."""
    e = kit.engine(whole_game_pack())
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))
    ok(e, c.Buzz(at=11.000, team=1, source_time=10.999, device="box1"))
    assert e.state.answering == 1
    out = ok(e, c.Buzz(at=11.003, team=2, source_time=10.998, device="box2"))
    assert e.state.answering == 2 and out.events[0].margin_s == 0.0
    # Later in both senses: not taken (a wrong answer opens a fresh window for a new press).
    assert "is answering" in refused(e, c.Buzz(at=11.004, team=0, source_time=11.0, device="box1"))
    assert e.state.answering == 2


# --- issue 11: every decision by the press's own time, and the rule book to the letter ----------------------

LIMIT_CASES = [(-0.001, True), (0.0, True), (0.001, False)]  # (offset from the limit, in time)


def read_question(e: Engine) -> None:
    """A regular question shown at 10; the host's "read" signal at 12: the 3 s window runs 12 .. 15."""
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))
    ok(e, c.Go(at=12))


@pytest.mark.parametrize("offset,in_time", LIMIT_CASES)
def test_three_second_window_is_judged_at_the_press_even_before_the_expiry_tick(offset, in_time):
    """Seed 000: «Если в течение трёх секунд на вопрос никто не отвечает, то ведущий объявляет правильный ответ».
    A press at exactly the limit is in time; no tick came between the end and the line."""
    e = kit.engine(whole_game_pack())
    read_question(e)
    press = c.Buzz(at=15.3, team=1, source_time=15.0 + offset)
    if in_time:
        ok(e, press)
        assert e.state.answering == 1
    else:
        assert "too late" in refused(e, press)


@pytest.mark.parametrize("offset,in_time", LIMIT_CASES)
def test_three_second_window_a_press_before_the_end_overturns_the_expiry_and_replay_agrees(offset, in_time):
    """Seed 000: «Игроки могут нажимать на кнопку в любой момент после появления вопроса» — a press made in
    time keeps its right although its line arrives after the expiry was applied; the journal shows both."""
    e = kit.engine(whole_game_pack())
    read_question(e)
    ok(e, c.Tick(at=15.02))
    assert e.state.phase == "reveal"
    press = c.Buzz(at=15.1, team=2, source_time=15.0 + offset)
    if not in_time:
        refused(e, press)
        assert e.state.phase == "reveal"
        return
    ok(e, press)
    assert e.state.phase == "answering" and e.state.answering == 2 and e.state.banner is None
    journal = [entry.command for entry in e.entries]
    assert [type(cmd) for cmd in journal[-2:]] == [c.Tick, c.Buzz]
    again = kit.engine(whole_game_pack())
    again.replay(journal)
    assert again.state == e.state


def test_an_expiry_stands_once_the_host_has_moved_on():
    """Seed 000: «ведущий объявляет правильный ответ» — after the host's next step a late line changes nothing."""
    e = kit.engine(whole_game_pack())
    read_question(e)
    ok(e, c.Tick(at=15.02))
    ok(e, c.Go(at=16))
    refused(e, c.Buzz(at=16.1, team=2, source_time=14.9))
    assert e.state.phase == "board"


def test_the_clock_stops_at_the_press_not_when_its_line_arrives():
    """Seed 000: «любой из игроков может нажать на кнопку и дать ответ» — the window is stopped at the press."""
    e = kit.engine(whole_game_pack(), preset="svoyak-teams")
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))  # one minute from the question: 10 .. 70
    ok(e, c.Buzz(at=30.5, team=0, source_time=30.0))
    assert e.state.timer.remaining(40) == pytest.approx(40.0)


def test_final_a_player_who_left_before_the_final_is_never_a_shootout_candidate():
    """Seed 000: «Отвечать на них могут лишь кандидаты на победу»."""
    e = final_engine([0, 10, -5])
    assert e.state.fmt.final.order == (1,)
    for theme in range(4):
        ok(e, sc.FinalRemove(at=7, theme=theme))
    ok(e, c.Go(at=8))
    ok(e, sc.FinalStake(at=9, team=1, amount=10))
    ok(e, c.Go(at=10))
    ok(e, c.Go(at=11))
    ok(e, c.Go(at=12))
    ok(e, c.Judge(at=13, correct=False))  # 10 − 10 = 0: level with Анна, who left at 0
    ok(e, c.Go(at=14))
    out = ok(e, c.Go(at=15))
    assert e.state.phase == "end" and (out.events[0].kind, out.events[0].team) == (EventKind.WINNER, 1)


@pytest.mark.parametrize("offset,in_time", LIMIT_CASES)
def test_immortal_feat_after_a_wrong_answer_another_team_answers_within_10_s_and_no_later(offset, in_time):
    """Seed 000, «Бессмертный подвиг»: «Если ответ команды не правильный, то в течении 10 секунд может ответить
    другая команда»."""
    e = kit.engine(whole_game_pack(), preset="svoyak-teams")
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))
    ok(e, c.Buzz(at=20, team=0))
    ok(e, c.Judge(at=22, correct=False))  # the 10 s window: 22 .. 32
    press = c.Buzz(at=32.4, team=1, source_time=32.0 + offset)
    if in_time:
        ok(e, press)
        assert e.state.answering == 1
    else:
        refused(e, press)
        ok(e, c.Tick(at=32.5))
        assert e.state.phase == "reveal"
        refused(e, c.Buzz(at=33, team=2))


def test_immortal_feat_the_60_s_window_still_lets_the_host_ask_who_has_an_answer():
    """Seed 000: «По истечении времени: - "Время вышло, у кого есть ответ?"»."""
    e = kit.engine(whole_game_pack(), preset="svoyak-teams")
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))
    ok(e, c.Tick(at=70.5))
    assert e.state.phase == "question" and e.state.banner.text_key == "banner.time_over_who"
    ok(e, c.Buzz(at=72, team=2))
    assert e.state.answering == 2


def test_shootout_asks_all_four_questions_then_compares_and_a_new_tie_starts_a_new_shootout():
    """Seed 000: «Задаются 4 вопроса убранные игроками из финального раунда … В случае повторного равенства
    очков проводится новая «перестрелка»»."""
    e = final_engine([40, 30, 10])
    through_final(e, {0: 10, 1: 20, 2: 5}, {0: True, 1: True, 2: False})  # 50, 50, 5
    at = 20.0
    for question in range(4):
        ok(e, c.Go(at=at))
        assert e.state.phase == "question" and e.format.current(e.state).q == f"финал {question}"
        if question == 0:
            ok(e, c.Buzz(at=at + 1, team=1))
            ok(e, c.Judge(at=at + 2, correct=True))  # 150 : 50 — yet the shoot-out goes on
        elif question == 1:
            ok(e, c.Buzz(at=at + 1, team=0))
            ok(e, c.Judge(at=at + 2, correct=True))  # 150 : 150
        else:
            ok(e, c.Go(at=at + 1))
            ok(e, c.Tick(at=at + 5))
        assert e.state.phase == "reveal"
        at += 10
    assert e.format.next_action(e.state).key == "next.shootout_next"
    ok(e, c.Go(at=at))  # still tied after four: a new shoot-out
    assert e.state.fmt.shootout.tied == (0, 1) and e.state.fmt.shootout.round_from == 4
    assert e.format.current(e.state).q == "резерв 0"


def test_shootout_a_single_leader_after_all_four_questions_wins():
    """Seed 000: «Задаются 4 вопроса убранные игроками из финального раунда»."""
    e = final_engine([40, 30, 10])
    through_final(e, {0: 10, 1: 20, 2: 5}, {0: True, 1: True, 2: False})
    at = 20.0
    for question in range(4):
        ok(e, c.Go(at=at))
        if question == 0:
            ok(e, c.Buzz(at=at + 1, team=0))
            ok(e, c.Judge(at=at + 2, correct=True))
        else:
            ok(e, c.Go(at=at + 1))
            ok(e, c.Tick(at=at + 5))
        at += 10
    out = ok(e, c.Go(at=at))
    assert (out.events[0].kind, out.events[0].team) == (EventKind.WINNER, 0)


@pytest.mark.parametrize("lowest,zero_ok", [(1, False), (0, True)])
def test_final_stake_any_sum_up_to_the_score_zero_is_a_parameter(lowest, zero_ok):
    """Seed 000: «Игрок может поставить любую сумму, но не выше своего результата». Default: from 1."""
    e = final_engine([0, 40, 25], final_min_stake=lowest)
    for theme in range(4):
        ok(e, sc.FinalRemove(at=7, theme=theme))
    ok(e, c.Go(at=8))
    stake = sc.FinalStake(at=9, team=1, amount=0)
    if zero_ok:
        ok(e, stake)
    else:
        assert "from 1" in refused(e, stake)
    refused(e, sc.FinalStake(at=9, team=1, amount=41))


@pytest.mark.parametrize("offset,allowed", [(-0.001, False), (0.0, False), (0.001, True)])
def test_answer_at_once_a_stalled_answer_is_ruled_wrong_after_the_answer_start_time(offset, allowed):
    """Seed 000, «Бессмертный подвиг»: «Отвечать необходимо сразу»."""
    e = kit.engine(whole_game_pack(), preset="svoyak-teams", answer_start_s=5)
    to_board(e)
    ok(e, sc.SelectCell(at=10, theme=0, question=0))
    ok(e, c.Buzz(at=20, team=0))
    stall = c.Discipline(at=25.0 + offset, team=0, what="stall")
    if not allowed:
        assert "still has" in refused(e, stall)
        return
    ok(e, stall)
    assert 0 in e.state.locked and scores(e)[0] == -10 and e.state.phase == "question"


def test_team_size_the_team_variant_is_three_teams_of_six_a_wrong_size_is_a_warning_at_its_line(tmp_path):
    """Seed 000, «Бессмертный подвиг»: «В игре принимают участие 3 команды. Количество участников команды
    6 человек»."""
    from quizshow.cli import check_files
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems
    from tests.conftest import ROOT

    text = (ROOT / "shows" / "svoyak-teams.yaml").read_text(encoding="utf-8").replace("../packs/", f"{ROOT}/packs/")
    cut = text.index('  - name: "Горцы"')
    short = text[:cut].replace(', "Игорь Морозов"', "") + text[text.index("devices:"):]  # 2 teams; one of 5
    path = tmp_path / "teams.yaml"
    path.write_text(short, encoding="utf-8")
    problems = Problems()
    assert load_show(path, problems) is not None and not problems.errors
    lines = short.splitlines()
    north = next(i for i, row in enumerate(lines, 1) if "Северяне" in row)
    teams = next(i for i, row in enumerate(lines, 1) if row.startswith("teams:"))
    assert sorted(str(p) for p in problems.items) == sorted([
        f"{path}:{north}: warning: team 'Северяне' has 5 players; preset svoyak-teams needs 6",
        f"{path}:{teams + 1}: warning: preset svoyak-teams is played by 3 teams (found 2)"])
    assert check_files([path]) == 0  # warnings: the seed does not say «только»
    problems = Problems()
    load_show(ROOT / "shows" / "svoyak-teams.yaml", problems)
    assert not problems.items
