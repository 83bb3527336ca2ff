"""Files that pass `--check` must not fail on air: bounds after arithmetic, `.4s` text as YAML text, and a
show file's addresses, keys, buttons and team names (issue 23, items 4–6)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.core.limits import MAX_POINTS
from quizshow.packs import fours
from quizshow.packs.loader import load_pack
from quizshow.yamlfile import Problems
from tests import svoyak_kit as kit
from tests.conftest import UNSAVED, ok
from tests.svoyak_rules_kit import open_special, scores

SPONSOR_PACK = textwrap.dedent("""\
    title: "Спонсоры"
    rounds:
      - name: "Раунд 1"
        values: [10, 20, 30, 40]
        themes:
          - name: "Щедрая тема"
            questions:
              - {q: "Первый?", a: "Да"}
              - {q: "Второй?", a: "Да"}
              - {q: "Спонсорский?", a: "Да", type: sponsor, value: 99999999}
              - {q: "Четвёртый?", a: "Да"}
    """)


def _show(tmp_path: Path, teams: str, osc: str = '"127.0.0.1:7400"', rules: str = "",
          pack: str = "pack.yaml") -> tuple[Path, list[str]]:
    (tmp_path / "pack.yaml").write_text(SPONSOR_PACK, encoding="utf-8")
    show = tmp_path / "show.yaml"
    lines = ['title: "Проверка"', "format: svoyak", f"pack: {pack}", rules, "teams:",
             textwrap.indent(teams, "  "), "devices:", "  keyboard_buzzers: true", "  osc:", f"    listen: {osc}"]
    show.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems = Problems()
    load_show(show, problems)
    return show, [str(p) for p in problems.items]


ANNA_BORIS = '- {name: "Анна", buzzer: "key:1"}\n- {name: "Борис", buzzer: "key:2"}'


# --- item 4: the largest worth under the rules -----------------------------------------------------------

def test_a_sponsor_question_worth_more_than_the_bound_fails_check_at_its_line(tmp_path):
    _, got = _show(tmp_path, ANNA_BORIS, rules="rules: {sponsor_factor: 100}")
    pack = tmp_path / "pack.yaml"
    assert any(m.startswith(f"{pack}:10:") and "9999999900" in m and "sponsor_factor 100" in m
               and "warning" not in m for m in got), got


def test_the_same_sponsor_question_at_factor_one_passes_check(tmp_path):
    _, got = _show(tmp_path, ANNA_BORIS)
    assert got == []


def test_the_engine_never_lets_a_score_leave_its_bound():
    """Even a pack never checked (built in code) cannot push a score past ±MAX_POINTS: the verdict is refused."""
    game = kit.pack(kit.board("Раунд", (10, 20, 30, MAX_POINTS // 10),
                              [["regular"] * 4, ["regular", "regular", "regular", "sponsor"]]))
    e = kit.engine(game, sponsor_factor=100)
    open_special(e, 3, opener=1)
    ok(e, c.Go(at=11))
    out = e.dispatch(c.Judge(at=13, correct=True))
    assert out.refused is not None and str(MAX_POINTS) in out.refused
    assert scores(e) == [0, 0, 0] and all(abs(t.score) <= MAX_POINTS for t in e.state.teams)


# --- item 5: .4s text gets YAML's checks ------------------------------------------------------------------

def _fours(tmp_path: Path, text: str) -> tuple[object, list[str]]:
    path = tmp_path / "club.4s"
    path.write_text(text, encoding="utf-8")
    problems = Problems()
    return load_pack(path, problems), [f"{p.line}: {p.message}" for p in problems.items]


def test_a_4s_pack_with_a_nul_fails_check_at_its_line(tmp_path):
    _, got = _fours(tmp_path, "## Тур 1\n\n? Сколько\x00 ног?\n! Восемь.\n")
    assert any(m.startswith("3: ") and "U+0000" in m for m in got), got


def test_a_4s_pack_with_a_bidi_override_fails_check(tmp_path):
    _, got = _fours(tmp_path, "? Вопрос\n! Ответ \u202e наоборот\n")
    assert any(m.startswith("2: ") and "U+202E" in m for m in got), got


def test_a_yaml_text_with_a_bidi_override_fails_check(tmp_path):
    path = tmp_path / "pack.yaml"
    path.write_text(SPONSOR_PACK.replace("Первый?", "Пер\u202eвый?"), encoding="utf-8")
    problems = Problems()
    load_pack(path, problems)
    assert any(p.line == 8 and "U+202E" in p.message for p in problems.items)


def test_a_4s_field_is_held_to_its_length_limit_on_its_first_line(tmp_path):
    at_limit = "? " + "я" * fours.MAX_FIELD + "\n! Ответ\n"
    pack, got = _fours(tmp_path, at_limit)
    assert got == [] and pack is not None
    _, got = _fours(tmp_path, "? " + "я" * (fours.MAX_FIELD + 1) + "\n! Ответ\n")
    assert any(m.startswith("1: ") and "too long" in m for m in got), got


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(max_size=40), max_size=12))
def test_any_4s_text_that_loads_clean_is_drawable(lines):
    """Whatever a `.4s` file holds, a pack that loads without problems has only texts a YAML pack may hold."""
    from quizshow.yamlfile import text_problem

    text = "? " + "\n".join(lines) + "\n! ответ\n"
    problems = Problems()
    pack = fours.parse_fours(text, UNSAVED / "fuzz.4s", problems)
    if pack is not None and not problems.items:
        for rnd in pack.rounds:
            for q in rnd.all_questions:
                for value in (q.q, q.a, q.comment or "", *q.accept):
                    assert text_problem(value, "text") is None


# --- item 6: addresses, keys, buttons, names --------------------------------------------------------------

def test_a_listen_address_that_is_no_address_fails_check(tmp_path):
    show, got = _show(tmp_path, ANNA_BORIS, osc='"999.1.1.1:7400"')
    assert any(m.startswith(f"{show}:") and "999.1.1.1" in m and "not an IP address" in m for m in got), got


def test_listening_on_every_interface_or_a_host_name_passes(tmp_path):
    for listen in ('"0.0.0.0:7400"', '"localhost:7400"', '"[::1]:7400"'):
        assert _show(tmp_path, ANNA_BORIS, osc=listen)[1] == [], listen


def test_a_buzzer_on_a_key_that_does_not_exist_fails_check(tmp_path):
    _, got = _show(tmp_path, '- {name: "Анна", buzzer: "key:NOSUCHKEY"}\n- {name: "Борис", buzzer: "key:2"}')
    assert any("NOSUCHKEY" in m and "no key" in m for m in got), got


def test_two_teams_on_one_key_fail_check(tmp_path):
    show, got = _show(tmp_path, '- {name: "Анна", buzzer: "key:1"}\n- {name: "Борис", buzzer: "key:1"}')
    assert any(m.startswith(f"{show}:") and "already team 'Анна'" in m for m in got), got


def test_one_key_named_twice_in_two_cases_is_still_one_key(tmp_path):
    _, got = _show(tmp_path, '- {name: "Анна", buzzer: "key:q"}\n- {name: "Борис", buzzer: "key:Q"}')
    assert any("already team 'Анна'" in m for m in got), got


def test_two_teams_on_one_box_input_fail_check(tmp_path):
    show = tmp_path / "show.yaml"
    (tmp_path / "pack.yaml").write_text(SPONSOR_PACK, encoding="utf-8")
    show.write_text(textwrap.dedent("""\
        title: "Проверка"
        format: svoyak
        pack: pack.yaml
        teams:
          - {name: "Анна", buzzer: "A:1"}
          - {name: "Борис", buzzer: "A:1"}
        devices:
          serial:
            - {id: A, port: /dev/null}
        """), encoding="utf-8")
    problems = Problems()
    load_show(show, problems)
    assert any(p.line == 6 and "already team 'Анна'" in p.message for p in problems.items), problems.items


def test_duplicate_team_names_fail_check(tmp_path):
    _, got = _show(tmp_path, '- {name: "Анна", buzzer: "key:1"}\n- {name: " анна ", buzzer: "key:2"}')
    assert any("two teams are named" in m for m in got), got


def test_an_empty_team_name_fails_check(tmp_path):
    _, got = _show(tmp_path, '- {name: "", buzzer: "key:1"}\n- {name: "Борис", buzzer: "key:2"}')
    assert any("cannot be empty" in m for m in got), got
