"""tournament.yaml → a show config whose format is `tournament` (docs/files.md, docs/tournament.md).

Every problem is reported at once as FILE:LINE: message, like a show file: teams (name, captain,
players, rating, colour; or the rating's roster file, `roster:`), the regulation and its parameters, each
stage's match format, preset, rules and pack, the tables' buzzers, devices and keys as in a show file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from quizshow import registry, stopping
from quizshow.config import ShowConfig, TeamConfig, _devices, _keys, _packs, _roster, _rules, _theme, load_show
from quizshow.core.loose import Rules
from quizshow.core.registration import CAPTAIN
from quizshow.event.day import REGULATIONS
from quizshow.event.matches import DEFAULT_MATCHES
from quizshow.event.model import EventTeam, Regulation
from quizshow.formats.teamsize import size_problems
from quizshow.formats.tournament.model import EventPlan, StagePlan
from quizshow.language import pick
from quizshow.roster import RosterTeam
from quizshow.yamlfile import FileReader, Problems

KEYS = ["title", "regulation", "parameters", "language", "theme", "roster", "teams", "stages", "tables", "devices",
        "keys"]
TEAM_KEYS = ["name", "captain", "players", "rating", "colour", "color"]
STAGE_KEYS = ["format", "preset", "rules", "pack"]
TABLE_KEYS = ["name", "buzzer"]
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
MAX_TEAMS = 16
MAX_PLAYERS = 12
PALETTE = ("#d83a3a", "#2fbf71", "#3a7bd8", "#e0b020", "#9b59b6", "#1abc9c", "#e67e22", "#e84393",
           "#7f8c8d", "#16a085", "#c0392b", "#2980b9", "#8e44ad", "#27ae60", "#d35400", "#2c3e50")

# The parameters of each regulation, with their range (the rest of Regulation is the other one's).
PARAMETERS: dict[str, dict[str, tuple[int, int]]] = {
    "seed-001": {"semifinalists": (4, 4), "points_participation": (0, 100), "points_table_win": (0, 100),
                 "points_final": (0, 100), "points_final_win": (0, 100), "melee": (0, 1)},
    "seed-004": {"groups": (1, 8), "advance_per_group": (1, 8), "playoff_teams": (2, 8), "points_win": (0, 100),
                 "points_draw": (0, 100), "points_loss": (0, 100), "penalties_to_remove": (1, 100)},
}
REGULATION_LINE = re.compile(r"^regulation\s*:", re.M)  # a cheap look before the file is parsed


def looks_like_tournament(root: Node | None) -> bool:
    return isinstance(root, MappingNode) and any(str(k.value) == "regulation" for k, _ in root.value)


def load_any(path: Path, problems: Problems) -> ShowConfig | None:
    """A show file or a tournament file (it names a top-level `regulation`), whichever `path` is."""
    with stopping.loading():  # a stop signal ends a long load at once
        try:
            text = path.read_text(encoding="utf-8-sig")  # a byte-order mark before `regulation:` too
        except (OSError, UnicodeDecodeError):
            text = ""  # the show loader reports it
        if REGULATION_LINE.search(text):
            reader = FileReader(path, problems)
            root = reader.load()
            if looks_like_tournament(root):
                return load_tournament(path, problems, reader, root)
        return load_show(path, problems)


def load_tournament(path: Path, problems: Problems, reader: FileReader | None = None,
                    root: Node | None = None) -> ShowConfig | None:
    reader = reader or FileReader(path, problems)
    root = root if root is not None else reader.load()
    if root is None:
        return None
    keys = reader.mapping(root, KEYS, required=("title", "regulation"), what="the tournament")
    if "teams" not in keys and "roster" not in keys:
        reader.error(root, "the tournament lists no teams: give 'teams:', a 'roster:' file from the rating, or both")
    name = reader.text(keys.get("regulation"), "regulation")
    if name is not None and name not in REGULATIONS:
        reader.error(keys["regulation"], f"regulation '{name}' is unknown; expected one of {', '.join(REGULATIONS)}")
        name = None
    name = name or "seed-001"
    regulation = _regulation(reader, keys.get("parameters"), name)
    roster = _roster(reader, keys.get("roster"))
    teams = _teams(reader, keys.get("teams"), name, roster[1] if roster else [], keys.get("roster"))
    presets: dict[str, str] = {}
    stages = _stages(reader, keys.get("stages"), name, problems, presets)
    _team_sizes(reader, keys.get("teams"), teams, stages, presets)
    if name == "seed-004" and teams and regulation.groups * 2 > len(teams):
        reader.error(keys.get("parameters") or keys["teams"],
                     f"{regulation.groups} groups need at least {regulation.groups * 2} teams (found {len(teams)})")
    if name == "seed-004" and regulation.playoff_teams not in (2, 4, 8):
        reader.error(keys.get("parameters") or root, "playoff_teams must be 2, 4 or 8")
    devices = _devices(reader, keys.get("devices"))
    named = _tables(reader, keys.get("tables"))
    tables = [buzzer for _, buzzer in named]
    if devices.keyboard_buzzers:
        # A day's keyboard buzzers are its two tables' (keys 1 and 2), never a digit per event team: between
        # matches the digits type a score, and only two teams play at a time.
        tables = [(tables[i] if i < len(tables) else None) or f"key:{i + 1}" for i in range(2)]
        devices = replace(devices, keyboard_buzzers=False)
    language = pick(reader.text(keys.get("language"), "language"))  # --language, the file's, LANG (language.py)
    if language not in ("ru", "en"):
        reader.error(keys["language"], "language must be ru or en")
    configs = tuple(TeamConfig(t.name, t.colour, t.captain or None, t.players,
                               tables[i] if i < len(tables) else None) for i, t in enumerate(teams))
    defaults = TABLE_NAMES["en" if language == "en" else "ru"]
    names = [(named[i][0] if i < len(named) else None) or default for i, default in enumerate(defaults)]
    plan = EventPlan(teams, regulation, stages, tuple(_table_label(n, language) for n in names))
    return ShowConfig(path=path.resolve(), title=reader.text(keys.get("title"), "title") or "", format="tournament",
                      preset="day", rules={"plan": plan}, packs=(), language=language,
                      theme=_theme(reader, keys.get("theme")), teams=configs, devices=devices,
                      keys=_keys(reader, keys.get("keys")))


def _regulation(reader: FileReader, node: Node | None, name: str) -> Regulation:
    allowed = PARAMETERS[name]
    values: dict[str, Any] = {"name": name}  # YAML scalars, each checked against its kind and range below
    known = {f.name: f for f in fields(Regulation)}
    for key, item in reader.mapping(node, list(allowed), what=f"the parameters of {name}").items():
        low, high = allowed[key]
        kind = bool if known[key].type in ("bool", bool) else int
        value = reader.scalar(item, kind, f"parameter '{key}'")
        if value is None:
            continue
        if kind is int and not low <= value <= high:
            reader.error(item, f"parameter '{key}' is {value}; expected {low} to {high}")
            continue
        values[key] = value
    return Regulation(**values)


def _teams(reader: FileReader, node: Node | None, regulation: str, roster: Sequence[RosterTeam] = (),
           roster_node: Node | None = None) -> tuple[EventTeam, ...]:
    """`teams:` in their order, then the teams of the rating's roster file that `teams:` does not name (its
    captain the one flagged К, its players as the roster lists them); a team both name is `teams:`'s."""
    teams: list[EventTeam] = []
    seen: set[str] = set()
    for item in reader.sequence(node, "teams"):
        keys = reader.mapping(item, TEAM_KEYS, required=("name",), what="a team")
        name = reader.text(keys.get("name"), "team name") or f"#{len(teams) + 1}"
        if name in seen:
            reader.error(keys.get("name") or item, f"team '{name}' is listed twice")
        seen.add(name)
        colour_node = keys.get("colour") or keys.get("color")
        colour = reader.text(colour_node, "colour")
        if colour is not None and not COLOUR.match(colour):
            reader.error(colour_node or item, f"colour '{colour}' must look like #d83a3a")
            colour = None
        rating = reader.scalar(keys.get("rating"), float, "rating")
        players = reader.text_list(keys.get("players"), "players")
        if len(players) > MAX_PLAYERS:
            reader.error(keys["players"], f"a team has at most {MAX_PLAYERS} players (found {len(players)})")
        teams.append(EventTeam(name, reader.text(keys.get("captain"), "captain") or "", players[:MAX_PLAYERS],
                               float(rating or 0.0), colour or PALETTE[len(teams) % len(PALETTE)]))
    listed = {team.name.strip().casefold() for team in teams}
    for entry in roster:
        if entry.name.strip().casefold() in listed:
            continue
        members = entry.registration.members
        captain = next((m.full_name for m in members if m.flag == CAPTAIN), "")
        teams.append(EventTeam(entry.name, captain, tuple(m.full_name for m in members)[:MAX_PLAYERS], 0.0,
                               PALETTE[len(teams) % len(PALETTE)]))
    low, high = (5, 10) if regulation == "seed-001" else (2, MAX_TEAMS)
    where = node if node is not None else roster_node
    if where is not None and not low <= len(teams) <= high:
        reader.error(where, f"regulation {regulation} needs {low} to {high} teams (found {len(teams)})")
    return tuple(teams)


def _team_sizes(reader: FileReader, node: Node | None, teams: tuple[EventTeam, ...], stages: dict[str, StagePlan],
                presets: dict[str, str]) -> None:
    """Each team against the team sizes of the presets its matches are played with, as a show file's teams
    (config._team_sizes): an error where the rule book admits only that size (seed 004 §6.1 «ТОЛЬКО В ПОЛНОМ
    СОСТАВЕ (5 человек)»), else a warning; once per team, the error first. The number of teams is the
    regulation's business (a match is played by two of them), so only the players are checked here."""
    items = node.value if isinstance(node, SequenceNode) else []
    counts = [len(t.players) for t in teams]
    found: dict[int, tuple[bool, str]] = {}
    for stage, plan in stages.items():
        sizes = {k: v for k, v in plan.rules.items() if k in ("players_min", "players_max", "players_strict")}
        for problem in size_problems(sizes, counts):
            if problem.team is None or (problem.team in found and found[problem.team][0] >= problem.strict):
                continue
            message = (f"team '{teams[problem.team].name}' has {problem.found} players; stage '{stage}' "
                       f"(preset {presets.get(stage, plan.format)}) needs {problem.need}")
            found[problem.team] = (problem.strict, message + " (a full team only)" if problem.strict else message)
    for team, (strict, message) in sorted(found.items()):
        where = items[team] if team < len(items) else node
        if where is None:
            continue
        (reader.error if strict else reader.warn)(where, message)


def _stages(reader: FileReader, node: Node | None, regulation: str, problems: Problems,
            presets: dict[str, str] | None = None) -> dict[str, StagePlan]:
    """Each stage's plan; `presets` gets each stage's preset name (for the messages)."""
    presets = presets if presets is not None else {}
    defaults = DEFAULT_MATCHES[regulation]
    given = reader.mapping(node, list(defaults), what=f"the stages of {regulation}")
    out: dict[str, StagePlan] = {}
    for stage, (fmt, preset, overrides) in defaults.items():
        item = given.get(stage)
        if item is None:
            out[stage] = StagePlan(fmt, {**_rules_default(fmt, preset), **overrides})
            presets[stage] = preset
            continue
        keys = dict(reader.mapping(item, STAGE_KEYS, what=f"stage '{stage}'"))
        keys.setdefault("format", _scalar_at(item, fmt))
        if reader.text(keys["format"], "format") == fmt:
            keys.setdefault("preset", _scalar_at(item, preset))
        fmt_name, preset_name, rules = _rules(reader, keys)
        if fmt_name is None or fmt_name not in registry.FORMATS:
            continue  # _rules has said why
        if registry.spec(fmt_name).match is None:
            *most, last = [name for name in registry.names() if registry.spec(name).match is not None]
            either = f"{', '.join(most)} or {last}" if most else last
            reader.error(keys["format"], f"a stage is played as {either}, not {fmt_name}")
            continue
        given_rules = _given_rules(keys)
        merged = {**rules, **{k: v for k, v in overrides.items() if k not in given_rules and fmt_name == fmt}}
        packs = _packs(reader, keys.get("pack"), problems)
        out[stage] = StagePlan(fmt_name, merged, packs[0] if packs else None)
        presets[stage] = preset_name or fmt_name
    return out


def _rules_default(fmt: str, preset: str) -> Rules:
    from quizshow.formats import common_rules, presets

    sets = presets().get(fmt) or {name: {**common_rules(), **params}
                                  for name, params in registry.spec(fmt).presets.items()}
    return dict(sets.get(preset) or next(iter(sets.values())))


def _given_rules(keys: dict[str, Node]) -> set[str]:
    node = keys.get("rules")
    if not isinstance(node, MappingNode):
        return set()
    return {str(k.value) for k, _ in node.value}


def _scalar_at(near: Node, value: str) -> Node:
    """A scalar node holding `value` at `near`'s line (a stage's default format or preset)."""
    return ScalarNode("tag:yaml.org,2002:str", value, near.start_mark, near.end_mark)


TABLE_NAMES = {"ru": ("красный", "зелёный"), "en": ("red", "green")}


def _table_label(name: str, language: str) -> str:
    """What the console's help calls a table's buzzer: «красный стол», «red table» (a name with the word
    in it stays as it is)."""
    word = "table" if language == "en" else "стол"
    return name if word in name.lower() else f"{name} {word}"


def _tables(reader: FileReader, node: Node | None) -> list[tuple[str | None, str | None]]:
    """The red and the green table's names and buzzers (a team's buzzer in a show file)."""
    out: list[tuple[str | None, str | None]] = []
    for item in reader.sequence(node, "tables"):
        keys = reader.mapping(item, TABLE_KEYS, what="a table")
        out.append((reader.text(keys.get("name"), "table name"), reader.text(keys.get("buzzer"), "buzzer")))
    if node is not None and len(out) != 2:
        reader.error(node, f"there are two tables, red and green (found {len(out)})")
    return out[:2]
