"""The rating's roster file («составы»): read in every layout the rating and its tools write, teams from it in a
written show and a tournament, a team at the door, FILE:LINE for a broken roster, and a fuzz of the reader."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.assemble import make_format
from quizshow.config import load_show
from quizshow.core.registration import Member
from quizshow.event_file import load_any
from quizshow.roster import parse_roster, read_roster
from quizshow.yamlfile import Problems

FIXTURES = Path(__file__).parent / "fixtures" / "rating"
DEMO_PACK = Path(__file__).parents[1] / "packs" / "written-demo.yaml"


def _teams(name: str) -> list[tuple[int | None, str, str, tuple[Member, ...]]]:
    problems = Problems()
    teams = read_roster(FIXTURES / name, problems)
    assert not problems.items, [str(p) for p in problems.items]
    return [(t.registration.rating_id, t.name, t.registration.city, t.registration.members) for t in teams]


def test_the_same_roster_reads_alike_in_every_layout():
    """Windows-1251 with `;` and the site's header, UTF-8 with a BOM and the issue's header words (a blank line
    inside), and tab-separated UTF-8 without a header: one roster, read the same."""
    cp1251 = _teams("roster-cp1251.csv")
    assert cp1251 == _teams("roster-utf8-bom.csv") == _teams("roster-tabs.csv")
    assert [(i, n, c) for i, n, c, _ in cp1251] == [
        (1001, "Совы", "Москва"), (1002, "Ёжики в тумане", "Санкт-Петербург"), (None, "Гости; из Твери", "Тверь")]
    owls = cp1251[0][3]
    assert owls[0] == Member("Иванов", "Иван", "Иванович", 50001, "К")
    assert owls[2] == Member("Сидоров", "Пётр", "", None, "Л")  # a legionnaire the rating has no id for
    assert owls[0].full_name == "Иван Иванов"


def _show(tmp_path: Path, teams: str = "", roster: str = "roster: roster.csv\n", fmt: str = "written") -> Path:
    (tmp_path / "roster.csv").write_bytes((FIXTURES / "roster-cp1251.csv").read_bytes())
    show = tmp_path / "show.yaml"
    show.write_text(f"title: Вечер\nformat: {fmt}\npack: {DEMO_PACK}\n{roster}{teams}", encoding="utf-8")
    return show


def test_a_written_show_takes_its_teams_from_the_roster_and_the_door(tmp_path):
    """The roster's teams in its order keep their id, city, captain and players; `teams:` adds a buzzer to one
    of them and registers a team at the door (no id), which the format sees as such."""
    show = _show(tmp_path, "teams:\n  - {name: совы, buzzer: phone}\n  - {name: Пришли сами}\n")
    problems = Problems()
    config = load_show(show, problems)
    assert config is not None and not problems, [str(p) for p in problems.items]
    assert [t.name for t in config.teams] == ["Совы", "Ёжики в тумане", "Гости; из Твери", "Пришли сами"]
    owls = config.teams[0]
    assert owls.buzzer == "phone" and owls.captain == "Иван Иванов"
    assert owls.players == ("Иван Иванов", "Анна Петрова", "Пётр Сидоров")
    setup = make_format(config).setup
    assert setup.registration(0).rating_id == 1001 and setup.registration(0).city == "Москва"
    assert setup.registration(2).at_door and setup.registration(2).city == "Тверь"
    assert setup.registration(3).at_door and setup.registration(3).members == ()


def test_a_team_at_the_door_may_bring_its_own_rating_id(tmp_path):
    show = _show(tmp_path, "teams:\n  - {name: Гастролёры, rating_id: 4242, city: Казань}\n")
    config = load_show(show, Problems())
    assert config is not None
    guest = make_format(config).setup.registration(3)
    assert (guest.rating_id, guest.city, guest.at_door) == (4242, "Казань", False)


def test_a_rating_id_that_contradicts_the_roster_is_an_error_at_its_line(tmp_path):
    show = _show(tmp_path, "teams:\n  - {name: Совы, rating_id: 9}\n")
    problems = Problems()
    load_show(show, problems)
    assert [f"{p.file.name}:{p.line}" for p in problems.errors] == ["show.yaml:6"]
    assert "roster gives 1001" in problems.errors[0].message


def test_a_show_without_teams_or_roster_says_what_it_needs(tmp_path):
    show = _show(tmp_path, roster="")
    problems = Problems()
    load_show(show, problems)
    assert any("no teams" in p.message and "roster" in p.message for p in problems.errors)


def test_a_missing_roster_file_is_an_error_at_its_line(tmp_path):
    show = _show(tmp_path, roster="roster: gone.csv\n")
    problems = Problems()
    load_show(show, problems)
    assert [(p.line, p.message) for p in problems.errors] == [(4, "roster 'gone.csv' not found")]


def test_a_tournament_takes_its_teams_from_a_roster_too(tmp_path):
    (tmp_path / "roster.csv").write_bytes((FIXTURES / "roster-cp1251.csv").read_bytes())
    day = tmp_path / "day.yaml"
    day.write_text("title: Кубок\nregulation: seed-004\nparameters: {groups: 1, advance_per_group: 2, "
                   "playoff_teams: 2}\nroster: roster.csv\ntables:\n  - {name: красный, buzzer: 'key:1'}\n"
                   "  - {name: зелёный, buzzer: 'key:2'}\n", encoding="utf-8")
    problems = Problems()
    config = load_any(day, problems)
    assert config is not None and not problems, [str(p) for p in problems.items]
    assert [t.name for t in config.teams] == ["Совы", "Ёжики в тумане", "Гости; из Твери"]
    assert config.teams[1].captain == "Фёдор Ёлкин"


BROKEN = """IDteam;Название;Город;Флаг;IDplayer;Фамилия;Имя;Отчество
1001;Совы;Москва;К;50001;Иванов;Иван;
1001x;Ежи;Тверь;Б;;Ежов;Егор;
1002;Совы;Москва;Б;50002;Петров;Пётр;
1003;Ежи;Тверь;Ц;;Ежов;Егор;
1003;Ежи;Тверь;Б;50001;Иванов;Иван;
1003;Ежи;Тверь;К;;Ежова;Ева;
1003;Ежи;Тверь;К;;Ежов;Ефим;
;;Тверь;Б;;Никто;;
"""


def test_a_broken_roster_says_every_problem_at_its_line():
    teams, findings = parse_roster(BROKEN.encode("utf-8"))
    said = {f.line: f.message for f in findings}
    assert "idteam '1001x' is not a rating id" in said[3]
    assert "team id 1002 is team" not in said[4] and "'Совы' has id 1001 at line 2, 1002 here" in said[4]
    assert "the flag 'Ц' is not К" in said[5]
    assert "player 50001 (Иван Иванов) is listed at line 2 already" in said[6]
    assert "two captains" in said[8] and [f.line for f in findings if f.warning] == [8]
    assert "the team's name is empty" in said[9]
    assert [(t.name, len(t.registration.members)) for t in teams] == [("Совы", 1), ("Ежи", 2)]


def test_a_header_without_the_teams_column_is_refused_at_its_line():
    teams, findings = parse_roster("Город;Флаг;Фамилия;Имя\nТверь;К;Ежов;Егор\n".encode())
    assert teams == [] and [(f.line, "header names no column for idteam, команда" in f.message)
                            for f in findings] == [(1, True)]


def test_bytes_that_are_no_text_are_refused():
    teams, findings = parse_roster(b"\x98\x98\xff\x00")
    assert teams == [] and "neither UTF-8 nor Windows-1251" in findings[0].message


CELLS = st.one_of(st.text(max_size=12), st.integers(-5, 10**10).map(str), st.sampled_from(
    ["К", "Б", "Л", "к", "X", "", "Совы", "Ёжики", "IDteam", "Название", ";", '"', "\r\n"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(CELLS, max_size=10), max_size=25), st.sampled_from([";", ",", "\t"]),
       st.sampled_from(["utf-8", "utf-8-sig", "cp1251", "utf-16"]), st.booleans())
def test_any_table_reads_or_says_where(rows, sep, encoding, header):
    """The reader never raises: any table of any cells, separator and encoding gives teams whose every field is
    text of bounded length and ids in range, or problems at lines inside the file."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep, lineterminator="\n")
    if header:
        writer.writerow(["IDteam", "Название", "Город", "Флаг", "IDplayer", "Фамилия", "Имя", "Отчество"])
    writer.writerows(rows)
    text = out.getvalue()
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    teams, findings = parse_roster(data)
    lines = len(io.StringIO(text, newline="").readlines()) + 1  # a lone CR ends a line too, as in an editor
    assert all(1 <= f.line <= lines for f in findings)
    for team in teams:
        assert team.name.strip() and len(team.name) <= 200 and 1 <= team.line <= lines
        reg = team.registration
        assert reg.rating_id is None or 0 < reg.rating_id <= 999_999_999
        for member in reg.members:
            assert member.flag in ("К", "Б", "Л") and (member.surname or member.name)
            assert member.rating_id is None or 0 < member.rating_id <= 999_999_999


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_read_or_say_why(data):
    teams, findings = parse_roster(data)
    assert teams or findings
