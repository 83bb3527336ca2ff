"""`--proof` of a pack with every kind of picture (issue 34): each card shows its picture; a picture that
cannot be decoded shows the plate and is marked, never a traceback."""

from __future__ import annotations

import io

import pygame

from quizshow.display.theme import load_theme
from quizshow.resources import themes_dir
from tests.picture_kit import ORANGE, broken, pack, share_in, write_corpus

# Inside every fitted picture's place on the 1920×1080 question card (the right half of the card, whatever
# the picture's proportions).
MIDDLE = pygame.Rect(1060, 390, 230, 160)


def test_proof_draws_every_picture_and_the_plate_for_a_broken_one(tmp_path):
    from quizshow.tools.proof import proof

    samples = write_corpus(tmp_path)
    broken(tmp_path)
    path, _ = pack(tmp_path, [s.name for s in samples] + ["cut.png"])
    out = io.StringIO()
    assert proof(path, tmp_path / "proof", out) == 0, out.getvalue()
    said = out.getvalue()
    cut = len(samples) + 1
    assert f"round-1/q{cut}-question.png: image 'cut.png' cannot be shown: cannot be decoded (image file is " \
           "truncated); the card shows a plate" in said, said
    assert "1 problem(s) marked" in said
    for number, sample in enumerate(samples, 1):
        card = pygame.image.load(str(tmp_path / "proof" / "round-1" / f"q{number}-question.png"))
        assert share_in(card, MIDDLE, sample.colour) > 0.95, sample.name
    card = pygame.image.load(str(tmp_path / "proof" / "round-1" / f"q{cut}-question.png"))
    assert share_in(card, MIDDLE, ORANGE) == 0
    dark = load_theme(themes_dir() / "broadcast").color("panel_dark")
    assert share_in(card, MIDDLE, dark) > 0.5
