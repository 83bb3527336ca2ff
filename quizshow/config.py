"""Show file → typed, validated config (spec/files.md). Every problem is reported at once."""

from __future__ import annotations

import ipaddress
import re
import string
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from quizshow import registry, stopping
from quizshow.core.actions import Call
from quizshow.core.loose import Rules
from quizshow.core.registration import CAPTAIN, Registration
from quizshow.core.spec import MAX_TEAMS
from quizshow.formats import common_rules, presets
from quizshow.formats.teamsize import size_problems
from quizshow.inputs.buzz import handset_of
from quizshow.inputs.keymap import ACTIONS, key_code, player_buzzer, unknown_key_names
from quizshow.language import pick
from quizshow.packs.loader import load_pack
from quizshow.packs.model import Pack
from quizshow.resources import themes_dir
from quizshow.roster import MAX_ID, RosterTeam, read_roster
from quizshow.themefile import check_theme
from quizshow.yamlfile import MAX_NAME, FileReader, Problems

T = TypeVar("T")

SHOW_KEYS = ["title", "format", "preset", "rules", "pack", "language", "theme", "roster", "teams", "devices", "keys"]
TEAM_KEYS = ["name", "color", "captain", "players", "buzzer", "buzzers", "rating_id", "city"]
DEVICE_KEYS = ["serial", "keyboard", "keyboard_buzzers", "gamepads", "osc", "web"]
WEB_KEYS = ["listen", "wifi", "overlay_allow", "follow_passcode", "follow_allow"]
SERIAL_KEYS = ["id", "port", "protocol", "preset", "baud", "map"]
SERIAL_PRESETS = ["simulator"]  # SIGame's SImulator's COM boxes: a raw byte a press (docs/hardware.md)
OSC_KEYS = ["listen", "allow", "passcode", "feedback", "companion", "cues", "rate_limit", "go_interval_s"]
CUE_EVENTS = ["buzz", "false_start", "correct", "wrong", "announce", "timer/start", "timer/warning",
              "timer/expired", "question", "reveal", "round/start", "final/start", "winner", "asked", "choice",
              "player/out"]
THEMES_DIR = themes_dir()
# `phone`: a player's phone is the buzzer (docs/phones.md); a seat of its own, never a shared button.
BUZZER_PATTERN = re.compile(r"^(?:key:[A-Za-z0-9_]+|pad:\d+:\d+|[A-Za-z0-9_-]+:\d+|phone)$")
COLOR_PATTERN = re.compile(r"^#[0-9a-fA-F]{6}$")
# Every number of the show file has a range (docs/files.md); `rules:` are checked by their own schema.
BAUD_RANGE = (50, 4_000_000)
MAX_INPUT = 999  # a QBX/1 input number has at most three digits
RATE_LIMIT_RANGE = (1, 10_000)  # OSC messages a second from one source
GO_INTERVAL_RANGE = (0.0, 10.0)  # seconds between two accepted GOs


@dataclass(frozen=True)
class TeamConfig:
    name: str
    color: str | None = None
    captain: str | None = None
    players: tuple[str, ...] = ()
    buzzer: str | None = None
    buzzers: tuple[str, ...] = ()  # a button per player, in roster order (FormatSpec.player_buzzers)
    registration: Registration | None = None  # its rating id, city and players (a roster file, or rating_id/city)


@dataclass(frozen=True)
class SerialConfig:
    id: str
    port: str = "auto"
    protocol: str = "qbx"
    baud: int = 115200
    map: dict[str, int] = field(default_factory=dict)
    preset: str | None = None  # `simulator`: every byte a press, its value the input unless `map` names it


@dataclass(frozen=True)
class Cue:
    to: tuple[str, int]
    address: str


@dataclass(frozen=True)
class OscConfig:
    listen: tuple[str, int] = ("127.0.0.1", 7400)
    allow: tuple[str, ...] = ("127.0.0.0/8",)
    passcode: str | None = None
    feedback: tuple[tuple[str, int], ...] = ()
    companion: tuple[tuple[str, int], ...] = ()  # Companion's own OSC listener: the state as custom variables
    cues: dict[str, tuple[Cue, ...]] = field(default_factory=dict)
    rate_limit: int = 50
    go_interval_s: float = 0.3


@dataclass(frozen=True)
class WebConfig:
    """`devices.web`: the web server for players' phones (spec/web.md); absent = off."""

    listen: tuple[str, int] = ("0.0.0.0", 8080)
    wifi: str | None = None  # the venue network's name, shown under the join codes
    overlay_allow: tuple[str, ...] = ()  # who may read the broadcast overlay (docs/overlay.md); () = anyone
    follow_passcode: str | None = None  # follower screens (docs/screens.md): off (403) unless set
    follow_allow: tuple[str, ...] = ()  # followers let in whatever others guess (addresses or networks)


@dataclass(frozen=True)
class Devices:
    serial: tuple[SerialConfig, ...] = ()
    keyboards: tuple[str, ...] = ()  # keyboard-style buzzers read from their input device (Linux evdev)
    keyboard_buzzers: bool = False
    gamepads: bool = False
    osc: OscConfig = field(default_factory=OscConfig)
    web: WebConfig | None = None


@dataclass(frozen=True)
class ShowConfig:
    path: Path
    title: str
    format: str
    preset: str
    rules: Rules
    packs: tuple[Pack, ...]
    language: str = "ru"
    theme: Path = THEMES_DIR / "broadcast"
    teams: tuple[TeamConfig, ...] = ()
    devices: Devices = field(default_factory=Devices)
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def journal_path(self) -> Path:
        """Beside the show (`.quizshow/`); for a show in a folder nobody may write to, or one of the
        package's own (a bundled show), in the user's data folder instead (quizshow/userdirs.py)."""
        from quizshow.userdirs import journal_path

        return journal_path(self.path)

    @property
    def pack(self) -> Pack | None:
        """The show's packs played in order, as one (spec/files.md: "a list of packs played in order")."""
        if len(self.packs) <= 1:
            return self.packs[0] if self.packs else None
        first = self.packs[0]
        from quizshow.packs.model import rounds_credited  # each pack's author and source stay with its rounds

        return replace(first, rounds=tuple(r for pack in self.packs for r in rounds_credited(pack, first)))


def load_show(path: Path, problems: Problems) -> ShowConfig | None:
    with stopping.loading():  # a stop signal ends a long load at once
        return _load_show(path, problems)


def _load_show(path: Path, problems: Problems) -> ShowConfig | None:
    reader = FileReader(path, problems)
    root = reader.load()
    if root is None:
        return None
    keys = reader.mapping(root, SHOW_KEYS, required=("title", "format"), what="the show")
    if "teams" not in keys and "roster" not in keys:
        reader.error(root, "the show lists no teams: give 'teams:', a 'roster:' file from the rating, or both")
    fmt, preset, rules = _rules(reader, keys)
    packs = _packs(reader, keys.get("pack"), problems)
    spec = registry.spec(fmt) if fmt in registry.FORMATS else None
    if spec is not None and "pack" not in keys:
        _no_pack(reader, root, spec.name, spec.without_pack)
    checks = () if spec is None else ((spec.check_pack, False), (spec.warn_pack, True))
    for pack in packs:  # a format's own demands on a pack, and advice, at its lines
        for check, warning in checks:
            for line, message in check(pack, rules) if check is not None else ():
                problems.add(pack.path, line, message, warning=warning)
    language = pick(reader.text(keys.get("language"), "language"))  # --language, the file's, LANG (language.py)
    if language not in ("ru", "en"):
        reader.error(keys["language"], "language must be ru or en")
    devices = _devices(reader, keys.get("devices"))
    most = registry.spec(fmt).max_teams if fmt in registry.FORMATS else MAX_TEAMS  # the format's own limit
    roster = _roster(reader, keys.get("roster"))
    listed = _teams(reader, keys.get("teams"), devices, most if roster is None else 0)
    teams, places = _with_roster(reader, keys.get("teams"), listed, roster, most)
    _team_sizes(reader, places, teams, preset or "", rules, keys.get("teams") or keys.get("roster"))
    return ShowConfig(
        path=path.resolve(), title=reader.text(keys.get("title"), "title", MAX_NAME) or "", format=fmt or "",
        preset=preset or "", rules=rules, packs=packs, language=language,
        theme=_theme(reader, keys.get("theme")), teams=teams, devices=devices,
        keys=_keys(reader, keys.get("keys"), teams, fmt in registry.FORMATS and registry.spec(fmt).player_buzzers),
    )


def _no_pack(reader: FileReader, root: Node, fmt: str, without: str) -> None:
    """A show without `pack:`: an error where the format has nothing to play without one, else advice."""
    if without == "needed":
        reader.error(root, f"missing key 'pack' in the show: format {fmt} plays its questions from a pack "
                           "(pack: FILE, or a list of packs played in order)")
    elif without == "advised":
        reader.warn(root, f"the show has no 'pack': the host reads the questions from paper and the screens show "
                          f"none (format {fmt}); give pack: FILE to show them")


def _rules(reader: FileReader, keys: dict[str, Node]) -> tuple[str | None, str | None, Rules]:
    fmt = reader.text(keys.get("format"), "format")
    if fmt is None:
        return None, None, {}
    if fmt not in registry.FORMATS:
        soon = " (not available in this version yet)" if fmt in registry.PLANNED else ""
        reader.error(keys["format"], f"format '{fmt}' is unknown{soon}; available: {', '.join(registry.names())}")
        return fmt, None, {}
    sets = presets().get(fmt) or {name: {**common_rules(), **params}
                                  for name, params in registry.spec(fmt).presets.items()}
    preset = reader.text(keys.get("preset"), "preset") or next(iter(sets))
    if preset not in sets:
        reader.error(keys["preset"], f"preset '{preset}' is not one of format {fmt}: {', '.join(sets)}")
        return fmt, preset, dict(next(iter(sets.values())))  # the pack is still checked, under the first preset
    rules = dict(sets[preset])
    schema = registry.spec(fmt).schema()
    for name, node in reader.mapping(keys.get("rules"), list(rules), what="rules").items():
        default = rules[name]
        kind: type | tuple[type, ...] = (int, float) if isinstance(default, float) else type(default)
        value = reader.scalar(node, kind, f"rule '{name}'")
        if value is None:
            continue
        why = schema[name].problem(value) if name in schema else None
        if why is not None:
            reader.error(node, f"rule '{name}' is {value!r}; expected {why}")
            continue
        rules[name] = value
    return fmt, preset, rules


def _packs(reader: FileReader, node: Node | None, problems: Problems) -> tuple[Pack, ...]:
    if node is None:
        return ()
    listed = isinstance(node, SequenceNode)
    names = reader.text_list(node, "pack") if listed else (reader.text(node, "pack"),)
    packs: list[tuple[Node, Pack]] = []  # each with its line
    items = list(reader.sequence(node, "pack")) if listed else [node]
    for name, item in zip(names, items, strict=False):
        if name is None:
            continue
        path = (reader.path.parent / name).resolve()
        if not path.exists():
            reader.error(item, f"pack '{name}' not found")
            continue
        if not path.is_file():  # /dev/zero, a FIFO, a folder: never read
            reader.error(node, f"pack '{name}' is not a regular file")
            continue
        pack = load_pack(path, problems)
        if pack is not None:
            if packs and any(r.final for r in packs[-1][1].rounds):
                reader.error(packs[-1][0], f"pack '{packs[-1][1].path.name}' has a final round, so it must be "
                                           "the last pack of the show")
            packs.append((item, pack))
    return tuple(pack for _, pack in packs)


def _theme(reader: FileReader, node: Node | None) -> Path:
    name = reader.text(node, "theme")
    if name is None or node is None:
        return THEMES_DIR / "broadcast"
    candidates = [THEMES_DIR / name, (reader.path.parent / name).resolve()]
    if "/" in name or "\\" in name:  # a path (`../themes/broadcast`, a copied demo's): the show's own first
        candidates.reverse()
    for folder in candidates:
        if (folder / "theme.yaml").exists():
            check_theme(folder, reader.problems)  # an unknown colour name: an error at its line
            return folder
    reader.error(node, f"theme '{name}' not found (a folder under themes/ or a path with a theme.yaml)")
    return THEMES_DIR / "broadcast"


def _teams(reader: FileReader, node: Node | None, devices: Devices, most: int = MAX_TEAMS) -> tuple[TeamConfig, ...]:
    teams: list[TeamConfig] = []
    box_ids = {box.id for box in devices.serial}
    taken: dict[str, str] = {}  # a button (normalised) -> the team that has it
    names: set[str] = set()
    for item in reader.sequence(node, "teams"):
        keys = reader.mapping(item, TEAM_KEYS, required=("name",), what="a team")
        name = reader.text(keys.get("name"), "team name", MAX_NAME)
        if name is not None and _number_node(keys["name"]):
            reader.warn(keys["name"], f"team name {name} is a number: read as the text '{name}'; write it in "
                                      f"quotes to say so (name: \"{name}\")")
        if name is not None and not name.strip():
            reader.error(keys["name"], "a team name cannot be empty: the screen and the journal name a team by it")
        elif name is not None and name.strip().casefold() in names:
            reader.error(keys["name"], f"two teams are named '{name.strip()}': the screen could not tell them apart")
        elif name is not None:
            names.add(name.strip().casefold())
        color = reader.text(keys.get("color"), "color")
        if color is not None and not COLOR_PATTERN.match(color):
            reader.error(keys["color"], f"color '{color}' must look like #d83a3a")
            color = None
        label = name.strip() if name and name.strip() else f"#{len(teams) + 1}"
        buzzer = reader.text(keys.get("buzzer"), "buzzer")
        if buzzer is not None:
            _check_buzzer(reader, keys["buzzer"], buzzer, box_ids, taken, label)
        players = reader.text_list(keys.get("players"), "players", MAX_NAME)
        buzzers = reader.text_list(keys.get("buzzers"), "buzzers")
        for item, spec in zip(reader.sequence(keys.get("buzzers"), "buzzers"), buzzers, strict=False):
            _check_buzzer(reader, item, spec, box_ids, taken, label)
        if len(buzzers) > len(players):
            reader.error(keys["buzzers"], f"{len(buzzers)} buzzers for {len(players)} players: one per player, "
                                          "in the order of 'players'")
        rating_id = reader.integer(keys.get("rating_id"), "rating_id", 1, MAX_ID)
        city = reader.text(keys.get("city"), "city", MAX_NAME)
        teams.append(TeamConfig(
            name=label, color=color,
            captain=reader.text(keys.get("captain"), "captain", MAX_NAME), players=players, buzzer=buzzer,
            buzzers=buzzers, registration=Registration(rating_id, city or "") if rating_id or city else None))
    if node is not None and most and not 1 <= len(teams) <= most:  # a format may allow more (FormatSpec.max_teams)
        reader.error(node, f"a show needs 1 to {most} teams (found {len(teams)})")
    return tuple(teams)


# Where a team of the show was listed, for a problem with it: the show file's node, or the roster's line.
Place = tuple[Path, "Node | int"]


def _roster(reader: FileReader, node: Node | None) -> tuple[Path, list[RosterTeam]] | None:
    """`roster: FILE.csv`: the rating's roster file beside the show (quizshow/roster.py), its problems at its lines."""
    name = reader.text(node, "roster")
    if name is None or node is None:
        return None
    path = (reader.path.parent / name).resolve()
    if not path.is_file():
        reader.error(node, f"roster '{name}' not found" if not path.exists() else f"roster '{name}' is not a file")
        return None
    return path, read_roster(path, reader.problems)


def _with_roster(reader: FileReader, node: Node | None, listed: tuple[TeamConfig, ...],
                 roster: tuple[Path, list[RosterTeam]] | None, most: int) -> tuple[tuple[TeamConfig, ...], list[Place]]:
    """The show's teams: the roster's in its order, each with what `teams:` says of the team of the same name
    (its buzzer, colour, players), then the teams `teams:` lists that the roster does not — registered at the
    door, without a rating id unless `rating_id:` gives one. Without a roster, `teams:` as it is."""
    items = node.value if isinstance(node, SequenceNode) else []
    places: list[Place] = [(reader.path, item) for item in items]
    if roster is None:
        return listed, places
    path, found = roster
    by_name = {team.name.strip().casefold(): (team, place) for team, place in zip(listed, places, strict=False)}
    teams: list[TeamConfig] = []
    merged: list[Place] = []
    for entry in found:
        own, place = by_name.pop(entry.name.strip().casefold(), (None, (path, entry.line)))
        members = entry.registration.members
        registration = entry.registration
        if own is not None and own.registration is not None:
            given = own.registration
            if given.rating_id is not None and given.rating_id != registration.rating_id:
                reader.error(place[1], f"team '{own.name}' has rating_id {given.rating_id}, but the roster gives "
                                       f"{registration.rating_id or 'none'} ({path.name}:{entry.line})")
            registration = Registration(registration.rating_id or given.rating_id, registration.city or given.city,
                                        members)
        captain = next((m.full_name for m in members if m.flag == CAPTAIN), None)
        base = own or TeamConfig(name=entry.name)
        teams.append(TeamConfig(
            name=entry.name, color=base.color, captain=base.captain or captain,
            players=base.players or tuple(m.full_name for m in members), buzzer=base.buzzer, buzzers=base.buzzers,
            registration=registration))
        merged.append(place)
    for own, place in by_name.values():  # at the door
        teams.append(replace(own, registration=own.registration or Registration()))
        merged.append(place)
    where: Node | int = node if node is not None and len(teams) > len(found) else 1
    if not 1 <= len(teams) <= most and (teams or not reader.problems.errors):  # (an unreadable roster said so)
        if where == 1:
            reader.problems.add(path, 1, f"a show needs 1 to {most} teams (the roster lists {len(found)})")
        else:
            reader.error(where, f"a show needs 1 to {most} teams (found {len(teams)}: {len(found)} in the roster)")
    return tuple(teams), merged


def _team_sizes(reader: FileReader, places: list[Place], teams: tuple[TeamConfig, ...], preset: str,
                rules: Rules, node: Node | None) -> None:
    """Team sizes the preset's rule book asks for: an error where it admits only that size, else a warning
    (at the team's line in the show file, or in the roster)."""
    section: Node | int = 1 if node is None else node  # the teams' line (the file's first without them)
    for problem in size_problems(rules, [len(t.players) for t in teams]):
        if problem.team is None:
            reader.warn(section, f"preset {preset} is played by {problem.need} teams (found {problem.found})")
            continue
        path, where = places[problem.team] if problem.team < len(places) else (reader.path, section)
        message = f"team '{teams[problem.team].name}' has {problem.found} players; preset {preset} needs {problem.need}"
        reader.problems.add(path, where, message + (" (a full team only)" if problem.strict else ""),
                            warning=not problem.strict)


def _check_buzzer(reader: FileReader, node: Node, buzzer: str, box_ids: set[str], taken: dict[str, str],
                  team: str) -> None:
    """A buzzer that exists and is nobody else's: a key pygame knows, a listed box, one owner each."""
    if buzzer == "phone":  # a phone seat: its own join link, nobody else's button
        return
    if not BUZZER_PATTERN.match(buzzer):
        reader.error(node, f"buzzer '{buzzer}' must be BOX:INPUT, key:NAME, pad:N:B, buzz:N or phone")
        return
    kind, _, rest = buzzer.partition(":")
    if kind == "key" and unknown_key_names([rest]):
        reader.error(node, f"buzzer '{buzzer}': there is no key named '{rest}' (names as in docs/files.md, like "
                           "key:1, key:q, key:space, key:f1)")
        return
    if kind == "buzz" and handset_of(buzzer) is None:
        reader.error(node, f"buzzer '{buzzer}': a Buzz! set has handsets buzz:1 to buzz:4")
        return
    if kind not in ("key", "pad", "buzz") and kind not in box_ids:
        reader.error(node, f"buzzer '{buzzer}' names box '{kind}', which devices.serial does not list")
        return
    button = f"key:{key_code(rest)}" if kind == "key" else buzzer
    owner = taken.get(button)
    if owner is not None:
        reader.error(node, f"buzzer '{buzzer}' is already team '{owner}''s: one button, one owner")
    taken[button] = team


def _devices(reader: FileReader, node: Node | None) -> Devices:
    keys = reader.mapping(node, DEVICE_KEYS, what="devices")
    serial: list[SerialConfig] = []
    for item in reader.sequence(keys.get("serial"), "serial"):
        box = reader.mapping(item, SERIAL_KEYS, required=("id",), what="a serial box")
        preset = reader.text(box.get("preset"), "preset")
        if preset is not None and preset not in SERIAL_PRESETS:
            reader.error(box["preset"], f"preset must be {' or '.join(SERIAL_PRESETS)}")
            preset = None
        protocol = reader.text(box.get("protocol"), "protocol") or ("simple" if preset else "qbx")
        if protocol not in ("qbx", "simple"):
            reader.error(box["protocol"], "protocol must be qbx or simple")
        elif preset is not None and protocol != "simple":
            reader.error(box["protocol"], f"preset {preset} is of the simple protocol")
        mapping = _token_map(reader, box["map"]) if "map" in box else {}
        if preset is not None and any(len(token) != 1 for token in mapping):
            reader.error(box["map"], f"preset {preset}: a press is one byte, so each map key is one character")
        box_id = reader.text(box.get("id"), "id") or f"box{len(serial) + 1}"
        if box_id in ("buzz", "key", "pad", "phone"):
            reader.error(box["id"], f"a box cannot be named '{box_id}': buzzer specs use the word")
        port = reader.text(box.get("port"), "port")
        if port is not None and _number_node(box["port"]):
            reader.error(box["port"], f"port {port} is a number; expected auto, a device path (/dev/ttyUSB{port}, "
                                      f"COM{port}, /dev/cu.usbserial-…) or a pyserial URL (socket://HOST:PORT)")
            port = None
        serial.append(SerialConfig(
            id=box_id, port=port or "auto", protocol=protocol,
            baud=reader.integer(box.get("baud"), "baud", *BAUD_RANGE) or (9600 if preset else 115200), map=mapping,
            preset=preset))
    keyboard = keys.get("keyboard")  # a device path, or a list of them
    keyboards = reader.text_list(keyboard, "keyboard") if isinstance(keyboard, SequenceNode) else \
        tuple(t for t in [reader.text(keyboard, "keyboard")] if t)
    return Devices(
        serial=tuple(serial), keyboards=keyboards,
        keyboard_buzzers=bool(reader.scalar(keys.get("keyboard_buzzers"), bool, "keyboard_buzzers")),
        gamepads=bool(reader.scalar(keys.get("gamepads"), bool, "gamepads")),
        osc=_osc(reader, keys.get("osc")),
        web=_web(reader, keys["web"]) if "web" in keys else None,
    )


def _web(reader: FileReader, node: Node) -> WebConfig:
    keys = reader.mapping(node, WEB_KEYS, what="web")
    wifi = reader.scalar(keys.get("wifi"), str, "wifi") if "wifi" in keys else None
    return WebConfig(listen=_address(reader, keys.get("listen"), "listen") or WebConfig().listen,
                     wifi=str(wifi) if wifi else None, overlay_allow=_networks(reader, keys, "overlay_allow"),
                     follow_passcode=reader.text(keys.get("follow_passcode"), "follow_passcode"),
                     follow_allow=_networks(reader, keys, "follow_allow"))


def _networks(reader: FileReader, keys: dict[str, Node], name: str) -> tuple[str, ...]:
    """A list of addresses or networks (`overlay_allow`, `follow_allow`), each checked where it is written."""
    allow = []
    for item in reader.sequence(keys.get(name), name):
        text = reader.text(item, name)
        try:
            ipaddress.ip_network(text or "", strict=False)
            allow.append(text or "")
        except ValueError:
            reader.error(item, f"{name}: '{text}' is not an address or a range like 192.168.1.0/24")
    return tuple(allow)


def _token_map(reader: FileReader, node: Node) -> dict[str, int]:
    if not isinstance(node, MappingNode):
        reader.error(node, "map must be a mapping of received token to input number")
        return {}
    result = {}
    for key_node, value_node in node.value:
        number = reader.integer(value_node, f"map entry '{key_node.value}'", 1, MAX_INPUT)
        if number is not None:
            result[str(key_node.value)] = number
    return result


def _osc(reader: FileReader, node: Node | None) -> OscConfig:
    keys = reader.mapping(node, OSC_KEYS, what="osc")
    defaults = OscConfig()
    listen = _address(reader, keys.get("listen"), "listen") or defaults.listen
    allow = reader.text_list(keys.get("allow"), "allow") or defaults.allow
    for item, text in zip(reader.sequence(keys.get("allow"), "allow"), allow, strict=False):
        try:
            ipaddress.ip_network(text, strict=False)
        except ValueError:
            reader.error(item, f"'{text}' is not an address range like 192.168.1.0/24")
    feedback = tuple(a for a in (_address(reader, n, "feedback") for n in
                                 reader.sequence(keys.get("feedback"), "feedback")) if a)
    companion = tuple(a for a in (_address(reader, n, "companion") for n in
                                  reader.sequence(keys.get("companion"), "companion")) if a)
    cues: dict[str, tuple[Cue, ...]] = {}
    for event, cue_list in reader.mapping(keys.get("cues"), CUE_EVENTS, what="cues").items():
        found = []
        for cue_node in reader.sequence(cue_list, f"cues of {event}"):
            cue = reader.mapping(cue_node, ["to", "address"], required=("to", "address"), what="a cue")
            to = _address(reader, cue.get("to"), "to")
            address = reader.text(cue.get("address"), "address")
            if address is not None and not address.startswith("/"):
                reader.error(cue["address"], f"OSC address '{address}' must start with /")
            elif address is not None and (why := _cue_problem(address)) is not None:
                reader.error(cue["address"], f"OSC address '{address}': {why}")
            elif to and address:
                found.append(Cue(to, address))
        cues[event] = tuple(found)
    passcode = reader.text(keys.get("passcode"), "passcode")
    _warn_loopback_only(reader, listen, keys)
    return OscConfig(
        listen=listen, allow=allow, passcode=passcode, feedback=feedback, companion=companion, cues=cues,
        rate_limit=_or(reader.integer(keys.get("rate_limit"), "rate_limit", *RATE_LIMIT_RANGE), defaults.rate_limit),
        go_interval_s=_or(reader.number(keys.get("go_interval_s"), "go_interval_s", *GO_INTERVAL_RANGE),
                          defaults.go_interval_s),
    )


# What a cue's address may hold ({team}, {score} …): the event's values that outputs/osc_out.py fills in.
CUE_PLACEHOLDERS = {"team": 1, "score": 0, "points": 0, "round": 1, "name": "", "player": 1}


def _cue_problem(address: str) -> str | None:
    """Why a cue's address cannot be filled in on air (an unknown or broken placeholder), or None."""
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(address) if name is not None]
    except ValueError as why:
        return f"{why} (write {{{{ and }}}} for a brace itself)"
    known = ", ".join("{" + name + "}" for name in CUE_PLACEHOLDERS)
    for name in fields:
        if name not in CUE_PLACEHOLDERS:
            return f"unknown placeholder {{{name}}}; expected one of {known}"
    try:
        address.format(**CUE_PLACEHOLDERS)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as why:
        return f"the placeholders cannot be filled in ({why}); expected one of {known}"
    return None


def _number_node(node: Node) -> bool:
    """Whether YAML reads this value as a number (42, 3.5, 0x1F), not as text."""
    return isinstance(node, ScalarNode) and node.tag.endswith((":int", ":float"))


def _loopback(host: str) -> bool:
    """127.x.y.z, ::1 or localhost: this machine only."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _warn_loopback_only(reader: FileReader, listen: tuple[str, int], keys: dict[str, Node]) -> None:
    """A show listening on loopback only cannot be reached by the desks it names on other machines
    (issue 27, item 7): each such `allow` range or feedback target is a warning at its line."""
    if not _loopback(listen[0]):
        return
    for key in ("allow", "feedback"):
        node = keys.get(key)
        for item in node.value if isinstance(node, SequenceNode) else ():
            text = str(item.value) if isinstance(item.value, (str, int)) else ""
            try:
                other = not (ipaddress.ip_network(text, strict=False).is_loopback if key == "allow"
                             else _loopback(text.rpartition(":")[0] or text))
            except ValueError:
                continue  # not a range: an error already
            if other:
                reader.warn(item, f"osc: {key} '{text}' is another machine, but the show listens on {listen[0]} "
                                  f"(this machine only): nothing from there reaches it. Listen on the venue "
                                  f"network, e.g. listen: \"0.0.0.0:{listen[1]}\" with a passcode (docs/osc.md, "
                                  f"\"The venue network\")")


def _or(value: T | None, default: T) -> T:
    """The value read, or the default when it was absent or refused (0 is a value, not an absence)."""
    return default if value is None else value


def _address(reader: FileReader, node: Node | None, what: str) -> tuple[str, int] | None:
    text = reader.text(node, what)
    if text is None or node is None:
        return None
    host, _, port = text.rpartition(":")
    lowest = 0 if what == "listen" else 1  # listening on port 0 takes any free port; sending to it is nothing
    if not host or not port.isascii() or not port.isdigit() or not lowest <= int(port) <= 65535:
        reader.error(node, f"{what} '{text}' must be HOST:PORT, like 127.0.0.1:7400")
        return None
    if not _host_ok(host):
        reader.error(node, f"{what} '{text}': '{host}' is not an IP address or a host name (like 127.0.0.1, "
                           "0.0.0.0 or localhost)")
        return None
    return host, int(port)


_HOST_NAME = re.compile(r"^(?=.{1,253}$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(?:\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*$")


def _host_ok(host: str) -> bool:
    """An IP address, or a host name that is not a malformed address (999.1.1.1 is neither)."""
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return bool(_HOST_NAME.match(host)) and not host.replace(".", "").isdigit()


def _keys(reader: FileReader, node: Node | None, teams: tuple[TeamConfig, ...] = (),
          per_player: bool = False) -> dict[str, tuple[str, ...]]:
    """`keys:`: an action's keys. `buzzN.P` (from 1) is player P of team N's own button, where the format
    gives players their own (FormatSpec.player_buzzers); the team and the player must be in the show."""
    players: dict[str, Call] = {}
    for key_node, _ in node.value if isinstance(node, MappingNode) else ():
        call = player_buzzer(str(key_node.value))
        if call is not None:
            players[str(key_node.value)] = call
    result = {}
    for action, keys_node in reader.mapping(node, [*ACTIONS, *players], what="keys").items():
        call = players.get(action)
        if call is not None:
            team, player = (int(arg or 0) for arg in call.args)  # player_buzzer's: two whole numbers
            if not per_player:
                reader.error(keys_node, f"'{action}': this format gives a button per team, not per player "
                                        f"(use buzz{team + 1})")
            elif not 0 <= team < len(teams):
                reader.error(keys_node, f"'{action}': the show has no team {team + 1} (1 to {len(teams)})")
            elif not 0 <= player < len(teams[team].players):
                reader.error(keys_node, f"'{action}': team {team + 1} has no player {player + 1} "
                                        f"(1 to {len(teams[team].players)})")
        names = reader.text_list(keys_node, f"keys of {action}")
        bad = unknown_key_names(names)
        if bad:
            reader.error(keys_node, f"unknown key name(s) {', '.join(bad)} for '{action}'")
        result[action] = names
    return result
