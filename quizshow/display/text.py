"""Rendered text, cached, and fitted to its box: shrink first, then wrap, never overflow."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import pygame

from quizshow.display import paint
from quizshow.display.surfaces import MB, SurfaceLRU

ELLIPSIS = "…"
REF_PX = 100
MAX_FONTS = 16  # the sizes kept open (0.3-1 MB each with its glyphs: 48 held 20-30 MB; 0.15 ms to open again)
# The pictures' pixels at 1080p, ×4 at 4K. What a first frame needs is made in idle time just before it
# (Projector.ahead), not kept from long ago: 15 MB (60 at 4K) where 24 (96) was.
TEXT_BUDGET = 15 * MB


MIN_PX = 6  # below this no text is readable: a box lower than its line is cut
SHRINK_BEFORE_WRAP = 0.8  # a text keeps one line if that costs at most a fifth of its size

NBSP = "\u00a0"
# Words a Russian line never ends on: one-letter words, «№», short prepositions, conjunctions and particles.
STICKY = frozenset("""№ в во на с со к ко о об обо от до по за из изо у для без при про над под перед через
    между и а но да не ни же ли бы то или как что чем the a an of to in on at by for and or""".split())


def typeset(text: str) -> str:
    """Russian typesetting for wrapping: a no-break space after a one-letter word, «№», a preposition or
    a number (so «на рисунке», «№ 5», «30 секунд» never part at a line's end), and before a dash."""
    if " " not in text:
        return text
    out: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        joined = words[0] if words else ""
        for prev, word in zip(words, words[1:], strict=False):
            core = prev.strip("«»\"'(").lower()
            glue = bool(core) and (len(core) == 1 and core.isalpha() or core in STICKY or core.isdigit()
                                   or word[:1] in "—–")
            joined += (NBSP if glue else " ") + word
        out.append(joined)
    return "\n".join(out)


@dataclass(frozen=True)
class Layout:
    px: int
    lines: tuple[str, ...]
    width: int
    height: int
    cut: bool = False  # the text did not fit even at the smallest size: it ends in «…», or a word is split



class TextCache:
    def __init__(self, fonts: dict[str, Path | None], max_entries: int = 600, max_bytes: int = TEXT_BUDGET) -> None:
        self.fonts = fonts
        self._fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
        # Pictures by what they show (the layout, not the size asked for: a clock pulsing its max_px asks
        # for one picture many ways), bounded by their bytes; the calls that led to each, by count.
        self._surfaces: SurfaceLRU[tuple, pygame.Surface] = SurfaceLRU(max_bytes)
        self._asked: OrderedDict[tuple, tuple] = OrderedDict()
        self._layouts: OrderedDict[tuple, Layout] = OrderedDict()  # the console sizes its rows every frame
        self._max = max_entries

    def font(self, role: str, px: int) -> pygame.font.Font:
        key = (role, px)
        font = self._fonts.get(key)
        if font is None:
            path = self.fonts.get(role)
            font = pygame.font.Font(str(path) if path else None, max(4, px))
            self._fonts[key] = font
            if len(self._fonts) > MAX_FONTS:  # each size holds its own glyph cache: keep the recent ones
                self._fonts.popitem(last=False)
        else:
            self._fonts.move_to_end(key)
        return font

    # --- layout -----------------------------------------------------------------------------------

    def layout(self, text: str, role: str, box: tuple[int, int], max_px: int, min_px: int | None = None,
               wrap: bool = True) -> Layout:
        """The largest size (≤ max_px) at which the text fits the box, wrapped if allowed.

        The search measures with one reference font scaled (glyph widths grow linearly with the
        size), so fitting a text loads one or two fonts instead of one per tried size. Remembered: the
        same text in the same box is laid out once."""
        key = (text, role, box, max_px, min_px, wrap)
        found = self._layouts.get(key)
        if found is not None:
            self._layouts.move_to_end(key)
            return found
        text = typeset(text)
        found = self._layouts[key] = self._search(text, role, box, max_px, min_px, wrap)
        if len(self._layouts) > self._max:
            self._layouts.popitem(last=False)
        return found

    def _search(self, text: str, role: str, box: tuple[int, int], max_px: int, min_px: int | None,
                wrap: bool) -> Layout:
        width, height = max(1, box[0]), max(1, box[1])
        low = max(6, min(min_px or max(8, max_px // 4), max_px))
        best = self._largest(text, role, width, height, low, max_px, wrap)
        tries = [(best, wrap)]
        if wrap and best is not None and "\n" not in text:
            # Shrink a little before wrapping: one line at ≥ SHRINK_BEFORE_WRAP of the wrapped size wins
            # («РУССКАЯ ЛИТЕРАТУРА XIX ВЕКА» on one line, as a typesetter would).
            single = self._largest(text, role, width, height, max(low, int(best * SHRINK_BEFORE_WRAP)), best, False)
            if single is not None:
                tries.insert(0, (single, False))  # the wrapped size stays the fallback
        for found, wrapped in tries:
            px = found if found is not None else low
            while px >= low:  # confirm with the real font (hinting may differ by a pixel or two)
                candidate = self._wrap(text, role, px, width, wrapped)
                if not candidate.cut and candidate.width <= width and candidate.height <= height:
                    return candidate
                px -= max(1, px // 24)
        return self._truncate(text, role, low, width, height, wrap)

    def _largest(self, text: str, role: str, width: int, height: int, lo: int, hi: int, wrap: bool) -> int | None:
        """The largest size in lo..hi at which the text fits, measured with the reference font scaled."""
        ref = self.font(role, REF_PX)
        best: int | None = None
        while lo <= hi:  # binary search on the pixel size
            mid = (lo + hi) // 2
            scale = mid / REF_PX
            lines, widest, broken = _wrap_lines(ref, text, width / scale, wrap)
            # a word or number split across lines («20|0») does not fit: a smaller size keeps it whole
            if not broken and widest * scale <= width and len(lines) * ref.get_linesize() * scale <= height:
                best, lo = mid, mid + 1
            else:
                hi = mid - 1
        return best

    def _wrap(self, text: str, role: str, px: int, width: int, wrap: bool) -> Layout:
        font = self.font(role, px)
        lines, widest, broken = _wrap_lines(font, text, width, wrap)
        return Layout(px, tuple(lines), widest, font.get_linesize() * len(lines), broken)

    def _truncate(self, text: str, role: str, px: int, width: int, height: int, wrap: bool) -> Layout:
        while px > MIN_PX and self.font(role, px).get_linesize() > height:
            px -= 1  # a box lower than one line of the smallest size tried: smaller still, never over the edge
        font = self.font(role, px)
        full = self._wrap(text, role, px, width, wrap)
        keep = max(1, height // font.get_linesize())
        lines = list(full.lines[:keep])
        last = lines[-1]
        while last and font.size(last + ELLIPSIS)[0] > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + ELLIPSIS
        widths = [font.size(line)[0] for line in lines]
        return Layout(px, tuple(lines), min(width, max(widths)), min(height, font.get_linesize() * len(lines)), True)

    # --- rendering ----------------------------------------------------------------------------------

    def fit(self, text: str, role: str, box: tuple[int, int], color: pygame.Color | tuple, max_px: int,
            min_px: int | None = None, align: str = "center", shadow: bool = False,
            wrap: bool = True) -> pygame.Surface:
        """A surface no larger than `box` holding the text at the largest size that fits."""
        ink = tuple(pygame.Color(color))
        asked = (text, role, box, ink, max_px, min_px, align, shadow, wrap)
        shown = self._asked.get(asked)
        if shown is not None:
            self._asked.move_to_end(asked)
            cached = self._get(shown)
            if cached is not None:
                return cached
        layout = self.layout(text, role, box, max_px, min_px, wrap)
        shown = ("fit", layout, role, box, ink, align, shadow)
        self._asked[asked] = shown
        if len(self._asked) > self._max:
            self._asked.popitem(last=False)
        cached = self._get(shown)
        if cached is not None:
            return cached
        width, height = self._size(layout, shadow, box)
        self._surfaces.make_room(width * height * 4)  # those it displaces go first, never held beside it
        return self._put(shown, self._draw(layout, role, pygame.Color(color), align, shadow, box))

    @staticmethod
    def _size(layout: Layout, shadow: bool, box: tuple[int, int] | None) -> tuple[int, int]:
        """The size of a text's picture (`_draw`'s)."""
        offset = max(1, layout.px // 22) if shadow else 0
        width = layout.width + offset
        height = layout.height + offset
        if box is not None:  # the shadow never pushes the text out of its box
            width, height = min(width, box[0]), min(height, box[1])
        return max(1, width), max(1, height)

    def _draw(self, layout: Layout, role: str, color: pygame.Color, align: str, shadow: bool,
              box: tuple[int, int] | None) -> pygame.Surface:
        font = self.font(role, layout.px)
        step = font.get_linesize()
        offset = max(1, layout.px // 22) if shadow else 0
        surface = pygame.Surface(self._size(layout, shadow, box), pygame.SRCALPHA)
        for i, line in enumerate(layout.lines):
            if not line:
                continue
            glyphs = font.render(line, True, color)
            x = {"left": 0, "right": layout.width - glyphs.get_width()}.get(
                align, (layout.width - glyphs.get_width()) // 2)
            if shadow:
                dark = font.render(line, True, paint.BLACK)  # the glyphs darkened: a see-through copy
                dark.set_alpha(150)
                surface.blit(dark, (x + offset, i * step + offset))
            surface.blit(glyphs, (x, i * step))
        return surface

    def _get(self, key: tuple) -> pygame.Surface | None:
        return self._surfaces.get(key)

    def _put(self, key: tuple, surface: pygame.Surface) -> pygame.Surface:
        return self._surfaces.put(key, surface)

    @property
    def bytes(self) -> int:
        """The pixels' bytes of the pictures kept."""
        return self._surfaces.bytes


def _wrap_lines(font: pygame.font.Font, text: str, width: float, wrap: bool) -> tuple[list[str], int, bool]:
    """Greedy word wrap to `width`; a word longer than the width is cut. Returns the lines, the widest and
    whether a word was cut."""
    lines: list[str] = []
    broken = False
    for paragraph in text.split("\n"):
        if not wrap:
            lines.append(paragraph)
            continue
        line = ""
        for word in paragraph.split(" "):  # not at no-break spaces (typeset)
            if not word:
                continue
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            while font.size(line)[0] > width and len(line) > 1:
                broken = True
                cut = _longest_prefix(font, line, int(width))
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines, max((font.size(line)[0] for line in lines), default=0), broken


def _longest_prefix(font: pygame.font.Font, word: str, width: int) -> int:
    lo, hi = 1, len(word)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(word[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo
