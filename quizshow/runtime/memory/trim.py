"""How the C library's allocator serves the pictures (glibc, Linux).

glibc maps a large block (a picture's pixels) on its own and gives it back to the system when it is freed,
but each time a mapped block is freed it raises that threshold to the block's size (up to 32 MB): after the
first full-screen surface is freed (8 MB at 1080p, 32 at 4K), every smaller picture comes from the heap,
whose freed middle is never given back. A show frees pictures all evening (caches bounded by their bytes,
layers, transitions): its memory stayed at its high-water mark plus the holes. A fixed threshold keeps
every picture over it in its own mapping, returned when freed (a «Своя игра» walk at 1080p: 202 → 184 MB).

Smaller pictures (texts, a row's pieces) still come from the heap, whose freed pages stay resident until
trimmed: `trim_heap` after each idle piece gives them back (a «Своя игра» walk at 4K peaked 9 MB higher
without it; 0.05 ms a call, 0.5 at most).
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

M_MMAP_THRESHOLD = -3  # mallopt's parameter (malloc.h); setting it also stops its adjusting itself
PICTURE_BYTES = 256 * 1024  # blocks from this size up are mapped on their own (a 256×256 picture)


def tune_allocator(threshold: int = PICTURE_BYTES) -> bool:
    """Fix glibc's mapping threshold (call it early, before pictures are freed). False where there is no
    glibc (macOS, Windows, musl): nothing changes there."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, threshold))


def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_TRIM = _malloc_trim()


def trim_heap() -> None:
    """Give the heap's free pages back to the system (glibc's malloc_trim); nothing where there is none."""
    if _TRIM is not None:
        _TRIM(0)
