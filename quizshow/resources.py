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
