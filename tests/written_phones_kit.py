"""Helpers, fixtures and constants that several test files share, first written for
tests/runtime/test_written_answers_phones.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from quizshow.yamlfile import Problems
from tests.conftest import ROOT, closed_at_end
from tests.phones_kit import FakePhone, web_show

NAMES = ["Совы", "Кактус", "Ёжики в тумане"]


def written_show(tmp_path, language: str = "ru", phones: bool = True) -> object:
    path = tmp_path / "written-phones.yaml"
    buzzer = ", buzzer: phone" if phones else ""
    teams = "".join(f'  - {{name: "{name}"{buzzer}}}\n' for name in NAMES)
    web = 'devices:\n  web: {listen: "127.0.0.1:8080"}\n' if phones else ""
    path.write_text(f'''title: "Письменный квиз"
format: written
preset: written
language: {language}
pack: "{ROOT / 'packs' / 'written-demo.yaml'}"
teams:
{teams}{web}''', encoding="utf-8")
    return path


def make_app(tmp_path, language: str = "ru", path=None) -> ShowApp:
    problems = Problems()
    config = load_show(path or written_show(tmp_path, language), problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    return web_show(config, tmp_path / f"show-{language}.jsonl")


def phones_final_show(tmp_path) -> Path:
    """shows/phones.yaml («Своя игра» with phone seats) on loopback, its pack found from tmp_path."""
    path = tmp_path / "svoyak-phones.yaml"
    text = (ROOT / "shows" / "phones.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("pack: ", "pack: " + str(ROOT / "shows") + "/", 1).replace(
        'listen: "0.0.0.0:8080"', 'listen: "127.0.0.1:8080"'), encoding="utf-8")
    return path


def to_final_question(app: ShowApp) -> None:
    """Straight to the final's question: every team above zero, the rounds ended, themes removed, stakes of 10."""
    fmt = app.format
    app.submit(c.Go(at=app.now()))
    for _ in range(10):
        if app.engine.state.phase == "board":
            break
        app.submit(c.Go(at=app.now()))
    for team in range(len(app.engine.state.teams)):
        app.submit(c.ScoreSet(at=app.now(), team=team, points=100 * (team + 1)))
    for _ in range(30):
        if app.engine.state.phase == "final_themes":
            break
        phase = app.engine.state.phase
        if phase != "board" or not app.submit(sc.EndRound(at=app.now())).accepted:
            app.submit(c.Go(at=app.now()))
    themes = len(fmt.game.final_themes)
    while app.engine.state.fmt.final.remover(themes) is not None:
        gone = app.engine.state.fmt.final.removed
        app.submit(sc.FinalRemove(at=app.now(), theme=next(t for t in range(themes) if t not in gone)))
    app.submit(c.Go(at=app.now()))
    for team in app.engine.state.fmt.final.order:
        app.submit(sc.FinalStake(at=app.now(), team=team, amount=10))
    assert app.submit(c.Go(at=app.now())).accepted and app.engine.state.phase == "final_question"


@pytest.fixture
def rig(tmp_path):
    yield from closed_at_end(lambda language="ru", path=None: make_app(tmp_path, language, path))


async def answer(phone: FakePhone, question: int, text: str, ago_s: float = 0.0) -> int:
    phone.next_id += 1
    await phone.ws.send_str(json.dumps({"t": "answer", "id": phone.next_id, "question": question, "text": text,
                                        "c": phone.clock(ago_s)}))
    return phone.next_id


def journal_answers(app: ShowApp) -> list[dict]:
    lines = [json.loads(line) for line in app.journal.path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line.get("type") == "TypedAnswer"]
