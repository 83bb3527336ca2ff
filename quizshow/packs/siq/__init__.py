"""SIGame .siq packs (spec/siq.md): read safely, mapped onto our pack model, with an import report.

`read_siq` opens and parses (pure: bytes in, a document out); `load_siq` makes a playable Pack whose
media live in a cache folder; `import_siq` writes our YAML and the media for editing.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from quizshow.packs.model import Pack
from quizshow.packs.siq.archive import Archive, SiqError
from quizshow.packs.siq.document import FOLDERS, SiqDocument, read_document, read_globals
from quizshow.packs.siq.mapping import Report, to_pack
from quizshow.packs.siq.xmltree import Element, parse
from quizshow.yamlfile import Problems, TooManyPixels, picture_error

__all__ = ["SiqError", "SiqPack", "read_siq", "load_siq", "import_siq", "problem_file"]

MAX_CONTENT_XML = 20 * 1024 * 1024
MAX_TEXTS_XML = 1024 * 1024
MAX_HTML = 256 * 1024


@dataclass(frozen=True)
class SiqPack:
    document: SiqDocument
    archive: Archive

    def size(self, kind: str, name: str) -> int | None:
        info = self.archive.find(f"{FOLDERS[kind]}/{name}")
        return None if info is None else info.file_size

    def text(self, kind: str, name: str) -> str | None:
        info = self.archive.find(f"{FOLDERS[kind]}/{name}")
        if info is None:
            return None
        return self.archive.read(info, MAX_HTML).decode("utf-8-sig", errors="replace")

    def convert(self, path: Path, media_root: Path) -> tuple[Pack, Report]:
        return to_pack(self.document, self, path, media_root)

    def copy_media(self, report: Report, media_root: Path) -> None:
        """Write every found media file under `media_root` (skipping those already there, same size)."""
        for entry in report.found:
            info = self.archive.find(f"{FOLDERS[entry.kind]}/{entry.name}")
            if info is None:
                continue
            target = media_root / entry.target
            if target.exists() and target.stat().st_size == info.file_size:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            part = target.with_name(target.name + ".part")
            part.write_bytes(self.archive.read(info))
            part.replace(target)


def read_siq(source: Path | bytes) -> SiqPack:
    """Open and parse a .siq; anything unreadable or hostile is one SiqError with the reason."""
    archive = Archive.open(source)
    info = archive.find("content.xml")
    if info is None:
        raise SiqError("not a SIGame pack: the archive has no content.xml")
    if info.file_size > MAX_CONTENT_XML:
        raise SiqError(f"refused: content.xml is larger than {MAX_CONTENT_XML // (1024 * 1024)} MB")
    root = parse(archive.read(info))
    texts: dict[str, Element | None] = {}
    for name in ("authors", "sources"):
        entry = archive.find(f"Texts/{name}.xml")
        try:
            texts[name] = parse(archive.read(entry, MAX_TEXTS_XML)) if entry is not None else None
        except SiqError:
            texts[name] = None  # optional v4 tables: a bad one costs the names, not the pack
    authors, sources = read_globals(texts)
    return SiqPack(read_document(root, authors, sources), archive)


def problem_file(path: Path) -> Path:
    """Problems inside the pack are reported as PACK.siq:content.xml:LINE."""
    return Path(f"{path}:content.xml")


def report_problems(path: Path, report: Report, problems: Problems) -> None:
    for line, message in report.warnings:
        problems.add(problem_file(path), line, message, warning=True)


def cache_root(path: Path) -> Path:
    """Where a played pack's media are unpacked: one folder per pack file version."""
    from quizshow.userdirs import cache_home  # the system's cache folder (platformdirs)

    base = Path(os.environ.get("QUIZSHOW_CACHE") or cache_home())
    stat = path.stat()
    key = hashlib.sha1(f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}".encode()).hexdigest()[:16]
    return base / "siq" / key


def _convert(path: Path, media_root: Path, problems: Problems, why_os: str) -> tuple[Pack, Report] | None:
    """Read, map and unpack the media; an unreadable pack is one error line (PACK.siq:1)."""
    try:
        pack = read_siq(path)
        media_root.mkdir(parents=True, exist_ok=True)
        result, report = pack.convert(path, media_root.resolve())
        pack.copy_media(report, media_root.resolve())
    except SiqError as why:
        problems.add(path, 1, str(why))
        return None
    except OSError as why:
        problems.add(path, 1, f"{why_os}: {why}")
        return None
    report_problems(path, report, problems)
    check_pictures(path, result, problems)
    return result, report


def check_pictures(path: Path, pack: Pack, problems: Problems) -> None:
    """Every unpacked picture checked as YAML and `.4s` packs check theirs (issue 27; decoded under
    `--check`): too many pixels is an error; a picture that cannot be read or decoded only a warning (the
    card shows a placeholder, as for a damaged picture before)."""
    for question in (q for r in pack.rounds for q in r.all_questions):
        for picture in (question.image, question.answer_image):
            problem = None if picture is None or not picture.is_file() else picture_error(picture)
            if picture is not None and problem:
                unreadable = not isinstance(problem, TooManyPixels)
                problems.add(problem_file(path), question.line, f"image '{picture.name}': {problem}"
                             + (": a placeholder is shown" if unreadable else ""), warning=unreadable)


def load_siq(path: Path, problems: Problems, media_root: Path | None = None) -> Pack | None:
    """A playable Pack from a .siq (the loader's entry for the suffix); problems as PACK.siq:content.xml:LINE."""
    try:
        root = media_root or cache_root(path)
    except OSError:
        problems.add(path, 1, "file not found")
        return None
    done = _convert(path, root, problems, "cannot read the pack or unpack its media")
    if done is None:
        return None
    if not done[0].rounds:
        problems.add(problem_file(path), 1, "the pack has no round to play")
    return done[0]


def import_siq(path: Path, out: Path, problems: Problems) -> tuple[Path, Report] | None:
    """Write our pack YAML (out/<name>.yaml) and the media beside it; None when the pack is unreadable."""
    from quizshow.packs.writer import write_pack

    done = _convert(path, out, problems, "cannot write the import")
    if done is None:
        return None
    target = out / f"{path.stem}.yaml"
    write_pack(done[0], target)
    return target, done[1]
