"""Memory of a running show (issue 28): no full-screen surface held for nothing, caches within their bytes.

The pictures are counted as bench/memory.py's census counts them: the pixels of every surface reachable
from an owner (a view of a picture counts nothing)."""

from __future__ import annotations

import subprocess
import sys
from argparse import Namespace

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display import surfaces
from quizshow.display.projector.projector import Projector
from quizshow.display.scenes import plates
from quizshow.display.theme import load_theme
from quizshow.display.windows import Windows
from tests.brainring_display_kit import config as brainring_config
from tests.brainring_display_kit import engine as brainring_engine
from tests.conftest import ROOT, svoyak_config, views_of, words_of
from tests.memory_kit import pixels, screens, walked


def test_a_windowed_show_allocates_no_offscreen_picture():
    """With windows the projector draws into its window's surface: no full-screen surface beside it (8 MB at
    1080p, 32 MB at 4K). Headless, the projector still has a surface to draw into."""
    args = Namespace(size=(1920, 1080), display=None, console_display=None, no_console=True, fullscreen=False)
    windowed = Windows(args, "Тест", headless=False)
    try:
        assert windowed.offscreen is None
    finally:
        if windowed.projector is not None:
            windowed.projector.destroy()
    headless = Windows(args, "Тест", headless=True)
    assert headless.offscreen is not None and headless.offscreen.get_size() == (1920, 1080)


def test_a_walk_through_every_scene_keeps_three_still_layers_at_most():
    """«Своя игра» never needs more than the picture on screen and two prepared (Next, or either verdict):
    the layers of pictures no longer shown give their surfaces to the next ones (was four full screens)."""
    projector = walked()
    assert screens(pixels(projector.cache.layers)) <= 3.01


def test_the_special_cards_keep_one_backdrop_between_them():
    """The cat's and the sponsor's open cards are never on screen together: one full-screen backdrop is kept
    (was two, 16 MB at 1080p), and the sponsor's card, opened after the cat's, is drawn on it."""
    projector = walked()
    assert projector is not None
    kept = [value for value in vars(plates).values() if isinstance(value, dict | list | tuple)]
    assert screens(pixels(kept)) <= 1.01


def test_a_show_without_phones_does_not_load_the_web_server(tmp_path):
    """aiohttp (20 MB and 0.2 s of start-up) is loaded only for a show that serves phones, an overlay or
    follower screens."""
    probe = ("import sys; from pathlib import Path; import pygame; pygame.init();"
             "from quizshow.app import ShowApp; from tests.conftest import svoyak_config;"
             "app = ShowApp(svoyak_config(), journal_path=Path(sys.argv[1]) / 'j.jsonl', sound=False,"
             " devices=False); app.close(); print('aiohttp' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                         check=True,
                         env={"PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                              "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip().splitlines()[-1] == "False"


@pytest.mark.parametrize("size", [(1920, 1080)], ids=["1080p"])
def test_no_cache_exceeds_its_byte_budget_while_the_warning_clock_pulses(size):
    """A brain-ring clock through its last ten seconds (the warning pulses every frame): the text cache and
    every cache of display/ stay within their budgets, whatever the pictures asked for."""
    engine = brainring_engine()
    projector = Projector(engine.format, load_theme(brainring_config().theme), "Брейн-ринг", words_of(engine.format),
                          views=views_of(engine.format))
    surface = pygame.Surface(size)
    for cmd in (c.Go(at=1), c.Announce(at=2), c.TimerStart(at=3)):
        projector.on_events(engine.dispatch(cmd).events, cmd.at)
    duration = engine.state.timer.duration
    assert duration > 10
    for i in range(int(11 * 20)):  # the last 11 s at the clock's 20 frames a second
        projector.render(surface, engine.state, 3 + duration - 11 + i / 20)
    assert projector.text._surfaces.bytes <= projector.text._surfaces.limit
    caches = [v for m in list(sys.modules.values()) if m is not None and m.__name__.startswith("quizshow.display")
              for v in vars(m).values() if isinstance(v, surfaces.Bounded)]
    assert caches
    for cache in caches:
        assert cache.cache.bytes <= cache.cache.limit, cache.__name__


@pytest.mark.parametrize("size,radius,width,alpha", [((1459, 720), 24, 4, 255), ((581, 96), 18, 4, 160),
                                                     ((300, 40), 28, 6, 255), ((60, 30), 14, 4, 255)])
def test_the_glow_frame_keeps_only_its_edges_and_draws_the_same_pixels(size, radius, width, alpha):
    """The open-buzzer frame is kept as its four edges, not as a card-sized picture mostly transparent
    (a question card's: 4.7 MB at 1080p, 19 MB at 4K), and draws exactly the pixels the whole one drew."""
    from quizshow.display import paint

    color = (250, 200, 60)
    whole = paint.draw_glow_frame(size, color, radius, width)
    rect = pygame.Rect(40, 30, *size)
    pad = width * 3

    def backdrop() -> pygame.Surface:
        target = pygame.Surface((size[0] + 2 * pad + 80, size[1] + 2 * pad + 60))
        for y in range(0, target.get_height(), 7):
            target.fill((y % 256, 90, 255 - y % 256), pygame.Rect(0, y, target.get_width(), 7))
        return target

    expected = backdrop()
    shown = whole.copy()
    if alpha < 255:
        shown.set_alpha(alpha)
    expected.blit(shown, (rect.x - pad, rect.y - pad))
    drawn = backdrop()
    paint.blit_glow_frame(drawn, rect, color, radius, width, alpha, give_way=paint.never)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB")
    kept = sum(piece.get_width() * piece.get_height() * 4 for piece, _ in paint.glow_frame(size, color, radius, width))
    if min(size) > 4 * (pad + radius):
        assert kept < whole.get_width() * whole.get_height() * 4 / 2


def test_going_live_puts_what_start_up_made_out_of_the_collectors_sight(tmp_path):
    """A full collection holds the interpreter while it scans every object (30 ms for a show just started,
    a box's press waiting meanwhile): once the show goes live, the objects start-up made are frozen, and a
    collection scans only what came after them."""
    import gc

    from quizshow.app import ShowApp

    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", sound=False, devices=False)
    try:
        app.go_live()
        tracked = {id(o) for o in gc.get_objects()}
        assert gc.get_freeze_count() > 10_000
        assert id(app.projector.__dict__) not in tracked and id(app.engine.format.__dict__) not in tracked
    finally:
        app.close()
        gc.unfreeze()


PROBE_FREED = """
import sys
import pygame
from quizshow.runtime.memory.trim import tune_allocator

def rss():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) // 1024 for line in status if line.startswith("VmRSS:"))

print(tune_allocator())
screen = pygame.Surface((1920, 1080))  # a full-screen layer, then freed: glibc raised its threshold to 8 MB
screen.fill((1, 2, 3))
del screen
before = rss()
pictures = [pygame.Surface((300, 250), pygame.SRCALPHA) for _ in range(200)]  # 60 MB of texts and panels
for picture in pictures:
    picture.fill((9, 9, 9, 9))
kept = pictures[-1]  # the newest stays (a cache's): the others are freed below it
del pictures
print(rss() - before)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator")
def test_pictures_freed_after_a_full_screen_one_give_their_memory_back():
    """Once a full-screen picture has been freed, glibc served every smaller picture from its heap, whose
    freed middle it never gives back: a show's memory stayed at its high-water mark all evening. With the
    allocator tuned as the app tunes it, 60 MB of pictures freed are given back."""
    out = subprocess.run([sys.executable, "-c", PROBE_FREED], capture_output=True, text=True, cwd=ROOT, check=True,
                         env={"PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    tuned, grown = out.stdout.split()[-2:]
    assert tuned == "True"
    assert int(grown) < 10


