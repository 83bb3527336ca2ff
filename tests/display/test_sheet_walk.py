"""The contact sheet walk of every shipped show and tournament (`--sheet`): no raw phrase key on the
projector or the console, no text drawn outside its box, no console button whose label is cut to «…».
The team variant's sheet shows what its captions say; `--sheet` takes a tournament file as `--check` does."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from quizshow import cli, registry
from quizshow.core.engine import Engine
from quizshow.display.console.window import Console
from quizshow.display.sheet import contact_sheet
from quizshow.display.text import TextCache
from quizshow.display.theme import load_theme
from quizshow.event_file import load_any
from quizshow.house_words import show_words
from quizshow.inputs.keymap import KeyMap
from quizshow.runtime.operator.state import OperatorState
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

SHOWS = sorted((ROOT / "shows").glob("*.yaml"))
SHEET_SIZE = (1920, 1080)  # the sheet's own size
CONSOLE_SIZE = (1280, 800)  # the console at the size its type is set for (console/ui.min_text_px)
# A phrase key left as it is: «scene.duel_bout», «SCENE.WRITTEN_QUESTION» (a scene upper-cases its title).
RAW_KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*\.[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*\b")
FILE_NAME = re.compile(r"\.(yaml|yml|siq|4s|png|jpe?g|mp3|mp4|ogg|wav|csv|html|jsonl?)\b")


class CheckedText(TextCache):
    """Every text laid out: a raw phrase key, or lines wider or taller than their box, is remembered."""

    def __init__(self, fonts) -> None:
        super().__init__(fonts)
        self.where = ""
        self.problems: list[str] = []

    def layout(self, text, role, box, max_px, min_px=None, wrap=True):
        found = super().layout(text, role, box, max_px, min_px, wrap)
        for key in RAW_KEY.findall(text.lower()):
            if not FILE_NAME.search("." + key.rsplit(".", 1)[-1]):
                self.problems.append(f"{self.where}: raw phrase key {text!r}")
        font = self.font(role, found.px)
        wide = max((font.size(line)[0] for line in found.lines), default=0)
        high = font.get_linesize() * len(found.lines)
        if wide > max(1, box[0]) or high > max(1, box[1]):
            self.problems.append(f"{self.where}: {text!r} takes {wide}x{high} in a {box[0]}x{box[1]} box")
        return found


def _config(path: Path):
    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems, [str(p) for p in problems.items]
    return config


def walk_sheet(path: Path, out: Path):
    """The sheet of a show, the console drawn at every picture: (captions, phases, projector problems,
    console problems)."""
    config = _config(path)
    theme = load_theme(config.theme)
    text = CheckedText(theme.fonts)
    views = registry.views(config.format)
    spec = registry.spec(config.format)
    keymap = KeyMap.build(dict(config.keys), config.devices.keyboard_buzzers)
    words = show_words(config.language, spec.phrases, refusals=spec.refusals)
    console_surface = pygame.Surface(CONSOLE_SIZE)
    phases: list[str] = []
    on_console: list[str] = []

    def observe(engine: Engine, now: float) -> None:
        phases.append(engine.state.phase)
        where = f"{path.name} console at {engine.state.phase}"
        seen = len(text.problems)
        console = Console(lambda: engine, theme, lambda: keymap, words, text, views.panel,
                          journal_words=spec.journal_words,
                          panel_keys=views.keys)
        text.where = where
        console.render(console_surface, now, OperatorState())
        assert console.ui is not None
        on_console.extend(text.problems[seen:])
        del text.problems[seen:]
        on_console.extend(f"{where}: button label cut to «…»: {label!r}" for label in console.ui.cut)
        text.where = f"{path.name} projector after {engine.state.phase}"

    text.where = f"{path.name} projector"
    captions = contact_sheet(config, out, size=SHEET_SIZE, text=text, observe=observe)
    return [caption for caption, _ in captions], phases, text.problems, on_console


_WALKS: dict[Path, tuple] = {}


def walked(path: Path, tmp: Path) -> tuple:
    """Each show is walked once for the projector's and the console's checks."""
    if path not in _WALKS:
        _WALKS[path] = walk_sheet(path, tmp / "sheet.png")
    return _WALKS[path]


@pytest.mark.parametrize("path", SHOWS, ids=lambda p: p.stem)
def test_every_shipped_show_sheet_has_no_raw_key_and_no_text_outside_its_box(tmp_path, path):
    captions, _, problems, _ = walked(path, tmp_path)
    assert len(captions) >= 5
    for caption in captions:  # the captions are words of the show's language, not phase names or keys
        assert not RAW_KEY.search(caption.lower()) and re.search("[а-яё]", caption.lower()), caption
    assert not problems, "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize("path", SHOWS, ids=lambda p: p.stem)
def test_every_shipped_show_console_has_no_raw_key_and_no_cut_button_label(tmp_path, path):
    _, phases, _, problems = walked(path, tmp_path)
    assert phases
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_the_raw_key_check_can_fail():
    text = CheckedText(load_theme(_config(ROOT / "shows" / "demo.yaml").theme).fonts)
    text.layout("SCENE.WRITTEN_QUESTION", "heading", (800, 100), 60)
    text.layout("melee.title · melee.question", "heading", (800, 100), 60)
    text.layout("Письменный квиз · written.yaml", "heading", (800, 100), 60)  # a file name is not a key
    assert {problem.split("raw phrase key ")[1] for problem in text.problems} == {
        "'SCENE.WRITTEN_QUESTION'", "'melee.title · melee.question'"}, text.problems


def test_the_cut_button_check_can_fail():
    from quizshow.display.console.ui import PanelUI
    from quizshow.i18n import compose

    config = _config(ROOT / "shows" / "demo.yaml")
    theme = load_theme(config.theme)
    engine = Engine(__import__("quizshow.assemble", fromlist=["make_format"]).make_format(config), 1)
    surface = pygame.Surface(CONSOLE_SIZE)
    ui = PanelUI(surface, 20, TextCache(theme.fonts), theme, compose("ru", ()), engine.state, engine.format,
                 OperatorState(), [])
    ui.button(pygame.Rect(0, 0, 60, 40), "Объявить победителя матча", "go", hint="Space")
    ui.button(pygame.Rect(0, 50, 300, 40), "Далее", "go", hint="Space")
    assert ui.cut == ["Объявить победителя матча"]


def test_team_variant_sheet_shows_a_team_answering_and_ends_on_the_winner(tmp_path):
    captions, phases, _, _ = walked(ROOT / "shows" / "svoyak-teams.yaml", tmp_path)
    shown = dict(zip(captions, phases, strict=True))
    assert shown["Отвечает участник"] == "answering"  # not the answer bar of a revealed question
    assert shown["Неверный ответ (баннер)"] == "question"  # the others may still answer
    assert shown["Победитель"] == "end"  # not a «Вопрос ведущего» card of an unfinished shoot-out


@pytest.mark.parametrize("name", ["svoyak.yaml", "brainring.yaml", "written.yaml", "duel.yaml"])
def test_an_english_show_sheet_is_captioned_in_english(tmp_path, name):
    from dataclasses import replace

    config = replace(_config(ROOT / "shows" / name), language="en")
    text = CheckedText(load_theme(config.theme).fonts)
    captions = [caption for caption, _ in contact_sheet(config, tmp_path / "sheet.png", text=text)]
    assert captions and not [c for c in captions if re.search("[а-яё]", c.lower()) or RAW_KEY.search(c.lower())]
    assert "Title" in captions
    assert not [p for p in text.problems if "raw phrase key" in p], text.problems


@pytest.mark.parametrize("name", ["tournament-001.yaml", "tournament-004.yaml"])
def test_sheet_takes_a_tournament_file_that_check_passes(tmp_path, capsys, name):
    path = ROOT / "shows" / name
    assert cli.main(["--check", str(path)]) == 0
    out = tmp_path / "sheet.png"
    assert cli.main([str(path), "--sheet", str(out)]) == 0
    assert out.is_file() and pygame.image.load(str(out)).get_width() > 1000
    said = capsys.readouterr().out
    for caption in ("Жеребьёвка", "Следующий матч", "Таблица", "Сетка", "Вопрос"):  # the day's screens, a match
        assert caption in said, said  # in the show's language
