"""Caches of pictures bounded by the bytes they hold (width × height × 4 a surface), least recently used out.

A count bound says nothing about memory: 600 small labels are a few megabytes, 600 full-width digits at
3840×2160 are hundreds. Every cache of surfaces in display/ is a `SurfaceLRU` or a function wrapped in
`bounded(budget)` (in place of functools.lru_cache).

A budget is set for a 1920×1080 screen and grows with the largest screen drawn (`screen`): at 3840×2160 the
same pictures hold four times the pixels, and a budget fitted to 1080p would drop a scene's own panels
between two of its frames (each then drawn again, 10-20 ms)."""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Generic, ParamSpec, TypeVar, cast, overload

import pygame

MB = 1 << 20
HD_PIXELS = 1920 * 1080
_scale = [1.0]  # the largest screen drawn, in 1080p screens (never below one)


def screen(size: tuple[int, int]) -> None:
    """A window of this size draws from the caches: their budgets grow to its pixels (never shrink)."""
    _scale[0] = max(_scale[0], size[0] * size[1] / HD_PIXELS)

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")
R = TypeVar("R")


def nbytes(value: object) -> int:
    """What a cached value holds in pixels: width × height × 4 per surface (a tuple: its surfaces)."""
    if isinstance(value, pygame.Surface):
        w, h = value.get_size()
        return w * h * 4
    if isinstance(value, tuple | list):
        return sum(nbytes(item) for item in value)
    return 0


class SurfaceLRU(Generic[K, V]):
    """A mapping of pictures whose pixels never exceed `limit` bytes (`budget` for a 1080p screen, scaled to
    the largest screen drawn): the least recently used go first; a picture larger than the whole limit is
    not kept at all (it is drawn again when asked for)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()

    @property
    def limit(self) -> int:
        return int(self.budget * _scale[0])

    def get(self, key: K) -> V | None:
        found = self._items.get(key)
        if found is None:
            return None
        self._items.move_to_end(key)
        return found[0]

    def put(self, key: K, value: V) -> V:
        size = nbytes(value)
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        limit = self.limit
        if size > limit:
            return value
        self._items[key] = (value, size)
        self.bytes += size
        while self.bytes > limit:
            _, (_, gone) = self._items.popitem(last=False)
            self.bytes -= gone
        return value

    def make_room(self, size: int) -> None:
        """Before a picture of `size` bytes is made: the least recently used go now, as `put` would drop them
        once it is kept, so they and the new one are never held at once (a 4K panel: 10-16 MB). Nothing goes
        for a picture too large to be kept."""
        limit = self.limit
        if size > limit:
            return
        while self._items and self.bytes + size > limit:
            _, (_, gone) = self._items.popitem(last=False)
            self.bytes -= gone

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)


@dataclass(frozen=True)
class CacheInfo:
    hits: int
    misses: int
    maxsize: int  # the limit in bytes (the budget scaled to the largest screen drawn)
    currsize: int  # pictures kept
    nbytes: int  # their pixels' bytes


class Bounded(Generic[P, R]):
    """A function's results cached by its arguments within a byte budget (see `bounded`)."""

    def __init__(self, func: Callable[P, R], budget: int, size: Callable[P, int] | None = None) -> None:
        self.func = func
        self.size = size  # the bytes a result will hold, from the arguments: room is made before it is made
        self.cache: SurfaceLRU[Hashable, R] = SurfaceLRU(budget)
        self.hits = self.misses = 0
        functools.update_wrapper(self, func)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key: Hashable = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        found = self.cache.get(key)
        if found is not None or key in self.cache:
            self.hits += 1
            return cast(R, found)
        self.misses += 1
        if self.size is not None:
            self.cache.make_room(self.size(*args, **kwargs))
        return cast(R, self.cache.put(key, self.func(*args, **kwargs)))

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, self.cache.limit, len(self.cache), self.cache.bytes)

    def cache_clear(self) -> None:
        self.cache.clear()
        self.hits = self.misses = 0


@overload
def bounded(budget: int) -> Callable[[Callable[P, R]], Bounded[P, R]]: ...
@overload
def bounded(budget: int, size: Callable[P, int]) -> Callable[[Callable[P, R]], Bounded[P, R]]: ...
def bounded(budget: int, size: Callable[P, int] | None = None) -> Callable[[Callable[P, R]], Bounded[P, R]]:
    """Like functools.lru_cache, bounded by the bytes of the pictures returned instead of their count
    (`budget` for a 1080p screen, scaled to the largest screen drawn). `size`, given the arguments, tells the
    bytes the result will hold: the pictures it displaces go before it is made, not after."""
    def wrap(func: Callable[P, R]) -> Bounded[P, R]:
        return Bounded(func, budget, size)
    return wrap
