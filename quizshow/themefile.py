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
    "accent_shadow": "#785000",  # the dark amber an accent plate is shaded towards (a winner's, a result's)
    # The written quiz's results: the places 1 to 3's tabs and the dark their plates are shaded towards.
    "written_gold": "#f2c14e", "written_silver": "#d9dde8", "written_bronze": "#d08a4a",
    "written_medal_shadow": "#281e0a",
    "written_waiting": "#ff9f1c",  # a written quiz's row or table whose places wait for a jury (disputes, appeals)
    # The melee's two tables (seed: the red and the green table), on the projector and their console buttons.
    "melee_red": "#d83a3a", "melee_green": "#2fbf71",
    # The phones' join scene: a seat a phone holds, a seat still waiting, the count's pill when all are in or
    # not, the tick on a held seat, and the disc and name on a seat's team band.
    "join_done": "#40c86e", "join_waiting": "#f5c442", "join_count_done": "#143c28",
    "join_count_waiting": "#1e2446", "join_tick": "#0a2818", "join_seat_mark": "#ffffff",
    # The special cards' artwork (display/motion/artwork.py): the cat in the sack and the sponsor's gift.
    "art_cat_fur": "#f39c3a", "art_cat_fur_dark": "#c4681c", "art_cat_fur_light": "#ffd6a0",
    "art_cat_eye": "#78be46", "art_cat_nose": "#f2808c", "art_cat_whiskers": "#faf4ec", "art_glint": "#ffffff",
    "art_ink": "#221814", "art_sack": "#b08452", "art_sack_dark": "#785630", "art_sack_light": "#cea874",
    "art_cord": "#d6383e", "art_gift_box": "#e5484d", "art_gift_box_dark": "#a82832", "art_gift_lid": "#f46268",
    # The buzz replay (display/replay/): the false-start zone and its hatching, the lanes' lines, the window's end.
    "replay_zone": "#2a0c26", "replay_hatch": "#5c1a34", "replay_lane": "#26337a", "replay_window_end": "#8a93c8",
    # The contact sheet's (--sheet) background between the tiles.
    "sheet_background": "#12141c",
    # The operator's console (display/console/style.py): dark, high contrast, one accent. It is the house's,
    # whatever the projector's theme: a theme file may not name these (CONSOLE_COLORS below).
    "console_background": "#0d0f17", "console_panel": "#171a26", "console_edge": "#2a2f45",
    "console_text": "#e8ebf5", "console_muted": "#8a90a8", "console_accent": "#ffc83d", "console_good": "#2fbf71",
    "console_bad": "#e5484d", "console_button": "#262b40", "console_button_lit": "#3a3320",
    "console_cell_played": "#151823",  # a played cell, an empty one; a button done already
    "console_typing": "#2b4a7a",  # the plate of a text being typed for an action
    "console_prompt": "#8a6d1f",  # the plate of a question to the operator (not a problem: that is red)
    "console_shade": "#000000be",  # over the console, under the help
    "console_codes_shade": "#000000c8",  # over the console, under the phones' codes
}
# The console's colours are the house's: the operator's screen stays the same whatever the show's theme.
CONSOLE_COLORS = [name for name in DEFAULT_COLORS if name.startswith("console_")]
COLOR_NAMES = [name for name in DEFAULT_COLORS if name not in CONSOLE_COLORS]  # what a theme file may set


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
