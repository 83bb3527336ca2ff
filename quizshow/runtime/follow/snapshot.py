"""The engine as safe data (core/datacodec.py): what `GET /follow/snapshot` serves a follower screen, which
loads it, checks it against the journal's chain and replays only the lines after it (docs/screens.md).

The types it may hold are those of the formats in the registry: the shared state, every command class,
each format's own state and its phases, and whatever their fields name.
"""

from __future__ import annotations

from functools import cache

from quizshow import registry
from quizshow.core import commands as c
from quizshow.core.datacodec import Known, SnapshotError, decode, encode
from quizshow.core.effects import Event
from quizshow.core.engine import Engine, Entry
from quizshow.core.loose import JsonObject
from quizshow.core.state import ShowState

__all__ = ["SnapshotError", "engine_types", "read_engine", "write_engine"]


def _commands(base: type[c.Command]) -> list[type[c.Command]]:
    found = []
    for sub in base.__subclasses__():
        found += [sub, *_commands(sub)]
    return found


@cache
def engine_types() -> Known:
    roots: list[type] = [ShowState, Entry, Event, c.Command, *_commands(c.Command)]
    for name in registry.names():
        spec = registry.spec(name)
        roots.append(spec.phases)
        if spec.state is not None:
            roots.append(spec.state)
    return Known(roots)


def write_engine(engine: Engine) -> bytes:
    """The engine's snapshot (its state, the entries undo may take back, the states before them)."""
    return encode(engine.snapshot(), engine_types())


def write_snapshot(snapshot: dict[str, object]) -> bytes:
    """An `Engine.snapshot()` taken earlier (under the show's lock), encoded off it."""
    return encode(snapshot, engine_types())


def read_engine(data: bytes, where: str) -> JsonObject:
    """An engine snapshot for `Engine.restore`, or SnapshotError."""
    found = decode(data, engine_types(), where)
    if not (isinstance(found, dict) and set(found) == {"state", "entries", "before"}
            and isinstance(found["state"], ShowState) and isinstance(found["entries"], list)
            and isinstance(found["before"], list) and len(found["entries"]) == len(found["before"])
            and all(isinstance(e, Entry) for e in found["entries"])
            and all(b is None or isinstance(b, ShowState) for b in found["before"])
            and (not found["before"] or found["before"][0] is not None)):
        raise SnapshotError(f"{where}: not an engine snapshot (state, entries, before)")
    return found
