"""Issue 22: rule gaps against the seeds (001, 004) and what a host tripped on in a tournament day."""

from __future__ import annotations

import re

from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.event.model import Fixture
from tests import tournament_kit as tk
from tests.conftest import ok


def _to_clock(e: Engine, at: float) -> None:
    if e.state.phase == "title":
        ok(e, c.Go(at=at - 1))
    ok(e, c.Announce(at=at))
    ok(e, c.TimerStart(at=at + 5))


def _nobody_answers(e: Engine, at: float) -> None:
    while e.state.phase == "clock":
        ok(e, c.Tick(at=at))
        at += 100
    ok(e, c.Go(at=at))


# --- item 1: seed 001 3C, the play-off ------------------------------------------------------------------


def test_seed001_playoff_every_question_is_worth_one_point_no_carry_over():
    """3C «дополнительный бой из 3-х вопросов, каждый 1 очко»: a question nobody answered does not make the
    next one worth 2 (the qualifying games keep the 1-2-1 carry-over)."""
    fmt = make_format(tk.config(tk.SEED001))
    playoff = Engine(fmt._format_for(Fixture("PO1", "playoff", (0, 1)), (0, 1)), 1)  # type: ignore[attr-defined]
    _to_clock(playoff, 10)
    _nobody_answers(playoff, 100)
    _to_clock(playoff, 1000)
    assert playoff.state.fmt.value == 1
    ok(playoff, c.Buzz(at=1006, team=1))
    ok(playoff, c.Judge(at=1007, correct=True))
    assert [t.score for t in playoff.state.teams[:2]] == [0, 1]
    qualifying = Engine(fmt._format_for(Fixture("Q1", "qualifying", (0, 1)), (0, 1)), 1)  # type: ignore[attr-defined]
    _to_clock(qualifying, 10)
    _nobody_answers(qualifying, 100)
    _to_clock(qualifying, 1000)
    assert qualifying.state.fmt.value == 2


# --- item 2: seed 004 6.1, a full team only -------------------------------------------------------------


def _tournament_copy(tmp_path, source, edit):
    text = source.read_text(encoding="utf-8").replace("../packs/", f"{tk.ROOT}/packs/")
    path = tmp_path / source.name
    path.write_text(edit(text), encoding="utf-8")
    return path


def test_tournament_file_team_of_four_in_seed_004_is_an_error_at_file_line(tmp_path, capsys):
    """6.1 Команды к играм допускаются ТОЛЬКО В ПОЛНОМ СОСТАВЕ (5 человек): a tournament file's teams are
    checked against their matches' preset like a show file's."""
    from quizshow.cli import check_files

    path = _tournament_copy(tmp_path, tk.SEED004, lambda t: t.replace(', "Денис Соколов"', ""))
    assert check_files([path]) == 1
    out = capsys.readouterr().out
    line = next(i for i, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "Северяне" in row)
    assert f"{path}:{line}: team 'Северяне' has 4 players; stage 'group' (preset brainring-60) needs 5" in out
    assert "1 error(s)" in out  # once for the team, not once per stage
    assert check_files([tk.SEED004, tk.SEED001]) == 0


def test_tournament_file_seed_001_team_of_three_is_a_warning_and_loads(tmp_path, capsys):
    """Seed 001: «Количество человек в команде от 4 до 12» — a warning, the day still loads."""
    from quizshow.cli import check_files

    path = _tournament_copy(tmp_path, tk.SEED001, lambda t: re.sub(r', "[^"]+"\]', "]", t, count=1))
    assert check_files([path]) == 0
    out = capsys.readouterr().out
    assert "has 3 players; stage 'qualifying' (preset brainring-40) needs 4–12" in out and "1 warning(s)" in out
