"""The ЧГК question database's text export read directly (issue 36, item 11): told by its content, every problem
at FILE:LINE, pictures beside the file (a missing one a warning and a placeholder), the same model as a `.4s`.

tests/fixtures/chgksuite/database.txt is written from the format (labels on their own lines, three spaces for a
new line, `   1.` lists, `<раздатка>`, `(pic: …)`); chgksuite's database reader parsed it and its `parse` wrote
database.4s from it (database.chgksuite.json). quizshow's reading of the .txt is checked against both."""

from __future__ import annotations

import io
import shutil
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.cli import check_files
from quizshow.packs.dbtext import parse_dbtext
from quizshow.packs.loader import load_pack
from quizshow.yamlfile import Problems
from tests.chgksuite_kit import FIXTURES, chgk_questions, dump, lines_of, questions, read
from tests.conftest import UNSAVED


def test_a_database_export_reads_into_the_model_chgksuites_4s_of_it_reads_into():
    """chgksuite's `parse` turns the .txt into a .4s; quizshow reads the .txt directly into what it reads from
    that .4s — question, handout, pictures, answers, accepted and not accepted, comment, sources, author — but
    the numbers: chgksuite counts on through the pack (and counts each «Тур:» too), the database numbers each
    tour from 1 (the card says «Тур 2 · Вопрос 1»)."""
    ours, problems = read(FIXTURES / "database.txt")
    assert not problems.items, [str(p) for p in problems.items]
    theirs, _ = read(FIXTURES / "database.4s")

    def shape(q):
        return replace(q, line=0, number=None)

    assert [shape(q) for q in questions(ours)] == [shape(q) for q in questions(theirs)]
    assert [r.name for r in ours.rounds] == [e[1] for e in dump("database")["structure"] if e[0] == "tour"]
    assert (ours.title, ours.author) == ("Кубок клуба «Сова»", "Анна Иванова")


def test_each_field_is_what_chgksuites_database_reader_reads():
    pack, _ = read(FIXTURES / "database.txt")
    theirs = chgk_questions(dump("database")["structure"])
    for ours, their in zip(questions(pack), theirs, strict=True):
        assert ours.a == their["answer"]
        assert list(ours.accept) == lines_of(their.get("zachet"))
        assert list(ours.reject) == lines_of(their.get("nezachet"))
        assert (ours.source or "").split("\n") == (lines_of(their.get("source")) or [""])
        assert ours.author == their.get("author") and ours.comment == their.get("comment")
    spider, picture, handout, listed = questions(pack)[1:]
    assert [p.name for p in picture.images] == ["red.png"] and picture.q == "Назовите цвет на картинке."
    assert handout.handout == "Я иду с мечем судия"
    assert handout.q == "Как называется такая фраза? Ответ дайте одним словом.\nПодсказка: её можно прочесть и " \
                        "задом наперёд."
    assert listed.q == "Что объединяет эти слова?\n1. Шалаш.\n2. Казак."
    assert spider.source == "Энциклопедия.\nУчебник биологии."


def test_the_zero_question_tour_is_a_warm_up():
    """The database (and chgksuite's database writer) puts a zero question in a tour «Нулевой вопрос»."""
    pack, _ = read(FIXTURES / "database.txt")
    assert [r.warmup for r in pack.rounds] == [True, False, False]


def test_a_txt_is_told_by_its_content(tmp_path):
    """A `.txt` is read only as the database's export (its first line «Чемпионат:», as chgksuite tells it); any
    other text is one clear line."""
    other = tmp_path / "notes.txt"
    other.write_text("? Вопрос\n! Ответ\n", encoding="utf-8")
    problems = Problems()
    assert load_pack(other, problems) is None
    assert [(p.line, p.warning) for p in problems.items] == [(1, False)]
    assert "«Чемпионат:»" in problems.items[0].message


def test_an_export_in_the_old_code_pages_reads_the_same(tmp_path):
    """The database wrote cp1251 and koi8-r in earlier years; the head «Чемпионат:» tells which."""
    text = (FIXTURES / "database.txt").read_text(encoding="utf-8")
    want, _ = read(FIXTURES / "database.txt")
    shutil.copy(FIXTURES / "red.png", tmp_path / "red.png")
    path = tmp_path / "cp1251.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode("cp1251"))
    got, _ = read(path)
    assert [(q.q, q.a, q.accept) for q in questions(got)] == [(q.q, q.a, q.accept) for q in questions(want)]
    path = tmp_path / "koi8.txt"  # koi8-r has no «»
    path.write_bytes(text.replace("«", '"').replace("»", '"').encode("koi8-r"))
    got, _ = read(path)
    assert got.title == 'Кубок клуба "Сова"' and len(questions(got)) == len(questions(want))


def test_problems_are_told_at_their_line_and_a_missing_picture_is_a_warning(tmp_path):
    path = tmp_path / "pack.txt"
    path.write_text("Чемпионат:\nТест\n\nТур:\n1 тур\n\nОтвет:\nбез вопроса\n\nВопрос 1:\n(pic: nothere.png)\n"
                    "Что это?\n\nОтвет:\nЭто.\n\nстрока без метки\n\nВопрос 2:\nБез ответа\n", encoding="utf-8")
    out = io.StringIO()
    assert check_files([path], out) == 1
    said = out.getvalue()
    assert f"{path}:7: this field belongs to a question" in said
    assert f"{path}:11: warning: picture 'nothere.png' not found beside the pack (a placeholder will be shown)" \
        in said
    assert f"{path}:17: expected a field" in said
    assert f"{path}:19: the question needs an answer: an «Ответ:» field" in said
    pack = parse_dbtext(path.read_text(encoding="utf-8"), path, Problems())
    assert pack is not None and questions(pack)[0].images == ((tmp_path / "nothere.png").resolve(),)


LINES = st.lists(st.one_of(
    st.sampled_from(["Вопрос 1:", "Ответ:", "Зачет:", "Незачет:", "Комментарий:", "Источник:", "Автор:", "Тур:",
                     "Дата:", "", "   <раздатка>", "   </раздатка>", "(pic: x.png)", "(aud: x.mp3)", "   1. пункт",
                     "   ", "Вопрос:", "\r"]),
    st.text(max_size=12)), max_size=8).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, max_size=30))
def test_any_database_text_parses_or_says_where(lines):
    text = "Чемпионат:\n" + "\n".join(lines)
    problems = Problems()
    pack = parse_dbtext(text, UNSAVED / "fuzz.txt", problems)
    count = text.count("\n") + 1
    assert all(1 <= p.line <= count for p in problems.items)
    if pack is not None and not problems:
        assert all(q.a for q in questions(pack))
