"""`--export-siq` as SIGame reads what it writes (issue 36, items 12–16): not-accepted answers in `<wrong>`, every
picture of a question, the package id, one `<source>`/`<author>` per entry as the pack lists them, SIGame's HTML
as text. Each exported file is valid against SIGame's schema (shared/siq/siq_5.xsd) and read back by the rules
of SIGame's own reader (tests/siq_kit.SigameRead); the packs are the ones chgksuite wrote (tests/fixtures/
chgksuite/) and SIGame's sample packs."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
import xmlschema  # type: ignore[import-untyped]

from quizshow.cli import check_files
from quizshow.packs.loader import load_pack
from quizshow.packs.siq.export import export_siq
from quizshow.packs.siq.mapping import html_text
from quizshow.tools.siq_tools import export_command
from quizshow.yamlfile import Problems
from tests.chgksuite_kit import FIXTURES, questions, read
from tests.conftest import SHARED
from tests.siq_kit import SigameRead

SCHEMA = SHARED / "siq" / "siq_5.xsd"


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


def exported(pack_path: Path, target: Path) -> SigameRead:
    pack, _ = read(pack_path)
    export_siq(pack, target)
    import zipfile

    with zipfile.ZipFile(target) as zf:
        errors = list(xmlschema.XMLSchema(str(SCHEMA)).iter_errors(zf.read("content.xml").decode("utf-8-sig")))
    assert not errors, errors[:2]
    return SigameRead(target)


def test_not_accepted_answers_are_sigames_wrong_answers(tmp_path):
    """`!=` went into `<right>` as «не засчитывать: …»: SIGame's host and its answer checker took it as right."""
    sigame = exported(FIXTURES / "answers.4s", tmp_path / "a.siq")
    first, many = sigame.questions()[0], sigame.questions()[1]
    assert first["right"] == ["Санкт-Петербург.", "Питер.", "Петербург."]
    assert first["wrong"] == ["Ленинград."]
    assert many["wrong"] == ["Только красный."]
    assert not any("засчитывать" in a for q in sigame.questions() for a in q["right"])
    back = load_pack(tmp_path / "a.siq", Problems())  # and our own reader takes them back as not accepted
    assert back is not None and questions(back)[0].reject == ("Ленинград.",)


def test_every_picture_of_a_question_is_a_content_item_in_order(tmp_path):
    """The second to fourth pictures were dropped without a word; SIGame shows content items one after another."""
    sigame = exported(FIXTURES / "answers.4s", tmp_path / "a.siq")
    pictures = [value for kind, value in sigame.questions()[1]["items"] if kind == "image"]
    assert pictures == ["red.png", "blue.png", "green.png", "yellow.png"]
    handout = sigame.questions()[2]["items"]
    assert handout[0] == ("text", "Первый, второй, третий.")  # the handout's text: its own item, before the question


def test_sources_are_one_each_and_authors_as_the_pack_wrote_them(tmp_path):
    """Several sources were one `<source>`; «Анна Иванова, Борис Петров (Москва)» was split at its comma."""
    sigame = exported(FIXTURES / "database.txt", tmp_path / "d.siq")
    spider = sigame.questions()[1]
    assert spider["sources"] == ["Энциклопедия.", "Учебник биологии."]
    assert spider["authors"] == ["Анна Иванова, Борис Петров (Москва)"]
    sigame = exported(FIXTURES / "answers.4s", tmp_path / "a.siq")
    assert sigame.questions()[1]["sources"] == ["Наблюдение.", "Палитра художника."]
    assert sigame.questions()[3]["sources"] == ["Первый источник.", "Второй источник."]
    pack = tmp_path / "p.yaml"  # a YAML pack lists several as a list
    pack.write_text("title: t\nauthor: [Анна Иванова, Борис Петров]\nrounds:\n  - name: r\n    questions:\n"
                    "      - {q: q, a: a, source: [Первый, Второй], author: 'Иванов, Петров (Москва)'}\n",
                    encoding="utf-8")
    export_siq(load_pack(pack, Problems()), tmp_path / "p.siq")
    authors = [e.text for e in SigameRead(tmp_path / "p.siq").root.iter() if e.tag.endswith("}author")]
    assert authors == ["Анна Иванова", "Борис Петров", "Иванов, Петров (Москва)"]


def test_an_imported_packs_id_is_kept(tmp_path):
    """SIGame keeps a played pack's history by its id: the round trip replaced it with one made of the title."""
    original = SHARED / "siq" / "test-v5.siq"
    their_id = SigameRead(original).id
    assert their_id
    pack = load_pack(original, Problems())
    export_siq(pack, tmp_path / "again.siq")
    assert SigameRead(tmp_path / "again.siq").id == their_id
    assert export_command(original, tmp_path / "direct.siq", io.StringIO()) == 0
    assert SigameRead(tmp_path / "direct.siq").id == their_id


def test_a_yaml_pack_gets_a_random_id_once_and_keeps_it(tmp_path):
    """Two packs of one title were one package to SIGame; the id is now random, written into the pack once."""
    text = "# Клубный пакет\ntitle: Пакет\nrounds:\n  - name: r\n    questions:\n      - {q: Вопрос, a: Ответ}\n"
    first, second = tmp_path / "one.yaml", tmp_path / "two.yaml"
    for path in (first, second):
        path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert export_command(first, tmp_path / "one.siq", out) == 0
    assert export_command(second, tmp_path / "two.siq", out) == 0
    one, two = SigameRead(tmp_path / "one.siq").id, SigameRead(tmp_path / "two.siq").id
    assert one != two
    kept = first.read_text(encoding="utf-8")
    assert kept == text.replace("title: Пакет\n", f"title: Пакет\nid: {one}\n")  # its own lines as they were
    assert check_files([first], io.StringIO()) == 0
    assert export_command(first, tmp_path / "again.siq", out) == 0
    assert SigameRead(tmp_path / "again.siq").id == one and first.read_text(encoding="utf-8") == kept


def test_a_4s_pack_has_an_id_of_its_own_file(tmp_path):
    """A `.4s` has no place to keep an id: the same file is the same package, another file of one title is not."""
    copy = tmp_path / "copy.4s"
    shutil.copy(FIXTURES / "answers.4s", copy)
    for name in ("red.png", "blue.png", "green.png", "yellow.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    a = exported(copy, tmp_path / "a.siq").id
    assert exported(copy, tmp_path / "b.siq").id == a
    copy.write_text(copy.read_text(encoding="utf-8").replace("Кто ухает ночью?", "Кто кричит ночью?"),
                    encoding="utf-8")
    assert exported(copy, tmp_path / "c.siq").id != a


@pytest.mark.parametrize(("html", "text"), [
    ('<p>Кто <a title="a > b">ухает</a></p><p>ночью?</p>', "Кто ухает ночью?"),
    ("<b>1 &lt; 2 &amp;&amp; 3 &gt; 2</b>", "1 < 2 && 3 > 2"),
    ("<style>p {color: red}</style><script>if (a < b) alert(1)</script>Текст<!-- <b>нет</b> -->", "Текст"),
    ("Пробел&nbsp;неразрывный<br>строка", "Пробел неразрывный строка"),
])
def test_sigame_html_becomes_text_by_the_standard_html_parser(html, text):
    """A tag whose attribute holds «>» left «b">ухает» on screen when tags were cut by a regular expression."""
    assert html_text(html) == text
