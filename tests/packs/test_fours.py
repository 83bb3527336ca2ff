"""The `.4s` pack format (chgksuite): a club's pack imports and plays; bad input gets FILE:LINE."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.format import Setup
from quizshow.core.state import Team
from quizshow.formats import common_rules
from quizshow.formats.written import WrittenFormat
from quizshow.formats.written.spec import SPEC
from quizshow.packs import fours
from quizshow.packs.loader import load_pack
from quizshow.yamlfile import Problems
from tests.conftest import ROOT, UNSAVED

PACK = """###LJ Клубный турнир
### Клубный турнир «Осень»

#DATE 2026-10-01

#EDITOR Редактор — Анна Иванова

## Тур 1

# Редактор благодарит тестеров.

? [Раздаточный материал: (img saturn.png)]
Назовите планету
на раздаточном материале.
! Сатурн.
= Saturn.
/ У него _самые_ яркие кольца.
^ Наблюдения.
@ Анна Иванова

№ 2
? Сколько ног у паука? [Помощь клуба: Больше, чем у насекомых.]
! Восемь.
!= шесть.

## Тур 2

? Какой металл жидкий при комнатной температуре?
! Ртуть.
@ Совы

## Резерв

? Сколько секунд в часе?
! 3600.
"""


def write(tmp_path: Path, text: str, image: bool = True) -> Path:
    if image:
        (tmp_path / "saturn.png").write_bytes((ROOT / "packs" / "media" / "saturn.png").read_bytes())
    path = tmp_path / "club.4s"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_4s_pack_is_imported(tmp_path):
    problems = Problems()
    pack = load_pack(write(tmp_path, PACK), problems)
    assert not problems.items, [str(p) for p in problems.items]
    assert pack.title == "Клубный турнир «Осень»"
    assert [r.name for r in pack.rounds] == ["Тур 1", "Тур 2", "Резерв"]
    assert [r.reserve for r in pack.rounds] == [False, False, True]
    first, second = pack.rounds[0].questions
    assert first.q == "Назовите планету\nна раздаточном материале."
    assert first.image == (tmp_path / "saturn.png").resolve()
    assert first.a == "Сатурн." and first.accept == ("Saturn.",)
    assert first.comment == "У него самые яркие кольца." and first.author == "Анна Иванова"
    assert first.line == 12
    assert second.hint == "Больше, чем у насекомых." and second.q == "Сколько ног у паука?"
    assert second.accept == () and second.reject == ("шесть.",)
    assert pack.rounds[1].questions[0].author == "Совы"


def test_an_imported_4s_pack_plays_with_team_authors(tmp_path):
    pack = load_pack(write(tmp_path, PACK), Problems())
    setup = Setup(title="ЧГК", teams=(Team("Совы", ""), Team("Кактус", "")),
                  rules={**common_rules(), **SPEC.presets["written"]}, pack=pack)
    e = Engine(WrittenFormat(setup), 1)
    e.dispatch(c.Go(at=1))
    assert e.format.current(e.state).a == "Сатурн."
    assert e.format.author_of(2) == 0  # «@ Совы» names a playing team: it does not play its question


def test_4s_problems_have_file_and_line(tmp_path):
    text = "## Тур 1\n\n! ответ без вопроса\n\n? Вопрос без ответа\n\nпросто строка\n? (img nothere.png) Где?\n! Тут\n"
    problems = Problems()
    load_pack(write(tmp_path, text, image=False), problems)
    found = {(p.line, p.message.split(":")[0].split(" ")[0]) for p in problems.items}
    assert {line for line, _ in found} == {3, 5, 7, 8}
    assert all(str(p).startswith(f"{tmp_path / 'club.4s'}:") for p in problems.items)


def test_4s_sizes_have_limits(tmp_path):
    path = tmp_path / "big.4s"
    path.write_bytes(b"? q\n! a\n\n" * (fours.MAX_BYTES // 8))
    problems = Problems()
    assert load_pack(path, problems) is None and "larger than" in problems.items[0].message
    problems = Problems()
    fours.parse_fours("? q\n! a\n\n" * (fours.MAX_QUESTIONS + 1), path, problems)
    assert any("at most" in p.message for p in problems.items)
    problems = Problems()
    path.write_bytes(b"\xff\xfe? q")
    assert load_pack(path, problems) is None and "UTF-8" in problems.items[0].message


LINES = st.lists(st.one_of(
    st.sampled_from(["?", "!", "=", "!=", "/", "^", "@", "##", "###", "#", "#HINT", "№", "№№", "-", "", "(img x.png)"]),
    st.text(max_size=20)), max_size=12).map(lambda parts: " ".join(parts))


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, max_size=30))
def test_any_text_parses_or_says_where(lines):
    """The parser never crashes: any text gives a pack or problems with a line inside the file."""
    text = "\n".join(lines)
    problems = Problems()
    pack = fours.parse_fours(text, UNSAVED / "fuzz.4s", problems)
    count = text.count("\n") + 1
    for problem in problems.items:
        assert 1 <= problem.line <= count
    if pack is not None and not problems:
        assert all(q.a for r in pack.rounds for q in r.questions)
