"""Load and validate a pack file (spec/files.md): every problem at once, as FILE:LINE: message."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from yaml.nodes import Node, ScalarNode, SequenceNode

from quizshow import stopping
from quizshow.core.limits import MAX_POINTS
from quizshow.packs.model import (
    CAT_RECEIVERS,
    EMPTY_CELL,
    QUESTION_TYPES,
    CatInfo,
    Credits,
    Pack,
    Question,
    Round,
    Theme,
)
from quizshow.yamlfile import IMAGE_SUFFIXES, MAX_NAME, MAX_TEXT, FileReader, Problems, line_of

CREDIT_KEYS = ["author", "source", "comment", "host"]  # said once for a round or theme, inherited when shown
PACK_KEYS = ["title", "author", "language", "rounds", "source", "comment", "id"]
ROUND_KEYS = ["name", "values", "themes", "questions", "final", "reserve", "warmup", *CREDIT_KEYS]
THEME_KEYS = ["name", "questions", *CREDIT_KEYS]
QUESTION_KEYS = ["q", "a", "accept", "reject", "comment", "source", "author", "image", "audio", "type", "cat",
                 "value", "video", "host", "answer_image", "answer_audio", "answer_video", "seconds", "wait", "hint"]
IMAGE_TYPES = IMAGE_SUFFIXES  # every format the projector decodes (picture_file.py)
AUDIO_TYPES = (".ogg", ".wav", ".mp3")
VIDEO_TYPES = (".mp4", ".webm", ".mkv", ".avi", ".mov", ".m4v", ".mpg", ".mpeg", ".ogv")
# Pack files that are not our YAML, by their suffix: suffix -> "module:function" with load_pack's contract.
# Imported lazily: a YAML show never loads the other readers.
OTHER_LOADERS: dict[str, str] = {
    ".siq": "quizshow.packs.siq:load_siq",  # SIGame packs (docs/siq.md)
    ".4s": "quizshow.packs.fours:load_fours",  # the chgksuite text format of ЧГК packs (docs/written.md)
    ".si4s": "quizshow.packs.fours:load_fours",  # … and its game variants: «Своя игра»,
    ".br4s": "quizshow.packs.fours:load_fours",  # «Брейн-ринг»,
    ".tr4s": "quizshow.packs.fours:load_fours",  # «Тройка» (docs/files.md)
    ".txt": "quizshow.packs.dbtext:load_dbtext",  # the ЧГК question database's text export, told by its content
}


def _other_loader(suffix: str) -> Callable[[Path, Problems], Pack | None] | None:
    name = OTHER_LOADERS.get(suffix)
    if name is None:
        return None
    import importlib

    module, _, function = name.partition(":")
    loader: Callable[[Path, Problems], Pack | None] = getattr(importlib.import_module(module), function)
    return loader


def load_pack(path: Path, problems: Problems) -> Pack | None:
    reader = _other_loader(path.suffix.lower())
    if reader is not None:
        return reader(path, problems)
    with stopping.loading():  # a stop signal ends a long load at once
        return _load_yaml_pack(path, problems)


def _load_yaml_pack(path: Path, problems: Problems) -> Pack | None:
    reader = FileReader(path, problems)
    root = reader.load()
    if root is None:
        return None
    keys = reader.mapping(root, PACK_KEYS, required=("title", "rounds"), what="the pack")
    rounds = [_round(reader, node) for node in reader.sequence(keys.get("rounds"), "rounds")]
    if "rounds" in keys and not rounds:
        reader.error(keys["rounds"], "a pack needs at least one round")
    language = reader.text(keys.get("language"), "language") or "ru"
    if language not in ("ru", "en"):
        reader.error(keys["language"], "language must be ru or en")
    return Pack(
        title=reader.text(keys.get("title"), "title", MAX_NAME) or path.stem,
        path=path,
        rounds=tuple(r for r in rounds if r is not None),
        author=credit(reader, keys.get("author"), "author", MAX_NAME),
        language=language,
        source=credit(reader, keys.get("source"), "source"),
        comment=reader.text(keys.get("comment"), "comment"),
        id=reader.text(keys.get("id"), "id", MAX_NAME),
    )


def credit(reader: FileReader, node: Node | None, what: str, limit: int = MAX_TEXT) -> str | None:
    """An `author` or `source`: one text, or a list of several (kept one a line: packs/model.entries)."""
    if isinstance(node, SequenceNode):
        return "\n".join(reader.text_list(node, what, limit)) or None
    return reader.text(node, what, limit)


def _credits(reader: FileReader, keys: dict[str, Node]) -> Credits:
    """A round's or theme's own author, source, comment and host notes (its questions inherit them)."""
    author, source = (credit(reader, keys.get(key), key) for key in ("author", "source"))
    comment, host = (reader.text(keys.get(key), key) for key in ("comment", "host"))
    return Credits(author=author, source=source, comment=comment, host=host)


def _round(reader: FileReader, node: Node) -> Round | None:
    keys = reader.mapping(node, ROUND_KEYS, required=("name",), what="a round")
    if not keys:
        return None
    final = bool(reader.scalar(keys.get("final"), bool, "final"))
    reserve = bool(reader.scalar(keys.get("reserve"), bool, "reserve"))
    warmup = bool(reader.scalar(keys.get("warmup"), bool, "warmup"))
    if "themes" in keys and "questions" in keys:
        reader.error(node, "a round holds either 'themes' or 'questions', not both")
    elif "themes" not in keys and "questions" not in keys:
        reader.error(node, "a round needs 'themes' or 'questions'")
    themes = tuple(t for t in (_theme(reader, n) for n in reader.sequence(keys.get("themes"), "themes")) if t)
    questions = _questions(reader, keys.get("questions"))
    values = _values(reader, keys.get("values"))
    if themes:
        counts = {len(t.questions) for t in themes}
        if final:
            for theme_node, theme in zip(reader.sequence(keys["themes"], "themes"), themes, strict=False):
                if len(theme.questions) != 1:
                    reader.error(theme_node, f"final theme '{theme.name}' must have exactly one question "
                                             f"(it has {len(theme.questions)})")
        # Themes may differ in length (real packs do); `values` then covers the longest.
        if values is not None and not final and len(values) != max(counts):
            reader.error(keys["values"], f"'values' has {len(values)} entries but the longest theme has "
                                         f"{max(counts)} questions")
    return Round(
        name=reader.text(keys.get("name"), "name", MAX_NAME) or "",
        themes=themes, questions=questions, values=values, final=final, reserve=reserve, line=line_of(node),
        warmup=warmup,
        **_credits(reader, keys),
    )


def _values(reader: FileReader, node: Node | None) -> tuple[int, ...] | None:
    if node is None:
        return None
    values = [reader.integer(item, "a value", 0, MAX_POINTS) for item in reader.sequence(node, "values")]
    return tuple(v for v in values if v is not None)


def _theme(reader: FileReader, node: Node) -> Theme | None:
    keys = reader.mapping(node, THEME_KEYS, required=("name", "questions"), what="a theme")
    if not keys:
        return None
    questions = _questions(reader, keys.get("questions"))
    if "questions" in keys and all(q.empty for q in questions):
        reader.error(keys["questions"], "a theme needs at least one question")
    return Theme(name=reader.text(keys.get("name"), "theme name", MAX_NAME) or "", questions=questions,
                 line=line_of(node), **_credits(reader, keys))


def _questions(reader: FileReader, node: Node | None) -> tuple[Question, ...]:
    found = (_question(reader, n) for n in reader.sequence(node, "questions"))
    return tuple(q for q in found if q is not None)


def _question(reader: FileReader, node: Node) -> Question | None:
    if isinstance(node, ScalarNode) and node.tag.endswith(":null"):
        return EMPTY_CELL  # `~` in a theme: an empty cell on the board
    keys = reader.mapping(node, QUESTION_KEYS, required=("q", "a"), what="a question")
    if not keys:
        return None
    kind = reader.text(keys.get("type"), "type") or "regular"
    if kind not in QUESTION_TYPES:
        reader.error(keys["type"], f"type '{kind}' is not one of: {', '.join(QUESTION_TYPES)}")
    image = reader.media(keys.get("image"), IMAGE_TYPES, "image")  # a cat without one shows the built-in card
    if kind == "cat" and "image" not in keys:  # seed 000: «всегда иллюстрируется каким-либо изображением»
        reader.warn(node, "a cat question («Кот в мешке») has no image: the rules always illustrate it with one "
                          "(the built-in cat card stands in on air)")
    cat = None
    if kind == "cat" and "cat" not in keys:  # it plays: the round's lowest or highest value, its theme's name
        reader.warn(node, "a cat question («Кот в мешке») has no 'cat:' block: the screen names the question's "
                          "own theme and the receiver chooses the round's lowest or highest value; to choose, "
                          "give cat: {theme: \"…\", values: [N, M]}")
    cat = None
    if "cat" in keys:
        if kind != "cat":
            reader.error(keys["cat"], "'cat' belongs to a question of type: cat")
        cat_keys = reader.mapping(keys["cat"], ["theme", "values", "to"], what="cat")
        to = reader.text(cat_keys.get("to"), "cat to") or "others"
        if to not in CAT_RECEIVERS:
            reader.error(cat_keys["to"], f"cat 'to' is one of: {', '.join(CAT_RECEIVERS)}")
        cat = CatInfo(theme=reader.text(cat_keys.get("theme"), "cat theme", MAX_NAME),
                      values=_values(reader, cat_keys.get("values")) or (), to=to)
    value = reader.integer(keys.get("value"), "value", 0, MAX_POINTS)
    return Question(
        q=reader.text(keys.get("q"), "q") or "",
        a=reader.text(keys.get("a"), "a") or "",
        accept=reader.text_list(keys.get("accept"), "accept"),
        reject=reader.text_list(keys.get("reject"), "reject"),
        comment=reader.text(keys.get("comment"), "comment"),
        source=credit(reader, keys.get("source"), "source"),
        author=credit(reader, keys.get("author"), "author"),
        image=image,
        audio=reader.media(keys.get("audio"), AUDIO_TYPES, "audio"),
        type=kind, cat=cat, value=value, line=line_of(node),
        hint=reader.text(keys.get("hint"), "hint"),
        **_media_keys(reader, keys),
    )


def _media_keys(reader: FileReader, keys: dict[str, Node]) -> dict:
    """What real (SIGame) packs need: video, the answer's own media, host-only text, media timing."""
    seconds = reader.scalar(keys.get("seconds"), float, "seconds")
    if seconds is not None and not 0 < seconds <= 3600:
        reader.error(keys["seconds"], "seconds must be above 0 and at most 3600")
        seconds = None
    wait = reader.scalar(keys.get("wait"), bool, "wait")
    return {
        "video": reader.media(keys.get("video"), VIDEO_TYPES, "video"),
        "host": reader.text(keys.get("host"), "host"),
        "answer_image": reader.media(keys.get("answer_image"), IMAGE_TYPES, "answer_image"),
        "answer_audio": reader.media(keys.get("answer_audio"), AUDIO_TYPES, "answer_audio"),
        "answer_video": reader.media(keys.get("answer_video"), VIDEO_TYPES, "answer_video"),
        "seconds": seconds,
        "wait": True if wait is None else wait,
    }
