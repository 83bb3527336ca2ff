"""The season file (docs/season.md): its title, its evenings (a show file, or exported results), the rule and
the names teams go by; every problem at its FILE:LINE.

    season: "Клубный сезон 2025/26"
    evenings:
      - {results: evening-1.csv, title: "Сентябрь"}
      - {show: october.yaml}
    rule: {count: places, points: [12, 10, 8, 7, 6, 5, 4, 3, 2, 1], best: 2, ties: [wins, best_evening]}
    teams: {"Совы": ["Сова", "Совы (Москва)"]}
"""

from __future__ import annotations

import re
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode

from quizshow.i18n import Words
from quizshow.resources import themes_dir
from quizshow.season.model import COUNTS, SHARED, TIES, EveningSource, Rule, Season
from quizshow.season.words import season_words
from quizshow.yamlfile import MAX_NAME, FileReader, Problems, line_of, read_bounded

KEYS = ["season", "language", "theme", "evenings", "rule", "teams"]
EVENING_KEYS = ["show", "journal", "results", "title"]
RULE_KEYS = ["count", "points", "shared", "best", "ties"]
MAX_EVENINGS = 100  # a weekly club plays fifty a year
MAX_POINTS_TABLE = 200
MAX_PLACE_POINTS = 1_000_000
SEASON_KEY = re.compile(r"^season\s*:", re.MULTILINE)


def looks_like_season(path: Path) -> bool:
    """A YAML file with a top-level `season:` key (a show has `format:`, a tournament `regulation:`)."""
    if path.suffix.lower() not in (".yaml", ".yml") or not path.is_file():
        return False
    try:
        return bool(SEASON_KEY.search(read_bounded(path)))
    except (OSError, UnicodeDecodeError):
        return False


def load_season(path: Path, problems: Problems) -> Season | None:
    """The season, or None when it has errors (each at its line in `problems`)."""
    reader = FileReader(path, problems)
    before = len(problems.errors)
    root = reader.load()
    if root is None:
        return None
    keys = reader.mapping(root, KEYS, required=("season", "evenings"), what="the season")
    title = reader.text(keys.get("season"), "season", MAX_NAME) or ""
    language = reader.text(keys.get("language"), "language", 8) or "ru"
    if language not in ("ru", "en"):
        reader.error(keys["language"], f"language must be ru or en (found {language!r})")
    words = season_words(language)  # the season's words, built once here: everything it shows reads them
    theme = _theme(reader, keys.get("theme"))
    evenings = _evenings(reader, keys.get("evenings"), words)
    rule = _rule(reader, keys.get("rule"))
    aliases = _aliases(reader, keys.get("teams"))
    if rule.best is not None and rule.best > len(evenings) and "rule" in keys:
        reader.warn(keys["rule"], f"best {rule.best} of {len(evenings)} evenings: every evening counts")
    if len(problems.errors) > before:
        return None
    return Season(path.resolve(), title, words, theme, tuple(evenings), rule, aliases)


def _theme(reader: FileReader, node: Node | None) -> Path:
    """A bundled theme by name (`broadcast`), or a theme folder by its path from the season file."""
    name = reader.text(node, "theme", MAX_NAME)
    if name is None or node is None:
        return themes_dir() / "broadcast"
    folder = (reader.path.parent / name).resolve() if "/" in name or "\\" in name else themes_dir() / name
    if not (folder / "theme.yaml").is_file():
        reader.error(node, f"theme '{name}' not found (a bundled theme's name, or a folder holding theme.yaml)")
    return folder


def _evenings(reader: FileReader, node: Node | None, words: Words) -> list[EveningSource]:
    items = reader.sequence(node, "evenings")
    if node is not None and not items and isinstance(node.value, list):
        reader.error(node, "a season needs one evening at least")
    if len(items) > MAX_EVENINGS:
        reader.error(items[MAX_EVENINGS], f"at most {MAX_EVENINGS} evenings in a season")
        items = items[:MAX_EVENINGS]
    found = []
    for i, item in enumerate(items, start=1):
        keys: dict[str, Node]
        if isinstance(item, ScalarNode):  # a bare file name: a show, or results by its suffix
            name = reader.text(item, "evening", MAX_NAME)
            if name is None:
                continue
            keys = {"results" if name.lower().endswith(".csv") else "show": item}
        else:
            keys = reader.mapping(item, EVENING_KEYS, what=f"evening {i}")
        show, results = keys.get("show"), keys.get("results")
        if (show is None) == (results is None):
            reader.error(item, f"evening {i} names a show file or exported results (a .csv), one of them")
            continue
        if results is not None and keys.get("journal") is not None:
            reader.error(keys["journal"], "a journal goes with a show file, not with exported results")
        label = reader.text(keys.get("title"), "title", MAX_NAME) or words.say("season.evening", n=i)
        found.append(EveningSource(label, line_of(item), _file(reader, show, (".yaml", ".yml"), "show"),
                                   _file(reader, keys.get("journal"), (".jsonl",), "journal", must_exist=False),
                                   _file(reader, results, (".csv",), "results")))
    return found


def _file(reader: FileReader, node: Node | None, suffixes: tuple[str, ...], what: str,
          must_exist: bool = True) -> Path | None:
    """A file the season names, relative to the season file."""
    name = reader.text(node, what, 1000)
    if name is None or node is None:
        return None
    path = (reader.path.parent / name).resolve()
    if path.suffix.lower() not in suffixes:
        reader.error(node, f"{what} '{name}' must end in {' or '.join(suffixes)}")
    elif must_exist and not path.is_file():
        reader.error(node, f"{what} '{name}' not found")
    return path


def _rule(reader: FileReader, node: Node | None) -> Rule:
    if node is None:
        return Rule()
    if isinstance(node, ScalarNode):
        name = reader.text(node, "rule", 20)
        if name != "sum":
            reader.error(node, f"rule must be sum or a mapping of {', '.join(RULE_KEYS)} (found {name!r})")
        return Rule()
    keys = reader.mapping(node, RULE_KEYS, what="the rule")
    count = _choice(reader, keys.get("count"), "count", COUNTS) or "score"
    shared = _choice(reader, keys.get("shared"), "shared", SHARED) or "average"
    points: list[float] = []
    for item in reader.sequence(keys.get("points"), "points")[:MAX_POINTS_TABLE + 1]:
        value = reader.number(item, "a place's points", 0, MAX_PLACE_POINTS)
        if value is not None:
            points.append(value)
    if len(points) > MAX_POINTS_TABLE:
        reader.error(keys["points"], f"points: at most {MAX_POINTS_TABLE} places")
    if count == "places" and "points" not in keys:
        reader.error(node, "count: places needs its table: points: [10, 8, 6, …] (1st, 2nd, 3rd …)")
    if count == "score" and "points" in keys:
        reader.error(keys["points"], "points go with count: places (with count: score each evening's score counts)")
    if any(later > earlier for earlier, later in zip(points, points[1:], strict=False)):
        reader.error(keys["points"], "points must not grow down the table (1st gets the most)")
    best = reader.integer(keys.get("best"), "best", 1, MAX_EVENINGS)
    ties: list[str] = []
    for item in reader.sequence(keys.get("ties"), "ties"):
        name = _choice(reader, item, "a tie criterion", TIES)
        if name is not None and name in ties:
            reader.error(item, f"tie criterion {name} is given twice")
        elif name is not None:
            ties.append(name)
    return Rule(count, tuple(points), shared, best, tuple(ties) if "ties" in keys else Rule().ties)


def _choice(reader: FileReader, node: Node | None, what: str, choices: tuple[str, ...]) -> str | None:
    value = reader.text(node, what, 40)
    if value is not None and node is not None and value not in choices:
        reader.error(node, f"{what} must be one of {', '.join(choices)} (found {value!r})")
        return None
    return value


def _aliases(reader: FileReader, node: Node | None) -> tuple[tuple[str, str], ...]:
    """`teams: {Совы: [Сова, "Совы (Москва)"]}`: other names an evening gives a team, read as its season name."""
    found: dict[str, str] = {}
    if node is None:
        return ()
    if not isinstance(node, MappingNode):
        reader.error(node, "teams must map a team's name to the other names it goes by")
        return ()
    for key_node, value_node in node.value:
        name = reader.text(key_node, "a team's name", MAX_NAME)
        if name is None:
            continue
        for other_node in reader.sequence(value_node, f"other names of {name}"):
            other = reader.text(other_node, "another name", MAX_NAME)
            if other is None:
                continue
            if other in found and found[other] != name:
                reader.error(other_node, f"'{other}' is another name of both '{found[other]}' and '{name}'")
            found[other] = name
    return tuple(found.items())
