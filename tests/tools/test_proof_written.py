"""`--proof` of a ЧГК pack draws the written quiz's own cards (issue 36, item 8): the pack's number and tour,
every picture, the handout's sheet, the answer card with Зачёт/Незачёт — never the «Своя игра» demo card (its
points, its three demo teams, the first picture only). On the `.4s` chgksuite wrote and the database's `.txt`."""

from __future__ import annotations

import io
import shutil

import pygame
import pytest

from quizshow.display import text as text_module
from quizshow.tools.proof import proof
from tests.chgksuite_kit import FIXTURES, SaidText

COLOURS = {"red": (200, 40, 40), "blue": (40, 40, 200), "green": (40, 160, 40), "yellow": (230, 180, 30)}


@pytest.fixture
def said(monkeypatch) -> list[SaidText]:
    """Every text the proof's cards fit (the proof makes its own text cache)."""
    made: list[SaidText] = []

    class Recording(SaidText):
        def __init__(self, fonts: dict) -> None:
            super().__init__(fonts)
            made.append(self)

    monkeypatch.setattr(text_module, "TextCache", Recording)
    return made


def colours_on(path) -> set[str]:
    """The fixture pictures' colours a card shows (each a flat colour; scaling moves a channel by a few steps)."""
    card = pygame.image.load(str(path))
    seen = {tuple(card.get_at((x, y)))[:3] for x in range(0, card.get_width(), 6) for y in range(0, 1080, 6)}
    return {name for name, rgb in COLOURS.items()
            if any(all(abs(a - b) <= 6 for a, b in zip(rgb, pixel, strict=True)) for pixel in seen)}


def test_a_4s_pack_is_proofed_on_the_written_quizs_cards(tmp_path, said):
    out = io.StringIO()
    assert proof(FIXTURES / "answers.4s", tmp_path / "proof", out) == 0, out.getvalue()
    assert "proofed on the written quiz's card" in out.getvalue()
    texts = [t for cache in said for t in cache.texts()]
    assert "РАЗМИНКА · ВОПРОС 0" in texts and "ТУР 1 · ВОПРОС 1" in texts
    assert not any("ОЧК" in t.upper() for t in texts), "the «Своя игра» card's points"
    assert not any(t.startswith("Команда ") for t in texts), "the demo teams"
    assert "Первый, второй, третий." in texts  # the handout's sheet
    assert any(t.startswith("Зачёт: Питер.\nПетербург.\nНезачёт: Ленинград.") for t in texts)
    cards = tmp_path / "proof"
    assert colours_on(cards / "round-2" / "q1-question.png") == set(COLOURS)  # every picture, not the first
    assert colours_on(cards / "round-2" / "q2-answer.png") == {"red"}  # the answer's own picture
    assert sorted(p.name for p in (cards / "round-2").iterdir()) == sorted(
        f"q{k}-{stage}.png" for k in range(1, 5) for stage in ("question", "answer"))


def test_a_database_export_is_proofed_on_the_same_cards(tmp_path, said):
    shutil.copy(FIXTURES / "database.txt", tmp_path / "db.txt")
    shutil.copy(FIXTURES / "red.png", tmp_path / "red.png")
    out = io.StringIO()
    assert proof(tmp_path / "db.txt", tmp_path / "proof", out) == 0, out.getvalue()
    texts = [t for cache in said for t in cache.texts()]
    assert "НУЛЕВОЙ ВОПРОС · ВОПРОС 1" in texts and "ТУР 2 · ВОПРОС 1" in texts
    assert "Я иду с мечем судия" in texts
    assert colours_on(tmp_path / "proof" / "round-2" / "q2-question.png") == {"red"}
