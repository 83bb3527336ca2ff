"""The duel's eight tables: each table's look (live, asked, chooser, candidate, out, disqualified) and the
number it wears, its tile as a kept picture of its own, and each team's name over its row."""

from __future__ import annotations

import weakref

import pygame

from quizshow.display import paint
from quizshow.display.duel.common import dark_ink, duel_of, fmt_of, light_ink, on_table, table_colour
from quizshow.display.duel.grid import tile_rect
from quizshow.display.duel.labels import badge, pill
from quizshow.display.scenes.base import Frame
from quizshow.display.surfaces import SurfaceLRU
from quizshow.formats.duel.model import CAPTAIN, COLOURS, TABLES


def split_name(full: str) -> tuple[str, str]:
    """«Ирина Белова» → («Ирина», «Белова»): the surname big, the first name above it."""
    parts = full.split()
    return (" ".join(parts[:-1]), parts[-1]) if len(parts) > 1 else ("", full)


def looks(frame: Frame, presses: bool = True) -> dict[tuple[int, int], tuple[str, int | None]]:
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


def draw(surface: pygame.Surface, frame: Frame, presses: bool) -> None:
    """Every table in its look (`looks`)."""
    for seat, (look, number) in looks(frame, presses=presses).items():
        frame.give_way()
        picture = tile(frame, *seat, look, number)
        surface.blit(picture, tile_at(frame, *seat, picture))


def team_rows(surface: pygame.Surface, frame: Frame) -> None:
    """Each team's name over (under) its row of tables, and how many of its players are still in the game."""
    state = frame.state
    duel = duel_of(frame)
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
