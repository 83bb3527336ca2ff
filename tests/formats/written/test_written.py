"""The written quiz (rules.md §5, seed 001 part 2): each rule by its seed sentence."""

from __future__ import annotations

import pytest

from quizshow.core import commands as c
from quizshow.core.state import ShowState
from quizshow.formats.written import commands as wc
from tests.written_kit import engine, go, mark, pack, play_question
from tests.written_rules_kit import _to_the_end, start


def test_the_minute_then_ten_seconds_to_hand_in():
    """«На обсуждение каждого вопроса дается одна минута. Команды играют одновременно и после окончания
    минуты в течении 10 секунд должны сдать ответы помощникам.»"""
    e = engine()
    t = start(e)
    assert e.state.phase == "question"
    go(e, t)
    assert e.state.phase == "minute" and e.state.timer.remaining(t) == 60
    warned = e.dispatch(c.Tick(at=t + 50.5))
    assert [ev.kind.value for ev in warned.events] == ["timer/warning"]  # the warning at 10 s
    assert e.state.phase == "minute"
    e.dispatch(c.Tick(at=t + 60.0))
    assert e.state.phase == "hand_in" and e.state.timer.remaining(t + 60) == 10
    assert e.state.banner is not None and e.state.banner.text_key == "banner.hand_in"
    assert not e.dispatch(c.Go(at=t + 65)).accepted  # sheets are still coming in
    e.dispatch(c.Tick(at=t + 70.0))
    assert e.state.phase == "answer"


def test_a_late_sheet_scores_zero():
    """«Eсли команда не успела сдать свой ответ ей дается 0 очков.»"""
    e = engine()
    t = play_question(e, start(e))
    mark(e, 0, 0, 1)
    assert [team.score for team in e.state.teams] == [1, 1, 0, 0]
    out = e.dispatch(wc.Late(at=t, team=1, number=0, late=True))
    assert out.accepted
    assert e.state.teams[1].score == 0  # marked correct, but late: 0
    e.dispatch(wc.Late(at=t, team=1, number=0, late=False))
    assert e.state.teams[1].score == 1


def test_a_question_is_not_marked_before_its_sheets_are_in():
    e = engine()
    t = start(e)
    out = e.dispatch(wc.Mark(at=t, team=0, number=0))
    assert not out.accepted and "not been played" in out.refused
    out = e.dispatch(wc.Mark(at=t, team=0, number=1))
    assert not out.accepted


def test_one_extra_minute_per_team_per_game():
    """«Каждая команда имеет одну дополнительную минуту которой можно пользоваться 1 раз за игру.»"""
    e = engine()
    t = start(e)
    go(e, t)  # the minute runs
    assert e.dispatch(wc.ExtraMinute(at=t + 30, team=2)).accepted
    e.dispatch(c.Tick(at=t + 60))  # the common minute ends: hand-in; team 2's own minute starts
    extra = e.state.fmt.extra_minute_of(2)
    assert e.state.phase == "hand_in" and extra.timer.running
    e.dispatch(c.Tick(at=t + 70.5))
    assert e.state.phase == "hand_in"  # the answer waits for the team that thinks on
    assert e.state.fmt.extra_minute_of(2).timer.remaining(t + 70.5) == pytest.approx(59.5)
    e.dispatch(c.Tick(at=t + 130.01))
    assert e.state.phase == "answer"
    # The next question: the same team is refused with a reason; another team may take its own.
    t = t + 131
    go(e, t)
    go(e, t + 1)
    out = e.dispatch(wc.ExtraMinute(at=t + 2, team=2))
    assert not out.accepted and out.refused == "Гамма has taken its extra minute already (question 1.1)"
    assert e.dispatch(wc.ExtraMinute(at=t + 2, team=0)).accepted


def test_an_extra_minute_taken_during_the_hand_in_runs_from_then():
    e = engine()
    t = start(e)
    go(e, t)
    e.dispatch(c.Tick(at=t + 60))
    assert e.dispatch(wc.ExtraMinute(at=t + 65, team=1)).accepted
    assert e.state.fmt.extra_minute_of(1).timer.remaining(t + 65) == 70
    e.dispatch(c.Tick(at=t + 70.5))
    assert e.state.phase == "hand_in"
    e.dispatch(c.Tick(at=t + 135.01))
    assert e.state.phase == "answer"


def test_club_help_once_per_team_per_game():
    """«Tакже каждая команда имеет возможность взять помощь клуба 1 раз за всю игру.»"""
    e = engine()
    t = start(e)
    assert e.dispatch(wc.ClubHelp(at=t, team=0)).accepted
    assert e.state.fmt.club_help_of(0) == 0
    out = e.dispatch(wc.ClubHelp(at=t, team=0))
    assert not out.accepted and out.refused == "Альфа has taken its club help already (question 1.1)"
    t = play_question(e, t)
    go(e, t)  # question 2
    out = e.dispatch(wc.ClubHelp(at=t, team=0))
    assert not out.accepted and "already" in out.refused
    assert e.dispatch(wc.ClubHelp(at=t, team=1)).accepted


def test_club_help_is_refused_when_the_pack_has_no_hint():
    e = engine(the_pack=pack(hints=False))
    start(e)
    out = e.dispatch(wc.ClubHelp(at=1, team=0))
    assert not out.accepted and "no club help" in out.refused
    assert e.state.fmt.club_help_of(0) is None  # the right is not spent


def test_tours_of_questions_and_results_after_each_tour():
    """«Игра состоит из 3 туров по 10-12 вопросов в каждом.»"""
    e = engine(the_pack=pack(tours=(2, 2, 2)))
    t = start(e)
    for _ in range(2):
        t = play_question(e, t)
        go(e, t)
    assert e.state.phase == "results" and e.state.fmt.results_after == 0
    go(e, t)
    assert e.state.phase == "question"
    pos = e.format.position(e.state)
    assert (pos["round"], pos["question"], pos["of"]) == (1, 0, 2)


def _author_engine(teams: int = 4):
    # Tour 2's first question (global number 2) was sent in by «Гамма» (team 2).
    e = engine(teams=teams, the_pack=pack(tours=(2, 2), authors={(1, 0): "Гамма"}))
    t = start(e)
    for _ in range(2):
        t = play_question(e, t)
        go(e, t)
    go(e, t)  # results after tour 1 → tour 2's first question
    t = play_question(e, t + 1)
    assert e.state.fmt.number == 2
    return e, t


def test_the_author_team_does_not_play_its_own_question():
    """«Второй тур включает в себя вопросы присланные играющими командами. Команда приславшая вопрос не
    играет свой вопрос.»"""
    e, t = _author_engine()
    out = e.dispatch(wc.Mark(at=t, team=2, number=2))
    assert not out.accepted and out.refused == "Гамма sent this question in and does not play it"
    go(e, t)
    out = e.dispatch(wc.ClubHelp(at=t, team=2))
    assert out.accepted  # on the next question it plays again


@pytest.mark.parametrize(("answered", "point"), [((), 0), ((0,), 1), ((0, 1), 1), ((0, 1, 3), 0)])
def test_the_author_earns_a_point_if_some_but_not_all_teams_answered(answered, point):
    """«Однако, в случае если хотя бы одна из команд правильно ответила на вопрос, то команда приславшая
    вопрос получает одно очко. Если на вопрос ответили все команды или не ответил никто, команда
    приславшая вопрос не получает дополнительного очка.»"""
    e, t = _author_engine()
    mark(e, 2, *answered, at=t)
    assert e.state.teams[2].score == point
    line = next(line for line in e.format.lines(e.state) if line.team == 2)
    assert line.tours == (0, point)  # the point counts in tour 2's column


def test_the_author_point_counts_in_time_sheets_only():
    """A late sheet is not an answer: all three others answered, but one late → some, not all."""
    e, t = _author_engine()
    mark(e, 2, 0, 1, 3, at=t)
    assert e.state.teams[2].score == 0
    e.dispatch(wc.Late(at=t, team=3, number=2, late=True))
    assert e.state.teams[2].score == 1


def test_extra_players_cost_a_point_each_up_to_two():
    """«Команда может дозаявить еще 2 человек максимум, но за это с команды снимается -1 очко!»"""
    e = engine()
    assert e.dispatch(wc.ExtraPlayers(at=0, team=0, count=2)).accepted
    assert e.state.teams[0].score == -2
    out = e.dispatch(wc.ExtraPlayers(at=0, team=0, count=3))
    assert not out.accepted and out.refused == "a team may add 0 to 2 players"
    e.dispatch(wc.ExtraPlayers(at=0, team=0, count=1))
    assert e.state.teams[0].score == -1


def test_correcting_a_past_cell_is_journalled_and_undoable():
    e = engine()
    t = play_question(e, start(e))
    mark(e, 0, 0, 1, 2)
    go(e, t)
    t = play_question(e, t)
    mark(e, 1, 3)
    before = e.state
    fix = e.dispatch(wc.Mark(at=t, team=1, number=0, correct=False))  # a past question
    assert fix.accepted and fix.changed and e.entries[-1].command == fix.command
    assert e.state.teams[1].score == 0
    undo = e.dispatch(c.Undo(at=t + 1))
    assert undo.accepted and e.state == before


def test_scores_come_from_the_grid_only():
    e = engine()
    out = e.dispatch(c.ScoreAdd(at=0, team=0, points=5))
    assert not out.accepted


def test_a_tie_for_first_is_broken_by_extra_questions():
    """«Если после последнего вопроса игры две или более команды набирают наибольшее одинаковое количество
    очков, то команды играют один или более дополнительных вопросов пока не определится команда набравшая
    единолично наибольшее количество очков.»"""
    e = engine(the_pack=pack(tours=(2,)))
    t = _to_the_end(e, 0.0, {0: (0, 1, 2), 1: (0, 1, 2)})
    number = e.state.fmt.number
    assert e.state.phase == "question" and e.format.is_extra(number)
    assert e.state.fmt.tiebreak == ((0, 1, 2),)
    t = play_question(e, t)
    out = e.dispatch(wc.Mark(at=t, team=3, number=number))
    assert not out.accepted  # only the tied teams play it
    mark(e, number, 0, 1, at=t)  # still a tie between two of them
    go(e, t)
    assert e.state.phase == "question" and e.state.fmt.tiebreak[-1] == (0, 1)
    t = play_question(e, t + 1)
    mark(e, number + 1, 1, at=t)
    go(e, t)
    assert e.state.phase == "results" and e.state.fmt.results_after == -1
    out = e.dispatch(c.Go(at=t + 1))
    assert e.state.phase == "podium"
    assert [(ev.kind.value, ev.team) for ev in out.events] == [("winner", 1)]


def test_no_tie_goes_straight_to_the_podium():
    e = engine(the_pack=pack(tours=(1,)))
    _to_the_end(e, 0.0, {0: (2,)})
    assert e.state.phase == "podium"


def test_a_restart_holds_the_clocks():
    e = engine()
    t = start(e)
    go(e, t)
    e.dispatch(wc.ExtraMinute(at=t, team=0))
    e.dispatch(c.Tick(at=t + 60))
    e.dispatch(c.Resumed(at=t + 61))
    assert not e.state.timer.running and not e.state.fmt.extra_minute_of(0).timer.running
    assert e.dispatch(c.TimerStart(at=t + 100)).accepted
    assert e.state.fmt.extra_minute_of(0).timer.running


def test_equal_totals_share_a_place_block():
    """The table writes a shared place «8–10» on each row of the block (mockups/README.md)."""
    from quizshow.formats.written.model import Grid, Written
    from quizshow.formats.written.standings import Asked, blocks, standings

    names = ["Б", "А", "В", "Г", "Д"]
    asked = [Asked(n, 0, None, tuple(range(5))) for n in range(3)]
    grid = Grid(correct=frozenset({(0, 0), (0, 1), (1, 0), (2, 0), (3, 2)}))
    lines = standings(names, asked, 2, Written(grid=grid), 1)
    assert [(line.name, line.place_text, line.total) for line in lines] == [
        ("Б", "1", 2), ("А", "2–4", 1), ("В", "2–4", 1), ("Г", "2–4", 1), ("Д", "5", 0)]
    assert lines[0].tours == (2, None)  # tour 2 not started: «—»
    assert blocks(lines) == [(0, 0), (1, 3), (4, 4)]


def test_the_grid_exports_as_csv_and_printable_html():
    import csv
    import io

    from quizshow.formats.written.export import grid_csv, grid_html

    e, t = _author_engine()
    mark(e, 0, 0, 1, at=t)
    mark(e, 2, 0, at=t)
    e.dispatch(wc.Late(at=t, team=1, number=0, late=True))
    rows = list(csv.reader(io.StringIO(grid_csv(e.format, e.state))))
    assert rows[0] == ["Место", "Команда", "1.1", "1.2", "2.1", "Т1", "Т2", "Доп", "Штраф", "Сумма"]
    by_name = {row[1]: row for row in rows[1:]}
    assert by_name["Альфа"] == ["1", "Альфа", "1", "0", "1", "1", "1", "", "", "2"]
    assert by_name["Бета"][2] == "опоздание" and by_name["Бета"][-1] == "0"
    assert by_name["Гамма"][4] == "автор 1" and by_name["Гамма"][-1] == "1"
    page = grid_html(e.format, e.state, "Вечер <ЧГК>")
    assert "<title>Вечер &lt;ЧГК&gt;</title>" in page and page.count("<tr") == 6 and "@page" in page  # + «Взяли»


def test_kill_minus_nine_in_the_middle_of_marking_resumes_the_same_grid(tmp_path):
    """Nothing is lost: killed at random while 40 teams are being marked, a restart shows the grid as
    it was last acknowledged (or with the mark being written when the kill came)."""
    import random

    from quizshow.runtime.journal.file import Journal
    from tests.crash_worker import kill_at_random
    from tests.written_crash_worker import engine as crash_engine
    from tests.written_crash_worker import fingerprint

    path = tmp_path / "written.journal.jsonl"
    rng = random.Random(18)
    acked = None
    for run in range(5):
        acked, pending = kill_at_random("written_crash_worker.py", path, run, rng.uniform(0.05, 0.3),
                                        lambda line: '"answer"' in line, acked)
        reader, loaded = Journal.open(path, "written-crash-test")
        reader.close()  # the journal is locked while open: the next run must get it
        e = crash_engine()
        loaded.restore(e)
        got = fingerprint(e)
        assert got in {acked, pending}, f"run {run}: restart shows {got}; last ack {acked}; being written {pending}"
        acked = got
        assert e.state.phase == "answer"
    assert e.state.fmt.grid.correct  # marks were made and survived


def test_tours_of_10_to_12_questions_a_tour_of_another_size_is_a_warning_at_its_line(tmp_path):
    """«Игра состоит из 3 туров по 10-12 вопросов в каждом.» — a shorter tour still plays; --check warns."""
    from quizshow.cli import check_files
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems
    from tests.conftest import ROOT

    text = (ROOT / "packs" / "written-demo.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    tour = next(i for i, row in enumerate(lines) if '- name: "Тур 2"' in row)
    cut = [i for i, row in enumerate(lines) if i < tour and row.startswith("      - q:")][-1]
    short = "\n".join(lines[:cut] + lines[tour:]) + "\n"  # tour 1 loses its last question: 9
    (tmp_path / "media").symlink_to(ROOT / "packs" / "media")
    (tmp_path / "pack.yaml").write_text(short, encoding="utf-8")
    show = tmp_path / "show.yaml"
    show.write_text((ROOT / "shows" / "written.yaml").read_text(encoding="utf-8")
                    .replace("../packs/written-demo.yaml", "pack.yaml"), encoding="utf-8")
    problems = Problems()
    assert load_show(show, problems) is not None and not problems.errors
    first = next(i for i, row in enumerate(short.splitlines(), 1) if '- name: "Тур 1"' in row)
    assert [str(p) for p in problems.items] == [
        f"{tmp_path / 'pack.yaml'}:{first}: warning: tour 'Тур 1' has 9 questions; a tour has 10–12 "
        "(tour_min, tour_max)"]
    assert check_files([show]) == 0
    show.write_text(show.read_text(encoding="utf-8") + "rules: {tour_min: 9}\n", encoding="utf-8")
    problems = Problems()
    load_show(show, problems)
    assert not problems.items


def test_equal_totals_sort_by_name_with_yo_among_the_e():
    """Ties sort by name (docs/written.md) as a Russian reader sorts: «Ёжики» after «Гуси», before «Ледокол»
    (the code point of «ё» comes after «я»; the results table put «Ёжики в тумане» last)."""
    from quizshow.formats.written.model import Written
    from quizshow.formats.written.standings import Asked, standings

    names = ["Тёмные лошадки", "Ёжики в тумане", "Ледокол", "Гуси-лебеди", "Ежевика", "Ёж"]
    lines = standings(names, [Asked(0, 0, None, tuple(range(6)))], 1, Written(), 1)
    assert [line.name for line in lines] == ["Гуси-лебеди", "Ёж", "Ежевика", "Ёжики в тумане", "Ледокол",
                                             "Тёмные лошадки"]


def test_the_console_says_what_next_does_in_every_step():
    """«ДАЛЕЕ» names the one thing Next will do: wait for the minute (or end it once F5 has paused it),
    wait for the sheets (or show the answer once paused), the next question, the tour's results, the
    next tour, an extra question while first place is shared, the final results, the podium."""
    e = engine(the_pack=pack(tours=(2, 1)))
    def said(state: ShowState) -> str:
        return e.format.next_action(state).key

    t = start(e)
    assert said(e.state) == "next.written_minute"
    go(e, t)
    assert said(e.state) == "next.written_wait_minute"
    e.dispatch(c.TimerStop(at=t + 5))
    assert said(e.state) == "next.written_end_minute"
    go(e, t + 6)
    assert e.state.phase == "hand_in" and said(e.state) == "next.written_wait_sheets"
    e.dispatch(c.TimerStop(at=t + 7))
    assert said(e.state) == "next.written_show_answer"
    go(e, t + 8)
    assert e.state.phase == "answer" and said(e.state) == "next.written_next_question"
    mark(e, 0, 0, 1, at=t + 9)
    go(e, t + 10)
    t = play_question(e, t + 11)
    assert said(e.state) == "next.written_tour_results"
    go(e, t)
    assert said(e.state) == "next.written_next_tour"
    go(e, t + 1)
    t = play_question(e, t + 2)
    assert said(e.state) == "next.written_final_results"
    go(e, t)
    assert said(e.state) == "next.written_extra_question"  # Альфа and Бета share first place
    go(e, t + 1)
    t = play_question(e, t + 2)
    mark(e, e.state.fmt.number, 1, at=t)
    assert said(e.state) == "next.written_final_results"
    go(e, t)
    assert said(e.state) == "next.written_podium"
    go(e, t + 1)
    assert e.state.phase == "podium"


def test_next_names_the_podium_when_the_extra_questions_are_used_up():
    e = engine(the_pack=pack(tours=(1,)), max_extra_questions=1)
    t = play_question(e, start(e))
    mark(e, 0, 0, 1, at=t)
    go(e, t)  # the final results
    go(e, t + 1)  # the one extra question
    t = play_question(e, t + 2)
    mark(e, e.state.fmt.number, 0, 1, at=t)  # still shared
    assert e.format.next_action(e.state).key == "next.written_final_results"
    go(e, t)
    assert e.format.next_action(e.state).key == "next.written_podium"
    go(e, t + 1)
    assert e.state.phase == "podium"
