"""The results table of the written quiz (mockups/written-results.png): up to 40 teams on one screen.

Two columns of 20 rows when more than 20 teams play (one wide column otherwise); names at 32 px and
nothing under 24 px on the 1080-line grid; gold, silver and bronze place tabs; equal totals share one
place «8–10» and one stripe, so a tie reads as one block; a tour not played yet is «—».

Motion: after a tour the rows slide from their places before the tour to their new places. The still
board (title, panels, headers, stripes, places) is one layer; each row is a small cached sprite, so
every frame, moving or not, is one big blit and forty small ones (no re-composition when the motion ends).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

import pygame

from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.scenes.base import Frame, Piece, Scene
from quizshow.display.surfaces import MB, SurfaceLRU
from quizshow.display.tween import ease_in_out_cubic
from quizshow.formats.written.format import WrittenFormat
from quizshow.formats.written.model import Written
from quizshow.formats.written.spec import SPEC
from quizshow.formats.written.standings import Figure, Line, blocks, standings
from quizshow.themefile import DEFAULT_COLORS


def written(fmt: Format) -> WrittenFormat:
    """The format being shown, as what it is (its tours, questions, standings)."""
    return SPEC.format_of(fmt)


def written_state(state: ShowState) -> Written:
    """The written quiz's own state, typed (the question in play, the marks, the extra minutes)."""
    return SPEC.state_of(state)


NAME_PX = 32  # the mock-up's bar, on the 1080-line grid
MIN_PX = 24  # nothing smaller
PER_COLUMN = 20
MOVE_S = 1.6  # the re-ordering
STAGGER_S = 0.02  # each row starts a little after the one above it
MEDAL_COLORS = ("written_gold", "written_silver", "written_bronze")  # the places 1 to 3's tabs (theme colours)
MEDALS = tuple(DEFAULT_COLORS[name] for name in MEDAL_COLORS)  # their values in the house theme (#rrggbb)


@dataclass(frozen=True)
class Layout:
    """Where everything of the table goes, for `count` teams and `tours` columns (+ extras, penalty)."""

    panels: tuple[pygame.Rect, ...]
    header_y: int
    top: int
    row_h: int
    per_column: int
    columns: dict[str, tuple[int, int]]  # column -> (x offset in a panel, width)

    def slot(self, row: int) -> pygame.Rect:
        panel = self.panels[row // self.per_column]
        pad = self.columns["pad"][1]
        return pygame.Rect(panel.x + pad, self.top + (row % self.per_column) * self.row_h, panel.width - pad * 2,
                           self.row_h)


_LAYOUTS: dict[tuple, Layout] = {}


def layout(frame: Frame, count: int, tours: int, extra: bool, penalty: bool, band: bool = False) -> Layout:
    key = (frame.size, count, tours, extra, penalty, band)
    found = _LAYOUTS.get(key)
    if found is None:
        if len(_LAYOUTS) > 32:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = _layout(frame, count, tours, extra, penalty, band)
    return found


BAND_H = 104  # the figures' band under the table («взяли N из M»), on the 1080-line grid


def _layout(frame: Frame, count: int, tours: int, extra: bool, penalty: bool, band: bool = False) -> Layout:
    w, h = frame.size
    u = frame.u
    two = count > PER_COLUMN
    per_column = PER_COLUMN if two else max(1, count)
    margin, gap = u(60), u(40)
    width = (w - margin * 2 - gap) // 2 if two else min(w - margin * 2, u(1300))
    top_panel, bottom = u(140), h - u(50) - (u(BAND_H) if band else 0)
    panels = [pygame.Rect(margin, top_panel, width, bottom - top_panel)]
    if two:
        panels.append(pygame.Rect(margin + width + gap, top_panel, width, bottom - top_panel))
    else:
        panels[0].x = (w - width) // 2
    header_y = top_panel + u(10)
    top = header_y + u(50)
    row_h = min(u(60), (bottom - u(12) - top) // per_column)
    pad = u(10)
    inner = width - pad * 2
    place_w, tour_w, sum_w = u(110), u(70), u(100)
    small = [("extra", u(62))] if extra else []
    small += [("penalty", u(62))] if penalty else []
    numbers_w = tour_w * tours + sum(wd for _, wd in small) + sum_w
    name_w = inner - place_w - numbers_w - u(20)
    columns = {"pad": (0, pad), "place": (0, place_w), "name": (place_w + u(14), name_w)}
    x = place_w + u(14) + name_w + u(6)
    for t in range(tours):
        columns[f"t{t}"] = (x, tour_w)
        x += tour_w
    for key, wd in small:
        columns[key] = (x, wd)
        x += wd
    columns["sum"] = (x, sum_w)
    return Layout(tuple(panels), header_y, top, row_h, per_column, columns)


class RowSprites:
    """Each row's picture (name and numbers) by what it shows: drawn once, blitted every frame."""

    def __init__(self, budget: int = 8 * MB) -> None:
        self._cache: SurfaceLRU[Hashable, pygame.Surface] = SurfaceLRU(budget)  # by bytes (40 rows at 1080p: ~3 MB)
        # Each sprite's parts that hold a pixel (its words and numbers; a medal row's frame: all of it)
        self._parts: WeakKeyDictionary[pygame.Surface, list[pygame.Rect]] = WeakKeyDictionary()

    def get(self, frame: Frame, line: Line, box: Layout, tours: int, extra: bool, penalty: bool,
            waiting: bool = False) -> pygame.Surface:
        slot = box.slot(0)
        medal = min(line.place[0], 4)  # the frame's colour: gold, silver, bronze, none (not just «a medal»)
        key = (id(frame.text), line.name, line.tours, line.extra, line.penalty, line.total, medal, line.place_text,
               slot.size, tuple(box.columns.items()), extra, penalty, waiting)
        found = self._cache.get(key)
        if found is not None:
            return found
        sprite = pygame.Surface(slot.size, pygame.SRCALPHA)
        draw_row(sprite, frame, line, box, tours, extra, penalty, waiting)
        self._parts[sprite] = _inked(sprite)
        return self._cache.put(key, sprite)

    def blit(self, surface: pygame.Surface, sprite: pygame.Surface, at: tuple[int, int]) -> None:
        """A row's picture at `at`: only its parts that hold a pixel (a row is mostly clear: blending all of
        it cost ~6 ms a frame for 40 rows at 3840×2160). A clear pixel blended leaves the pixel under it as it
        was, so the picture is the same."""
        parts = self._parts.get(sprite)
        if parts is None:
            surface.blit(sprite, at)
            return
        for part in parts:
            surface.blit(sprite, (at[0] + part.x, at[1] + part.y), part)


def _inked(sprite: pygame.Surface, strips: int = 24) -> list[pygame.Rect]:
    """The parts of a picture that hold a pixel: its bounding rectangle within each of `strips` vertical
    strips, neighbours that both hold one merged."""
    w, h = sprite.get_size()
    parts: list[pygame.Rect] = []
    step = max(1, -(-w // strips))
    for x in range(0, w, step):
        found = sprite.subsurface(pygame.Rect(x, 0, min(step, w - x), h)).get_bounding_rect()
        if not found.width or not found.height:
            continue
        found.x += x
        if parts and parts[-1].right == found.x:
            parts[-1] = parts[-1].union(found)
        else:
            parts.append(found)
    return parts


def text_in(surface: pygame.Surface, frame: Frame, text: str, role: str, rect: pygame.Rect, color: pygame.Color,
            px: int, align: str = "center") -> None:
    """One line of table text, never under MIN_PX (a longer name ends in «…» instead). Fitted by width:
    the line's own leading may reach past a tight row, the letters do not."""
    room = (rect.width, max(rect.height, round(frame.u(px) * 1.35)))
    img = frame.text.fit(text, role, room, color, frame.u(px), min_px=frame.u(MIN_PX), align=align, wrap=False)
    anchor = {"left": "midleft", "right": "midright"}.get(align, "center")
    surface.blit(img, img.get_rect(**{anchor: getattr(rect, anchor)}))


def draw_row(surface: pygame.Surface, frame: Frame, line: Line, box: Layout, tours: int, extra: bool,
             penalty: bool, waiting: bool = False) -> None:
    h = surface.get_height()
    medal = line.place[0] <= 3
    text = frame.color("text")
    draw_place(surface, frame, line, box)
    x, wd = box.columns["name"]
    text_in(surface, frame, line.name, "heading", pygame.Rect(x, 0, wd, h), text, NAME_PX, align="left")
    for t in range(tours):
        x, wd = box.columns[f"t{t}"]
        value = line.tours[t]
        shown, color = ("—", frame.color("muted")) if value is None else (str(value), text)
        text_in(surface, frame, shown, "numbers", pygame.Rect(x, 0, wd, h), color, 38)
    if extra:
        x, wd = box.columns["extra"]
        text_in(surface, frame, "—" if line.extra is None else str(line.extra), "numbers", pygame.Rect(x, 0, wd, h),
                text, 40)
    if penalty:
        x, wd = box.columns["penalty"]
        text_in(surface, frame, f"−{line.penalty}" if line.penalty else "", "numbers", pygame.Rect(x, 0, wd, h),
                frame.color("negative"), 40)
    x, wd = box.columns["sum"]
    total = f"−{-line.total}" if line.total < 0 else str(line.total)
    text_in(surface, frame, total, "numbers", pygame.Rect(x, 0, wd, h), frame.color("accent"), 44)
    if waiting:  # a dispute or an appeal of this team awaits its jury: the total may still change
        draw_waiting(surface, frame, pygame.Rect(x - frame.u(6), 0, frame.u(30), h))
    if medal:  # a gold/silver/bronze row keeps its frame when it moves
        pygame.draw.rect(surface, frame.color(MEDAL_COLORS[line.place[0] - 1]), surface.get_rect(), max(1, frame.u(2)),
                         border_radius=frame.u(8))


def draw_waiting(surface: pygame.Surface, frame: Frame, rect: pygame.Rect) -> None:
    """The mark of a row whose total waits for a jury: a small «?» disc in the warning colour."""
    radius = min(rect.width, rect.height) // 2 - frame.u(2)
    centre = rect.center
    pygame.draw.circle(surface, frame.color("written_waiting"), centre, radius)
    img = frame.text.fit("?", "numbers", (radius * 2, radius * 2), frame.color("panel_dark"), frame.u(24),
                         min_px=frame.u(16), align="center", wrap=False)
    surface.blit(img, img.get_rect(center=centre))


def draw_place(surface: pygame.Surface, frame: Frame, line: Line, box: Layout) -> None:
    """A row's place (its medal tab and tint on the podium): part of the row, so it moves with its team."""
    w, h = surface.get_size()
    x, wd = box.columns["place"]
    rect = pygame.Rect(x, frame.u(3), wd, h - frame.u(6))
    color = frame.color("text")
    if line.place[0] <= 3:  # the medal tab, and a tinted row behind the name
        medal = frame.color(MEDAL_COLORS[line.place[0] - 1])
        row_rect = pygame.Rect(0, rect.y, w, rect.height)
        surface.blit(_sheen(paint.mix(frame.color("panel_dark"), medal, 0.4), frame.color("panel_dark"),
                            row_rect.size), row_rect)
        pygame.draw.rect(surface, medal, rect, border_top_left_radius=frame.u(8),
                         border_bottom_left_radius=frame.u(8))
        color = frame.color("panel_dark")
    text_in(surface, frame, line.place_text, "numbers", rect, color, 36)


@dataclass
class _Move:
    """The rows' order on screen: where they set off from (None: the table before the tour) and when."""

    anim: object  # whose (the window's animations)
    order: tuple[int, ...]
    start: dict[int, tuple[int, int]] | None
    since: float
    shown: dict[int, tuple[int, int]] = field(default_factory=dict)


def previous_lines(frame: Frame) -> list[Line] | None:
    """The table as it stood before the tour (or the extra questions) now shown: where rows start from."""
    fmt, state = written(frame.fmt), frame.state
    after = written_state(state).results_after
    asked = fmt.asked(state)
    if after is None:
        return None
    cut = next((i for i, a in enumerate(asked) if (a.tour is None if after < 0 else a.tour == after)), None)
    if cut is None:
        return None
    names = [t.name for t in state.teams]
    return standings(names, asked[:cut], len(fmt.tours), written_state(state), int(fmt.rules["extra_player_penalty"]))


class ResultsScene(Scene):
    name = "written_results"
    sprites = RowSprites()
    # The standings of the state last drawn (lines, the lines before the tour): a state is immutable,
    # so they are computed once per state, not three times a frame.
    _memo: tuple[object, list[Line], list[Line] | None, tuple] | None = None
    # The order on screen and where each row was last drawn, by (animations, size, table).
    _moves: dict[Hashable, _Move] = {}

    @staticmethod
    def shape(frame: Frame, lines: Sequence[Line]) -> tuple[int, bool, bool]:
        tours = len(written(frame.fmt).tours)
        return tours, any(line.extra is not None for line in lines), any(line.penalty for line in lines)

    @staticmethod
    def box(frame: Frame, lines: Sequence[Line]) -> Layout:
        tours, extra, penalty = ResultsScene.shape(frame, lines)
        return layout(frame, len(lines), tours, extra, penalty, bool(figures_shown(frame)))

    def key(self, frame: Frame) -> Hashable:
        return self.name, written_state(frame.state).results_after

    def _computed(self, frame: Frame) -> tuple[list[Line], list[Line] | None]:
        memo = self._memo
        if memo is None or memo[0] is not frame.state:
            lines = written(frame.fmt).lines(frame.state)
            digest = tuple((ln.team, ln.total, ln.tours, ln.extra, ln.penalty, ln.place) for ln in lines)
            memo = self._memo = (frame.state, lines, previous_lines(frame), digest)
        return memo[1], memo[2]

    def _lines(self, frame: Frame) -> list[Line]:
        return self._computed(frame)[0]

    def _motion(self, frame: Frame, lines: list[Line]) -> tuple[float, dict[int, int]] | None:
        """(age, team → row before) while the rows are moving; None when they stand still."""
        before = self._computed(frame)[1]
        if before is None:
            return None
        after = written_state(frame.state).results_after
        age = frame.anim.age(("written_order", after, tuple(ln.team for ln in lines)), frame.now)
        if age >= MOVE_S + STAGGER_S * len(lines):
            return None
        return age, {line.team: row for row, line in enumerate(before)}

    def prepare(self, frame: Frame) -> pygame.Surface | None:
        """The board, and the rows' sprites too: the app prepares the table before Next shows it, so its
        first frame only blits."""
        layer = super().prepare(frame)
        lines = self._lines(frame)
        tours, extra, penalty = self.shape(frame, lines)
        box = self.box(frame, lines)
        w = written_state(frame.state)
        for line in lines:
            self.sprites.get(frame, line, box, tours, extra, penalty, w.awaiting(line.team))
        return layer

    def static_key(self, frame: Frame) -> Hashable:
        self._lines(frame)
        w = written_state(frame.state)
        return w.results_after, self._memo[3] if self._memo else None, frame.state.phase, w.awaiting(), \
            tuple(figures_shown(frame))

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        """The board: background, titles, panels, headers, stripes and places (they belong to the rows'
        slots, not to the teams, so they stand still while the teams move)."""
        lines = self._lines(frame)
        tours, extra, penalty = self.shape(frame, lines)
        box = self.box(frame, lines)
        frame.paint_background(surface)
        self._titles(surface, frame)
        self._board(surface, frame, box, lines, tours, extra, penalty)
        shown = figures_shown(frame)
        if shown:
            draw_figures(surface, frame, shown, box)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        """The teams' rows: sliding from their places before the tour, then standing in their places."""
        for sprite, at in self._placed(frame):
            self.sprites.blit(surface, sprite, at)

    def moving(self, frame: Frame) -> list[Piece] | None:
        """Each team's row where it is this frame: only the rows that moved are drawn again."""
        return [(pygame.Rect(at, sprite.get_size()), (id(sprite), at)) for sprite, at in self._placed(frame)]

    def _placed(self, frame: Frame) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Each team's row picture and where it is this frame."""
        lines = self._lines(frame)
        tours, extra, penalty = self.shape(frame, lines)
        box = self.box(frame, lines)
        w = written_state(frame.state)
        order = tuple(line.team for line in lines)
        key = (id(frame.anim), frame.size, written_state(frame.state).results_after)
        move = self._moves.pop(key, None)  # (put back last: the window on air's is never the oldest)
        if move is not None and move.anim is not frame.anim:  # another window's, gone: its number reused
            move = None
        if move is None or move.order != order:
            # The order changed with the table on screen (a corrected cell): the rows go on from where they
            # stand, not from the table before the tour.
            shown = move.shown if move is not None and set(move.shown) == set(order) else None
            move = _Move(frame.anim, order, dict(shown) if shown else None, frame.now)
        self._moves[key] = move
        while len(self._moves) > 8:  # offscreen rehearsals' (each its own animations), the oldest first
            del self._moves[next(iter(self._moves))]
        placed = []
        motion: tuple[float, dict[int, int]] | None
        start_at: dict[int, tuple[int, int]]
        if move.start is not None:
            age, start_at = frame.now - move.since, move.start
            motion = None if age >= MOVE_S + STAGGER_S * len(lines) else (age, {})
        else:
            motion, start_at = self._motion(frame, lines), {}
        for row, line in enumerate(lines):
            sprite = self.sprites.get(frame, line, box, tours, extra, penalty, w.awaiting(line.team))
            end = box.slot(row)
            if motion is None:
                placed.append((sprite, (end.x, end.y)))
                continue
            age, before = motion
            slot = box.slot(before.get(line.team, row))
            sx, sy = start_at.get(line.team, (slot.x, slot.y))
            t = ease_in_out_cubic(max(0.0, min(1.0, (age - STAGGER_S * row) / MOVE_S)))
            placed.append((sprite, (round(sx + (end.x - sx) * t), round(sy + (end.y - sy) * t))))
        move.shown = {line.team: at for line, (_, at) in zip(lines, placed, strict=True)}
        return placed

    # --- the still board ------------------------------------------------------------------------------

    def _titles(self, surface: pygame.Surface, frame: Frame) -> None:
        w = frame.size[0]
        w_state, fmt = written_state(frame.state), written(frame.fmt)
        after = w_state.results_after
        # The tour just played, while more tours follow (None: the final table).
        tour = after if after is not None and 0 <= after < len(fmt.tours) - 1 else None
        title = frame.say("scene.written_results_after", n=tour + 1) if tour is not None else \
            frame.say("scene.written_results_final")
        played = fmt.scored_count(w_state.number)  # a warm-up is not counted: it is in no table
        sub = frame.say("scene.written_played", n=played, of=fmt.scored_count())
        if tour is not None:
            sub += " · " + frame.say("scene.written_next_tour", n=tour + 2)
        if w_state.extra_count:
            sub += " · " + frame.say("scene.written_extras_played", n=w_state.extra_count)
        waiting = w_state.awaiting()
        if waiting:  # a dispute or appeal awaits its jury: the table is provisional, said where the title is read
            title = frame.say("scene.written_provisional", title=title)
            sub = frame.say("scene.written_may_change")
        img = frame.text.fit(title.upper(), "heading", (w - frame.u(200), frame.u(56)), frame.color("accent"),
                             frame.u(46), shadow=True, wrap=False)
        surface.blit(img, img.get_rect(midtop=(w // 2, frame.u(28))))
        color = frame.color("written_waiting") if waiting else frame.color("muted")
        img = frame.text.fit(sub, "body", (w - frame.u(200), frame.u(40)), color, frame.u(30 if waiting else 28),
                             min_px=frame.u(MIN_PX), wrap=False)
        surface.blit(img, img.get_rect(midtop=(w // 2, frame.u(88))))

    def _board(self, surface: pygame.Surface, frame: Frame, box: Layout, lines: list[Line], tours: int,
               extra: bool, penalty: bool) -> None:
        u = frame.u
        edge = frame.color("panel_edge")
        for panel in box.panels:
            body = paint.panel(panel.size, paint.rgb(paint.mix(frame.color("panel_dark"), frame.color("panel"), 0.15)),
                               paint.rgb(frame.color("panel_dark")), paint.rgb(edge), u(16), max(1, u(2)))
            surface.blit(body, panel)
            heads = [("place", frame.say("scene.written_place"), "center"),
                     ("name", frame.say("scene.written_team"), "left")]
            heads += [(f"t{t}", frame.say("scene.written_tour_short", n=t + 1), "center") for t in range(tours)]
            heads += [("extra", frame.say("scene.written_extra_short"), "center")] if extra else []
            heads += [("penalty", frame.say("scene.written_penalty_short"), "center")] if penalty else []
            heads.append(("sum", frame.say("scene.written_sum"), "center"))
            pad = box.columns["pad"][1]
            for key, label, align in heads:
                x, wd = box.columns[key]
                rect = pygame.Rect(panel.x + pad + x, box.header_y, wd, u(44))
                text_in(surface, frame, label.upper(), "heading", rect, frame.color("accent"), 26, align=align)
            line_y = box.header_y + u(46)
            pygame.draw.line(surface, paint.mix(edge, frame.color("panel_dark"), 0.3),
                             (panel.x + pad, line_y), (panel.right - pad, line_y), max(1, u(2)))
        stripe = paint.mix(frame.color("panel"), frame.color("panel_dark"), 0.45)
        for i, (first, last) in enumerate(blocks(lines)):
            frame.give_way()
            place = lines[first].place[0]
            # One stripe per tied block, every other block, split where the block wraps to the next column.
            if place > 3 and i % 2 == 1:
                for column_rows in _split(first, last, box.per_column):
                    a, b = box.slot(column_rows[0]), box.slot(column_rows[1])
                    rect = pygame.Rect(a.x, a.y + u(2), a.width, b.bottom - a.y - u(4))
                    pygame.draw.rect(surface, stripe, rect, border_radius=u(8))


def _sheen(left: pygame.Color, right: pygame.Color, size: tuple[int, int]) -> pygame.Surface:
    """A medal row's tint, fading from the tab across the row."""
    seed = pygame.Surface((2, 1))
    seed.set_at((0, 0), left)
    seed.set_at((1, 0), right)
    return pygame.transform.smoothscale(seed, size)


def _split(first: int, last: int, per_column: int) -> list[tuple[int, int]]:
    parts = []
    while first <= last:
        end = min(last, (first // per_column + 1) * per_column - 1)
        parts.append((first, end))
        first = end + 1
    return parts


def figures_shown(frame: Frame) -> list[Figure]:
    """«Взяли N из M» for the tour whose table is on screen, when the show asks for it (`question_figures`);
    [] otherwise (the extra questions' table, or the rule off)."""
    fmt, w = written(frame.fmt), written_state(frame.state)
    after = w.results_after
    if not fmt.rules.get("question_figures") or after is None or after < 0:
        return []
    return [f for f in fmt.figures(frame.state) if fmt.tour_of(f.number) == after]


def draw_figures(surface: pygame.Surface, frame: Frame, shown: list[Figure], box: Layout) -> None:
    """The band under the table: «ВЗЯЛИ» and, for each question of the tour, its number, how many teams took it
    (big) out of how many played it, and a bar as long as that share; a removed question says so."""
    u = frame.u
    fmt = written(frame.fmt)
    left, right = box.panels[0].x, box.panels[-1].right
    top = box.panels[0].bottom + u(14)
    band = pygame.Rect(left, top, right - left, u(BAND_H) - u(10))
    body = paint.panel(band.size, paint.rgb(frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                       paint.rgb(frame.color("panel_edge")), u(14), max(1, u(2)))
    surface.blit(body, band)
    label_w = u(190)
    of = max((f.of for f in shown), default=0)
    text_in(surface, frame, frame.say("scene.written_taken").upper(), "heading",
            pygame.Rect(band.x + u(18), band.y + u(8), label_w, u(44)), frame.color("accent"), 32, align="left")
    text_in(surface, frame, frame.say("scene.written_taken_of", n=of), "body",
            pygame.Rect(band.x + u(18), band.y + u(50), label_w, u(36)), frame.color("muted"), 26, align="left")
    room = band.width - label_w - u(36)
    step = room // max(1, len(shown))
    for i, figure in enumerate(shown):
        tile = pygame.Rect(band.x + label_w + u(24) + i * step, band.y + u(8), step - u(10), band.height - u(16))
        text_in(surface, frame, fmt.label(figure.number), "numbers", pygame.Rect(tile.x, tile.y, tile.width, u(30)),
                frame.color("muted"), 24)
        if figure.removed:
            text_in(surface, frame, frame.say("scene.written_removed"), "heading",
                    pygame.Rect(tile.x, tile.y + u(30), tile.width, u(44)), frame.color("written_waiting"), 26)
            continue
        text_in(surface, frame, str(figure.taken), "numbers", pygame.Rect(tile.x, tile.y + u(26), tile.width, u(46)),
                frame.color("text"), 40)
        bar = pygame.Rect(tile.x + u(8), tile.bottom - u(10), tile.width - u(16), u(6))
        pygame.draw.rect(surface, paint.mix(frame.color("panel"), frame.color("panel_dark"), 0.3), bar,
                         border_radius=u(3))
        if figure.of and figure.taken:
            filled = bar.copy()
            filled.width = max(u(6), bar.width * figure.taken // figure.of)
            pygame.draw.rect(surface, frame.color("accent"), filled, border_radius=u(3))
