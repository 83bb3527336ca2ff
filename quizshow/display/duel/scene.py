"""The coloured-table duel on the projector, after mockups/duel-tables.png.

«Альфа» above, «Бета» below, each row in the table order green, yellow, red, blue, so every table faces
the one it knocks out; the captain's blue tile says «капитан». Between the rows the 15-second thinking
bar (or, once the question is over, the answer). On the right the press queue in timestamp order
with each press's margin behind the first; the player being asked is gold in the queue and on the
table. A player who leaves drops out of the live tile into a dimmed one, name struck out. The bout's
result springs open over the tables.

Still: everything that changes only with the state (one layer). Moving: the bar and its seconds, the
asked tile's pulse, a new press's sweep in the queue, a leaving tile, the result plate.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable
from dataclasses import replace

import pygame

from quizshow.core.commands import Command
from quizshow.core.effects import EventKind
from quizshow.core.format import Format
from quizshow.core.presslog import Press
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Piece, Scene
from quizshow.display.scenes.plates import words
from quizshow.display.surfaces import SurfaceLRU
from quizshow.display.theme import Theme
from quizshow.display.tween import WORDS_AT, ease_in_out_cubic, ease_out_back, ease_out_cubic, pulse
from quizshow.formats.duel.commands import Hint
from quizshow.formats.duel.format import DuelFormat, QueueEntry
from quizshow.formats.duel.model import CAPTAIN, COLOURS, TABLES, DuelState, Phase
from quizshow.formats.duel.spec import SPEC
from quizshow.i18n import duration

LEAVE_S = 0.9  # a leaving tile's motion
SWEEP_S = 0.6  # a new press sliding into the queue
SEGMENTS = 15


def fmt_of(frame: Frame) -> DuelFormat:
    """The duel's reducer, typed (its queue, sheets and rules)."""
    return SPEC.format_of(frame.fmt)


def duel_of(frame: Frame) -> DuelState:
    """The duel's own state, typed (the bout, the sheet, the question in play)."""
    return SPEC.state_of(frame.state)


def phase_of(frame: Frame) -> Phase:
    return SPEC.phase_of(frame.state)


def table_colour(theme: Theme, player: int) -> pygame.Color:
    """A player's table colour (the theme's duel_green … duel_blue)."""
    return theme.color(f"duel_{COLOURS[player]}")


def dark_ink(frame: Frame) -> pygame.Color:
    """Ink on light plates: the yellow table, the gold pills, the white badges."""
    return frame.color("duel_ink_dark")


def light_ink(frame: Frame) -> pygame.Color:
    return frame.color("duel_ink_light")


def on_table(frame: Frame, player: int) -> pygame.Color:
    return dark_ink(frame) if COLOURS[player] == "yellow" else light_ink(frame)


# --- layout on the 1920×1080 design grid ---------------------------------------------------------------


def tile_rect(frame: Frame, team: int, player: int) -> pygame.Rect:
    gap, left, width = frame.u(28), frame.u(60), frame.u(1180)
    w = (width - gap * 3) // 4
    y = frame.u(210) if team == 0 else frame.u(690)
    return pygame.Rect(left + player * (w + gap), y, w, frame.u(280))


def bar_rect(frame: Frame) -> pygame.Rect:
    return pygame.Rect(frame.u(60), frame.u(514), frame.u(1180), frame.u(152))


def queue_rect(frame: Frame) -> pygame.Rect:
    return pygame.Rect(frame.u(1280), frame.u(150), frame.u(580), frame.u(880))


COMPACT_FROM = 5  # this many presses or more: rows of two lines, the heading's note and the hint made smaller


def compact_rows(count: int, hint: bool) -> bool:
    """Whether the queue's rows are of two lines (`DuelScene._entry_compact`): from five presses on, and beside a
    hint from the first (QA 5: the three-line cards beside a hint put the names at 15-22 px at 1080 lines; two
    lines keep a name at 28 px and more, readable from the back of a hall)."""
    return count >= COMPACT_FROM or hint


def hint_height(frame: Frame, count: int) -> int:
    """The hint's plate under the queue: smaller while the queue is long (the presses keep readable rows)."""
    return frame.u(124) if count >= COMPACT_FROM else frame.u(190)


def entry_rects(frame: Frame, count: int, hint: bool) -> list[pygame.Rect]:
    """The queue's rows. Up to four presses a row is a card of three lines; from five on, two lines
    («Бета · Красный  +0,037 с» over the player's name and the standing) so that eight presses still
    read from the back of a hall (about 30 px and more at 1080 lines), the hint shown or not."""
    box = queue_rect(frame)
    compact = count >= COMPACT_FROM
    top = box.y + (frame.u(22) if compact and hint else frame.u(84) if compact else frame.u(118))
    bottom = box.bottom - frame.u(22) - (hint_height(frame, count) + frame.u(10) if hint else 0)
    gap = frame.u(6 if compact and hint else 8 if compact else 16)
    h = min(frame.u(176), (bottom - top - gap * max(0, count - 1)) // max(1, count))
    return [pygame.Rect(box.x + frame.u(22), top + i * (h + gap), box.width - frame.u(44), h) for i in range(count)]


def split_name(full: str) -> tuple[str, str]:
    """«Ирина Белова» → («Ирина», «Белова»): the surname big, the first name above it."""
    parts = full.split()
    return (" ".join(parts[:-1]), parts[-1]) if len(parts) > 1 else ("", full)


def margin_words(seconds: float, language: str) -> str:
    """«+41,0 мс», «+1,2 с»: a press's margin behind the first, as the console writes it (i18n.duration)."""
    return duration(seconds, language, signed=True)


# --- pieces ---------------------------------------------------------------------------------------------


def pill(surface: pygame.Surface, frame: Frame, text: str, center: tuple[int, int], fill: pygame.Color,
         color: pygame.Color, px: int = 26, star: bool = False, width: int | None = None,
         height: int | None = None, right: int | None = None) -> pygame.Rect:
    """A rounded label; `width`, `height`: the most it may take (the text shrinks to stay inside);
    `right`: it ends there (at `center`'s height) instead of being centred on `center`."""
    pad = frame.u(22) if height is None else max(frame.u(10), height // 3)
    star_w = frame.u(30) if star else 0
    text_w = frame.u(260) if width is None else max(1, width - pad * 2 - star_w)
    text_h = frame.u(44) if height is None else max(1, height - frame.u(6))
    img = frame.text.fit(text, "heading", (text_w, text_h), color, frame.u(px), wrap=False)
    tall = max(img.get_height() + frame.u(8), frame.u(42))
    rect = pygame.Rect(0, 0, img.get_width() + pad * 2 + star_w, tall if height is None else min(tall, height))
    rect.center = center
    if right is not None:
        rect.right = right
    surface.blit(paint.panel(rect.size, paint.rgb(fill), paint.rgb(fill), None, rect.height // 2), rect)
    if star:
        draw_star(surface, (rect.x + pad + frame.u(10), rect.centery), frame.u(13), color)
    surface.blit(img, img.get_rect(midleft=(rect.x + pad + star_w, rect.centery)))
    return rect


def draw_star(surface: pygame.Surface, center: tuple[int, int], r: int, color: pygame.Color) -> None:
    import math

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle)))
    pygame.draw.polygon(surface, color, points)


def badge(surface: pygame.Surface, frame: Frame, number: int, center: tuple[int, int], r: int,
          gold: bool) -> None:
    pygame.draw.circle(surface, (*paint.rgb(frame.color("shadow"))[:3], 90), (center[0] + 2, center[1] + 3), r)
    pygame.draw.circle(surface, frame.color("accent") if gold else light_ink(frame), center, r)
    img = frame.text.fit(str(number), "numbers", (r * 2, int(r * 1.6)), dark_ink(frame), int(r * 1.5), wrap=False)
    surface.blit(img, img.get_rect(center=center))


# The tiles drawn with one text cache (one projector's): kept with it, never shared between projectors, whose
# themes and texts may differ. Bounded by their bytes, the least recently used out (issue 28: up to 55 tables
# were kept, 82 MB at 4K): 20 tables with a margin (7.5 MB at 1080p, 30 at 4K), and a table's picture is
# tight to it (`tile_margin`: 1.2 MB at 4K, not 1.5), so 22-27 are kept. A still layer holds the tables it
# shows; what is drawn from the kept ones is a press's tables (those the likely next states' frames and each
# player's next press want are made last in idle time, so they are the most recently used) and a leaving
# table's motion. The bench's duel walk draws no frame that makes again a table made before with 16 kept.
TILE_BUDGET = 20 * 310 * 316 * 4
_TILES: weakref.WeakKeyDictionary[object, SurfaceLRU[tuple, pygame.Surface]] = weakref.WeakKeyDictionary()


def tile(frame: Frame, team: int, player: int, look: str, number: int | None) -> pygame.Surface:
    """One table's tile as its own surface (live, asked, chooser, candidate or out), so a leaving tile
    can move and fade; kept (`_TILES`), as a leaving tile is drawn every frame of its motion."""
    players = frame.state.teams[team].players
    key = (team, player, look, number, frame.size, players[player] if player < len(players) else "", frame.language,
           id(frame.theme))  # (its colours are the theme's)
    kept = _TILES.get(frame.text)
    if kept is None:
        kept = _TILES[frame.text] = SurfaceLRU(TILE_BUDGET)
    found = kept.get(key)
    if found is None:
        found = kept.put(key, _tile(frame, team, player, look, number))
    return found


def tile_margin(frame: Frame, look: str, number: int | None) -> int:
    """How far a table's picture reaches past the table on each side: the gold glow's reach (asked, chooser);
    a live table without a number keeps the room it had (a leaving table is that picture scaled down: the
    same size, the same pixels); every other look is drawn inside the table (0)."""
    if look in ("asked", "chooser"):
        return frame.u(5) * 3  # (paint.blit_glow_frame's pad for its width)
    return frame.u(18) if look == "live" and number is None else 0


def tile_at(frame: Frame, team: int, player: int, picture: pygame.Surface) -> tuple[int, int]:
    """Where a table's picture (`tile`) is blitted: its margin round the table's rectangle."""
    rect = tile_rect(frame, team, player)
    return rect.x - (picture.get_width() - rect.width) // 2, rect.y - (picture.get_height() - rect.height) // 2


def _tile(frame: Frame, team: int, player: int, look: str, number: int | None) -> pygame.Surface:
    state = frame.state
    rect = tile_rect(frame, team, player)
    pad = tile_margin(frame, look, number)
    surface = pygame.Surface((rect.width + pad * 2, rect.height + pad * 2), pygame.SRCALPHA)
    inner = pygame.Rect(pad, pad, rect.width, rect.height)
    colour = table_colour(frame.theme, player)
    radius = frame.u(16)
    out = look in ("out", "dq")  # dq: disqualified for the bout (seed 002, 7.8), dimmed like a player who left
    if out:
        dark = frame.color("panel_dark")
        body = paint.panel(inner.size, paint.rgb(paint.mix(dark, colour, 0.06)), paint.rgb(dark),
                           paint.rgb(paint.mix(colour, dark, 0.35)), radius, max(2, frame.u(3)))
    else:
        top = paint.mix(colour, light_ink(frame), 0.12)
        bottom = paint.mix(colour, frame.color("shadow"), 0.18)
        edge = paint.mix(colour, light_ink(frame), 0.45)
        body = paint.panel(inner.size, paint.rgb(top), paint.rgb(bottom), paint.rgb(edge), radius, max(2, frame.u(2)))
    surface.blit(body, inner)
    if look in ("asked", "chooser"):
        paint.blit_glow_frame(surface, inner, paint.rgb(frame.color("accent")), radius, frame.u(5),
                              give_way=frame.give_way)
    elif look == "candidate":
        pygame.draw.rect(surface, frame.color("accent"), inner, width=frame.u(3), border_radius=radius)
    ink = paint.mix(colour, light_ink(frame), 0.15) if out else on_table(frame, player)
    label = frame.say(f"scene.duel_colour_{COLOURS[player]}").upper()
    img = frame.text.fit(label, "heading", (inner.width // 2, frame.u(34)), ink, frame.u(26), wrap=False)
    surface.blit(img, (inner.x + frame.u(18), inner.y + frame.u(16)))
    if number is not None:
        badge(surface, frame, number, (inner.right - frame.u(40), inner.y + frame.u(40)), frame.u(30),
              gold=look == "asked")
    players = state.teams[team].players
    first, last = split_name(players[player] if player < len(players) else "")
    name_ink = frame.color("muted") if out else ink
    name_box = pygame.Rect(inner.x + frame.u(14), inner.y + frame.u(70), inner.width - frame.u(28), frame.u(40))
    if first:
        img = frame.text.fit(first, "body", name_box.size, name_ink, frame.u(34), wrap=False)
        surface.blit(img, img.get_rect(midtop=name_box.midtop))
    last_box = pygame.Rect(inner.x + frame.u(12), inner.y + frame.u(108), inner.width - frame.u(24), frame.u(66))
    img = frame.text.fit(last.upper(), "heading", last_box.size, name_ink, frame.u(50), wrap=False, shadow=not out)
    spot = img.get_rect(center=last_box.center)
    surface.blit(img, spot)
    if out:  # the name struck out
        y = spot.centery + frame.u(2)
        pygame.draw.line(surface, frame.color("muted"), (spot.x - frame.u(6), y), (spot.right + frame.u(6), y),
                         max(2, frame.u(4)))
    below = (inner.centerx, inner.bottom - frame.u(40))
    if look == "dq":
        pill(surface, frame, frame.say("scene.duel_dq"), below, frame.color("bad"), light_ink(frame), 26,
             width=inner.width - frame.u(16))
    elif out:
        pill(surface, frame, frame.say("scene.duel_out"), below, paint.mix(frame.color("muted"),
             frame.color("panel_dark"), 0.55), light_ink(frame), 26)
    elif look == "asked":
        pill(surface, frame, frame.say("scene.duel_answering").upper(), below, frame.color("accent"), dark_ink(frame),
             26)
    elif look == "chooser":
        pill(surface, frame, frame.say("scene.duel_chooses").upper(), below, frame.color("accent"), dark_ink(frame),
             26)
    elif look == "candidate":
        pill(surface, frame, frame.say("scene.duel_can_leave"), below, dark_ink(frame), frame.color("accent"), 24)
    elif player == CAPTAIN:
        pill(surface, frame, frame.say("scene.duel_captain"), below, frame.color("accent"), dark_ink(frame), 26,
             star=True)
    return surface


# The presses drawn over the still layer (`DuelScene._presses`), as pixels, by the projector's layers (one
# projector's): what they show and (place, picture) for each part, the queue's box and the tables that pressed
# (a picture may be larger than its place: its top left part is the place's).
_PRESSES: weakref.WeakKeyDictionary[object, tuple[Hashable, list[tuple[pygame.Rect, pygame.Surface]]]] = \
    weakref.WeakKeyDictionary()


# Which players' next press is warmed (`DuelScene._warm_next_press`), by the projector's layers: for which presses.
_WARMED: weakref.WeakKeyDictionary[object, tuple[Hashable, set[tuple[int, int]]]] = weakref.WeakKeyDictionary()
_PIXEL = pygame.Surface((1, 1))  # what a warm-up draws on: its pictures are made, its pixels not wanted

_GLOW: list[pygame.Surface] = []  # the sweep's light, one surface drawn into a row and frame (it is filled first)


def _glow(size: tuple[int, int]) -> pygame.Surface:
    """A transparent surface at least `size` (the sweep's light), made again only when a larger is wanted."""
    if not _GLOW or _GLOW[0].get_width() < size[0] or _GLOW[0].get_height() < size[1]:
        kept = _GLOW[0].get_size() if _GLOW else (0, 0)
        _GLOW[:] = [pygame.Surface((max(size[0], kept[0]), max(size[1], kept[1])), pygame.SRCALPHA)]
    return _GLOW[0]


_PULSE: dict[Hashable, tuple[tuple[pygame.Surface, tuple[int, int]], ...]] = {}  # the asked tile's glow, ours


def _pulse_pieces(size: tuple[int, int], color: paint.Color, radius: int,
                  width: int) -> tuple[tuple[pygame.Surface, tuple[int, int]], ...]:
    """The asked tile's pulsing glow frame: paint.glow_frame's pieces, copied once to be faded every frame
    (the shared pieces are not ours to fade; copying them each frame cost 0.7 ms at 4K)."""
    key = (size, color, radius, width)
    found = _PULSE.get(key)
    if found is None:
        _PULSE.clear()
        found = _PULSE[key] = tuple((piece.copy(), at) for piece, at in paint.glow_frame(size, color, radius, width))
    return found


def outside(whole: pygame.Rect, holes: list[pygame.Rect]) -> list[pygame.Rect]:
    """`whole` less the holes, as rectangles that do not overlap (a few: the holes are few)."""
    parts = [whole]
    for hole in holes:
        rest = []
        for part in parts:
            cut = part.clip(hole)
            if not cut.width or not cut.height:
                rest.append(part)
                continue
            rest += [r for r in (pygame.Rect(part.x, part.y, part.width, cut.y - part.y),  # above
                                 pygame.Rect(part.x, cut.bottom, part.width, part.bottom - cut.bottom),  # below
                                 pygame.Rect(part.x, cut.y, cut.x - part.x, cut.height),  # left of it
                                 pygame.Rect(cut.right, cut.y, part.right - cut.right, cut.height))  # right
                     if r.width > 0 and r.height > 0]
        parts = rest
    return parts


class DuelScene(Scene):
    name = "duel_tables"

    def key(self, frame: Frame) -> Hashable:
        duel = duel_of(frame)
        return self.name, duel.bout.number

    def _looks(self, frame: Frame, presses: bool = True) -> dict[tuple[int, int], tuple[str, int | None]]:
        """Each table's look and its place in the queue (the number it wears); without `presses`, as if
        nobody had pressed (the still layer's while the buzzers are live)."""
        state, fmt = frame.state, fmt_of(frame)
        duel = duel_of(frame)
        numbers: dict[tuple[int, int], int] = {}
        looks: dict[tuple[int, int], str] = {}
        for i, entry in enumerate(fmt.queue(state) if presses else []):
            numbers.setdefault(entry.seat, i + 1)
            if entry.status == "answering":
                looks[entry.seat] = "asked"
        asking = duel.asking
        if asking is not None and asking.chooser is not None:
            looks[asking.chooser] = "chooser"
            opponent = 1 - asking.chooser[0]
            for p in fmt.choice_pool(state, opponent):
                looks[(opponent, p)] = "candidate"
        found = {}
        for team in TABLES:
            for p in range(len(COLOURS)):
                seat = (team, p)
                look = "dq" if seat in duel.bout.disqualified else "out" if not duel.bout.in_game(seat) \
                    else looks.get(seat, "live")
                found[seat] = (look, numbers.get(seat) if look not in ("out", "dq") else None)
        return found

    @staticmethod
    def _presses_moving(frame: Frame) -> bool:
        """Whether the presses are drawn over the still layer (the queue, the hint, the tables' numbers
        and gold): while the buzzers are live nobody can foresee who presses next (eight players), so the
        layer is the same whoever pressed and whatever hint is shown, composed ahead, and a press's or a
        hint's first frame composes no 4K layer (issue 28). Once the question is judged, all is still."""
        return phase_of(frame) in (Phase.READING, Phase.THINKING, Phase.ANSWERING)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The still layer, then the moving parts; where the presses' kept pictures cover it this frame (the
        queue's box, the tables that pressed: opaque, 3.2 million pixels at 4K), the layer is not copied
        first (issue 28 item 7: those pixels were written twice a frame)."""
        layer = self.prepare(frame)
        if layer is not None:
            kept = self._kept(frame)
            holes = [rect for rect, _ in kept] if kept is not None else []
            for part in outside(layer.get_rect(), holes):
                paint.blit(surface, layer.subsurface(part), part.topleft, give_way=frame.give_way)
        self.draw_moving(surface, frame)

    def warm(self, frame: Frame) -> bool:
        """Idle time while the buzzers are live: the surfaces the presses' pixels are kept in (the queue's
        box, three tables), so a press's first frame allocates none (8 MB for the box at 4K); then, a player
        a call, the table and the queue's row each player who may press next would get."""
        if not self._presses_moving(frame):
            return False
        if frame.layers not in _PRESSES:
            box, table = queue_rect(frame), tile_rect(frame, 0, 0).inflate(frame.u(18) * 2, frame.u(18) * 2)
            _PRESSES[frame.layers] = (None, [(box, pygame.Surface(box.size))] +
                                      [(table, pygame.Surface(table.size)) for _ in range(3)])
        return self._warm_next_press(frame)

    def _warm_next_press(self, frame: Frame) -> bool:
        """The next press's table (its look and number) and its row's words for one player who may press
        next and has not been warmed for these presses; False once none is left. The projector rehearses
        one press a team (its first player's); any of eight may press, and a press's first frame made its
        table and its row's words (2 and 3 ms at 4K). Drawn on a pixel: only the pictures are wanted."""
        state, fmt, duel = frame.state, fmt_of(frame), duel_of(frame)
        asking = duel.asking
        if asking is None:
            return False
        key = (state.presses, duel, state.teams, frame.size, frame.language, id(frame.theme))
        done = _WARMED.get(frame.layers)
        if done is None or done[0] != key:
            done = _WARMED[frame.layers] = (key, set())
        entries = fmt.queue(state)
        pressed = {entry.seat for entry in entries}
        count = len(entries) + 1
        status = "waiting" if fmt.asked_now(state) is not None else "answering"
        for team in TABLES:
            for player in range(len(COLOURS)):
                seat = (team, player)
                if seat in pressed or seat in done[1] or not duel.bout.in_game(seat) or seat in asking.wrong:
                    continue
                tile(frame, team, player, "asked" if status == "answering" else "live", count)
                rect = entry_rects(frame, count, asking.hint_shown)[-1]
                press = Press(source_time=0.0, arrival=0.0, team=team, player=player)
                entry = QueueEntry(press, seat, status, 0.0)  # (its margin is not known yet)
                draw = self._entry_compact if compact_rows(count, asking.hint_shown) else self._entry
                draw(_PIXEL, frame, rect, count - 1, entry)
                done[1].add(seat)
                return True
        return False

    def static_key(self, frame: Frame) -> Hashable:
        state = frame.state
        duel = duel_of(frame)
        # A leaving tile is already «выбыл» in the still layer: its live self sinks and fades over it (drawn
        # moving), so the layer depends on the state alone and is composed ahead in idle time.
        scores = tuple(t.score for t in state.teams)
        if self._presses_moving(frame):  # the reading, thinking and answering phases draw the same layer
            asking = duel.asking if duel.asking is None else replace(duel.asking, hint="", hint_shown=False)
            return "live", replace(duel, asking=asking), scores
        return state.phase, duel, state.presses, scores

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        state = frame.state
        duel = duel_of(frame)
        self._heading(surface, frame)
        still = not self._presses_moving(frame)
        for seat, (look, number) in self._looks(frame, presses=still).items():
            frame.give_way()
            picture = tile(frame, *seat, look, number)
            surface.blit(picture, tile_at(frame, *seat, picture))
        for team in TABLES:
            first = tile_rect(frame, team, 0)
            y = first.y - frame.u(58) if team == 0 else first.bottom + frame.u(10)
            row = pygame.Rect(first.x, y, frame.u(1180), frame.u(50))
            name = frame.text.fit(state.teams[team].name.upper(), "heading", (row.width // 2, row.height),
                                  frame.color("text"), frame.u(48), wrap=False, shadow=True)
            surface.blit(name, name.get_rect(midleft=row.midleft))
            left = len(duel.bout.left(team))
            count = frame.text.fit(frame.say("scene.duel_in_game", n=left, of=len(COLOURS)), "body",
                                   (row.width // 2, row.height), frame.color("muted"), frame.u(30), wrap=False)
            surface.blit(count, count.get_rect(midright=row.midright))
        self._bar_panel(surface, frame)
        self._queue_panel(surface, frame)
        if still:
            self._queue(surface, frame)
        if phase_of(frame) is Phase.RESULT:  # the tables step back behind the result
            surface.fill(frame.color("duel_dim"), special_flags=pygame.BLEND_RGB_MULT)

    def _heading(self, surface: pygame.Surface, frame: Frame) -> None:
        state, fmt = frame.state, fmt_of(frame)
        duel = duel_of(frame)
        w = frame.size[0]
        asking = duel.asking
        title, sub = frame.title, ""
        if asking is not None:
            where = fmt.theme_of(state, asking.source)
            if where is not None:
                title = frame.say("scene.duel_heading", theme=where[0] + 1, row=where[1] + 1)
                sub = where[2]
            else:
                title = frame.say("scene.duel_reserve" if asking.source[0] == "reserve" else "scene.duel_host_question")
        if len(fmt.sheets) > 1:
            sub = f"{frame.say('scene.duel_bout', n=duel.bout.number + 1)} · {sub}" if sub else \
                frame.say("scene.duel_bout", n=duel.bout.number + 1)
        img = frame.text.fit(title.upper(), "heading", (frame.u(1200), frame.u(64)), frame.color("accent"),
                             frame.u(52), wrap=False, shadow=True)
        surface.blit(img, img.get_rect(midtop=(w // 2, frame.u(26))))
        if sub:
            img = frame.text.fit(sub, "body", (frame.u(1200), frame.u(40)), frame.color("muted"), frame.u(32),
                                 wrap=False)
            surface.blit(img, img.get_rect(midtop=(w // 2, frame.u(88))))

    def _bar_panel(self, surface: pygame.Surface, frame: Frame) -> None:
        """The thinking bar's frame and words (its segments and seconds move); once the question is
        over, the answer instead."""
        state = frame.state
        box = bar_rect(frame)
        dark = frame.color("panel_dark")
        surface.blit(paint.panel(box.size, paint.rgb(paint.mix(dark, frame.color("panel"), 0.25)), paint.rgb(dark),
                                 paint.rgb(frame.color("panel_edge")), frame.u(16), max(2, frame.u(2))), box)
        phase = phase_of(frame)
        if phase in (Phase.REVEAL, Phase.RESULT, Phase.CHOOSING):
            question = fmt_of(frame).current(state)
            asking = duel_of(frame).asking
            label = frame.say("scene.answer").upper()
            if asking is not None and asking.closed:
                label += " · " + frame.say("scene.duel_unplayed")
            img = frame.text.fit(label, "heading", (box.width - frame.u(60), frame.u(36)), frame.color("muted"),
                                 frame.u(28), wrap=False, align="left")
            surface.blit(img, (box.x + frame.u(30), box.y + frame.u(16)))
            words(surface, frame, question.a if question else "", pygame.Rect(box.x + frame.u(30), box.y + frame.u(54),
                  box.width - frame.u(60), frame.u(86)), color=frame.color("accent"), px=64, anchor="midleft")
            return
        img = frame.text.fit(frame.say("scene.duel_thinking").upper(), "heading", (frame.u(560), frame.u(40)),
                             frame.color("text"), frame.u(32), wrap=False, align="left")
        surface.blit(img, (box.x + frame.u(30), box.y + frame.u(22)))
        # (its note beside it is drawn moving, `_bar`: once the time is over, «можно показать ответ» takes
        # its place, and the layer does not change when the time runs out; both over it were unreadable)

    def _queue_panel(self, surface: pygame.Surface, frame: Frame) -> None:
        box = queue_rect(frame)
        dark = frame.color("panel_dark")
        surface.blit(paint.panel(box.size, paint.rgb(paint.mix(dark, frame.color("panel"), 0.2)), paint.rgb(dark),
                                 paint.rgb(frame.color("panel_edge")), frame.u(20), max(2, frame.u(2))), box)

    def _presses_key(self, frame: Frame) -> Hashable:
        """What the presses' kept pictures show."""
        return (self.static_key(frame), frame.state.presses, duel_of(frame), frame.state.teams, frame.size,
                frame.language, id(frame.theme))

    def _kept(self, frame: Frame) -> list[tuple[pygame.Rect, pygame.Surface]] | None:
        """The presses' pictures kept from an earlier frame, if this frame shows them (place, picture)."""
        if not self._presses_moving(frame):
            return None
        asking = duel_of(frame).asking
        if not frame.state.presses.presses and not (asking is not None and asking.hint_shown):
            return None
        kept = _PRESSES.get(frame.layers)
        return kept[1] if kept is not None and kept[0] == self._presses_key(frame) else None

    def _presses(self, surface: pygame.Surface, frame: Frame) -> None:
        """While the buzzers are live, over the still layer (`_presses_moving`): the tables that pressed
        (their numbers, the asked one's gold) and the queue with the hint, as the layer drew them after."""
        if not self._presses_moving(frame):
            if surface.get_clip() == surface.get_rect():  # on air (not an idle rehearsal): nothing to keep
                _PRESSES.pop(frame.layers, None)
            return
        asking = duel_of(frame).asking
        if not frame.state.presses.presses and not (asking is not None and asking.hint_shown):
            self._queue(surface, frame)  # its heading and «no presses» only: three words, kept no pixels
            return
        pictures = self._kept(frame)
        if pictures is not None:  # drawn in an earlier frame: its pixels, copied then
            for rect, picture in pictures:
                surface.blit(picture, rect, pygame.Rect((0, 0), rect.size))
            return
        key = self._presses_key(frame)
        kept = _PRESSES.get(frame.layers)
        free = self._looks(frame, presses=False)
        areas = [self._queue_area(frame)]
        for seat, (look, number) in self._looks(frame).items():
            if (look, number) == free[seat]:
                continue
            frame.give_way()
            rect = tile_rect(frame, *seat)
            frame.paint_background(surface, rect)  # what the layer had under the tile (its corners show it)
            picture = tile(frame, *seat, look, number)
            surface.blit(picture, tile_at(frame, *seat, picture))
            areas.append(rect.inflate(frame.u(18) * 2, frame.u(18) * 2).clip(surface.get_rect()))
        self._queue(surface, frame)
        if surface.get_clip() != surface.get_rect():
            return  # a part of the picture (a push's, a clock-only frame): not all of it to keep
        pictures = []
        spare = [picture for _, picture in kept[1]] if kept is not None else []
        for rect in areas:  # (nothing moving is drawn on these before them: the bar is beside them)
            # The last pictures' surfaces that hold it are drawn into again (the queue's box always: its part
            # kept is as tall as its rows; a surface allocated in a press's frame costs more than the copy).
            picture = next((p for p in spare if p.get_width() >= rect.width and p.get_height() >= rect.height),
                           None) or pygame.Surface(rect.size, 0, surface)
            if picture in spare:
                spare.remove(picture)
            picture.blit(surface, (0, 0), rect)
            pictures.append((rect, picture))
        _PRESSES[frame.layers] = (key, pictures)

    def _queue_area(self, frame: Frame) -> pygame.Rect:
        """The part of the queue's box its words, rows and hint are drawn on (kept as pixels): without the
        hint, down to the last row (the empty rest of the box is the layer's, copied and blitted for nothing:
        a press's row is a third of the box)."""
        box = queue_rect(frame)
        count = len(frame.state.presses.presses)
        asking = duel_of(frame).asking
        if not count or (asking is not None and asking.hint_shown):
            return box
        last = entry_rects(frame, count, False)[-1]
        return pygame.Rect(box.x, box.y, box.width, min(box.height, last.bottom + frame.u(8) - box.y))

    def _queue(self, surface: pygame.Surface, frame: Frame) -> None:
        """The queue's words and rows, and the hint, on its panel (`_queue_panel`)."""
        state, fmt = frame.state, fmt_of(frame)
        box = queue_rect(frame)
        entries = fmt.queue(state)
        asking = duel_of(frame).asking
        hint = asking is not None and asking.hint_shown
        # A long queue needs the room more than the note; beside a hint, more than the heading too (its
        # numbered rows with their margins say what they are).
        if len(entries) < COMPACT_FROM or not hint:
            words(surface, frame, frame.say("scene.duel_queue"), pygame.Rect(box.x, box.y + frame.u(18),
                  box.width, frame.u(50)), color=frame.color("accent"), px=40, upper=True)
        if len(entries) < COMPACT_FROM:
            words(surface, frame, frame.say("scene.duel_queue_note"), pygame.Rect(box.x, box.y + frame.u(72),
                  box.width, frame.u(32)), role="body", color=frame.color("muted"), px=24, shadow=False)
        if not entries:
            words(surface, frame, frame.say("scene.duel_no_presses"), pygame.Rect(box.x, box.y + frame.u(300),
                  box.width, frame.u(60)), role="body", color=frame.color("muted"), px=34, shadow=False)
        compact = len(entries) >= COMPACT_FROM
        for rect, (i, entry) in zip(entry_rects(frame, len(entries), hint), enumerate(entries), strict=True):
            frame.give_way()
            if compact_rows(len(entries), hint):
                self._entry_compact(surface, frame, rect, i, entry)
            else:
                self._entry(surface, frame, rect, i, entry)
        if asking is not None and asking.hint_shown:
            tall = hint_height(frame, len(entries))
            area = pygame.Rect(box.x + frame.u(22), box.bottom - frame.u(22) - tall, box.width - frame.u(44), tall)
            plate = paint.rgb(frame.color("panel_dark"))
            surface.blit(paint.panel(area.size, plate, plate, paint.rgb(frame.color("accent")), frame.u(14),
                                     max(2, frame.u(2))), area)
            head = frame.u(40 if compact else 48)  # the plate's own heading, smaller beside a long queue
            words(surface, frame, frame.say("scene.duel_hint").upper(), pygame.Rect(area.x + frame.u(20), area.y +
                  frame.u(6 if compact else 10), area.width - frame.u(40), frame.u(34)), color=frame.color("accent"),
                  px=22 if compact else 24, anchor="midleft", shadow=False)
            text = frame.text.fit(asking.hint, "body", (area.width - frame.u(40), area.height - head - frame.u(6)),
                                  frame.color("text"), frame.u(34), align="left")
            surface.blit(text, (area.x + frame.u(20), area.y + head))

    def _entry_plate(self, surface: pygame.Surface, frame: Frame, rect: pygame.Rect, entry: QueueEntry) -> None:
        asked = entry.status == "answering"
        dark = frame.color("panel_dark")
        fill_top = frame.color("panel_top") if asked else paint.mix(dark, frame.color("panel"), 0.55)
        edge = frame.color("accent") if asked else frame.color("panel_edge")
        surface.blit(paint.panel(rect.size, paint.rgb(fill_top), paint.rgb(paint.mix(fill_top, dark, 0.4)),
                                 paint.rgb(edge), frame.u(14), max(2, frame.u(4 if asked else 2))), rect)
        stripe = pygame.Rect(rect.x + frame.u(3), rect.y + frame.u(3), frame.u(12), rect.height - frame.u(6))
        pygame.draw.rect(surface, table_colour(frame.theme, entry.seat[1]), stripe, border_top_left_radius=frame.u(12),
                         border_bottom_left_radius=frame.u(12))

    def _status(self, surface: pygame.Surface, frame: Frame, entry: QueueEntry, right: int, centery: int, width: int,
                height: int, px: int) -> int:
        """The press's standing at the right of its row, inside it: a pill (answering, wrong, correct,
        disqualified) or a quiet word (waits, out, not asked). Returns where it begins (its left)."""
        status = frame.say(f"scene.duel_{entry.status}")
        if entry.status == "answering" or entry.status in ("wrong", "correct", "dq"):
            if entry.status == "answering":
                fill, ink, status = frame.color("accent"), dark_ink(frame), status.upper()
            else:
                fill = frame.color("good") if entry.status == "correct" else frame.color("bad")
                ink = light_ink(frame)
            return pill(surface, frame, status, (right, centery), fill, ink, px, width=width, height=height,
                        right=right).x
        img = frame.text.fit(status, "body", (width, height), frame.color("muted"), frame.u(px), wrap=False,
                             align="right")
        spot = img.get_rect(midright=(right, centery))
        surface.blit(img, spot)
        return spot.x

    def _entry_start(self, surface: pygame.Surface, frame: Frame, rect: pygame.Rect,
                     entry: QueueEntry) -> tuple[int, int, bool, bool]:
        """A queue row's plate, and whose press it is: (team, player, being asked, faded)."""
        self._entry_plate(surface, frame, rect, entry)
        team, player = entry.seat
        return team, player, entry.status == "answering", entry.status in ("wrong", "out", "unasked", "dq")

    def _entry(self, surface: pygame.Surface, frame: Frame, rect: pygame.Rect, i: int, entry: QueueEntry) -> None:
        """A row of a short queue: number, «Альфа · Зелёный», the player's name, the margin, the standing."""
        state = frame.state
        team, player, asked, faded = self._entry_start(surface, frame, rect, entry)
        h = rect.height
        r = min(frame.u(44), int(h * 0.27))
        badge(surface, frame, i + 1, (rect.x + frame.u(30) + r, rect.y + h * 2 // 5), r, gold=asked)
        x = rect.x + frame.u(46) + r * 2
        ink = frame.color("muted") if faded else frame.color("text")
        title = f"{state.teams[team].name} · {frame.say(f'scene.duel_colour_{COLOURS[player]}')}"
        top_h = max(frame.u(20), int(h * 0.26))
        img = frame.text.fit(title, "heading", (rect.right - x - frame.u(16), top_h), ink, frame.u(42), wrap=False,
                             align="left", shadow=not faded)
        surface.blit(img, (x, rect.y + int(h * 0.08)))
        name = fmt_of(frame).player_name(state, entry.seat)
        if h > frame.u(110):
            img = frame.text.fit(name, "body", (rect.right - x - frame.u(16), int(h * 0.17)), frame.color("muted"),
                                 frame.u(28), wrap=False, align="left")
            surface.blit(img, (x, rect.y + int(h * 0.36)))
        margin_ink = frame.color("accent") if asked else ink
        img = frame.text.fit(margin_words(entry.margin, frame.language), "numbers", (frame.u(230), int(h * 0.36)),
                             margin_ink, frame.u(64), wrap=False, align="left", shadow=not faded)
        surface.blit(img, img.get_rect(bottomleft=(x, rect.bottom - int(h * 0.06))))
        status_w = rect.right - frame.u(16) - (x + frame.u(240))
        self._status(surface, frame, entry, rect.right - frame.u(16), rect.bottom - int(h * 0.24), status_w,
                     min(frame.u(44), int(h * 0.36)), 24)

    def _entry_compact(self, surface: pygame.Surface, frame: Frame, rect: pygame.Rect, i: int,
                       entry: QueueEntry) -> None:
        """A row of a long queue, two lines: «Бета · Красный … +0,037 с» over «Анна Жукова … ОТВЕЧАЕТ»."""
        state = frame.state
        team, player, asked, faded = self._entry_start(surface, frame, rect, entry)
        h = rect.height
        r = min(frame.u(28), int(h * 0.34))
        badge(surface, frame, i + 1, (rect.x + frame.u(22) + r, rect.centery), r, gold=asked)
        x = rect.x + frame.u(34) + r * 2
        right = rect.right - frame.u(12)
        line = (h - frame.u(4)) // 2
        top, bottom = rect.y + frame.u(2), rect.y + frame.u(2) + line
        ink = frame.color("muted") if faded else frame.color("text")
        margin_ink = frame.color("accent") if asked else ink
        margin = frame.text.fit(margin_words(entry.margin, frame.language), "numbers", (frame.u(170), line),
                                margin_ink, frame.u(38), wrap=False, align="right", shadow=not faded)
        surface.blit(margin, margin.get_rect(midright=(right, top + line // 2)))
        title = f"{state.teams[team].name} · {frame.say(f'scene.duel_colour_{COLOURS[player]}')}"
        img = frame.text.fit(title, "heading", (margin.get_rect(right=right).x - x - frame.u(10), line), ink,
                             frame.u(40), wrap=False, align="left", shadow=not faded)
        surface.blit(img, img.get_rect(midleft=(x, top + line // 2)))
        begins = self._status(surface, frame, entry, right, bottom + line // 2, frame.u(230), line, 30)
        name = fmt_of(frame).player_name(state, entry.seat)
        img = frame.text.fit(name, "body", (begins - frame.u(12) - x, line), frame.color("muted"),
                             frame.u(36), wrap=False, align="left")
        surface.blit(img, img.get_rect(midleft=(x, bottom + line // 2)))

    # --- moving -----------------------------------------------------------------------------------------

    def _leaving(self, frame: Frame) -> tuple[int, int] | None:
        """The player who left last, while their tile is still moving."""
        bout = duel_of(frame).bout
        if not bout.out:
            return None
        age = frame.anim.age(("duel_out", bout.number, bout.out[-1]), frame.now)
        return bout.out[-1] if age < LEAVE_S else None

    def perpetual(self, frame: Frame) -> bool:
        """The answering player's table glows, pulsing on its own: the loop draws every frame while it shows
        (with no clock running and nothing else moving, the glow froze at one brightness: QA 7)."""
        return fmt_of(frame).asked_now(frame.state) is not None

    def moving(self, frame: Frame) -> list[Piece] | None:
        """The asked table's pulse, a press sweeping into the queue, a table leaving, the result's plate
        springing open; while the buzzers are live, the thinking bar too (the presses' kept pictures change
        only with the state: a steady frame draws them again, clipped, where a piece changed)."""
        pieces: list[Piece] = []
        if self._presses_moving(frame):
            pieces.append((bar_rect(frame).inflate(frame.u(6) * 2, frame.u(6) * 2), self._bar_key(frame)))
        press = fmt_of(frame).asked_now(frame.state)
        if press is not None:
            rect = tile_rect(frame, press.team, press.player or 0).inflate(frame.u(10), frame.u(10))
            pad = frame.u(3) * 3
            pieces.append((rect.inflate(pad * 2, pad * 2), ("pulse", int(70 + 150 * pulse(frame.now, 1.2)))))
        presses = frame.state.presses.presses
        if presses:
            duel = duel_of(frame)
            rects = entry_rects(frame, len(presses), duel.asking is not None and duel.asking.hint_shown)
            for rect, one in zip(rects, presses, strict=True):
                age = frame.anim.age(("duel_press", duel.bout.number, duel.bout.asked, one), frame.now)
                if age < SWEEP_S:
                    pieces.append((pygame.Rect(rect), ("sweep", age)))
        leaving = self._leaving(frame)
        if leaving is not None:
            rect = tile_rect(frame, *leaving)
            pieces.append((rect.inflate(frame.u(4), frame.u(70) * 2 + frame.u(4)), ("leave", frame.now)))
        if phase_of(frame) is Phase.RESULT:
            plate = pygame.Rect(0, 0, frame.u(1180), frame.u(420))
            plate.center = (frame.u(650), frame.u(590))
            grow = ease_out_back(min(1.0, frame.anim.since(EventKind.MATCH_RESULT, frame.now) / 0.6))
            room = frame.u(5) * 3 * 2  # the glow frame's pad, each side
            pieces.append((plate.inflate(plate.width // 6 + room, plate.height // 6 + room), ("result", grow)))
        return pieces

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        phase = phase_of(frame)
        if phase in (Phase.READING, Phase.THINKING, Phase.ANSWERING):
            self._bar(surface, frame)
        self._presses(surface, frame)
        self._asked_pulse(surface, frame)
        self._sweep(surface, frame)
        leaving = self._leaving(frame)
        if leaving is not None:
            self._leave(surface, frame, leaving)
        if phase is Phase.RESULT:
            self._result(surface, frame)

    @staticmethod
    def _bar_key(frame: Frame) -> Hashable:
        """What the thinking bar shows (as `_bar` draws it): its lit segments, its digits and their size (they
        pulse in the last seconds), its colours and caption."""
        fmt = fmt_of(frame)
        left = fmt.thinking_left(frame.state, frame.now)
        think = fmt.think_s()
        filled = SEGMENTS if left is None else int(round(SEGMENTS * left / think + 0.4999))
        warn = left is not None and 0 < left <= float(fmt.rules.get("warning_s", 5))
        if left is None:
            text = f"{think:g}"
        elif left <= 0:
            text = "0"
        else:
            text = str(int(left + 0.999))
        px = int(frame.u(130) * (1.0 + (0.08 * pulse(frame.now, 1.0) if warn else 0.0)))
        return "bar", filled, warn, left is None, left is not None and left <= 0, text, px

    def _bar(self, surface: pygame.Surface, frame: Frame) -> None:
        box = bar_rect(frame)
        left = fmt_of(frame).thinking_left(frame.state, frame.now)
        think = fmt_of(frame).think_s()
        filled = SEGMENTS if left is None else int(round(SEGMENTS * left / think + 0.4999))
        gap = frame.u(10)
        seg_w = (frame.u(870) - gap * (SEGMENTS - 1)) // SEGMENTS
        y = box.y + frame.u(82)
        warn = left is not None and 0 < left <= float(fmt_of(frame).rules.get("warning_s", 5))
        on = frame.color("warning") if warn else frame.color("accent")
        if left is None:  # still reading: the bar waits, full and cool
            on = paint.mix(frame.color("panel_edge"), frame.color("panel_dark"), 0.35)
        off = paint.mix(frame.color("panel"), frame.color("panel_dark"), 0.45)
        for i in range(SEGMENTS):
            rect = pygame.Rect(box.x + frame.u(30) + i * (seg_w + gap), y, seg_w, frame.u(46))
            lit = i < filled
            pygame.draw.rect(surface, on if lit else off, rect, border_radius=frame.u(8))
            if lit:
                pygame.draw.rect(surface, paint.mix(on, light_ink(frame), 0.35),
                                 (rect.x + frame.u(4), rect.y + frame.u(4), rect.width - frame.u(8), frame.u(6)),
                                 border_radius=frame.u(3))
        self._bar_note(surface, frame, left)
        digits_box = pygame.Rect(box.x + frame.u(930), box.y + frame.u(6), frame.u(220), box.height - frame.u(12))
        if left is None:
            text, color = f"{think:g}", frame.color("muted")
        elif left <= 0:
            text, color = "0", frame.color("muted")
        else:
            text, color = str(int(left + 0.999)), frame.color("warning") if warn else frame.color("accent")
        scale = 1.0 + (0.08 * pulse(frame.now, 1.0) if warn else 0.0)
        img = frame.text.fit(text, "numbers", (frame.u(150), frame.u(140)), color, int(frame.u(130) * scale),
                             wrap=False, shadow=True)
        surface.blit(img, img.get_rect(midright=(digits_box.right - frame.u(50), digits_box.centery)))
        unit = frame.text.fit(frame.say("unit.duel_s"), "numbers", (frame.u(50), frame.u(60)), color, frame.u(50),
                              wrap=False)
        surface.blit(unit, unit.get_rect(bottomleft=(digits_box.right - frame.u(44), digits_box.centery + frame.u(40))))

    def _bar_note(self, surface: pygame.Surface, frame: Frame, left: float | None) -> None:
        """One caption right of «ВРЕМЯ НА РАЗМЫШЛЕНИЕ»: «идёт чтение…», «от конца первого чтения · 15 с», or
        once the time is over, «можно показать ответ» in its place (not over it: QA, both were drawn)."""
        box = bar_rect(frame)
        asking = duel_of(frame).asking
        if left is not None and left <= 0:
            note, ink = frame.say("scene.duel_think_over"), frame.color("good")
        elif asking is not None and asking.read_end is None:
            note, ink = frame.say("scene.duel_reading"), frame.color("muted")
        else:
            note, ink = frame.say("scene.duel_thinking_note", s=f"{fmt_of(frame).think_s():g}"), frame.color("muted")
        img = frame.text.fit(note, "body", (frame.u(420), frame.u(34)), ink, frame.u(24), wrap=False, align="right")
        surface.blit(img, img.get_rect(topright=(box.x + frame.u(900), box.y + frame.u(28))))

    def _asked_pulse(self, surface: pygame.Surface, frame: Frame) -> None:
        press = fmt_of(frame).asked_now(frame.state)
        if press is None:
            return
        rect = tile_rect(frame, press.team, press.player or 0).inflate(frame.u(10), frame.u(10))
        alpha = int(70 + 150 * pulse(frame.now, 1.2))
        pad = frame.u(3) * 3  # (paint.blit_glow_frame's, without copying its pieces every frame to fade them)
        for piece, (x, y) in _pulse_pieces(rect.size, paint.rgb(frame.color("accent")), frame.u(20), frame.u(3)):
            piece.set_alpha(alpha)
            paint.blit(surface, piece, (rect.x - pad + x, rect.y - pad + y), give_way=frame.give_way)

    def _sweep(self, surface: pygame.Surface, frame: Frame) -> None:
        """A new press slides into its place in the queue: a gold light sweeping across its row."""
        presses = frame.state.presses.presses
        if not presses:
            return
        duel = duel_of(frame)
        rects = entry_rects(frame, len(presses), duel.asking is not None and duel.asking.hint_shown)
        for rect, press in zip(rects, presses, strict=True):
            age = frame.anim.age(("duel_press", duel.bout.number, duel.bout.asked, press), frame.now)
            if age >= SWEEP_S:
                continue
            t = ease_out_cubic(age / SWEEP_S)
            light = pygame.Rect(0, 0, max(1, int(rect.width * (1 - t))), rect.height)
            light.topright = rect.topright
            glow = _glow(light.size)
            part = pygame.Rect((0, 0), light.size)
            glow.fill((*paint.rgb(frame.color("accent"))[:3], int(150 * (1 - t))), part)
            surface.blit(glow, light, part)

    def _leave(self, surface: pygame.Surface, frame: Frame, seat: tuple[int, int]) -> None:
        """The live tile flashes, sinks and fades away over its dimmed «выбыл» self (in the still layer)."""
        age = frame.anim.age(("duel_out", duel_of(frame).bout.number, seat), frame.now)
        t = min(1.0, age / LEAVE_S)
        rect = tile_rect(frame, *seat)
        live = tile(frame, *seat, "live", None)
        shrink = 1 - 0.25 * ease_in_out_cubic(t)
        moving = paint.scaled(live, shrink)
        if moving is live:  # the cached tile itself: its alpha is not ours to change
            moving = moving.copy()
        moving.set_alpha(int(255 * (1 - ease_in_out_cubic(t))))
        drop = int(frame.u(70) * ease_in_out_cubic(t)) * (-1 if seat[0] == 0 else 1)
        center = (rect.centerx, rect.centery + drop)
        surface.blit(moving, moving.get_rect(center=center))
        if t < 0.35:  # the flash as the verdict falls
            flash = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(flash, (*paint.rgb(light_ink(frame))[:3], int(160 * (1 - t / 0.35))), flash.get_rect(),
                             border_radius=frame.u(16))  # the tile's own rounded corners
            surface.blit(flash, rect)

    def _result(self, surface: pygame.Surface, frame: Frame) -> None:
        state = frame.state
        bout = duel_of(frame).bout
        grow = ease_out_back(min(1.0, frame.anim.since(EventKind.MATCH_RESULT, frame.now) / 0.6))
        plate = pygame.Rect(0, 0, frame.u(1180), frame.u(420))
        plate.center = (frame.u(650), frame.u(590))
        winner = bout.winner
        edge = table_colour(frame.theme, CAPTAIN) if winner is None else frame.team_color(winner)
        body = paint.panel(plate.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                           paint.rgb(frame.color("accent")), frame.u(26), max(3, frame.u(4)))
        body = paint.scaled(body, max(0.05, grow))
        surface.blit(body, body.get_rect(center=plate.center))
        if grow < WORDS_AT:
            return
        match = match_result(frame)
        if match is not None and winner is not None:  # the match's last bout won: the match is announced
            champion, a, b = match
            paint.blit_glow_frame(surface, plate, paint.rgb(edge if champion is None else
                                  frame.team_color(champion)), frame.u(26), frame.u(5), give_way=frame.give_way)
            words(surface, frame, frame.say("scene.duel_match_won" if champion is not None else
                  "scene.duel_match_draw"), pygame.Rect(plate.x, plate.y + frame.u(40), plate.width, frame.u(70)),
                  color=frame.color("muted"), px=48, upper=True)
            name = state.teams[champion].name if champion is not None else f"{a} : {b}"
            words(surface, frame, name, pygame.Rect(plate.x + frame.u(40), plate.y + frame.u(120),
                  plate.width - frame.u(80), frame.u(170)), color=frame.color("accent"), px=150, upper=True,
                  role="heading" if champion is not None else "numbers")
            if champion is not None:
                words(surface, frame, frame.say("scene.duel_match_score", a=a, b=b),
                      pygame.Rect(plate.x, plate.y + frame.u(300), plate.width, frame.u(80)), role="heading",
                      color=frame.color("text"), px=64, shadow=False)
        elif winner is not None:
            paint.blit_glow_frame(surface, plate, paint.rgb(edge), frame.u(26), frame.u(5), give_way=frame.give_way)
            words(surface, frame, frame.say("scene.duel_won"), pygame.Rect(plate.x, plate.y + frame.u(40),
                  plate.width, frame.u(70)), color=frame.color("muted"), px=48, upper=True)
            words(surface, frame, state.teams[winner].name, pygame.Rect(plate.x + frame.u(40), plate.y + frame.u(120),
                  plate.width - frame.u(80), frame.u(170)), color=frame.color("accent"), px=150, upper=True)
            left = len(bout.left(winner))
            words(surface, frame, frame.say("scene.duel_in_game", n=left, of=len(COLOURS)),
                  pygame.Rect(plate.x, plate.y + frame.u(310), plate.width, frame.u(60)), role="body",
                  color=frame.color("text"), px=40, shadow=False)
        else:
            # On its own plate, the warning colour made legible with its ink (red words on the blue card read
            # at under 3:1 from the back of a hall).
            band = pygame.Rect(plate.x + frame.u(40), plate.y + frame.u(50), plate.width - frame.u(80), frame.u(140))
            tone = widgets.legible(frame.color("warning"), frame)
            surface.blit(paint.panel(band.size, paint.rgb(paint.mix(tone, light_ink(frame), 0.06)), paint.rgb(tone),
                                     None, frame.u(18)), band)
            ink = widgets.ink_on(tone, frame)
            words(surface, frame, frame.say("scene.duel_disqualified"), band.inflate(-frame.u(40), -frame.u(24)),
                  color=ink, px=72, upper=True, shadow=ink == frame.color("text"))
            words(surface, frame, "0 : 0", pygame.Rect(plate.x, plate.y + frame.u(200), plate.width, frame.u(120)),
                  role="numbers", px=120)
            below = frame.say("scene.duel_silent")
            if match is not None:  # the match's last bout: under it, how the match ended
                champion, a, b = match
                below = frame.say("scene.duel_match_draw_line", a=a, b=b) if champion is None else \
                    frame.say("scene.duel_match_line", name=state.teams[champion].name, a=a, b=b)
            words(surface, frame, below, pygame.Rect(plate.x, plate.y + frame.u(330),
                  plate.width, frame.u(50)), role="body", color=frame.color("muted"), px=34, shadow=False)


def match_result(frame: Frame) -> tuple[int | None, int, int] | None:
    """After the match's last bout (a show of more than one bout): (the winner or None when level, the
    winner's bouts, the other's), the winner's first; None while the match goes on or is a single bout."""
    fmt, state = fmt_of(frame), frame.state
    if len(fmt.sheets) < 2 or not fmt.match_over(state):
        return None
    champion = fmt.match_winner(state)
    first, second = (state.teams[t].score for t in TABLES)
    return (champion, second, first) if champion == TABLES[1] else (champion, first, second)


def choices(fmt: Format, state: ShowState, at: float) -> list[Command]:
    """While a question is played and no hint is shown, a hint (its text is the host's, unforeseen): its
    plate and the queue's rows beside it are rehearsed in idle time (Projector.ahead), so a hint's first
    frame makes only its words."""
    phase = SPEC.phase_of(state)
    asking = SPEC.state_of(state).asking
    if phase not in (Phase.READING, Phase.THINKING, Phase.ANSWERING) or asking is None or asking.hint_shown:
        return []
    return [Hint(at=at, text="…", show=True)]


SCENES: dict[str, Scene] = {scene.name: scene for scene in (DuelScene(),)}
PHASES = {phase: ("title" if phase is Phase.TITLE else DuelScene.name) for phase in Phase}
