"""Issue 27, item 12: a pack goes to SIGame and back. `--export-siq` writes a .siq that SIGame opens (content.xml
valid against siq_5.xsd, the media inside under SIQuester's names); importing it gives the same pack; the
authors, sources and notes of a pack, round or theme stay at their level and are inherited when shown."""

from __future__ import annotations

import io
import struct
import tempfile
import wave
import zipfile
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import pytest
import xmlschema  # type: ignore[import-untyped]
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.packs.loader import load_pack
from quizshow.packs.model import EMPTY_CELL, CatInfo, Pack, Question, Round, Theme, credited
from quizshow.packs.siq import export as export_mod
from quizshow.packs.siq import load_siq
from quizshow.packs.siq.export import ExportError, export_siq
from quizshow.yamlfile import Problems
from tests import siq_kit as k
from tests import svoyak_kit as kit
from tests.conftest import SHARED

SAMPLES = SHARED / "siq"
if not SAMPLES.exists():
    SAMPLES = Path("/work/shared/siq")
MEDIA = ("image", "audio", "video", "answer_image", "answer_audio", "answer_video")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


_SCHEMA: list[xmlschema.XMLSchema] = []


def schema() -> xmlschema.XMLSchema:
    if not _SCHEMA:
        _SCHEMA.append(xmlschema.XMLSchema(str(SAMPLES / "siq_5.xsd")))
    return _SCHEMA[0]


def content_of(siq: Path) -> str:
    with zipfile.ZipFile(siq) as zf:
        return zf.read("content.xml").decode("utf-8-sig")


def assert_valid(siq: Path) -> None:
    errors = list(schema().iter_errors(content_of(siq)))
    assert not errors, errors[:3]


def imported(path: Path, media_root: Path) -> Pack:
    problems = Problems()
    pack = load_siq(path, problems, media_root)
    assert pack is not None and not problems.errors, problems.items
    return pack


def question_shape(q: Question) -> tuple[dict, dict]:
    """Everything a question holds but its line; its media by file name and bytes (where they live differs)."""
    media = {key: (path.name, path.read_bytes() if path.exists() else None)
             for key in MEDIA if (path := getattr(q, key)) is not None}
    fields = asdict(replace(q, line=0, **{key: None for key in MEDIA}))
    return fields, media


def shape(pack: Pack) -> tuple:
    """The pack with every level's own author, source and notes, rounds and themes in order."""
    return (pack.title, pack.language, pack.author, pack.source, pack.comment,
            [(r.name, r.final, r.values, r.author, r.source, r.comment, r.host,
              [(t.name, t.author, t.source, t.comment, t.host, [question_shape(q) for q in t.questions])
               for t in r.themes]) for r in pack.rounds])


def round_trip(pack: Pack, tmp_path: Path, name: str = "out") -> tuple[Pack, export_mod.Exported, Path]:
    target = tmp_path / f"{name}.siq"
    done = export_siq(pack, target)
    assert_valid(target)
    return imported(target, tmp_path / f"{name}-media"), done, target


# --- the shared sample packs ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["SIGameTest-v4.siq", "real-2010_1-v5.siq", "test-v5.siq"])
def test_sample_packs_import_export_import_give_the_same_pack(tmp_path, name):
    """Questions, prices, types, cat choices, answers, notes, media bytes, and authors/sources at their levels."""
    first = imported(SAMPLES / name, tmp_path / "first")
    again, done, target = round_trip(first, tmp_path)
    assert shape(again) == shape(first)
    assert done.questions == sum(1 for r in first.rounds for q in r.all_questions if not q.empty)
    with zipfile.ZipFile(SAMPLES / name) as original, zipfile.ZipFile(target) as exported:
        media = {n for n in original.namelist() if n.split("/")[0] in ("Images", "Audio", "Video")
                 and original.getinfo(n).file_size and "logo" not in n and "ava_2019" not in n}
        assert media <= set(exported.namelist())
        for entry in media:
            assert exported.read(entry) == original.read(entry)
            assert exported.getinfo(entry).compress_type == zipfile.ZIP_STORED  # as SIQuester stores media
    e = kit.engine(again)
    k.play_to_end(e)
    assert e.state.phase == "end"


def test_imported_authors_sources_and_notes_stay_at_their_level(tmp_path):
    """SIGameTest-v4: the round's source and the theme's author and comment were copied onto every question;
    now each is said once where the pack says it, and the console still shows them for each question."""
    from quizshow.display.console.question import question_rows
    from quizshow.packs.siq import import_siq

    pack = imported(SAMPLES / "SIGameTest-v4.siq", tmp_path / "m")
    rnd = pack.rounds[0]
    theme = rnd.themes[0]
    assert pack.author == "Vladimir Khil" and pack.comment and pack.comment.startswith("Пакет, демонстрирующий")
    assert rnd.source and rnd.source.startswith("Это источник раунда")
    assert theme.author and theme.author.startswith("Это автор темы")
    assert theme.comment and "Назовите исполнителя" in theme.comment
    first = theme.questions[0]
    assert first.author is None and first.source is None and "Назовите" not in (first.host or "")
    assert first.comment and first.comment.startswith("Это комментарий к вопросу")
    shown = credited(pack, first)
    assert (shown.author, shown.source) == (theme.author, rnd.source)
    notes = question_rows(first, str, pack)[-1][1]
    assert theme.author in notes and rnd.source in notes and "Назовите исполнителя" in notes
    # The YAML the import writes says each once, at its level.
    target, _ = import_siq(SAMPLES / "SIGameTest-v4.siq", tmp_path / "yaml", Problems())
    text = target.read_text(encoding="utf-8")
    assert text.count("Это источник раунда") == 1 and text.count("Это автор темы") == 1
    assert text.count("Назовите исполнителя") == 1
    problems = Problems()
    again = load_pack(target, problems)
    assert again is not None and not problems.errors
    assert again.rounds[0].source == rnd.source and again.rounds[0].themes[0].author == theme.author
    assert credited(again, again.rounds[0].themes[0].questions[0]).author == theme.author


def test_a_show_of_two_packs_keeps_each_packs_author_with_its_rounds(tmp_path):
    from quizshow.config import load_show

    for name, author in (("a", "Автор А"), ("b", "Автор Б")):
        (tmp_path / f"{name}.yaml").write_text(
            f'title: {name}\nauthor: {author}\nrounds:\n  - name: r{name}\n    themes:\n      - name: t\n'
            '        questions:\n          - {q: "Вопрос", a: "Ответ"}\n', encoding="utf-8")
    (tmp_path / "show.yaml").write_text("title: s\nformat: svoyak\npack: [a.yaml, b.yaml]\n"
                                        "teams: [{name: А}, {name: Б}]\n", encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert config is not None and not problems.errors, problems.items
    joined = config.pack
    assert [credited(joined, r.themes[0].questions[0]).author for r in joined.rounds] == ["Автор А", "Автор Б"]


# --- a hand-written pack ------------------------------------------------------------------------------------------


def write_wav(path: Path) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(b"".join(struct.pack("<h", (i * 300) % 20000) for i in range(800)))


HAND_PACK = """\
title: Клубный пакет
author: [Иванов, Петров]
source: Клубная библиотека
language: ru
rounds:
  - name: Первый раунд
    author: Сидоров
    comment: Раунд для разминки
    themes:
      - name: Города
        source: БСЭ
        comment: Назовите город
        questions:
          - {q: "Столица Франции", a: "Париж", accept: ["Paris"], reject: ["Лион"], image: "media/Эйфелева башня.png"}
          - {q: "Город на Неве", a: "Санкт-Петербург", type: auction, comment: "Бывший Ленинград"}
          - ~
      - name: Звуки
        questions:
          - {q: "Что звучит?", a: "Гудок", audio: "media/гудок (1).wav", seconds: 5, wait: false}
          - {q: "Кот в мешке", a: "Мяу", type: cat, cat: {theme: "Животные", values: [100, 200, 300], to: anyone},
             image: "media/Эйфелева башня.png", answer_image: "media/ответ [1].png"}
          - {q: "Вопрос от спонсора", a: "Да", type: sponsor, value: 750, host: "Прочитать медленно"}
  - name: Финал
    final: true
    themes:
      - name: Литература
        author: Гоголь
        questions:
          - {q: "Автор «Мёртвых душ»", a: "Гоголь"}
"""


def hand_pack(tmp_path: Path) -> Path:
    (tmp_path / "media").mkdir()
    (tmp_path / "media" / "Эйфелева башня.png").write_bytes(k.PNG)
    (tmp_path / "media" / "ответ [1].png").write_bytes(k.PNG + b"\0")
    write_wav(tmp_path / "media" / "гудок (1).wav")
    path = tmp_path / "club.yaml"
    path.write_text(HAND_PACK, encoding="utf-8")
    return path


def test_a_hand_written_yaml_pack_exports_to_a_valid_siq_that_plays_the_same(tmp_path):
    problems = Problems()
    pack = load_pack(hand_pack(tmp_path), problems)
    assert pack is not None and not problems.errors, problems.items
    again, done, target = round_trip(pack, tmp_path)
    assert not done.warnings
    with zipfile.ZipFile(target) as zf:
        names = zf.namelist()
    # SIQuester's names: Uri.EscapeUriString (spaces and Cyrillic escaped, brackets and parentheses not)
    assert "Images/%D0%AD%D0%B9%D1%84%D0%B5%D0%BB%D0%B5%D0%B2%D0%B0%20%D0%B1%D0%B0%D1%88%D0%BD%D1%8F.png" in names
    assert "Images/%D0%BE%D1%82%D0%B2%D0%B5%D1%82%20[1].png" in names
    assert "Audio/%D0%B3%D1%83%D0%B4%D0%BE%D0%BA%20(1).wav" in names
    assert len([n for n in names if n.startswith("Images/")]) == 2  # one picture used twice is one file
    xml = content_of(target)
    assert '<item type="image" isRef="True">Эйфелева башня.png</item>' in xml  # the raw name in the XML
    assert 'type="stake"' in xml and 'type="noRisk"' in xml and 'type="secret"' in xml
    assert '<numberSet minimum="100" maximum="300" step="100" />' in xml
    assert '<param name="selectionMode">any</param>' in xml
    assert 'duration="00:00:05"' in xml and 'waitForFinish="False"' in xml
    assert "<wrong><answer>Лион</answer></wrong>" in xml
    board = again.rounds[0]
    assert [q.value for q in board.themes[0].questions] == [10, 20, None]  # «Своя игра»'s values
    assert board.themes[0].questions[2].empty
    cities, sounds = board.themes
    assert cities.questions[0].accept == ("Paris",) and cities.questions[0].reject == ("Лион",)
    assert cities.questions[0].image is not None and cities.questions[0].image.read_bytes() == k.PNG
    cat = sounds.questions[1]
    assert cat.type == "cat" and cat.cat == CatInfo(theme="Животные", values=(100, 200, 300), to="anyone")
    assert cat.answer_image is not None and cat.answer_image.read_bytes() == k.PNG + b"\0"
    assert sounds.questions[0].seconds == 5 and not sounds.questions[0].wait
    assert sounds.questions[0].audio is not None and sounds.questions[0].audio.read_bytes() == \
        (tmp_path / "media" / "гудок (1).wav").read_bytes()
    assert [q.type for q in sounds.questions] == ["regular", "cat", "sponsor"]
    assert again.rounds[1].final and again.rounds[1].themes[0].author == "Гоголь"
    assert (again.author, again.source) == ("Иванов\nПетров", "Клубная библиотека")
    assert '<authors><author>Иванов</author><author>Петров</author></authors>' in xml  # two authors for SIGame
    assert (board.author, board.comment, cities.source, cities.comment) == \
        ("Сидоров", "Раунд для разминки", "БСЭ", "Назовите город")
    first, second = kit.engine(pack), kit.engine(again)
    k.play_to_end(first)
    k.play_to_end(second)
    assert [t.score for t in first.state.teams] == [t.score for t in second.state.teams]


def test_export_siq_command_writes_the_pack_and_reads_it_back(tmp_path):
    from quizshow.cli import main

    path = hand_pack(tmp_path)
    out = io.StringIO()
    from quizshow.tools.siq_tools import export_command

    assert export_command(path, tmp_path / "club.siq", out) == 0
    text = out.getvalue()
    assert f"wrote {tmp_path / 'club.siq'}: SIGame pack v5, 1 round(s) + 1 final, 3 theme(s), 6 question(s), " \
           "3 media file(s)" in text
    assert "--check club.siq: 0 error(s), 0 warning(s)" in text
    assert main(["--export-siq", str(path), "--out", str(tmp_path / "again.siq")]) == 0
    assert_valid(tmp_path / "again.siq")
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: x\nrounds: []\n", encoding="utf-8")
    out = io.StringIO()
    assert export_command(broken, tmp_path / "broken.siq", out) == 1
    assert "nothing was written" in out.getvalue() and not (tmp_path / "broken.siq").exists()
    assert export_command(path, tmp_path / "club.zip", io.StringIO()) == 2


def test_export_siq_without_out_or_with_a_show_is_a_usage_error(tmp_path, capsys):
    from quizshow.cli import main

    assert main(["--export-siq", "p.yaml"]) == 2
    assert "--export-siq needs --out FILE.siq" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["show.yaml", "--export-siq", "p.yaml", "--out", "x.siq"])
    assert stop.value.code == 2


# --- limits ---------------------------------------------------------------------------------------------------


def test_export_keeps_sigame_limits_with_a_warning_for_each_cut(tmp_path):
    """SIGame reads at most 30 themes a round and 30 questions a theme, 350 characters of a name or answer and
    1500 of a text: beyond that the export cuts and says so, so SIGame reads every exported question whole."""
    long_q = Question(q="Ж" * 1600, a="О" * 400, value=100)
    themes = tuple(Theme(name=f"Тема {n}", questions=(long_q,) * 31) for n in range(31))
    pack = Pack(title="Большой", path=tmp_path / "big.yaml", rounds=(Round(name="Р", themes=themes),))
    again, done, target = round_trip(pack, tmp_path)
    assert len(again.rounds[0].themes) == 30 and all(len(t.questions) == 30 for t in again.rounds[0].themes)
    assert any("31 themes in round 'Р': SIGame reads at most 30" in w for w in done.warnings)
    assert any("31 questions in theme 'Тема 0': SIGame reads at most 30" in w for w in done.warnings)
    assert any("the question text is 1600 characters long: SIGame reads 1500; cut" in w for w in done.warnings)
    assert any("an answer is 400 characters long: SIGame reads 350; cut" in w for w in done.warnings)
    question = again.rounds[0].themes[0].questions[0]
    assert len(question.q) == 1500 and len(question.a) == 350
    problems = Problems()
    load_siq(target, problems, tmp_path / "m2")
    assert not problems.items  # nothing for our reader (or SIGame's) to cut


def test_export_refuses_a_pack_larger_than_a_siq_is_read(tmp_path, monkeypatch):
    problems = Problems()
    pack = load_pack(hand_pack(tmp_path), problems)
    assert pack is not None
    monkeypatch.setattr(export_mod, "MAX_UNPACKED", 1000)
    with pytest.raises(ExportError, match="a .siq is read up to 0 MB"):
        export_siq(pack, tmp_path / "big.siq")
    assert not (tmp_path / "big.siq").exists() and not (tmp_path / "big.siq.part").exists()


def test_what_sigame_cannot_hold_is_a_warning_not_a_silent_loss(tmp_path):
    q = Question(q="Вопрос", a="Ответ", value=100, hint="Подсказка", type="cat",
                 cat=CatInfo(values=(100, 250, 1000)))
    reserve = Round(name="Запас", questions=(Question(q="З", a="О"),), reserve=True)
    plain = Round(name="Брейн", questions=(Question(q="Б", a="О"),))
    pack = Pack(title="t", path=tmp_path / "t.yaml", rounds=(Round(name="Р", themes=(Theme("Т", (q,)),)),
                                                              plain, reserve))
    again, done, _ = round_trip(pack, tmp_path)
    text = "\n".join(done.warnings)
    assert "club hint («помощь клуба») has no place in SIGame: not exported" in text
    assert "cat prices 100, 250, 1000 are not evenly spaced" in text
    assert "round 'Запас' is the reserve: SIGame has no reserve questions; not exported" in text
    assert "round 'Брейн' is a plain list of questions: exported as 1 theme(s)" in text
    assert [r.name for r in again.rounds] == ["Р", "Брейн"]


# --- the property: export then import is the identity on what SIGame can represent ---------------------------------

WORDS = st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщэюяАБВГДЕЖЗabcxyzXYZ0123456789«»!?.", min_size=1, max_size=8)
PHRASE = st.lists(WORDS, min_size=1, max_size=4).map(" ".join)
MAYBE = st.none() | PHRASE


@dataclass(frozen=True)
class Media:
    """The files the generated packs' questions show and play (names SIGame must escape), in a test's folder."""
    pictures: tuple[Path, ...]
    sound: Path


def media_in(folder: Path) -> Media:
    folder.mkdir(exist_ok=True)
    pictures = tuple(folder / name for name in ("картинка 1.png", "photo [2].png"))
    for n, picture in enumerate(pictures):
        picture.write_bytes(k.PNG + bytes([n]))
    write_wav(folder / "звук #1.wav")
    return Media(pictures, folder / "звук #1.wav")


@st.composite
def cats(draw) -> CatInfo:
    low = draw(st.integers(1, 20)) * 100
    values = draw(st.sampled_from([(low,), (low, low + draw(st.integers(1, 9)) * 100),
                                   tuple(range(low, low + 100 * draw(st.integers(3, 6)), 100))]))
    return CatInfo(theme=draw(MAYBE), values=values, to=draw(st.sampled_from(["others", "anyone"])))


@st.composite
def questions(draw, media: Media, final: bool = False) -> Question:
    kind = "regular" if final else draw(st.sampled_from(["regular", "auction", "sponsor", "cat"]))
    notes = draw(st.lists(PHRASE, max_size=2))
    wrong = tuple(draw(st.lists(PHRASE, max_size=2)))
    image = draw(st.none() | st.sampled_from(media.pictures))
    audio = draw(st.none() | st.just(media.sound))
    web = draw(st.sampled_from([(), ("image",)])) if image is None else ()  # an imported web picture
    urls = [f"https://example.org/{draw(st.integers(1, 99))}.jpg"] if web else []
    text = draw(st.lists(PHRASE, min_size=0 if image or audio else 1, max_size=3).map("\n".join))
    return Question(
        q=text, a=draw(PHRASE),
        accept=tuple(draw(st.lists(PHRASE, max_size=2))), reject=wrong, comment=draw(MAYBE), source=draw(MAYBE),
        author=draw(MAYBE), type=kind, cat=draw(cats()) if kind == "cat" else None,
        value=None if final else draw(st.integers(1, 5000)), host="\n".join(notes + urls) or None,
        image=image, audio=audio, answer_image=draw(st.none() | st.sampled_from(media.pictures)),
        answer_audio=draw(st.none() | st.just(media.sound)), web=web,
        seconds=draw(st.none() | st.integers(1, 600).map(float)),
        wait=draw(st.booleans()) if audio else True)


@st.composite
def packs(draw, media: Media) -> Pack:
    rounds = []
    for n in range(draw(st.integers(1, 2))):
        width = draw(st.integers(1, 3))
        themes = []
        for _ in range(draw(st.integers(1, 3))):
            cells = [draw(questions(media)) if draw(st.integers(0, 5)) else EMPTY_CELL for _ in range(width)]
            if all(q.empty for q in cells):
                cells[0] = draw(questions(media))
            themes.append(Theme(draw(PHRASE), tuple(cells), author=draw(MAYBE), source=draw(MAYBE),
                                comment=draw(MAYBE), host=draw(MAYBE)))
        rounds.append(Round(f"Раунд {n + 1}", tuple(themes), author=draw(MAYBE), source=draw(MAYBE),
                            comment=draw(MAYBE), host=draw(MAYBE)))
    if draw(st.booleans()):
        finals = tuple(Theme(draw(PHRASE), (draw(questions(media, final=True)),))
                       for _ in range(draw(st.integers(1, 2))))
        rounds.append(Round("Финал", finals, final=True))
    return Pack(title=draw(PHRASE), path=Path("generated.yaml"), rounds=tuple(rounds), author=draw(MAYBE),
                language=draw(st.sampled_from(["ru", "en"])), source=draw(MAYBE), comment=draw(MAYBE))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_export_then_import_is_the_identity_on_what_sigame_can_represent(tmp_path, data):
    media = media_in(tmp_path / "media")  # the examples share the test's tmp_path: the same files each time
    pack = data.draw(packs(media), label="pack")
    with tempfile.TemporaryDirectory(dir=tmp_path) as folder:  # each example's own
        again, done, _ = round_trip(pack, Path(folder))
        assert not done.warnings
        assert shape(again) == shape(pack)


def test_two_pictures_of_one_name_and_a_very_long_name_each_keep_their_own_file(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "фото.png").write_bytes(k.PNG + b"a")
    (tmp_path / "b" / "фото.png").write_bytes(k.PNG + b"b")
    long = tmp_path / ("д" * 125 + ".png")  # 254 bytes: as long as a file system allows
    long.write_bytes(k.PNG + b"c")
    files = (tmp_path / "a" / "фото.png", tmp_path / "b" / "фото.png", long)
    theme = Theme("Т", tuple(Question(q=f"В{n}", a="О", value=100 * (n + 1), image=path)
                             for n, path in enumerate(files)))
    pack = Pack(title="t", path=tmp_path / "t.yaml", rounds=(Round(name="Р", themes=(theme,)),))
    again, done, target = round_trip(pack, tmp_path)
    pictures = [q.image for q in again.rounds[0].themes[0].questions]
    assert [p.read_bytes() for p in pictures if p] == [k.PNG + b"a", k.PNG + b"b", k.PNG + b"c"]
    assert [p.name for p in pictures if p][:2] == ["фото.png", "фото (2).png"]
    assert any("is shortened" in w for w in done.warnings)


@pytest.mark.parametrize("name", ["SIGameTest-v4.siq", "real-2010_1-v5.siq"])
def test_an_imported_pack_edited_as_yaml_goes_back_to_sigame_with_the_edit(tmp_path, name):
    """--import → edit the YAML → --export-siq: the same pack, with the edit, and its levels' credits."""
    from quizshow.packs.siq import import_siq

    target, _ = import_siq(SAMPLES / name, tmp_path / "yaml", Problems())
    text = target.read_text(encoding="utf-8")
    first_q = imported(SAMPLES / name, tmp_path / "orig").rounds[0].themes[0].questions[0]
    target.write_text(text.replace(f"a: {first_q.a}", "a: Исправленный ответ", 1), encoding="utf-8")
    problems = Problems()
    edited = load_pack(target, problems)
    assert edited is not None and not problems.errors, problems.items
    again, _, _ = round_trip(edited, tmp_path)
    assert again.rounds[0].themes[0].questions[0].a == "Исправленный ответ"
    assert shape(again) == shape(edited)


def test_a_cat_without_values_offers_the_rounds_lowest_or_highest_in_sigame_too(tmp_path):
    """Ours: a cat with no `values` offers the round's lowest or highest value; SIGame's number set 0 says so."""
    cells = (Question(q="Кот", a="О", value=100, type="cat", cat=CatInfo(theme="Кошки")),
             Question(q="В", a="О", value=500))
    pack = Pack(title="t", path=tmp_path / "t.yaml", rounds=(Round(name="Р", themes=(Theme("Т", cells),)),))
    again, _, target = round_trip(pack, tmp_path)
    assert '<numberSet minimum="0" maximum="0" step="0" />' in content_of(target)
    assert again.rounds[0].themes[0].questions[0].cat == CatInfo(theme="Кошки", values=(100, 500))
