"""The fields of a `.4s` pack read as chgksuite 1.3.2 reads them (issue 36, items 1, 2, 4, 6, 7, 9, 10): every
accepted answer, the not-accepted ones apart, `#HINT`, lists, several sources and authors, picture sizes, a
missing picture, and chgksuite's game variants. Each test compares quizshow's reading of a file chgksuite wrote
(or reads) with chgksuite's own parse of it (tests/fixtures/chgksuite/*.chgksuite.json)."""

from __future__ import annotations

import io
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.cli import check_files
from quizshow.packs import fours
from quizshow.packs.loader import load_pack
from quizshow.yamlfile import Problems
from tests.chgksuite_kit import FIXTURES, chgk_questions, dump, flat, lines_of, questions, read
from tests.conftest import UNSAVED

# The pack as chgksuite wrote it back, and as it was typed (two `=` lines, two `^` lines, `>` after `?`)
ANSWERS = (("answers.4s", "structure"), ("answers_source.4s", "source_structure"))


def pairs(file: str, key: str) -> list[tuple]:
    pack, _ = read(FIXTURES / file)
    theirs = chgk_questions(dump("answers")[key])
    ours = questions(pack)
    assert len(ours) == len(theirs)
    return list(zip(ours, theirs, strict=True))


@pytest.mark.parametrize(("file", "key"), ANSWERS)
def test_every_accepted_answer_is_kept_one_a_line_as_chgksuite_keeps_them(file, key):
    """«= Питер.» and «= Петербург.»: both are accepted (the last used to replace the first)."""
    for ours, theirs in pairs(file, key):
        assert list(ours.accept) == lines_of(theirs.get("zachet")), theirs
    pack, _ = read(FIXTURES / file)
    assert questions(pack)[0].accept == ("Питер.", "Петербург.")


@pytest.mark.parametrize(("file", "key"), ANSWERS)
def test_not_accepted_answers_stay_apart_from_the_accepted_ones(file, key):
    """`!=` is chgksuite's «Незачёт»: it was read as an accepted answer «не засчитывать: …»."""
    for ours, theirs in pairs(file, key):
        assert list(ours.reject) == lines_of(theirs.get("nezachet")), theirs
        assert not any("засчитывать" in a for a in ours.accept)
    pack, _ = read(FIXTURES / file)
    assert [q.reject for q in questions(pack)] == [("Ленинград.",), ("Только красный.",), (), (), ("Филин.",)]


def test_lists_are_numbered_as_chgksuites_screen_numbers_them():
    """`- ` lines are a list: chgksuite's slides number the items («1. один»); they showed as «- » lines."""
    pack, _ = read(FIXTURES / "answers.4s")
    listed = questions(pack)[3]
    assert listed.q == "Перечислите:\n1. первое;\n2. второе."
    assert listed.a == "Оба пункта:\n1. один;\n2. два."
    slide = next(s for s in dump("answers")["slides"] if "3" in s["texts"] and any(t.startswith("Ответ:")
                                                                                   for t in s["texts"]))
    shown = next(t for t in slide["texts"] if t.startswith("Ответ:"))
    assert flat(shown) == flat("Ответ: " + listed.a)


@pytest.mark.parametrize(("file", "key"), ANSWERS)
def test_several_sources_and_authors_are_kept_one_a_line_as_the_pack_lists_them(file, key):
    """Two `^` lines or a `- ` list are two sources (they became one); «Анна Иванова, Борис Петров (Москва)» is
    one line and stays one (it was split at the comma into two authors)."""
    for ours, theirs in pairs(file, key):
        assert (ours.source or "").split("\n") == (lines_of(theirs.get("source")) or [""]), theirs
        assert (ours.author or "").split("\n") == (lines_of(theirs.get("author")) or [""]), theirs
    pack, _ = read(FIXTURES / file)
    assert questions(pack)[3].source == "Первый источник.\nВторой источник."
    assert questions(pack)[1].author.split("\n")[0] == "Анна Иванова, Борис Петров (Москва)"


def test_hint_is_read_as_chgksuite_reads_it_and_the_club_help_has_its_own_bracket():
    """chgksuite knows no `#HINT`: the line goes on the field above it (its docx prints «Автор: … #HINT …»).
    quizshow reads it so, warns at its line, and takes the club help from `[Помощь клуба: …]` (a bracket
    chgksuite's screen leaves out, as every note for the host)."""
    text = (FIXTURES / "answers.4s").read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(text, 1) if line.startswith("#HINT"))
    pack, problems = read(FIXTURES / "answers.4s")
    theirs = chgk_questions(dump("answers")["structure"])
    assert theirs[1]["author"].endswith("\n#HINT Цвета радуги.")
    assert questions(pack)[1].author == theirs[1]["author"] and questions(pack)[1].hint is None
    assert [(p.line, p.warning) for p in problems.items if "#HINT" in p.message] == [(at, True)]
    assert "[Помощь клуба: …]" in next(p.message for p in problems.items if "#HINT" in p.message)
    helped = questions(pack)[4]
    assert helped.hint == "подумайте о птицах" and helped.q == "Кто ухает ночью?"
    assert "Помощь клуба" in theirs[4]["question"]  # chgksuite keeps it in the question; its screen drops it
    slide = next(s for s in dump("answers")["slides"] if "4" in s["texts"] and len(s["texts"]) > 1
                 and not any(t.startswith("Ответ") for t in s["texts"]))
    assert flat(next(t for t in slide["texts"] if t != "4")) == helped.q


def test_the_handout_label_stays_off_the_handout_sheet():
    """`> Раздаточный материал: …`: the sheet says what it is; chgksuite's slides drop the label."""
    pack, _ = read(FIXTURES / "answers.4s")
    theirs = chgk_questions(dump("answers")["structure"])
    assert theirs[2]["handout"].startswith("Раздаточный материал:")
    assert questions(pack)[2].handout == "Первый, второй, третий."


def test_a_size_chgksuites_composer_refuses_is_a_warning_at_its_line():
    """`w=8cm`: chgksuite's pptx composer stops on it (its log is in the dump); quizshow says so at the line."""
    assert "could not convert string to float: '8cm'" in dump("sizes")["compose"][-1]
    pack, problems = read(FIXTURES / "sizes.4s")
    text = (FIXTURES / "sizes.4s").read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(text, 1) if "w=8cm" in line)
    assert [(p.line, p.warning) for p in problems.items] == [(at, True)]
    assert "w=8cm" in problems.items[0].message and "in, em or px" in problems.items[0].message
    assert [q.images[0].name for q in questions(pack)] == ["red.png", "blue.png"]  # shown all the same


def test_a_missing_picture_is_a_warning_and_a_placeholder_as_in_a_yaml_pack(tmp_path):
    """docs/cli.md: a missing media file is a warning and does not fail --check; in a `.4s` pack it was an
    error."""
    shutil.copy(FIXTURES / "sizes.4s", tmp_path / "p.4s")
    shutil.copy(FIXTURES / "blue.png", tmp_path / "blue.png")
    out = io.StringIO()
    assert check_files([tmp_path / "p.4s"], out) == 0, out.getvalue()
    assert f"{tmp_path / 'p.4s'}:6: warning: picture 'red.png' not found beside the pack (a placeholder will be " \
           "shown)" in out.getvalue()
    yaml_pack = tmp_path / "p.yaml"
    yaml_pack.write_text("title: t\nrounds:\n  - name: r\n    questions:\n      - {q: q, a: a, image: red.png}\n",
                         encoding="utf-8")
    problems = Problems()
    load_pack(yaml_pack, problems)
    assert [p.warning for p in problems.items] == [True]
    pack = load_pack(tmp_path / "p.4s", Problems())
    assert pack is not None and questions(pack)[0].images == ((tmp_path / "red.png").resolve(),)


# --- chgksuite's game variants ---------------------------------------------------------------------------------

VARIANTS = (("si", "si.si4s"), ("troika", "troika.tr4s"), ("brain", "brain.br4s"))


@pytest.mark.parametrize(("name", "file"), VARIANTS)
def test_a_game_variant_is_read_as_chgksuite_parses_it(name, file):
    """`.si4s`, `.tr4s`, `.br4s` were read as YAML («not valid YAML»); now by chgksuite's own rules: its rounds
    (battles, tours), its themes and their authors, its numbers (in «Своя игра» and «Тройка» the values)."""
    pack, problems = read(FIXTURES / file)
    assert not problems.items, [str(p) for p in problems.items]
    structure = dump(name)["structure"]
    assert dump(name)["game"] == name
    theirs = chgk_questions(structure)
    ours = questions(pack)
    assert [(q.number, q.q, q.a, list(q.accept), list(q.reject)) for q in ours] == \
        [(str(t["number"]), t["question"], t["answer"], lines_of(t.get("zachet")), lines_of(t.get("nezachet")))
         for t in theirs]
    groups = [e[1] for e in structure if e[0] in ("battle", "section")]
    assert [r.name for r in pack.rounds] == groups
    themes = [e[1]["name"] for e in structure if e[0] == "theme"]
    assert [t.name for r in pack.rounds for t in r.themes] == themes
    if name in ("si", "troika"):
        assert [q.value for q in ours] == [int(t["number"]) for t in theirs]  # the board's values
    else:
        assert all(not r.themes for r in pack.rounds) and [q.number for q in ours] == ["1", "2", "1"]


def test_a_theme_author_standing_after_its_theme_is_the_themes():
    """chgksuite's SI docx prints a stand-alone `@` after `#T` as the theme's author."""
    pack, _ = read(FIXTURES / "si.si4s")
    structure = dump("si")["structure"]
    author = next(e[1] for e in structure if e[0] == "author")
    assert pack.rounds[0].themes[0].author == author == "Анна Иванова (Москва)"
    assert all(q.author is None for q in questions(pack))


def test_a_variant_plays_as_its_game():
    """A `.si4s` is a «Своя игра» board played to its end at its own values; a `.br4s` a pack of plain tours."""
    from quizshow.packs.play import format_for
    from tests import svoyak_kit
    from tests.siq_kit import play_to_end

    si, _ = read(FIXTURES / "si.si4s")
    assert format_for(si) == "svoyak"
    e = svoyak_kit.engine(si)
    play_to_end(e)
    assert e.state.phase == "end"
    assert format_for(read(FIXTURES / "brain.br4s")[0]) == "demo"  # a plain list: as any brain-ring pack


GAME_LINES = st.lists(st.one_of(
    st.sampled_from(["#B", "#R", "#T", "##", "?", "!", "=", "!=", "/", "^", "@", "№", "№№ 10", "№ 20", "- ",
                     "#HINT", "", "(img w=8cm x.png)", "[Помощь клуба:", "]"]),
    st.text(max_size=10)), max_size=6).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["chgk", "si", "troika", "brain"]), st.lists(GAME_LINES, max_size=25))
def test_any_text_of_any_game_variant_parses_or_says_where(game, lines):
    text = "\n".join(lines)
    problems = Problems()
    pack = fours.parse_fours(text, UNSAVED / "fuzz.4s", problems, game)
    count = text.count("\n") + 1
    assert all(1 <= p.line <= count for p in problems.items)
    if pack is not None and not problems:
        assert all(q.a and q.number for r in pack.rounds for q in r.all_questions)


def test_markers_are_a_lines_first_word_as_in_chgksuite():
    """`#T` opens a theme only in «Своя игра»/«Тройка»; in a `.4s` it is a heading chgksuite's screen ignores, and
    like `#B` it is no longer «expected a field»."""
    problems = Problems()
    pack = fours.parse_fours("## Тур 1\n\n#B Бой 1\n\n#T Тема\n\n? Вопрос\n! Ответ\n", UNSAVED / "t.4s", problems)
    assert pack is not None and not problems.items, [str(p) for p in problems.items]
    assert questions(pack)[0].number == "10"  # chgksuite: a theme sets the count to 10, in every game
