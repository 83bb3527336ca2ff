"""A Pack written as our pack YAML (spec/files.md), media paths relative to the file: `--import` output."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypeAlias

import yaml

from quizshow.packs.model import CatInfo, Pack, Question, Round, Theme, entries

CREDIT_KEYS = ("author", "source", "comment", "host")  # a round's or theme's own, written at its level
# What yaml.safe_dump writes: the pack as plain data.
Yaml: TypeAlias = "str | int | float | bool | None | Sequence[Yaml] | Mapping[str, Yaml]"
MEDIA_KEYS = ("image", "audio", "video", "answer_image", "answer_audio", "answer_video")


def pack_data(pack: Pack, base: Path) -> dict[str, Yaml]:
    data: dict[str, Yaml] = {"title": pack.title}
    if pack.id:
        data["id"] = pack.id
    if pack.author:
        data["author"] = _credit(pack.author)
    data["language"] = pack.language
    if pack.source:
        data["source"] = _credit(pack.source)
    if pack.comment:
        data["comment"] = pack.comment
    data["rounds"] = [_round(r, base) for r in pack.rounds]
    return data


def _round(rnd: Round, base: Path) -> dict[str, Yaml]:
    data: dict[str, Yaml] = {"name": rnd.name}
    if rnd.final:
        data["final"] = True
    if rnd.reserve:
        data["reserve"] = True
    if rnd.warmup:
        data["warmup"] = True
    if rnd.values is not None:
        data["values"] = list(rnd.values)
    data.update(_credits(rnd))
    if rnd.themes:
        data["themes"] = [{"name": t.name, **_credits(t), "questions": [_question(q, base) for q in t.questions]}
                          for t in rnd.themes]
    else:
        data["questions"] = [_question(q, base) for q in rnd.questions]
    return data


def _credits(level: Round | Theme) -> dict[str, str | list[str]]:
    """A round's or theme's own author, source, comment and host notes: written once, at their level."""
    return {key: _credit(getattr(level, key)) if key in ("author", "source") else getattr(level, key)
            for key in CREDIT_KEYS if getattr(level, key)}


def _credit(text: str) -> str | list[str]:
    """Several authors (sources) as a list, one as its text."""
    names = entries(text)
    return list(names) if len(names) > 1 else text


def _question(q: Question, base: Path) -> dict[str, Yaml] | None:
    if q.empty:
        return None  # an empty cell is written as `~`
    data: dict[str, Yaml] = {"q": q.q, "a": q.a}
    if q.accept:
        data["accept"] = list(q.accept)
    if q.reject:
        data["reject"] = list(q.reject)
    if q.type != "regular":
        data["type"] = q.type
    if q.cat is not None:
        data["cat"] = _cat(q.cat)
    if q.value is not None:
        data["value"] = q.value
    for key in ("comment", "source", "author", "host"):
        if getattr(q, key):
            data[key] = _credit(getattr(q, key)) if key in ("source", "author") else getattr(q, key)
    for key in MEDIA_KEYS:
        path = getattr(q, key)
        if path is not None:
            data[key] = Path(os.path.relpath(path, base)).as_posix()
    if q.seconds is not None:
        data["seconds"] = q.seconds
    if not q.wait:
        data["wait"] = False
    return data


def _cat(cat: CatInfo) -> dict[str, Yaml]:
    data: dict[str, Yaml] = {}
    if cat.theme:
        data["theme"] = cat.theme
    if cat.values:
        data["values"] = list(cat.values)
    if cat.to != "others":
        data["to"] = cat.to
    return data


def write_pack(pack: Pack, target: Path) -> None:
    text = yaml.safe_dump(pack_data(pack, target.parent.resolve()), allow_unicode=True, sort_keys=False,
                          width=100)
    part = target.with_name(target.name + ".part")
    part.write_text(f"# Imported from {pack.path.name} by quizshow --import\n{text}", encoding="utf-8")
    part.replace(target)


def remember_id(path: Path, package: str) -> bool:
    """`id: …` written into a YAML pack on a line of its own after its title (every other line as it was), so a
    second export is the same SIGame package; False when the file cannot take it (a flow mapping, unwritable)."""
    from yaml.nodes import MappingNode

    from quizshow.yamlfile import compose, read_bounded

    try:
        text = read_bounded(path)
        root = compose(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return False
    if not isinstance(root, MappingNode) or root.flow_style:
        return False
    title = next(((k, v) for k, v in root.value if k.value == "title"), None)
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += newline
    if title is None:
        at, indent = len(lines), root.value[0][0].start_mark.column if root.value else 0
    else:
        end = title[1].end_mark
        at, indent = end.line + (1 if end.column > 0 else 0), title[0].start_mark.column
    lines.insert(at, f"{' ' * indent}id: {package}{newline}")
    part = path.with_name(path.name + ".part")
    try:
        part.write_text("".join(lines), encoding="utf-8", newline="")
        part.replace(path)
    except OSError:
        part.unlink(missing_ok=True)
        return False
    return True
