"""Issue 28, memory: smaller text and panel caches, because what a first frame needs is made in idle time
just before it (not kept from long ago); the studio background drawn without a full-screen copy kept. Real
frames (SDL's dummy driver)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from quizshow.display import paint, surfaces
from quizshow.display.projector.projector import Projector
from quizshow.display.surfaces import MB
from quizshow.display.text import TextCache
from quizshow.display.theme import load_theme
from tests.conftest import ROOT, demo_config, demo_engine, svoyak_config, svoyak_engine, views_of, words_of
from tests.lean_kit import UHD, walk
from tests.svoyak_display_kit import walk as svoyak_walk


@pytest.fixture
def made(monkeypatch) -> list[str]:
    """What the text cache and `paint.panel` draw from now on (a picture not found in their cache)."""
    drawn: list[str] = []
    real_text, real_panel = TextCache._draw, paint.panel.func

    def text(self, layout, *args, **kwargs):
        drawn.append(f"text {' '.join(layout.lines)!r}")
        return real_text(self, layout, *args, **kwargs)

    def panel(size, *args, **kwargs):
        drawn.append(f"panel {size}")
        return real_panel(size, *args, **kwargs)

    monkeypatch.setattr(TextCache, "_draw", text)
    monkeypatch.setattr(paint.panel, "func", panel)
    return drawn


def test_the_text_and_panel_caches_hold_15_and_17_5_mb_at_1080p_60_and_70_at_4k():
    """The text and panel caches' budgets: 15 + 17.5 MB at 1920×1080 (were 24 + 28), growing with the
    screen's pixels to 60 + 70 MB at 3840×2160 (were 96 + 112). Their first frames no longer lean on them:
    what a picture needs is made in idle time just before it shows."""
    assert TextCache({})._surfaces.budget == 15 * MB
    assert paint.panel.cache.budget == 35 * MB // 2
    surfaces.screen(UHD)
    assert TextCache({})._surfaces.limit == 60 * MB and paint.panel.cache.limit == 70 * MB


def test_the_auctions_first_frame_at_4k_makes_no_text_or_panel_with_the_budgets_lowered(made):
    """«Своя игра» walked at 3840×2160 to the auction (a bid already in): its first frame only blits what
    idle time made just before — the «Аукцион!» splash's band and words (made once at the start, the caches
    had dropped them: 11 ms of the frame), the leading bidder's row (4 ms)."""
    for name, engine, projector, surface, now in walk(UHD):
        if name == "auction":
            made.clear()
            projector.render(surface, engine.state, now)
            assert projector.look.splash is not None and engine.state.phase == "auction"
            assert made == []
            return
    raise AssertionError("the walk has no auction")


def test_the_cats_handover_and_its_question_at_4k_make_no_text_or_panel_in_their_first_frames(made):
    """The cat handed over (the giver's and the receiver's plates, the values) and then its question card:
    each first frame finds its plates and texts made in idle time (the handover's frame made eight at
    3840×2160, 4-6 ms)."""
    firsts = {}
    for name, engine, projector, surface, now in walk(UHD):
        if name in ("cat_value", "cat_question"):
            made.clear()
            projector.render(surface, engine.state, now)
            firsts[name] = list(made)
        if name == "cat_question":
            break
    assert firsts == {"cat_value": [], "cat_question": []}


@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080), (1366, 768), (1280, 720), (640, 360), (60, 30)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_background_drawn_a_period_at_a_time_is_the_whole_stretched_picture(size):
    """The studio background drawn straight into a picture, whole, band by band (a layer composed in idle
    pieces) and over one area (the duel's pressed tables), on a picture with and without alpha: exactly the
    pixels of the whole background stretched at once and blitted."""
    colours = ((10, 20, 90, 255), (90, 10, 30, 255), (250, 200, 80, 255))
    whole = paint.background(size, *colours)
    area = pygame.Rect(size[0] // 3, size[1] // 5, size[0] // 4 + 7, size[1] // 3 + 3)
    for flags in (0, pygame.SRCALPHA):
        expected, at_once, banded, part = (pygame.Surface(size, flags) for _ in range(4))
        for target in (expected, at_once, banded, part):
            target.fill((1, 2, 3))
        expected.blit(whole, (0, 0))
        paint.draw_background(at_once, size, *colours, paint.never)
        for i in range(7):
            banded.set_clip(pygame.Rect(0, size[1] * i // 7, size[0], size[1] * (i + 1) // 7 - size[1] * i // 7))
            paint.draw_background(banded, size, *colours, paint.never)
        banded.set_clip(None)
        pixels = pygame.image.tobytes(expected, "RGBA")
        assert pygame.image.tobytes(at_once, "RGBA") == pixels
        assert pygame.image.tobytes(banded, "RGBA") == pixels
        paint.draw_background(part, size, *colours, paint.never, area)
        expected.fill((1, 2, 3))
        expected.blit(whole, area, area)
        assert pygame.image.tobytes(part, "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_a_4k_show_keeps_no_full_screen_background_picture():
    """A 4K picture composed on the studio background (the «Своя игра» board's still layer) leaves no
    full-screen picture in display.paint: the background was kept whole (32 MB at 3840×2160); now two rows
    of its periods at most are (3840×432 each, 13 MB)."""
    engine = svoyak_engine()
    projector = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
                          views=views_of(engine.format))
    surface = pygame.Surface(UHD)
    for name, commands in svoyak_walk():
        for cmd in commands:
            engine.dispatch(cmd)
        if name == "board":
            break
    projector.render(surface, engine.state, 100.0)
    kept = [value for value in vars(paint).values() if isinstance(value, dict | surfaces.Bounded)]
    pictures = [p for cache in kept for p in _pictures(cache.cache._items if isinstance(cache, surfaces.Bounded)
                                                       else cache)]
    assert pictures  # the board's panels
    assert all(p.get_width() * p.get_height() < UHD[0] * UHD[1] for p in pictures)
    rows = _pictures(getattr(paint, "_ROWS", {}))
    assert sum(p.get_width() * p.get_height() for p in rows) <= 2 * 3840 * 432  # two rows of periods at most


def _pictures(owner: object) -> list[pygame.Surface]:
    found: list[pygame.Surface] = []
    todo = [owner]
    while todo:
        item = todo.pop()
        if isinstance(item, pygame.Surface):
            found.append(item)
        elif isinstance(item, dict):
            todo += list(item.values())
        elif isinstance(item, list | tuple):
            todo += list(item)
    return found


def _loaded_by_a_show(folder: Path, options: str, modules: set[str], check: str = "True") -> list[str]:
    """Which of `modules` a fresh process has loaded after a «Своя игра» show starts and closes (ShowApp with
    `options` added to its arguments, its journal in `folder`; `check`, asserted before it closes, says the
    show is what it should be)."""
    probe = ("import json, sys; from pathlib import Path; import pygame; pygame.init();"
             "from quizshow.app import ShowApp; from tests.conftest import svoyak_config;"
             "app = ShowApp(svoyak_config(), journal_path=Path(sys.argv[1]) / 'j.jsonl', sound=False,"
             f" devices=False{options}); assert {check}; app.close();"
             f"print(json.dumps(sorted(set({sorted(modules)!r}) & set(sys.modules))))")
    out = subprocess.run([sys.executable, "-c", probe, str(folder)], capture_output=True, text=True, cwd=ROOT,
                         check=True, env={"PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
                                          "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_show_without_phones_loads_no_qr_code_library(tmp_path):
    """segno (the join codes' QR) pulled in urllib, http, email and xml at start-up (2.5 MB, and 8 MB when
    nothing else loads ssl): a show loads it only when it draws a join code."""
    assert _loaded_by_a_show(tmp_path, "", {"segno", "urllib.request", "http.client"}) == []


def test_a_join_code_still_draws_its_modules():
    """Loaded when first drawn, segno still makes the code: a version-3 link is 29 modules and the quiet
    zone (4 each side)."""
    from quizshow.display.scenes.join import QUIET, qr_modules

    rows = qr_modules("http://192.168.1.20:8765/j/ABCD")
    assert len(rows) == len(rows[0]) >= 21 + 2 * QUIET and any(any(row) for row in rows)


def test_a_walk_keeps_sixteen_font_sizes_open_at_most():
    """Each font size kept open holds its glyphs (0.3-1 MB: a walk's 48 held 20-30 MB at 1080p); a walk
    lays its texts out at ~60 sizes, and keeps the 16 used last."""
    steps = list(walk((1920, 1080)))
    projector = steps[-1][2]
    assert 0 < len(projector.text._fonts) <= 16


def test_a_show_that_springs_no_card_keeps_a_scratch_for_a_plate_not_for_a_card(monkeypatch):
    """The scratch pictures spring open in is made ahead for a plate over a scene (a banner, «Внимание!»,
    a title: 0.8 × 0.3 of the screen at most), not for a card over the whole picture (0.8 × 0.65: «Своя
    игра»'s cat, made when its scene is composed): at 4K 8 MB, not 17, in the demo."""
    monkeypatch.setattr(paint, "_SCRATCH", {})
    engine = demo_engine()
    projector = Projector(engine.format, load_theme(demo_config().theme), "Демо", words_of(engine.format),
                          views=views_of(engine.format))
    projector.start(pygame.Surface(UHD), engine.state, 0.0)
    held = sum(s.get_width() * s.get_height() for s in paint._SCRATCH.values())
    assert 0 < held <= UHD[0] * 4 // 5 * (UHD[1] * 3 // 10)


def test_the_cats_card_gets_its_scratch_in_idle_time_not_in_the_frame_it_springs_in(monkeypatch):
    """«Своя игра» walked with the scratch made anew: it grows for the cat's and the sponsor's cards while
    their scenes are composed ahead (idle time), never inside a frame (a 4K card's fresh pages: up to 60 ms)."""
    monkeypatch.setattr(paint, "_SCRATCH", {})
    grown_in_frames: list[tuple[int, int]] = []
    real_render, real_scratch = Projector.render, paint._scratch
    drawing = [False]

    def render(self, *args, **kwargs):
        drawing[0] = True
        try:
            return real_render(self, *args, **kwargs)
        finally:
            drawing[0] = False

    def scratch(like, size):
        picture, made = real_scratch(like, size)
        if made and drawing[0]:
            grown_in_frames.append(size)
        return picture, made

    monkeypatch.setattr(Projector, "render", render)
    monkeypatch.setattr(paint, "_scratch", scratch)
    steps = [name for name, *_ in walk((1920, 1080))]
    assert "cat" in steps and "sponsor" in steps
    assert grown_in_frames == []
    assert max(s.get_height() for s in paint._SCRATCH.values()) >= 1080 * 0.6  # the cat's card fits


def test_a_question_picture_shown_at_one_size_in_two_boxes_is_loaded_and_kept_once(tmp_path, monkeypatch):
    """The question's box and the revealed card's differ in height; a wide picture is shown at the same size
    in both: one picture kept (and loaded once), not two of the same (1.4 MB each at 1080p, 5.4 at 4K), and
    the same pixels as the picture fitted into either box."""
    from quizshow.display import pictures
    from quizshow.display.scenes import cards

    path = tmp_path / "wide.png"
    source = pygame.Surface((1380, 1034))
    for y in range(0, 1034, 11):
        source.fill((y % 256, 120, 255 - y % 256), pygame.Rect(0, y, 1380, 11))
    pygame.image.save(source, str(path))
    loads: list[str] = []
    real_load = pictures.load
    monkeypatch.setattr(pictures, "load", lambda name: loads.append(str(name)) or real_load(name))
    question, revealed = cards._image(path, (690, 642)), cards._image(path, (690, 600))
    assert question is not None and question is revealed and question.get_size() == (690, 517)
    assert loads == [str(path)]
    expected = paint.fit_image(real_load(path), (690, 600))
    assert pygame.image.tobytes(question, "RGB") == pygame.image.tobytes(expected, "RGB")
    assert cards._image(tmp_path / "missing.png", (690, 600)) is None


def test_a_show_listening_for_osc_loads_no_asyncio(tmp_path):
    """python-osc's server module loads asyncio (with ssl: 3-8 MB of start-up); the show binds its OSC socket
    itself (its serving loop was its own already). asyncio stays for the phones' web server, loaded with
    it."""
    assert _loaded_by_a_show(tmp_path, ", osc=True, osc_port=0", {"asyncio", "ssl"}, check="app.osc is not None") == []
