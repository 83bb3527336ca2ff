"""A Pack written as our pack YAML (spec/files.md), media paths relative to the file: `--import` output."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from quizshow.packs.model import CatInfo, Pack, Question, Round, Theme

CREDIT_KEYS = ("author", "source", "comment", "host")  # a round's or theme's own, written at its level
MEDIA_KEYS = ("image", "audio", "video", "answer_image", "answer_audio", "answer_video")


def pack_data(pack: Pack, base: Path) -> dict[str, Any]:
    data: dict[str, Any] = {"title": pack.title}
    if pack.author:
        data["author"] = pack.author
    data["language"] = pack.language
    for key in ("source", "comment"):
        if getattr(pack, key):
            data[key] = getattr(pack, key)
    data["rounds"] = [_round(r, base) for r in pack.rounds]
    return data


def _round(rnd: Round, base: Path) -> dict[str, Any]:
    data: dict[str, Any] = {"name": rnd.name}
    if rnd.final:
        data["final"] = True
    if rnd.reserve:
        data["reserve"] = True
    if rnd.values is not None:
        data["values"] = list(rnd.values)
    data.update(_credits(rnd))
    if rnd.themes:
        data["themes"] = [{"name": t.name, **_credits(t), "questions": [_question(q, base) for q in t.questions]}
                          for t in rnd.themes]
    else:
        data["questions"] = [_question(q, base) for q in rnd.questions]
    return data


def _credits(level: Round | Theme) -> dict[str, str]:
    """A round's or theme's own author, source, comment and host notes: written once, at their level."""
    return {key: getattr(level, key) for key in CREDIT_KEYS if getattr(level, key)}


def _question(q: Question, base: Path) -> dict[str, Any] | None:
    if q.empty:
        return None  # an empty cell is written as `~`
    data: dict[str, Any] = {"q": q.q, "a": q.a}
    if q.accept:
        data["accept"] = list(q.accept)
    if q.type != "regular":
        data["type"] = q.type
    if q.cat is not None:
        data["cat"] = _cat(q.cat)
    if q.value is not None:
        data["value"] = q.value
    for key in ("comment", "source", "author", "host"):
        if getattr(q, key):
            data[key] = getattr(q, key)
    for key in MEDIA_KEYS:
        path = getattr(q, key)
        if path is not None:
            data[key] = Path(os.path.relpath(path, base)).as_posix()
    if q.seconds is not None:
        data["seconds"] = q.seconds
    if not q.wait:
        data["wait"] = False
    return data


def _cat(cat: CatInfo) -> dict[str, Any]:
    data: dict[str, Any] = {}
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
