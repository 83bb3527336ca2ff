"""One standings table of the tournament day (a group, the qualifying table, the tournament points, the
day's places), after the mock-up (shared/mockups/tournament-groups.png): «И В Н П», «ОТВЕТЫ» for–against
and the difference with a real minus, «ОЧКИ»; those who go on have an edge of their own colour; a close
place decided by a tie-breaker is ringed in gold, and the box under the table names the criterion and its
numbers. Everything is computed from the results (quizshow/event/day.py)."""

from __future__ import annotations

import pygame

from quizshow.display import paint
from quizshow.display.event.common import PLACE_PX, SCRATCH, frame_day, number, panel, place_text, team_name
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.plates import words
from quizshow.event import day as D
from quizshow.event.model import Day
from quizshow.event.tiebreak import Split

NAME_GAP = 26  # design px between a team's name and its first number («Меридиан  3», never «Меридиан3»)
CAPTION_H = 118  # one tie's caption box (design px): its places and points, the words, the numbers
MEDALS = ("tournament_gold", "tournament_silver", "tournament_bronze")  # the day's places 1 to 3 (theme colours)
WEIGHTS = {"answers": 3.0, "points": 1.5, "rating": 1.6, "tally": 1.6}


def split_text(frame: Frame, day: Day, split: Split) -> tuple[str, str]:
    """(the headline, the numbers) of a close place: «Северяне выше по личной встрече», «личная встреча:
    Северяне — Гамма 3:2»; «разница ответов: +2 и +1»."""
    first = [t for t, v in zip(split.teams, split.values, strict=False) if v == split.values[0]] \
        if split.values else [split.teams[0]]
    joined = listed(frame, [team_name(day, t) for t in first])
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
    return frame.say("ev.shared_head", teams=listed(frame, [team_name(day, t) for t in teams]), places=places), \
        frame.say("ev.all_equal")


def listed(frame: Frame, names: list[str]) -> str:
    """«Альфа и Бета», «Альфа, Бета, Гамма и Дельта»."""
    last = " и " if frame.language == "ru" else " & "
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + last + names[-1]


def close_places(frame: Frame, places: list[int], points: str) -> str:
    """«Места 2 и 3 · по 3 очка»."""
    low, high = min(places), max(places)
    listed = f"{low}–{high}" if high - low > 1 else (" и " if frame.language == "ru" else " & ").join(
        str(p) for p in sorted(set(places)))
    return frame.say("ev.close", places=listed, points=points_words(frame, points, each=True))


def points_words(frame: Frame, points: str, each: bool = False) -> str:
    """«2 очка»; `each` after «по»: «по 1 очку», «по 21 очку», «по 2 очка», «по 0 очков»."""
    if frame.language != "ru" or not points.lstrip("-−").isdigit():
        return f"{points} pts" if frame.language != "ru" else points
    n = abs(int(points.replace("−", "-")))
    one = "очку" if each else "очко"
    word = one if n % 10 == 1 and n % 100 != 11 else "очка" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 \
        else "очков"
    return f"{points} {word}"


def answers_text(for_: str, against: str) -> str:
    """Answers for–against with a real minus: «9–2»; with a negative side (penalties) a colon, so that the
    minus cannot read as the dash: «1:−1», «−1:−1»."""
    a, b = (v.replace("-", "−") for v in (for_, against))
    return f"{a}:{b}" if "−" in a + b else f"{a}–{b}"


def answer_boxes(cell: pygame.Rect, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The «ОТВЕТЫ» cell split: for–against on the left, the difference on the right, a clear gap between."""
    left = cell.inflate(-gap // 2, 0)
    width = (left.width - gap) * 3 // 5
    return (pygame.Rect(left.x, left.y, width, left.height),
            pygame.Rect(left.x + width + gap, left.y, left.width - width - gap, left.height))


class StandingsTable:
    """Draws one standings table with its note (the standings screen is made of them: StandingsScene)."""

    def draw_table(self, surface: pygame.Surface, frame: Frame, day: Day, table: D.Table, box: pygame.Rect, title: str,
               lines: int | None = None, part: str = "all") -> None:
        """`part`: "all", the "body" without the note, or the "note" alone (the body then only measured)."""
        body = SCRATCH if part == "note" else surface
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
        notes_h = self._notes_height(frame, day, table)
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

    def table_height(self, frame: Frame, table: D.Table, rows: int) -> int:
        """A table's box fitted to its rows and its note (the mock-up's tables end under their note)."""
        u = frame.u
        return u(62) + u(46) + rows * u(86) + self._notes_height(frame, frame_day(frame), table) + u(24)

    def _notes_height(self, frame: Frame, day: Day, table: D.Table) -> int:
        """The box under a table: a heading line and one caption of two lines per close place shown."""
        count = len(self._captions(day, table))
        return 0 if not count else count * (frame.u(CAPTION_H) + frame.u(8))

    def _captions(self, day: Day, table: D.Table) -> list[tuple[tuple[int, ...], Split | None]]:
        """What the box under a table explains, in the table's order: each tie-breaker shown (its teams, the
        split) and each place still shared (its teams, None). Every gold frame gets one at least (a shared
        place waiting for its replay first); two at most unless more frames need theirs."""
        found: list[tuple[tuple[int, ...], Split | None]] = [(s.teams, s) for s in self._shown(table)]
        found += [(block, None) for block in table.shared if len(block) < len(table.rows) or self._played(table)]
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
    def _played(table: D.Table) -> bool:
        """A match of this table has been played (before that, every team level is no tie to explain)."""
        return any(dict(r.cells).get("played", "0") not in ("0", "") for r in table.rows)

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
        blocks += [set(b) for b in table.shared if len(b) < len(table.rows) or StandingsTable._played(table)]
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
        edge = frame.color(MEDALS[row.place[0] - 1]) if medals and row.place[0] <= len(MEDALS) else \
            frame.color("tournament_goes_on") if row.goes_on else None
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
        img = frame.text.fit(name, "heading", (name_w - u(NAME_GAP), rect.height - u(8)), text, u(40), min_px=u(20),
                             shadow=True, wrap=False)
        surface.blit(img, img.get_rect(midleft=(rect.x + lead + u(4), rect.centery)))
        cells = dict(row.cells)
        for (_, key), (x, width) in zip(columns, cols, strict=True):
            cell = pygame.Rect(x, rect.y, width, rect.height)
            if key == "answers":
                diff = cells["diff"]
                colour = frame.color("good") if diff.startswith("+") else \
                    frame.color("negative") if diff.startswith("−") else text
                both, difference = answer_boxes(cell, u(12))
                number(surface, frame, answers_text(cells["for"], cells["against"]), both, text, 36)
                number(surface, frame, diff, difference, colour, 36)
            elif key == "points":
                words(surface, frame, cells[key], cell, role="numbers", color=frame.color("accent"), px=54)
            else:
                number(surface, frame, cells.get(key, ""), cell, text, 40)

    def _notes(self, surface: pygame.Surface, frame: Frame, day: Day, table: D.Table, box: pygame.Rect) -> None:
        """The boxes under a table, one per close place explained (its own heading: the places and their
        points): the criterion that split them and its numbers, or the replay still due."""
        u = frame.u
        gold = frame.color("accent")
        due = self._due_blocks(day, table)
        y = box.y
        for teams, split in self._captions(day, table):
            rect = pygame.Rect(box.x, y, box.width, u(CAPTION_H))
            panel(surface, frame, rect, top=paint.mix(gold, frame.color("panel_dark"), 0.82), edge=gold)
            inner = rect.inflate(-u(24), -u(12))
            rows = [r for r in table.rows if r.team in teams]
            points = dict(rows[0].cells).get("points", "") if rows else ""
            places = [p for r in rows for p in r.place]
            words(surface, frame, close_places(frame, places, points).upper(),
                  pygame.Rect(inner.x, inner.y, inner.width, u(28)), role="heading", color=gold, px=22,
                  anchor="midleft", shadow=False)
            if split is not None:
                head, numbers = split_text(frame, day, split)
            else:
                head, numbers = shared_text(frame, day, table, teams, set(teams) in due)
            words(surface, frame, head, pygame.Rect(inner.x, inner.y + u(30), inner.width, u(36)), px=31,
                  anchor="midleft", color=gold if split is None and set(teams) in due else None)
            words(surface, frame, numbers, pygame.Rect(inner.x, inner.y + u(66), inner.width, u(28)), role="body",
                  color=frame.color("muted"), px=25, anchor="midleft", shadow=False)
            y += u(CAPTION_H) + u(8)
