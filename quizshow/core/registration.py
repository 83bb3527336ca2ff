"""A team as the ЧГК rating knows it: its rating id, its city and the players it registered (a roster file the
venue's representative downloads from the rating site; docs/written.md «Teams from the rating»).

Pure data: the roster file is read by `quizshow/roster.py`; a format's exports write it back (the rating's
upload table keeps a team's id and city, the players' sheet every player's id and flag)."""

from __future__ import annotations

from dataclasses import dataclass

CAPTAIN, BASE, LEGIONNAIRE = "К", "Б", "Л"  # the rating's flags: captain, base player, legionnaire
FLAGS = (CAPTAIN, BASE, LEGIONNAIRE)


@dataclass(frozen=True)
class Member:
    """One player of a roster: the rating's id (None: the rating does not know the player), the name in
    its three parts as the rating writes them, and the flag (К, Б or Л)."""

    surname: str
    name: str
    patronymic: str = ""
    rating_id: int | None = None
    flag: str = BASE

    @property
    def full_name(self) -> str:
        """«Анна Смирнова»: how the screen and the console name a player."""
        return " ".join(part for part in (self.name, self.surname) if part)


@dataclass(frozen=True)
class Registration:
    """A team's standing with the rating: its id (None: registered at the door, the rating has none), its
    city and its players as the roster lists them."""

    rating_id: int | None = None
    city: str = ""
    members: tuple[Member, ...] = ()

    @property
    def at_door(self) -> bool:
        return self.rating_id is None
