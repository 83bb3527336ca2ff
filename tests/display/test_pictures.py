"""Every picture goes on air (issue 34): each kind a pack may bring is drawn on its card; one that fails puts
its card up with a plate where it would be, and the console says which and why, once."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from quizshow.app import Action, ShowApp
from quizshow.config import load_show
from quizshow.core.clock import ManualClock
from quizshow.display import pictures
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.resources import themes_dir
from quizshow.yamlfile import Problems
from tests.conftest import views_of, words_of
from tests.picture_kit import ORANGE, broken, pack, share_of, write_corpus

SIZE = (960, 540)


def _show(folder: Path, names: list[str]) -> Path:
    pack(folder, names)
    path = folder / "show.yaml"
    path.write_text("title: Картинки\nformat: demo\npack: pack.yaml\nteams: [{name: Анна}, {name: Борис}]\n",
                    encoding="utf-8")
    return path


def _config(path: Path, errors_allowed: bool = False):
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and (errors_allowed or not problems.errors), [str(p) for p in problems.items]
    return config


def picture_box(projector: Projector, state, now: float, size: tuple[int, int]) -> pygame.Rect:
    """Where the card of `state` puts its picture (the question scene's own layout)."""
    frame = projector.frame(state, now, size)
    scene = projector.scene(state)
    question = scene._question(frame)
    box = scene._media_boxes(frame, scene._layout(frame).card, question, True)[1]
    assert box is not None
    return box


@pytest.fixture(scope="module")
def theme():
    return load_theme(themes_dir() / "broadcast")


def _cards(config, theme, size=SIZE):
    """Each question's settled card: (question index, surface copy, picture box)."""
    from quizshow.assemble import make_format
    from quizshow.core import commands as c
    from quizshow.core.engine import Engine

    engine = Engine(make_format(config), 1)
    projector = Projector(engine.format, theme, "t", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface(size)
    at, cards = 1.0, []
    engine.dispatch(c.Go(at=at))
    while engine.state.phase == "question":
        projector.render(surface, engine.state, at + 0.1)
        projector.render(surface, engine.state, at + 5)  # the cross-fade over
        cards.append((engine.state.question, surface.copy(), picture_box(projector, engine.state, at + 5, size)))
        engine.dispatch(c.Go(at=at + 6))  # the answer
        engine.dispatch(c.Go(at=at + 7))  # the next question
        at += 10
    return cards


def test_every_kind_of_picture_is_drawn_on_its_card(tmp_path, theme):
    samples = write_corpus(tmp_path)
    cards = _cards(_config(_show(tmp_path, [s.name for s in samples])), theme)
    assert [index for index, *_ in cards] == list(range(len(samples)))
    for (_, surface, box), sample in zip(cards, samples, strict=True):
        assert share_of(surface, box, sample.colour) > 0.9, sample.name


def test_a_broken_picture_puts_its_card_up_with_a_plate_and_says_why(tmp_path, theme):
    pictures.untold()  # what other tests left untold is not this test's
    write_corpus(tmp_path)
    broken(tmp_path)
    config = _config(_show(tmp_path, ["palette.png", "cut.png", "notes.jpg", "grey.png"]), errors_allowed=True)
    cards = _cards(config, theme)
    assert [index for index, *_ in cards] == [0, 1, 2, 3]
    dark = theme.color("panel_dark")
    for index, surface, box in cards[1:3]:  # the card went up: not the orange of the card before, the plate
        assert share_of(surface, box, ORANGE) == 0, index
        assert share_of(surface, box, dark) > 0.5, index
    assert share_of(cards[3][1], cards[3][2], (255, 255, 255)) > 0.9  # and the show goes on
    told = {path.name: why for path, why in pictures.untold()}
    assert set(told) == {"cut.png", "notes.jpg"}
    assert "truncated" in told["cut.png"] and "not a PNG" in told["notes.jpg"]
    assert pictures.untold() == []  # told once


def test_the_plate_says_a_missing_picture_and_a_failed_one_apart(tmp_path, theme):
    """A missing file: «Нет изображения» (the console marks it from the pack); a failed one: «Картинка не
    открылась». The two plates differ in their words only."""
    broken(tmp_path)
    config = _config(_show(tmp_path, ["gone.png", "cut.png"]))
    (missing, failed) = [surface.subsurface(box).copy() for _, surface, box in _cards(config, theme)]
    same = pygame.image.tobytes(missing, "RGB") == pygame.image.tobytes(failed, "RGB")
    assert not same
    assert [path.name for path, _ in pictures.untold()] == ["cut.png"]


def test_a_headless_show_puts_every_picture_on_air_and_tells_the_console_of_a_broken_one(tmp_path):
    """Through the window loop with no window: each question's card, settled, shows its picture; a truncated
    PNG and a picture replaced by a text file after the show loaded show their plates, the console names
    them, and the cards after them come up in turn (the projector never stays on a stale card)."""
    pictures.untold()
    from quizshow.display.windows import Windows

    samples = write_corpus(tmp_path)
    broken(tmp_path)
    Image.new("RGB", (8, 8), ORANGE).save(tmp_path / "later.jpg")  # a good picture when the show loads …
    names = [s.name for s in samples] + ["cut.png", "later.jpg"]
    machine = ManualClock()  # time the test moves: a frame every half second
    app = ShowApp(_config(_show(tmp_path, names)), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False,
                  devices=False, clock=machine)
    (tmp_path / "later.jpg").write_text("заметка", encoding="utf-8")  # … replaced by a text file during it
    windows = Windows(Namespace(size=SIZE), "test", headless=True)
    render = app.projector.render
    seen: dict[int, tuple[pygame.Surface, pygame.Rect]] = {}
    shown_since: dict[int, float] = {}
    frames = [0]

    def projector(surface, state, now):
        render(surface, state, now)
        index = state.question if state.phase == "question" else None
        if index is not None:
            shown_since.setdefault(index, now)
            if now - shown_since[index] >= 3 and index not in seen:  # settled: its picture is looked at
                seen[index] = (surface.copy(), picture_box(app.projector, state, now, surface.get_size()))
                app.action(Action("go", now))  # the answer …
                app.action(Action("go", now))  # … and the next question
        if len(seen) == len(names):
            app.running = False

    def wait_inputs(until: float) -> bool:
        machine.advance(0.5)
        frames[0] += 1
        if frames[0] > 2000:  # a card that never came up: stop, and the asserts say which
            app.running = False
        return False

    app.projector.render = projector
    app.wait_inputs = wait_inputs
    try:
        app.action(Action("go", app.clock.now()))
        windows.loop(app)
    finally:
        app.close()
    assert sorted(seen) == list(range(len(names)))
    for index, sample in enumerate(samples):
        surface, box = seen[index]
        assert share_of(surface, box, sample.colour) > 0.9, sample.name
    dark = app.projector.theme.color("panel_dark")
    for index in (len(samples), len(samples) + 1):
        surface, box = seen[index]
        assert share_of(surface, box, ORANGE) == 0 and share_of(surface, box, dark) > 0.5
    notices = [n.text for n in app.status.notices]
    assert any("cut.png" in text and "не открылась" in text for text in notices), notices
    assert any("later.jpg" in text for text in notices), notices
    assert len([text for text in notices if "cut.png" in text]) == 1  # told once


MODES = ["1", "L", "LA", "P", "PA", "RGB", "RGBA", "CMYK", "I;16", "I", "F", "YCbCr", "La", "RGBa", "HSV", "LAB",
         "I;16B", "RGBX"]
# What Pillow writes in each format (it reads a 32-bit «I» PNG another tool made, but cannot write one).
SAVED = {"PNG": ("1", "L", "LA", "P", "RGB", "RGBA", "I;16"), "GIF": ("L", "P"),
         "JPEG": ("L", "RGB", "CMYK"), "BMP": ("1", "L", "P", "RGB"), "WEBP": ("RGB", "RGBA"),
         "TIFF": ("1", "L", "LA", "P", "RGB", "RGBA", "CMYK", "I;16", "I", "F", "YCbCr")}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fmt=st.sampled_from(sorted(SAVED)), data=st.data(), width=st.integers(1, 70), height=st.integers(1, 70),
       box=st.tuples(st.integers(1, 400), st.integers(1, 300)), seed=st.integers(0, 255))
def test_the_loader_takes_any_mode_and_size_and_scales_it(tmp_path, fmt, data, width, height, box, seed):
    """Any mode a format saves, any size: loaded as a 24- or 32-bit surface that smoothscale takes (an 8-bit
    one stopped the card), at the size the file says."""
    mode = data.draw(st.sampled_from(SAVED[fmt]))
    source = Image.effect_noise((width, height), 40 + seed % 60).convert("L")
    image = source.convert(mode) if mode not in ("I;16", "I", "F") else Image.new(mode, (width, height), seed * 200)
    path = tmp_path / f"fuzz.{fmt.lower()}"
    image.save(path, fmt)
    surface = pictures.load(path)
    assert surface.get_size() == (width, height)
    assert surface.get_bitsize() in (24, 32)
    scaled = pygame.transform.smoothscale(surface, box)
    assert scaled.get_size() == box
    assert pictures.scaled(path, box) is not None


def test_every_mode_pillow_makes_is_converted_for_the_screen():
    """The modes of the issue and Pillow's rarer ones, in memory: each comes out RGB or RGBA."""
    from quizshow.picture_file import eight_bit

    for mode in MODES:
        image = Image.new(mode, (5, 4))
        assert eight_bit(image).mode in ("RGB", "RGBA"), mode
