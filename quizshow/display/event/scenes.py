"""A tournament day on the projector: the draw, the group tables, the standings, the bracket, the next
match; while a match is played, the match format's own scenes (given the nested state and format).

The tables after the mock-up (shared/mockups/tournament-groups.png): groups side by side, «И В Н П»,
«ОТВЕТЫ» for–against and the difference with a real minus, «ОЧКИ»; those who go on have a green edge;
a close place decided by a tie-breaker is ringed in gold, and the box under the table names the
criterion and its numbers. Everything is computed from the results (quizshow/event/day.py). Still
pictures are composed once per change of the day and blitted every frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from weakref import WeakKeyDictionary

import pygame

from quizshow import registry
from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.brainring.scenes import TablesTitleScene
from quizshow.display.scenes import COMMON
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.cards import TitleScene
from quizshow.display.svoyak.scenes import words
from quizshow.display.text import TextCache
from quizshow.display.tween import ease_out_back
from quizshow.event import day as D
from quizshow.event import seed004
from quizshow.event.common import effective
from quizshow.event.model import GROUP_IDS, GROUP_NAMES, Day, Fixture
from quizshow.event.tiebreak import Split
from quizshow.formats.tournament.format import TournamentFormat
from quizshow.formats.tournament.model import EventState

GREEN = pygame.Color("#2fbf71")
MEDALS = (pygame.Color("#ffc83d"), pygame.Color("#c9d1e0"), pygame.Color("#cd8a4a"))


def event_of(frame: Frame) -> EventState:
    return TournamentFormat.event(frame.state)


def frame_day(frame: Frame) -> Day:
    return event_of(frame).day


def day_key(frame: Frame) -> Hashable:
    """What a picture of the day depends on: it is composed again only when one of these changes."""
    day = event_of(frame).day
    return day.results, day.removed, day.order, frame.language


_SCRATCH = pygame.Surface((1, 1))  # warm-up drawing lands here: only the texts and panels it makes are kept
# (scene, day_key, size) drawn once in idle time, by the text cache the texts were made in: a new
# projector (a fresh cache) warms its own.
_WARMED: WeakKeyDictionary[TextCache, set[Hashable]] = WeakKeyDictionary()


def warm_day(frame: Frame) -> bool:
    """Idle time: draw the day's still pictures once offscreen (one a call), so the fonts, panels and
    texts they use exist before new results or a screen change cut to them; True while more is left.
    A first composition of the group tables otherwise costs ~30 ms at 1920×1080, mostly fonts and panels."""
    key = day_key(frame)
    warmed = _WARMED.setdefault(frame.text, set())
    if (OWN["ev_standings"].name, key, frame.size) not in warmed and not D.tables(frame_day(frame)):
        return False  # the draw is not over: no tables to draw yet
    for scene in (OWN["ev_standings"], OWN["ev_bracket"], OWN["ev_next"]):
        mark = (scene.name, key, frame.size)
        if mark not in warmed:
            if len(warmed) > 64:  # a long day: forget the old ones
                warmed.clear()
            warmed.add(mark)
            scene.draw_static(_SCRATCH, frame)
            return True
    return False


def group_name(gid: str) -> str:
    return GROUP_NAMES[GROUP_IDS.index(gid)] if gid in GROUP_IDS else gid


def team_name(day: Day, team: int) -> str:
    return day.teams[team].name


def source_label(frame: Frame, day: Day, source: str) -> str:
    """Where a bracket slot's team comes from, in words («Победитель ЧФ1», «1-я группы А»)."""
    kind, _, rest = source.partition(":")
    if kind == "T":
        return team_name(day, int(rest))
    if kind == "W":
        return frame.say("ev.winner_of", fixture=fixture_label(frame, rest))
    if kind == "G":
        return frame.say("ev.from_group", group=group_name(rest[0]), place=rest[1:])
    if kind == "Q":
        return frame.say("ev.qual_place", n=rest)
    if kind == "X":
        return frame.say("ev.best_next")
    return frame.say("ev.tbd")


def fixture_label(frame: Frame, fid: str) -> str:
    """QF1 → ЧФ1, SF2 → ПФ2, F → Финал (the screen's own short names)."""
    ru = frame.language == "ru"
    for prefix, short in (("QF", "ЧФ" if ru else "QF"), ("SF", "ПФ" if ru else "SF")):
        if fid.startswith(prefix) and fid[len(prefix):].isdigit():
            return short + fid[len(prefix):]
    if fid == "SFR":
        return "ПФ*" if ru else "SF*"
    if fid == "F":
        return frame.say("stage.final")
    return fid


PLACE_PX = 44  # every place of a table in one size, «2–3» as big as «1»


def place_text(place: tuple[int, int]) -> str:
    """«3», or a shared place «2–3»."""
    a, b = place
    return str(a) if a == b else f"{a}–{b}"


def number(surface: pygame.Surface, frame: Frame, text: str, box: pygame.Rect, color: pygame.Color, px: int) -> None:
    """A number on one line, shrunk to fit its cell, centred."""
    img = frame.text.fit(text, "numbers", box.size, color, frame.u(px), wrap=False)
    surface.blit(img, img.get_rect(center=box.center))


def panel(surface: pygame.Surface, frame: Frame, rect: pygame.Rect, top: pygame.Color | None = None,
          edge: pygame.Color | None = None) -> None:
    body = paint.panel(rect.size, paint.rgb(top or frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                       paint.rgb(edge) if edge is not None else None, frame.u(14), max(1, frame.u(2)))
    surface.blit(body, rect)


# --- a match being played: the nested format's scene -------------------------------------------------------


def match_caption(frame: Frame, ev: EventState) -> str:
    """The fixture being played and its group or stage: «A1 · Группа А», «ЧФ2 · Четвертьфинал», «Финал»."""
    fid = ev.playing or ""
    label = fixture_label(frame, fid)
    fixture = D.plan(ev.day).get(fid)
    if fixture is None:
        return label
    what = frame.say("ev.group_of", name=group_name(fixture.group)) if fixture.group else \
        frame.say("stage." + fixture.stage)
    if fixture.stage == "replay":  # «RA1 · Переигровка · Группа А»
        what = f"{frame.say('stage.replay')} · {what}"
    return label if what == label else f"{label} · {what}"


class FixtureTitleScene(TablesTitleScene):
    """A tournament match's opening card: its caption (`match_caption`, the frame's title) on the card, the
    two teams at the tables in the strip."""

    name = "ev_fixture_title"

    def static_key(self, frame: Frame) -> Hashable:
        return self.name, frame.title


FIXTURE_TITLE = FixtureTitleScene()


class MatchScene(Scene):
    """Any phase of a nested match: the match format's scene for its phase, drawn on a frame that holds
    the nested state and format (the match's scenes never see the event)."""

    name = "ev_match"

    def _inner(self, frame: Frame) -> tuple[Scene, Frame]:
        ev = event_of(frame)
        fmt = frame.fmt.match_format(ev)  # type: ignore[attr-defined]
        views = registry.views(fmt.id)
        assert ev.match is not None
        scene, title = views.scene(ev.match.phase, COMMON["title"]), frame.title
        if isinstance(scene, TitleScene):  # the opening card names the fixture, not the show
            scene, title = FIXTURE_TITLE, match_caption(frame, ev)
        inner = Frame(ev.match, fmt, frame.theme, frame.text, frame.now, frame.size, frame.language,
                      title, frame.anim, frame.layers, frame.give_way)
        return scene, inner

    def key(self, frame: Frame) -> Hashable:
        scene, inner = self._inner(frame)
        return self.name, event_of(frame).playing, scene.key(inner)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        scene, inner = self._inner(frame)
        scene.draw(surface, inner)

    def prepare(self, frame: Frame) -> pygame.Surface | None:
        scene, inner = self._inner(frame)
        return scene.prepare(inner)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def warm(self, frame: Frame) -> bool:
        scene, inner = self._inner(frame)
        return scene.warm(inner) or warm_day(frame)


# --- the tables ----------------------------------------------------------------------------------------


WEIGHTS = {"answers": 3.0, "points": 1.5, "rating": 1.6, "tally": 1.6}


def split_text(frame: Frame, day: Day, split: Split) -> tuple[str, str]:
    """(the headline, the numbers) of a close place: «Северяне выше по личной встрече», «личная встреча:
    Северяне — Гамма 3:2»; «разница ответов: +2 и +1»."""
    first = [t for t, v in zip(split.teams, split.values, strict=False) if v == split.values[0]] \
        if split.values else [split.teams[0]]
    joined = (" и " if frame.language == "ru" else " & ").join(team_name(day, t) for t in first)
    head = frame.say(f"ev.split.{split.criterion}", team=joined)
    if split.criterion in ("h2h", "replay") and len(split.teams) == 2:
        a, b = split.teams
        for r in reversed(day.results):
            if set(r.teams) == {a, b} and r.scores and (split.criterion == "replay") == r.fixture.startswith("R"):
                score = f"{r.score_of(a)}:{r.score_of(b)}"
                return head, frame.say(f"ev.numbers.{split.criterion}", a=team_name(day, a), b=team_name(day, b),
                                       score=score)
    values = " · ".join(f"{team_name(day, t)} {v}" for t, v in zip(split.teams, split.values, strict=False))
    return head, frame.say(f"ev.numbers.{split.criterion}.many", values=values) if values else ""


def shared_text(frame: Frame, day: Day, table: D.Table, teams: tuple[int, ...], due: bool) -> tuple[str, str]:
    """(the headline, the line under it) of a place still shared: the replay or play-off it waits for, or
    that the teams share it («Сфинкс и Пульсар делят места 3–4»)."""
    rows = [r for r in table.rows if r.team in teams]
    a, b = rows[0].place if rows else (0, 0)
    places = str(a) if a == b else f"{a}–{b}"
    if due:
        names = ", ".join(team_name(day, t) for t in teams)
        key = "ev.replay_due" if day.regulation.name == "seed-004" else "ev.playoff_due"
        return frame.say(key, teams=names), frame.say("ev.shared_places", places=places)
    joined = (" и " if frame.language == "ru" else " & ").join(team_name(day, t) for t in teams)
    return frame.say("ev.shared_head", teams=joined, places=places), frame.say("ev.all_equal")


def close_places(frame: Frame, places: list[int], points: str) -> str:
    """«Места 2 и 3 · по 3 очка»."""
    low, high = min(places), max(places)
    listed = f"{low}–{high}" if high - low > 1 else (" и " if frame.language == "ru" else " & ").join(
        str(p) for p in sorted(set(places)))
    return frame.say("ev.close", places=listed, points=points_words(frame, points))


def points_words(frame: Frame, points: str) -> str:
    if frame.language != "ru" or not points.lstrip("-").isdigit():
        return f"{points} pts" if frame.language != "ru" else points
    n = abs(int(points))
    word = "очко" if n % 10 == 1 and n % 100 != 11 else "очка" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 \
        else "очков"
    return f"{points} {word}"


class DayScene(Scene):
    """A still picture of the day: composed once per change of the results, blitted every frame."""

    def static_key(self, frame: Frame) -> Hashable:
        return day_key(frame)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def warm(self, frame: Frame) -> bool:
        return warm_day(frame)


class StandingsScene(DayScene):
    """Seed 004: the group tables side by side; seed 001: the qualifying table and the tournament points.
    At the bottom, the next match."""

    name = "ev_standings"

    def key(self, frame: Frame) -> Hashable:
        return self.name


    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        for step in self._steps(surface, frame):
            step()

    def prepare_part(self, frame: Frame, parts: int) -> bool:
        """Compose one more piece of the layer (the heading, a group's table, the legend and next match),
        in the order draw_static draws them: new results' texts cost ~5 ms a table to lay out, too much
        for one frame; the outgoing picture stands still meanwhile (as for a big layer's bands)."""
        key = (self.name, self.static_key(frame), frame.size)
        layer = frame.layers.get(key)
        if layer is not None and key not in frame.layers.partial:
            return True
        if layer is None:
            layer = frame.layers.new(key, frame.size)
        steps = self._steps(layer, frame)
        done = frame.layers.partial.get(key, (0, len(steps)))[0]
        steps[done]()
        if done + 1 >= len(steps):
            frame.layers.partial.pop(key, None)
            return True
        frame.layers.partial[key] = (done + 1, len(steps))
        return False

    def _steps(self, surface: pygame.Surface, frame: Frame) -> list[Callable[[], None]]:
        """The group tables' picture as pieces drawn in order (one piece: the other layouts)."""
        day = event_of(frame).day
        w, h = frame.size
        tables = D.tables(day)
        if day.regulation.name == "seed-004" and not any(t.title == "final" for t in tables):
            def heading() -> None:
                frame.paint_background(surface)
                words(surface, frame, frame.say("ev.standings") + " · " + frame.say("ev.groups"),
                      pygame.Rect(0, frame.u(22), w, frame.u(64)), color=frame.color("accent"), px=52)
                words(surface, frame, frame.say("ev.rules004"), pygame.Rect(0, frame.u(86), w, frame.u(36)),
                      role="body", color=frame.color("muted"), px=30, shadow=False)

            area = pygame.Rect(frame.u(60), frame.u(140), w - frame.u(120), h - frame.u(140) - frame.u(250))
            return [heading, *(lambda i=i, part=part: self._groups(surface, frame, day, tables, area, only=i, part=part)
                               for i in range(len(tables)) for part in ("body", "note")),
                    lambda: self._bottom(surface, frame, day)]
        return [lambda: self._whole(surface, frame)]

    def _bottom(self, surface: pygame.Surface, frame: Frame, day: Day) -> None:
        w, h = frame.size
        legend = pygame.Rect(frame.u(60), h - frame.u(240), w - frame.u(120), frame.u(40))
        self._legend(surface, frame, legend, day)
        next_match(surface, frame, day, pygame.Rect(frame.u(60), h - frame.u(180), w - frame.u(120), frame.u(130)))

    def _whole(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        day = event_of(frame).day
        w, h = frame.size
        tables = D.tables(day)
        final = next((t for t in tables if t.title == "final"), None)
        if final is not None:  # the day is decided: its places (the group tables stay in the export)
            words(surface, frame, frame.title, pygame.Rect(0, frame.u(22), w, frame.u(64)),
                  color=frame.color("accent"), px=52)
            area = pygame.Rect(frame.u(60), frame.u(110), w - frame.u(120), h - frame.u(110) - frame.u(120))
            half = -(-len(final.rows) // 2)
            gap = frame.u(26)
            width = (area.width - gap) // 2
            for k, part in enumerate((final.rows[:half], final.rows[half:])):
                sub = D.Table("final", tuple(part))
                box = pygame.Rect(area.x + k * (width + gap), area.y, width,
                                  min(area.height, self._height(frame, sub, half)))
                self._table(surface, frame, day, sub, box, frame.say("ev.final_places") if k == 0 else "",
                            compact=False, lines=half)
            return
        if day.regulation.name == "seed-004":
            words(surface, frame, frame.say("ev.standings") + " · " + frame.say("ev.groups"),
                  pygame.Rect(0, frame.u(22), w, frame.u(64)), color=frame.color("accent"), px=52)
            words(surface, frame, frame.say("ev.rules004"), pygame.Rect(0, frame.u(86), w, frame.u(36)), role="body",
                  color=frame.color("muted"), px=30, shadow=False)
            area = pygame.Rect(frame.u(60), frame.u(140), w - frame.u(120), h - frame.u(140) - frame.u(250))
            self._groups(surface, frame, day, tables, area)
        else:
            words(surface, frame, frame.title, pygame.Rect(0, frame.u(22), w, frame.u(64)),
                  color=frame.color("accent"), px=52)
            area = pygame.Rect(frame.u(60), frame.u(110), w - frame.u(120), h - frame.u(110) - frame.u(250))
            # Seed 001: the qualifying table (who goes to the semi-finals) beside the tournament points.
            gap = frame.u(26)
            width = (area.width - gap) // 2
            height = min(area.height, max(self._height(frame, t, len(t.rows)) for t in tables))
            for k, (table, title) in enumerate(((tables[0], "ev.qualifying"), (tables[1], "ev.points"))):
                box = pygame.Rect(area.x + k * (width + gap), area.y, width, height)
                self._table(surface, frame, day, table, box, frame.say(title), compact=False)
        self._bottom(surface, frame, day)

    def _groups(self, surface: pygame.Surface, frame: Frame, day: Day, tables: list[D.Table],
                area: pygame.Rect, only: int | None = None, part: str = "all") -> None:
        count = len(tables)
        per_row = min(4, count)
        rows = -(-count // per_row)
        gap = frame.u(26)
        width = (area.width - gap * (per_row - 1)) // per_row
        height = (area.height - gap * (rows - 1)) // rows
        most = max(len(t.rows) for t in tables)
        height = min(height, max(self._height(frame, t, most) for t in tables))  # one height: a calm row
        for i, table in enumerate(tables):
            if only is not None and i != only:
                continue
            frame.give_way()
            r, col = divmod(i, per_row)
            box = pygame.Rect(area.x + col * (width + gap), area.y + r * (height + gap), width, height)
            self._table(surface, frame, day, table, box, frame.say("ev.group", name=group_name(table.title)),
                        compact=per_row >= 3, part=part)

    def _table(self, surface: pygame.Surface, frame: Frame, day: Day, table: D.Table, box: pygame.Rect, title: str,
               compact: bool, notes: bool = True, lines: int | None = None, part: str = "all") -> None:
        """`part`: "all", the "body" without the note, or the "note" alone (the body then only measured)."""
        body = _SCRATCH if part == "note" else surface
        u = frame.u
        panel(body, frame, box, edge=frame.color("panel_edge"))
        head = pygame.Rect(box.x, box.y, box.width, u(62))
        band = paint.panel(head.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel")), None,
                           u(14))
        body.blit(band, head)
        if title:
            words(body, frame, title, head.inflate(-u(20), -u(8)), px=40)
        columns = self._columns(table)
        inner = box.inflate(-u(20), 0)
        narrow = box.width < frame.u(500)  # four groups side by side (16 teams)
        weights = [WEIGHTS.get(key, 1.0) * (1.2 if narrow and key == "answers" else 1.0) for _, key in columns]
        name_w = int(inner.width * (0.35 if narrow else 0.34 if len(columns) > 5 else 0.44))
        place_w = self._place_width(frame, table)
        lead = u(14) + place_w + u(14)  # the place's column, then a clear gap before the name
        unit_w = (inner.width - lead - name_w) / max(1.0, sum(weights))
        edges = [inner.x + lead + name_w]
        for wgt in weights:
            edges.append(edges[-1] + int(unit_w * wgt))
        cols = [(edges[k], edges[k + 1] - edges[k]) for k in range(len(columns))]
        y = head.bottom + u(8)
        words(body, frame, frame.say("ev.col.team"), pygame.Rect(inner.x + lead, y, name_w, u(30)),
              role="heading", color=frame.color("accent"), px=22, anchor="midleft", shadow=False)
        for (label, _), (x, width) in zip(columns, cols, strict=True):
            words(body, frame, frame.say(label), pygame.Rect(x, y, width, u(30)), role="heading",
                  color=frame.color("accent"), px=22, shadow=False)
        y += u(38)
        notes_h = self._notes_height(frame, day, table) if notes else 0
        count = lines or max(1, len(table.rows))
        row_h = min(u(86), (box.bottom - y - notes_h - u(24)) // count)
        ringed = self._ringed(table)
        for i, row in enumerate(table.rows):
            rect = pygame.Rect(inner.x, y + i * row_h, inner.width, row_h - u(8))
            self._row(body, frame, day, row, rect, columns, name_w, cols, ringed, medals=table.title == "final",
                      place_w=place_w)
        if ringed:
            for block in ringed:
                spots = [i for i, r in enumerate(table.rows) if r.team in block]
                if spots:
                    rect = pygame.Rect(inner.x - u(4), y + min(spots) * row_h - u(4), inner.width + u(8),
                                       (max(spots) - min(spots) + 1) * row_h + u(2))
                    pygame.draw.rect(body, frame.color("accent"), rect, width=max(2, u(3)), border_radius=u(12))
        if notes_h and part != "body":
            self._notes(surface, frame, day, table,
                        pygame.Rect(inner.x, y + count * row_h + u(6), inner.width, notes_h))

    def _height(self, frame: Frame, table: D.Table, rows: int) -> int:
        """A table's box fitted to its rows and its note (the mock-up's tables end under their note)."""
        u = frame.u
        return u(62) + u(46) + rows * u(86) + self._notes_height(frame, frame_day(frame), table) + u(24)

    def _notes_height(self, frame: Frame, day: Day, table: D.Table) -> int:
        """The box under a table: a heading line and one caption of two lines per close place shown."""
        count = len(self._captions(day, table))
        return 0 if not count else frame.u(54) + count * frame.u(66)

    def _captions(self, day: Day, table: D.Table) -> list[tuple[tuple[int, ...], Split | None]]:
        """What the box under a table explains, in the table's order: each tie-breaker shown (its teams, the
        split) and each place still shared (its teams, None). Every gold frame gets one at least (a shared
        place waiting for its replay first); two at most unless more frames need theirs."""
        found: list[tuple[tuple[int, ...], Split | None]] = [(s.teams, s) for s in self._shown(table)]
        found += [(block, None) for block in table.shared if len(block) < len(table.rows)]
        due = self._due_blocks(day, table)
        found.sort(key=lambda item: (item[1] is not None or set(item[0]) not in due))  # a replay due first
        chosen: list[tuple[tuple[int, ...], Split | None]] = []
        for ring in self._ringed(table):
            first = next((item for item in found if set(item[0]) <= ring), None)
            if first is not None and first not in chosen:
                chosen.append(first)
        for item in found:
            if len(chosen) >= 2:
                break
            if item not in chosen:
                chosen.append(item)
        order = {r.team: i for i, r in enumerate(table.rows)}
        return sorted(chosen[:3], key=lambda item: min(order.get(t, 0) for t in item[0]))

    @staticmethod
    def _place_width(frame: Frame, table: D.Table) -> int:
        """The place column: as wide as the table's widest place («2–3», «10–12») at the places' one size."""
        font = frame.text.font("numbers", frame.u(PLACE_PX))
        return max([frame.u(44)] + [font.size(place_text(r.place))[0] + frame.u(4) for r in table.rows])

    @staticmethod
    def _due_blocks(day: Day, table: D.Table) -> list[set[int]]:
        """Shared places that wait for a replay or a play-off (the note says so)."""
        due = [set(f.teams) for f in D.plan(day).fixtures if f.stage in ("replay", "playoff")
               and day.result(f.id) is None]
        return [set(block) for block in table.shared if set(block) in due]

    @staticmethod
    def _shown(table: D.Table) -> list[Split]:
        return [s for s in table.splits if s.criterion not in ("points", "present")]

    @staticmethod
    def _columns(table: D.Table) -> list[tuple[str, str]]:
        """(phrase key of the heading, the cell's key); for–against–difference is one column «ОТВЕТЫ»."""
        if not table.rows:
            return []
        out = []
        for n, _ in table.rows[0].cells:
            if n in ("against", "diff"):
                continue
            out.append(("ev.col.answers", "answers") if n == "for" else (f"ev.col.{n}", n))
        return out

    @staticmethod
    def _ringed(table: D.Table) -> list[set[int]]:
        """Blocks of teams whose places were split by a tie-breaker (or are still shared)."""
        blocks = [set(s.teams) for s in table.splits if s.criterion not in ("points", "present", "two_wins")]
        # A shared place is ringed once something is played (at the start every team is level).
        blocks += [set(b) for b in table.shared if len(b) < len(table.rows)]
        out: list[set[int]] = []
        for b in blocks:  # the widest block of each tie: a later, finer split is inside it
            if not any(b <= o for o in out):
                out = [o for o in out if not o <= b] + [b]
        return out

    def _row(self, surface: pygame.Surface, frame: Frame, day: Day, row: D.StandingRow, rect: pygame.Rect,
             columns: list[tuple[str, str]], name_w: int, cols: list[tuple[int, int]],
             ringed: list[set[int]], medals: bool = False, place_w: int = 0) -> None:
        u = frame.u
        top = paint.mix(frame.color("panel"), frame.color("panel_dark"), 0.35)
        body = paint.panel(rect.size, paint.rgb(top), paint.rgb(paint.mix(top, frame.color("panel_dark"), 0.3)), None,
                           u(10))
        surface.blit(body, rect)
        edge = MEDALS[row.place[0] - 1] if medals and row.place[0] <= len(MEDALS) else GREEN if row.goes_on else None
        if edge is not None:  # those who go on; on the day's places, gold, silver and bronze
            pygame.draw.rect(surface, edge, pygame.Rect(rect.x, rect.y, u(12 if medals else 8), rect.height),
                             border_top_left_radius=u(10), border_bottom_left_radius=u(10))
        muted = row.removed
        text = frame.color("muted") if muted else frame.color("text")
        place_w = place_w or u(44)
        number(surface, frame, place_text(row.place), pygame.Rect(rect.x + u(14), rect.y, place_w, rect.height), text,
               PLACE_PX)
        name = team_name(day, row.team) + (f" ({frame.say('ev.removed')})" if row.removed else "")
        lead = u(14) + place_w + u(14)
        img = frame.text.fit(name, "heading", (name_w - u(8), rect.height - u(8)), text, u(40), min_px=u(20),
                             shadow=True, wrap=False)
        surface.blit(img, img.get_rect(midleft=(rect.x + lead + u(4), rect.centery)))
        cells = dict(row.cells)
        for (_, key), (x, width) in zip(columns, cols, strict=True):
            cell = pygame.Rect(x, rect.y, width, rect.height)
            if key == "answers":
                diff = cells["diff"]
                colour = GREEN if diff.startswith("+") else frame.color("negative") if diff.startswith("−") \
                    else text
                left = cell.inflate(-u(4), 0)
                half = pygame.Rect(left.x, left.y, left.width * 3 // 5, left.height)
                number(surface, frame, f"{cells['for']}–{cells['against']}", half, text, 36)
                number(surface, frame, diff, pygame.Rect(half.right, left.y, left.width - half.width, left.height),
                       colour, 36)
            elif key == "points":
                words(surface, frame, cells[key], cell, role="numbers", color=frame.color("accent"), px=54)
            else:
                number(surface, frame, cells.get(key, ""), cell, text, 40)

    def _notes(self, surface: pygame.Surface, frame: Frame, day: Day, table: D.Table, box: pygame.Rect) -> None:
        """The box under a table: which places were close, the criterion that split them and its numbers
        (up to two splits, the widest first), or the replay still due."""
        u = frame.u
        captions = self._captions(day, table)
        gold = frame.color("accent")
        panel(surface, frame, box, top=paint.mix(gold, frame.color("panel_dark"), 0.82), edge=gold)
        inner = box.inflate(-u(24), -u(12))
        # The heading: the places and points of the first close place explained.
        rows = [r for r in table.rows if r.team in captions[0][0]]
        points = dict(rows[0].cells).get("points", "")
        places = [p for r in rows for p in r.place]
        words(surface, frame, close_places(frame, places, points).upper(),
              pygame.Rect(inner.x, inner.y, inner.width, u(28)), role="heading", color=gold, px=22, anchor="midleft",
              shadow=False)
        y = inner.y + u(30)
        due = self._due_blocks(day, table)
        for teams, split in captions:
            if split is not None:
                head, numbers = split_text(frame, day, split)
            else:
                head, numbers = shared_text(frame, day, table, teams, set(teams) in due)
            words(surface, frame, head, pygame.Rect(inner.x, y, inner.width, u(36)), px=31, anchor="midleft",
                  color=gold if split is None and set(teams) in due else None)
            words(surface, frame, numbers, pygame.Rect(inner.x, y + u(36), inner.width, u(28)), role="body",
                  color=frame.color("muted"), px=25, anchor="midleft", shadow=False)
            y += u(66)

    def _legend(self, surface: pygame.Surface, frame: Frame, box: pygame.Rect, day: Day) -> None:
        u = frame.u
        if day.regulation.name == "seed-004":
            pygame.draw.rect(surface, GREEN, pygame.Rect(box.x, box.y + u(6), u(26), u(26)), border_radius=u(6))
            words(surface, frame, frame.say("ev.goes_on"),
                  pygame.Rect(box.x + u(40), box.y, box.width // 3, box.height), role="body",
                  color=frame.color("muted"), px=28, anchor="midleft", shadow=False)
            legend = frame.say("ev.legend")
        else:
            prize = _prize(frame, day)
            legend = prize or ""
        right = pygame.Rect(box.x + box.width // 3, box.y, box.width * 2 // 3, box.height)
        if legend:
            img = frame.text.fit(legend, "body", (right.width - u(50), right.height), frame.color("muted"), u(28))
            rect = img.get_rect(midright=right.midright)
            pygame.draw.rect(surface, frame.color("accent"), pygame.Rect(rect.x - u(40), box.y + u(6), u(26), u(26)),
                             width=max(2, u(3)), border_radius=u(6))
            surface.blit(img, rect)


def _prize(frame: Frame, day: Day) -> str:
    from quizshow.event import seed001

    teams = seed001.table_prize(day)
    return frame.say("ev.prize", teams=", ".join(team_name(day, t) for t in teams)) if teams else ""


def place_words(frame: Frame, day: Day, team: int) -> str:
    """«1-е место в группе А» (seed 004) or the qualifying place (seed 001), under a name."""
    if day.regulation.name == "seed-004" and len(day.order) == len(day.teams):
        for gid, teams in seed004.groups(day).items():
            if team in teams:
                table = seed004.group_table(day, gid)
                a, _ = table.ranked.place(team)
                return frame.say("ev.place_in", place=a, group=group_name(gid))
    return ""


def next_match(surface: pygame.Surface, frame: Frame, day: Day, box: pygame.Rect) -> None:
    """«СЛЕДУЮЩИЙ МАТЧ:» on a gold tab, the two teams, each with its place under its name."""
    u = frame.u
    fixture = D.next_fixture(day)
    if fixture is None:
        return
    gold = frame.color("accent")
    paint.blit_glow_frame(surface, box, paint.rgb(gold), u(14), u(4), 160, give_way=frame.give_way)
    panel(surface, frame, box, edge=gold)
    tab = pygame.Rect(box.x, box.y, int(box.width * 0.25), box.height)
    slab = paint.panel(tab.size, paint.rgb(paint.mix(gold, (255, 255, 255), 0.15)), paint.rgb(gold), None, u(14))
    surface.blit(slab, tab)
    words(surface, frame, frame.say("ev.next") + ":", tab.inflate(-u(30), -u(20)), color=frame.color("panel_dark"),
          px=46, shadow=False)
    rest = pygame.Rect(tab.right, box.y, box.right - tab.right, box.height)
    if len(fixture.teams) != 2:
        label = f"{frame.say('stage.' + fixture.stage)} · " + ", ".join(team_name(day, t) for t in fixture.teams)
        words(surface, frame, label, rest.inflate(-u(40), -u(30)), px=44)
        return
    a, b = fixture.teams
    half = rest.width // 2
    dash = pygame.Rect(rest.x + half - u(40), rest.y, u(80), rest.height - u(30))
    words(surface, frame, "—", dash, color=gold, px=80)
    for team, side in ((a, pygame.Rect(rest.x, rest.y, half - u(50), rest.height)),
                       (b, pygame.Rect(rest.x + half + u(50), rest.y, half - u(60), rest.height))):
        anchor = "midright" if team == a else "midleft"
        name_box = pygame.Rect(side.x, side.y + u(8), side.width, side.height - u(44))
        words(surface, frame, team_name(day, team), name_box, px=76, anchor=anchor)
        under = place_words(frame, day, team) or frame.say("stage." + fixture.stage)
        words(surface, frame, under, pygame.Rect(side.x, side.bottom - u(40), side.width, u(32)), role="body",
              color=frame.color("muted"), px=26, anchor=anchor, shadow=False)


# --- the bracket -------------------------------------------------------------------------------------------


class BracketScene(DayScene):
    """The knockout as columns of matches (quarter-finals, semi-finals, final): teams known or where they
    will come from, scores, the winner lit."""

    name = "ev_bracket"

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        day = event_of(frame).day
        w, h = frame.size
        u = frame.u
        words(surface, frame, frame.say("ev.bracket"), pygame.Rect(0, u(24), w, u(64)), color=frame.color("accent"),
              px=52)
        rounds = bracket(day)
        if not rounds:
            return
        area = pygame.Rect(u(60), u(120), w - u(120), h - u(180))
        col_w = (area.width - u(60) * (len(rounds) - 1)) // len(rounds)
        centers: dict[str, int] = {}
        for k, (stage, items) in enumerate(rounds):
            frame.give_way()
            x = area.x + k * (col_w + u(60))
            words(surface, frame, frame.say("stage." + stage).upper(), pygame.Rect(x, area.y, col_w, u(40)),
                  role="heading", color=frame.color("muted"), px=28, shadow=False)
            slot_h = (area.height - u(50)) // max(1, len(items))
            box_h = min(u(150), slot_h - u(20))
            for i, (fixture, labels) in enumerate(items):
                cy = area.y + u(50) + slot_h * i + slot_h // 2
                box = pygame.Rect(x, cy - box_h // 2, col_w, box_h)
                self._match(surface, frame, day, fixture, labels, box)
                centers[fixture.id] = cy
                if k:
                    for src in labels:
                        if src.startswith("W:") and src[2:] in centers:
                            y0 = centers[src[2:]]
                            x0 = x - u(60)
                            pygame.draw.lines(surface, frame.color("panel_edge"), False,
                                              [(x0, y0), (x0 + u(30), y0), (x0 + u(30), cy), (x, cy)], max(2, u(3)))


    def _match(self, surface: pygame.Surface, frame: Frame, day: Day, fixture: Fixture, labels: tuple[str, ...],
               box: pygame.Rect) -> None:
        u = frame.u
        res = effective(day, fixture) if fixture.teams else None
        panel(surface, frame, box, edge=frame.color("panel_edge"))
        words(surface, frame, fixture_label(frame, fixture.id), pygame.Rect(box.x + u(12), box.y, u(120), u(30)),
              role="body", color=frame.color("muted"), px=22, anchor="midleft", shadow=False)
        half = (box.height - u(30)) // 2
        for i in range(2):
            rect = pygame.Rect(box.x + u(10), box.y + u(30) + i * half, box.width - u(20), half - u(4))
            team = fixture.teams[i] if fixture.teams else None
            won = res is not None and team is not None and res.winner == team
            lost = res is not None and team is not None and res.winner not in (None, team)
            if won:
                glow = paint.panel(rect.size, paint.rgb(paint.mix(frame.color("accent"), frame.color("panel_dark"),
                                                                  0.75)), paint.rgb(frame.color("panel_dark")),
                                   paint.rgb(frame.color("accent")), u(8), max(1, u(2)))
                surface.blit(glow, rect)
            label = team_name(day, team) if team is not None else source_label(frame, day, labels[i])
            colour = frame.color("muted") if team is None or lost else frame.color("text")
            words(surface, frame, label, pygame.Rect(rect.x + u(10), rect.y, rect.width - u(90), rect.height),
                  px=36 if team is not None else 26, color=colour, anchor="midleft", shadow=team is not None)
            if res is not None and team is not None and res.scores:
                words(surface, frame, str(res.score_of(team)), pygame.Rect(rect.right - u(70), rect.y, u(60),
                                                                         rect.height),
                      role="numbers", color=frame.color("accent") if won else colour, px=40, shadow=False)


def bracket(day: Day) -> list[tuple[str, list[tuple[Fixture, tuple[str, ...]]]]]:
    """The knockout's rounds: (stage, [(fixture, where its teams come from)]), known and pending."""
    plan = D.plan(day)
    order = ["quarterfinal", "semifinal", "final"]
    rounds: dict[str, list[tuple[Fixture, tuple[str, ...]]]] = {s: [] for s in order}
    for f in plan.fixtures:
        if f.stage in rounds:
            rounds[f.stage].append((f, tuple(f"T:{t}" for t in f.teams)))
    for slot in plan.pending:
        if slot.fixture.stage in rounds and not any(f.id == slot.fixture.id for f, _ in rounds[slot.fixture.stage]):
            rounds[slot.fixture.stage].append((slot.fixture, slot.sources))
    for stage in rounds:
        rounds[stage].sort(key=lambda x: x[0].id)
    if day.regulation.name == "seed-001":  # the semi-finals' sources: known when the teams are
        for stage in ("semifinal", "final"):
            fixed = []
            for f, src in rounds[stage]:
                if f.id == "F" and f.teams:
                    src = ("W:SF1", "W:SF2")
                fixed.append((f, src))
            rounds[stage] = fixed
    elif rounds["final"] and rounds["final"][0][0].teams:
        rounds["final"] = [(rounds["final"][0][0], ("W:SF1", "W:SF2"))]
    if rounds["semifinal"] and day.regulation.name == "seed-004" and rounds["quarterfinal"]:
        rounds["semifinal"] = [(f, ("W:QF1", "W:QF2") if f.id == "SF1" else ("W:QF3", "W:QF4"))
                               for f, _ in rounds["semifinal"]]
    return [(s, rounds[s]) for s in order if rounds[s]]


# --- the draw and the next match --------------------------------------------------------------------------


class DrawScene(Scene):
    """The start numbers coming out one by one: drawn numbers show their team, the latest springs in,
    the rest wait as «?»."""

    name = "ev_draw"

    def static_key(self, frame: Frame) -> Hashable:
        day = event_of(frame).day
        return day.order, day.results[:1], frame.language

    def warm(self, frame: Frame) -> bool:
        return warm_day(frame)

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        day = event_of(frame).day
        w, h = frame.size
        u = frame.u
        words(surface, frame, frame.say("ev.draw"), pygame.Rect(0, u(24), w, u(64)), color=frame.color("accent"), px=52)
        n = len(day.teams)
        order = self._order(day)
        for k, rect in enumerate(self._slots(frame, n)):
            if k < len(order) - 1:  # the latest number is drawn moving, springing in
                self._slot(surface, frame, day, order, k, rect, 1.0)
            elif k >= len(order):
                panel(surface, frame, rect, edge=frame.color("panel_edge"))
                words(surface, frame, str(k + 1), pygame.Rect(rect.x + u(16), rect.y, u(80), rect.height),
                      role="numbers", color=frame.color("muted"), px=56, shadow=False)
                words(surface, frame, "?", pygame.Rect(rect.x + u(100), rect.y, rect.width - u(120), rect.height),
                      color=frame.color("muted"), px=52, anchor="midleft")

    def _slots(self, frame: Frame, n: int) -> list[pygame.Rect]:
        w, h = frame.size
        u = frame.u
        columns = 2 if n > 8 else 1
        per = -(-n // columns)
        area = pygame.Rect(u(160), u(120), w - u(320), h - u(170))
        col_w = (area.width - u(40) * (columns - 1)) // columns
        row_h = min(u(110), area.height // max(1, per))
        return [pygame.Rect(area.x + (k // per) * (col_w + u(40)), area.y + (k % per) * row_h, col_w, row_h - u(12))
                for k in range(n)]

    @staticmethod
    def _order(day: Day) -> tuple[int, ...]:
        """The numbers given so far: the melee's winner holds number 1 before it picks (no «1 ?»)."""
        given = D.start_order(day)
        return day.order if len(day.order) >= len(given) else given

    def _slot(self, surface: pygame.Surface, frame: Frame, day: Day, order: tuple[int, ...], k: int,
              rect: pygame.Rect, grow: float) -> None:
        u = frame.u
        team = order[k]
        body = rect.inflate(-int(rect.width * (1 - grow)), 0) if grow < 1 else rect
        panel(surface, frame, body, top=frame.color("panel"), edge=frame.color("accent") if k == 0 else None)
        pygame.draw.rect(surface, day.teams[team].colour and pygame.Color(day.teams[team].colour),
                         pygame.Rect(body.x, body.y, u(10), body.height), border_top_left_radius=u(14),
                         border_bottom_left_radius=u(14))
        if grow > 0.6:
            words(surface, frame, str(k + 1), pygame.Rect(body.x + u(16), body.y, u(80), body.height), role="numbers",
                  color=frame.color("accent"), px=60)
            words(surface, frame, team_name(day, team), pygame.Rect(body.x + u(100), body.y, body.width - u(120),
                                                                    body.height), px=52, anchor="midleft")

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        day = event_of(frame).day
        order = self._order(day)
        if not order:
            return
        k = len(order) - 1
        rect = self._slots(frame, len(day.teams))[k]
        grow = ease_out_back(min(1.0, frame.anim.since(EventKind.LOT, frame.now) / 0.6))
        if frame.anim.since(EventKind.LOT, frame.now) > 1e8 or len(day.order) < len(order):
            grow = 1.0  # no draw seen on this screen (a restart), or the melee's number: no animation
        self._slot(surface, frame, day, order, k, rect, max(0.05, min(1.0, grow)))


class NextScene(DayScene):
    """«СЛЕДУЮЩИЙ МАТЧ» on its own: the stage and the two teams, big."""

    name = "ev_next"

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        day = event_of(frame).day
        w, h = frame.size
        u = frame.u
        fixture = D.next_fixture(day)
        if fixture is None:
            words(surface, frame, frame.title, pygame.Rect(0, h // 2 - u(60), w, u(120)), px=90,
                  color=frame.color("accent"))
            return
        label = frame.say("stage." + fixture.stage) + (f" · {group_name(fixture.group)}" if fixture.group else "")
        words(surface, frame, label.upper(), pygame.Rect(0, u(220), w, u(70)), color=frame.color("accent"), px=56)
        next_match(surface, frame, day, pygame.Rect(u(120), h // 2 - u(90), w - u(240), u(200)))


MATCH = MatchScene()
OWN = {"ev_draw": DrawScene(), "ev_standings": StandingsScene(), "ev_bracket": BracketScene(), "ev_next": NextScene()}


def _by_phase() -> dict[str, Scene]:
    from quizshow.formats.tournament.spec import TournamentPhase

    return {str(p.value): OWN.get(str(p.value), MATCH) for p in TournamentPhase}


BY_PHASE = _by_phase()
