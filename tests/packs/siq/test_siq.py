"""SIGame .siq packs (issue 15, docs/siq.md): reading, mapping, bad input, the samples, the CLI."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from quizshow.packs.loader import load_pack
from quizshow.packs.siq import SiqError, load_siq, read_siq
from quizshow.packs.siq import archive as archive_mod
from quizshow.yamlfile import Problems
from tests import siq_kit as k
from tests import svoyak_kit as kit
from tests.conftest import ok, refused
from tests.siq_samples_kit import SAMPLES

if not SAMPLES.exists():
    SAMPLES = Path("/work/shared/siq")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


def load(path: Path) -> tuple[object, Problems]:
    problems = Problems()
    return load_siq(path, problems), problems


def warnings(problems: Problems) -> list[str]:
    return [p.message for p in problems.items if p.warning]


def the_error(path: Path) -> str:
    pack, problems = load(path)
    assert pack is None
    assert len(problems.errors) == 1, problems.items
    return problems.errors[0].message


# --- v5: every question type ---------------------------------------------------------------------------


def v5_types_pack(tmp_path: Path) -> Path:
    secret_set = '<param name="price" type="numberSet"><numberSet minimum="100" maximum="500" step="200"/></param>'
    secret_round = '<param name="price" type="numberSet"><numberSet minimum="0" maximum="0" step="0"/></param>'
    options = ('<param name="answerType">select</param><param name="answerOptions" type="group">'
               '<param name="A" type="content"><item>Париж</item></param>'
               '<param name="B" type="content"><item>Лион</item></param></param>')
    theme1 = "".join([
        k.v5_q(100, "простой"),
        k.v5_q(200, "ставка", kind="stake"),
        k.v5_q(300, "все ставят", kind="stakeAll"),
        k.v5_q(400, "секрет", kind="secret", params='<param name="theme">Кошки</param>' + secret_set +
               '<param name="selectionMode">any</param>'),
        k.v5_q(500, "секрет с ценой", kind="secretPublicPrice", params=secret_round +
               '<param name="selectionMode">exceptCurrent</param>'),
    ])
    theme2 = "".join([
        k.v5_q(100, "без риска", kind="noRisk"),
        k.v5_q(200, "для всех", kind="forAll"),
        k.v5_q(300, "столица", params=options),
        k.v5_q(400, "сколько", params='<param name="answerType">number</param>'
                                       '<param name="answerDeviation">5</param>'),
        '<question price="-1"><right/></question>',
    ])
    theme3 = k.v5_q(100, "свой тип", kind="custom") + k.v5_q(200, "подарок", kind="secretNoQuestion")
    final = k.v5_theme(k.v5_q(0, "финал 1"), "Ф1") + k.v5_theme(k.v5_q(0, "финал 2"), "Ф2")
    content = k.v5(k.v5_round(k.v5_theme(theme1, "Т1") + k.v5_theme(theme2, "Т2") + k.v5_theme(theme3, "Т3"))
                   + k.v5_round(final, "Финал", final=True))
    return k.write_siq(tmp_path / "types.siq", content)


def test_v5_every_question_type_maps_to_our_types_with_a_warning_for_each_nearest_rule(tmp_path):
    pack, problems = load(v5_types_pack(tmp_path))
    assert not problems.errors
    board, final = pack.rounds
    t1, t2, t3 = (theme.questions for theme in board.themes)
    assert [q.type for q in t1] == ["regular", "auction", "auction", "cat", "cat"]
    assert [q.type for q in t2] == ["sponsor", "regular", "regular", "regular", "empty"]
    assert [q.type for q in t3] == ["regular", "cat", "empty", "empty", "empty"]  # a shorter theme: empty cells
    assert [q.value for q in t1] == [100, 200, 300, 400, 500]
    assert t1[3].cat.theme == "Кошки" and t1[3].cat.values == (100, 300, 500) and t1[3].cat.to == "anyone"
    assert t1[4].cat.values == (100, 500) and t1[4].cat.to == "others"  # 0..0: the round's min and max
    assert "A) Париж" in t2[2].q and "B) Лион" in t2[2].q
    assert "± 5" in t2[3].host
    said = " | ".join(warnings(problems))
    for rule in ("stakeAll", "forAll", "answer options", "numeric answer", "'custom'", "secretNoQuestion"):
        assert rule in said
    assert final.final and [t.name for t in final.themes] == ["Ф1", "Ф2"]
    assert pack.report[0].startswith("SIGame pack v5 «Тест»: 1 round(s) + 1 final, 5 theme(s), 13 question(s), "
                                     "1 empty cell(s)")


def test_v5_pack_plays_to_the_end_with_the_cat_kept_by_its_chooser_when_selection_mode_is_any(tmp_path):
    pack, _ = load(v5_types_pack(tmp_path))
    e = kit.engine(pack)
    ok(e, c.Go(at=1))
    ok(e, c.Go(at=2))
    chooser = e.state.fmt.chooser
    ok(e, sc.SelectCell(at=3, theme=0, question=3))  # selectionMode any
    ok(e, sc.GiveCat(at=4, team=chooser))
    assert e.state.phase == "cat_value" and e.format.cat_options(e.state) == (100, 300, 500)
    ok(e, sc.CatValue(at=5, value=300))
    ok(e, c.Judge(at=6, correct=True))
    assert e.state.teams[chooser].score == 300
    ok(e, c.Go(at=7))
    ok(e, sc.SelectCell(at=8, theme=0, question=4))  # exceptCurrent
    assert "opponent" in refused(e, sc.GiveCat(at=9, team=e.state.fmt.chooser))
    assert k.play_to_end(e) > 0


def test_empty_cells_and_short_themes_cannot_be_chosen_and_do_not_hold_the_round_open(tmp_path):
    themes = (k.v5_theme(k.v5_q(100) + '<question price="-1"/>' + k.v5_q(300), "полная")
              + k.v5_theme(k.v5_q(100), "короткая"))
    pack, problems = load(k.write_siq(tmp_path / "holes.siq", k.v5(k.v5_round(themes))))
    assert not problems.errors
    e = kit.engine(pack)
    rnd = e.format.game.rounds[0]
    assert rnd.size == (2, 3) and rnd.cells == {(0, 0), (0, 2), (1, 0)}
    ok(e, c.Go(at=1))
    ok(e, c.Go(at=2))
    assert "no cell" in refused(e, sc.SelectCell(at=3, theme=0, question=1))
    assert "no cell" in refused(e, sc.SelectCell(at=3, theme=1, question=2))
    for t, (theme, question) in enumerate(sorted(rnd.cells)):
        ok(e, sc.SelectCell(at=10 + t * 10, theme=theme, question=question))
        ok(e, c.Go(at=11 + t * 10))
        ok(e, c.Go(at=12 + t * 10))  # the reveal
        ok(e, c.Go(at=13 + t * 10))
    assert e.format.round_over(e.state.fmt)


# --- v4: types, atoms, marker ---------------------------------------------------------------------------


def v4_pack(tmp_path: Path, prefix: str = "", ns: str = k.V4_NS) -> Path:
    bag = ('<type name="bagcat"><param name="theme">Новая</param><param name="cost">{cost}</param>'
           '<param name="self">{self}</param><param name="knows">{knows}</param></type>')
    questions = "".join([
        k.v4_q(100, type_xml='<type name="auction"/>'),
        k.v4_q(200, type_xml='<type name="cat"><param name="theme">Кот</param><param name="cost">700</param></type>'),
        k.v4_q(300, type_xml=bag.format(cost="[100;1000]/300", self="True", knows="before")),
        k.v4_q(400, type_xml=bag.format(cost="[100;500]", self="false", knows="after")),
        k.v4_q(500, type_xml=bag.format(cost="0", self="false", knows="never")),
        k.v4_q(600, type_xml='<type name="sponsored"/>'),
        '<question price="-1"><right/></question>',
        k.v4_q(700, type_xml='<type name="custom"/>'),
    ])
    atoms = "".join([
        k.v4_q(100, '<atom type="say">Ведущий говорит</atom><atom time="8">Текст на экране</atom>'),
        k.v4_q(200, '<atom type="image">@pic.png</atom><atom type="voice" time="-1">@song.mp3</atom>'),
        k.v4_q(300, '<atom type="video">@clip.mp4</atom>'),
        k.v4_q(400, '<atom>Вопрос</atom><atom type="marker"/><atom type="image">@answer.png</atom>'),
        k.v4_q(500, '<atom type="html">&lt;p&gt;Из &lt;b&gt;html&lt;/b&gt;&lt;/p&gt;</atom>'),
    ])
    final = k.v4_q(0, "<atom>Финал</atom>")
    rounds = (f'<round name="Р1" type="standart"><themes><theme name="Типы"><questions>{questions}</questions></theme>'
              f'<theme name="Атомы"><questions>{atoms}</questions></theme></themes></round>'
              f'<round name="Финал" type="final"><themes><theme name="Ф"><questions>{final}</questions></theme>'
              f'</themes></round>')
    files = {"Images/pic.png": k.PNG, "Images/answer.png": k.PNG, "Audio/song.mp3": b"ID3" + bytes(300),
             "Video/clip.mp4": bytes(400)}
    return k.write_siq(tmp_path / "v4.siq", k.v4(rounds, ns=ns, prefix=prefix), files)


def test_v4_types_are_upgraded_as_sigame_does_cat_cost_self_and_knows_included(tmp_path):
    pack, problems = load(v4_pack(tmp_path))
    assert not problems.errors
    types = pack.rounds[0].themes[0].questions
    assert [q.type for q in types] == ["auction", "cat", "cat", "cat", "cat", "sponsor", "empty", "regular"]
    assert types[1].cat.theme == "Кот" and types[1].cat.values == (700,) and types[1].cat.to == "others"
    assert types[2].cat.values == (100, 400, 700, 1000) and types[2].cat.to == "anyone"
    assert types[3].cat.values == (100, 500)
    assert types[4].cat.values == (100, 700) and types[4].cat.theme is None  # cost 0: round min and max
    assert "question types: custom 1, noRisk 1, secret 2, secretNoQuestion 1, secretPublicPrice 1, simple 6, " \
           "stake 1" in pack.report[1]


def test_v4_atoms_say_image_voice_video_marker_time_and_html_become_our_content(tmp_path):
    pack, problems = load(v4_pack(tmp_path))
    say, media, video, marker, html, *padding = pack.rounds[0].themes[1].questions
    assert [q.empty for q in padding] == [True] * 3  # «Атомы» is 5 cells against «Типы» 8
    assert say.q == "Текст на экране" and say.host == "Ведущий говорит" and say.seconds == 8
    assert media.image.name == "pic.png" and media.image.read_bytes() == k.PNG
    assert media.audio.name == "song.mp3" and media.wait is False  # time=-1: do not wait
    assert video.video.name == "clip.mp4" and video.video.exists()
    assert marker.q == "Вопрос" and marker.image is None and marker.answer_image.name == "answer.png"
    assert html.q == "Из html"
    assert any("html content is shown as its text only" in w for w in warnings(problems))
    assert pack.report[2] == "media: 4 found, 0 missing"


@pytest.mark.parametrize("ns,prefix", [(k.OLD_NS, "yg"), (k.V4_NS, "x"), ("", "")])
def test_elements_are_found_by_local_name_whatever_the_namespace_or_prefix(tmp_path, ns, prefix):
    pack, problems = load(v4_pack(tmp_path, prefix=prefix, ns=ns or k.V4_NS))
    assert not problems.errors and len(pack.rounds) == 2 and len(pack.rounds[0].themes) == 2


# --- content kinds, escaped names, C# booleans -----------------------------------------------------------


def test_v5_content_kinds_placement_duration_wait_and_the_answer_media(tmp_path):
    items = ('<item type="text" placement="replic">Скажите это</item><item>На экране</item>'
             '<item type="image" isRef="True">a b.png</item>'
             '<item type="audio" isRef="True" duration="00:00:07" waitForFinish="False">s.mp3</item>'
             '<item type="video" isRef="true">v.mp4</item><item type="html" isRef="True">page.html</item>')
    answer = ('<param name="answer" type="content"><item type="image" isRef="True">ans.png</item>'
              '<item type="audio" isRef="True">ans.mp3</item></param>')
    files = {"Images/a%20b.png": k.PNG, "Images/ans.png": k.PNG, "Audio/s.mp3": b"ID3" + bytes(99),
             "Audio/ans.mp3": b"ID3" + bytes(99), "Video/v.mp4": bytes(99),
             "Html/page.html": "<html><script>x()</script><p>Текст &amp; страница</p></html>".encode()}
    q = k.v5_q(100, items=items, params=answer)
    pack, problems = load(k.write_siq(tmp_path / "c.siq", k.v5(k.v5_round(k.v5_theme(q))), files))
    got = pack.rounds[0].themes[0].questions[0]
    assert got.q == "На экране\nТекст & страница" and got.host == "Скажите это"
    assert got.image.name == "a b.png" and got.image.read_bytes() == k.PNG
    assert got.audio.name == "s.mp3" and got.seconds == 7 and got.wait is False
    assert got.video.name == "v.mp4"
    assert got.answer_image.name == "ans.png" and got.answer_audio.name == "ans.mp3"
    assert pack.report[2] == "media: 5 found, 0 missing"  # html is read as text, not media


def test_media_names_are_found_raw_or_url_escaped_and_missing_ones_are_reported(tmp_path):
    items = ('<item type="image" isRef="True">[x]  y (1).jpg</item>'
             '<item type="video" isRef="True">raw name.mp4</item>')
    q1 = k.v5_q(100, items=items)
    q2 = k.v5_q(200, items='<item type="audio" isRef="True">нет такого.mp3</item>')
    files = {"Images/[x]%20%20y%20(1).jpg": k.PNG, "Video/raw name.mp4": bytes(50)}
    pack, problems = load(k.write_siq(tmp_path / "e.siq", k.v5(k.v5_round(k.v5_theme(q1 + q2))), files))
    first, second = pack.rounds[0].themes[0].questions
    assert first.image.read_bytes() == k.PNG and first.video.exists()
    assert not second.audio.exists()
    assert "missing media: Audio/нет такого.mp3" in pack.report
    assert any("'нет такого.mp3' is not in the pack" in w for w in warnings(problems))


def test_unsupported_media_is_a_warning_and_goes_to_the_host_never_to_the_card(tmp_path):
    q = k.v5_q(100, "Слушайте", items='<item>Слушайте</item><item type="audio" isRef="True">old.wma</item>')
    path = k.write_siq(tmp_path / "w.siq", k.v5(k.v5_round(k.v5_theme(q))), {"Audio/old.wma": bytes(100)})
    pack, problems = load(path)
    got = pack.rounds[0].themes[0].questions[0]
    assert got.audio is None and "Audio/old.wma" in got.host
    assert any(".wma is not supported" in w for w in warnings(problems))


def test_problems_are_reported_as_pack_content_xml_line(tmp_path):
    content = k.v5(k.v5_round(k.v5_theme(k.v5_q(100, kind="forAll"))).replace("<round", "\n\n<round"))
    path = k.write_siq(tmp_path / "lines.siq", content)
    _, problems = load(path)
    assert [str(p) for p in problems.items] == [
        f"{path}:content.xml:3: warning: forAll (everyone answers in writing) is played as a regular question: "
        "the first to press answers"]


# --- limits and bad input -----------------------------------------------------------------------------------


def varied(n: int, seed: int) -> str:
    """Text that does not compress 100:1 (a repeated letter would trip the zip-bomb check)."""
    import random

    rng = random.Random(seed)
    return "".join(rng.choice("абвгдеёжзийклмнопрстуфхцчшщъыьэюя ") for _ in range(n))


def test_reader_limits_cut_with_a_warning_themes_questions_text_and_content_value(tmp_path):
    long_name = varied(400, 1)
    themes = "".join(k.v5_theme(k.v5_q(100, varied(1600, i)), long_name if i == 0 else f"т{i}") for i in range(31))
    questions = k.v5_theme("".join(k.v5_q(100 + i) for i in range(31)), "много")
    path = k.write_siq(tmp_path / "big.siq", k.v5(k.v5_round(themes) + k.v5_round(questions)))
    pack, problems = load(path)
    assert len(pack.rounds[0].themes) == 30 and len(pack.rounds[1].themes[0].questions) == 30
    assert len(pack.rounds[0].themes[0].name) == 350 and len(pack.rounds[0].themes[0].questions[0].q) == 1500
    said = " | ".join(warnings(problems))
    assert "31 themes in a round: SIGame reads at most 30" in said
    assert "31 questions in a theme" in said and "cut to 350" in said and "cut to 1500" in said


def test_more_than_fifty_rounds_are_cut_with_a_warning(tmp_path):
    rounds = "".join(k.v5_round(k.v5_theme(k.v5_q(100)), f"р{i}") for i in range(52))
    pack, problems = load(k.write_siq(tmp_path / "r.siq", k.v5(rounds)))
    assert len(pack.rounds) == 50 and any("52 rounds" in w for w in warnings(problems))


def zip_with(tmp_path: Path, names: list[str]) -> Path:
    path = tmp_path / "bad.siq"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("content.xml", k.v5(k.v5_round(k.v5_theme(k.v5_q(100)))))
        for name in names:
            zf.writestr(zipfile.ZipInfo(name), b"x")
    return path


@pytest.mark.parametrize("name,why", [("/etc/passwd", "absolute path"), ("Images/../../evil.png", "'..'"),
                                      ("C:/x.png", "absolute path"), ("..\\x.png", "'..'")])
def test_entries_outside_the_pack_are_refused(tmp_path, name, why):
    assert why in the_error(zip_with(tmp_path, [name]))


def test_more_than_ten_thousand_entries_are_refused(tmp_path):
    path = tmp_path / "many.siq"
    with zipfile.ZipFile(path, "w") as zf:
        for i in range(10_001):
            zf.writestr(zipfile.ZipInfo(f"Images/{i}.png"), b"")
    assert "10001 entries (at most 10000)" in the_error(path)


def test_a_compression_ratio_over_one_hundred_is_refused(tmp_path):
    path = k.write_siq(tmp_path / "bomb.siq", k.v5(k.v5_round(k.v5_theme(k.v5_q(100)))),
                       {"Images/zeros.png": bytes(2_000_000)}, media_stored=False)
    assert "compression ratio over 100" in the_error(path)


def test_more_than_five_hundred_megabytes_unpacked_is_refused(tmp_path, monkeypatch):
    """The limit is checked on the sizes the archive declares; scaled down so the test writes 3 MB, not 500."""
    monkeypatch.setattr(archive_mod, "MAX_UNPACKED", 2 * 1024 * 1024)
    path = k.write_siq(tmp_path / "huge.siq", k.v5(k.v5_round(k.v5_theme(k.v5_q(100)))),
                       {"Video/a.mp4": bytes(1_500_000), "Video/b.mp4": bytes(1_500_000)})
    assert "unpacks to more than 2 MB" in the_error(path)


@pytest.mark.parametrize("doc,why", [
    (b'<?xml version="1.0"?><!DOCTYPE package [<!ENTITY x "boom">]><package version="5">&x;</package>', "DTD"),
    (b'<?xml version="1.0"?><!DOCTYPE package SYSTEM "http://127.0.0.1/x.dtd"><package/>', "DTD"),
    (b"<package><rounds></package>", "not well-formed"),
    (b"", "not well-formed"),
])
def test_dtds_entities_and_broken_xml_are_refused_with_a_reason(tmp_path, doc, why):
    assert why in the_error(k.write_siq(tmp_path / "x.siq", doc))


def test_a_truncated_or_non_zip_file_is_one_clear_error_line(tmp_path):
    good = v5_types_pack(tmp_path).read_bytes()
    cut = tmp_path / "cut.siq"
    cut.write_bytes(good[: len(good) // 2])
    text = tmp_path / "text.siq"
    text.write_text("title: not a zip\n")
    for path in (cut, text):
        message = the_error(path)
        assert message.startswith("not a .siq pack") and "\n" not in message


def test_a_zip_without_content_xml_is_refused(tmp_path):
    path = tmp_path / "empty.siq"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("readme.txt", "hi")
    assert "no content.xml" in the_error(path)


# --- the three sample packs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["SIGameTest-v4.siq", "test-v5.siq", "real-2010_1-v5.siq"])
def test_sample_pack_report_matches_its_content_xml_and_it_plays_to_the_end(name):
    path = SAMPLES / name
    expected = k.count_content(path)
    pack, problems = load(path)
    assert not problems.errors
    head = pack.report[0]
    assert f"{expected['rounds']} round(s) + {expected['finals']} final" in head
    assert f"{expected['themes']} theme(s)" in head
    assert f"{sum(expected['types'].values())} question(s)" in head
    kinds = ", ".join(f"{t} {n}" for t, n in sorted(expected["types"].items()))
    assert pack.report[1].startswith(f"question types: {kinds};")
    e = kit.engine(pack)
    k.play_to_end(e)
    assert e.state.phase == "end"


def test_the_missing_media_of_test_v5_are_listed_in_its_report():
    pack, problems = load(SAMPLES / "test-v5.siq")
    assert pack.report[2] == "media: 0 found, 2 missing"
    assert "missing media: Video/videoplayback (8)_2 (1).mp4" in pack.report


def test_the_v4_test_pack_media_are_unpacked_and_its_final_has_three_themes():
    pack, _ = load(SAMPLES / "SIGameTest-v4.siq")
    content = pack.rounds[0].themes[1].questions
    assert content[2].image.stat().st_size == 705670
    assert content[3].audio.name == "sample-3s.mp3" and content[4].video.name.startswith("Big_Buck_Bunny")
    assert [t.name for t in pack.rounds[1].themes] == ["Тема 1", "Тема 2", "Тема 3"]


# --- CLI: --check, --import, a show naming a .siq ------------------------------------------------------------


def test_check_a_siq_prints_its_report_and_problems_with_content_xml_lines(tmp_path):
    from quizshow.cli import check_files

    path = SAMPLES / "test-v5.siq"
    out = io.StringIO()
    assert check_files([path], out) == 0
    text = out.getvalue()
    assert f"{path}: SIGame pack v5 «test»" in text
    assert f"{path}:content.xml:1: warning: image '[alliance]" in text
    assert "1 file(s) checked: 0 error(s), 2 warning(s)" in text


@pytest.mark.parametrize("name", ["SIGameTest-v4.siq", "real-2010_1-v5.siq", "test-v5.siq"])
def test_import_writes_yaml_that_checks_clean_and_plays_like_the_siq(tmp_path, name):
    from quizshow.tools.siq_tools import import_command

    out = io.StringIO()
    assert import_command(SAMPLES / name, tmp_path / "out", out) == 0
    target = tmp_path / "out" / name.replace(".siq", ".yaml")
    problems = Problems()
    yaml_pack = load_pack(target, problems)
    assert not problems.errors
    siq_pack, _ = load(SAMPLES / name)
    for mine, theirs in zip(yaml_pack.rounds, siq_pack.rounds, strict=True):
        assert mine.final == theirs.final and [t.name for t in mine.themes] == [t.name for t in theirs.themes]
        for a, b in zip(mine.all_questions, theirs.all_questions, strict=True):
            assert (a.q, a.a, a.type, a.value, a.cat, a.host, a.accept, a.wait) == \
                   (b.q, b.a, b.type, b.value, b.cat, b.host, b.accept, b.wait)
            for media in ("image", "audio", "video", "answer_image", "answer_audio", "answer_video"):
                assert (getattr(a, media) is None) == (getattr(b, media) is None)
    first, second = kit.engine(yaml_pack), kit.engine(siq_pack)
    k.play_to_end(first)
    k.play_to_end(second)
    assert [t.score for t in first.state.teams] == [t.score for t in second.state.teams]


def test_a_show_naming_a_siq_file_as_its_pack_loads_it(tmp_path):
    from quizshow.config import load_show

    pack = tmp_path / "2010.siq"
    pack.write_bytes((SAMPLES / "real-2010_1-v5.siq").read_bytes())
    show = tmp_path / "show.yaml"
    show.write_text("title: Игра\nformat: svoyak\npack: 2010.siq\nteams: [{name: А}, {name: Б}, {name: В}]\n",
                    encoding="utf-8")
    problems = Problems()
    config = load_show(show, problems)
    assert not problems.errors, problems.items
    assert config.pack.title == "2010_1" and len(config.pack.rounds) == 4


# --- fuzz: nothing but our own error ------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SEED_ZIP = io.BytesIO()
with zipfile.ZipFile(SEED_ZIP, "w") as _zf:
    _zf.writestr("content.xml", k.v5(k.v5_round(k.v5_theme(k.v5_q(100, kind="stake") + k.v5_q(200)))))
    _zf.writestr("Images/a.png", k.PNG)
SEED = SEED_ZIP.getvalue()
XML = k.v4(f'<round name="Р"><themes><theme name="Т"><questions>{k.v4_q(100)}</questions></theme></themes></round>')


def read_only_our_error(data: bytes) -> None:
    try:
        pack = read_siq(data)
        from quizshow.packs.siq.mapping import to_pack

        to_pack(pack.document, pack, Path("fuzz.siq"), Path("/nonexistent"))
    except SiqError:
        pass


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=600))
def test_fuzz_random_bytes_raise_only_siq_error(data):
    read_only_our_error(data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(SEED) - 1), st.integers(0, 255)), min_size=1, max_size=8))
def test_fuzz_mutated_zips_raise_only_siq_error(changes):
    data = bytearray(SEED)
    for where, byte in changes:
        data[where] = byte
    read_only_our_error(bytes(data))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(XML)), st.integers(0, 40), st.text(max_size=30))
def test_fuzz_mutated_xml_raises_only_siq_error(start, length, insert):
    doc = XML[:start] + insert + XML[start + length:]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("content.xml", doc.encode("utf-8", errors="surrogatepass"))
    read_only_our_error(buffer.getvalue())


def test_an_unknown_declared_encoding_is_a_siq_error_not_a_crash():
    """Found by the fuzz test: `encoding="u0tf-8"` in the declaration made expat's lookup raise LookupError."""
    from quizshow.packs.siq.xmltree import parse

    with pytest.raises(SiqError, match="content.xml:1: unknown encoding"):
        parse(b'<?xml version="1.0" encoding="u0tf-8"?><package/>')
