"""The user's own folders, as each system names them (platformdirs): where journals go when the show's
folder will not take them, and where played packs' media are unpacked.

Linux: `$XDG_DATA_HOME/quizshow` (`~/.local/share/quizshow`) and `$XDG_CACHE_HOME/quizshow`; macOS:
`~/Library/Application Support/quizshow` and `~/Library/Caches/quizshow`; Windows:
`%LOCALAPPDATA%\\quizshow` (and its `Cache`). The one place the program asks for them.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import platformdirs

APP = "quizshow"


def data_home() -> Path:
    return platformdirs.user_data_path(APP, appauthor=False)


def cache_home() -> Path:
    return platformdirs.user_cache_path(APP, appauthor=False)


def journals_home() -> Path:
    """Where the journals of shows whose own folder will not take them go: one folder per show."""
    return data_home() / "journals"


def package_dir() -> Path:
    return Path(__file__).resolve().parent


def in_package(path: Path) -> bool:
    """Whether `path` is one of the package's own files (a bundled show): `pip uninstall` would leave a
    journal written there behind. In the repository quizshow/data/ links to the top-level shows/, packs/
    and themes/ folders: those are the package's files too, however they are opened."""
    from quizshow.resources import data_dir

    here, real = Path(os.path.abspath(path)), path.resolve()
    package = Path(os.path.abspath(Path(__file__).parent))
    bundled = [package_dir(), *(data_dir(name).resolve() for name in ("shows", "packs", "themes"))]
    return here.is_relative_to(package) or any(real.is_relative_to(folder) for folder in bundled)


def writable(folder: Path) -> bool:
    """Whether a journal folder can be made in `folder` (the nearest existing parent decides)."""
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return os.access(folder, os.W_OK)


def journal_path(show: Path) -> Path:
    """Beside the show (`<show folder>/.quizshow/<stem>.journal.jsonl`); for a show in a folder that will
    not take it, or inside the package, in the user's data folder, one folder per show file
    (`journals/<stem>-<hash>/`, see `user_journal`)."""
    name = f"{show.stem}.journal.jsonl"
    if in_package(show) or not writable(show.parent):
        return user_journal(show)
    return show.parent / ".quizshow" / name


def show_key(show: Path) -> str:
    """The user journal folder's name for a show file: its stem (readable) and a short hash of its full
    resolved path, so that two shows of one name (a clone's svoyak.yaml and the installed one, the final.yaml
    of two seasons) never share a journal."""
    real = str(Path(os.path.abspath(show)).resolve())
    return f"{show.stem}-{hashlib.sha256(real.encode('utf-8', 'surrogateescape')).hexdigest()[:8]}"


def user_journal(show: Path) -> Path:
    """The show's journal in the user's data folder. A journal kept under the old key (`journals/<stem>/`,
    before the hash) is still resumed when it is this show's own (its header names this show file)."""
    name = f"{show.stem}.journal.jsonl"
    keyed = journals_home() / show_key(show) / name
    old = journals_home() / show.stem / name
    if not keyed.exists() and recorded_show(old) == str(Path(os.path.abspath(show)).resolve()):
        return old
    return keyed


HEADER_BYTES = 64 * 1024  # a header line is far shorter; a file without a newline so early is no journal of ours


def recorded_show(journal: Path) -> str | None:
    """The show file a journal's header names, or None (no such file, not a journal)."""
    try:
        with journal.open("rb") as f:
            first = f.readline(HEADER_BYTES)
        data = json.loads(first)
    except (OSError, ValueError):
        return None
    show = data.get("show") if isinstance(data, dict) else None
    return show if isinstance(show, str) else None


def elsewhere(journal: Path) -> bool:
    """Whether a journal is in the user's data folder rather than beside its show (the console says so)."""
    return Path(os.path.abspath(journal)).is_relative_to(Path(os.path.abspath(journals_home())))


def short_folder(journal: Path) -> str:
    """The journal's folder as the console shows it: the home folder as `~` (the line has little room)."""
    folder, home = Path(os.path.abspath(journal.parent)), Path.home()
    if folder.is_relative_to(home):
        return str(Path("~") / folder.relative_to(home)) + os.sep
    return str(folder) + os.sep
