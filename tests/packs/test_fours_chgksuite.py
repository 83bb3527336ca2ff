"""Issue 27, items 10 and 11: the `.4s` packs clubs already have, read as chgksuite reads them, and one image
limit for every picture format.

The packs under tests/fixtures/chgksuite/ were written by chgksuite itself (tests/scripts/
make_chgksuite_fixtures.sh: `chgksuite parse` of a .docx, and a hand-written .4s read and written back by
chgksuite); beside each is what chgksuite parsed from it (`structure`) and the slides its pptx composer made
(`slides`, chgksuite's screen form). Every test here compares quizshow's reading with that dump."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.cli import check_files
from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.packs import fours
from quizshow.packs.loader import load_pack
from quizshow.packs.model import Pack, Question
from quizshow.yamlfile import Problems
from tests.conftest import ROOT, UNSAVED, svoyak_config, views_of, words_of
from tests.display_kit import RecordingText
from tests.siq_kit import v5, v5_q, v5_round, v5_theme, write_siq
from tests.written_kit import engine

FIXTURES = ROOT / "tests" / "fixtures" / "chgksuite"
NAMES = ("club", "handouts")


def dump(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.chgksuite.json").read_text(encoding="utf-8"))


def read(name: str) -> tuple[Pack, Problems]:
    problems = Problems()
    pack = load_pack(FIXTURES / f"{name}.4s", problems)
    assert pack is not None and not problems.errors, [str(p) for p in problems.items]
    return pack, problems


def questions(pack: Pack) -> list[Question]:
    return [q for r in pack.rounds for q in r.all_questions]


def chgk_questions(name: str) -> list[dict]:
    """chgksuite's questions, the empty one (no text, no answer) left out as quizshow leaves it out."""
    return [e[1] for e in dump(name)["structure"]
            if e[0] == "Question" and (e[1]["question"].strip() or e[1]["answer"].strip())]


def flat(text: str) -> str:
    """Text as compared: chgksuite's screen puts no-break spaces where a line may not break; line breaks and
    runs of spaces are layout."""
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()


def slides_of(name: str, number: str) -> tuple[dict, dict]:
    """The question slide and the answer slide chgksuite made for question `number`."""
    mine = [s for s in dump(name)["slides"] if number in s["texts"]]
    answer = next(s for s in mine if any(t.startswith("Ответ:") for t in s["texts"]))
    shown = [s for s in mine if s is not answer and len(s["texts"]) > 1]
    return shown[-1], answer


def pictures_in(text: str) -> list[str]:
    """The files of the `(img …)` of a chgksuite field, as its parseimg takes them (the last word)."""
    return [body.split()[-1] for body in re.findall(r"\(img\s+([^)]*)\)", text)]


@pytest.mark.parametrize("name", NAMES)
def test_every_question_keeps_the_number_chgksuite_gives_it(name):
    pack, _ = read(name)
    assert [q.number for q in questions(pack)] == [str(q["number"]) for q in chgk_questions(name)]
    tours = [e[1] for e in dump(name)["structure"] if e[0] == "section"]
    assert [r.name for r in pack.rounds] == tours


@pytest.mark.parametrize("name", NAMES)
def test_the_question_text_is_what_chgksuites_screen_shows(name):
    """`(screen печать|экран)` shows «экран», `~strike~` and `__bold__` show their words without markers,
    `\\_` is an underscore, a `[Раздаточный материал: …]` is the handout (chgksuite's slide puts it above the
    question). One decision of ours: a line that is only the label «Раздаточный материал:» above a picture is
    left out (the picture is the handout); chgksuite's slide keeps it."""
    pack, _ = read(name)
    for ours, theirs in zip(questions(pack), chgk_questions(name), strict=True):
        slide, _ = slides_of(name, str(theirs["number"]))
        shown = flat(next(t for t in slide["texts"] if t != str(theirs["number"])))
        shown = re.sub(r"^Раздаточный материал: ?", "", shown)
        bracket_handout = "[Раздаточный материал" in theirs["question"]
        expected = f"{ours.handout} {ours.q}" if bracket_handout else ours.q
        assert flat(expected) == shown, (ours.number, theirs["question"])
        assert "(screen" not in ours.q and "~" not in ours.q and "__" not in ours.q and "(img" not in ours.q


def test_strike_and_bold_markers_are_stripped_for_the_screen():
    pack, _ = read("club")
    by_number = {q.number: q for q in questions(pack)}
    assert by_number["9"].q == "Какой цвет жирный, а какой зачёркнутый?"
    assert by_number["7"].comment == "не синий, а красный."
    assert by_number["8"].q == "Что на экране?"
    handouts, _ = read("handouts")
    assert questions(handouts)[-2].q == "Вопрос второго тура, _подчёркивание_ и подчёркнутый текст."


@pytest.mark.parametrize("name", NAMES)
def test_answers_and_accepted_answers_are_chgksuites(name):
    pack, _ = read(name)
    for ours, theirs in zip(questions(pack), chgk_questions(name), strict=True):
        _, slide = slides_of(name, str(theirs["number"]))
        text = next(t for t in slide["texts"] if t.startswith("Ответ:"))
        fields = dict(re.findall(r"^(Ответ|Зачёт|Комментарий): ?(.*)$", text, re.MULTILINE))
        assert flat(ours.a) == flat(fields["Ответ"])
        if "Зачёт" in fields:
            assert flat(ours.accept[0]) == flat(fields["Зачёт"])
        if "Комментарий" in fields:
            assert flat(ours.comment or "") == flat(fields["Комментарий"])
        assert [p.name for p in ([ours.answer_image] if ours.answer_image else [])] == slide["pictures"]


@pytest.mark.parametrize("name", NAMES)
def test_pictures_with_options_and_several_to_a_question_are_all_read(name):
    """Every `(img …)` of the handout and the question, options (`w=3in`, `big`) and all, in chgksuite's
    order; its slide shows the first (quizshow shows them all, docs/files.md)."""
    pack, _ = read(name)
    for ours, theirs in zip(questions(pack), chgk_questions(name), strict=True):
        wanted = pictures_in(theirs.get("handout", "")) + pictures_in(theirs["question"])
        assert [p.name for p in ours.images] == wanted
        assert ours.image == (ours.images[0] if ours.images else None)
        slide, _ = slides_of(name, str(theirs["number"]))
        assert slide["pictures"] == wanted[:1] or "handout" in theirs  # chgksuite's pptx leaves `>` out
        assert ours.big_image == ("big" in theirs["question"])
    club, _ = read("club")
    several = {q.number: q for q in questions(club)}["8"]
    assert [p.name for p in several.images] == ["blue.png", "green.png"] and several.big_image


def test_a_handout_field_is_the_questions_handout():
    pack, _ = read("handouts")
    theirs = [q for q in chgk_questions("handouts") if "handout" in q]
    ours = {q.number: q for q in questions(pack)}
    assert ours["5"].handout == theirs[0]["handout"]
    assert ours["5"].q == theirs[0]["question"]
    assert ours["6"].handout is None and [p.name for p in ours["6"].images] == ["yellow.png"]
    assert ours["7"].handout == "Я иду с мечем судия" and ours["7"].q == "Как называется такая фраза?"


def test_a_bracketed_note_in_the_question_goes_to_the_host_not_the_screen():
    """chgksuite's screen leaves `[…]` out of the question (ЧГК packs write notes for the host so)."""
    pack, _ = read("handouts")
    last = questions(pack)[-1]
    assert last.q == "Назовите город на Неве." and last.host == "Ведущему: читать медленно"


def test_only_a_labelled_line_is_the_handout():
    """«Раздаточный материал:» (with its colon, as chgksuite's .docx reader wants it) starts the handout's
    line; a question that only speaks of the handout keeps its words."""
    said = fours.screen_text("Раздаточный материал перед вами. Назовите его.", question=True)
    assert said.text == "Раздаточный материал перед вами. Назовите его." and not said.handout
    labelled = fours.screen_text("Раздаточный материал: Я иду с мечем судия\nЧто это?", question=True)
    assert labelled.text == "Что это?" and labelled.handout == ["Я иду с мечем судия"]


def test_a_screen_form_without_its_two_versions_is_shown_whole_with_a_warning_at_its_line():
    problems = Problems()
    pack = fours.parse_fours("? Вопрос\nна (screen экране)\n! Ответ (screen a|b)\n", UNSAVED / "s.4s", problems)
    assert pack is not None and questions(pack)[0].q == "Вопрос\nна экране" and questions(pack)[0].a == "Ответ b"
    assert [(p.line, p.warning) for p in problems.items] == [(2, True)]
    assert "(screen for print|for the screen)" in problems.items[0].message


def test_an_empty_question_is_skipped_with_a_warning_at_its_line():
    """chgksuite writes a question the .docx left empty as `?` and `!` alone; it is not played, the pack
    still loads, and the next question keeps its number."""
    lines = (FIXTURES / "club.4s").read_text(encoding="utf-8").split("\n")
    at = lines.index("№ 11") + 2  # the `?` line
    assert lines[at - 1].strip() == "?"
    pack, problems = read("club")
    assert [(p.line, p.warning) for p in problems.items if "empty" in p.message] == [(at, True)]
    assert "question 11 is empty" in str(problems.items[0]) and str(problems.items[0]).startswith(
        f"{FIXTURES / 'club.4s'}:{at}: warning:")
    assert [q.number for q in questions(pack)] == ["7", "8", "9", "10", "12"]


def test_numbers_follow_chgksuites_count():
    """`№ N` names one question and the count goes on where it was; `№№ N` sets the count; the count runs on
    through the tours (chgksuite's parse_4s gives 1, 7, 2, 20, 21, 22 for this text)."""
    text = "? a\n! a\n\n№ 7\n? b\n! b\n\n? c\n! c\n\n№№ 20\n? d\n! d\n\n? e\n! e\n\n## Тур 2\n\n? f\n! f\n"
    pack = fours.parse_fours(text, UNSAVED / "count.4s", Problems())
    assert pack is not None
    assert [q.number for q in questions(pack)] == ["1", "7", "2", "20", "21", "22"]


def test_a_number_or_handout_with_no_question_after_it_is_left_out_with_a_warning():
    """chgksuite leaves such a field out and composes the rest; so does quizshow, saying where."""
    problems = Problems()
    pack = fours.parse_fours("? Вопрос\n! Ответ\n\n№ 5\n> Раздатка\n", UNSAVED / "n.4s", problems)
    assert pack is not None and len(questions(pack)) == 1 and not problems.errors
    assert [(p.line, p.warning) for p in problems.items] == [(4, True)]


def test_a_handout_written_before_the_question_without_a_number_is_that_questions():
    """chgksuite writes `>` before `?`; without a `№` line before it chgksuite's reader leaves the handout
    outside any question. quizshow gives it to the question that follows, as it was written."""
    pack = fours.parse_fours("> Текст раздатки\n? Вопрос\n! Ответ\n", UNSAVED / "h.4s", Problems())
    assert pack is not None and questions(pack)[0].handout == "Текст раздатки"


def test_4s_messages_name_the_real_line(tmp_path):
    """The tour-size warning stood at line 0; a picture's problem stands at the line of its `(img …)`."""
    out = io.StringIO()
    show = tmp_path / "show.yaml"
    show.write_text((ROOT / "shows" / "written.yaml").read_text(encoding="utf-8").replace(
        "pack: ../packs/written-demo.yaml", f"pack: {FIXTURES / 'club.4s'}"), encoding="utf-8")
    check_files([show], out)
    assert f"{FIXTURES / 'club.4s'}:5: warning: tour 'Тур 1' has 5 questions" in out.getvalue()
    assert ":0:" not in out.getvalue()
    pack = tmp_path / "p.4s"
    pack.write_text("## Тур 1\n\n? Первая строка\nвторая (img nothere.png)\n! Ответ\n", encoding="utf-8")
    problems = Problems()
    load_pack(pack, problems)
    assert [(p.line, p.message, p.warning) for p in problems.items] == [
        (4, "picture 'nothere.png' not found beside the pack (a placeholder will be shown)", True)]


# --- the projector -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config(ROOT / "shows" / "written.yaml").theme)


def on_screen(theme, name: str, number: str, answer: bool = False) -> tuple[pygame.Surface, RecordingText]:
    """The projector at question `number` of the fixture pack (its answer when `answer`), 1920×1080."""
    pack, _ = read(name)
    e = engine(4, pack, tour_min=1)
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "ЧГК", words_of(e.format), text, views=views_of(e.format))
    t = 1.0
    e.dispatch(c.Go(at=t))
    while e.format.current(e.state) is None or e.format.current(e.state).number != number:
        t += 100
        e.dispatch(c.Go(at=t))
        e.dispatch(c.Tick(at=t + 60.01))
        e.dispatch(c.Tick(at=t + 70.02))
        e.dispatch(c.Go(at=t + 71))
    if answer:
        e.dispatch(c.Go(at=t + 80))
        e.dispatch(c.Tick(at=t + 140.01))
        e.dispatch(c.Tick(at=t + 150.02))
        t += 150
        assert e.state.phase == "answer"
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, e.state, t + 5)
    projector.render(surface, e.state, t + 10)
    return surface, text


def columns_of(surface: pygame.Surface, colour: tuple[int, int, int]) -> list[int]:
    """The x of every 4th column holding `colour` (a fixture picture is one flat colour)."""
    return [x for x in range(0, surface.get_width(), 4)
            if any(tuple(surface.get_at((x, y)))[:3] == colour for y in range(150, 950, 8))]


def test_the_projector_says_the_packs_question_number(theme):
    _, text = on_screen(theme, "club", "7")
    assert any(t.upper() == "ТУР 1 · ВОПРОС 7" for t, _, _ in text.fitted), [t for t, _, _ in text.fitted]


def test_several_pictures_share_the_card_and_big_takes_two_thirds(theme):
    surface, _ = on_screen(theme, "club", "8")
    blue, green = columns_of(surface, (40, 40, 200)), columns_of(surface, (40, 160, 40))
    assert blue and green and max(blue) < min(green)  # side by side, in the pack's order
    card_left, card_right = 60, 1920 - 60 - 330  # the card beside the clock
    assert min(blue) < card_left + (card_right - card_left) * 0.45  # `big`: past the usual 55 % text column


def test_the_handout_text_is_on_the_card_and_the_answer_shows_the_answers_picture(theme):
    surface, text = on_screen(theme, "handouts", "5")
    shown = [t for t, _, _ in text.fitted]
    assert "Палиндром — слово, которое читается одинаково в обе стороны." in shown
    assert "Перед вами определение. Назовите палиндром из пяти букв." in shown
    surface, _ = on_screen(theme, "handouts", "6", answer=True)
    assert columns_of(surface, (200, 40, 40)) and not columns_of(surface, (230, 180, 30))  # red.png, not yellow


# --- item 11: image limits ----------------------------------------------------------------------------------

HUGE = ("huge.webp", "huge.gif")  # 6000 × 6000 (36 million pixels), 1 KB and 27 KB on disk


def huge(tmp_path: Path) -> None:
    for name in HUGE:
        shutil.copy(ROOT / "tests" / "fixtures" / "images" / name, tmp_path / name)


def test_a_6000_square_webp_and_gif_are_refused_by_check_in_a_yaml_pack(tmp_path):
    huge(tmp_path)
    pack = tmp_path / "pack.yaml"
    pack.write_text("title: t\nrounds:\n  - name: r\n    questions:\n      - {q: q, a: a, image: huge.webp}\n"
                    "      - {q: q, a: a, answer_image: huge.gif}\n", encoding="utf-8")
    out = io.StringIO()
    assert check_files([pack], out) == 1
    assert f"{pack}:5: image 'huge.webp': 6000×6000 is too many pixels to show" in out.getvalue()
    assert f"{pack}:6: answer_image 'huge.gif': 6000×6000 is too many pixels to show" in out.getvalue()


def test_a_6000_square_webp_and_gif_are_refused_by_check_in_a_4s_pack(tmp_path):
    huge(tmp_path)
    pack = tmp_path / "pack.4s"
    pack.write_text("## Тур 1\n\n? (img huge.webp) Что это?\n! Ответ\n\n? Вопрос\n! Ответ\n/ (img big huge.gif)\n",
                    encoding="utf-8")
    out = io.StringIO()
    assert check_files([pack], out) == 1
    assert f"{pack}:3: picture 'huge.webp': 6000×6000 is too many pixels to show" in out.getvalue()
    assert f"{pack}:8: picture 'huge.gif': 6000×6000 is too many pixels to show" in out.getvalue()


@pytest.fixture
def siq_cache(tmp_path, monkeypatch):
    """A played .siq's media unpack under the test's own folder, not the user's cache."""
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


def test_a_6000_square_webp_in_a_siq_pack_is_refused_at_its_question(tmp_path, siq_cache):
    picture = (ROOT / "tests" / "fixtures" / "images" / "huge.webp").read_bytes()
    items = '<item type="image" isRef="True">huge.webp</item>'
    path = write_siq(tmp_path / "p.siq", v5(v5_round(v5_theme(v5_q(100, items=items)))), {"Images/huge.webp": picture})
    out = io.StringIO()
    assert check_files([path], out) == 1
    assert re.search(r"p\.siq:content\.xml:\d+: image 'huge\.webp': 6000×6000 is too many pixels", out.getvalue())


def test_unclosed_brackets_are_plain_text_even_ten_thousand_of_them():
    """A `[` without its `]` stays on screen; the pairs are found in one pass (a field of 19,000 `[` took
    90 s to read when each `[` looked for its `]` on its own)."""
    assert fours.screen_text("a [b [c] d", question=True).text == "a [b d"
    many = fours.screen_text("? " + "[" * 19_000, question=True)
    assert many.text == "? " + "[" * 19_000 and not many.host


def test_a_siq_picture_whose_header_says_no_size_is_a_warning_not_a_refusal(tmp_path, siq_cache):
    items = '<item type="image" isRef="True">odd.png</item>'
    path = write_siq(tmp_path / "p.siq", v5(v5_round(v5_theme(v5_q(100, items=items)))), {"Images/odd.png": b"<svg/>"})
    problems = Problems()
    assert load_pack(path, problems) is not None and not problems.errors
    assert any("odd.png" in p.message and "placeholder" in p.message for p in problems.items)


# --- the reader takes anything -------------------------------------------------------------------------------

LINES = st.lists(st.one_of(
    st.sampled_from(["?", "!", "=", "!=", "/", "^", "@", "##", ">", "№", "№№", "№№ 5", "", "(img x.png)",
                     "(img big w=3in x.png)", "(screen a|b)", "(screen", "~", "__", "_", "\\_", "[", "]",
                     "[Раздаточный материал:", "(PAGEBREAK)", "(LINEBREAK)", "http://a_b~c"]),
    st.text(max_size=12)), max_size=10).map(lambda parts: " ".join(parts))


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, max_size=25))
def test_any_chgksuite_markup_parses_or_says_where(lines):
    text = "\n".join(lines)
    problems = Problems()
    pack = fours.parse_fours(text, UNSAVED / "fuzz.4s", problems)
    count = text.count("\n") + 1
    for problem in problems.items:
        assert 1 <= problem.line <= count
    if pack is not None and not problems:
        assert all(q.a and q.number for r in pack.rounds for q in r.questions)


def test_a_second_picture_in_an_accepted_answer_is_a_warning_at_its_line_not_a_crash():
    """Found by the fuzz above: pictures only in a «=» line (no «!» answer line) named a missing field."""
    problems = Problems()
    fours.parse_fours("? Вопрос\n! Ответ\n= (img x.png) (img y.png)", UNSAVED / "pictures.4s", problems)
    said = [str(p) for p in problems.items]
    assert any(":3:" in text and "'y.png' with the answer" in text for text in said), said
    problems = Problems()
    fours.parse_fours("?\n= (img x.png) (img x.png)", UNSAVED / "bare.4s", problems)
    assert all(1 <= p.line <= 2 for p in problems.items)
