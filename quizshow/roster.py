"""A roster file of the ЧГК rating («составы»): the CSV a venue's representative downloads from the rating site,
one line per player — `idteam, команда, город, К|Б|Л, idplayer, Ф, И, О` (docs/written.md «Teams from the rating»).

Read as the rating and the tools around it write it: UTF-8 with or without a byte-order mark, UTF-16 (Excel's
«Unicode text»), or Windows-1251 (the synchronous tournaments' site wrote its «составы» so); `;`, `,` or a tab
between the fields; a header line with the rating's own names («IDteam;Название;Город;Флаг;IDplayer;Фамилия;Имя;
Отчество», «Team ID», «idteam», …) in any order, or none (the fields in the order above); blank lines anywhere.
A team without an id was registered at the door. Every problem is reported at once as FILE:LINE."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from quizshow.core.registration import BASE, CAPTAIN, FLAGS, LEGIONNAIRE, Member, Registration
from quizshow.yamlfile import MAX_NAME, Problems, read_bounded_bytes, text_problem

FIELDS = ("team_id", "team", "city", "flag", "player_id", "surname", "name", "patronymic")
# The header names the rating and its tools write for each field (casefolded, spaces and quotes aside).
HEADER_NAMES: dict[str, tuple[str, ...]] = {
    "team_id": ("idteam", "team id", "teamid", "id команды", "номер команды", "id"),
    "team": ("команда", "название", "название команды", "team", "team name"),
    "city": ("город", "city", "town"),
    "flag": ("флаг", "к|б|л", "статус", "flag", "status"),
    "player_id": ("idplayer", "player id", "playerid", "id игрока"),
    "surname": ("фамилия", "ф", "surname", "last name"),
    "name": ("имя", "и", "name", "first name"),
    "patronymic": ("отчество", "о", "patronymic"),
}
SEPARATORS = (";", ",", "\t")
MAX_ROWS = 10_000  # a synchronous tournament's venue lists a few hundred players
MAX_ID = 999_999_999  # the rating's ids are well under it
# A flag as written: the rating's letters (either case), and the Latin look-alikes typed by hand.
FLAG_LETTERS = {**{flag.casefold(): flag for flag in FLAGS}, "k": CAPTAIN, "b": BASE, "l": LEGIONNAIRE}


@dataclass(frozen=True)
class RosterTeam:
    """One team of a roster, at the line where it first appears."""

    line: int
    name: str
    registration: Registration


@dataclass(frozen=True)
class Finding:
    line: int
    message: str
    warning: bool = False


def read_roster(path: Path, problems: Problems) -> list[RosterTeam]:
    """The teams of a roster file in the order they first appear; each problem added at its FILE:LINE."""
    try:
        data = read_bounded_bytes(path)
    except OSError as why:
        problems.add(path, 1, f"cannot read the roster: {why}")
        return []
    teams, findings = parse_roster(data)
    for found in findings:
        problems.add(path, found.line, found.message, warning=found.warning)
    return teams


def decode(data: bytes) -> tuple[str, str] | None:
    """(text, encoding's name) of a roster's bytes: a byte-order mark says UTF-8 or UTF-16; else UTF-8 if it
    reads as UTF-8, else Windows-1251. None: neither (a byte Windows-1251 does not have)."""
    encodings: tuple[str, ...]
    if data.startswith(b"\xef\xbb\xbf"):
        encodings = ("utf-8-sig",)
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ("utf-16",)
    else:
        encodings = ("utf-8", "cp1251")
    for encoding in encodings:
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    return None


def separator(line: str) -> str:
    """The field separator of a roster: the one of `;`, `,` and tab its first line has most of (outside
    quotes); `;` when it has none (a one-field line)."""
    counts = dict.fromkeys(SEPARATORS, 0)
    quoted = False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in counts:
            counts[char] += 1
    best = max(SEPARATORS, key=lambda sep: counts[sep])
    return best if counts[best] else ";"


def _header(cells: list[str]) -> dict[str, int] | None:
    """The columns a header line names (field → index), or None when the line is not a header (its cells name
    fewer than three of the fields)."""
    found: dict[str, int] = {}
    for index, cell in enumerate(cells):
        word = " ".join(cell.replace("\ufeff", "").strip().strip('"').casefold().split())
        for field_name, names in HEADER_NAMES.items():
            if word in names and field_name not in found:
                found[field_name] = index
                break
    return found if len(found) >= 3 else None


def _rows(text: str, sep: str) -> list[tuple[int, list[str]]]:
    """(the line a record starts on, its cells) of every record; a blank line is no record."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    rows: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for cells in reader:
            if any(cell.strip() for cell in cells):
                rows.append((start, cells))
            start = reader.line_num + 1
            if len(rows) > MAX_ROWS:
                break
    except csv.Error:  # a quote left open runs to the end: the records before it stand
        pass
    return rows


def _number(text: str, what: str) -> tuple[int | None, str | None]:
    """An id: empty (None) or a whole number; else why not."""
    text = text.strip()
    if not text:
        return None, None
    if not text.isascii() or not text.isdigit() or not 0 < int(text) <= MAX_ID:
        return None, f"{what} '{text[:40]}' is not a rating id (a whole number, or empty)"
    return int(text), None


@dataclass
class _Building:
    line: int
    name: str
    rating_id: int | None
    city: str
    members: list[Member]


def parse_roster(data: bytes) -> tuple[list[RosterTeam], list[Finding]]:
    """A roster's bytes → its teams and the problems found (each at its line). Never raises."""
    findings: list[Finding] = []
    decoded = decode(data)
    if decoded is None:
        return [], [Finding(1, "the roster is neither UTF-8 nor Windows-1251 text: save it as CSV (UTF-8)")]
    text, _ = decoded
    first = next((line for line in text.splitlines() if line.strip()), "")
    rows = _rows(text, separator(first))
    if not rows:
        return [], [Finding(1, "the roster lists no teams")]
    if len(rows) > MAX_ROWS:
        findings.append(Finding(rows[MAX_ROWS][0], f"the roster has more than {MAX_ROWS} lines: the rest is not read"))
        rows = rows[:MAX_ROWS]
    columns = _header(rows[0][1])
    if columns is None:
        columns = {name: index for index, name in enumerate(FIELDS)}
    else:
        missing = [name for name in ("team_id", "team", "surname") if name not in columns]
        if missing:
            findings.append(Finding(rows[0][0], "the roster's header names no column for " + ", ".join(
                HEADER_NAMES[name][0] for name in missing) + " (expected idteam, команда, город, К|Б|Л, idplayer, "
                "Ф, И, О)"))
            return [], findings
        rows = rows[1:]
    teams: dict[str, _Building] = {}
    by_id: dict[int, str] = {}
    players: dict[int, tuple[str, int]] = {}  # a player's rating id → (its team, the line)
    for line, cells in rows:
        built = _row(line, cells, columns, findings)
        if built is None:
            continue
        team_id, team, city, member = built
        key = team.casefold()
        known = teams.get(key)
        if team_id is not None and by_id.get(team_id, key) != key:
            findings.append(Finding(line, f"team id {team_id} is team '{teams[by_id[team_id]].name}' at line "
                                          f"{teams[by_id[team_id]].line}, not '{team}'"))
            continue
        if known is None:
            known = teams[key] = _Building(line, team, team_id, city, [])
        elif known.rating_id != team_id:
            findings.append(Finding(line, f"team '{team}' has id {_shown(known.rating_id)} at line {known.line}, "
                                          f"{_shown(team_id)} here"))
            continue
        if team_id is not None:
            by_id[team_id] = key
        if member is None:
            continue
        if member.rating_id is not None:
            other = players.get(member.rating_id)
            if other is not None:
                findings.append(Finding(line, f"player {member.rating_id} ({member.full_name}) is listed at line "
                                              f"{other[1]} already ('{other[0]}'): a player plays for one team"))
                continue
            players[member.rating_id] = (team, line)
        if member.flag == CAPTAIN and any(m.flag == CAPTAIN for m in known.members):
            findings.append(Finding(line, f"team '{team}' has two captains (К): the first one is kept",
                                    warning=True))
            member = Member(member.surname, member.name, member.patronymic, member.rating_id, BASE)
        known.members.append(member)
    if not teams and not any(not f.warning for f in findings):
        findings.append(Finding(rows[0][0] if rows else 1, "the roster lists no teams"))
    return [RosterTeam(t.line, t.name, Registration(t.rating_id, t.city, tuple(t.members)))
            for t in teams.values()], findings


def _shown(rating_id: int | None) -> str:
    return "none" if rating_id is None else str(rating_id)


def _row(line: int, cells: list[str], columns: dict[str, int], findings: list[Finding]
         ) -> tuple[int | None, str, str, Member | None] | None:
    """One player's line: (team id, team, city, the player or None for a team listed without players), or
    None when the line is wrong (said in `findings`)."""
    def cell(name: str) -> str:
        index = columns.get(name)
        return " ".join(cells[index].split()) if index is not None and index < len(cells) else ""

    wrong: list[str] = []
    team_id, why = _number(cell("team_id"), "idteam")
    wrong += [why] if why else []
    player_id, why = _number(cell("player_id"), "idplayer")
    wrong += [why] if why else []
    team = cell("team")
    if not team:
        wrong.append("the team's name is empty")
    values = {name: cell(name) for name in ("team", "city", "surname", "name", "patronymic")}
    for name, value in values.items():
        problem = text_problem(value, HEADER_NAMES[name][0], MAX_NAME)
        if problem:
            wrong.append(problem)
    flag_text = cell("flag")
    flag = FLAG_LETTERS.get(flag_text.casefold(), "") if flag_text else BASE
    if not flag:
        wrong.append(f"the flag '{flag_text[:20]}' is not К (captain), Б (base) or Л (legionnaire)")
    person = values["surname"] or values["name"]
    if not person and (player_id is not None or values["patronymic"]):
        wrong.append("a player needs a surname or a name")
    if wrong:
        findings.append(Finding(line, "; ".join(wrong)))
        return None
    if not flag_text and person:
        findings.append(Finding(line, f"no flag for {values['name']} {values['surname']}: read as Б (base)",
                                warning=True))
    member = Member(values["surname"], values["name"], values["patronymic"], player_id, flag) if person else None
    return team_id, team, values["city"], member
