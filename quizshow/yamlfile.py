"""Reading YAML files with line numbers: every problem is collected as FILE:LINE: message.

Files are composed into nodes (safe loader) so each value keeps its line; readers take what they
need and report unknown keys with a suggestion, wrong types and missing keys, all at once.

Every file is bounded before it can cost much: its size (a stat before the read; only regular files),
its nesting depth and its node count with every alias counted as the nodes it stands for (a 10 KB
alias bomb would otherwise expand to gigabytes while it is walked), the length and the characters of
every text, the range of every number, and the pixels of every image (read from the header; `--check`
decodes each picture whole). Each refusal is a FILE:LINE problem like any other.
"""

from __future__ import annotations

import difflib
import logging
import math
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from quizshow.picture_file import (  # noqa: F401 - MAX_IMAGE_PIXELS, IMAGE_FORMATS: where the limits live
    IMAGE_FORMATS,
    IMAGE_SUFFIXES,
    MAX_IMAGE_PIXELS,
    PictureError,
    TooManyPixels,
    decode,
    header_size,
)

MAX_FILE_BYTES = 4 * 1024 * 1024  # a pack of a thousand questions is well under 1 MB
MAX_DEPTH = 40  # a pack nests about 8 levels
MAX_NODES = 100_000  # aliases expanded; a thousand-question pack is about 10,000; the limit loads in ~6 s
MAX_TEXT = 2000  # characters in one text (a question); names and titles have MAX_NAME
MAX_NAME = 200
MAX_MEDIA_BYTES = 200 * 1024 * 1024
# Control characters (newline and tab are fine), lone surrogates, non-characters, and the bidi embeddings,
# overrides and isolates that would turn a line of text around on screen (U+202E and its kin).
_BAD_CHARS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]")


def text_problem(text: str, what: str, limit: int | None = None) -> str | None:
    """What keeps `text` off the screen (a character that cannot be shown, or its length), or None.
    The one check for every text a file brings: YAML shows and packs, `.4s` packs."""
    bad = _BAD_CHARS.search(text)
    if bad:
        return f"{what} holds a character that cannot be shown (U+{ord(bad[0]):04X} at position {bad.start() + 1})"
    if limit is not None and len(text) > limit:
        return f"{what} is too long: {len(text)} characters (at most {limit})"
    return None


log = logging.getLogger(__name__)
UNREADABLE = object()  # a value YAML could not build (reported once, then read as absent)


class TooBig(yaml.MarkedYAMLError):
    """A file over one of the limits, found while it was composed."""


class BoundedLoader(yaml.SafeLoader):
    """The safe loader, counting while it composes: nesting depth, and nodes with each alias counted
    as the nodes it refers to (aliases are not copied by the composer, but every reader walks them)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0
        self._weights: dict[int, int] = {}  # id(node) → the nodes it stands for, itself included

    # PyYAML passes an int (a sequence's) or the key node (a mapping's); its stubs say int: passed on as given
    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        mark = self.peek_event().start_mark
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise TooBig(problem=f"nested deeper than {MAX_DEPTH} levels", problem_mark=mark)
        start = self._nodes
        alias = self.check_event(AliasEvent)
        node = super().compose_node(parent, index)
        if alias:
            self._nodes += self._weights.get(id(node), 1)
        else:
            self._nodes += 1
            self._weights[id(node)] = self._nodes - start
        if self._nodes > MAX_NODES:
            raise TooBig(problem=f"too big: more than {MAX_NODES} values (an alias counts as all it stands for)",
                         problem_mark=mark)
        self._depth -= 1
        return node


def read_bounded(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file no larger than `limit` (a stat before the read: /dev/zero, a FIFO or
    a 200 MB file is refused at once). Raises OSError or UnicodeDecodeError with the reason."""
    # A byte-order mark (chgksuite, Windows editors) is read past, not taken as text.
    return read_bounded_bytes(path, limit).decode("utf-8-sig")


def read_bounded_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file no larger than `limit`, as `read_bounded` checks it (OSError with the reason)."""
    with open(path, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"not a regular file: {path}")
        if info.st_size > limit:
            raise OSError(f"too large: {info.st_size / 1e6:.1f} MB (the limit is {limit / 1e6:.0f} MB)")
        data = file.read(limit + 1)  # the file may have grown since the stat
    if len(data) > limit:
        raise OSError(f"too large (the limit is {limit / 1e6:.0f} MB)")
    return data


def compose(text: str) -> Node | None:
    """YAML text → its root node, within the limits (TooBig, or another yaml.YAMLError)."""
    loader = BoundedLoader(text)
    try:
        return loader.get_single_node()
    except RecursionError as why:  # a safety net below MAX_DEPTH: never a traceback
        raise TooBig(problem="nested too deeply") from why
    finally:
        loader.dispose()


@dataclass(frozen=True)
class Problem:
    file: Path
    line: int
    message: str
    warning: bool = False

    def __str__(self) -> str:
        prefix = "warning: " if self.warning else ""
        return f"{self.file}:{self.line}: {prefix}{self.message}"


@dataclass
class Problems:
    items: list[Problem] = field(default_factory=list)

    def add(self, file: Path, where: Node | int, message: str, warning: bool = False) -> None:
        line = where if isinstance(where, int) else where.start_mark.line + 1
        self.items.append(Problem(file, line, message, warning))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if not p.warning]

    def __bool__(self) -> bool:
        return bool(self.errors)


class FileReader:
    """Typed access to the nodes of one YAML file; wrong values are reported and read as None."""

    _constructor = yaml.SafeLoader("")

    def __init__(self, path: Path, problems: Problems) -> None:
        self.path = path
        self.problems = problems

    def load(self) -> Node | None:
        log.debug("reading %s", self.path)  # (tests wait for this line to know a load has begun)
        try:
            text = read_bounded(self.path)
        except FileNotFoundError:
            self.problems.add(self.path, 1, "file not found")
            return None
        except (OSError, UnicodeDecodeError) as why:
            self.problems.add(self.path, 1, f"cannot read the file: {why.strerror or why}"
                              if isinstance(why, OSError) else f"cannot read the file: {why}")
            return None
        try:
            node = compose(text)
        except TooBig as why:
            self.problems.add(self.path, why.problem_mark.line + 1 if why.problem_mark else 1, str(why.problem))
            return None
        except yaml.MarkedYAMLError as why:
            mark = why.problem_mark or why.context_mark
            line = mark.line + 1 if mark else 1
            self.problems.add(self.path, line, f"not valid YAML: {why.problem or why.context}")
            return None
        except yaml.YAMLError as why:  # the reader's own errors (a control character) carry a position only
            self.problems.add(self.path, _line_at(text, getattr(why, "position", 0)), f"not valid YAML: {why}")
            return None
        if node is None:
            self.problems.add(self.path, 1, "the file is empty")
        return node

    def error(self, where: Node | int, message: str) -> None:
        self.problems.add(self.path, where, message)

    def warn(self, where: Node | int, message: str) -> None:
        self.problems.add(self.path, where, message, warning=True)

    def mapping(self, node: Node | None, known: list[str], required: tuple[str, ...] = (),
                what: str = "this section") -> dict[str, Node]:
        """The keys of a mapping node; unknown keys get a 'did you mean' suggestion."""
        if node is None:
            return {}
        if not isinstance(node, MappingNode):
            self.error(node, f"{what} must be a mapping of keys to values")
            return {}
        found: dict[str, Node] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key not in known:
                close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
                hint = f" (did you mean '{close[0]}'?)" if close else f" (expected one of: {', '.join(known)})"
                self.error(key_node, f"unknown key '{key}'{hint}")
                continue
            if key in found:
                self.error(key_node, f"key '{key}' is given twice")
            found[key] = value_node
        for key in required:
            if key not in found:
                self.error(node, f"missing key '{key}' in {what}")
        return found

    def sequence(self, node: Node | None, what: str) -> list[Node]:
        if node is None:
            return []
        if not isinstance(node, SequenceNode):
            self.error(node, f"{what} must be a list")
            return []
        return list(node.value)

    def value(self, node: Node | None) -> Any:  # a YAML value, as PyYAML builds it: the caller checks its type
        if node is None:
            return None
        try:
            return self._constructor.construct_object(node, deep=True)
        # PyYAML's constructors fail in many ways on hostile scalars: 2001-13-45 (ValueError), 5000 digits
        # (ValueError), an empty `!!int` (IndexError), `!!bool maybe` (KeyError).
        except (yaml.YAMLError, ValueError, ArithmeticError, LookupError, TypeError, AttributeError) as why:
            self.error(node, f"cannot read this value: {str(why).splitlines()[0] if str(why) else type(why).__name__}")
            return UNREADABLE
        finally:
            self._constructor.constructed_objects.clear()  # nothing kept between values
            self._constructor.recursive_objects.clear()

    def scalar(self, node: Node | None, kind: type | tuple[type, ...], what: str) -> Any:  # of `kind`, or None
        if node is None:
            return None
        value = self.value(node) if isinstance(node, ScalarNode) else node
        if value is UNREADABLE:  # already reported
            return None
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if float in kinds and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, bool) and bool not in kinds:
            value = node  # yes/no where a number or text was expected
        if not isinstance(value, kinds) or isinstance(value, Node):
            # a number (float) takes whole ones too: «text or a number», never «… a whole number or a number»
            names = " or ".join(_type_name(k) for k in kinds if not (k is int and float in kinds))
            self.error(node, f"{what} must be {names}")
            return None
        return value

    def text(self, node: Node | None, what: str, limit: int = MAX_TEXT) -> str | None:
        """A text that every screen can draw: no control characters but newline and tab, no lone
        surrogates (a "\\ud800" escape), at most `limit` characters."""
        value = self.scalar(node, (str, int, float), what)
        if value is None or node is None:
            return None
        # A number where text is meant (an answer `1945`, a passcode `0042`): the text as written, not
        # Python's reading of it (42 would become "42.0", 0042 "34").
        text = str(node.value) if isinstance(value, (int, float)) and isinstance(node, ScalarNode) else str(value)
        problem = text_problem(text, what, limit)
        if problem is not None:
            self.error(node, problem)
            return None
        return text

    def text_list(self, node: Node | None, what: str, limit: int = MAX_TEXT) -> tuple[str, ...]:
        items = (self.text(item, what, limit) for item in self.sequence(node, what))
        return tuple(item for item in items if item is not None)

    def integer(self, node: Node | None, what: str, low: int, high: int) -> int | None:
        """A whole number within [low, high]; outside it is an error that says the range."""
        value = self.scalar(node, int, what)
        if value is not None and node is not None and not low <= value <= high:
            self.error(node, f"{what} must be from {low} to {high} (found {value})")
            return None
        return value

    def number(self, node: Node | None, what: str, low: float, high: float) -> float | None:
        """A finite number within [low, high] (.inf and .nan are refused)."""
        value = self.scalar(node, float, what)
        if value is not None and node is not None and not (math.isfinite(value) and low <= value <= high):
            self.error(node, f"{what} must be a number from {low:g} to {high:g} (found {value:g})")
            return None
        return value

    def media(self, node: Node | None, allowed: tuple[str, ...], what: str) -> Path | None:
        """A media path relative to this file: a wrong extension is an error, a missing file a warning."""
        name = self.text(node, what)
        if name is None or node is None:
            return None
        path = (self.path.parent / name).resolve()
        if path.suffix.lower() not in allowed:
            self.error(node, f"{what} '{name}' must be one of {', '.join(allowed)}")
        elif not path.exists():
            self.warn(node, f"{what} '{name}' not found (a placeholder will be shown)")
        else:
            problem = media_problem(path)
            if problem:
                self.error(node, f"{what} '{name}': {problem}")
        return path


def media_problem(path: Path) -> str | None:
    """Why a media file must not be loaded (not a regular file, too large, an image of too many pixels
    read from its header), or None."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            return "not a regular file"
        if info.st_size > MAX_MEDIA_BYTES:
            return f"too large: {info.st_size / 1e6:.0f} MB (the limit is {MAX_MEDIA_BYTES / 1e6:.0f} MB)"
    except OSError as why:
        return f"cannot be read: {why.strerror or why}"
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        return None
    return image_problem(path)


def image_problem(path: Path) -> str | None:
    """Why a picture must not be shown, or None: not a picture of a format the show reads, a damaged header,
    more than MAX_IMAGE_PIXELS. Within `decoding_pictures()` (`--check`) every picture is decoded whole,
    once, so one that would fail on air fails here. Every pack kind (YAML, `.4s`, SIGame) checks its
    pictures here."""
    why = picture_error(path)
    return None if why is None else str(why)


_DECODED: ContextVar[dict[tuple[Path, int, int], PictureError | None] | None] = ContextVar("decoded", default=None)


@contextmanager
def decoding_pictures() -> Iterator[None]:
    """While inside, pictures are decoded, not only their headers read (`--check`: once each)."""
    token = _DECODED.set({})
    try:
        yield
    finally:
        _DECODED.reset(token)


def picture_error(path: Path) -> PictureError | None:
    """Why the picture at `path` cannot be shown (TooManyPixels: it is too large), or None."""
    decoded = _DECODED.get()
    try:
        if decoded is None:
            header_size(path)
            return None
        info = path.stat()
    except PictureError as why:
        return why
    except OSError as why:
        return PictureError(f"cannot be read: {why.strerror or why}")
    key = (path.resolve(), info.st_size, info.st_mtime_ns)
    if key not in decoded:  # named by two questions (or a show and its pack): decoded once
        try:
            decode(path)
            decoded[key] = None
        except PictureError as why:
            decoded[key] = why
    return decoded[key]


def image_size(path: Path) -> tuple[int, int] | None:
    """Width and height from the picture's header (nothing is decoded), or None when no such header is
    there (not a picture, or a damaged one). Raises TooManyPixels past the pixel limit, FileNotFoundError
    when there is no file."""
    if not path.is_file():
        raise FileNotFoundError(2, "not found", str(path))
    try:
        return header_size(path)
    except TooManyPixels:
        raise
    except PictureError:
        return None


def _line_at(text: str, position: int) -> int:
    return text.count("\n", 0, max(0, position)) + 1


def line_of(node: Node | None) -> int:
    return 0 if node is None else node.start_mark.line + 1


def _type_name(kind: type) -> str:
    return {str: "text", int: "a whole number", float: "a number", bool: "true or false",
            list: "a list", dict: "a mapping"}.get(kind, kind.__name__)
