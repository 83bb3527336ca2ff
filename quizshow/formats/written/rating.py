"""The ЧГК rating's own tables from the show's state (docs/written.md «The rating cycle»): pure rows.

- The upload table («вопросная таблица»), as the rating site exports it and its readers take it (chgksuite's
  `xlsx_to_results`/`custom_csv_to_results`): `Team ID, Название, Город`, then a column per question in play
  order numbered 1…N — `1` taken, `0` not, `X` a question the appeal jury removed, and a disputed answer's text
  while the jury has not ruled. Or one row per team and tour (`rating_table: tours`): `Team ID, Название, Город,
  Тур, 1…` with the tour's questions. A warm-up and the extra questions of a tie-break are in neither.
- The players' sheet: the roster's own layout (quizshow/roster.py reads it back), a line per player.
"""

from __future__ import annotations

import csv
import io

from quizshow.core.registration import BASE, CAPTAIN, LEGIONNAIRE, Member
from quizshow.core.spec import Cell, Sheet
from quizshow.core.state import ShowState
from quizshow.core.typed import shown
from quizshow.formats.written.format import WrittenFormat

HEADER = ("Team ID", "Название", "Город")
TOUR = "Тур"
REMOVED = "X"  # the rating's mark of a question removed from the tournament
PLAYERS_HEADER = ("IDteam", "Название", "Город", "Флаг", "IDplayer", "Фамилия", "Имя", "Отчество")
BOM = "\ufeff"  # the rating's CSV files begin with one (Excel then reads them as UTF-8)


def cell(fmt: WrittenFormat, state: ShowState, team: int, number: int) -> Cell:
    """One team's cell for one question: 1, 0, «X» (removed), or the disputed answer's text (awaiting the jury).
    A late sheet, a question the team did not play (its own, as its author) and one not played yet are 0."""
    w = fmt.own(state)
    if number in w.removed:
        return REMOVED
    dispute = w.dispute_of(team, number)
    if dispute is not None and dispute.accepted is None:
        return shown(dispute.text)
    return int(w.grid.scores(team, number) and team in fmt.players_of(w, number))


def upload_rows(fmt: WrittenFormat, state: ShowState, by_tour: bool) -> list[tuple[Cell, ...]]:
    """The header and the teams' rows (in the results table's order); a question not reached yet is empty."""
    w = fmt.own(state)
    reached = {a.number for a in fmt.asked(state)} if w.number >= 0 else set()
    order = [line.team for line in fmt.lines(state)]

    def team_cells(team: int) -> tuple[Cell, ...]:
        reg = fmt.setup.registration(team)
        return reg.rating_id, state.teams[team].name, reg.city

    def marks(team: int, numbers: list[int]) -> list[Cell]:
        return [cell(fmt, state, team, n) if n in reached else None for n in numbers]

    if not by_tour:
        rows: list[tuple[Cell, ...]] = [(*HEADER, *range(1, len(fmt.scored) + 1))]
        rows += [(*team_cells(team), *marks(team, fmt.scored)) for team in order]
        return rows
    tours = [[n for n in fmt.scored if fmt.tour_of(n) == t] for t in range(len(fmt.tours))]
    widest = max((len(numbers) for numbers in tours), default=0)
    rows = [(*HEADER, TOUR, *range(1, widest + 1))]
    for team in order:
        rows += [(*team_cells(team), t + 1, *marks(team, numbers)) for t, numbers in enumerate(tours)]
    return rows


def upload_sheet(fmt: WrittenFormat, state: ShowState) -> Sheet:
    by_tour = fmt.rules.get("rating_table") == "tours"
    return Sheet("Worksheet", tuple(upload_rows(fmt, state, by_tour)))


def upload_csv(fmt: WrittenFormat, state: ShowState) -> str:
    """The upload table as the rating site writes its CSV: UTF-8 with a byte-order mark, commas."""
    by_tour = fmt.rules.get("rating_table") == "tours"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(["" if value is None else value for value in row] for row in upload_rows(fmt, state, by_tour))
    return BOM + out.getvalue()


def _members(fmt: WrittenFormat, state: ShowState, team: int) -> tuple[Member, ...]:
    """The team's players as the roster lists them; a team without a roster file (at the door): its players as
    the show file names them («Имя Фамилия»), the captain К and the others Л (the rating has no base roster
    for them)."""
    reg = fmt.setup.registration(team)
    if reg.members:
        return reg.members
    info = state.teams[team]
    found = []
    for player in info.players:
        *names, surname = player.split() or [""]
        flag = CAPTAIN if info.captain and player == info.captain else (LEGIONNAIRE if reg.at_door else BASE)
        found.append(Member(surname, " ".join(names), "", None, flag))
    return tuple(found)


def players_csv(fmt: WrittenFormat, state: ShowState) -> str:
    """Every team's players, one line each, in the roster's own layout (UTF-8 with a BOM, `;`)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(PLAYERS_HEADER)
    for team, info in enumerate(state.teams):
        reg = fmt.setup.registration(team)
        for member in _members(fmt, state, team):
            writer.writerow(("" if reg.rating_id is None else reg.rating_id, info.name, reg.city, member.flag,
                             "" if member.rating_id is None else member.rating_id, member.surname, member.name,
                             member.patronymic))
    return BOM + out.getvalue()
