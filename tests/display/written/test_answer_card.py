"""The written quiz's answer card says what chgksuite's answer slide says (issue 36, item 3): «Ответ …», «Зачёт …»
(every accepted answer), «Незачёт …», «Комментарий …» — fitted like every text on the card. Compared with the
slides chgksuite's pptx composer made from tests/fixtures/chgksuite/answers.4s."""

from __future__ import annotations

from quizshow.packs import fours
from quizshow.yamlfile import Problems
from tests.chgksuite_kit import FIXTURES, dump, flat, projector_at, questions, read

MIN_PX = 24  # the written quiz's smallest text at 1080 lines (display/written/results.py)


def slide_answer(number: str) -> str:
    slide = next(s for s in dump("answers")["slides"] if number in s["texts"]
                 and any(t.startswith("Ответ:") for t in s["texts"]))
    return next(t for t in slide["texts"] if t.startswith("Ответ:"))


def under_the_answer(said: list[str], answer: str) -> str:
    """The card's text under the answer plate (the block that follows the answer's own words)."""
    return said[said.index(answer) + 1]


def test_the_answer_card_says_zachet_and_nezachet_as_chgksuites_answer_slide():
    pack, _ = read(FIXTURES / "answers.4s")
    for number in ("0", "1", "4"):
        question = next(q for q in questions(pack) if q.number == number)
        _, said, _ = projector_at(pack, number, answer=True)
        slide = slide_answer(number)
        first, _, rest = slide.partition("\n")
        assert flat(first) == flat(f"Ответ: {question.a}")
        block = under_the_answer(said.texts(), question.a)
        assert flat(block) == flat(rest), (number, block)
    _, said, _ = projector_at(pack, "0", answer=True)
    assert under_the_answer(said.texts(), "Санкт-Петербург.").startswith("Зачёт: Питер.\nПетербург.\nНезачёт: "
                                                                        "Ленинград.")


def test_many_accepted_answers_and_a_long_comment_fit_the_card(tmp_path):
    """The question gives up room (down to a fifth of the card) and the answers stand in a row rather than one
    a line: nothing is cut, nothing is smaller than the card's smallest text."""
    lines = "\n".join(f"= Вариант ответа номер {n}, тоже засчитывается." for n in range(1, 13))
    comment = "Очень длинный комментарий к вопросу, который ведущий зачитывает после ответа. " * 6
    text = f"? Вопрос\n! Ответ.\n{lines}\n!= Не засчитывается.\n!= И это тоже.\n/ {comment}\n"
    path = tmp_path / "many.4s"
    path.write_text(text, encoding="utf-8")
    pack = fours.parse_fours(text, path, Problems())
    assert pack is not None and len(questions(pack)[0].accept) == 12
    _, said, _ = projector_at(pack, "1", answer=True)
    block = under_the_answer(said.texts(), "Ответ.")
    assert "Вариант ответа номер 12" in block and "Незачёт: Не засчитывается.; И это тоже." in block  # in a row
    for text_, _, px, cut in said.said:
        assert not cut and px >= MIN_PX, (text_[:40], px)


def test_a_missing_picture_keeps_its_place_on_the_card(tmp_path):
    """The picture a pack names but does not have: a placeholder plate where it goes (it was left blank)."""
    (tmp_path / "p.4s").write_text("? (img nothere.png) Что на картинке?\n! Ничего.\n", encoding="utf-8")
    pack = fours.parse_fours((tmp_path / "p.4s").read_text(encoding="utf-8"), tmp_path / "p.4s", Problems())
    assert pack is not None
    _, said, _ = projector_at(pack, "1")
    assert "Нет изображения" in said.texts()

