"""Reading YAML files with line numbers: every problem is collected as FILE:LINE: message.

Files are composed into nodes (safe loader) so each value keeps its line; readers take what they
need and report unknown keys with a suggestion, wrong types and missing keys, all at once.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode


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
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.problems.add(self.path, 1, "file not found")
            return None
        except (OSError, UnicodeDecodeError) as why:
            self.problems.add(self.path, 1, f"cannot read the file: {why}")
            return None
        try:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as why:
            mark = why.problem_mark or why.context_mark
            line = mark.line + 1 if mark else 1
            self.problems.add(self.path, line, f"not valid YAML: {why.problem or why.context}")
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

    def value(self, node: Node | None) -> Any:
        if node is None:
            return None
        return self._constructor.construct_object(node, deep=True)

    def scalar(self, node: Node | None, kind: type | tuple[type, ...], what: str) -> Any:
        if node is None:
            return None
        value = self.value(node) if isinstance(node, ScalarNode) else node
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if float in kinds and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, bool) and bool not in kinds:
            value = node  # yes/no where a number or text was expected
        if not isinstance(value, kinds) or isinstance(value, Node):
            names = " or ".join(_type_name(k) for k in kinds)
            self.error(node, f"{what} must be {names}")
            return None
        return value

    def text(self, node: Node | None, what: str) -> str | None:
        value = self.scalar(node, (str, int, float), what)
        return None if value is None else str(value)

    def text_list(self, node: Node | None, what: str) -> tuple[str, ...]:
        items = (self.text(item, what) for item in self.sequence(node, what))
        return tuple(item for item in items if item is not None)

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
        return path


def line_of(node: Node | None) -> int:
    return 0 if node is None else node.start_mark.line + 1


def _type_name(kind: type) -> str:
    return {str: "text", int: "a whole number", float: "a number", bool: "true or false",
            list: "a list", dict: "a mapping"}.get(kind, kind.__name__)
