"""The files that come with quizshow (themes, demo shows and packs), found as package data.

In the repository quizshow/data/ holds links to the top-level themes/, shows/ and packs/ folders; an
installed copy (`pip install .`) carries the files themselves. Either way importlib.resources finds them.
"""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path


def data_dir(name: str) -> Path:
    """The folder of bundled `themes`, `shows` or `packs` as a real path (the loaders read files)."""
    with as_file(files("quizshow") / "data" / name) as path:  # a plain folder for a normal install
        return Path(path)


def themes_dir() -> Path:
    return data_dir("themes")


def demo_show() -> Path:
    return data_dir("shows") / "svoyak.yaml"


def bundled_shows() -> list[Path]:
    """The bundled show files (demo shows and tournament days), by name."""
    return sorted(data_dir("shows").glob("*.yaml"))


def bundled_show(name: str) -> Path | None:
    """The bundled show called `name` (`brainring` or `brainring.yaml`), or None."""
    if not name or "/" in name or "\\" in name:
        return None
    stem = name[:-5] if name.endswith(".yaml") else name
    path = data_dir("shows") / f"{stem}.yaml"
    return path if path.is_file() else None


def show_summary(path: Path) -> str:
    """One line for `--list`: the show's title and its format (a tournament day: its stages' format)."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as why:  # a bundled file: never expected, but the list goes on
        return f"(unreadable: {why})"
    if not isinstance(data, dict):
        return ""
    kind = "tournament day" if "regulation" in data else str(data.get("format", ""))
    return f"{data.get('title', '')} ({kind})"


def copy_demo(target: Path) -> list[Path]:
    """Copy the bundled shows, packs and themes into `target` (shows/, packs/, themes/ side by side, so a
    show's `../packs/...` still finds its pack); a show's named theme is pointed at the copied theme so it
    can be edited too. Nothing is overwritten: FileExistsError names the first file in the way."""
    import re
    import shutil

    folders = ("shows", "packs", "themes")
    for folder in folders:
        there = target / folder
        if there.exists() and any(there.iterdir()):
            raise FileExistsError(f"{there} already exists and is not empty; give a new or empty folder")
    copied: list[Path] = []
    for folder in folders:
        shutil.copytree(data_dir(folder), target / folder, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".quizshow", "__pycache__"))
        copied.append(target / folder)
    for show in sorted((target / "shows").glob("*.yaml")):
        text = show.read_text(encoding="utf-8")

        def local(match: re.Match[str]) -> str:
            name = match[2]
            return f"{match[1]}../themes/{name}" if (target / "themes" / name).is_dir() else match[0]

        changed = re.sub(r"^(theme:\s*)([A-Za-z0-9_-]+)\s*$", local, text, flags=re.M)
        if changed != text:
            show.write_text(changed, encoding="utf-8")
    return copied
