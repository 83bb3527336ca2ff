"""The packs chgksuite 1.3.2 wrote and what it parsed from them (tests/fixtures/chgksuite/, made again by
tests/scripts/make_chgksuite_fixtures.sh), and the written quiz's projector at one of their questions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.text import TextCache
from quizshow.display.theme import load_theme
from quizshow.packs.loader import load_pack
from quizshow.packs.model import Pack, Question
from quizshow.resources import themes_dir
from quizshow.yamlfile import Problems
from tests.conftest import ROOT, views_of, words_of
from tests.written_kit import engine

FIXTURES = ROOT / "tests" / "fixtures" / "chgksuite"


def dump(name: str) -> dict:
    """chgksuite's own reading of the fixture `name` (its parse, and the slides its pptx composer made)."""
    return json.loads((FIXTURES / f"{name}.chgksuite.json").read_text(encoding="utf-8"))


def read(path: Path) -> tuple[Pack, Problems]:
    problems = Problems()
    pack = load_pack(path, problems)
    assert pack is not None and not problems.errors, [str(p) for p in problems.items]
    return pack, problems


def questions(pack: Pack) -> list[Question]:
    return [q for r in pack.rounds for q in r.all_questions]


def chgk_questions(structure: list) -> list[dict]:
    return [e[1] for e in structure if e[0] == "Question" and e[1].get("question")]


def lines_of(value: str | list | None) -> list[str]:
    """A chgksuite field as the lines (entries) it holds: a string's lines, a list's items (its preamble
    first)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [line.strip() for line in value.split("\n") if line.strip()]
    if len(value) == 2 and isinstance(value[1], list):
        return [*lines_of(value[0]), *(item.strip() for item in value[1])]
    return [item.strip() for item in value]


def flat(text: str) -> str:
    """Text as compared: no-break spaces are chgksuite's typography, line breaks and runs of spaces layout."""
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()


class SaidText(TextCache):
    """Every text fitted on the picture, with its box and how it was laid out (its size; cut: it did not fit)."""

    def __init__(self, fonts: dict) -> None:
        super().__init__(fonts)
        self.said: list[tuple[str, tuple[int, int], int, bool]] = []

    def fit(self, text, role, box, color, max_px, min_px=None, align="center", shadow=False, wrap=True):
        laid = self.layout(text, role, box, max_px, min_px, wrap)
        self.said.append((text, tuple(box), laid.px, laid.cut))
        return super().fit(text, role, box, color, max_px, min_px, align, shadow, wrap)

    def texts(self) -> list[str]:
        return [text for text, _, _, _ in self.said]


def projector_at(pack: Pack, number: str | int, answer: bool = False, teams: int = 4, **rules
                 ) -> tuple[pygame.Surface, SaidText, object]:
    """The written quiz's projector (1920×1080) at the pack's question `number` (a whole number: the game's
    own count from 0; its answer when `answer`); the minute and the hand-in run out on the driven clock.
    Returns the picture, what it said, the engine."""
    e = engine(teams, pack, tour_min=1, **rules)
    theme = load_theme(themes_dir() / "broadcast")
    text = SaidText(theme.fonts)
    projector = Projector(e.format, theme, "ЧГК", words_of(e.format), text, views=views_of(e.format))
    t = 1.0

    def step() -> None:
        """Next; a minute that starts runs out, and its hand-in."""
        nonlocal t
        t += 200
        e.dispatch(c.Go(at=t))
        if e.state.phase == "minute":
            e.dispatch(c.Tick(at=t + 60.01))
            e.dispatch(c.Tick(at=t + 60.02 + float(e.format.rules["hand_in_s"])))

    def there() -> bool:
        if e.state.phase != "question":
            return False
        return e.format.own(e.state).number == number if isinstance(number, int) else \
            e.format.current(e.state).number == number

    step()
    while not there():
        step()
        assert t < 200_000 and e.state.phase != "podium", f"question {number} is not in the pack"
    if answer:
        step()
        assert e.state.phase == "answer", e.state.phase
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, e.state, t + 5)
    projector.render(surface, e.state, t + 10)
    return surface, text, e
