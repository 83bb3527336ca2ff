"""A pack's pictures as the projector draws them: decoded and converted to RGB/RGBA at load (picture_file),
scaled; a picture that fails is remembered with why, drawn as a plate, and told to the console once.

Every place that draws a pack's picture loads it here: nothing that happens to one picture may keep a card
off the air (a palette PNG once stopped the card in smoothscale and the projector stayed on the last one).
"""

from __future__ import annotations

import logging
from collections import deque
from pathlib import Path

import pygame

from quizshow.picture_file import PictureError, decode

log = logging.getLogger(__name__)

_FAILED: dict[Path, str] = {}  # a picture that did not open → why (not tried again while the show runs)
_UNTOLD: deque[tuple[Path, str]] = deque()  # failures the console has not been told yet


def load(path: Path) -> pygame.Surface:
    """The picture at `path`, its first frame upright, as a 24-bit (RGB) or 32-bit (RGBA) surface: what
    smoothscale and blit take. Raises PictureError saying why it cannot be shown."""
    pixels = decode(path)
    return pygame.image.frombytes(pixels.data, pixels.size, pixels.mode)


def scaled(path: Path, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture loaded and scaled to `size`, or None (the failure remembered and told once)."""
    try:
        return pygame.transform.smoothscale(load(path), size)
    except Exception as why:  # noqa: BLE001 - whatever a picture does, the card still goes up
        failed(path, why)
        return None


def failed(path: Path, why: BaseException) -> None:
    """`path` did not open or scale: the card shows a plate in its place; the console is told once why (a
    missing file is not told here: the console marks it from the pack already)."""
    if path in _FAILED:
        return
    reason = str(why) if isinstance(why, PictureError) else f"{type(why).__name__}: {why}"
    _FAILED[path] = reason
    if path.exists():
        log.warning("picture %s cannot be shown: %s", path, reason)
        _UNTOLD.append((path, reason))


def why_not(path: Path) -> str | None:
    """Why the picture at `path` did not open (None: it did, or it was not tried)."""
    return _FAILED.get(path)


def untold() -> list[tuple[Path, str]]:
    """Failures since the last call, each once: (picture, why) for the console."""
    found = []
    while _UNTOLD:
        found.append(_UNTOLD.popleft())
    return found
