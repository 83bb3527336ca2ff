"""A typed, data-only encoding of frozen dataclass values (the engine's state, for follower screens).

A pickle may run any code while it loads; a snapshot that comes over the network must not. This codec
writes JSON and reads back only the types it was given (`Known`: the dataclasses and enums reachable
from some root types through their annotated fields), each field checked against its annotation, with
limits on the size, the number of rows and the depth. Anything else is a `SnapshotError` that says
where and what; nothing is imported, looked up by a name from the data, or called but the known
classes' own constructors.

The document (docs/screens.md, «The snapshot»):

    {"quizshow": "state", "version": 1,
     "types": [["quizshow.core.state:ShowState", ["phase", "teams", ...]], ...],
     "rows": [ROW, ...], "root": VALUE}

- VALUE: null, true, false, a number, a string, or `[i]`: the value of row i (an earlier row).
- ROW: `[t, VALUE, ...]` an instance of types[t], its fields in the listed order; `["t", VALUE, ...]` a
  tuple, `["l", ...]` a list, `["s", ...]` a frozenset, `["d", KEY, VALUE, ...]` a dict,
  `["e", t, VALUE]` the member of the enum types[t] with that value.

Every row is written once and referred to by its index wherever the value appears again (states share
most of their parts), so rows only ever point back: no cycles, and each row is built once.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any

from quizshow.core.loose import JsonObject

FORMAT = "state"
VERSION = 1
MAX_BYTES = 64 << 20  # a long day's engine is a few MB
MAX_ROWS = 2_000_000
MAX_DEPTH = 64  # a tournament's state holds its match's state: about 12 deep

Check = Callable[[object], bool]
_SCALARS = (type(None), bool, int, float, str)


class SnapshotError(ValueError):
    """The data is not a snapshot this code reads: one line that says where and what."""


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


@dataclasses.dataclass
class _Type:
    cls: type
    fields: tuple[str, ...]  # () for an enum
    checks: tuple[tuple[str, Check, str], ...]  # (field, check, annotation) of a dataclass


class Known:
    """The types a snapshot may hold: the dataclasses and enums reachable from `roots` through their
    fields' annotations (a field annotated `object` holds any of them)."""

    def __init__(self, roots: Iterable[type]) -> None:
        self.by_class: dict[type, _Type] = {}
        self.by_name: dict[str, _Type] = {}
        pending: list[object] = list(roots)
        hints: dict[type, dict[str, object]] = {}
        while pending:
            hint = pending.pop()
            if typing.get_origin(hint) is not None:
                pending.extend(typing.get_args(hint))
            elif isinstance(hint, type) and hint not in self.by_class:
                if issubclass(hint, enum.Enum):
                    self._add(_Type(hint, (), ()))
                elif dataclasses.is_dataclass(hint):
                    hints[hint] = typing.get_type_hints(hint)
                    self._add(_Type(hint, tuple(f.name for f in dataclasses.fields(hint)), ()))
                    pending.extend(hints[hint][f.name] for f in dataclasses.fields(hint))
        for cls, found in hints.items():  # every class is known now: the checks may name any of them
            self.by_class[cls].checks = tuple((name, self._check(found[name]), _shown(found[name]))
                                              for name in self.by_class[cls].fields)

    def _add(self, known: _Type) -> None:
        name = _name(known.cls)
        if name in self.by_name:
            raise TypeError(f"two known types are called {name}")
        self.by_class[known.cls] = self.by_name[name] = known

    def _check(self, hint: object) -> Check:
        """A test of a decoded value against an annotation."""
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is Any or hint is object:
            return lambda v: True  # any known value (rows are known types or plain data)
        if hint is float:
            return lambda v: type(v) is float or type(v) is int
        if hint is int or hint is bool:
            return lambda v: type(v) is hint
        if hint is str:
            return lambda v: isinstance(v, str)
        if hint is type(None):
            return lambda v: v is None
        if origin in (typing.Union, types.UnionType):
            parts = tuple(self._check(a) for a in args if a is not type(None))
            if len(parts) == 1 and len(args) == 2:  # X | None
                (only,) = parts
                return lambda v: v is None or only(v)
            nullable = len(parts) < len(args)
            return lambda v: (nullable and v is None) or any(p(v) for p in parts)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self._check(args[0])
                return lambda v: type(v) is tuple and all(item(x) for x in v)
            items = tuple(self._check(a) for a in args)
            return lambda v: (type(v) is tuple and len(v) == len(items)
                              and all(p(x) for p, x in zip(items, v, strict=True)))
        if origin in (frozenset, list):
            item, kind = self._check(args[0]), origin
            return lambda v: type(v) is kind and all(item(x) for x in v)  # type: ignore[attr-defined]
        if origin is dict:
            key, value = self._check(args[0]), self._check(args[1])
            return lambda v: type(v) is dict and all(key(k) and value(x) for k, x in v.items())
        if isinstance(hint, type) and hint in self.by_class:
            return lambda v: isinstance(v, hint)
        raise TypeError(f"a snapshot cannot hold a field annotated {hint!r}")


def _shown(hint: object) -> str:
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


# --- writing -----------------------------------------------------------------------------------------


class _Writer:
    def __init__(self, known: Known) -> None:
        self.known = known
        self.rows: list[list[object]] = []
        self.memo: dict[int, list[int]] = {}  # id of a value written → [its row]
        self.types: dict[type, int] = {}
        self.table: list[list[object]] = []

    def type_index(self, cls: type) -> int:
        index = self.types.get(cls)
        if index is None:
            index = self.types[cls] = len(self.table)
            self.table.append([_name(cls), list(self.known.by_class[cls].fields)])
        return index

    def value(self, v: object, depth: int = 0) -> object:
        t = type(v)
        if t is int or t is str or v is None or t is bool:
            return v
        if t is float:
            if not math.isfinite(v):  # type: ignore[arg-type]
                raise SnapshotError(f"a non-finite number ({v}) cannot be written")
            return v
        ref = self.memo.get(id(v))
        if ref is not None:
            return ref
        if depth > MAX_DEPTH:
            raise SnapshotError(f"the value is nested more than {MAX_DEPTH} deep")
        d = depth + 1
        made: list[object]
        if t is tuple or t is list or t is frozenset:
            made = ["t" if t is tuple else "l" if t is list else "s"]
            made += [self.value(x, d) for x in v]  # type: ignore[attr-defined]
        elif t is dict:
            made = ["d"]
            for key, item in v.items():  # type: ignore[attr-defined]
                made += [self.value(key, d), self.value(item, d)]
        else:
            known = self.known.by_class.get(t)
            if known is None:
                raise SnapshotError(f"{t.__module__}.{t.__qualname__} is not a type a snapshot holds")
            if not known.fields:  # an enum member
                made = ["e", self.type_index(t), self.value(v.value, d)]  # type: ignore[attr-defined]
            else:
                made = [self.type_index(t)]
                for name in known.fields:
                    x = getattr(v, name)
                    tx = type(x)
                    made.append(x if tx is int or tx is str or x is None or tx is bool else self.value(x, d))
        self.rows.append(made)
        ref = self.memo[id(v)] = [len(self.rows) - 1]  # one list for every reference to it
        return ref


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode


def encode(value: object, known: Known) -> bytes:
    """`value` (built of `known` types, tuples, lists, frozensets, dicts and plain data) as the
    document above (a row a line); SnapshotError if it holds anything else."""
    writer = _Writer(known)
    root = writer.value(value)
    head = _ENCODE({"quizshow": FORMAT, "version": VERSION, "types": writer.table, "root": root})
    rows = ",\n".join(map(_ENCODE, writer.rows))
    return f'{head[:-1]},"rows":[\n{rows}\n]}}\n'.encode()


# --- reading -----------------------------------------------------------------------------------------


def _types(doc: JsonObject, known: Known, where: str) -> list[_Type]:
    table = doc.get("types")
    if type(table) is not list:
        raise SnapshotError(f"{where}: 'types' is not a list")
    found: list[_Type] = []
    for i, entry in enumerate(table):
        if not (type(entry) is list and len(entry) == 2 and type(entry[0]) is str and type(entry[1]) is list):
            raise SnapshotError(f"{where}: types[{i}] is not [name, [fields]]")
        kind = known.by_name.get(entry[0])
        if kind is None:
            raise SnapshotError(f"{where}: types[{i}]: {entry[0][:80]!r} is not a type a snapshot may hold")
        if list(kind.fields) != entry[1]:
            raise SnapshotError(f"{where}: types[{i}]: {entry[0]} has other fields here (made by other code): "
                                f"{str(entry[1])[:120]}, expected {list(kind.fields)}")
        found.append(kind)
    return found


def decode(data: bytes, known: Known, where: str = "snapshot") -> object:
    """The value a document of `encode` holds, built only of `known` types and plain data; SnapshotError
    (naming `where` and the row) for anything else: garbage, other types, a field that does not fit its
    annotation, more than the limits."""
    if len(data) > MAX_BYTES:
        raise SnapshotError(f"{where}: {len(data)} bytes (at most {MAX_BYTES})")
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError) as why:  # UnicodeDecodeError is a ValueError
        raise SnapshotError(f"{where}: not a JSON document ({str(why)[:120]})") from None
    if type(doc) is not dict or doc.get("quizshow") != FORMAT:
        raise SnapshotError(f"{where}: not a quizshow state snapshot")
    if doc.get("version") != VERSION:
        raise SnapshotError(f"{where}: snapshot version {str(doc.get('version'))[:20]} (this quizshow reads "
                            f"{VERSION})")
    table = _types(doc, known, where)
    rows = doc.get("rows")
    if type(rows) is not list or len(rows) > MAX_ROWS:
        raise SnapshotError(f"{where}: 'rows' is not a list of at most {MAX_ROWS} rows")
    built: list[object] = []
    depth: list[int] = []

    def value(v: object, row: int) -> object:
        t = type(v)
        if t is list:
            if len(v) != 1 or type(v[0]) is not int or not 0 <= v[0] < len(built):  # type: ignore[index,arg-type]
                raise SnapshotError(f"{where}: row {row}: {str(v)[:40]} is not [an earlier row]")
            return built[v[0]]  # type: ignore[index]
        if t in _SCALARS:
            if t is float and not math.isfinite(v):  # type: ignore[arg-type]
                raise SnapshotError(f"{where}: row {row}: a non-finite number")
            return v
        raise SnapshotError(f"{where}: row {row}: a {t.__name__} where a value or [row] belongs")

    def values(items: list[object], row: int) -> tuple[list[object], int]:
        """The row's values (an earlier row's, or plain data) and how deep the row is."""
        out: list[object] = []
        deepest = 0
        for x in items:
            t = type(x)
            if t is list and len(x) == 1:  # type: ignore[arg-type]
                ref = x[0]  # type: ignore[index]
                if type(ref) is int and 0 <= ref < row:
                    out.append(built[ref])
                    deepest = max(deepest, depth[ref])
                    continue
            elif t is str or t is int or x is None or t is bool or (t is float and math.isfinite(x)):  # type: ignore[arg-type]
                out.append(x)
                continue
            out.append(value(x, row))  # it says what is wrong
        return out, deepest + 1

    for i, row in enumerate(rows):
        if type(row) is not list or not row:
            raise SnapshotError(f"{where}: row {i} is not a non-empty list")
        tag = row[0]
        items, level = values(row[1:], i)
        if level > MAX_DEPTH:
            raise SnapshotError(f"{where}: row {i} is nested more than {MAX_DEPTH} deep")
        try:
            if type(tag) is int:
                if not 0 <= tag < len(table) or not table[tag].fields:
                    raise SnapshotError(f"{where}: row {i}: {tag} is not the index of a known dataclass")
                kind = table[tag]
                if len(items) != len(kind.fields):
                    raise SnapshotError(f"{where}: row {i}: {_name(kind.cls)} has {len(kind.fields)} fields, "
                                        f"not {len(items)}")
                for (name, check, shown), got in zip(kind.checks, items, strict=True):
                    if not check(got):
                        raise SnapshotError(f"{where}: row {i}: {_name(kind.cls)}.{name} is "
                                            f"{str(got)[:40]!r}, expected {shown}")
                made: object = kind.cls(*items)
            elif tag == "t":
                made = tuple(items)
            elif tag == "l":
                made = items
            elif tag == "s":
                made = frozenset(items)
            elif tag == "d":
                if len(items) % 2:
                    raise SnapshotError(f"{where}: row {i}: a dict row needs keys and values in pairs")
                made = {items[n]: items[n + 1] for n in range(0, len(items), 2)}
            elif tag == "e":
                if not (len(items) == 2 and type(items[0]) is int and 0 <= items[0] < len(table)
                        and not table[items[0]].fields):
                    raise SnapshotError(f"{where}: row {i}: an enum row is [\"e\", a known enum's index, value]")
                made = table[items[0]].cls(items[1])
            else:
                raise SnapshotError(f"{where}: row {i}: {str(tag)[:20]!r} is not a row kind")
        except SnapshotError:
            raise
        except (TypeError, ValueError) as why:  # unhashable keys, an enum value it has not
            raise SnapshotError(f"{where}: row {i}: {str(why)[:120]}") from None
        built.append(made)
        depth.append(level)
    return value(doc.get("root"), len(built))
