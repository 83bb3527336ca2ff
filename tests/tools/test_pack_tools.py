"""The tools around the show and its packs (issue 22): `--proof` of every kind of pack, a pack file run
directly, the pack check's cat picture warning, the pack notices in the show's language and once."""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from tests.conftest import ROOT, SHARED

CLUB_4S = """###  Клубный пакет

##  Тур 1

№  1
?  Какая река длиннее всех в Европе?
!  Волга
/  Около 3530 км.

№  2
?  Сколько нот в классической октаве?
!  Семь
"""


def _bright_text_rows(path: Path) -> int:
    """Rows of the card's middle holding white text (the question or the answer is drawn)."""
    card = pygame.image.load(str(path))
    w, h = card.get_size()
    return sum(1 for y in range(h // 6, h * 5 // 6, 4)
               if any(min(card.get_at((x, y))[:3]) > 225 for x in range(w // 8, w * 5 // 8, 6)))


def test_proof_of_a_plain_question_pack_writes_every_question_and_its_answer(tmp_path):
    from quizshow.tools.proof import proof

    out = io.StringIO()
    assert proof(ROOT / "packs" / "demo.yaml", tmp_path / "proof", out) == 0
    said = out.getvalue()
    assert "12 card(s) in" in said and " 0 card(s) in" not in said, said
    assert "6 question(s) not on a board: proofed on the plain question card" in said
    cards = sorted((tmp_path / "proof").glob("round-*/q*-*.png"))
    assert len(cards) == 12
    assert all(_bright_text_rows(card) > 3 for card in cards)  # each card shows its words
    assert (tmp_path / "proof" / "round-1-sheet.png").is_file()


def test_proof_of_a_4s_pack_writes_its_cards(tmp_path):
    from quizshow.tools.proof import proof

    pack = tmp_path / "club.4s"
    pack.write_text(CLUB_4S, encoding="utf-8")
    out = io.StringIO()
    assert proof(pack, tmp_path / "proof", out) == 0
    assert "4 card(s) in 1 sheet(s)" in out.getvalue(), out.getvalue()
    assert {p.name for p in (tmp_path / "proof" / "round-1").iterdir()} == {
        "q1-question.png", "q1-answer.png", "q2-question.png", "q2-answer.png"}


def test_proof_of_a_board_pack_proofs_no_card_twice(tmp_path):
    """A «Своя игра» pack is proofed on its board as before: nothing is left for the plain card."""
    from quizshow.tools.proof import proof

    out = io.StringIO()
    assert proof(ROOT / "packs" / "duel-demo.yaml", tmp_path / "proof", out) == 0
    assert "not on a board" not in out.getvalue()
    assert not list((tmp_path / "proof").glob("round-*/q*-*.png"))


SAMPLES = SHARED / "siq"  # the SIGame packs shared by the team


def _siq_copy(tmp_path: Path, monkeypatch) -> Path:
    import shutil

    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))
    pack = tmp_path / "SIGameTest-v4.siq"
    shutil.copy(SAMPLES / "SIGameTest-v4.siq", pack)
    return pack


def test_a_pack_file_run_directly_gets_a_default_show_of_three_players_on_keyboard_buzzers(tmp_path, monkeypatch):
    from quizshow.packs.play import console_notice, load_playable, notice, played_directly
    from quizshow.yamlfile import Problems

    problems = Problems()
    config = load_playable(_siq_copy(tmp_path, monkeypatch), problems)
    assert config is not None and not problems.errors, problems.items
    assert config.format == "svoyak" and [t.name for t in config.teams] == ["Игрок 1", "Игрок 2", "Игрок 3"]
    assert [t.buzzer for t in config.teams] == ["key:1", "key:2", "key:3"] and config.devices.keyboard_buzzers
    assert config.journal_path.parent == tmp_path / ".quizshow"  # beside the pack: a restart resumes
    assert "played as it is: «Своя игра», three players" in notice(config) and played_directly(config)
    assert console_notice(config).startswith("SIGameTest-v4.siq: пакет играется как есть — «Своя игра»; "
                                             "участники Игрок 1, Игрок 2, Игрок 3 на клавишах 1, 2, 3")
    plain = load_playable(ROOT / "packs" / "written-demo.yaml", Problems())
    assert plain is not None and plain.format == "demo" and len(plain.teams) == 3  # a plain list of questions


def test_main_py_with_a_siq_pack_starts_the_show_and_says_how(tmp_path, monkeypatch):
    """It once failed at once: "'utf-8' codec can't decode byte …" (the pack was read as a show file)."""
    import os
    import signal
    import subprocess
    import sys

    pack = _siq_copy(tmp_path, monkeypatch)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), str(pack), "--headless", "--osc-port", "0",
                             "--journal", str(tmp_path / "j.jsonl")],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    said = []
    for line in proc.stderr:  # the show is running once its OSC server listens
        said.append(line)
        if line.startswith("osc: listening"):
            break
    proc.send_signal(signal.SIGINT)
    _, rest = proc.communicate(timeout=30)
    text = "".join(said) + rest
    assert proc.returncode == 0, text[-800:]
    assert "utf-8" not in text and "cannot start" not in text
    assert "SIGameTest-v4.siq: a pack, played as it is: «Своя игра», three players" in text


def test_pack_check_warns_about_a_cat_question_without_a_picture(tmp_path):
    """Seed 000: «Вопрос, скрывающийся в «Коте в мешке», всегда иллюстрируется каким-либо изображением»."""
    from quizshow.cli import check_files

    pack = tmp_path / "cats.yaml"
    pack.write_text('title: "Коты"\nrounds:\n  - name: "Раунд"\n    themes:\n      - name: "Тема"\n'
                    '        questions:\n          - {q: "Вопрос", a: "Ответ"}\n'
                    '          - {q: "Кот без картинки", a: "Ответ", type: cat}\n', encoding="utf-8")
    out = io.StringIO()
    assert check_files([pack], out) == 0  # a warning: the built-in cat card may stand in on air
    text = out.getvalue()
    assert f"{pack}:8: warning: a cat question («Кот в мешке») has no image" in text, text
    assert "0 error(s), 2 warning(s)" in text  # and one for its missing cat: block (tests/test_show_file_types.py)


def test_siq_pack_notices_are_in_the_show_language_each_once_and_comments_are_not_warnings(tmp_path, monkeypatch):
    from dataclasses import replace

    from quizshow.app import ShowApp
    from quizshow.packs.play import pack_show
    from quizshow.yamlfile import Problems

    problems = Problems()
    config = pack_show(_siq_copy(tmp_path, monkeypatch), problems)
    assert config is not None
    assert not any("comment" in p.message or "for the host" in p.message for p in problems.items)
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False)
    try:
        app.pump_views()
        notices = [n.text for n in app.status.notices]
        summary = [n for n in notices if "Пакет SIGame" in n or "SIGame pack" in n]
        assert summary == ["SIGameTest-v4.siq: Пакет SIGame v4 «Тестовый пакет SIGame»: 1 раунд + 1 финал, "
                           "5 тем, 24 вопроса, пустых клеток: 1"], notices
        assert any(n.startswith("SIGameTest-v4.siq: Ведущему — раунд «1-й раунд»: Это обычный раунд") for n in notices)
        assert not any("warning:" in n for n in notices) and len(notices) == len(set(notices))
    finally:
        app.close()
    english = replace(config, language="en")
    app = ShowApp(english, journal_path=tmp_path / "j2.jsonl", fresh=True, sound=False, devices=False)
    try:
        app.pump_views()
        assert any(n.text.startswith("SIGameTest-v4.siq: SIGame pack v4 «Тестовый пакет SIGame»: 1 round(s)")
                   for n in app.status.notices)
    finally:
        app.close()


def test_proof_of_a_pack_with_nothing_to_play_says_why_instead_of_zero_cards(tmp_path):
    from quizshow.tools.proof import proof

    pack = tmp_path / "reserve.yaml"
    pack.write_text('title: "Резерв"\nrounds:\n  - name: "Резерв"\n    reserve: true\n    questions:\n'
                    '      - {q: "Вопрос?", a: "Ответ"}\n', encoding="utf-8")
    out = io.StringIO()
    assert proof(pack, tmp_path / "proof", out) == 1
    assert out.getvalue() == (f"{pack}: no card to proof: the pack has no question in a playing round "
                              "(1 in its reserve, which is not played)\n")
