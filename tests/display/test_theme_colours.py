"""Issue 24, item 8 (colours): the theme holds the duel's colours, a colour name it does not know is an error
(never silent white), and an unknown colour in a show's theme.yaml is reported at its line by `--check`."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pygame
import pytest

from quizshow.cli import check_files
from quizshow.display.theme import load_theme
from quizshow.house_words import show_words
from tests.conftest import ROOT
from tests.duel_kit import ALPHA, GREEN, config


def test_a_colour_name_the_theme_does_not_know_is_an_error_naming_it_and_the_known_ones():
    theme = load_theme(ROOT / "themes" / "broadcast")
    with pytest.raises(KeyError) as raised:
        theme.color("acent")
    assert "acent" in str(raised.value) and "accent" in str(raised.value) and "panel_dark" in str(raised.value)


def test_an_unknown_colour_in_a_shows_theme_is_reported_at_its_line_by_check(tmp_path):
    folder = tmp_path / "studio"
    folder.mkdir()
    (folder / "theme.yaml").write_text('name: "Studio"\ncolors:\n  accent: "#ffc83d"\n  acent: "#ff0000"\n',
                                       encoding="utf-8")
    show = tmp_path / "show.yaml"
    show.write_text(f'title: "Проверка"\nformat: demo\npack: {ROOT / "packs" / "demo.yaml"}\ntheme: studio\n'
                    'teams:\n  - {name: "Анна"}\n  - {name: "Борис"}\n', encoding="utf-8")
    out = tmp_path / "out.txt"
    with out.open("w", encoding="utf-8") as stream:
        code = check_files([show], stream)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert code == 1, lines
    assert f"{folder / 'theme.yaml'}:4: unknown key 'acent' (did you mean 'accent'?)" in lines, lines


def test_a_theme_file_is_checked_without_pygame():
    done = subprocess.run([sys.executable, "-c", "import sys, quizshow.themefile; assert 'pygame' not in sys.modules"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_duels_tables_wear_the_colours_of_the_theme():
    from tests.duel_display_kit import render_walk

    theme = load_theme(config().theme)
    magenta = pygame.Color("#ff00ff")
    theme = dataclasses.replace(theme, colors={**theme.colors, "duel_green": magenta})
    from quizshow.display.duel.grid import tile_rect
    from quizshow.display.scenes.base import Frame

    for name, e, surface in render_walk(theme, (1920, 1080)):
        if name != "queue":
            continue
        frame = Frame(e.state, e.format, theme, None, 0, (1920, 1080), show_words("ru"), "", None)
        green = tile_rect(frame, ALPHA, GREEN)
        pixel = surface.get_at((green.x + 40, green.centery + 60))
        assert pixel.r > 180 and pixel.b > 180 and pixel.g < 90, pixel
