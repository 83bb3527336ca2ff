"""The presses while the duel's buzzers are live: the tables that pressed (their numbers, the asked one's
gold) and the queue with the hint, drawn over a still layer that is the same whoever pressed (so it is
composed ahead), kept as pixels from the frame that drew them, and warmed in idle time for each player who
may press next."""

from __future__ import annotations

import weakref
from collections.abc import Hashable
from dataclasses import replace

import pygame

from quizshow.core.presslog import Press
from quizshow.display.duel import queue, rows, tables
from quizshow.display.duel.common import duel_of, fmt_of, phase_of
from quizshow.display.duel.grid import compact_rows, entry_rects, queue_rect, tile_rect
from quizshow.display.scenes.base import Frame
from quizshow.formats.duel.format import QueueEntry
from quizshow.formats.duel.model import COLOURS, TABLES, Phase

# The presses drawn over the still layer (`draw`), as pixels, by the projector's layers (one
# projector's): what they show and (place, picture) for each part, the queue's box and the tables that pressed
# (a picture may be larger than its place: its top left part is the place's).
_PRESSES: weakref.WeakKeyDictionary[object, tuple[Hashable, list[tuple[pygame.Rect, pygame.Surface]]]] = \
    weakref.WeakKeyDictionary()


# Which players' next press is warmed (`_warm_next_press`), by the projector's layers: for which presses.
_WARMED: weakref.WeakKeyDictionary[object, tuple[Hashable, set[tuple[int, int]]]] = weakref.WeakKeyDictionary()
_PIXEL = pygame.Surface((1, 1))  # what a warm-up draws on: its pictures are made, its pixels not wanted


def live(frame: Frame) -> bool:
    """Whether the presses are drawn over the still layer (the queue, the hint, the tables' numbers
    and gold): while the buzzers are live nobody can foresee who presses next (eight players), so the
    layer is the same whoever pressed and whatever hint is shown, composed ahead, and a press's or a
    hint's first frame composes no 4K layer (issue 28). Once the question is judged, all is still."""
    return phase_of(frame) in (Phase.READING, Phase.THINKING, Phase.ANSWERING)


def still_key(frame: Frame) -> Hashable:
    """What the still layer shows: while the buzzers are live (`live`), the same whoever pressed and
    whatever hint is shown."""
    state = frame.state
    duel = duel_of(frame)
    # A leaving tile is already «выбыл» in the still layer: its live self sinks and fades over it (drawn
    # moving), so the layer depends on the state alone and is composed ahead in idle time.
    scores = tuple(t.score for t in state.teams)
    if live(frame):  # the reading, thinking and answering phases draw the same layer
        asking = duel.asking if duel.asking is None else replace(duel.asking, hint="", hint_shown=False)
        return "live", replace(duel, asking=asking), scores
    return state.phase, duel, state.presses, scores


def _key(frame: Frame) -> Hashable:
    """What the presses' kept pictures show."""
    return (still_key(frame), frame.state.presses, duel_of(frame), frame.state.teams, frame.size,
            frame.language, id(frame.theme))


def kept(frame: Frame) -> list[tuple[pygame.Rect, pygame.Surface]] | None:
    """The presses' pictures kept from an earlier frame, if this frame shows them (place, picture)."""
    if not live(frame):
        return None
    asking = duel_of(frame).asking
    if not frame.state.presses.presses and not (asking is not None and asking.hint_shown):
        return None
    found = _PRESSES.get(frame.layers)
    return found[1] if found is not None and found[0] == _key(frame) else None


def draw(surface: pygame.Surface, frame: Frame) -> None:
    """While the buzzers are live, over the still layer (`live`): the tables that pressed
    (their numbers, the asked one's gold) and the queue with the hint, as the layer drew them after."""
    if not live(frame):
        if surface.get_clip() == surface.get_rect():  # on air (not an idle rehearsal): nothing to keep
            _PRESSES.pop(frame.layers, None)
        return
    asking = duel_of(frame).asking
    if not frame.state.presses.presses and not (asking is not None and asking.hint_shown):
        queue.draw(surface, frame)  # its heading and «no presses» only: three words, kept no pixels
        return
    pictures = kept(frame)
    if pictures is not None:  # drawn in an earlier frame: its pixels, copied then
        for rect, picture in pictures:
            surface.blit(picture, rect, pygame.Rect((0, 0), rect.size))
        return
    key = _key(frame)
    last = _PRESSES.get(frame.layers)
    free = tables.looks(frame, presses=False)
    areas = [queue.area(frame)]
    for seat, (look, number) in tables.looks(frame).items():
        if (look, number) == free[seat]:
            continue
        frame.give_way()
        rect = tile_rect(frame, *seat)
        frame.paint_background(surface, rect)  # what the layer had under the tile (its corners show it)
        picture = tables.tile(frame, *seat, look, number)
        surface.blit(picture, tables.tile_at(frame, *seat, picture))
        areas.append(rect.inflate(frame.u(18) * 2, frame.u(18) * 2).clip(surface.get_rect()))
    queue.draw(surface, frame)
    if surface.get_clip() != surface.get_rect():
        return  # a part of the picture (a push's, a clock-only frame): not all of it to keep
    pictures = []
    spare = [picture for _, picture in last[1]] if last is not None else []
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


def warm(frame: Frame) -> bool:
    """Idle time while the buzzers are live: the surfaces the presses' pixels are kept in (the queue's
    box, three tables), so a press's first frame allocates none (8 MB for the box at 4K); then, a player
    a call, the table and the queue's row each player who may press next would get."""
    if not live(frame):
        return False
    if frame.layers not in _PRESSES:
        box, table = queue_rect(frame), tile_rect(frame, 0, 0).inflate(frame.u(18) * 2, frame.u(18) * 2)
        _PRESSES[frame.layers] = (None, [(box, pygame.Surface(box.size))] +
                                  [(table, pygame.Surface(table.size)) for _ in range(3)])
    return _warm_next_press(frame)


def _warm_next_press(frame: Frame) -> bool:
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
            tables.tile(frame, team, player, "asked" if status == "answering" else "live", count)
            rect = entry_rects(frame, count, asking.hint_shown)[-1]
            press = Press(source_time=0.0, arrival=0.0, team=team, player=player)
            entry = QueueEntry(press, seat, status, 0.0)  # (its margin is not known yet)
            row = rows.compact if compact_rows(count, asking.hint_shown) else rows.card
            row(_PIXEL, frame, rect, count - 1, entry)
            done[1].add(seat)
            return True
    return False


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
