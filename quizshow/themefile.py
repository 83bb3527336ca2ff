"""A theme's file (themes/<name>/theme.yaml): its sections, its colour names and their defaults.

No pygame here: `--check` of a show reads its theme's file with `check_theme` (config.py), so an unknown
colour name is a FILE:LINE error before the show starts; display/theme.py turns the values into colours.
"""

from __future__ import annotations

from pathlib import Path

from yaml.nodes import Node

from quizshow.yamlfile import FileReader, Problems

THEME_KEYS = ["name", "fonts", "colors", "team_colors", "motion", "sounds"]
FONT_ROLES = ["heading", "body", "numbers"]
MOTION_KEYS = ["transition_s", "count_up_s"]
SOUND_CUES = ["buzz", "correct", "wrong", "false_start", "warning", "time_up", "round_start", "special",
              "final_music", "winner", "announce"]

# Every colour a picture may ask the theme for, and its value when a theme leaves it out.
DEFAULT_COLORS: dict[str, str] = {
    "background_top": "#101a66", "background_bottom": "#03061c", "glow": "#2b4bd8", "panel": "#1d2b8f",
    "panel_top": "#2a3cb0", "panel_edge": "#5a74ff", "panel_played": "#0b1240", "panel_dark": "#0a0f2e",
    "text": "#f5f7ff", "muted": "#b8c1f0", "accent": "#ffc83d", "warning": "#ff4b4b", "good": "#2fbf71",
    "bad": "#e5484d", "negative": "#ff8a8a", "shadow": "#000000",
    # The duel's tables (seed 002: a player's table is their colour) and the inks on them.
    "duel_green": "#1b7337", "duel_yellow": "#e2b420", "duel_red": "#b8283a", "duel_blue": "#245bc0",
    "duel_ink_dark": "#1b1d33",  # on the yellow table, the gold pills, the white badges
    "duel_ink_light": "#ffffff",  # on the other tables; the light the tiles are shaded towards
    "duel_dim": "#696973",  # the tables multiplied by it step back behind the bout's result
    # The tournament day (display/event): the edge of the teams that go on; the day's places 1 to 3.
    "tournament_goes_on": "#2fbf71", "tournament_gold": "#ffc83d", "tournament_silver": "#c9d1e0",
    "tournament_bronze": "#cd8a4a",
}
COLOR_NAMES = list(DEFAULT_COLORS)


def theme_sections(reader: FileReader) -> dict[str, Node]:
    """The theme file's sections; an unknown one is an error at its line."""
    return reader.mapping(reader.load(), THEME_KEYS, what="the theme")


def color_nodes(reader: FileReader, sections: dict[str, Node]) -> dict[str, Node]:
    """The theme's colours by name; an unknown name is an error at its line («did you mean»)."""
    return reader.mapping(sections.get("colors"), COLOR_NAMES, what="colors")


def check_theme(folder: Path, problems: Problems) -> None:
    """Report what is wrong with a theme's sections and colour names, at their lines (no pygame)."""
    reader = FileReader(folder / "theme.yaml", problems)
    color_nodes(reader, theme_sections(reader))
