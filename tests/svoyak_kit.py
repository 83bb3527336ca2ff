"""Small «Своя игра» packs built in code, and engines over them (tests and the crash worker)."""

from __future__ import annotations

from pathlib import Path

from quizshow.core.engine import Engine
from quizshow.core.format import Setup
from quizshow.core.state import Team
from quizshow.formats import presets
from quizshow.formats.svoyak import SvoyakFormat
from quizshow.packs.model import CatInfo, Pack, Question, Round, Theme

NAMES = ("Анна", "Борис", "Вера", "Глеб")


def question(text: str, kind: str = "regular", **extra) -> Question:
    return Question(q=text, a=f"ответ: {text}", type=kind, **extra)


def board(name: str, values: tuple[int, ...], kinds: list[list[str]]) -> Round:
    themes = []
    for t, row in enumerate(kinds):
        questions = []
        for q, kind in enumerate(row):
            extra = {"image": Path("cat.png"), "cat": CatInfo(theme="Кошки")} if kind == "cat" else {}
            questions.append(question(f"{name} {t}/{q}", kind, **extra))
        themes.append(Theme(name=f"{name} тема {t + 1}", questions=tuple(questions)))
    return Round(name=name, themes=tuple(themes), values=values)


def final_round(count: int = 5) -> Round:
    themes = tuple(Theme(name=f"Финал {i + 1}", questions=(question(f"финал {i}"),)) for i in range(count))
    return Round(name="Финал", themes=themes, final=True)


def reserve(count: int = 2) -> Round:
    return Round(name="Резерв", questions=tuple(question(f"резерв {i}") for i in range(count)), reserve=True)


def pack(*rounds: Round) -> Pack:
    return Pack(title="Тестовый пакет", path=Path("test.yaml"), rounds=tuple(rounds))


def engine(game: Pack, teams: int = 3, preset: str = "svoyak", seed: int = 3, **rules) -> Engine:
    params = {**presets()["svoyak"][preset], **rules}
    setup = Setup(title="Своя игра", teams=tuple(Team(NAMES[i], "") for i in range(teams)), rules=params, pack=game)
    return Engine(SvoyakFormat(setup), seed)


def specials_pack() -> Pack:
    """One round: theme 1 regular ×4; theme 2: cat, auction, sponsor, regular; then a final and reserve."""
    return pack(board("Раунд", (10, 20, 30, 40), [["regular"] * 4, ["cat", "auction", "sponsor", "regular"]]),
                final_round(), reserve())
