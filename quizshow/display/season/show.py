"""The season's standings in a projector window (`python main.py SEASON.yaml`), and its pages rendered for
`--sheet`. Keys as the presenter's: Next (PageDown, Right, Space) and Back (PageUp, Left) turn the pages;
Ctrl+Q twice or closing the window ends it (Escape never does, as in a show)."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

import pygame

from quizshow.core.clock import Clock
from quizshow.core.format import Format, Setup
from quizshow.core.state import ShowState, Team
from quizshow.display.scenes.base import Animations, Frame, Layers
from quizshow.display.season.scene import SeasonScene, SeasonTable
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme, load_theme
from quizshow.inputs.keymap import QuitGuard
from quizshow.season.model import EveningResult, Season, Standing

SIZE = (1920, 1080)
NEXT_KEYS = (pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_SPACE)
BACK_KEYS = (pygame.K_PAGEUP, pygame.K_LEFT)


def _frame(table: SeasonTable, theme: Theme, text: TextCache, size: tuple[int, int]) -> Frame:
    teams = tuple(Team(s.team, "") for s in table.standings) or (Team(table.season.title, ""),)
    fmt = Format[None](Setup(table.season.title, teams, {}))
    return Frame(ShowState(phase="season", teams=teams), fmt, theme, text, 0.0, size, table.season.words,
                 table.season.title, Animations(), Layers())


def pictures(season: Season, evenings: list[EveningResult], table: list[Standing],
             size: tuple[int, int] = SIZE) -> list[pygame.Surface]:
    """Every page of the standings at `size`."""
    found = SeasonTable(season, tuple(evenings), tuple(table))
    theme = load_theme(season.theme)
    text = TextCache(theme.fonts)
    scene = SeasonScene()
    scene.table = found
    out = []
    for page in range(found.pages):
        scene.page = page
        surface = pygame.Surface(size)
        scene.draw(surface, _frame(found, theme, text, size))
        out.append(surface)
    return out


def contact_sheet(season: Season, evenings: list[EveningResult], table: list[Standing], out: Path) -> int:
    """The pages one under another at 1920×1080, saved as one PNG; how many pages."""
    pygame.init()
    pages = pictures(season, evenings, table)
    sheet = pygame.Surface((SIZE[0], SIZE[1] * len(pages)))
    for i, page in enumerate(pages):
        sheet.blit(page, (0, i * SIZE[1]))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return len(pages)


def show(season: Season, evenings: list[EveningResult], table: list[Standing], args: Namespace, clock: Clock) -> int:
    from quizshow.display.windows import _on_display
    from quizshow.stopping import stop_requested

    pygame.init()
    found = SeasonTable(season, tuple(evenings), tuple(table))
    theme = load_theme(season.theme)
    text = TextCache(theme.fonts)
    scene = SeasonScene()
    scene.table = found
    window: pygame.Window | None = None
    if not args.headless:
        window = pygame.Window(season.title, args.size, position=_on_display(args.display), resizable=True)
        if args.fullscreen:
            window.set_fullscreen(desktop=True)
    surface = window.get_surface() if window is not None else pygame.Surface(args.size)
    guard = QuitGuard()
    dirty = True
    print(f"season: {season.title}: {len(table)} teams, {found.pages} page(s)", flush=True)
    try:
        while not stop_requested.is_set():
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
                    return 0
                if event.type == pygame.KEYDOWN:
                    if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL and guard.press(clock.monotonic()):
                        return 0
                    if event.key in NEXT_KEYS or event.key in BACK_KEYS:
                        step = 1 if event.key in NEXT_KEYS else -1
                        scene.page = min(found.pages - 1, max(0, scene.page + step))
                dirty = True
            if dirty:
                if window is not None:
                    surface = window.get_surface()
                scene.draw(surface, _frame(found, theme, text, surface.get_size()))
                if window is not None:
                    window.flip()
                dirty = False
            stop_requested.wait(1 / 30)
    finally:
        pygame.quit()
    return 0
