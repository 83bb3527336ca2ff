"""The tools around the show and its packs (issue 22): `--proof` of every kind of pack, a pack file run
directly, the pack check's cat picture warning, the pack notices in the show's language and once."""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from tests.conftest import ROOT

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
    assert "0 card(s)" not in said and "12 card(s)" in said, said
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
