"""Themes: colours, fonts, team colours, motion and optional sound files (themes/<name>/theme.yaml)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from quizshow.yamlfile import FileReader, Problems

log = logging.getLogger(__name__)

THEME_KEYS = ["name", "fonts", "colors", "team_colors", "motion", "sounds"]
FONT_ROLES = ["heading", "body", "numbers"]


@dataclass
class Theme:
    name: str
    folder: Path
    colors: dict[str, pygame.Color]
    team_colors: list[pygame.Color]
    fonts: dict[str, Path | None]  # None: pygame's own font (fallback)
    motion: dict[str, float] = field(default_factory=dict)
    sounds: dict[str, Path] = field(default_factory=dict)

    def color(self, name: str) -> pygame.Color:
        return self.colors.get(name, pygame.Color("white"))

    def team_color(self, index: int, override: str | None = None) -> pygame.Color:
        if override:
            return pygame.Color(override)
        return self.team_colors[index % len(self.team_colors)]


def find_font(family: str, weight: int) -> Path | None:
    """A font file from the PyPI font packages; None falls back to pygame's own font."""
    try:
        import fontpkg

        return Path(fontpkg.path(family, weight, nearest=True))
    except Exception as why:  # no package, or the family is not installed
        log.warning("font %s %s not available (%s); using pygame's own font", family, weight, why)
        return None


def load_theme(folder: Path, problems: Problems | None = None) -> Theme:
    problems = problems or Problems()
    reader = FileReader(folder / "theme.yaml", problems)
    keys = reader.mapping(reader.load(), THEME_KEYS, what="the theme")
    colors = {}
    for name, node in reader.mapping(keys.get("colors"), _COLOR_NAMES, what="colors").items():
        colors[name] = _color(reader, node)
    team_colors = [_color(reader, n) for n in reader.sequence(keys.get("team_colors"), "team_colors")]
    fonts = {}
    for role, node in reader.mapping(keys.get("fonts"), FONT_ROLES, what="fonts").items():
        spec = reader.mapping(node, ["family", "weight"], required=("family",), what=f"font {role}")
        family = reader.text(spec.get("family"), "family") or "PT Sans"
        fonts[role] = find_font(family, reader.scalar(spec.get("weight"), int, "weight") or 400)
    motion = {k: reader.scalar(v, float, k) or 0.0 for k, v in
              reader.mapping(keys.get("motion"), ["transition_s", "count_up_s"], what="motion").items()}
    sounds = {}
    for cue, node in reader.mapping(keys.get("sounds"), _SOUND_CUES, what="sounds").items():
        path = reader.media(node, (".ogg", ".wav", ".mp3"), f"sound {cue}")
        if path is not None and path.exists():
            sounds[cue] = path
    for problem in problems.items:
        log.warning("theme: %s", problem)
    return Theme(
        name=reader.text(keys.get("name"), "name") or folder.name, folder=folder,
        colors={**_DEFAULT_COLORS, **colors}, team_colors=team_colors or [pygame.Color("#e5484d")],
        fonts={role: fonts.get(role) for role in FONT_ROLES},
        motion={"transition_s": 0.45, "count_up_s": 0.9, **motion}, sounds=sounds,
    )


def _color(reader: FileReader, node) -> pygame.Color:
    text = reader.text(node, "colour")
    try:
        return pygame.Color(text or "white")
    except ValueError:
        reader.error(node, f"'{text}' is not a colour like #ffc83d")
        return pygame.Color("white")


_DEFAULT_COLORS = {name: pygame.Color(value) for name, value in {
    "background_top": "#101a66", "background_bottom": "#03061c", "glow": "#2b4bd8", "panel": "#1d2b8f",
    "panel_top": "#2a3cb0", "panel_edge": "#5a74ff", "panel_played": "#0b1240", "panel_dark": "#0a0f2e",
    "text": "#f5f7ff", "muted": "#b8c1f0", "accent": "#ffc83d", "warning": "#ff4b4b", "good": "#2fbf71",
    "bad": "#e5484d", "negative": "#ff8a8a", "shadow": "#000000"}.items()}
# The tournament day (display/event): the edge of the teams that go on; the day's places 1 to 3.
_DEFAULT_COLORS.update({name: pygame.Color(value) for name, value in {
    "tournament_goes_on": "#2fbf71", "tournament_gold": "#ffc83d", "tournament_silver": "#c9d1e0",
    "tournament_bronze": "#cd8a4a"}.items()})
_COLOR_NAMES = list(_DEFAULT_COLORS)
_SOUND_CUES = ["buzz", "correct", "wrong", "false_start", "warning", "time_up", "round_start", "special",
               "final_music", "winner", "announce"]
