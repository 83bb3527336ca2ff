"""Themes: colours, fonts, team colours, motion and optional sound files (themes/<name>/theme.yaml)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import pygame
from yaml.nodes import Node

from quizshow.themefile import DEFAULT_COLORS, FONT_ROLES, MOTION_KEYS, SOUND_CUES, color_nodes, theme_sections
from quizshow.yamlfile import FileReader, Problems

log = logging.getLogger(__name__)


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
        """A colour by its name; a name the theme does not know is a bug (KeyError), never silent white."""
        try:
            return self.colors[name]
        except KeyError:
            raise KeyError(f"theme {self.name!r} has no colour {name!r}; its colours: "
                           f"{', '.join(sorted(self.colors))}") from None

    def team_color(self, index: int, override: str | None = None) -> pygame.Color:
        if override:
            return pygame.Color(override)
        return self.team_colors[index % len(self.team_colors)]


def find_font(family: str, weight: int) -> Path | None:
    """A font file from the PyPI font packages; None falls back to pygame's own font."""
    try:
        import fontpkg  # type: ignore[import-untyped]  # (no type information)

        return Path(fontpkg.path(family, weight, nearest=True))
    except Exception as why:  # no package, or the family is not installed
        log.warning("font %s %s not available (%s); using pygame's own font", family, weight, why)
        return None


def load_theme(folder: Path, problems: Problems | None = None) -> Theme:
    problems = problems or Problems()
    reader = FileReader(folder / "theme.yaml", problems)
    keys = theme_sections(reader)
    colors = {}
    for name, node in color_nodes(reader, keys).items():  # an unknown name: an error (--check reports it)
        colors[name] = _color(reader, node)
    team_colors = [_color(reader, n) for n in reader.sequence(keys.get("team_colors"), "team_colors")]
    fonts = {}
    for role, node in reader.mapping(keys.get("fonts"), FONT_ROLES, what="fonts").items():
        spec = reader.mapping(node, ["family", "weight"], required=("family",), what=f"font {role}")
        family = reader.text(spec.get("family"), "family") or "PT Sans"
        fonts[role] = find_font(family, reader.scalar(spec.get("weight"), int, "weight") or 400)
    motion = {k: reader.scalar(v, float, k) or 0.0 for k, v in
              reader.mapping(keys.get("motion"), MOTION_KEYS, what="motion").items()}
    sounds = {}
    for cue, node in reader.mapping(keys.get("sounds"), SOUND_CUES, what="sounds").items():
        path = reader.media(node, (".ogg", ".wav", ".mp3"), f"sound {cue}")
        if path is not None and path.exists():
            sounds[cue] = path
    for problem in problems.items:
        log.warning("theme: %s", problem)
    return Theme(
        name=reader.text(keys.get("name"), "name") or folder.name, folder=folder,
        colors={**{name: pygame.Color(value) for name, value in DEFAULT_COLORS.items()}, **colors},
        team_colors=team_colors or [pygame.Color("#e5484d")],
        fonts={role: fonts.get(role) for role in FONT_ROLES},
        motion={"transition_s": 0.45, "count_up_s": 0.9, **motion}, sounds=sounds,
    )


def _color(reader: FileReader, node: Node) -> pygame.Color:
    text = reader.text(node, "colour")
    try:
        return pygame.Color(text or "white")
    except ValueError:
        reader.error(node, f"'{text}' is not a colour like #ffc83d")
        return pygame.Color("white")

